//! The sound combined recognizer: the rules that make no error, looked at a few plies ahead.

use super::drawn::*;
use super::frame::{Frame, Race};
use super::races::*;
use super::routes::*;
use super::won::*;
use super::{Claim, RULES, Rule};
use crate::{Endgame, KpkPosition, Role, Wdl};

/// The plies [`recognize`] looks ahead.
pub const RECOGNIZER_DEPTH: u32 = 1;

/// Whether no other rule corrects this one (so it makes no error; tested exhaustively).
const fn is_sound(rule: &Rule) -> bool {
    let mut i = 0;
    while i < RULES.len() {
        if let Some(id) = RULES[i].corrects
            && eq(id, rule.id)
        {
            return false;
        }
        i += 1;
    }
    true
}

const fn eq(a: &str, b: &str) -> bool {
    let (a, b) = (a.as_bytes(), b.as_bytes());
    if a.len() != b.len() {
        return false;
    }
    let mut i = 0;
    while i < a.len() {
        if a[i] != b[i] {
            return false;
        }
        i += 1;
    }
    true
}

/// The sound rules, in the order of [`RULES`], chosen at compile time.
const SOUND: [&Rule; sound_count()] = {
    let mut out: [&Rule; sound_count()] = [&RULES[0]; sound_count()];
    let (mut i, mut n) = (0, 0);
    while i < RULES.len() {
        if is_sound(&RULES[i]) {
            out[n] = &RULES[i];
            n += 1;
        }
        i += 1;
    }
    out
};

const fn sound_count() -> usize {
    let (mut i, mut n) = (0, 0);
    while i < RULES.len() {
        if is_sound(&RULES[i]) {
            n += 1;
        }
        i += 1;
    }
    n
}

/// Lists the sound rules in the order they are checked when only the verdict matters (inside a
/// proof search): their ids as [`BY_FIRES`], and [`sound_verdict_in`], which calls each rule's
/// test directly (no call through a pointer per rule: a position no rule decides asks them all).
macro_rules! by_fires {
    ($($id:ident / $holds:ident),* $(,)?) => {
        #[cfg(test)]
        const BY_FIRES: [(&str, super::Holds); [$(stringify!($id)),*].len()] =
            [$((stringify!($id), $holds)),*];

        /// Whether a sound rule decides a position already framed, and its verdict: the same
        /// verdict as [`sound_claim_in`] (the sound rules never contradict each other), found
        /// sooner.
        pub(crate) fn sound_verdict_in(x: &Frame, race: &Race) -> Option<Wdl> {
            $(
                if $holds(x, race) {
                    return Some(const { claim_of(stringify!($id)) }.for_side_to_move(x));
                }
            )*
            None
        }
    };
}

/// The claim of the rule `id` (a compile-time error for an unknown id).
const fn claim_of(id: &str) -> Claim {
    let mut i = 0;
    while !eq(RULES[i].id, id) {
        i += 1; // past the end of RULES: a compile-time error
    }
    RULES[i].claim
}

// The sound rules by how often they fire over every legal position (`kpk rules`), most often
// first: the first rule that fires ends the check, so the frequent ones go first. A test checks
// that every sound rule is here once, with its own test.
by_fires! {
    rule_of_the_square / rule_of_the_square_holds,
    far_outside_the_square / far_outside_the_square_holds,
    defender_left_behind / defender_left_behind_holds,
    first_to_a_key_square / first_to_a_key_square_holds,
    king_at_the_promotion_square_first / king_at_the_promotion_square_first_holds,
    defender_too_late_for_the_path / defender_too_late_for_the_path_holds,
    pawn_lost_in_the_race / pawn_lost_in_the_race_holds,
    king_on_the_key_squares_long_before / king_on_the_key_squares_long_before_holds,
    defender_first_to_the_key_squares / defender_first_to_the_key_squares_holds,
    defender_holds_the_key_squares_in_time / defender_holds_the_key_squares_in_time_holds,
    pawn_lost_inside_the_square / pawn_lost_inside_the_square_holds,
    defender_guards_the_key_squares_first / defender_guards_the_key_squares_first_holds,
    king_on_the_key_squares_defender_far / king_on_the_key_squares_defender_far_holds,
    pawn_lost_to_a_defender_in_front / pawn_lost_to_a_defender_in_front_holds,
    defender_on_a_key_square_king_far / defender_on_a_key_square_king_far_holds,
    rook_pawn_race_to_the_corner / rook_pawn_race_to_the_corner_holds,
    capturable_pawn / capturable_pawn_holds,
    from_in_front_to_the_key_squares_first / from_in_front_to_the_key_squares_first_holds,
    key_squares_occupied / key_squares_occupied_holds,
    defender_at_the_promotion_square / defender_at_the_promotion_square_holds,
    deep_inside_the_square_pawn_alone / deep_inside_the_square_pawn_alone_holds,
    defender_ahead_king_behind / defender_ahead_king_behind_holds,
    defender_much_nearer_the_promotion_square / defender_much_nearer_the_promotion_square_holds,
    guards_front_squares / guards_front_squares_holds,
    king_beyond_a_defender_in_front / king_beyond_a_defender_in_front_holds,
    defender_on_the_path_king_beyond / defender_on_the_path_king_beyond_holds,
    rook_pawn_corner / rook_pawn_corner_holds,
    king_in_front_of_pawn / king_in_front_of_pawn_holds,
    corresponding_squares / corresponding_squares_holds,
    defender_has_the_opposition / defender_has_the_opposition_holds,
    rook_pawn_king_shut_in / rook_pawn_king_shut_in_holds,
    blockade_king_diagonally_behind / blockade_king_diagonally_behind_holds,
    pawn_check_from_opposition / pawn_check_from_opposition_holds,
    opposition_pawn_beside / opposition_pawn_beside_holds,
    blockade_king_behind / blockade_king_behind_holds,
    stalemate / stalemate_holds,
    king_between_the_pawn_and_a_distant_defender / king_between_the_pawn_and_a_distant_defender_holds,
    // the rules that route a king round the other, dearer than the races above
    king_to_a_key_square_before_the_defender_to_the_path / king_to_a_key_square_before_the_defender_to_the_path_holds,
    pawn_lost_round_the_king / pawn_lost_round_the_king_holds,
    king_far_to_the_side_defender_in_front / king_far_to_the_side_defender_in_front_holds,
    king_far_from_the_front_pawn_lost / king_far_from_the_front_pawn_lost_holds,
    defender_on_the_path_first_to_the_stop_square / defender_on_the_path_first_to_the_stop_square_holds,
    rook_pawn_defender_above_first_to_the_key_squares / rook_pawn_defender_above_first_to_the_key_squares_holds,
    king_behind_the_pawn_defender_on_the_path / king_behind_the_pawn_defender_on_the_path_holds,
    deep_inside_the_square_first_to_the_stop_square / deep_inside_the_square_first_to_the_stop_square_holds,
    king_far_beyond_the_pawn / king_far_beyond_the_pawn_holds,
    king_close_and_first_to_the_key_squares / king_close_and_first_to_the_key_squares_holds,
    king_to_the_key_squares_long_before_the_defender_to_the_pawn / king_to_the_key_squares_long_before_the_defender_to_the_pawn_holds,
    defender_outside_the_square_round_the_king / defender_outside_the_square_round_the_king_holds,
    king_first_to_the_key_and_promotion_squares / king_first_to_the_key_and_promotion_squares_holds,
    king_in_front_before_a_distant_defender_at_the_pawn / king_in_front_before_a_distant_defender_at_the_pawn_holds,
    king_far_from_the_pawn_defender_at_the_stop_square / king_far_from_the_pawn_defender_at_the_stop_square_holds,
    defender_near_the_pawn_king_too_slow / defender_near_the_pawn_king_too_slow_holds,
    king_below_the_pawn_defender_deep_in_the_square_on_the_path / king_below_the_pawn_defender_deep_in_the_square_on_the_path_holds,
    king_nearer_the_pawn_and_first_to_the_key_squares / king_nearer_the_pawn_and_first_to_the_key_squares_holds,
    defender_barred_from_the_path / defender_barred_from_the_path_holds,
    pawn_near_promotion_king_first / pawn_near_promotion_king_first_holds,
    king_first_to_the_next_key_squares / king_first_to_the_next_key_squares_holds,
    rook_pawn_defender_first_to_the_bishop_file / rook_pawn_defender_first_to_the_bishop_file_holds,
    king_above_the_pawn_first_to_the_next_key_squares / king_above_the_pawn_first_to_the_next_key_squares_holds,
    king_behind_the_pawn_defender_first_to_the_next_key_squares / king_behind_the_pawn_defender_first_to_the_next_key_squares_holds,
    king_in_front_first_defender_two_files_beyond / king_in_front_first_defender_two_files_beyond_holds,
}

/// [`BY_FIRES`] as rules.
#[cfg(test)]
const SOUND_BY_FIRES: [&Rule; BY_FIRES.len()] = {
    let mut out: [&Rule; BY_FIRES.len()] = [&RULES[0]; BY_FIRES.len()];
    let mut n = 0;
    while n < BY_FIRES.len() {
        let mut i = 0;
        while !eq(RULES[i].id, BY_FIRES[n].0) {
            i += 1; // past the end of RULES: a compile-time error for an unknown id
        }
        out[n] = &RULES[i];
        n += 1;
    }
    out
};

/// The first sound rule that fires, with its claim.
pub(crate) fn sound_claim(pos: &KpkPosition) -> Option<(&'static Rule, Wdl)> {
    let x = Frame::of(pos);
    sound_claim_in(&x, &Race::of(&x))
}

/// [`sound_claim`] for a position already framed.
pub(crate) fn sound_claim_in(x: &Frame, race: &Race) -> Option<(&'static Rule, Wdl)> {
    SOUND.iter().find_map(|&rule| rule.claim_in(x, race).map(|w| (rule, w)))
}

/// The first claim of a sound rule.
fn static_claim(pos: &KpkPosition) -> Option<Wdl> {
    sound_claim(pos).map(|(_, w)| w)
}

/// The exact verdict of a position without a pawn, for the side to move, from rules: with a
/// queen or a rook the strong side wins unless it is the defender's move and he takes the piece
/// at once or is stalemated (KQK and KRK are otherwise always won); a bishop, a knight or bare
/// kings draw.
pub(crate) fn pawnless(pos: &Endgame) -> Wdl {
    match pos.extra() {
        Some((Role::Queen | Role::Rook, piece)) => {
            let moves = pos.legal_moves();
            if pos.strong_to_move() {
                Wdl::Win
            } else if moves.is_empty() {
                if pos.is_check() { Wdl::Loss } else { Wdl::Draw }
            } else if moves.iter().any(|m| m.to == piece) {
                Wdl::Draw
            } else {
                Wdl::Loss
            }
        }
        _ => Wdl::Draw,
    }
}

/// [`recognize`] for any position of at most three men: KPK by the rules, and the positions a
/// KPK move leads to without a pawn (a promotion, a capture) exactly, by the rule that a queen
/// or rook wins unless it falls at once or stalemates.
///
/// ```
/// use kpk::{Color, Endgame, EndgameSetup, Role, Square, Wdl, rules};
/// let queen = Endgame::new(EndgameSetup {
///     strong_side: Color::White,
///     strong_king: Square::A1,
///     extra: Some((Role::Queen, Square::E8)),
///     weak_king: Square::D7,
///     side_to_move: Color::Black,
/// })
/// .unwrap();
/// assert_eq!(rules::recognize_endgame(&queen), Some(Wdl::Draw)); // Kxe8
/// ```
#[must_use]
pub fn recognize_endgame(pos: &Endgame) -> Option<Wdl> {
    match pos.as_kpk() {
        Some(kpk) => recognize(&kpk),
        None => Some(pawnless(pos)),
    }
}

/// Negamax over the claims: `None` where the rules decide nothing within `depth` plies.
fn search(pos: &Endgame, depth: u32) -> Option<Wdl> {
    let Some(kpk) = pos.as_kpk() else { return Some(pawnless(pos)) };
    if let Some(claim) = static_claim(&kpk) {
        return Some(claim);
    }
    lookahead(pos, depth)
}

/// The moves of a position no static rule decides, searched `depth` plies deep.
pub(crate) fn lookahead(pos: &Endgame, depth: u32) -> Option<Wdl> {
    if depth == 0 {
        return None;
    }
    let moves = pos.legal_moves();
    if moves.is_empty() {
        return Some(if pos.is_check() { Wdl::Loss } else { Wdl::Draw });
    }
    let mut best = Some(Wdl::Loss);
    for &m in &moves {
        match search(&pos.play_unchecked(m), depth - 1).map(|w| -w) {
            Some(Wdl::Win) => return Some(Wdl::Win),
            Some(w) => best = best.map(|b| b.max(w)),
            // an unknown reply could still be a win: a draw or a loss is only certain when
            // every reply is known
            None => best = None,
        }
    }
    best
}

/// The sound combined recognizer, for the interior nodes of a search without a bitbase: every
/// rule of this module that makes no error, and where none fires, the same rules one ply ahead
/// ([`RECOGNIZER_DEPTH`]), with the promotion judged exactly (a queen or rook that is neither
/// taken at once nor stalemating wins).
///
/// It never errs (asserted over every legal position); where it is unsure it answers `None`.
///
/// ```
/// use kpk::{Color, KpkPosition, KpkSetup, Square, Wdl, rules};
/// let pos = KpkPosition::new(KpkSetup {
///     strong_side: Color::White,
///     strong_king: Square::E6,
///     pawn: Square::E5,
///     weak_king: Square::E8,
///     side_to_move: Color::Black,
/// })
/// .unwrap();
/// assert_eq!(rules::recognize(&pos), Some(Wdl::Loss));
/// ```
#[must_use]
pub fn recognize(pos: &KpkPosition) -> Option<Wdl> {
    recognize_with_depth(pos, RECOGNIZER_DEPTH)
}

/// [`recognize`] with a lookahead of `depth` plies (0: the static rules only). Each ply costs
/// more than the one before (every legal move of every position looked at).
#[must_use]
pub fn recognize_with_depth(pos: &KpkPosition, depth: u32) -> Option<Wdl> {
    if let Some(claim) = static_claim(pos) {
        return Some(claim);
    }
    search(&Endgame::from(*pos), depth)
}

#[cfg(test)]
mod tests {
    use super::super::frame::{Frame, Race};
    use super::{BY_FIRES, SOUND, SOUND_BY_FIRES, sound_claim_in, sound_verdict_in};
    use crate::KpkPosition;

    #[test]
    fn the_order_by_fires_holds_every_sound_rule_once() {
        assert_eq!(SOUND.len(), SOUND_BY_FIRES.len());
        for rule in SOUND {
            let n = SOUND_BY_FIRES.iter().filter(|r| r.id == rule.id).count();
            assert_eq!(n, 1, "{}", rule.id);
        }
    }

    #[test]
    fn the_order_by_fires_calls_each_rule_by_its_own_test_and_claim() {
        for pos in KpkPosition::all() {
            let x = Frame::of(&pos);
            let race = Race::of(&x);
            for ((id, holds), rule) in BY_FIRES.iter().zip(SOUND_BY_FIRES) {
                assert_eq!(holds(&x, &race), (rule.holds)(&x, &race), "{id} on {pos:?}");
            }
            let verdict = sound_claim_in(&x, &race).map(|(_, w)| w);
            assert_eq!(sound_verdict_in(&x, &race), verdict, "{pos:?}");
        }
    }
}
