//! The [`Score`] type: construction, queries, mate distances and arithmetic.

use core::fmt;
use core::ops::Neg;

use crate::bands::{
    Band, EVAL_MAX, INFINITE, KNOWN_WIN, KNOWN_WIN_MIN, KNOWN_WIN_SPAN, MATE, MATE_IN_MAX_PLY,
    MAX_PLY,
};

/// A search score in centipawns, relative to the side to move (negamax).
///
/// A `#[repr(transparent)]` wrapper over `i32`: registers are 32 bits, storage is narrower and
/// goes through the checked functions of [`packing`](crate::packing). Which band a value lies in
/// says what it means ([`bands`](crate::bands)):
///
/// **Invariant: every `Score` lies in `[-INFINITE, INFINITE]`.** Every constructor saturates
/// into that range ([`Score::new`]) or checks it ([`Score::try_new`]), so negation, the
/// integrated bounds of [`Ibv`](crate::Ibv) (`3v + 1`) and the window shifts of
/// [`delayed_loss`](crate::delayed_loss) cannot overflow, and every value but `+INFINITE` fits
/// a 15-bit field.
///
/// | value | sign | meaning |
/// |---|---|---|
/// | `MATE - n` | `+` | the side to move mates in `n` plies from the root |
/// | `MATED + n` | `-` | the side to move is mated in `n` plies from the root (`n` even) |
/// | `KNOWN_WIN - n` | `+` | a proven win, `n` = plies from the root plus a progress term |
/// | `-EVAL_MAX..=EVAL_MAX` | either | a heuristic evaluation or a draw |
///
/// ```
/// use kpk_score::{Mate, Score};
///
/// let best = Score::mate_in(5).max(Score::mate_in(3));
/// assert_eq!(best, Score::mate_in(3));          // shorter mates are better
/// assert!(Score::mated_in(8) > Score::mated_in(2)); // longer defences are better
/// assert_eq!(Score::mate_in(5).mate(), Some(Mate::Mating(5)));
/// assert_eq!(Score::mated_in(4).uci_mate_moves(), Some(-2));
/// ```
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
#[repr(transparent)]
pub struct Score(pub(crate) i32);

impl Score {
    /// The draw score and the neutral evaluation.
    pub const ZERO: Score = Score(0);
    /// Above every node value: the open end of a full window.
    pub const INFINITE: Score = Score(INFINITE);
    /// Below every node value.
    pub const NEG_INFINITE: Score = Score(-INFINITE);
    /// Mate delivered: the best possible node value.
    pub const MATE: Score = Score(MATE);
    /// Checkmated now: the worst possible node value.
    pub const MATED: Score = Score(-MATE);
    /// The best heuristic value, and the best value that is not a proof.
    pub const EVAL_MAX: Score = Score(EVAL_MAX);
    /// The worst heuristic value, and the worst value that is not a proof.
    pub const EVAL_MIN: Score = Score(-EVAL_MAX);

    /// A raw value, saturated into `[-INFINITE, INFINITE]` (the type's invariant); inside that
    /// range the value is kept as it is, whatever band it is in.
    ///
    /// ```
    /// # use kpk_score::Score;
    /// assert_eq!(Score::new(-42).get(), -42);
    /// assert_eq!(Score::new(i32::MIN), Score::NEG_INFINITE);
    /// assert_eq!(-Score::new(i32::MIN), Score::INFINITE);
    /// ```
    #[must_use]
    pub const fn new(v: i32) -> Score {
        Score(clamp(v, -INFINITE, INFINITE))
    }

    /// A raw value, or `None` outside `[-INFINITE, INFINITE]`.
    ///
    /// ```
    /// # use kpk_score::Score;
    /// assert_eq!(Score::try_new(16_384), Some(Score::INFINITE));
    /// assert_eq!(Score::try_new(16_385), None);
    /// ```
    #[must_use]
    pub const fn try_new(v: i32) -> Option<Score> {
        if v >= -INFINITE && v <= INFINITE { Some(Score(v)) } else { None }
    }

    /// The raw value.
    ///
    /// ```
    /// use kpk_score::Score;
    /// assert_eq!(Score::mated_in(1).get(), -16_382);
    /// ```
    #[must_use]
    pub const fn get(self) -> i32 {
        self.0
    }

    /// A heuristic evaluation in centipawns, saturated into `[-EVAL_MAX, EVAL_MAX]`, so it can
    /// never land in a known-win or mate band.
    ///
    /// ```
    /// # use kpk_score::Score;
    /// assert_eq!(Score::eval(123).get(), 123);
    /// assert_eq!(Score::eval(i32::MAX), Score::EVAL_MAX);
    /// assert_eq!(Score::eval(i32::MIN), Score::EVAL_MIN);
    /// ```
    #[must_use]
    pub const fn eval(centipawns: i32) -> Score {
        Score(clamp(centipawns, -EVAL_MAX, EVAL_MAX))
    }

    /// The side to move mates `ply` plies from the root: `MATE - ply`.
    ///
    /// `ply` is clamped to [`MAX_PLY`], the deepest distance the band can express.
    ///
    /// ```
    /// # use kpk_score::Score;
    /// assert_eq!(Score::mate_in(1).get(), 16_382);
    /// ```
    #[must_use]
    pub const fn mate_in(ply: u32) -> Score {
        Score(MATE - clamp_ply(ply, MAX_PLY))
    }

    /// The side to move is mated `ply` plies from the root: `MATED + ply`, the worst-case value a
    /// negamax search gives a node at `ply` on entry.
    ///
    /// ```
    /// # use kpk_score::Score;
    /// assert_eq!(Score::mated_in(0), Score::MATED);
    /// assert_eq!(Score::mated_in(2).get(), -16_381);
    /// ```
    #[must_use]
    pub const fn mated_in(ply: u32) -> Score {
        Score(-MATE + clamp_ply(ply, MAX_PLY))
    }

    /// A proven win without an exact mate distance: `KNOWN_WIN - plies`, where `plies` counts
    /// the distance from the root plus any progress term the recognizer adds (smaller is
    /// better). Clamped to the band, `plies <= KNOWN_WIN_SPAN`.
    ///
    /// ```
    /// # use kpk_score::Score;
    /// let win = Score::known_win_in(7);
    /// assert!(win.is_known_win() && win.is_decisive() && !win.is_mate());
    /// assert!(win > Score::EVAL_MAX && win < Score::mate_in(256));
    /// ```
    #[must_use]
    pub const fn known_win_in(plies: u32) -> Score {
        Score(KNOWN_WIN - clamp_ply(plies, KNOWN_WIN_SPAN))
    }

    /// A proven loss without an exact mate distance: the negation of [`Score::known_win_in`].
    ///
    /// ```
    /// use kpk_score::Score;
    /// assert!(Score::known_loss_in(3).is_known_loss());
    /// assert!(Score::known_loss_in(3) > Score::mated_in(200));
    /// ```
    #[must_use]
    pub const fn known_loss_in(plies: u32) -> Score {
        Score(-(KNOWN_WIN - clamp_ply(plies, KNOWN_WIN_SPAN)))
    }

    /// The band this score lies in.
    ///
    /// ```
    /// use kpk_score::{Score, bands::Band};
    /// assert_eq!(Score::known_win_in(2).band(), Band::KnownWin);
    /// ```
    #[must_use]
    pub const fn band(self) -> Band {
        Band::of(self.0)
    }

    /// The side to move mates: the value is in `[MATE - MAX_PLY, MATE]`.
    ///
    /// ```
    /// use kpk_score::Score;
    /// assert!(Score::mate_in(9).is_mate() && !Score::mated_in(9).is_mate());
    /// ```
    #[must_use]
    pub const fn is_mate(self) -> bool {
        self.0 >= MATE_IN_MAX_PLY && self.0 <= MATE
    }

    /// The side to move is mated: the value is in `[MATED, MATED + MAX_PLY]`.
    ///
    /// ```
    /// use kpk_score::Score;
    /// assert!(Score::mated_in(8).is_mated() && !Score::eval(-4000).is_mated());
    /// ```
    #[must_use]
    pub const fn is_mated(self) -> bool {
        self.0 <= -MATE_IN_MAX_PLY && self.0 >= -MATE
    }

    /// The value is in the known-win band.
    ///
    /// ```
    /// use kpk_score::Score;
    /// assert!(Score::known_win_in(0).is_known_win() && !Score::mate_in(1).is_known_win());
    /// ```
    #[must_use]
    pub const fn is_known_win(self) -> bool {
        self.0 >= KNOWN_WIN_MIN && self.0 <= KNOWN_WIN
    }

    /// The value is in the known-loss band.
    ///
    /// ```
    /// use kpk_score::Score;
    /// assert!(Score::known_loss_in(10).is_known_loss());
    /// ```
    #[must_use]
    pub const fn is_known_loss(self) -> bool {
        self.0 <= -KNOWN_WIN_MIN && self.0 >= -KNOWN_WIN
    }

    /// A proof either way: a mate, a known win or their negations.
    ///
    /// ```
    /// use kpk_score::Score;
    /// assert!(Score::mated_in(2).is_decisive() && !Score::EVAL_MAX.is_decisive());
    /// ```
    #[must_use]
    pub const fn is_decisive(self) -> bool {
        self.is_winning_proof() || self.is_losing_proof()
    }

    /// A mate or a known win for the side to move.
    ///
    /// ```
    /// use kpk_score::Score;
    /// assert!(Score::known_win_in(4).is_winning_proof() && !Score::known_loss_in(4).is_winning_proof());
    /// ```
    #[must_use]
    pub const fn is_winning_proof(self) -> bool {
        self.is_mate() || self.is_known_win()
    }

    /// Mated or a known loss for the side to move.
    ///
    /// ```
    /// use kpk_score::Score;
    /// assert!(Score::mated_in(0).is_losing_proof());
    /// ```
    #[must_use]
    pub const fn is_losing_proof(self) -> bool {
        self.is_mated() || self.is_known_loss()
    }

    /// A value of the heuristic band, `[-EVAL_MAX, EVAL_MAX]`.
    ///
    /// ```
    /// use kpk_score::Score;
    /// assert!(Score::eval(123).is_heuristic() && !Score::mate_in(3).is_heuristic());
    /// ```
    #[must_use]
    pub const fn is_heuristic(self) -> bool {
        self.0 >= -EVAL_MAX && self.0 <= EVAL_MAX
    }

    /// The mate distance from the root, `None` outside the mate bands.
    ///
    /// [`Mate`] keeps the two ends apart that a signed number of plies would merge:
    /// [`Score::MATE`] is `Mating(0)` (the side to move has given mate) and [`Score::MATED`] is
    /// `Mated(0)` (the side to move is checkmated).
    ///
    /// ```
    /// # use kpk_score::{Mate, Score};
    /// assert_eq!(Score::mate_in(7).mate(), Some(Mate::Mating(7)));
    /// assert_eq!(Score::mated_in(6).mate(), Some(Mate::Mated(6)));
    /// assert_eq!(Score::MATED.mate(), Some(Mate::Mated(0)));
    /// assert_eq!(Score::MATE.mate(), Some(Mate::Mating(0)));
    /// assert_eq!(Score::eval(10).mate(), None);
    /// ```
    #[must_use]
    pub const fn mate(self) -> Option<Mate> {
        if self.is_mate() {
            Some(Mate::Mating((MATE - self.0).unsigned_abs()))
        } else if self.is_mated() {
            Some(Mate::Mated((MATE + self.0).unsigned_abs()))
        } else {
            None
        }
    }

    /// The UCI `mate N` value, `None` outside the mate bands: `|N| = (plies + 1) / 2` full
    /// moves, positive if the side to move mates, negative if it is mated. See [`Mate::uci_moves`]
    /// for the rule and why.
    ///
    /// ```
    /// # use kpk_score::Score;
    /// assert_eq!(Score::mate_in(1).uci_mate_moves(), Some(1));
    /// assert_eq!(Score::mate_in(3).uci_mate_moves(), Some(2));
    /// assert_eq!(Score::mated_in(2).uci_mate_moves(), Some(-1));
    /// assert_eq!(Score::MATED.uci_mate_moves(), Some(0));
    /// ```
    #[must_use]
    pub const fn uci_mate_moves(self) -> Option<i32> {
        match self.mate() {
            Some(m) => Some(m.uci_moves()),
            None => None,
        }
    }

    /// `self + delta`, or `None` if the result leaves `[-INFINITE, INFINITE]`.
    ///
    /// ```
    /// # use kpk_score::Score;
    /// assert_eq!(Score::new(10).checked_add(5), Some(Score::new(15)));
    /// assert_eq!(Score::INFINITE.checked_add(1), None);
    /// ```
    #[must_use]
    pub const fn checked_add(self, delta: i32) -> Option<Score> {
        match self.0.checked_add(delta) {
            Some(v) if v >= -INFINITE && v <= INFINITE => Some(Score(v)),
            _ => None,
        }
    }

    /// `self - delta`, or `None` if the result leaves `[-INFINITE, INFINITE]`.
    ///
    /// ```
    /// use kpk_score::Score;
    /// assert_eq!(Score::new(0).checked_sub(16_384), Some(Score::NEG_INFINITE));
    /// assert_eq!(Score::new(0).checked_sub(16_385), None);
    /// ```
    #[must_use]
    pub const fn checked_sub(self, delta: i32) -> Option<Score> {
        match self.0.checked_sub(delta) {
            Some(v) if v >= -INFINITE && v <= INFINITE => Some(Score(v)),
            _ => None,
        }
    }

    /// `self + delta`, saturated at `±INFINITE`.
    ///
    /// ```
    /// # use kpk_score::Score;
    /// assert_eq!(Score::MATE.saturating_add(i32::MAX), Score::INFINITE);
    /// ```
    #[must_use]
    pub const fn saturating_add(self, delta: i32) -> Score {
        Score(clamp(self.0.saturating_add(delta), -INFINITE, INFINITE))
    }

    /// `self - delta`, saturated at `±INFINITE`.
    ///
    /// ```
    /// use kpk_score::Score;
    /// assert_eq!(Score::MATED.saturating_sub(100), Score::NEG_INFINITE);
    /// ```
    #[must_use]
    pub const fn saturating_sub(self, delta: i32) -> Score {
        Score(clamp(self.0.saturating_sub(delta), -INFINITE, INFINITE))
    }

    /// Adds a heuristic term and saturates the sum into the heuristic band. Proofs (mates,
    /// known wins and losses) and infinities are returned unchanged.
    ///
    /// ```
    /// # use kpk_score::Score;
    /// assert_eq!(Score::eval(3_990).add_eval(50), Score::EVAL_MAX);
    /// assert_eq!(Score::mate_in(3).add_eval(50), Score::mate_in(3));
    /// ```
    #[must_use]
    pub const fn add_eval(self, centipawns: i32) -> Score {
        if self.is_heuristic() { Score::eval(self.0.saturating_add(centipawns)) } else { self }
    }
}

/// `-score`, the negamax step. Every band maps onto its mirror image; the type's invariant
/// (`|v| <= INFINITE`) means it cannot overflow.
impl Neg for Score {
    type Output = Score;
    fn neg(self) -> Score {
        Score(-self.0)
    }
}

/// Shows the band and what the value means: `Score(cp 35)`, `Score(mate in 3 plies)`.
impl fmt::Debug for Score {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.mate() {
            Some(Mate::Mating(0)) => write!(f, "Score(mate given)"),
            Some(Mate::Mating(p)) => write!(f, "Score(mate in {p} plies)"),
            Some(Mate::Mated(0)) => write!(f, "Score(checkmated)"),
            Some(Mate::Mated(p)) => write!(f, "Score(mated in {p} plies)"),
            None if self.is_known_win() => write!(f, "Score(known win, {})", KNOWN_WIN - self.0),
            None if self.is_known_loss() => {
                write!(f, "Score(known loss, {})", KNOWN_WIN + self.0)
            }
            None if self.0 >= INFINITE => write!(f, "Score(+infinite)"),
            None if self.0 <= -INFINITE => write!(f, "Score(-infinite)"),
            None => write!(f, "Score(cp {})", self.0),
        }
    }
}

/// A mate distance from the root, in plies, with the side that mates.
///
/// | variant | score | UCI |
/// |---|---|---|
/// | `Mating(n)`, `n >= 1` | `MATE - n` | `mate (n + 1) / 2` |
/// | `Mating(0)` | [`Score::MATE`]: mate given; no node with moves has it | `mate +0` |
/// | `Mated(0)` | [`Score::MATED`]: the side to move is checkmated | `mate 0` |
/// | `Mated(n)`, `n >= 1` | `MATED + n` | `mate -((n + 1) / 2)` |
///
/// ```
/// use kpk_score::{Mate, Score};
/// assert_eq!(Mate::Mating(3).score(), Score::mate_in(3));
/// assert_eq!(Mate::Mated(4).plies(), 4);
/// assert_eq!(Mate::Mated(4).uci_moves(), -2);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Mate {
    /// The side to move mates in this many plies from the root.
    Mating(u32),
    /// The side to move is mated in this many plies from the root.
    Mated(u32),
}

impl Mate {
    /// The number of plies, whichever side mates.
    #[must_use]
    pub const fn plies(self) -> u32 {
        match self {
            Mate::Mating(n) | Mate::Mated(n) => n,
        }
    }

    /// The score of this distance.
    #[must_use]
    pub const fn score(self) -> Score {
        match self {
            Mate::Mating(n) => Score::mate_in(n),
            Mate::Mated(n) => Score::mated_in(n),
        }
    }

    /// UCI's `mate N`: full moves, `|N| = (plies + 1) / 2` on both sides, negative when mated.
    ///
    /// One rule for both signs, so that `-score` always prints the negated number. A search
    /// produces winning mates at odd plies from the root (`2k - 1` plies is `mate k`: the winner
    /// makes `k` moves) and losing ones at even plies (`2k` plies is `mate -k`: the loser makes
    /// `k` moves); an odd losing distance, as seen from a node below the root, is rounded up
    /// like a winning one. `Mating(0)` has no UCI word (a side with moves cannot have already
    /// given mate) and returns `0`, as does `Mated(0)`, which is UCI's `mate 0`.
    ///
    /// ```
    /// use kpk_score::Mate;
    /// assert_eq!(Mate::Mating(5).uci_moves(), 3);
    /// assert_eq!(Mate::Mated(5).uci_moves(), -3);
    /// assert_eq!(Mate::Mated(6).uci_moves(), -3);
    /// ```
    #[must_use]
    pub const fn uci_moves(self) -> i32 {
        let moves = self.plies().div_ceil(2);
        // at most 2^31 moves; saturate the one value that does not fit
        #[allow(clippy::cast_possible_wrap)]
        let moves = if moves > i32::MAX as u32 { i32::MAX } else { moves as i32 };
        match self {
            Mate::Mating(_) => moves,
            Mate::Mated(_) => -moves,
        }
    }
}

const fn clamp(v: i32, lo: i32, hi: i32) -> i32 {
    if v < lo {
        lo
    } else if v > hi {
        hi
    } else {
        v
    }
}

/// `ply` as an `i32`, at most `max`.
const fn clamp_ply(ply: u32, max: i32) -> i32 {
    // `max` is a positive band width, so the comparison in u32 is exact.
    #[allow(clippy::cast_sign_loss)]
    let max_u = max as u32;
    if ply > max_u {
        max
    } else {
        #[allow(clippy::cast_possible_wrap)]
        let p = ply as i32; // ply <= max <= i32::MAX
        p
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bands::{KNOWN_WIN_SPAN, MATED};

    #[test]
    fn mate_constructors_cover_their_bands_exactly() {
        for ply in 0..=MAX_PLY.unsigned_abs() {
            let m = Score::mate_in(ply);
            assert!(m.is_mate() && !m.is_known_win() && !m.is_heuristic());
            assert_eq!(m.band(), Band::Mate);
            assert_eq!(-m, Score::mated_in(ply));
            assert!(Score::mated_in(ply).is_mated());
            assert_eq!(m.mate(), Some(Mate::Mating(ply)));
            assert_eq!((-m).mate(), Some(Mate::Mated(ply)));
            assert_eq!(Mate::Mating(ply).score(), m);
        }
        assert_eq!(Score::mate_in(MAX_PLY.unsigned_abs() + 5), Score::mate_in(256));
        assert_eq!(Score::mated_in(0).get(), MATED);
    }

    #[test]
    fn known_win_constructors_cover_their_band() {
        for d in 0..=KNOWN_WIN_SPAN.unsigned_abs() {
            let w = Score::known_win_in(d);
            assert!(w.is_known_win() && w.is_decisive() && !w.is_mate());
            assert_eq!(-w, Score::known_loss_in(d));
            assert!(Score::known_loss_in(d).is_known_loss());
            assert!(w < Score::mate_in(256) && w > Score::EVAL_MAX);
        }
    }

    #[test]
    fn eval_saturates_every_input_into_the_heuristic_band() {
        for v in [i32::MIN, -1_000_000, -4001, -4000, -1, 0, 1, 4000, 4001, 12_000, i32::MAX] {
            let s = Score::eval(v);
            assert!(s.is_heuristic() && !s.is_decisive(), "{v}");
            assert_eq!(s.get(), v.clamp(-EVAL_MAX, EVAL_MAX));
        }
    }

    #[test]
    fn uci_mate_moves_follow_one_rule_for_both_signs() {
        for plies in 1..=256u32 {
            let n = i32::try_from(plies.div_ceil(2)).unwrap();
            assert_eq!(Score::mate_in(plies).uci_mate_moves(), Some(n));
            // symmetric under negation, odd distances included: mated in 1 and in 2 are both
            // "mate -1", mated in 3 is "mate -2"
            assert_eq!(Score::mated_in(plies).uci_mate_moves(), Some(-n));
        }
        assert_eq!(Score::mated_in(1).uci_mate_moves(), Some(-1));
        assert_eq!(Score::mated_in(3).uci_mate_moves(), Some(-2));
        assert_eq!(Mate::Mating(u32::MAX).uci_moves(), i32::MAX);
        assert_eq!(Mate::Mated(u32::MAX).uci_moves(), -i32::MAX);
    }

    #[test]
    fn mate_given_and_checkmated_are_distinct() {
        assert_eq!(Score::MATE.mate(), Some(Mate::Mating(0)));
        assert_eq!(Score::MATED.mate(), Some(Mate::Mated(0)));
        assert_ne!(Score::MATE.mate(), Score::MATED.mate());
        extern crate std;
        use std::format;
        assert_eq!(format!("{:?}", Score::MATE), "Score(mate given)");
        assert_eq!(format!("{:?}", Score::MATED), "Score(checkmated)");
        assert_eq!(format!("{:?}", Score::mated_in(4)), "Score(mated in 4 plies)");
    }

    #[test]
    fn every_constructor_keeps_the_invariant() {
        for v in
            [i32::MIN, i32::MIN + 1, -INFINITE - 1, -INFINITE, 0, INFINITE, INFINITE + 1, i32::MAX]
        {
            let s = Score::new(v);
            assert!(s.get().abs() <= INFINITE, "{v}");
            assert_eq!(s.get(), v.clamp(-INFINITE, INFINITE));
            assert_eq!((-s).get(), -s.get());
            assert_eq!(Score::try_new(v).is_some(), v.abs_diff(0) <= INFINITE.unsigned_abs());
        }
        for ply in [0, 1, 255, 256, 257, u32::MAX] {
            for s in [
                Score::mate_in(ply),
                Score::mated_in(ply),
                Score::known_win_in(ply),
                Score::known_loss_in(ply),
            ] {
                assert!(s.get().abs() <= INFINITE);
            }
        }
    }

    #[test]
    fn checked_and_saturating_arithmetic_stop_at_infinity() {
        assert_eq!(Score::new(16_380).checked_add(4), Some(Score::INFINITE));
        assert_eq!(Score::new(16_380).checked_add(5), None);
        assert_eq!(Score::new(-16_380).checked_sub(5), None);
        assert_eq!(Score::new(0).checked_add(i32::MAX), None);
        assert_eq!(Score::new(0).saturating_sub(i32::MAX), Score::NEG_INFINITE);
        assert_eq!(Score::new(7).saturating_add(-10), Score::new(-3));
    }
}
