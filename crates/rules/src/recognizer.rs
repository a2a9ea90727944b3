//! The sound combined recognizer: the rules that make no error, looked at a few plies ahead.

use crate::frame::{Frame, Race};
use crate::rule::{Claim, Family, Rule};
use kpk::{Endgame, KpkPosition, Role, Wdl};

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

/// When [`sound_verdict_in`] tests a rule: never for an unsound one (`u8::MAX`); else the won rules without
/// routes first (they decide most positions, in their list order), then the drawn ones, then
/// the rules that race along routes round the other king (a flood fill, dearer than the rest).
const fn tier(rule: &Rule) -> u8 {
    if !is_sound(rule) {
        u8::MAX
    } else if matches!(rule.family, Family::Route) {
        2
    } else if matches!(rule.claim, Claim::Win) {
        0
    } else {
        1
    }
}

/// The one list of the rules, in the order the recognizer checks them: it gives [`RULES`],
/// [`sound_claim_in`] (the first sound rule that fires, in that order, names a position) and
/// [`sound_verdict_in`] (the verdict alone, inside every proof: the same rules, cheapest and most
/// often decisive first by their [`tier`], since any sound rule that fires gives the same verdict). Each rule is tested by a
/// direct call, not through a pointer: a position no rule decides asks them all.
macro_rules! in_order {
    ($($rule:ident),* $(,)?) => {
        /// Every rule, in the order the recognizer checks them: the first sound rule that fires
        /// names the position (drawn rules first, the literature's before those found by
        /// search, a literal rule before its correction).
        pub const RULES: &[Rule] = &[$(Rule::$rule),*];

        /// The first sound rule that fires on a position already framed, with its claim.
        pub(crate) fn sound_claim_in(x: &Frame, race: &Race) -> Option<(&'static Rule, Wdl)> {
            $(
                if const { is_sound(&Rule::$rule) } && (Rule::$rule.holds)(x, race) {
                    return Some((&Rule::$rule, Rule::$rule.claim.for_side_to_move(x)));
                }
            )*
            None
        }

        /// The verdict of [`sound_claim_in`] (the sound rules never contradict each other),
        /// found sooner: the rules in the order of their [`tier`].
        pub(crate) fn sound_verdict_in(x: &Frame, race: &Race) -> Option<Wdl> {
            $(
                if const { tier(&Rule::$rule) == 0 } && (Rule::$rule.holds)(x, race) {
                    return Some(Rule::$rule.claim.for_side_to_move(x));
                }
            )*
            $(
                if const { tier(&Rule::$rule) == 1 } && (Rule::$rule.holds)(x, race) {
                    return Some(Rule::$rule.claim.for_side_to_move(x));
                }
            )*
            $(
                if const { tier(&Rule::$rule) == 2 } && (Rule::$rule.holds)(x, race) {
                    return Some(Rule::$rule.claim.for_side_to_move(x));
                }
            )*
            None
        }
    };
}

in_order! {
    CAPTURABLE_PAWN,
    STALEMATE,
    BLOCKADE_KING_BEHIND,
    BLOCKADE_KING_DIAGONALLY_BEHIND,
    OPPOSITION_PAWN_BESIDE_LITERAL,
    OPPOSITION_PAWN_BESIDE,
    PAWN_CHECK_FROM_OPPOSITION,
    CORRESPONDING_SQUARES_LITERAL,
    CORRESPONDING_SQUARES,
    DEFENDER_HAS_THE_OPPOSITION,
    ROOK_PAWN_CORNER,
    ROOK_PAWN_KING_SHUT_IN,
    ROOK_PAWN_RACE_TO_THE_CORNER,
    PAWN_LOST_IN_THE_RACE,
    DEFENDER_GUARDS_THE_KEY_SQUARES_FIRST,
    DEFENDER_FIRST_TO_THE_KEY_SQUARES,
    DEFENDER_ON_THE_PATH_KING_BEYOND,
    DEFENDER_ON_A_KEY_SQUARE_KING_FAR,
    DEEP_INSIDE_THE_SQUARE_PAWN_ALONE,
    DEFENDER_AT_THE_PROMOTION_SQUARE,
    DEFENDER_AHEAD_KING_BEHIND,
    DEFENDER_MUCH_NEARER_THE_PROMOTION_SQUARE,
    PAWN_LOST_INSIDE_THE_SQUARE,
    PAWN_LOST_TO_A_DEFENDER_IN_FRONT,
    KING_BEYOND_A_DEFENDER_IN_FRONT,
    DEFENDER_HOLDS_THE_KEY_SQUARES_IN_TIME,
    FROM_IN_FRONT_TO_THE_KEY_SQUARES_FIRST,
    PAWN_LOST_ROUND_THE_KING,
    KING_FAR_TO_THE_SIDE_DEFENDER_IN_FRONT,
    DEFENDER_ON_THE_PATH_FIRST_TO_THE_STOP_SQUARE,
    KING_BEHIND_THE_PAWN_DEFENDER_ON_THE_PATH,
    DEEP_INSIDE_THE_SQUARE_FIRST_TO_THE_STOP_SQUARE,
    KING_FAR_FROM_THE_FRONT_PAWN_LOST,
    KING_FAR_BEYOND_THE_PAWN,
    ROOK_PAWN_DEFENDER_ABOVE_FIRST_TO_THE_KEY_SQUARES,
    KING_FAR_FROM_THE_PAWN_DEFENDER_AT_THE_STOP_SQUARE,
    DEFENDER_NEAR_THE_PAWN_KING_TOO_SLOW,
    KING_BELOW_THE_PAWN_DEFENDER_DEEP_IN_THE_SQUARE_ON_THE_PATH,
    ROOK_PAWN_DEFENDER_FIRST_TO_THE_BISHOP_FILE,
    KING_BEHIND_THE_PAWN_DEFENDER_FIRST_TO_THE_NEXT_KEY_SQUARES,
    GUARDS_FRONT_SQUARES_LITERAL,
    GUARDS_FRONT_SQUARES,
    RULE_OF_THE_SQUARE_LITERAL,
    RULE_OF_THE_SQUARE,
    KEY_SQUARES_OCCUPIED,
    KING_IN_FRONT_OF_PAWN,
    FIRST_TO_A_KEY_SQUARE,
    DEFENDER_LEFT_BEHIND,
    FAR_OUTSIDE_THE_SQUARE,
    DEFENDER_TOO_LATE_FOR_THE_PATH,
    KING_ON_THE_KEY_SQUARES_LONG_BEFORE,
    KING_AT_THE_PROMOTION_SQUARE_FIRST,
    KING_ON_THE_KEY_SQUARES_DEFENDER_FAR,
    KING_TO_A_KEY_SQUARE_BEFORE_THE_DEFENDER_TO_THE_PATH,
    KING_BETWEEN_THE_PAWN_AND_A_DISTANT_DEFENDER,
    KING_CLOSE_AND_FIRST_TO_THE_KEY_SQUARES,
    KING_TO_THE_KEY_SQUARES_LONG_BEFORE_THE_DEFENDER_TO_THE_PAWN,
    DEFENDER_OUTSIDE_THE_SQUARE_ROUND_THE_KING,
    KING_FIRST_TO_THE_KEY_AND_PROMOTION_SQUARES,
    KING_IN_FRONT_BEFORE_A_DISTANT_DEFENDER_AT_THE_PAWN,
    KING_NEARER_THE_PAWN_AND_FIRST_TO_THE_KEY_SQUARES,
    DEFENDER_BARRED_FROM_THE_PATH,
    PAWN_NEAR_PROMOTION_KING_FIRST,
    KING_ABOVE_THE_PAWN_FIRST_TO_THE_NEXT_KEY_SQUARES,
    KING_FIRST_TO_THE_NEXT_KEY_SQUARES,
    KING_IN_FRONT_FIRST_DEFENDER_TWO_FILES_BEYOND,
}

/// The first sound rule that fires, with its claim.
pub(crate) fn sound_claim(pos: &KpkPosition) -> Option<(&'static Rule, Wdl)> {
    let x = Frame::of(pos);
    sound_claim_in(&x, &Race::of(&x))
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
/// use kpk::{Color, Endgame, EndgameSetup, Role, Square, Wdl};
/// use kpk_rules as rules;
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
/// use kpk::{Color, KpkPosition, KpkSetup, Square, Wdl};
/// use kpk_rules as rules;
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
    use super::{RULES, is_sound, sound_claim_in, sound_verdict_in};
    use kpk::KpkPosition;

    #[test]
    fn the_first_sound_rule_in_order_names_the_position_and_any_gives_its_verdict() {
        let sound: alloc::vec::Vec<_> = RULES.iter().filter(|r| is_sound(r)).collect();
        for pos in KpkPosition::all().step_by(if cfg!(debug_assertions) { 13 } else { 1 }) {
            let x = Frame::of(&pos);
            let race = Race::of(&x);
            let first = sound.iter().find_map(|r| r.claim_in(&x, &race).map(|w| (r.id, w)));
            assert_eq!(sound_claim_in(&x, &race).map(|(r, w)| (r.id, w)), first, "{pos:?}");
            assert_eq!(sound_verdict_in(&x, &race), first.map(|(_, w)| w), "{pos:?}");
        }
    }
}
