//! The value bands of a [`Score`](crate::Score), as `i32` constants.
//!
//! | constant | value | what it is |
//! |---|---|---|
//! | [`INFINITE`] | 16384 | above every score; a window bound, never a node's value |
//! | [`MATE`] | 16383 | `i16::MAX / 2`: the side to move has just mated (mate in 0 plies) |
//! | [`MAX_PLY`] | 256 | the deepest ply a mate distance can be counted from the root |
//! | [`MATE_IN_MAX_PLY`] | 16127 | `MATE - MAX_PLY`: the lowest mate score |
//! | [`KNOWN_WIN`] | 15000 | top of the known-win band (a proven win found at the root) |
//! | [`KNOWN_WIN_SPAN`] | 1000 | plies from the root plus progress terms a known win may carry |
//! | [`KNOWN_WIN_MIN`] | 14000 | the lowest known-win score |
//! | [`EVAL_MAX`] | 4000 | 40 pawns: heuristic evaluations saturate here |
//! | [`MATED`], ... | negations | the losing bands mirror the winning ones |
//!
//! The bands are ordered and separated by gaps:
//! `EVAL_MAX < KNOWN_WIN_MIN`, `KNOWN_WIN < MATE_IN_MAX_PLY`, `MATE < INFINITE`.
//! Everything fits 15 bits (`-16384..=16383`) except `+INFINITE`, which is never stored.
//!
//! ```
//! use kpk_score::bands::*;
//! assert!(EVAL_MAX < KNOWN_WIN_MIN && KNOWN_WIN < MATE_IN_MAX_PLY && MATE < INFINITE);
//! assert_eq!(MATE, i16::MAX as i32 / 2);
//! ```

/// Above every score: the initial alpha-beta window is `(-INFINITE, INFINITE)`.
pub const INFINITE: i32 = 16_384;
/// The score of having mated: `i16::MAX / 2`. A mate in `n` plies scores `MATE - n`.
pub const MATE: i32 = 16_383;
/// The score of being checkmated: `-MATE`. Mated in `n` plies scores `MATED + n`.
pub const MATED: i32 = -MATE;
/// The deepest ply from the root at which a mate distance is still counted.
pub const MAX_PLY: i32 = 256;
/// The lowest score of the mate band, `MATE - MAX_PLY`.
pub const MATE_IN_MAX_PLY: i32 = MATE - MAX_PLY;
/// The highest score of the mated band, `MATED + MAX_PLY`.
pub const MATED_IN_MAX_PLY: i32 = MATED + MAX_PLY;
/// The top of the known-win band: a win proven by a recognizer or a bitbase at the root.
pub const KNOWN_WIN: i32 = 15_000;
/// How far below [`KNOWN_WIN`] a known win may sit: plies from the root plus a progress term.
pub const KNOWN_WIN_SPAN: i32 = 1_000;
/// The lowest score of the known-win band.
pub const KNOWN_WIN_MIN: i32 = KNOWN_WIN - KNOWN_WIN_SPAN;
/// The bottom of the known-loss band, `-KNOWN_WIN`.
pub const KNOWN_LOSS: i32 = -KNOWN_WIN;
/// The highest score of the known-loss band, `-KNOWN_WIN_MIN`.
pub const KNOWN_LOSS_MAX: i32 = -KNOWN_WIN_MIN;
/// Heuristic evaluations saturate into `[-EVAL_MAX, EVAL_MAX]` (40 pawns in centipawns).
pub const EVAL_MAX: i32 = 4_000;
/// One pawn in the internal unit: scores are centipawns.
pub const PAWN: i32 = 100;

/// Which band a score falls in, from the side to move's point of view.
///
/// ```
/// use kpk_score::{Score, bands::Band};
/// assert_eq!(Score::mated_in(4).band(), Band::Mated);
/// assert_eq!(Score::eval(35).band(), Band::Heuristic);
/// assert_eq!(Score::new(9_000).band(), Band::Gap);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Band {
    /// At or below `-INFINITE`: a window bound.
    NegInfinite,
    /// `[MATED, MATED_IN_MAX_PLY]`: the side to move is mated.
    Mated,
    /// `[KNOWN_LOSS, KNOWN_LOSS_MAX]`: proven loss without an exact mate distance.
    KnownLoss,
    /// `[-EVAL_MAX, EVAL_MAX]`: heuristic evaluations (and draws).
    Heuristic,
    /// `[KNOWN_WIN_MIN, KNOWN_WIN]`: proven win without an exact mate distance.
    KnownWin,
    /// `[MATE_IN_MAX_PLY, MATE]`: the side to move mates.
    Mate,
    /// At or above `INFINITE`: a window bound.
    Infinite,
    /// Between two bands: no well-formed score lands here.
    Gap,
}

impl Band {
    /// The band's name in `snake_case`: `"neg_infinite"`, `"mated"`, `"known_loss"`,
    /// `"heuristic"`, `"known_win"`, `"mate"`, `"infinite"`, `"gap"`.
    ///
    /// ```
    /// use kpk_score::{Score, bands::Band};
    /// assert_eq!(Score::known_win_in(30).band().name(), "known_win");
    /// ```
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Band::NegInfinite => "neg_infinite",
            Band::Mated => "mated",
            Band::KnownLoss => "known_loss",
            Band::Heuristic => "heuristic",
            Band::KnownWin => "known_win",
            Band::Mate => "mate",
            Band::Infinite => "infinite",
            Band::Gap => "gap",
        }
    }

    /// The band of a raw value.
    ///
    /// ```
    /// use kpk_score::bands::{Band, KNOWN_WIN};
    /// assert_eq!(Band::of(KNOWN_WIN), Band::KnownWin);
    /// assert_eq!(Band::of(-16_383), Band::Mated);
    /// ```
    #[must_use]
    pub const fn of(v: i32) -> Band {
        if v <= -INFINITE {
            Band::NegInfinite
        } else if v >= INFINITE {
            Band::Infinite
        } else if v >= MATE_IN_MAX_PLY {
            Band::Mate
        } else if v <= MATED_IN_MAX_PLY {
            if v >= MATED { Band::Mated } else { Band::Gap }
        } else if v >= KNOWN_WIN_MIN && v <= KNOWN_WIN {
            Band::KnownWin
        } else if v >= KNOWN_LOSS && v <= KNOWN_LOSS_MAX {
            Band::KnownLoss
        } else if v >= -EVAL_MAX && v <= EVAL_MAX {
            Band::Heuristic
        } else {
            Band::Gap
        }
    }

    /// The inclusive range of a band, `None` for [`Band::Gap`].
    ///
    /// ```
    /// use kpk_score::bands::{Band, EVAL_MAX};
    /// assert_eq!(Band::Heuristic.range(), Some((-EVAL_MAX, EVAL_MAX)));
    /// assert_eq!(Band::Gap.range(), None);
    /// ```
    #[must_use]
    pub const fn range(self) -> Option<(i32, i32)> {
        Some(match self {
            Band::NegInfinite => (i32::MIN, -INFINITE),
            Band::Mated => (MATED, MATED_IN_MAX_PLY),
            Band::KnownLoss => (KNOWN_LOSS, KNOWN_LOSS_MAX),
            Band::Heuristic => (-EVAL_MAX, EVAL_MAX),
            Band::KnownWin => (KNOWN_WIN_MIN, KNOWN_WIN),
            Band::Mate => (MATE_IN_MAX_PLY, MATE),
            Band::Infinite => (INFINITE, i32::MAX),
            Band::Gap => return None,
        })
    }

    /// Every band but [`Band::Gap`], lowest first.
    pub const ORDERED: [Band; 7] = [
        Band::NegInfinite,
        Band::Mated,
        Band::KnownLoss,
        Band::Heuristic,
        Band::KnownWin,
        Band::Mate,
        Band::Infinite,
    ];
}

// The layout is checked where it is written: ordered bands with gaps, 15-bit storage.
const _: () = assert!(EVAL_MAX < KNOWN_WIN_MIN - 1 && KNOWN_WIN < MATE_IN_MAX_PLY - 1);
const _: () = assert!(MATE < INFINITE && -INFINITE >= -(1 << 14) && MATE < (1 << 14));

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bands_are_ordered_disjoint_and_separated_by_gaps() {
        let ranges = Band::ORDERED.map(|b| b.range().unwrap());
        for (lo, hi) in ranges {
            assert!(lo <= hi);
        }
        for pair in ranges.windows(2) {
            let (_, hi) = pair[0];
            let (lo, _) = pair[1];
            // Infinity touches the mate band directly; every other pair leaves a gap.
            assert!(hi < lo, "{pair:?} overlap");
        }
        for pair in ranges[1..6].windows(2) {
            assert!(pair[1].0 - pair[0].1 > 1, "no gap between {pair:?}");
        }
    }

    #[test]
    fn band_of_agrees_with_ranges_at_every_15_bit_value() {
        for v in -16_400..=16_400 {
            let b = Band::of(v);
            match b.range() {
                Some((lo, hi)) => assert!(lo <= v && v <= hi, "{v} {b:?}"),
                None => {
                    assert!(Band::ORDERED.iter().all(|b| {
                        let (lo, hi) = b.range().unwrap();
                        v < lo || v > hi
                    }));
                }
            }
        }
    }

    #[test]
    fn bands_mirror_under_negation() {
        for v in -16_384..=16_384 {
            let mirrored = match Band::of(v) {
                Band::NegInfinite => Band::Infinite,
                Band::Mated => Band::Mate,
                Band::KnownLoss => Band::KnownWin,
                Band::Heuristic => Band::Heuristic,
                Band::KnownWin => Band::KnownLoss,
                Band::Mate => Band::Mated,
                Band::Infinite => Band::NegInfinite,
                Band::Gap => Band::Gap,
            };
            assert_eq!(Band::of(-v), mirrored, "{v}");
        }
    }
}
