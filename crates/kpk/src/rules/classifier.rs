//! A classifier that answers every KPK position from chess rules alone: the sound rules, the
//! same rules one ply ahead, and where they say nothing a named race heuristic. No table and
//! no search deeper than one ply. Its agreement with the bitbase is measured over every legal
//! position (`tests/rules.rs`); the heuristic's share is where the remaining disagreements are.

use super::Rule;
use super::frame::Frame;
use super::recognizer::{RECOGNIZER_DEPTH, lookahead, sound_claim};
use super::won::key_squares;
use crate::{KpkPosition, Wdl};

/// What a classification rests on.
#[derive(Clone, Copy, Debug)]
pub enum Basis {
    /// A rule that makes no error over any legal position decided it.
    Rule(&'static Rule),
    /// No rule fits the position, but every reply (or one move) leads to positions the rules
    /// decide: exact.
    Lookahead,
    /// A position without a pawn: a queen or a rook wins unless it falls at once or the
    /// defender is stalemated; a bishop, a knight or bare kings draw. Exact.
    Material,
    /// No rule decides it within one ply: the verdict is [`key_square_race_heuristic`]'s guess,
    /// which can be wrong.
    Heuristic,
}

impl Basis {
    /// Whether the verdict is certain (every basis but the heuristic).
    #[must_use]
    pub const fn is_certain(&self) -> bool {
        !matches!(self, Basis::Heuristic)
    }
}

/// A verdict for the side to move and what it rests on.
#[derive(Clone, Copy, Debug)]
pub struct Classification {
    /// Win, draw or loss for the side to move.
    pub wdl: Wdl,
    /// How it was decided.
    pub basis: Basis,
}

/// The last resort: the side with the pawn wins if its king reaches a key square of the pawn
/// (not a rook pawn) no later than the defending king, the side to move first; otherwise a draw.
/// Right on 65% of the positions the rules leave open; never used where a rule decides.
#[must_use]
pub fn key_square_race_heuristic(pos: &KpkPosition) -> Wdl {
    let x = Frame::of(pos);
    let king = key_squares(&x).map(|c| x.king.distance(c)).min();
    let defender = key_squares(&x).map(|c| x.defender.distance(c)).min();
    let wins = match (king, defender) {
        (Some(k), Some(d)) if !x.rook_pawn() => {
            let defender_first = x.defender_first();
            k - (1 - defender_first) <= d - defender_first
        }
        _ => false,
    };
    match (wins, x.strong_to_move) {
        (false, _) => Wdl::Draw,
        (true, true) => Wdl::Win,
        (true, false) => Wdl::Loss,
    }
}

/// [`classify`] for any position of at most three men: KPK by the rules, and positions without a
/// pawn (after a promotion or a capture) exactly, as in [`recognize_endgame`](super::recognize_endgame).
#[must_use]
pub fn classify_endgame(pos: &crate::Endgame) -> Classification {
    match pos.as_kpk() {
        Some(kpk) => classify(&kpk),
        None => Classification {
            wdl: super::recognize_endgame(pos).unwrap_or(Wdl::Draw),
            basis: Basis::Material,
        },
    }
}

/// Classifies any legal KPK position from chess rules: the first sound rule that fires, else the
/// rules one ply ahead ([`recognize`](super::recognize)), else [`key_square_race_heuristic`].
///
/// ```
/// use kpk::{Color, KpkPosition, KpkSetup, Square, Wdl, rules};
/// let pos = KpkPosition::new(KpkSetup {
///     strong_side: Color::White,
///     strong_king: Square::A6,
///     pawn: Square::A5,
///     weak_king: Square::A8,
///     side_to_move: Color::White,
/// })
/// .unwrap();
/// let c = rules::classify(&pos);
/// assert_eq!(c.wdl, Wdl::Draw);
/// assert!(matches!(c.basis, rules::Basis::Rule(r) if r.id == "rook_pawn_corner"));
/// ```
#[must_use]
pub fn classify(pos: &KpkPosition) -> Classification {
    if let Some((rule, wdl)) = sound_claim(pos) {
        return Classification { wdl, basis: Basis::Rule(rule) };
    }
    match lookahead(&crate::Endgame::from(*pos), RECOGNIZER_DEPTH) {
        Some(wdl) => Classification { wdl, basis: Basis::Lookahead },
        None => Classification { wdl: key_square_race_heuristic(pos), basis: Basis::Heuristic },
    }
}
