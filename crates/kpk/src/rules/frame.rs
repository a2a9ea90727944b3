//! A KPK position seen from the side with the pawn: White, its pawn moving up the board.

use crate::{Color, KpkPosition, Square};

/// A square as signed file and rank (`0..=7`), so that rules can step off the board and ask.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Coord {
    pub file: i8,
    pub rank: i8,
}

impl Coord {
    pub(crate) fn of(sq: Square) -> Coord {
        #[allow(clippy::cast_possible_wrap)] // file and rank are below 8
        Coord { file: sq.file().index() as i8, rank: sq.rank().index() as i8 }
    }

    /// The square `df` files and `dr` ranks away (may lie off the board).
    pub(crate) const fn offset(self, df: i8, dr: i8) -> Coord {
        Coord { file: self.file + df, rank: self.rank + dr }
    }

    /// King distance: the number of king steps between two squares.
    pub(crate) const fn distance(self, other: Coord) -> i8 {
        let df = (self.file - other.file).abs();
        let dr = (self.rank - other.rank).abs();
        if df > dr { df } else { dr }
    }

    pub(crate) const fn on_board(self) -> bool {
        self.file >= 0 && self.file < 8 && self.rank >= 0 && self.rank < 8
    }
}

/// The position with the side that owns the pawn as White (a black pawn's position is flipped
/// vertically): `king` and `pawn` are the strong side's, `defender` the lone king.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Frame {
    pub king: Coord,
    pub pawn: Coord,
    pub defender: Coord,
    pub strong_to_move: bool,
}

impl Frame {
    pub(crate) fn of(pos: &KpkPosition) -> Frame {
        let flip =
            |sq: Square| if pos.strong_side() == Color::Black { sq.flip_vertical() } else { sq };
        Frame {
            king: Coord::of(flip(pos.strong_king())),
            pawn: Coord::of(flip(pos.pawn())),
            defender: Coord::of(flip(pos.weak_king())),
            strong_to_move: pos.strong_to_move(),
        }
    }

    /// The board square of a frame coordinate (undoing the vertical flip of a black pawn).
    pub(crate) fn square(&self, c: Coord, strong: Color) -> Option<Square> {
        if !c.on_board() {
            return None;
        }
        #[allow(clippy::cast_sign_loss)] // on the board: both in 0..8
        let sq = Square::ALL[(c.rank * 8 + c.file) as usize];
        Some(if strong == Color::Black { sq.flip_vertical() } else { sq })
    }

    /// The pawn's promotion square.
    pub(crate) const fn promotion(&self) -> Coord {
        Coord { file: self.pawn.file, rank: 7 }
    }

    /// Whether the pawn stands on a rook file (a or h).
    pub(crate) const fn rook_pawn(&self) -> bool {
        self.pawn.file == 0 || self.pawn.file == 7
    }

    /// The defender is to move and can take the pawn: it stands next to the pawn, and the
    /// strong king does not guard it.
    pub(crate) const fn pawn_falls(&self) -> bool {
        !self.strong_to_move
            && self.defender.distance(self.pawn) == 1
            && self.king.distance(self.pawn) > 1
    }

    /// `1` when the defender moves first, `0` when the strong side does: in a race counted in
    /// king moves, the move the side to move gains.
    pub(crate) const fn defender_first(&self) -> i8 {
        if self.strong_to_move { 0 } else { 1 }
    }

    /// The pawn's moves to its promotion square, counting the double step from the second rank
    /// when both squares in front of the pawn are empty.
    pub(crate) fn pawn_moves(&self) -> i8 {
        let double_step = self.pawn.rank == 1
            && !self.king_on(self.pawn.offset(0, 1))
            && !self.king_on(self.pawn.offset(0, 2));
        7 - self.pawn.rank - i8::from(double_step)
    }

    /// Whether the pawn attacks `c`.
    pub(crate) const fn pawn_attacks(&self, c: Coord) -> bool {
        c.rank == self.pawn.rank + 1 && (c.file - self.pawn.file).abs() == 1
    }

    /// Whether the defender is to move, not in check, and has no legal move: stalemate.
    pub(crate) fn defender_stalemated(&self) -> bool {
        if self.strong_to_move || self.pawn_attacks(self.defender) {
            return false;
        }
        let d = self.defender;
        let escapes = (-1..=1)
            .flat_map(|df| (-1..=1).map(move |dr| d.offset(df, dr)))
            .filter(|&c| c != d && c.on_board())
            .filter(|&c| self.king.distance(c) > 1 && !self.pawn_attacks(c));
        // the pawn's square is an escape only if the strong king does not guard it
        escapes.count() == 0
    }

    /// Whether `c` is occupied by either king.
    pub(crate) fn king_on(&self, c: Coord) -> bool {
        self.king == c || self.defender == c
    }
}

/// The moves each side needs to reach the places a KPK race is about, all counted alike: a king
/// `d` steps away needs `d` moves, less one for the side to move, which is a tempo ahead. So
/// when one side's count is below the other's, it gets there first.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Race {
    /// The pawn's moves to promote (the double step counted when both squares are empty).
    pub pawn: i8,
    /// Defender: until he stands next to the pawn (0: he can take it now, if it is unguarded).
    pub capture: i8,
    /// Strong king: until it stands next to the pawn's path (the pawn's square and every square
    /// in front of it).
    pub protect: i8,
    /// Strong king: until it stands on a key square.
    pub king_to_key: i8,
    /// Defender: until he stands on a key square.
    pub defender_to_key: i8,
    /// Strong king: until it stands on the promotion square.
    pub king_to_promotion: i8,
    /// Defender: until he stands on the promotion square.
    pub defender_to_promotion: i8,
    /// Defender: until he stands on the pawn's path in front of it.
    pub defender_to_path: i8,
    /// King steps between the strong king and the pawn.
    pub king_to_pawn: i8,
    /// King steps between the two kings.
    pub kings_apart: i8,
}

impl Race {
    pub(crate) fn of(x: &Frame) -> Race {
        let defender_first = x.defender_first();
        let strong_first = 1 - defender_first;
        let nearest = |from: Coord, squares: &mut dyn Iterator<Item = Coord>| {
            squares.map(|c| from.distance(c)).min().unwrap_or(i8::MAX / 2)
        };
        let path = |from_rank: i8| (from_rank..=7).map(|rank| Coord { file: x.pawn.file, rank });
        let promotion = x.promotion();
        Race {
            pawn: x.pawn_moves(),
            capture: x.defender.distance(x.pawn) - defender_first,
            protect: nearest(x.king, &mut path(x.pawn.rank)) - 1 - strong_first,
            king_to_key: nearest(x.king, &mut super::won::key_squares(x)) - strong_first,
            defender_to_key: nearest(x.defender, &mut super::won::key_squares(x)) - defender_first,
            king_to_promotion: x.king.distance(promotion) - strong_first,
            defender_to_promotion: x.defender.distance(promotion) - defender_first,
            defender_to_path: nearest(x.defender, &mut path(x.pawn.rank + 1)) - defender_first,
            king_to_pawn: x.king.distance(x.pawn),
            kings_apart: x.king.distance(x.defender),
        }
    }

    /// How many moves the defender has to spare in the race to the promotion square (negative:
    /// he is inside the square of the pawn with that many to spare; positive: outside it).
    pub(crate) const fn outside_square(&self) -> i8 {
        self.defender_to_promotion - self.pawn
    }
}
