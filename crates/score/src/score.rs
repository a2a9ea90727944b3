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
/// | value | sign | meaning |
/// |---|---|---|
/// | `MATE - n` | `+` | the side to move mates in `n` plies from the root |
/// | `MATED + n` | `-` | the side to move is mated in `n` plies from the root (`n` even) |
/// | `KNOWN_WIN - n` | `+` | a proven win, `n` = plies from the root plus a progress term |
/// | `-EVAL_MAX..=EVAL_MAX` | either | a heuristic evaluation or a draw |
///
/// ```
/// use kpk_score::Score;
///
/// let best = Score::mate_in(5).max(Score::mate_in(3));
/// assert_eq!(best, Score::mate_in(3));          // shorter mates are better
/// assert!(Score::mated_in(8) > Score::mated_in(2)); // longer defences are better
/// assert_eq!(Score::mate_in(5).mate_plies(), Some(5));
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

    /// Wraps a raw value as it is, whatever band it is in.
    ///
    /// ```
    /// # use kpk_score::Score;
    /// assert_eq!(Score::new(-42).get(), -42);
    /// ```
    #[must_use]
    pub const fn new(v: i32) -> Score {
        Score(v)
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

    /// Plies to mate from the root: positive if the side to move mates, negative if it is
    /// mated, `None` outside the mate bands. Mated now is `Some(0)`.
    ///
    /// ```
    /// # use kpk_score::Score;
    /// assert_eq!(Score::mate_in(7).mate_plies(), Some(7));
    /// assert_eq!(Score::mated_in(6).mate_plies(), Some(-6));
    /// assert_eq!(Score::MATED.mate_plies(), Some(0));
    /// assert_eq!(Score::eval(10).mate_plies(), None);
    /// ```
    #[must_use]
    pub const fn mate_plies(self) -> Option<i32> {
        if self.is_mate() {
            Some(MATE - self.0)
        } else if self.is_mated() {
            Some(-(MATE + self.0))
        } else {
            None
        }
    }

    /// The UCI `mate N` value: `N = (plies + 1) / 2` full moves, positive if the side to move
    /// mates, negative (or `0` when mated now) if it is mated.
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
        match self.mate_plies() {
            Some(p) if p > 0 => Some((p + 1) / 2),
            Some(p) => Some(-((-p + 1) / 2)),
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

/// `-score`, the negamax step. Every band maps onto its mirror image.
impl Neg for Score {
    type Output = Score;
    fn neg(self) -> Score {
        Score(-self.0)
    }
}

/// Shows the band and what the value means: `Score(cp 35)`, `Score(mate in 3 plies)`.
impl fmt::Debug for Score {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.mate_plies() {
            Some(p) if p > 0 => write!(f, "Score(mate in {p} plies)"),
            Some(p) => write!(f, "Score(mated in {} plies)", -p),
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
            assert_eq!(m.mate_plies(), Some(i32::try_from(ply).unwrap()));
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
    fn uci_mate_moves_follow_the_design_formula() {
        for plies in 1..=255u32 {
            let n = i32::try_from(plies.div_ceil(2)).unwrap();
            assert_eq!(Score::mate_in(plies).uci_mate_moves(), Some(n));
            let back = i32::try_from(plies / 2).unwrap();
            // mated in an even number of plies 2k is "mate -k"
            if plies % 2 == 0 {
                assert_eq!(Score::mated_in(plies).uci_mate_moves(), Some(-back));
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
