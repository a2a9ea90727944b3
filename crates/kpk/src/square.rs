//! Squares, files and ranks: a1 = 0, b1 = 1, ..., h8 = 63.

use core::fmt;
use core::str::FromStr;

/// A file, `a` (0) to `h` (7).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct File(u8);

/// A rank, `1` (0) to `8` (7).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Rank(u8);

/// A square of the board, numbered `a1 = 0, b1 = 1, ..., h8 = 63` (as in shakmaty and most
/// engines).
///
/// ```
/// use kpk::Square;
///
/// let e4: Square = "e4".parse().unwrap();
/// assert_eq!(e4.index(), 28);
/// assert_eq!(e4.file().index(), 4);
/// assert_eq!(e4.rank().index(), 3);
/// assert_eq!(e4.flip_vertical().to_string(), "e5");
/// assert_eq!(e4.flip_horizontal().to_string(), "d4");
/// assert_eq!(Square::new(64), None);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Square(u8);

impl File {
    /// The file of index `0..=7`.
    #[must_use]
    pub const fn new(index: u8) -> Option<File> {
        if index < 8 { Some(File(index)) } else { None }
    }
    /// `0` for the a-file ... `7` for the h-file.
    #[must_use]
    pub const fn index(self) -> u8 {
        self.0
    }
    /// `'a'` ... `'h'`.
    #[must_use]
    pub const fn char(self) -> char {
        (b'a' + self.0) as char
    }
}

impl Rank {
    /// The rank of index `0..=7` (rank 1 is index 0).
    #[must_use]
    pub const fn new(index: u8) -> Option<Rank> {
        if index < 8 { Some(Rank(index)) } else { None }
    }
    /// `0` for rank 1 ... `7` for rank 8.
    #[must_use]
    pub const fn index(self) -> u8 {
        self.0
    }
    /// `'1'` ... `'8'`.
    #[must_use]
    pub const fn char(self) -> char {
        (b'1' + self.0) as char
    }
}

impl Square {
    /// Every square, a1 first.
    pub const ALL: [Square; 64] = {
        let mut all = [Square(0); 64];
        let mut i: u8 = 0;
        while i < 64 {
            all[i as usize] = Square(i);
            i += 1;
        }
        all
    };

    /// The square of index `0..=63`.
    #[must_use]
    pub const fn new(index: u8) -> Option<Square> {
        if index < 64 { Some(Square(index)) } else { None }
    }

    /// The square on `file` and `rank`.
    #[must_use]
    pub const fn from_coords(file: File, rank: Rank) -> Square {
        Square(rank.0 * 8 + file.0)
    }

    /// The index, `0..=63`.
    #[must_use]
    pub const fn index(self) -> u8 {
        self.0
    }

    /// The file.
    #[must_use]
    pub const fn file(self) -> File {
        File(self.0 & 7)
    }

    /// The rank.
    #[must_use]
    pub const fn rank(self) -> Rank {
        Rank(self.0 >> 3)
    }

    /// The square seen from the other side: rank 1 and 8 swap.
    #[must_use]
    pub const fn flip_vertical(self) -> Square {
        Square(self.0 ^ 56)
    }

    /// The square mirrored across the d/e line: a-file and h-file swap.
    #[must_use]
    pub const fn flip_horizontal(self) -> Square {
        Square(self.0 ^ 7)
    }

    /// King distance (Chebyshev): the number of king steps from one square to the other.
    ///
    /// ```
    /// # use kpk::Square;
    /// let a1 = Square::new(0).unwrap();
    /// let h8 = Square::new(63).unwrap();
    /// assert_eq!(a1.distance(h8), 7);
    /// ```
    #[must_use]
    pub const fn distance(self, other: Square) -> u8 {
        let df = (self.0 & 7).abs_diff(other.0 & 7);
        let dr = (self.0 >> 3).abs_diff(other.0 >> 3);
        if df > dr { df } else { dr }
    }

    /// Whether a king on `self` attacks `other` (distance 1).
    #[must_use]
    pub const fn is_adjacent(self, other: Square) -> bool {
        self.distance(other) == 1
    }

    /// The one-bit bitboard of this square.
    #[must_use]
    pub const fn bit(self) -> u64 {
        1 << self.0
    }
}

impl fmt::Display for File {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.char())
    }
}

impl fmt::Display for Rank {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.char())
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use fmt::Write as _;
        f.write_char(self.file().char())?;
        f.write_char(self.rank().char())
    }
}

/// A square name that is not `a1` ... `h8`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct ParseSquareError;

/// A square index outside `0..=63`.
///
/// ```
/// use kpk::{Square, SquareIndexError};
/// let err = Square::try_from(64u8).unwrap_err();
/// assert_eq!(err, SquareIndexError { index: 64 });
/// assert_eq!(err.to_string(), "square index 64 is outside 0..=63 (a1 = 0, h8 = 63)");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SquareIndexError {
    /// The index given.
    pub index: u8,
}

impl fmt::Display for SquareIndexError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "square index {} is outside 0..=63 (a1 = 0, h8 = 63)", self.index)
    }
}

impl core::error::Error for SquareIndexError {}

impl fmt::Display for ParseSquareError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("invalid square name: expected a file a-h and a rank 1-8, such as e4")
    }
}

impl core::error::Error for ParseSquareError {}

impl FromStr for Square {
    type Err = ParseSquareError;

    fn from_str(s: &str) -> Result<Square, ParseSquareError> {
        match s.as_bytes() {
            &[f @ b'a'..=b'h', r @ b'1'..=b'8'] => Ok(Square((r - b'1') * 8 + (f - b'a'))),
            _ => Err(ParseSquareError),
        }
    }
}

impl From<Square> for u8 {
    fn from(sq: Square) -> u8 {
        sq.0
    }
}

impl TryFrom<u8> for Square {
    type Error = SquareIndexError;
    fn try_from(index: u8) -> Result<Square, SquareIndexError> {
        Square::new(index).ok_or(SquareIndexError { index })
    }
}

macro_rules! square_constants {
    ($($name:ident = $index:expr),* $(,)?) => {
        /// Named squares: `Square::A1` ... `Square::H8`.
        impl Square {
            $(
                #[doc = concat!("The square ", stringify!($name), ".")]
                pub const $name: Square = Square($index);
            )*
        }
    };
}

square_constants! {
    A1 = 0, B1 = 1, C1 = 2, D1 = 3, E1 = 4, F1 = 5, G1 = 6, H1 = 7,
    A2 = 8, B2 = 9, C2 = 10, D2 = 11, E2 = 12, F2 = 13, G2 = 14, H2 = 15,
    A3 = 16, B3 = 17, C3 = 18, D3 = 19, E3 = 20, F3 = 21, G3 = 22, H3 = 23,
    A4 = 24, B4 = 25, C4 = 26, D4 = 27, E4 = 28, F4 = 29, G4 = 30, H4 = 31,
    A5 = 32, B5 = 33, C5 = 34, D5 = 35, E5 = 36, F5 = 37, G5 = 38, H5 = 39,
    A6 = 40, B6 = 41, C6 = 42, D6 = 43, E6 = 44, F6 = 45, G6 = 46, H6 = 47,
    A7 = 48, B7 = 49, C7 = 50, D7 = 51, E7 = 52, F7 = 53, G7 = 54, H7 = 55,
    A8 = 56, B8 = 57, C8 = 58, D8 = 59, E8 = 60, F8 = 61, G8 = 62, H8 = 63,
}

#[cfg(test)]
mod tests {
    extern crate std;
    use std::string::ToString;

    use super::*;

    #[test]
    fn names_round_trip_for_every_square() {
        for sq in Square::ALL {
            assert_eq!(sq.to_string().parse::<Square>(), Ok(sq));
            assert_eq!(Square::from_coords(sq.file(), sq.rank()), sq);
            assert_eq!(sq.flip_vertical().flip_vertical(), sq);
            assert_eq!(sq.flip_horizontal().file().index(), 7 - sq.file().index());
        }
        for bad in ["", "e", "i1", "a9", "a0", "e44", "E4"] {
            assert_eq!(bad.parse::<Square>(), Err(ParseSquareError), "{bad}");
        }
    }

    #[test]
    fn named_constants_and_indices_agree() {
        assert_eq!(Square::E4.to_string(), "e4");
        assert_eq!(Square::H8.index(), 63);
        for i in 0..=255u8 {
            match Square::try_from(i) {
                Ok(sq) => assert_eq!(sq.index(), i),
                Err(e) => {
                    assert!(i >= 64);
                    assert!(e.to_string().contains("outside 0..=63"), "{e}");
                    assert!(!e.to_string().contains("name"));
                }
            }
        }
    }

    #[test]
    fn distance_matches_the_king_step_count() {
        for a in Square::ALL {
            for b in Square::ALL {
                let d = a.distance(b);
                assert_eq!(d, b.distance(a));
                assert_eq!(d == 0, a == b);
                assert_eq!(a.is_adjacent(b), d == 1);
            }
        }
    }
}
