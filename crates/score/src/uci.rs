//! UCI `score` output and parsing: `cp 23`, `mate 3`, `mate -2`, `lowerbound`, `upperbound`.
//!
//! | score | UCI |
//! |---|---|
//! | mate in `n` plies | `mate (n + 1) / 2` |
//! | mated in `n` plies | `mate -((n + 1) / 2)`: one rule for both signs ([`Mate::uci_moves`]) |
//! | [`Score::MATED`], checkmated now | `mate 0` |
//! | [`Score::MATE`], mate given | `mate +0`: UCI has no word for it, and no node with moves has it |
//! | known win / loss (`±14000..=±15000`) | `cp 14000` ... `cp 15000`, negated for losses |
//! | heuristic (`-4000..=4000`) | `cp v` |
//!
//! The internal unit is the centipawn, so `cp` is the raw value. Known wins print as `cp` values
//! from 14000 to 15000: far above any heuristic value (at most 4000, 40 pawns), yet far below
//! the 30000-odd values some GUIs read as mates, so no GUI mistakes a bitbase win for a mate
//! and no evaluation for a bitbase win.
//!
//! Parsing is the inverse for every score a search produces at the root (winning mates at an
//! odd number of plies, losing ones at an even number, and both ends of the mate band); `cp`
//! values inside a mate band are rejected, because printing never produces them. `mate -k`
//! reads as mated in `2k` plies, so an odd losing distance (seen from a node below the root)
//! prints the same words as the even distance above it.
//!
//! ```
//! use kpk_score::{Bound, Score, UciScore};
//!
//! assert_eq!(Score::mate_in(5).to_string(), "mate 3");
//! assert_eq!(Score::mated_in(4).to_string(), "mate -2");
//! assert_eq!(Score::new(-23).to_string(), "cp -23");
//! let s: UciScore = "cp 40 lowerbound".parse().unwrap();
//! assert_eq!(s, UciScore { score: Score::new(40), bound: Bound::Lower });
//! assert_eq!(s.to_string(), "cp 40 lowerbound");
//! assert!("mate x".parse::<Score>().is_err());
//! ```

use core::fmt;
use core::str::FromStr;

use crate::bands::{INFINITE, MAX_PLY};
use crate::{Bound, Mate, Score};

/// A score with its bound, as UCI prints it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct UciScore {
    /// The value.
    pub score: Score,
    /// [`Bound::Lower`] prints ` lowerbound`, [`Bound::Upper`] prints ` upperbound`.
    pub bound: Bound,
}

/// `cp N` or `mate N`; see the [module docs](crate::uci).
impl fmt::Display for Score {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.mate() {
            Some(Mate::Mating(0)) => f.write_str("mate +0"),
            Some(m) => write!(f, "mate {}", m.uci_moves()),
            None => write!(f, "cp {}", self.0),
        }
    }
}

impl fmt::Display for UciScore {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.score)?;
        match self.bound {
            Bound::Exact => Ok(()),
            Bound::Lower => f.write_str(" lowerbound"),
            Bound::Upper => f.write_str(" upperbound"),
        }
    }
}

/// What is wrong with a UCI score string.
#[non_exhaustive]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ParseScoreError {
    /// The string is empty.
    Empty,
    /// The first word is neither `cp` nor `mate`.
    UnknownKind,
    /// `cp` or `mate` is not followed by a number.
    MissingValue,
    /// The number is not a decimal integer that fits 32 bits.
    InvalidNumber,
    /// `cp N` with `N` inside a mate band (or beyond infinity): printing never produces it.
    CpOutOfRange(i32),
    /// `mate N` with a distance beyond [`MAX_PLY`] plies.
    MateOutOfRange(i32),
    /// A word after the value that is not `lowerbound` or `upperbound`.
    UnknownBound,
    /// More words after the bound.
    TrailingInput,
}

impl fmt::Display for ParseScoreError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ParseScoreError::Empty => write!(f, "empty score"),
            ParseScoreError::UnknownKind => write!(f, "score must start with `cp` or `mate`"),
            ParseScoreError::MissingValue => write!(f, "`cp` or `mate` without a number"),
            ParseScoreError::InvalidNumber => write!(f, "score value is not a 32-bit integer"),
            ParseScoreError::CpOutOfRange(v) => {
                write!(f, "cp {v} is not a centipawn score (mate band or beyond infinity)")
            }
            ParseScoreError::MateOutOfRange(n) => {
                write!(f, "mate {n} is beyond {MAX_PLY} plies")
            }
            ParseScoreError::UnknownBound => {
                write!(f, "expected `lowerbound` or `upperbound` after the value")
            }
            ParseScoreError::TrailingInput => write!(f, "unexpected words after the score"),
        }
    }
}

impl core::error::Error for ParseScoreError {}

fn parse_value<'a>(words: &mut impl Iterator<Item = &'a str>) -> Result<Score, ParseScoreError> {
    let kind = words.next().ok_or(ParseScoreError::Empty)?;
    if kind != "cp" && kind != "mate" {
        return Err(ParseScoreError::UnknownKind);
    }
    let word = words.next().ok_or(ParseScoreError::MissingValue)?;
    let n: i32 = word.parse().map_err(|_| ParseScoreError::InvalidNumber)?;
    if kind == "cp" {
        let s = Score::new(n);
        if n.unsigned_abs() > INFINITE.unsigned_abs() || s.mate().is_some() {
            return Err(ParseScoreError::CpOutOfRange(n));
        }
        Ok(s)
    } else if word == "+0" {
        Ok(Score::MATE)
    } else {
        let plies = if n > 0 { i64::from(n) * 2 - 1 } else { -i64::from(n) * 2 };
        let plies = u32::try_from(plies)
            .ok()
            .filter(|&p| p <= MAX_PLY.unsigned_abs())
            .ok_or(ParseScoreError::MateOutOfRange(n))?;
        Ok(if n > 0 { Score::mate_in(plies) } else { Score::mated_in(plies) })
    }
}

impl FromStr for Score {
    type Err = ParseScoreError;

    /// Parses `cp N` or `mate N`.
    fn from_str(s: &str) -> Result<Score, ParseScoreError> {
        let mut words = s.split_whitespace();
        let score = parse_value(&mut words)?;
        match words.next() {
            None => Ok(score),
            Some("lowerbound" | "upperbound") => Err(ParseScoreError::TrailingInput),
            Some(_) => Err(ParseScoreError::TrailingInput),
        }
    }
}

impl FromStr for UciScore {
    type Err = ParseScoreError;

    /// Parses `cp N` or `mate N`, optionally followed by `lowerbound` or `upperbound`.
    fn from_str(s: &str) -> Result<UciScore, ParseScoreError> {
        let mut words = s.split_whitespace();
        let score = parse_value(&mut words)?;
        let bound = match words.next() {
            None => Bound::Exact,
            Some("lowerbound") => Bound::Lower,
            Some("upperbound") => Bound::Upper,
            Some(_) => return Err(ParseScoreError::UnknownBound),
        };
        if words.next().is_some() {
            return Err(ParseScoreError::TrailingInput);
        }
        Ok(UciScore { score, bound })
    }
}

#[cfg(test)]
mod tests {
    extern crate std;
    use std::format;
    use std::string::ToString;

    use super::*;
    use crate::bands::{KNOWN_WIN, KNOWN_WIN_MIN, MATE};

    /// Every score a search can produce: non-mate values, winning mates at odd plies, losing
    /// mates at even plies.
    fn producible() -> impl Iterator<Item = Score> {
        let plain = (-INFINITE..=INFINITE).map(Score::new).filter(|s| s.mate().is_none());
        let mates =
            (0..=MAX_PLY.unsigned_abs()).filter(|p| p % 2 == 1 || *p == 0).map(Score::mate_in);
        let mated = (0..=MAX_PLY.unsigned_abs()).step_by(2).map(Score::mated_in);
        plain.chain(mates).chain(mated)
    }

    #[test]
    fn display_and_parse_round_trip_with_every_bound() {
        let mut count = 0;
        for s in producible() {
            assert_eq!(s.to_string().parse::<Score>(), Ok(s), "{s:?}");
            for bound in [Bound::Exact, Bound::Lower, Bound::Upper] {
                let u = UciScore { score: s, bound };
                assert_eq!(u.to_string().parse::<UciScore>(), Ok(u));
            }
            count += 1;
        }
        assert!(count > 32_000);
    }

    #[test]
    fn known_wins_print_far_from_heuristics_and_mates() {
        for v in KNOWN_WIN_MIN..=KNOWN_WIN {
            assert_eq!(Score::new(v).to_string(), format!("cp {v}"));
            assert_eq!(Score::new(-v).to_string(), format!("cp {}", -v));
        }
        assert_eq!(Score::EVAL_MAX.to_string(), "cp 4000");
        assert_eq!(Score::new(MATE).to_string(), "mate +0");
        assert_eq!(Score::new(-MATE).to_string(), "mate 0");
        assert_eq!("mate 0".parse::<Score>(), Ok(Score::MATED));
        assert_eq!("mate -0".parse::<Score>(), Ok(Score::MATED));
        assert_eq!("mate +0".parse::<Score>(), Ok(Score::MATE));
    }

    #[test]
    fn malformed_strings_get_precise_errors() {
        let cases = [
            ("", ParseScoreError::Empty),
            ("   ", ParseScoreError::Empty),
            ("score 3", ParseScoreError::UnknownKind),
            ("cp", ParseScoreError::MissingValue),
            ("mate 1.5", ParseScoreError::InvalidNumber),
            ("cp 99999999999", ParseScoreError::InvalidNumber),
            ("cp 16300", ParseScoreError::CpOutOfRange(16_300)),
            ("cp -20000", ParseScoreError::CpOutOfRange(-20_000)),
            ("mate 129", ParseScoreError::MateOutOfRange(129)),
            ("mate -2147483648", ParseScoreError::MateOutOfRange(i32::MIN)),
            ("cp 5 exact", ParseScoreError::UnknownBound),
            ("cp 5 lowerbound x", ParseScoreError::TrailingInput),
        ];
        for (text, err) in cases {
            assert_eq!(text.parse::<UciScore>(), Err(err), "{text:?}");
        }
        assert_eq!("cp 5 lowerbound".parse::<Score>(), Err(ParseScoreError::TrailingInput));
        assert!(!ParseScoreError::UnknownKind.to_string().is_empty());
    }
}
