//! H. G. Muller's delayed-loss bonus (Micro-Max): path-independent mate scores.
//!
//! Instead of counting ply distance into mate scores (which forces the re-rooting of
//! [`tt`](crate::tt)), every node gives its result one point back when that result is worse than
//! the node's current evaluation: `best + (best < current)`. A loss that happens one ply later
//! is then worth one point more, and, since the score is negated on the way up, a win that
//! happens one ply later is worth one point less. Mates are stored as plain `MATE`/`MATED`
//! values at the leaves and the distance accrues on the way back up, so transposition-table
//! entries need no ply adjustment at all.
//!
//! The bonus shifts returned values by one point, so the window must be shifted the same way on
//! entry or a score equal to a bound would be read on the wrong side of it. Micro-Max does
//! `alpha -= alpha < current; beta -= beta <= current;` before searching the moves:
//! [`enter`] does that, [`leave`] applies the bonus to the result.
//!
//! ```
//! use kpk_score::{Score, delayed_loss};
//!
//! // A node whose static score is +20 searched with the window (-50, +50):
//! let current = Score::new(20);
//! let (alpha, beta) = delayed_loss::enter(Score::new(-50), Score::new(50), current);
//! assert_eq!((alpha.get(), beta.get()), (-51, 50));
//! // the best move turns out to lose to a mate: delaying it is worth a point
//! assert_eq!(delayed_loss::leave(Score::MATED, current), Score::new(Score::MATED.get() + 1));
//! // a result at or above the current score gets no bonus
//! assert_eq!(delayed_loss::leave(Score::new(30), current), Score::new(30));
//! ```

use crate::Score;

/// Adjusts the window `(alpha, beta)` of a node whose current evaluation is `current`, so that
/// after [`leave`] adds its bonus, fail-high and fail-low decisions match the caller's window.
///
/// ```
/// use kpk_score::{Score, delayed_loss};
/// let (a, b) = delayed_loss::enter(Score::new(0), Score::new(10), Score::new(10));
/// assert_eq!((a.get(), b.get()), (-1, 9));
/// ```
#[must_use]
pub const fn enter(alpha: Score, beta: Score, current: Score) -> (Score, Score) {
    let a = alpha.get() - bit(alpha.get() < current.get());
    let b = beta.get() - bit(beta.get() <= current.get());
    (Score::new(a), Score::new(b))
}

/// The delayed-loss bonus: one point back for a result below the node's current evaluation.
///
/// ```
/// use kpk_score::{Score, delayed_loss};
/// assert_eq!(delayed_loss::leave(Score::new(-50), Score::ZERO), Score::new(-49));
/// ```
#[must_use]
pub const fn leave(best: Score, current: Score) -> Score {
    Score::new(best.get() + bit(best.get() < current.get()))
}

const fn bit(b: bool) -> i32 {
    if b { 1 } else { 0 }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Negamax over a line of `n` forced plies ending in mate, with the bonus at every node.
    fn mated_line(n: u32) -> Score {
        let current = Score::ZERO;
        let mut s = Score::MATED; // the side to move at the leaf is checkmated
        for _ in 0..n {
            s = -leave(s, current);
        }
        s
    }

    #[test]
    fn later_losses_score_higher_and_later_wins_lower() {
        // seen from the root: mated after 2 plies is worse than mated after 4
        assert!(mated_line(2) < mated_line(4));
        // mating after 1 ply is better than mating after 3
        assert!(mated_line(1) > mated_line(3));
        assert!(mated_line(1) > Score::ZERO && mated_line(2) < Score::ZERO);
    }

    #[test]
    fn window_shift_keeps_cutoff_decisions() {
        // For every raw result r and window, r' = leave(r) compares to the caller's window the
        // same way r compares to the entered window.
        let current = Score::new(5);
        for a in -10..10 {
            for b in (a + 1)..12 {
                let (ea, eb) = enter(Score::new(a), Score::new(b), current);
                for r in -15..15 {
                    let out = leave(Score::new(r), current).get();
                    assert_eq!(r <= ea.get(), out <= a, "fail low a={a} r={r}");
                    assert_eq!(r >= eb.get(), out >= b, "fail high b={b} r={r}");
                }
            }
        }
    }
}
