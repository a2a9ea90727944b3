//! A validated King+Pawn vs King position: the placement every KPK answer starts from.

use core::fmt;

use crate::{Color, Endgame, PositionError, Role, Square};

/// The men of a KPK position and the side to move, each named, before validation: a setup
/// cannot swap the king and the pawn without saying so.
///
/// ```
/// use kpk::{Color, KpkPosition, KpkSetup, Square};
///
/// let setup = KpkSetup {
///     strong_side: Color::White,
///     strong_king: Square::E6,
///     pawn: Square::E5,
///     weak_king: Square::E8,
///     side_to_move: Color::Black,
/// };
/// let pos = KpkPosition::new(setup).unwrap();
/// assert_eq!(pos.setup(), setup);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct KpkSetup {
    /// The colour that owns the pawn.
    pub strong_side: Color,
    /// The king of the side with the pawn.
    pub strong_king: Square,
    /// The pawn.
    pub pawn: Square,
    /// The defending king.
    pub weak_king: Square,
    /// The side to move.
    pub side_to_move: Color,
}

/// A legal King+Pawn vs King position: the side with the pawn ("strong"), its king and pawn,
/// the defending king, and the side to move.
///
/// ```
/// use kpk::{Color, KpkPosition, KpkSetup, Square, Wdl};
///
/// // White: Ke6, Pe5; Black: Ke8; White to move wins (the king is in front of its pawn).
/// let setup = KpkSetup {
///     strong_side: Color::White,
///     strong_king: Square::E6,
///     pawn: Square::E5,
///     weak_king: Square::E8,
///     side_to_move: Color::White,
/// };
/// assert_eq!(KpkPosition::new(setup).unwrap().probe(), Wdl::Win);
///
/// // Two men on one square is not a position:
/// let err = KpkPosition::new(KpkSetup { pawn: Square::E6, ..setup });
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
    /// Validates a setup.
    ///
    /// # Errors
    /// The first broken rule, as a [`PositionError`] that names the squares.
    pub fn new(setup: KpkSetup) -> Result<KpkPosition, PositionError> {
        KpkPosition::from_parts(
            setup.strong_side,
            setup.strong_king,
            setup.pawn,
            setup.weak_king,
            setup.side_to_move,
        )
    }

    /// The named men and side to move of this position.
    #[must_use]
    pub const fn setup(&self) -> KpkSetup {
        KpkSetup {
            strong_side: self.strong_side(),
            strong_king: self.strong_king(),
            pawn: self.pawn(),
            weak_king: self.weak_king(),
            side_to_move: self.side_to_move(),
        }
    }

    /// Every legal KPK position: both pawn colours, every file, both sides to move (662,704 in
    /// all: 331,352 for each pawn colour), in a fixed order.
    ///
    /// ```
    /// use kpk::{Color, KpkPosition};
    /// assert_eq!(KpkPosition::all().count(), 2 * 331_352);
    /// let white = KpkPosition::all().filter(|p| p.strong_side() == Color::White).count();
    /// assert_eq!(white, 331_352);
    /// ```
    pub fn all() -> impl Iterator<Item = KpkPosition> {
        Color::ALL.into_iter().flat_map(|strong| {
            Color::ALL.into_iter().flat_map(move |stm| {
                Square::ALL.into_iter().flat_map(move |sk| {
                    Square::ALL.into_iter().flat_map(move |pawn| {
                        Square::ALL.into_iter().filter_map(move |wk| {
                            KpkPosition::from_parts(strong, sk, pawn, wk, stm).ok()
                        })
                    })
                })
            })
        })
    }

    /// Validates a position from its parts; `strong` owns the pawn. The checks are
    /// [`Endgame::new`](crate::Endgame::new)'s, in its order, so a setup gets one error
    /// whichever type validates it.
    pub(crate) fn from_parts(
        strong: Color,
        strong_king: Square,
        pawn: Square,
        weak_king: Square,
        side_to_move: Color,
    ) -> Result<KpkPosition, PositionError> {
        KpkPosition::validate(strong, strong_king, pawn, weak_king, side_to_move)?;
        Ok(KpkPosition::from_legal_parts(strong, strong_king, pawn, weak_king, side_to_move))
    }

    /// [`Endgame::new`](crate::Endgame::new)'s checks of a KPK setup, the crate's one
    /// validation.
    fn validate(
        strong: Color,
        strong_king: Square,
        pawn: Square,
        weak_king: Square,
        side_to_move: Color,
    ) -> Result<(), PositionError> {
        Endgame::new(crate::EndgameSetup {
            strong_side: strong,
            strong_king,
            extra: Some((Role::Pawn, pawn)),
            weak_king,
            side_to_move,
        })
        .map(|_| ())
    }

    /// A position from parts known to be legal (those of an [`Endgame`](crate::Endgame), legal by
    /// construction under the same rules), packed without the checks of [`KpkPosition::new`].
    /// Only a misuse of [`Endgame::play_unchecked`](crate::Endgame::play_unchecked) can bring
    /// other parts: the position is then of no meaning, as that function documents, and nothing
    /// panics (the crate's tests check every position it makes by the legal way).
    pub(crate) fn from_legal_parts(
        strong: Color,
        strong_king: Square,
        pawn: Square,
        weak_king: Square,
        side_to_move: Color,
    ) -> KpkPosition {
        KpkPosition(
            u32::from(strong_king.index()) << 2
                | u32::from(pawn.index()) << 16
                | (strong as u32) << 22
                | (side_to_move as u32) << 23
                | u32::from(weak_king.index()) << 24,
        )
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
}

impl Endgame {
    /// The KPK position, if the extra man is a pawn.
    #[must_use]
    pub fn as_kpk(&self) -> Option<KpkPosition> {
        match self.extra() {
            // an `Endgame` is legal by construction, under the same rules as a `KpkPosition`
            Some((Role::Pawn, pawn)) => Some(KpkPosition::from_legal_parts(
                self.strong_side(),
                self.strong_king(),
                pawn,
                self.weak_king(),
                self.side_to_move(),
            )),
            _ => None,
        }
    }
}

impl From<KpkPosition> for Endgame {
    fn from(p: KpkPosition) -> Endgame {
        Endgame::from_legal_parts(
            p.strong_side(),
            p.strong_king(),
            Some((Role::Pawn, p.pawn())),
            p.weak_king(),
            p.side_to_move(),
        )
    }
}

impl TryFrom<KpkSetup> for KpkPosition {
    type Error = PositionError;
    fn try_from(setup: KpkSetup) -> Result<KpkPosition, PositionError> {
        KpkPosition::new(setup)
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
                KpkPosition::from_parts(w, sq("e1"), sq("e2"), sq("e2"), w),
                "white pawn and black king are both on e2",
            ),
            (
                KpkPosition::from_parts(w, sq("e1"), sq("e2"), sq("e1"), w),
                "white king and black king are both on e1",
            ),
            (
                KpkPosition::from_parts(b, sq("a1"), sq("e8"), sq("h8"), w),
                "black pawn on e8: pawns cannot stand on rank 1 or 8",
            ),
            (
                KpkPosition::from_parts(b, sq("d4"), sq("e7"), sq("e5"), w),
                "kings on e5 and d4 are adjacent",
            ),
            (
                KpkPosition::from_parts(w, sq("a1"), sq("e4"), sq("d5"), w),
                "black king on d5 is in check from the white pawn on e4, but it is white to move",
            ),
            (
                KpkPosition::from_parts(b, sq("a8"), sq("e4"), sq("f3"), b),
                "white king on f3 is in check from the black pawn on e4, but it is black to move",
            ),
        ];
        for (result, message) in cases {
            assert_eq!(result.unwrap_err().to_string(), message);
        }
        // The defender may be in check when it is his move.
        let pos = KpkPosition::from_parts(w, sq("a1"), sq("e4"), sq("d5"), b).unwrap();
        assert!(pos.is_check());
    }
}
