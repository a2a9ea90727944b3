//! Moves and move lists.

use core::fmt;

use crate::geometry::{
    KING, KNIGHT, bishop_attacks, black_pawn_attacks, rook_attacks, white_pawn_attacks,
};
use crate::{Color, Role, Square};

/// A move: from, to, and the piece a pawn promotes to.
///
/// Any value can be built; [`Endgame::play`](crate::Endgame::play) checks that it is legal.
///
/// ```
/// use kpk::{Move, Role, Square};
/// let m = Move { from: Square::E7, to: Square::E8, promotion: Some(Role::Queen) };
/// assert_eq!(m.to_string(), "e7e8q");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Move {
    /// The square the man leaves.
    pub from: Square,
    /// The square it reaches.
    pub to: Square,
    /// The new piece of a promotion.
    pub promotion: Option<Role>,
}

/// UCI notation: `e7e8q`.
impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use fmt::Write as _;
        fmt::Display::fmt(&self.from, f)?;
        fmt::Display::fmt(&self.to, f)?;
        match self.promotion {
            Some(role) => f.write_char(role.upper_char().to_ascii_lowercase()),
            None => Ok(()),
        }
    }
}

/// The legal moves of a position: at most 8 king moves and 27 queen moves.
#[derive(Clone, Copy, Debug)]
pub struct MoveList {
    moves: [Move; 40],
    len: usize,
}

impl MoveList {
    pub(crate) const fn new() -> MoveList {
        let none = Move { from: Square::ALL[0], to: Square::ALL[0], promotion: None };
        MoveList { moves: [none; 40], len: 0 }
    }

    pub(crate) fn push(&mut self, m: Move) {
        self.moves[self.len] = m;
        self.len += 1;
    }

    /// The moves as a slice.
    #[must_use]
    pub fn as_slice(&self) -> &[Move] {
        &self.moves[..self.len]
    }

    /// How many moves.
    #[must_use]
    pub const fn len(&self) -> usize {
        self.len
    }

    /// Whether there is no legal move.
    #[must_use]
    pub const fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The moves.
    pub fn iter(&self) -> core::slice::Iter<'_, Move> {
        self.as_slice().iter()
    }
}

impl<'a> IntoIterator for &'a MoveList {
    type Item = &'a Move;
    type IntoIter = core::slice::Iter<'a, Move>;
    fn into_iter(self) -> Self::IntoIter {
        self.iter()
    }
}

/// Squares attacked by `role` of `color` on `from`, with `occupied` blocking sliders.
#[must_use]
pub(crate) fn attacks(color: Color, role: Role, from: Square, occupied: u64) -> u64 {
    let sq = usize::from(from.index());
    match role {
        Role::King => KING[sq],
        Role::Queen => rook_attacks(sq, occupied) | bishop_attacks(sq, occupied),
        Role::Rook => rook_attacks(sq, occupied),
        Role::Bishop => bishop_attacks(sq, occupied),
        Role::Knight => KNIGHT[sq],
        Role::Pawn => match color {
            Color::White => white_pawn_attacks(from.bit()),
            Color::Black => black_pawn_attacks(from.bit()),
        },
    }
}

pub(crate) fn push_all(
    list: &mut MoveList,
    from: Square,
    mut targets: u64,
    promotion: Option<Role>,
) {
    while targets != 0 {
        let to = Square::ALL[targets.trailing_zeros() as usize];
        targets &= targets - 1;
        list.push(Move { from, to, promotion });
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn a_rook_on_a1_sees_the_first_rank_and_up_to_a_blocker() {
        use crate::{Color, Role, Square};
        let rook = super::attacks(Color::White, Role::Rook, Square::A1, Square::A4.bit());
        assert_eq!(rook.count_ones(), 7 + 3); // the first rank and a2-a4
    }
}
