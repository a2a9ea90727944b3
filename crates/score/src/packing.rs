//! Narrow storage for transposition tables: 16-bit, 15-bit and float fields.
//!
//! Scores are computed in 32 bits and stored in fewer. A [`Score`] always lies in
//! `[-INFINITE, INFINITE]`, so the 16-bit and float fields store every score; the 15-bit fields
//! store every score but `+INFINITE` (never a node value), and that one narrowing is checked and
//! returns a [`PackError`]. Decoding a field that can hold a non-score (an `i16` beyond
//! `±INFINITE`, a float that is not a finite score) is checked too.
//!
//! | field | bits | range stored | encode | decode |
//! |---|---|---|---|---|
//! | [`Field::I16`] | 16 | `-INFINITE..=INFINITE` | infallible | checked |
//! | [`Field::Bits15`] | 15 | `-16384..=16383` (two's complement) | checked | shiftless sign extension `((x & 0x7FFF) ^ 0x4000) - 0x4000` |
//! | [`Field::Offset15`] | 15 | `-16384..=16383` stored as `v + 16384` | checked | `(x & 0x7FFF) - 16384` |
//! | [`Field::F32`] | 32 | `-INFINITE..=INFINITE`, as `f32` pawns | infallible | round to the nearest centipawn, checked |
//! The 15-bit field leaves one bit of a 16-bit word free (for a bound flag, say); it can also be
//! read straight out of a wider entry word with [`Score::extract15`].
//!
//! ```
//! use kpk_score::{Score, packing::Field, PackError};
//!
//! let s = Score::mated_in(6);
//! let bits = s.pack15().unwrap();
//! assert!(bits < 0x8000);
//! assert_eq!(Score::unpack15(bits), s);
//! let entry: u64 = 0xABCD_0000_0000 | (u64::from(bits) << 17);
//! assert_eq!(Score::extract15::<17>(entry), s);
//! let e: PackError = Score::INFINITE.pack15().unwrap_err();
//! assert_eq!((e.value, e.field), (16_384, Field::Bits15));
//! ```

use core::fmt;

use crate::Score;
use crate::bands::INFINITE;

const SIGN15: i32 = 0x4000;
const MASK15: i32 = 0x7FFF;

/// A storage format for a score.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Field {
    /// A native `i16`.
    I16,
    /// A 15-bit two's-complement field.
    Bits15,
    /// A 15-bit field storing `value + 16384`.
    Offset15,
    /// An `f32` in pawns.
    F32,
}

impl Field {
    /// The inclusive range of scores the field stores.
    ///
    /// ```
    /// use kpk_score::packing::Field;
    /// assert_eq!(Field::Bits15.range(), (-16_384, 16_383));
    /// assert_eq!(Field::I16.range(), (-16_384, 16_384));
    /// ```
    #[must_use]
    pub const fn range(self) -> (i32, i32) {
        match self {
            Field::I16 | Field::F32 => (-INFINITE, INFINITE),
            Field::Bits15 | Field::Offset15 => (-SIGN15, SIGN15 - 1),
        }
    }

    const fn check(self, value: i32) -> Result<(), PackError> {
        let (lo, hi) = self.range();
        if value < lo || value > hi { Err(PackError { value, field: self }) } else { Ok(()) }
    }
}

impl fmt::Display for Field {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Field::I16 => "16-bit",
            Field::Bits15 => "15-bit two's-complement",
            Field::Offset15 => "15-bit offset",
            Field::F32 => "32-bit float",
        })
    }
}

/// A score that does not fit the field it was to be stored in, or stored bits that are not a
/// score.
#[non_exhaustive]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct PackError {
    /// The raw value that does not fit (for a float field: `i32::MIN` for bits that are not a
    /// finite score).
    pub value: i32,
    /// The field it was meant for.
    pub field: Field,
}

impl fmt::Display for PackError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (lo, hi) = self.field.range();
        if self.field == Field::F32 && self.value == i32::MIN {
            write!(f, "stored 32-bit float field is not a finite score")
        } else {
            write!(f, "score {} does not fit a {} field ({lo}..={hi})", self.value, self.field)
        }
    }
}

impl core::error::Error for PackError {}

impl Score {
    /// The score as an `i16`: every score fits.
    ///
    /// ```
    /// use kpk_score::Score;
    /// assert_eq!(Score::mate_in(1).to_i16(), 16_382);
    /// assert_eq!(Score::INFINITE.to_i16(), 16_384);
    /// ```
    #[must_use]
    pub const fn to_i16(self) -> i16 {
        // |v| <= INFINITE < i16::MAX by the type's invariant
        #[allow(clippy::cast_possible_truncation)]
        let v = self.0 as i16;
        v
    }

    /// A score read from an `i16`.
    ///
    /// # Errors
    /// A [`PackError`] for values beyond `±INFINITE`, which no score has.
    ///
    /// ```
    /// use kpk_score::Score;
    /// assert_eq!(Score::from_i16(-7), Ok(Score::new(-7)));
    /// assert!(Score::from_i16(20_000).is_err());
    /// ```
    pub const fn from_i16(v: i16) -> Result<Score, PackError> {
        match Field::I16.check(v as i32) {
            Ok(()) => Ok(Score(v as i32)),
            Err(e) => Err(e),
        }
    }

    /// The score as a 15-bit two's-complement field in the low bits of a `u16` (bit 15 is zero).
    ///
    /// # Errors
    /// A [`PackError`] for values outside `-16384..=16383`.
    ///
    /// ```
    /// use kpk_score::Score;
    /// assert_eq!(Score::new(-1).pack15(), Ok(0x7FFF));
    /// ```
    pub const fn pack15(self) -> Result<u16, PackError> {
        match Field::Bits15.check(self.0) {
            #[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)]
            Ok(()) => Ok((self.0 & MASK15) as u16), // masked to 15 bits
            Err(e) => Err(e),
        }
    }

    /// Decodes a 15-bit two's-complement field from the low bits of `bits` (bit 15 is ignored)
    /// with the shiftless sign extension `((x & 0x7FFF) ^ 0x4000) - 0x4000`.
    ///
    /// ```
    /// use kpk_score::Score;
    /// assert_eq!(Score::unpack15(0x7FFF), Score::new(-1));
    /// assert_eq!(Score::unpack15(0x4000), Score::new(-16_384));
    /// ```
    #[must_use]
    pub const fn unpack15(bits: u16) -> Score {
        Score(((bits as i32 & MASK15) ^ SIGN15) - SIGN15)
    }

    /// Decodes the 15-bit two's-complement field that starts at bit `SHIFT` of a 64-bit entry.
    ///
    /// The field must lie inside the entry, `SHIFT <= 49`; a larger shift is a compile-time
    /// error, not a silently truncated read.
    ///
    /// ```
    /// use kpk_score::Score;
    /// let entry = u64::from(Score::new(-300).pack15().unwrap()) << 40;
    /// assert_eq!(Score::extract15::<40>(entry), Score::new(-300));
    /// ```
    ///
    /// ```compile_fail
    /// # use kpk_score::Score;
    /// let _ = Score::extract15::<50>(0); // bits 50..65 are not inside a u64
    /// ```
    #[must_use]
    pub const fn extract15<const SHIFT: u32>(entry: u64) -> Score {
        const { assert!(SHIFT <= 64 - 15, "a 15-bit field must lie inside the 64-bit entry") };
        let x = (entry >> SHIFT) & 0x7FFF;
        #[allow(clippy::cast_possible_truncation)]
        Score(((x as i32) ^ SIGN15) - SIGN15) // x < 2^15
    }

    /// The score as a 15-bit field storing `value + 16384` (an unsigned value, no sign bit).
    ///
    /// # Errors
    /// A [`PackError`] for values outside `-16384..=16383`.
    ///
    /// ```
    /// use kpk_score::Score;
    /// assert_eq!(Score::new(-16_384).pack15_offset(), Ok(0));
    /// assert_eq!(Score::new(0).pack15_offset(), Ok(16_384));
    /// ```
    pub const fn pack15_offset(self) -> Result<u16, PackError> {
        match Field::Offset15.check(self.0) {
            #[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)]
            Ok(()) => Ok((self.0 + SIGN15) as u16), // in 0..=0x7FFF
            Err(e) => Err(e),
        }
    }

    /// Decodes a 15-bit offset field from the low bits of `bits` (bit 15 is ignored).
    ///
    /// ```
    /// use kpk_score::Score;
    /// assert_eq!(Score::unpack15_offset(16_385), Score::new(1));
    /// ```
    #[must_use]
    pub const fn unpack15_offset(bits: u16) -> Score {
        Score((bits as i32 & MASK15) - SIGN15)
    }

    /// The score as the bits of an `f32` holding pawns (`cp / 100`): every score fits.
    ///
    /// ```
    /// use kpk_score::Score;
    /// let bits = Score::new(150).to_f32_bits();
    /// assert_eq!(f32::from_bits(bits), 1.5);
    /// ```
    #[must_use]
    pub fn to_f32_bits(self) -> u32 {
        self.to_pawns().to_bits()
    }

    /// Decodes an `f32` field holding pawns, rounding to the nearest centipawn.
    ///
    /// # Errors
    /// A [`PackError`] for NaN, infinities and values outside `-INFINITE..=INFINITE`.
    ///
    /// ```
    /// use kpk_score::Score;
    /// assert_eq!(Score::from_f32_bits(2.25f32.to_bits()), Ok(Score::new(225)));
    /// assert!(Score::from_f32_bits(f32::NAN.to_bits()).is_err());
    /// ```
    pub fn from_f32_bits(bits: u32) -> Result<Score, PackError> {
        let pawns = f32::from_bits(bits);
        let limit = (INFINITE + 1) as f32 / 100.0;
        if !pawns.is_finite() || pawns.abs() > limit {
            return Err(PackError { value: i32::MIN, field: Field::F32 });
        }
        let cp = pawns * 100.0;
        // |cp| <= INFINITE + 1 here, so the truncating casts are exact.
        #[allow(clippy::cast_possible_truncation)]
        let t = cp as i32;
        #[allow(clippy::cast_precision_loss)]
        let frac = cp - t as f32;
        let v = if frac >= 0.5 {
            t + 1
        } else if frac <= -0.5 {
            t - 1
        } else {
            t
        };
        Field::F32.check(v)?;
        Ok(Score(v))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every score there is.
    fn every_score() -> impl Iterator<Item = Score> {
        (-INFINITE..=INFINITE).map(Score::new)
    }

    #[test]
    fn every_field_accepts_exactly_its_range() {
        for field in [Field::I16, Field::Bits15, Field::Offset15, Field::F32] {
            let (lo, hi) = field.range();
            for s in every_score() {
                let accepted = match field {
                    Field::I16 | Field::F32 => true,
                    Field::Bits15 => s.pack15().is_ok(),
                    Field::Offset15 => s.pack15_offset().is_ok(),
                };
                assert_eq!(accepted, (lo..=hi).contains(&s.get()), "{field:?} {s:?}");
            }
        }
        assert_eq!(
            Score::INFINITE.pack15(),
            Err(PackError { value: INFINITE, field: Field::Bits15 })
        );
    }

    #[test]
    fn i16_round_trips_every_score_and_rejects_every_other_value() {
        for s in every_score() {
            assert_eq!(Score::from_i16(s.to_i16()), Ok(s));
        }
        for v in i16::MIN..=i16::MAX {
            let inside = i32::from(v).abs() <= INFINITE;
            match Score::from_i16(v) {
                Ok(s) => assert!(inside && s.get() == i32::from(v)),
                Err(e) => assert!(!inside && e == PackError { value: v.into(), field: Field::I16 }),
            }
        }
    }

    #[test]
    fn bits15_round_trips_every_value_and_rejects_every_other() {
        for s in every_score() {
            let inside = s.get() <= 16_383;
            match s.pack15() {
                Ok(bits) => {
                    assert!(inside && bits <= 0x7FFF);
                    assert_eq!(Score::unpack15(bits), s);
                    assert_eq!(Score::unpack15(bits | 0x8000), s, "bit 15 ignored");
                    let wide = u64::from(bits);
                    assert_eq!(Score::extract15::<0>(!0x7FFF | wide), s);
                    assert_eq!(Score::extract15::<1>(!(0x7FFF << 1) | wide << 1), s);
                    assert_eq!(Score::extract15::<16>(!(0x7FFF << 16) | wide << 16), s);
                    assert_eq!(Score::extract15::<33>(!(0x7FFF << 33) | wide << 33), s);
                    assert_eq!(Score::extract15::<49>(!(0x7FFF << 49) | wide << 49), s);
                }
                Err(e) => assert!(!inside && e.value == s.get() && e.field == Field::Bits15),
            }
            match s.pack15_offset() {
                Ok(bits) => {
                    assert!(inside && bits <= 0x7FFF);
                    assert_eq!(Score::unpack15_offset(bits), s);
                }
                Err(e) => assert!(!inside && e.field == Field::Offset15),
            }
        }
    }

    #[test]
    fn every_15_bit_pattern_decodes_to_a_distinct_value() {
        let mut seen = [false; 1 << 15];
        for bits in 0..=0x7FFFu16 {
            let v = Score::unpack15(bits).get();
            assert!((-16_384..=16_383).contains(&v));
            let slot = usize::try_from(v + 16_384).unwrap();
            assert!(!seen[slot]);
            seen[slot] = true;
            assert_eq!(Score::new(v).pack15(), Ok(bits));
        }
    }

    #[test]
    fn f32_field_round_trips_every_value_and_rejects_the_rest() {
        for s in every_score() {
            assert_eq!(Score::from_f32_bits(s.to_f32_bits()), Ok(s), "{s:?}");
        }
        for bad in [f32::NAN, f32::INFINITY, f32::NEG_INFINITY, 1e6, -200.0] {
            assert!(Score::from_f32_bits(bad.to_bits()).is_err(), "{bad}");
        }
    }

    #[test]
    fn errors_name_the_value_and_the_field() {
        extern crate std;
        use std::string::ToString;
        let e = Score::INFINITE.pack15().unwrap_err();
        assert_eq!(
            e.to_string(),
            "score 16384 does not fit a 15-bit two's-complement field (-16384..=16383)"
        );
        let e = Score::from_i16(-20_000).unwrap_err();
        assert_eq!(e.to_string(), "score -20000 does not fit a 16-bit field (-16384..=16384)");
    }
}
