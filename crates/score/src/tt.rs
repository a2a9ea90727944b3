//! Storing proofs in a transposition table: re-rooting and the false-mate guard.
//!
//! A search counts mate distances from the root: a mate found 5 plies deep that ends 8 plies
//! from the root scores `MATE - 8`. The same position reached at another ply (or in the next
//! search) is a mate in 3 *from that node*, so the table stores `MATE - 3` ([`Score::to_tt`])
//! and a probe at ply `p` turns it back into `MATE - 3 - p` ([`Score::from_tt`]). Known wins are
//! re-rooted the same way; heuristic values and draws are stored as they are.
//!
//! | score at ply `p` | stored | read back at ply `q` |
//! |---|---|---|
//! | `MATE - d` | `MATE - (d - p)` | `MATE - (d - p) - q` |
//! | `MATED + d` | `MATED + (d - p)` | `MATED + (d - p) + q` |
//! | `KNOWN_WIN - d` | `KNOWN_WIN - (d - p)` | `KNOWN_WIN - (d - p) - q` |
//! | anything else | unchanged | unchanged |
//!
//! **The false-mate guard.** A stored mate in `n` plies is only real if the game can last `n`
//! more plies: with a halfmove clock of `h`, the 50-move rule ends it after `100 - h`. Engines
//! kept rediscovering the bug of trusting such entries (Stockfish issues 2370, 2451, 2533, 4413),
//! so [`Score::from_tt`] downgrades a mate or known win whose distance from the node exceeds
//! `100 - halfmove_clock` to the best non-proven value, [`Score::EVAL_MAX`] (and a loss to
//! [`Score::EVAL_MIN`]). A distance that the band cannot express from the probing ply is
//! downgraded the same way.
//!
//! ```
//! use kpk_score::Score;
//!
//! let found = Score::mate_in(8); // found 5 plies deep: the mate is 3 plies from that node
//! let stored = found.to_tt(5);
//! assert_eq!(stored, Score::mate_in(3));
//! assert_eq!(Score::from_tt(stored, 5, 0), found); // same node, same ply
//! assert_eq!(Score::from_tt(stored, 2, 0), Score::mate_in(5)); // reached 3 plies earlier
//! assert_eq!(Score::from_tt(stored, 2, 98), Score::EVAL_MAX); // 50-move rule comes first
//! ```

use crate::Score;
use crate::bands::{KNOWN_WIN, KNOWN_WIN_MIN, MATE, MATE_IN_MAX_PLY};

/// Moves allowed by the 50-move rule, in plies.
pub const FIFTY_MOVE_PLIES: u32 = 100;

impl Score {
    /// The value to store for a node `ply` plies from the root: proofs are re-rooted at the
    /// node, everything else is unchanged.
    ///
    /// A proof found at `ply` ends at least `ply` plies from the root; if it claims less (it
    /// cannot be a real search result) it is stored at the top of its band.
    ///
    /// ```
    /// use kpk_score::Score;
    /// assert_eq!(Score::mated_in(9).to_tt(4), Score::mated_in(5));
    /// assert_eq!(Score::eval(35).to_tt(4), Score::eval(35));
    /// ```
    #[must_use]
    pub const fn to_tt(self, ply: u32) -> Score {
        let p = ply_i32(ply);
        let v = self.0;
        if self.is_mate() {
            Score(min(v.saturating_add(p), MATE))
        } else if self.is_known_win() {
            Score(min(v.saturating_add(p), KNOWN_WIN))
        } else if self.is_mated() {
            Score(max(v.saturating_sub(p), -MATE))
        } else if self.is_known_loss() {
            Score(max(v.saturating_sub(p), -KNOWN_WIN))
        } else {
            self
        }
    }

    /// The value of a stored entry for a node `ply` plies from the root whose halfmove clock
    /// is `halfmove_clock`: proofs are re-rooted at the root, and a proof that cannot be
    /// completed before the 50-move rule, or whose distance the band cannot express, becomes
    /// the best (or worst) non-proven value. See the [module docs](crate::tt).
    ///
    /// ```
    /// use kpk_score::Score;
    /// let stored = Score::known_win_in(6);
    /// assert_eq!(Score::from_tt(stored, 10, 0), Score::known_win_in(16));
    /// assert_eq!(Score::from_tt(stored, 10, 95), Score::EVAL_MAX);
    /// ```
    #[must_use]
    pub const fn from_tt(stored: Score, ply: u32, halfmove_clock: u32) -> Score {
        let budget = ply_i32(FIFTY_MOVE_PLIES.saturating_sub(halfmove_clock));
        let p = ply_i32(ply);
        let v = stored.0;
        let (top, bottom) = if stored.is_mate() || stored.is_mated() {
            (MATE, MATE_IN_MAX_PLY)
        } else if stored.is_known_win() || stored.is_known_loss() {
            (KNOWN_WIN, KNOWN_WIN_MIN)
        } else {
            return stored;
        };
        let winning = v > 0;
        let magnitude = if winning { v } else { -v };
        let distance = top - magnitude;
        let rerooted = magnitude - p;
        if distance > budget || rerooted < bottom {
            return if winning { Score::EVAL_MAX } else { Score::EVAL_MIN };
        }
        Score(if winning { rerooted } else { -rerooted })
    }
}

const fn ply_i32(ply: u32) -> i32 {
    if ply > 1 << 20 {
        1 << 20
    } else {
        #[allow(clippy::cast_possible_wrap)]
        let p = ply as i32; // ply <= 2^20
        p
    }
}

const fn min(a: i32, b: i32) -> i32 {
    if a < b { a } else { b }
}

const fn max(a: i32, b: i32) -> i32 {
    if a > b { a } else { b }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bands::{EVAL_MAX, KNOWN_WIN_SPAN, MAX_PLY};

    /// Every score of the mate and known-win bands and their negations, with its top and the
    /// distance from the root it encodes.
    fn proofs() -> impl Iterator<Item = (Score, i32)> {
        let mates = (0..=MAX_PLY).map(|d| (Score::new(MATE - d), d));
        let wins = (0..=KNOWN_WIN_SPAN).map(|d| (Score::new(KNOWN_WIN - d), d));
        mates.chain(wins).flat_map(|(s, d)| [(s, d), (-s, d)])
    }

    #[test]
    fn round_trip_for_every_ply_and_every_proof() {
        let mut exact = 0u32;
        let mut downgraded = 0u32;
        for ply in 0..=MAX_PLY.unsigned_abs() {
            let p = i32::try_from(ply).unwrap();
            for (s, d) in proofs() {
                if d < p {
                    continue; // a proof cannot end before the node that found it
                }
                let stored = s.to_tt(ply);
                assert_eq!(stored.band(), s.band(), "{s:?} at ply {ply}");
                let back = Score::from_tt(stored, ply, 0);
                if d - p <= 100 {
                    assert_eq!(back, s, "{s:?} at ply {ply}");
                    exact += 1;
                } else {
                    let expected = if s.get() > 0 { EVAL_MAX } else { -EVAL_MAX };
                    assert_eq!(back.get(), expected, "{s:?} at ply {ply}");
                    downgraded += 1;
                }
            }
        }
        assert!(exact > 50_000 && downgraded > 50_000, "{exact} {downgraded}");
    }

    #[test]
    fn stored_proofs_are_distances_from_the_node() {
        for ply in 0..=100u32 {
            for d in ply..=MAX_PLY.unsigned_abs() {
                assert_eq!(Score::mate_in(d).to_tt(ply), Score::mate_in(d - ply));
                assert_eq!(Score::mated_in(d).to_tt(ply), Score::mated_in(d - ply));
                assert_eq!(Score::known_win_in(d).to_tt(ply), Score::known_win_in(d - ply));
            }
        }
    }

    #[test]
    fn heuristic_values_pass_unchanged() {
        for v in -EVAL_MAX..=EVAL_MAX {
            let s = Score::new(v);
            for ply in [0, 1, 17, 256] {
                assert_eq!(s.to_tt(ply), s);
                assert_eq!(Score::from_tt(s, ply, 99), s);
            }
        }
    }

    #[test]
    fn false_mate_guard_uses_the_halfmove_clock() {
        let stored = Score::mate_in(10); // 10 plies from the node
        for clock in 0..=120u32 {
            let got = Score::from_tt(stored, 4, clock);
            if 10 <= 100i64 - i64::from(clock) {
                assert_eq!(got, Score::mate_in(14));
            } else {
                assert_eq!(got, Score::EVAL_MAX);
            }
            let lost = Score::from_tt(-stored, 4, clock);
            assert_eq!(lost, -got);
        }
    }

    #[test]
    fn rerooting_below_the_band_is_downgraded() {
        // a mate 200 plies from a node probed at ply 100 cannot be expressed from the root
        let stored = Score::mate_in(90);
        assert_eq!(Score::from_tt(stored, 166, 0), Score::mate_in(256));
        assert_eq!(Score::from_tt(stored, 167, 0), Score::EVAL_MAX);
        assert_eq!(Score::from_tt(-stored, 167, 0), Score::EVAL_MIN);
    }
}
