//! Storing proofs in a transposition table: re-rooting and the false-mate guard.
//!
//! A search counts mate distances from the root: a mate found 5 plies deep that ends 8 plies
//! from the root scores `MATE - 8`. The same position reached at another ply (or in the next
//! search) is a mate in 3 *from that node*, so the table stores `MATE - 3` ([`Score::to_tt`])
//! and a probe at ply `p` turns it back into `MATE - 3 - p` ([`BoundedScore::from_tt`]). Known
//! wins are re-rooted the same way; heuristic values and draws are stored as they are.
//!
//! | score at ply `p` | stored | read back at ply `q` |
//! |---|---|---|
//! | `MATE - d` | `MATE - (d - p)` | `MATE - (d - p) - q` |
//! | `MATED + d` | `MATED + (d - p)` | `MATED + (d - p) + q` |
//! | `KNOWN_WIN - d` | `KNOWN_WIN - (d - p)` | `KNOWN_WIN - (d - p) - q` |
//! | anything else | unchanged | unchanged |
//!
//! **The false-mate guard, with bounds.** A stored mate in `n` plies is only real if the game
//! can last `n` more plies: with a halfmove clock of `h`, the 50-move rule ends it after
//! `100 - h`. Engines kept rediscovering the bug of trusting such entries (Stockfish issues
//! 2370, 2451, 2533, 4413). The usual repair, an *exact* `±EVAL_MAX` in place of the mate, is
//! wrong too: the true value of such a node may be a 50-move draw, and an exact `-EVAL_MAX`
//! makes the search avoid a drawing move in favour of a losing one. What the entry still proves
//! is one-sided: the mating side can at worst be held to the draw. So
//! [`BoundedScore::from_tt`] returns
//!
//! | stored | the distance fits the clock and the band | it does not |
//! |---|---|---|
//! | win, exact or lower bound | re-rooted, same bound | **lower bound at the draw score** |
//! | loss, exact or upper bound | re-rooted, same bound | **upper bound at the draw score** |
//! | win, upper bound; loss, lower bound | re-rooted, same bound | the same, widened to the band's edge |
//!
//! A cut-off taken on these bounds is sound, and no mate the 50-move rule may prevent is ever
//! returned as a value. The rows of the last line stay true because the 50-move rule can only
//! lower a win and raise a loss.
//!
//! **Known wins carry no distance.** A known win (a bitbase or recognizer verdict) says "won",
//! not "mated in `n`": its offset below [`KNOWN_WIN`] is the distance from the root plus a
//! progress term ([`Score::known_win_in`]), not a count of plies to mate, so the 50-move guard
//! does not read it as one. Known wins are re-rooted and otherwise returned as the recognizer
//! gave them; a recognizer that must respect the 50-move rule has to look at the clock itself.
//!
//! ```
//! use kpk_score::{Bound, BoundedScore, Score};
//!
//! let found = BoundedScore::new(Score::mate_in(8), Bound::Exact); // 5 plies deep: mate in 3 from there
//! let stored = found.to_tt(5);
//! assert_eq!(stored.score, Score::mate_in(3));
//! let draw = Score::ZERO;
//! assert_eq!(BoundedScore::from_tt(stored, 5, 0, draw), found); // same node, same ply
//! assert_eq!(BoundedScore::from_tt(stored, 2, 0, draw).score, Score::mate_in(5));
//! // the 50-move rule comes first: only "at least a draw" is left
//! assert_eq!(BoundedScore::from_tt(stored, 2, 98, draw), BoundedScore::new(draw, Bound::Lower));
//! ```

use crate::bands::{KNOWN_WIN, KNOWN_WIN_MIN, MATE, MATE_IN_MAX_PLY};
use crate::{Bound, BoundedScore, Score};

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
            Score(min(v + p, MATE))
        } else if self.is_known_win() {
            Score(min(v + p, KNOWN_WIN))
        } else if self.is_mated() {
            Score(max(v - p, -MATE))
        } else if self.is_known_loss() {
            Score(max(v - p, -KNOWN_WIN))
        } else {
            self
        }
    }
}

impl BoundedScore {
    /// The entry to store for a node `ply` plies from the root: the score re-rooted by
    /// [`Score::to_tt`], the bound unchanged.
    ///
    /// ```
    /// use kpk_score::{Bound, BoundedScore, Score};
    /// let b = BoundedScore::new(Score::mate_in(9), Bound::Lower).to_tt(4);
    /// assert_eq!(b, BoundedScore::new(Score::mate_in(5), Bound::Lower));
    /// ```
    #[must_use]
    pub const fn to_tt(self, ply: u32) -> BoundedScore {
        BoundedScore { score: self.score.to_tt(ply), bound: self.bound }
    }

    /// What a stored entry proves at a node `ply` plies from the root whose halfmove clock is
    /// `halfmove_clock`, where a draw scores `draw` (for the side to move at the node: zero, a
    /// contempt value, a ply-dependent draw).
    ///
    /// Proofs are re-rooted; a mate that the 50-move rule may prevent, or whose distance the
    /// band cannot express from this ply, becomes a bound at the draw score on the side that
    /// stays true. See the [module docs](crate::tt) for the table and the reasons.
    ///
    /// ```
    /// use kpk_score::{Bound, BoundedScore, Score};
    /// let stored = BoundedScore::new(Score::mated_in(10), Bound::Exact);
    /// let draw = Score::new(-20);
    /// assert_eq!(BoundedScore::from_tt(stored, 3, 0, draw).score, Score::mated_in(13));
    /// assert_eq!(BoundedScore::from_tt(stored, 3, 95, draw), BoundedScore::new(draw, Bound::Upper));
    /// let known = BoundedScore::new(Score::known_win_in(600), Bound::Exact);
    /// assert_eq!(BoundedScore::from_tt(known, 0, 99, draw), known); // no distance to check
    /// ```
    #[must_use]
    pub const fn from_tt(
        stored: BoundedScore,
        ply: u32,
        halfmove_clock: u32,
        draw: Score,
    ) -> BoundedScore {
        let s = stored.score;
        let mate = s.is_mate() || s.is_mated();
        let (top, bottom) = if mate {
            (MATE, MATE_IN_MAX_PLY)
        } else if s.is_known_win() || s.is_known_loss() {
            (KNOWN_WIN, KNOWN_WIN_MIN)
        } else {
            return stored;
        };
        let winning = s.0 > 0;
        let magnitude = if winning { s.0 } else { -s.0 };
        let distance = top - magnitude;
        let budget = ply_i32(FIFTY_MOVE_PLIES.saturating_sub(halfmove_clock));
        let rerooted = magnitude - ply_i32(ply);
        let keeps = !(mate && distance > budget) && rerooted >= bottom;
        if keeps {
            let v = if winning { rerooted } else { -rerooted };
            return BoundedScore { score: Score(v), bound: stored.bound };
        }
        // The bound that points away from the proof stays true: widen it to the band's edge.
        let (toward_proof, bound) = if winning {
            (!matches!(stored.bound, Bound::Upper), Bound::Lower)
        } else {
            (!matches!(stored.bound, Bound::Lower), Bound::Upper)
        };
        if toward_proof {
            BoundedScore { score: draw, bound }
        } else {
            let edge = max(rerooted, bottom);
            BoundedScore { score: Score(if winning { edge } else { -edge }), bound: stored.bound }
        }
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
    use crate::bands::{EVAL_MAX, INFINITE, KNOWN_WIN_SPAN, MAX_PLY};

    const DRAW: Score = Score::ZERO;

    fn exact(s: Score) -> BoundedScore {
        BoundedScore::new(s, Bound::Exact)
    }

    /// Every score of the mate and known-win bands and their negations, with the distance from
    /// the root it encodes.
    fn proofs() -> impl Iterator<Item = (Score, i32)> {
        let mates = (0..=MAX_PLY).map(|d| (Score::new(MATE - d), d));
        let wins = (0..=KNOWN_WIN_SPAN).map(|d| (Score::new(KNOWN_WIN - d), d));
        mates.chain(wins).flat_map(|(s, d)| [(s, d), (-s, d)])
    }

    #[test]
    fn round_trip_for_every_ply_and_every_proof() {
        let mut kept = 0u32;
        let mut bounded = 0u32;
        for ply in 0..=MAX_PLY.unsigned_abs() {
            let p = i32::try_from(ply).unwrap();
            for (s, d) in proofs() {
                if d < p {
                    continue; // a proof cannot end before the node that found it
                }
                let stored = exact(s).to_tt(ply);
                assert_eq!(stored.score.band(), s.band(), "{s:?} at ply {ply}");
                let back = BoundedScore::from_tt(stored, ply, 0, DRAW);
                if s.is_known_win() || s.is_known_loss() || d - p <= 100 {
                    assert_eq!(back, exact(s), "{s:?} at ply {ply}");
                    kept += 1;
                } else {
                    let bound = if s.get() > 0 { Bound::Lower } else { Bound::Upper };
                    assert_eq!(back, BoundedScore::new(DRAW, bound), "{s:?} at ply {ply}");
                    bounded += 1;
                }
            }
        }
        assert!(kept > 50_000 && bounded > 5_000, "{kept} {bounded}");
    }

    #[test]
    fn every_known_win_survives_the_table_at_every_clock() {
        // known_win_in's progress term is not a distance to mate: all 1,001 values of the band
        // come back as they went in, whatever the clock (the old guard lost 900 of them).
        for d in 0..=KNOWN_WIN_SPAN.unsigned_abs() {
            for clock in 0..=120 {
                for s in [Score::known_win_in(d), Score::known_loss_in(d)] {
                    for bound in [Bound::Exact, Bound::Lower, Bound::Upper] {
                        let b = BoundedScore::new(s, bound);
                        assert_eq!(BoundedScore::from_tt(b.to_tt(0), 0, clock, DRAW), b);
                    }
                }
            }
        }
        // re-rooted at a deeper node and read back there
        let s = exact(Score::known_win_in(700));
        assert_eq!(BoundedScore::from_tt(s.to_tt(40), 40, 90, DRAW), s);
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
            for bound in [Bound::Exact, Bound::Lower, Bound::Upper] {
                let b = BoundedScore::new(Score::new(v), bound);
                for ply in [0, 1, 17, 256] {
                    assert_eq!(b.to_tt(ply), b);
                    assert_eq!(BoundedScore::from_tt(b, ply, 99, DRAW), b);
                }
            }
        }
    }

    #[test]
    fn false_mate_guard_keeps_only_the_true_side_of_each_bound() {
        let draw = Score::new(-15); // a contempt draw
        for clock in 0..=120u32 {
            let fits = 10 <= 100i64 - i64::from(clock);
            for bound in [Bound::Exact, Bound::Lower, Bound::Upper] {
                let stored = BoundedScore::new(Score::mate_in(10), bound); // 10 plies from the node
                let got = BoundedScore::from_tt(stored, 4, clock, draw);
                let lost = BoundedScore::from_tt(-stored, 4, clock, -draw);
                if fits || bound == Bound::Upper {
                    assert_eq!(got, BoundedScore::new(Score::mate_in(14), bound));
                } else {
                    assert_eq!(got, BoundedScore::new(draw, Bound::Lower), "{clock} {bound:?}");
                }
                assert_eq!(lost, -got, "the guard is symmetric");
                assert!(got.bound != Bound::Exact || got.score.is_mate() == fits);
            }
        }
    }

    #[test]
    fn rerooting_below_the_band_becomes_a_bound() {
        // a mate 90 plies from a node probed at ply 167 cannot be expressed from the root
        let stored = exact(Score::mate_in(90));
        assert_eq!(BoundedScore::from_tt(stored, 166, 0, DRAW), exact(Score::mate_in(256)));
        assert_eq!(
            BoundedScore::from_tt(stored, 167, 0, DRAW),
            BoundedScore::new(DRAW, Bound::Lower)
        );
        assert_eq!(
            BoundedScore::from_tt(-stored, 167, 0, DRAW),
            BoundedScore::new(DRAW, Bound::Upper)
        );
        // an upper bound on a win is widened to the band's edge, still an upper bound
        let upper = BoundedScore::new(Score::mate_in(90), Bound::Upper);
        let back = BoundedScore::from_tt(upper, 200, 0, DRAW);
        assert_eq!(back, BoundedScore::new(Score::new(MATE_IN_MAX_PLY), Bound::Upper));
        let known = exact(Score::known_win_in(990));
        assert_eq!(
            BoundedScore::from_tt(known, 20, 0, DRAW),
            BoundedScore::new(DRAW, Bound::Lower)
        );
    }

    /// A toy game tree with a halfmove clock per node, searched by fail-soft negamax with a
    /// transposition table that holds one stale entry.
    mod tree {
        use super::*;

        pub struct Node {
            pub clock: u32,
            pub children: &'static [usize],
            /// Static value for the side to move, for leaves.
            pub leaf: i32,
        }

        /// Root (0) has two moves. Move A leads to node 1, where the opponent once had a mate
        /// in 10 (the stale entry) but the clock is at 95: its only continuation reaches the
        /// 50-move draw. Move B leads to node 3, where the opponent stands 3 pawns better.
        pub const TREE: [Node; 4] = [
            Node { clock: 94, children: &[1, 3], leaf: 0 },
            Node { clock: 95, children: &[2], leaf: 0 },
            Node { clock: 100, children: &[], leaf: 0 },
            Node { clock: 0, children: &[], leaf: 300 },
        ];

        pub type Probe = fn(BoundedScore, u32, u32) -> BoundedScore;

        /// Negamax with a table entry for node 1 read through `probe`; `None` searches without
        /// the table. Returns the value and the best child of the root.
        pub fn search(
            n: usize,
            ply: u32,
            alpha: Score,
            beta: Score,
            probe: Option<Probe>,
        ) -> (Score, usize) {
            let node = &TREE[n];
            if node.clock >= FIFTY_MOVE_PLIES {
                return (DRAW, n);
            }
            if let (1, Some(probe)) = (n, probe) {
                let stale = BoundedScore::new(Score::mate_in(10), Bound::Exact);
                let e = probe(stale, ply, node.clock);
                if e.cuts(alpha, beta) {
                    return (e.score, n);
                }
            }
            if node.children.is_empty() {
                return (Score::eval(node.leaf), n);
            }
            let (mut best, mut best_child, mut alpha) = (Score::NEG_INFINITE, n, alpha);
            for &c in node.children {
                let v = -search(c, ply + 1, -beta, -alpha, probe).0;
                if v > best {
                    (best, best_child) = (v, c);
                }
                if v > alpha {
                    alpha = v;
                }
                if alpha >= beta {
                    break;
                }
            }
            (best, best_child)
        }
    }

    #[test]
    fn the_bounded_guard_keeps_the_drawing_move_the_exact_one_loses() {
        use tree::{Probe, search};
        let window = (Score::NEG_INFINITE, Score::INFINITE);
        let truth = search(0, 0, window.0, window.1, None);
        assert_eq!(truth, (DRAW, 1), "move A draws, move B loses 3 pawns");

        // The old rule: a stale mate became an exact +-EVAL_MAX.
        let old: Probe = |stored, ply, clock| {
            let s = stored.score;
            let distance = MATE - s.get().abs();
            if s.mate().is_some() && i64::from(distance) > 100 - i64::from(clock) {
                let v = if s.get() > 0 { EVAL_MAX } else { -EVAL_MAX };
                return BoundedScore::new(Score::new(v), Bound::Exact);
            }
            BoundedScore::from_tt(stored, ply, clock, DRAW)
        };
        let (value, best) = search(0, 0, window.0, window.1, Some(old));
        assert_eq!((value, best), (Score::new(-300), 3), "the old rule plays the losing move B");

        let new: Probe = |stored, ply, clock| BoundedScore::from_tt(stored, ply, clock, DRAW);
        for (alpha, beta) in
            [window, (Score::new(-400), Score::new(-200)), (Score::new(-1), Score::new(1))]
        {
            let (value, best) = search(0, 0, alpha, beta, Some(new));
            let (true_value, _) = search(0, 0, alpha, beta, None);
            assert_eq!(value, true_value, "({alpha:?}, {beta:?})");
            if value > alpha && value < beta {
                assert_eq!(best, 1);
            }
        }
        let _ = INFINITE;
    }
}
