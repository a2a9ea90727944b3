//! Draw scores as a policy a search takes.
//!
//! | policy | draw at an even ply (root side to move) | at an odd ply | evaluations |
//! |---|---|---|---|
//! | [`DrawPolicy::Zero`] | `0` | `0` | saturated |
//! | [`DrawPolicy::Contempt`]`(c)` | `-c` | `+c` | saturated |
//! | [`DrawPolicy::CrayBlitz`] | `+min(ply, 63)` | `-min(ply, 63)` | saturated, then shifted away from zero by [`CRAY_BLITZ_OFFSET`] |
//!
//! - **Zero**: with a symmetric evaluation and negamax, zero is the natural draw, whatever its
//!   cause (stalemate, repetition, 50-move rule, insufficient material).
//! - **Contempt**: with `c > 0` the root side dislikes draws (it thinks itself stronger), its
//!   opponent likes them; `c < 0` prefers draws against a stronger opponent.
//! - **Cray Blitz** (Hyatt, Gower, Nelson 1988): a draw scores zero plus the ply distance to the
//!   root, so the program prefers a later draw, which leaves the opponent more chances to go
//!   wrong. Evaluations are moved away from zero (`v >= 0 -> v + OFFSET`,
//!   `v < 0 -> v - OFFSET`), so a draw score and an evaluation can never be equal. Zero counts
//!   as positive: a zero evaluation becomes `+64`, and `-1` becomes `-65`, so the shift is not
//!   symmetric under negation at zero (`eval(0) = 64` but `-eval(0) = -64 = eval(0) - 128`).
//!   Because the draw depends on the ply, such scores should not be trusted from a
//!   transposition table reached at another ply. A search that reports its scores (UCI `cp`)
//!   must undo the shift: [`DrawPolicy::report`] maps draws back to `0` and evaluations back to
//!   their centipawns.
//!
//! ```
//! use kpk_score::{DrawPolicy, Score};
//!
//! assert_eq!(DrawPolicy::Zero.draw(7), Score::ZERO);
//! assert_eq!(DrawPolicy::Contempt(25).draw(0), Score::new(-25));
//! assert_eq!(DrawPolicy::Contempt(25).draw(1), Score::new(25));
//! let cb = DrawPolicy::CrayBlitz;
//! assert!(cb.draw(10) > cb.draw(4)); // the root side prefers the later draw
//! assert_eq!(cb.eval(0), Score::new(64)); // evaluations keep away from the draw zone
//! assert_eq!(cb.eval(-1), Score::new(-65));
//! assert_eq!(cb.report(cb.eval(0)), Score::ZERO); // what a GUI should see
//! assert_eq!(cb.report(cb.draw(9)), Score::ZERO);
//! ```

use crate::Score;
use crate::bands::EVAL_MAX;

/// Cray Blitz's shift of evaluations away from zero; draw scores stay strictly inside
/// `(-CRAY_BLITZ_OFFSET, CRAY_BLITZ_OFFSET)`.
pub const CRAY_BLITZ_OFFSET: i32 = 64;

/// How a search scores draws (and, for Cray Blitz, evaluations). See the [module docs](self).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum DrawPolicy {
    /// Every draw is worth zero.
    #[default]
    Zero,
    /// A draw is worth `-c` centipawns to the root side and `+c` to its opponent. `c` is
    /// clamped into the heuristic band.
    Contempt(i32),
    /// Ply-dependent draws that prefer later draws, disjoint from evaluations.
    CrayBlitz,
}

impl DrawPolicy {
    /// The draw score for the side to move at `ply` plies from the root (even plies: the root
    /// side is to move).
    ///
    /// ```
    /// use kpk_score::{DrawPolicy, Score};
    /// assert_eq!(DrawPolicy::CrayBlitz.draw(6), Score::new(6));
    /// assert_eq!(DrawPolicy::CrayBlitz.draw(7), Score::new(-7));
    /// ```
    #[must_use]
    pub const fn draw(self, ply: u32) -> Score {
        let root_to_move = ply.is_multiple_of(2);
        let for_root = match self {
            DrawPolicy::Zero => 0,
            DrawPolicy::Contempt(c) => -Score::eval(c).get(),
            DrawPolicy::CrayBlitz => {
                if ply >= CRAY_BLITZ_OFFSET.unsigned_abs() {
                    CRAY_BLITZ_OFFSET - 1
                } else {
                    #[allow(clippy::cast_possible_wrap)]
                    let p = ply as i32; // ply < 64
                    p
                }
            }
        };
        Score::new(if root_to_move { for_root } else { -for_root })
    }

    /// An evaluation in centipawns under this policy: saturated into the heuristic band and,
    /// for Cray Blitz, shifted away from zero (the result stays within `±EVAL_MAX`).
    ///
    /// ```
    /// use kpk_score::{DrawPolicy, Score};
    /// assert_eq!(DrawPolicy::Zero.eval(-7), Score::new(-7));
    /// assert_eq!(DrawPolicy::CrayBlitz.eval(10_000), Score::EVAL_MAX);
    /// ```
    #[must_use]
    pub const fn eval(self, centipawns: i32) -> Score {
        match self {
            DrawPolicy::Zero | DrawPolicy::Contempt(_) => Score::eval(centipawns),
            DrawPolicy::CrayBlitz => {
                let room = EVAL_MAX - CRAY_BLITZ_OFFSET;
                let v = Score::eval(centipawns).get();
                let v = if v > room {
                    room
                } else if v < -room {
                    -room
                } else {
                    v
                };
                Score::new(if v >= 0 { v + CRAY_BLITZ_OFFSET } else { v - CRAY_BLITZ_OFFSET })
            }
        }
    }
}

impl DrawPolicy {
    /// The score to report (UCI `cp`, a log) for a score this policy produced: for Cray Blitz,
    /// draws (`|v| < 64`) report `0` and shifted evaluations lose their shift; proofs and the
    /// other policies' scores are reported as they are.
    ///
    /// `report(eval(c)) == Score::eval(c)` for every `c` within `±(EVAL_MAX - 64)`.
    ///
    /// ```
    /// use kpk_score::{DrawPolicy, Score};
    /// let cb = DrawPolicy::CrayBlitz;
    /// assert_eq!(cb.report(cb.eval(-30)), Score::new(-30));
    /// assert_eq!(cb.report(Score::mate_in(3)), Score::mate_in(3));
    /// assert_eq!(DrawPolicy::Contempt(20).report(Score::new(-20)), Score::new(-20));
    /// ```
    #[must_use]
    pub const fn report(self, score: Score) -> Score {
        let v = score.get();
        match self {
            DrawPolicy::CrayBlitz if score.is_heuristic() => {
                if v >= CRAY_BLITZ_OFFSET {
                    Score::new(v - CRAY_BLITZ_OFFSET)
                } else if v <= -CRAY_BLITZ_OFFSET {
                    Score::new(v + CRAY_BLITZ_OFFSET)
                } else {
                    Score::ZERO
                }
            }
            _ => score,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bands::MAX_PLY;

    #[test]
    fn cray_blitz_draws_and_evaluations_never_meet() {
        let cb = DrawPolicy::CrayBlitz;
        let draws: [i32; 2 * 64] = core::array::from_fn(|i| i32::try_from(i).unwrap() - 64);
        for ply in 0..=MAX_PLY.unsigned_abs() {
            let d = cb.draw(ply).get();
            assert!(d.abs() < CRAY_BLITZ_OFFSET && draws.contains(&d));
        }
        let mut previous = i32::MIN;
        for v in -5000..=5000 {
            let e = cb.eval(v);
            assert!(e.get().abs() >= CRAY_BLITZ_OFFSET, "{v} -> {e:?}");
            assert!(e.is_heuristic());
            assert!(e.get() >= previous, "not monotonic at {v}");
            previous = e.get();
        }
    }

    /// The draw seen from the root side: `draw(ply)` at even plies, its negation at odd ones.
    fn root_view(policy: DrawPolicy, ply: u32) -> i32 {
        let d = policy.draw(ply).get();
        if ply.is_multiple_of(2) { d } else { -d }
    }

    #[test]
    fn the_root_side_sees_one_consistent_draw_value() {
        for ply in 0..300 {
            assert_eq!(root_view(DrawPolicy::Zero, ply), 0);
            assert_eq!(root_view(DrawPolicy::Contempt(30), ply), -30);
            // Cray Blitz: later draws are worth more to the root side, never less
            let cb = root_view(DrawPolicy::CrayBlitz, ply);
            assert!(cb <= root_view(DrawPolicy::CrayBlitz, ply + 1));
            assert_eq!(cb, i32::try_from(ply.min(63)).unwrap());
        }
    }

    #[test]
    fn report_undoes_the_cray_blitz_shift() {
        let cb = DrawPolicy::CrayBlitz;
        let room = EVAL_MAX - CRAY_BLITZ_OFFSET;
        for v in -room..=room {
            assert_eq!(cb.report(cb.eval(v)), Score::new(v), "{v}");
            assert_eq!(DrawPolicy::Zero.report(DrawPolicy::Zero.eval(v)), Score::new(v));
        }
        for ply in 0..=MAX_PLY.unsigned_abs() {
            assert_eq!(cb.report(cb.draw(ply)), Score::ZERO);
        }
        assert_eq!(cb.eval(0), Score::new(CRAY_BLITZ_OFFSET), "zero counts as positive");
    }

    #[test]
    fn contempt_is_clamped_and_signed_by_side() {
        assert_eq!(DrawPolicy::Contempt(1_000_000).draw(0), Score::EVAL_MIN);
        assert_eq!(DrawPolicy::Contempt(-40).draw(0), Score::new(40));
        assert_eq!(DrawPolicy::Contempt(-40).draw(3), Score::new(-40));
    }
}
