//! Bound types, bounded scores and Don Beal's integrated bounds and values.
//!
//! In alpha-beta most nodes do not get an exact value: a Cut-node fails high and proves only a
//! lower bound, an All-node fails low and proves only an upper bound, and only PV-nodes are
//! exact. [`Bound`] names the three, [`BoundedScore`] pairs one with a score (what a
//! transposition-table entry holds), and [`Ibv`] folds both into one integer.
//!
//! **Integrated bounds and values** (Beal 1995). Rather than carry a bound flag beside a value,
//! put bounds *between* the values on one integer scale, so that a plain integer comparison
//! orders "at most v" < "exactly v" < "at least v" < "at most v + 1". Beal's scale doubles the
//! values and uses the odd numbers between them for bounds; on a scale of whole centipawns that
//! makes "at least v" and "at most v + 1" the same integer, so this crate uses three slots per
//! value: `3v - 1` (at most v), `3v` (exactly v), `3v + 1` (at least v). Negation maps
//! "at least v" to "at most -v", so the encoding passes through negamax unchanged.
//!
//! ```
//! use kpk_score::{Bound, BoundedScore, Ibv, Score};
//!
//! let v = Score::new(30);
//! assert!(Ibv::at_most(v) < Ibv::exact(v) && Ibv::exact(v) < Ibv::at_least(v));
//! assert_eq!(-Ibv::at_least(v), Ibv::at_most(-v));
//! let b = BoundedScore::from_window(Score::new(80), Score::new(-20), Score::new(50));
//! assert_eq!(b.bound, Bound::Lower); // failed high
//! assert_eq!(Ibv::from(b).decode(), b);
//! ```

use core::ops::Neg;

use crate::Score;

/// What a search result proves about the true value.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Bound {
    /// Exact value (a PV-node).
    Exact,
    /// The true value is at least this (a Cut-node that failed high).
    Lower,
    /// The true value is at most this (an All-node that failed low).
    Upper,
}

impl Bound {
    /// The bound seen from the other side: lower and upper swap under negation.
    ///
    /// ```
    /// use kpk_score::Bound;
    /// assert_eq!(Bound::Lower.flip(), Bound::Upper);
    /// ```
    #[must_use]
    pub const fn flip(self) -> Bound {
        match self {
            Bound::Exact => Bound::Exact,
            Bound::Lower => Bound::Upper,
            Bound::Upper => Bound::Lower,
        }
    }
}

/// A score with what it proves: the contents of a transposition-table entry.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct BoundedScore {
    /// The value.
    pub score: Score,
    /// How the true value relates to it.
    pub bound: Bound,
}

impl BoundedScore {
    /// A score with a bound.
    ///
    /// ```
    /// use kpk_score::{Bound, BoundedScore, Score};
    /// let b = BoundedScore::new(Score::new(12), Bound::Upper);
    /// assert_eq!(-b, BoundedScore::new(Score::new(-12), Bound::Lower));
    /// ```
    #[must_use]
    pub const fn new(score: Score, bound: Bound) -> BoundedScore {
        BoundedScore { score, bound }
    }

    /// Classifies a fail-soft result of a search with window `(alpha, beta)`: at or below
    /// alpha is an upper bound, at or above beta a lower bound, in between exact.
    ///
    /// ```
    /// use kpk_score::{Bound, BoundedScore, Score};
    /// let (a, b) = (Score::new(-10), Score::new(10));
    /// assert_eq!(BoundedScore::from_window(Score::new(-10), a, b).bound, Bound::Upper);
    /// assert_eq!(BoundedScore::from_window(Score::new(3), a, b).bound, Bound::Exact);
    /// ```
    #[must_use]
    pub const fn from_window(score: Score, alpha: Score, beta: Score) -> BoundedScore {
        let bound = if score.0 <= alpha.0 {
            Bound::Upper
        } else if score.0 >= beta.0 {
            Bound::Lower
        } else {
            Bound::Exact
        };
        BoundedScore { score, bound }
    }

    /// Whether this entry settles a search with window `(alpha, beta)` without searching:
    /// exact, a lower bound at or above beta, or an upper bound at or below alpha.
    ///
    /// ```
    /// # use kpk_score::{Bound, BoundedScore, Score};
    /// let lower = BoundedScore::new(Score::new(60), Bound::Lower);
    /// assert!(lower.cuts(Score::new(0), Score::new(50)));
    /// assert!(!lower.cuts(Score::new(0), Score::new(70)));
    /// ```
    #[must_use]
    pub const fn cuts(self, alpha: Score, beta: Score) -> bool {
        match self.bound {
            Bound::Exact => true,
            Bound::Lower => self.score.0 >= beta.0,
            Bound::Upper => self.score.0 <= alpha.0,
        }
    }
}

impl Neg for BoundedScore {
    type Output = BoundedScore;
    fn neg(self) -> BoundedScore {
        BoundedScore { score: -self.score, bound: self.bound.flip() }
    }
}

/// A score and its bound on one integer scale: `3v - 1` at most v, `3v` exactly v, `3v + 1` at
/// least v. See the [module docs](self).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Ibv(i32);

impl Ibv {
    /// Exactly `v`.
    ///
    /// ```
    /// use kpk_score::{Ibv, Score};
    /// assert_eq!(Ibv::exact(Score::new(5)).get(), 15);
    /// ```
    #[must_use]
    pub const fn exact(v: Score) -> Ibv {
        Ibv(3 * v.0)
    }

    /// At least `v` (a lower bound).
    ///
    /// ```
    /// use kpk_score::{Ibv, Score};
    /// assert!(Ibv::at_least(Score::new(5)) > Ibv::exact(Score::new(5)));
    /// ```
    #[must_use]
    pub const fn at_least(v: Score) -> Ibv {
        Ibv(3 * v.0 + 1)
    }

    /// At most `v` (an upper bound).
    ///
    /// ```
    /// use kpk_score::{Ibv, Score};
    /// assert!(Ibv::at_most(Score::new(5)) < Ibv::exact(Score::new(5)));
    /// ```
    #[must_use]
    pub const fn at_most(v: Score) -> Ibv {
        Ibv(3 * v.0 - 1)
    }

    /// The raw integer.
    ///
    /// ```
    /// use kpk_score::{Ibv, Score};
    /// assert_eq!(Ibv::at_most(Score::new(-2)).get(), -7);
    /// ```
    #[must_use]
    pub const fn get(self) -> i32 {
        self.0
    }

    /// The value and bound this integer encodes.
    ///
    /// ```
    /// use kpk_score::{Bound, BoundedScore, Ibv, Score};
    /// assert_eq!(Ibv::at_most(Score::new(4)).decode(), BoundedScore::new(Score::new(4), Bound::Upper));
    /// ```
    #[must_use]
    pub const fn decode(self) -> BoundedScore {
        let v = self.0.div_euclid(3);
        match self.0.rem_euclid(3) {
            0 => BoundedScore::new(Score(v), Bound::Exact),
            1 => BoundedScore::new(Score(v), Bound::Lower),
            _ => BoundedScore::new(Score(v + 1), Bound::Upper),
        }
    }
}

impl From<BoundedScore> for Ibv {
    fn from(b: BoundedScore) -> Ibv {
        match b.bound {
            Bound::Exact => Ibv::exact(b.score),
            Bound::Lower => Ibv::at_least(b.score),
            Bound::Upper => Ibv::at_most(b.score),
        }
    }
}

impl Neg for Ibv {
    type Output = Ibv;
    fn neg(self) -> Ibv {
        Ibv(-self.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const RANGE: core::ops::RangeInclusive<i32> = -16_384..=16_384;

    #[test]
    fn beal_ordering_laws() {
        for v in -16_384..16_384 {
            let s = Score::new(v);
            let next = Score::new(v + 1);
            // within a value: at most < exactly < at least
            assert!(Ibv::at_most(s) < Ibv::exact(s));
            assert!(Ibv::exact(s) < Ibv::at_least(s));
            // across values: everything about v is below everything about v + 1
            assert!(Ibv::at_least(s) < Ibv::at_most(next));
            // negation reverses the order and swaps the bound kinds
            assert_eq!(-Ibv::at_least(s), Ibv::at_most(-s));
            assert_eq!(-Ibv::exact(s), Ibv::exact(-s));
        }
    }

    #[test]
    fn integrated_bounds_of_extreme_raw_values_do_not_overflow() {
        for raw in [i32::MIN, i32::MIN + 1, -16_385, 16_385, i32::MAX] {
            let s = Score::new(raw); // saturated to +-INFINITE
            for b in [Ibv::at_most(s), Ibv::exact(s), Ibv::at_least(s)] {
                assert!(b.get().abs() <= 3 * 16_384 + 1);
                assert_eq!(b.decode().score, s);
            }
        }
    }

    #[test]
    fn decode_inverts_encode_for_every_value_and_bound() {
        for v in RANGE {
            for bound in [Bound::Exact, Bound::Lower, Bound::Upper] {
                let b = BoundedScore::new(Score::new(v), bound);
                assert_eq!(Ibv::from(b).decode(), b);
                assert_eq!((-Ibv::from(b)).decode(), -b);
            }
        }
    }

    #[test]
    fn integer_order_matches_value_order_for_exact_scores() {
        for v in -200..200 {
            for w in -200..200 {
                let (a, b) = (Score::new(v), Score::new(w));
                assert_eq!(Ibv::exact(a).cmp(&Ibv::exact(b)), a.cmp(&b));
            }
        }
    }

    #[test]
    fn window_classification_and_cutoffs() {
        let (alpha, beta) = (Score::new(-10), Score::new(10));
        for v in -30..30 {
            let b = BoundedScore::from_window(Score::new(v), alpha, beta);
            let expected = if v <= -10 {
                Bound::Upper
            } else if v >= 10 {
                Bound::Lower
            } else {
                Bound::Exact
            };
            assert_eq!(b.bound, expected);
            assert!(b.cuts(alpha, beta), "a result always settles its own window");
        }
        let upper = BoundedScore::new(Score::new(5), Bound::Upper);
        assert!(!upper.cuts(alpha, beta));
        assert!(upper.cuts(Score::new(5), beta));
    }
}
