//! Bitbase knowledge as a search score: what an engine calls when a position reaches KPK.
//!
//! A win or draw alone does not make progress (the seed's warning): a search that sees every
//! won position scored alike can shuffle forever. [`evaluate_kpk`] places a win in the
//! known-win band of [`kpk_score`], below its top by the distance from the root and by how far
//! the pawn still has to go, so the search prefers wins that come sooner and pawns that are
//! further up; draws score zero.

use kpk_score::Score;

use crate::{Color, KpkPosition, Wdl};

/// The bitbase verdict of a KPK position at `ply` plies from the root, as a score for the side
/// to move: a known win (or loss) counted from the root, or a draw (zero).
///
/// The win is placed `ply` plus the pawn's distance from promotion below the top of the
/// known-win band ([`Score::known_win_in`]).
///
/// ```
/// use kpk::{Color, KpkPosition, KpkSetup, Square, eval::evaluate_kpk};
/// use kpk_score::Score;
///
/// let setup = KpkSetup {
///     strong_side: Color::White,
///     strong_king: Square::E6,
///     pawn: Square::E5,
///     weak_king: Square::E8,
///     side_to_move: Color::White,
/// };
/// assert!(evaluate_kpk(&KpkPosition::new(setup).unwrap(), 3).is_known_win());
/// let rook_pawn = KpkSetup {
///     strong_king: Square::A6,
///     pawn: Square::A5,
///     weak_king: Square::A8,
///     ..setup
/// };
/// assert_eq!(evaluate_kpk(&KpkPosition::new(rook_pawn).unwrap(), 3), Score::ZERO);
/// ```
#[must_use]
pub fn evaluate_kpk(pos: &KpkPosition, ply: u32) -> Score {
    let rank = u32::from(pos.pawn().rank().index());
    let to_go = match pos.strong_side() {
        Color::White => 7 - rank,
        Color::Black => rank,
    };
    let plies = ply.saturating_add(to_go);
    match pos.probe() {
        Wdl::Win => Score::known_win_in(plies),
        Wdl::Loss => Score::known_loss_in(plies),
        Wdl::Draw => Score::ZERO,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::random::{XorShift, random_position};

    #[test]
    fn scores_follow_the_bitbase_and_stay_in_their_bands() {
        let mut rng = XorShift::new(11);
        for _ in 0..10_000 {
            let pos = random_position(&mut rng);
            for ply in [0, 9, 255, u32::MAX] {
                let s = evaluate_kpk(&pos, ply);
                match pos.probe() {
                    Wdl::Win => assert!(s.is_known_win() && !s.is_mate()),
                    Wdl::Loss => assert!(s.is_known_loss()),
                    Wdl::Draw => assert_eq!(s, Score::ZERO),
                }
            }
        }
    }
}
