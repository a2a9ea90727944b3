//! Why a position or a move is rejected: errors that name the squares and the rule.

use core::fmt;

use crate::{Color, Man, Square};

/// Why men and a side to move are not a legal position.
///
/// Checked in this order, and the first broken rule is reported: a king as the extra man, two
/// men on one square, a pawn on its first or last rank, kings next to each other, the side not
/// to move in check.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
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
    /// A square index above 63, given to a probe that takes raw squares.
    SquareOutOfRange {
        /// The index.
        index: u8,
    },
    /// Bitboards that do not hold exactly one king of each colour and one pawn (and nothing
    /// else, with no square in two boards of one kind).
    NotKpk,
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
            PositionError::SquareOutOfRange { index } => {
                write!(f, "square index {index} is not a square (a1 = 0 ... h8 = 63)")
            }
            PositionError::NotKpk => f.write_str(
                "the bitboards do not hold exactly one king of each colour and one pawn",
            ),
        }
    }
}

impl core::error::Error for PositionError {}
