//! Game-tree search over chess positions that uses kpk endgame knowledge and kpk-score scores.
//!
//! This crate starts with the leaf of every search: [`evaluate_kpk`] turns the bitbase verdict
//! into a [`Score`] in the right band. Alpha-beta, the transposition table, PVS and MTD(f) come
//! next (see ARCHITECTURE.md).
//!
//! ```
//! use kpk::{Color, KpkPosition};
//! use kpk_score::Score;
//! use kpk_search::evaluate_kpk;
//!
//! let sq = |s: &str| s.parse().unwrap();
//! let won = KpkPosition::new(Color::White, sq("e6"), sq("e5"), sq("e8"), Color::White).unwrap();
//! assert!(evaluate_kpk(&won, 3).is_known_win());
//! let drawn = KpkPosition::new(Color::White, sq("a6"), sq("a5"), sq("a8"), Color::White).unwrap();
//! assert_eq!(evaluate_kpk(&drawn, 3), Score::ZERO);
//! ```
#![deny(missing_docs)]

use kpk::{KpkPosition, Wdl};
use kpk_score::Score;

/// The bitbase verdict of a KPK position at `ply` plies from the root, as a score for the side
/// to move: a known win (or loss) counted from the root, or a draw.
///
/// The win is placed `ply` plus the pawn's distance from promotion below the top of the
/// known-win band, so a search prefers wins that are closer and pawns that are further up.
#[must_use]
pub fn evaluate_kpk(pos: &KpkPosition, ply: u32) -> Score {
    let rank = u32::from(pos.pawn().rank().index());
    let to_go = match pos.strong_side() {
        kpk::Color::White => 7 - rank,
        kpk::Color::Black => rank,
    };
    match pos.probe() {
        Wdl::Win => Score::known_win_in(ply + to_go),
        Wdl::Loss => Score::known_loss_in(ply + to_go),
        Wdl::Draw => Score::ZERO,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use kpk::random::{XorShift, random_position};

    #[test]
    fn scores_follow_the_bitbase_and_stay_in_their_bands() {
        let mut rng = XorShift::new(11);
        for _ in 0..10_000 {
            let pos = random_position(&mut rng);
            let s = evaluate_kpk(&pos, 9);
            match pos.probe() {
                Wdl::Win => assert!(s.is_known_win() && !s.is_mate()),
                Wdl::Loss => assert!(s.is_known_loss()),
                Wdl::Draw => assert_eq!(s, Score::ZERO),
            }
        }
    }
}
