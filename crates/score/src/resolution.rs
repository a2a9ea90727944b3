//! Fixed-point resolution, floating-point pawn units and grain.
//!
//! A [`Score`]'s internal unit is the centipawn ([`PAWN`] = 100), so UCI `cp` is the raw value of
//! a heuristic score. Engines whose evaluation counts in other units (a pawn = 32, 50, 64, 128,
//! 256 or 1000 units) convert at the boundary with [`Score::from_units`] and
//! [`Score::to_units`]; floating-point evaluations in pawn units use [`Score::from_pawns`] and
//! [`Score::to_pawns`].
//!
//! **Rounding** is to the nearest integer, halves away from zero, everywhere in this module, so
//! every conversion is symmetric under negation: `convert(-x) == -convert(x)`.
//!
//! **Grain** ([`Score::coarsen`]) rounds heuristic values to a multiple of a coarser step (2, 4,
//! 8 ...), which can make MTD(f) converge in fewer passes; mates, known wins and their negations
//! are left untouched, and the result never leaves the heuristic band.
//!
//! ```
//! use kpk_score::{Grain, Resolution, Score};
//!
//! let r = Resolution::new(256).unwrap();       // an engine counting 1/256 pawns
//! let s = Score::from_units(384, r);           // 1.5 pawns
//! assert_eq!(s, Score::new(150));
//! assert_eq!(s.to_units(r), 384);
//! assert_eq!(Score::new(-150).to_units(r), -384);
//! assert_eq!(Score::from_pawns(0.255), Ok(Score::new(26)));
//! assert_eq!(Score::new(37).coarsen(Grain::new(8).unwrap()), Score::new(40));
//! assert_eq!(Score::mate_in(3).coarsen(Grain::new(8).unwrap()), Score::mate_in(3));
//! ```

use core::fmt;

use crate::Score;
use crate::bands::{EVAL_MAX, PAWN};

/// A fixed-point resolution: how many integer units make one pawn.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Resolution(u32);

/// The largest resolution accepted (units per pawn), which keeps every conversion in `i64`.
pub const MAX_UNITS_PER_PAWN: u32 = 1_000_000;

impl Resolution {
    /// 100 units a pawn: the internal unit and UCI's `cp`.
    pub const CENTIPAWN: Resolution = Resolution(100);
    /// 1000 units a pawn.
    pub const MILLIPAWN: Resolution = Resolution(1000);

    /// A resolution of `units_per_pawn` units a pawn, `1..=MAX_UNITS_PER_PAWN`.
    ///
    /// # Errors
    /// [`ResolutionError::Resolution`] for zero or more than [`MAX_UNITS_PER_PAWN`].
    pub const fn new(units_per_pawn: u32) -> Result<Resolution, ResolutionError> {
        if units_per_pawn == 0 || units_per_pawn > MAX_UNITS_PER_PAWN {
            Err(ResolutionError::Resolution(units_per_pawn))
        } else {
            Ok(Resolution(units_per_pawn))
        }
    }

    /// Units per pawn.
    ///
    /// ```
    /// use kpk_score::Resolution;
    /// assert_eq!(Resolution::MILLIPAWN.units_per_pawn(), 1000);
    /// ```
    #[must_use]
    pub const fn units_per_pawn(self) -> u32 {
        self.0
    }
}

/// A rounding step for heuristic scores, in centipawns.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Grain(i32);

impl Grain {
    /// A grain of `step` centipawns, `1..=EVAL_MAX`.
    ///
    /// # Errors
    /// [`ResolutionError::Grain`] for zero or a step wider than the heuristic band.
    pub const fn new(step: u32) -> Result<Grain, ResolutionError> {
        if step == 0 || step > EVAL_MAX.unsigned_abs() {
            Err(ResolutionError::Grain(step))
        } else {
            #[allow(clippy::cast_possible_wrap)]
            let s = step as i32; // step <= EVAL_MAX
            Ok(Grain(s))
        }
    }

    /// The step in centipawns.
    ///
    /// ```
    /// use kpk_score::Grain;
    /// assert_eq!(Grain::new(4).unwrap().step(), 4);
    /// ```
    #[must_use]
    pub const fn step(self) -> u32 {
        self.0.unsigned_abs()
    }
}

/// A conversion parameter or input that cannot be used.
#[non_exhaustive]
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum ResolutionError {
    /// Units per pawn must be in `1..=MAX_UNITS_PER_PAWN`.
    Resolution(u32),
    /// A grain step must be in `1..=EVAL_MAX`.
    Grain(u32),
    /// A floating-point score was NaN.
    NotANumber,
}

impl fmt::Display for ResolutionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ResolutionError::Resolution(u) => {
                write!(f, "resolution of {u} units per pawn is outside 1..={MAX_UNITS_PER_PAWN}")
            }
            ResolutionError::Grain(g) => write!(f, "grain {g} is outside 1..={EVAL_MAX}"),
            ResolutionError::NotANumber => write!(f, "score is NaN"),
        }
    }
}

impl core::error::Error for ResolutionError {}

/// `n / d` rounded to nearest, halves away from zero; `d > 0`.
const fn div_round(n: i64, d: i64) -> i64 {
    if n >= 0 { (n + d / 2) / d } else { -((-n + d / 2) / d) }
}

const fn saturate_i32(v: i64) -> i32 {
    if v > i32::MAX as i64 {
        i32::MAX
    } else if v < i32::MIN as i64 {
        i32::MIN
    } else {
        #[allow(clippy::cast_possible_truncation)]
        let r = v as i32; // checked to be within i32
        r
    }
}

impl Score {
    /// The value in another resolution, rounded to nearest (halves away from zero). Meant for
    /// heuristic values; proofs have no meaning in pawn units.
    ///
    /// ```
    /// use kpk_score::{Resolution, Score};
    /// assert_eq!(Score::new(100).to_units(Resolution::new(32).unwrap()), 32);
    /// ```
    #[must_use]
    pub const fn to_units(self, resolution: Resolution) -> i32 {
        let n = self.0 as i64 * resolution.0 as i64;
        saturate_i32(div_round(n, PAWN as i64))
    }

    /// A value given in another resolution, as centipawns rounded to nearest (halves away from
    /// zero). Not saturated: wrap it in [`Score::eval`] (or use [`Score::eval_from_units`]) for an
    /// evaluation.
    ///
    /// ```
    /// use kpk_score::{Resolution, Score};
    /// assert_eq!(Score::from_units(1500, Resolution::MILLIPAWN), Score::new(150));
    /// ```
    #[must_use]
    pub const fn from_units(units: i32, resolution: Resolution) -> Score {
        let n = units as i64 * PAWN as i64;
        Score::new(saturate_i32(div_round(n, resolution.0 as i64)))
    }

    /// An evaluation given in another resolution, saturated into the heuristic band.
    ///
    /// ```
    /// use kpk_score::{Resolution, Score};
    /// assert_eq!(Score::eval_from_units(1_000_000, Resolution::MILLIPAWN), Score::EVAL_MAX);
    /// ```
    #[must_use]
    pub const fn eval_from_units(units: i32, resolution: Resolution) -> Score {
        Score::eval(Score::from_units(units, resolution).0)
    }

    /// The value in pawns as an `f32` (`cp / 100`).
    ///
    /// ```
    /// # use kpk_score::Score;
    /// assert_eq!(Score::new(-250).to_pawns(), -2.5);
    /// ```
    #[must_use]
    pub fn to_pawns(self) -> f32 {
        // |v| <= 2^24 is exact in f32; larger values are rounded, never wrapped.
        #[allow(clippy::cast_precision_loss)]
        let v = self.0 as f32;
        v / 100.0
    }

    /// An evaluation in pawns, rounded to the nearest centipawn (halves away from zero) and
    /// saturated into the heuristic band; infinities saturate too.
    ///
    /// # Errors
    /// [`ResolutionError::NotANumber`] for NaN.
    ///
    /// ```
    /// use kpk_score::Score;
    /// assert_eq!(Score::from_pawns(-0.125), Ok(Score::new(-13)));
    /// ```
    pub fn from_pawns(pawns: f32) -> Result<Score, ResolutionError> {
        if pawns.is_nan() {
            return Err(ResolutionError::NotANumber);
        }
        let limit = (EVAL_MAX + 1) as f32 / 100.0;
        let clamped = pawns.clamp(-limit, limit);
        Ok(Score::eval(round_half_away(clamped * 100.0)))
    }

    /// Rounds a heuristic value to the nearest multiple of `grain` (halves away from zero),
    /// staying inside the heuristic band. Every value outside the heuristic band (proofs, the
    /// gaps between bands, infinities) is returned unchanged, so rounding can never turn a
    /// value into a proof, and `coarsen(-x) == -coarsen(x)` for every score.
    ///
    /// ```
    /// use kpk_score::{Grain, Score};
    /// let g = Grain::new(4).unwrap();
    /// assert_eq!(Score::new(5).coarsen(g), Score::new(4));
    /// assert_eq!(Score::new(-6).coarsen(g), Score::new(-8));
    /// ```
    #[must_use]
    pub const fn coarsen(self, grain: Grain) -> Score {
        if !self.is_heuristic() {
            return self;
        }
        let g = grain.0 as i64;
        let mut r = div_round(self.0 as i64, g) * g;
        let limit = EVAL_MAX as i64;
        if r > limit {
            r -= g;
        } else if r < -limit {
            r += g;
        }
        Score::new(saturate_i32(r))
    }
}

/// `x` (|x| well inside i32) rounded to nearest, halves away from zero, without `std`.
fn round_half_away(x: f32) -> i32 {
    // |x| <= (EVAL_MAX + 1) here, so the truncating cast is exact in range.
    #[allow(clippy::cast_possible_truncation)]
    let t = x as i32;
    #[allow(clippy::cast_precision_loss)]
    let frac = x - t as f32;
    if frac >= 0.5 {
        t + 1
    } else if frac <= -0.5 {
        t - 1
    } else {
        t
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bands::KNOWN_WIN;

    const RESOLUTIONS: [u32; 8] = [32, 50, 64, 100, 128, 256, 1000, 7];

    #[test]
    fn conversions_are_symmetric_under_negation() {
        for upp in RESOLUTIONS {
            let r = Resolution::new(upp).unwrap();
            for v in -20_000..=20_000 {
                assert_eq!(Score::new(-v).to_units(r), -Score::new(v).to_units(r));
                assert_eq!(Score::from_units(-v, r), -Score::from_units(v, r));
            }
        }
    }

    #[test]
    fn finer_resolutions_round_trip_exactly() {
        for upp in [100, 128, 256, 1000] {
            let r = Resolution::new(upp).unwrap();
            for v in -EVAL_MAX..=EVAL_MAX {
                let s = Score::new(v);
                assert_eq!(Score::from_units(s.to_units(r), r), s, "{upp} {v}");
            }
        }
    }

    #[test]
    fn coarser_resolutions_round_to_nearest() {
        let r = Resolution::new(64).unwrap();
        // 1 unit = 1.5625 cp: 1 unit -> 2 cp, 2 units -> 3 cp (3.125), 8 units -> 12.5 -> 13
        assert_eq!(Score::from_units(1, r).get(), 2);
        assert_eq!(Score::from_units(2, r).get(), 3);
        assert_eq!(Score::from_units(8, r).get(), 13);
        assert_eq!(Score::from_units(-8, r).get(), -13);
        assert_eq!(Score::new(50).to_units(Resolution::new(50).unwrap()), 25);
        assert_eq!(Score::new(1).to_units(Resolution::new(50).unwrap()), 1); // 0.5 -> 1
    }

    #[test]
    fn floats_round_half_away_and_are_symmetric() {
        for v in -EVAL_MAX..=EVAL_MAX {
            let s = Score::new(v);
            assert_eq!(Score::from_pawns(s.to_pawns()), Ok(s), "{v}");
            assert_eq!(Score::from_pawns(-s.to_pawns()), Ok(-s));
        }
        assert_eq!(Score::from_pawns(0.005), Ok(Score::new(1)));
        assert_eq!(Score::from_pawns(-0.005), Ok(Score::new(-1)));
        assert_eq!(Score::from_pawns(f32::INFINITY), Ok(Score::EVAL_MAX));
        assert_eq!(Score::from_pawns(-1e30), Ok(Score::EVAL_MIN));
        assert_eq!(Score::from_pawns(f32::NAN), Err(ResolutionError::NotANumber));
    }

    #[test]
    fn grain_is_symmetric_stays_in_band_and_spares_proofs() {
        for step in [1, 2, 3, 4, 8, 16, 64, 3000] {
            let g = Grain::new(step).unwrap();
            let step = i32::try_from(step).unwrap();
            for v in -16_384..=16_384 {
                let s = Score::new(v);
                let c = s.coarsen(g);
                assert_eq!(Score::new(-v).coarsen(g), -c, "{v} {step}");
                if !s.is_heuristic() {
                    assert_eq!(c, s, "{v} {step}: only heuristic values are rounded");
                } else {
                    assert!(c.is_heuristic(), "{v} {step}");
                    assert_eq!(c.get() % step, 0);
                    assert!((c.get() - v).abs() <= step, "{v} {step}");
                }
            }
        }
        assert_eq!(Score::new(KNOWN_WIN).coarsen(Grain::new(8).unwrap()).get(), KNOWN_WIN);
        // a value in the gap below the mate band stays in the gap, never becomes a mate
        assert_eq!(Score::new(16_126).coarsen(Grain::new(4).unwrap()), Score::new(16_126));
        assert!(!Score::new(16_126).coarsen(Grain::new(4).unwrap()).is_mate());
    }

    #[test]
    fn bad_parameters_are_rejected() {
        assert_eq!(Resolution::new(0), Err(ResolutionError::Resolution(0)));
        assert!(Resolution::new(MAX_UNITS_PER_PAWN + 1).is_err());
        assert_eq!(Grain::new(0), Err(ResolutionError::Grain(0)));
        assert!(Grain::new(4001).is_err());
    }
}
