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
//! **Reading mates back.** With the bonus, a mate accrues one point per move of the losing side,
//! not per ply: a root score of `MATE - k` is a mate in `k` moves (`2k - 1` plies) and
//! `MATED + k` is mated in `k` moves (`2k` plies). Printed as they are, these would be read as
//! ply distances and give the wrong `mate N`; [`to_ply_distance`] turns them into the
//! ply-distance scores the rest of the crate (and UCI output) uses.
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
//! // a root score of MATE - 2 under the bonus is a mate in two moves, three plies
//! let root = Score::new(Score::MATE.get() - 2);
//! assert_eq!(delayed_loss::to_ply_distance(root), Score::mate_in(3));
//! assert_eq!(delayed_loss::to_ply_distance(root).to_string(), "mate 2");
//! ```

use crate::bands::INFINITE;
use crate::{Mate, Score};

/// Adjusts the window `(alpha, beta)` of a node whose current evaluation is `current`, so that
/// after [`leave`] adds its bonus, fail-high and fail-low decisions match the caller's window.
///
/// A bound at `-INFINITE` stays there: no node value reaches it, so the decisions are the same.
///
/// ```
/// use kpk_score::{Score, delayed_loss};
/// let (a, b) = delayed_loss::enter(Score::new(0), Score::new(10), Score::new(10));
/// assert_eq!((a.get(), b.get()), (-1, 9));
/// ```
#[must_use]
pub const fn enter(alpha: Score, beta: Score, current: Score) -> (Score, Score) {
    // Score::new saturates: -INFINITE - 1 stays -INFINITE
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

/// A root score of a search that used the delayed-loss bonus, as the ply-distance score of the
/// rest of the crate: `MATE - k` (mate in `k` moves) becomes [`Score::mate_in`]`(2k - 1)` and
/// `MATED + k` (mated in `k` moves) becomes [`Score::mated_in`]`(2k)`. Values outside the mate
/// bands are returned unchanged; a distance beyond the mate band saturates at its edge.
///
/// ```
/// use kpk_score::{Score, delayed_loss};
/// let mated_in_3_moves = Score::new(Score::MATED.get() + 3);
/// assert_eq!(delayed_loss::to_ply_distance(mated_in_3_moves), Score::mated_in(6));
/// assert_eq!(delayed_loss::to_ply_distance(Score::new(25)), Score::new(25));
/// ```
#[must_use]
pub const fn to_ply_distance(score: Score) -> Score {
    match score.mate() {
        Some(Mate::Mating(0)) => Score::MATE,
        Some(Mate::Mating(k)) => Score::mate_in(2 * k - 1),
        Some(Mate::Mated(k)) => Score::mated_in(2 * k),
        None => score,
    }
}

const _: () = assert!(2 * (INFINITE as u32) < u32::MAX);

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
    fn converted_scores_print_the_right_mate() {
        extern crate std;
        use std::format;
        use std::string::ToString;
        // a line of n plies ending in mate: the winner is to move at the root when n is odd
        for n in 1..=200u32 {
            let raw = mated_line(n);
            let converted = to_ply_distance(raw);
            let moves = i32::try_from(n.div_ceil(2)).unwrap();
            let expected = if n % 2 == 1 { Score::mate_in(n) } else { Score::mated_in(n) };
            assert_eq!(converted, expected, "{n} plies");
            let sign = if n % 2 == 1 { 1 } else { -1 };
            assert_eq!(converted.to_string(), format!("mate {}", sign * moves), "{n} plies");
        }
        assert_eq!(to_ply_distance(Score::MATED), Score::MATED);
        assert_eq!(to_ply_distance(Score::known_win_in(4)), Score::known_win_in(4));
    }

    #[test]
    fn windows_at_infinity_do_not_overflow() {
        let (a, b) = enter(Score::NEG_INFINITE, Score::INFINITE, Score::ZERO);
        assert_eq!((a, b), (Score::NEG_INFINITE, Score::INFINITE));
        let (a, b) = enter(Score::new(i32::MIN), Score::new(i32::MIN), Score::ZERO);
        assert!(a.get() >= -INFINITE && b.get() >= -INFINITE);
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
