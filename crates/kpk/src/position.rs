//! A validated King+Pawn vs King position.

use core::fmt;

use crate::{Color, Square, Wdl};

/// The kind of a man.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Role {
    /// A king.
    King,
    /// A queen.
    Queen,
    /// A rook.
    Rook,
    /// A bishop.
    Bishop,
    /// A knight.
    Knight,
    /// A pawn.
    Pawn,
}

impl Role {
    /// The English name, lowercase.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Role::King => "king",
            Role::Queen => "queen",
            Role::Rook => "rook",
            Role::Bishop => "bishop",
            Role::Knight => "knight",
            Role::Pawn => "pawn",
        }
    }

    /// The FEN letter of a white man (`K`, `Q`, `R`, `B`, `N`, `P`).
    #[must_use]
    pub const fn upper_char(self) -> char {
        match self {
            Role::King => 'K',
            Role::Queen => 'Q',
            Role::Rook => 'R',
            Role::Bishop => 'B',
            Role::Knight => 'N',
            Role::Pawn => 'P',
        }
    }
}

/// One of the three men of a KPK position: a colour and a role.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Man {
    /// Its colour.
    pub color: Color,
    /// King or pawn.
    pub role: Role,
}

impl fmt::Display for Man {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {}", self.color, self.role.name())
    }
}

/// Why three men and a side to move are not a legal KPK position.
///
/// Checked in this order, and the first broken rule is reported: two men on one square, a pawn
/// on its first or last rank, kings next to each other, the side not to move in check.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum PositionError {
    /// Two men stand on one square.
    SameSquare {
        /// The square.
        square: Square,
        /// One man on it.
        first: Man,
        /// The other man on it.
        second: Man,
    },
    /// The pawn stands on rank 1 or rank 8.
    PawnOnBackRank {
        /// The pawn's square.
        pawn: Square,
        /// The pawn's colour.
        color: Color,
    },
    /// The kings touch.
    KingsAdjacent {
        /// The white king's square.
        white_king: Square,
        /// The black king's square.
        black_king: Square,
    },
    /// A second king for one side.
    ExtraKing {
        /// Where it stands.
        square: Square,
        /// Its colour.
        color: Color,
    },
    /// The side not to move is in check.
    OpponentInCheck {
        /// The colour in check, which is not to move.
        color: Color,
        /// Its king's square.
        king: Square,
        /// The checking man.
        checker: Man,
        /// The checking man's square.
        from: Square,
    },
}

impl fmt::Display for PositionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            PositionError::SameSquare { square, first, second } => {
                write!(f, "{first} and {second} are both on {square}")
            }
            PositionError::PawnOnBackRank { pawn, color } => {
                write!(f, "{color} pawn on {pawn}: pawns cannot stand on rank 1 or 8")
            }
            PositionError::KingsAdjacent { white_king, black_king } => {
                write!(f, "kings on {white_king} and {black_king} are adjacent")
            }
            PositionError::ExtraKing { square, color } => {
                write!(f, "a second {color} king on {square}: each side has exactly one king")
            }
            PositionError::OpponentInCheck { color, king, checker, from } => write!(
                f,
                "{color} king on {king} is in check from the {checker} on {from}, but it is {} to move",
                color.other()
            ),
        }
    }
}

impl core::error::Error for PositionError {}

/// A legal King+Pawn vs King position: the side with the pawn ("strong"), its king and pawn,
/// the defending king, and the side to move.
///
/// ```
/// use kpk::{Color, KpkPosition, Wdl};
///
/// let sq = |s: &str| s.parse().unwrap();
/// // White: Ke6, Pe5; Black: Ke8; White to move wins (the king is in front of its pawn).
/// let pos = KpkPosition::new(Color::White, sq("e6"), sq("e5"), sq("e8"), Color::White).unwrap();
/// assert_eq!(pos.probe(), Wdl::Win);
///
/// // Two men on one square is not a position:
/// let err = KpkPosition::new(Color::White, sq("e6"), sq("e6"), sq("e8"), Color::White);
/// assert_eq!(err.unwrap_err().to_string(), "white king and white pawn are both on e6");
/// ```
///
/// The position is packed into one `u32` so that a probe reads it with a single load:
///
/// | bits | field |
/// |---|---|
/// | 2-7 | the strong king's square |
/// | 16-21 | the pawn's square |
/// | 22 | the pawn's colour (`White = 0`) |
/// | 23 | the side to move (`White = 0`) |
/// | 24-29 | the weak king's square |
///
/// Bits 16-23 are the key of the bitbase's normalisation table, and the other fields sit where
/// one `xor` with that key turns them into the table's word index and bit.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct KpkPosition(u32);

impl KpkPosition {
    /// Validates a position. `strong` is the colour that owns the pawn.
    ///
    /// # Errors
    /// The first broken rule, as a [`PositionError`].
    pub const fn new(
        strong: Color,
        strong_king: Square,
        pawn: Square,
        weak_king: Square,
        side_to_move: Color,
    ) -> Result<KpkPosition, PositionError> {
        let weak = strong.other();
        let sk = Man { color: strong, role: Role::King };
        let sp = Man { color: strong, role: Role::Pawn };
        let wk = Man { color: weak, role: Role::King };
        if strong_king.index() == pawn.index() {
            return Err(PositionError::SameSquare { square: pawn, first: sk, second: sp });
        }
        if strong_king.index() == weak_king.index() {
            return Err(PositionError::SameSquare { square: weak_king, first: sk, second: wk });
        }
        if pawn.index() == weak_king.index() {
            return Err(PositionError::SameSquare { square: pawn, first: sp, second: wk });
        }
        let rank = pawn.rank().index();
        if rank == 0 || rank == 7 {
            return Err(PositionError::PawnOnBackRank { pawn, color: strong });
        }
        if strong_king.is_adjacent(weak_king) {
            let (white_king, black_king) = match strong {
                Color::White => (strong_king, weak_king),
                Color::Black => (weak_king, strong_king),
            };
            return Err(PositionError::KingsAdjacent { white_king, black_king });
        }
        if side_to_move as u8 == strong as u8 && pawn_attacks(strong, pawn) & weak_king.bit() != 0 {
            return Err(PositionError::OpponentInCheck {
                color: weak,
                king: weak_king,
                checker: sp,
                from: pawn,
            });
        }
        Ok(KpkPosition(
            (strong_king.index() as u32) << 2
                | (pawn.index() as u32) << 16
                | (strong as u32) << 22
                | (side_to_move as u32) << 23
                | (weak_king.index() as u32) << 24,
        ))
    }

    /// The packed representation (see the type's documentation).
    #[must_use]
    pub const fn packed(&self) -> u32 {
        self.0
    }

    const fn square_at(&self, shift: u32) -> Square {
        Square::ALL[((self.0 >> shift) & 63) as usize]
    }

    const fn color_at(&self, shift: u32) -> Color {
        if (self.0 >> shift) & 1 == 0 { Color::White } else { Color::Black }
    }

    /// The colour that owns the pawn.
    #[must_use]
    pub const fn strong_side(&self) -> Color {
        self.color_at(22)
    }
    /// The king of the side with the pawn.
    #[must_use]
    pub const fn strong_king(&self) -> Square {
        self.square_at(2)
    }
    /// The pawn.
    #[must_use]
    pub const fn pawn(&self) -> Square {
        self.square_at(16)
    }
    /// The defending king.
    #[must_use]
    pub const fn weak_king(&self) -> Square {
        self.square_at(24)
    }
    /// The side to move.
    #[must_use]
    pub const fn side_to_move(&self) -> Color {
        self.color_at(23)
    }
    /// Whether the side with the pawn is to move.
    #[must_use]
    pub const fn strong_to_move(&self) -> bool {
        (self.0 >> 22) & 1 == (self.0 >> 23) & 1
    }

    /// Whether the side to move is in check (only the defending king can be).
    #[must_use]
    pub const fn is_check(&self) -> bool {
        !self.strong_to_move()
            && pawn_attacks(self.strong_side(), self.pawn()) & self.weak_king().bit() != 0
    }

    /// Win, draw or loss for the side to move, from the embedded bitbase.
    #[must_use]
    pub fn probe(&self) -> Wdl {
        crate::bitbase::probe(self)
    }
}

impl fmt::Debug for KpkPosition {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("KpkPosition")
            .field("strong_side", &self.strong_side())
            .field("strong_king", &self.strong_king())
            .field("pawn", &self.pawn())
            .field("weak_king", &self.weak_king())
            .field("side_to_move", &self.side_to_move())
            .finish()
    }
}

/// Squares attacked by a pawn of `color` on `pawn`.
#[must_use]
pub const fn pawn_attacks(color: Color, pawn: Square) -> u64 {
    const NOT_A: u64 = !0x0101_0101_0101_0101;
    const NOT_H: u64 = !0x8080_8080_8080_8080;
    let b = pawn.bit();
    match color {
        Color::White => ((b << 7) & NOT_H) | ((b << 9) & NOT_A),
        Color::Black => ((b >> 9) & NOT_H) | ((b >> 7) & NOT_A),
    }
}

#[cfg(test)]
mod tests {
    extern crate std;
    use std::string::ToString;

    use super::*;

    fn sq(s: &str) -> Square {
        s.parse().unwrap()
    }

    #[test]
    fn every_rule_is_named() {
        let w = Color::White;
        let b = Color::Black;
        let cases = [
            (
                KpkPosition::new(w, sq("e1"), sq("e2"), sq("e2"), w),
                "white pawn and black king are both on e2",
            ),
            (
                KpkPosition::new(w, sq("e1"), sq("e2"), sq("e1"), w),
                "white king and black king are both on e1",
            ),
            (
                KpkPosition::new(b, sq("a1"), sq("e8"), sq("h8"), w),
                "black pawn on e8: pawns cannot stand on rank 1 or 8",
            ),
            (
                KpkPosition::new(b, sq("d4"), sq("e7"), sq("e5"), w),
                "kings on e5 and d4 are adjacent",
            ),
            (
                KpkPosition::new(w, sq("a1"), sq("e4"), sq("d5"), w),
                "black king on d5 is in check from the white pawn on e4, but it is white to move",
            ),
            (
                KpkPosition::new(b, sq("a8"), sq("e4"), sq("f3"), b),
                "white king on f3 is in check from the black pawn on e4, but it is black to move",
            ),
        ];
        for (result, message) in cases {
            assert_eq!(result.unwrap_err().to_string(), message);
        }
        // The defender may be in check when it is his move.
        let pos = KpkPosition::new(w, sq("a1"), sq("e4"), sq("d5"), b).unwrap();
        assert!(pos.is_check());
    }
}
