//! A KPK position seen from the side with the pawn: White, its pawn moving up the board.

use core::cell::Cell;

use crate::idea::Idea;
use kpk::{Color, KpkPosition, Square};

/// A square as signed file and rank (`0..=7`), so that rules can step off the board and ask.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Coord {
    pub file: i8,
    pub rank: i8,
}

/// A board square as the side with the pawn sees it: turned upside down for Black, so that its
/// pawn moves up the board. The one flip between the board and the frame (its own inverse).
pub(crate) fn pawn_side_view(sq: Square, strong: Color) -> Square {
    if strong == Color::Black { sq.flip_vertical() } else { sq }
}

impl Coord {
    pub(crate) fn of(sq: Square) -> Coord {
        #[allow(clippy::cast_possible_wrap)] // file and rank are below 8
        Coord { file: sq.file().index() as i8, rank: sq.rank().index() as i8 }
    }

    /// The frame coordinate of a board square for the side with the pawn, `strong`.
    pub(crate) fn seen_by(sq: Square, strong: Color) -> Coord {
        Coord::of(pawn_side_view(sq, strong))
    }

    /// Kings in direct opposition: on one file or rank with one square between them.
    pub(crate) fn in_opposition(self, other: Coord) -> bool {
        let (df, dr) = ((self.file - other.file).abs(), (self.rank - other.rank).abs());
        (df == 0 && dr == 2) || (dr == 0 && df == 2)
    }

    /// The kind of opposition the kings on `self` and `other` stand in (held by the side not
    /// to move): direct (one square between, on a file or rank), distant (three or five), or
    /// diagonal; `None` when they stand in none of these.
    pub(crate) fn opposition(self, other: Coord) -> Option<Idea> {
        let (df, dr) = ((self.file - other.file).abs(), (self.rank - other.rank).abs());
        match (df, dr) {
            (0, 2) | (2, 0) => Some(Idea::Opposition),
            (0, 4 | 6) | (4 | 6, 0) => Some(Idea::DistantOpposition),
            (2 | 4 | 6, _) if df == dr => Some(Idea::DiagonalOpposition),
            _ => None,
        }
    }

    /// Whether the square is on the pawn's path: its file, in front of it (both seen from the
    /// pawn's side).
    pub(crate) const fn in_front_of(self, pawn: Coord) -> bool {
        self.file == pawn.file && self.rank > pawn.rank
    }

    /// Whether the square is the pawn's promotion square (both seen from the pawn's side).
    pub(crate) const fn is_promotion_square_of(self, pawn: Coord) -> bool {
        self.file == pawn.file && self.rank == 7
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

/// How far `v` lies outside the interval `lo..=hi` (0 inside it).
const fn outside(v: i8, lo: i8, hi: i8) -> i8 {
    if v < lo {
        lo - v
    } else if v > hi {
        v - hi
    } else {
        0
    }
}

/// The key squares of a pawn: the squares where the strong king wins whoever is to move. They
/// always form a rectangle of files and ranks, less the pawn's own square: for a pawn on the
/// second to fourth rank the three squares two ranks ahead, on the fifth and sixth the six
/// squares one and two ranks ahead, on the seventh the squares beside and in front of it; for a
/// rook pawn the two knight-file squares by the promotion corner.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct KeySquares {
    files: (i8, i8),
    ranks: (i8, i8),
    pawn: Coord,
}

impl KeySquares {
    pub(crate) const fn of(pawn: Coord) -> KeySquares {
        let rook = pawn.file == 0 || pawn.file == 7;
        let ranks = match pawn.rank {
            _ if rook => (6, 7),
            0..=3 => (pawn.rank + 2, pawn.rank + 2),
            4 | 5 => (pawn.rank + 1, pawn.rank + 2),
            _ => (6, 7),
        };
        let files = if rook {
            let knight_file = if pawn.file == 0 { 1 } else { 6 };
            (knight_file, knight_file)
        } else {
            (pawn.file - 1, pawn.file + 1)
        };
        KeySquares { files, ranks, pawn }
    }

    /// Whether `c` is a key square.
    pub(crate) const fn contains(&self, c: Coord) -> bool {
        outside(c.file, self.files.0, self.files.1) == 0
            && outside(c.rank, self.ranks.0, self.ranks.1) == 0
            && !(c.file == self.pawn.file && c.rank == self.pawn.rank)
    }

    /// King steps from `c` to the nearest key square. The pawn's own square, which the
    /// rectangle of a seventh-rank pawn contains, is never nearer than a key square beside it,
    /// so the distance to the rectangle is exact.
    pub(crate) const fn distance(&self, c: Coord) -> i8 {
        let df = outside(c.file, self.files.0, self.files.1);
        let dr = outside(c.rank, self.ranks.0, self.ranks.1);
        if df > dr { df } else { dr }
    }

    /// The key squares as a bitboard (bit `rank * 8 + file`).
    #[allow(clippy::cast_sign_loss)] // the rectangle's sides are one or more squares
    pub(crate) const fn bits(&self) -> u64 {
        // the rectangle: its files on every rank, cut to its ranks, less the pawn's square
        let width = (self.files.1 - self.files.0 + 1) as u32;
        let height = (self.ranks.1 - self.ranks.0 + 1) as u32;
        let row = ((1_u64 << width) - 1) << self.files.0;
        let ranks = ((1_u64 << (height * 8)) - 1) << (self.ranks.0 * 8);
        let pawn = 1_u64 << (self.pawn.rank * 8 + self.pawn.file);
        (row * 0x0101_0101_0101_0101) & ranks & !pawn
    }

    /// Every key square, rank by rank.
    pub(crate) fn iter(self) -> impl Iterator<Item = Coord> {
        (self.ranks.0..=self.ranks.1)
            .flat_map(move |rank| {
                (self.files.0..=self.files.1).map(move |file| Coord { file, rank })
            })
            .filter(move |&c| c != self.pawn)
    }

    /// The squares next to (or on) every key square, as a rectangle of files and ranks (empty
    /// when the first bound exceeds the second).
    pub(crate) const fn guarding(&self) -> ((i8, i8), (i8, i8)) {
        ((self.files.1 - 1, self.files.0 + 1), (self.ranks.1 - 1, self.ranks.0 + 1))
    }
}

/// The position with the side that owns the pawn as White (a black pawn's position is flipped
/// vertically): `strong_king` and `pawn` are the strong side's, `defender` the defending king.
#[derive(Clone, Debug)]
pub(crate) struct Frame {
    /// The strong king.
    pub strong_king: Coord,
    /// The pawn.
    pub pawn: Coord,
    /// The defending king.
    pub weak_king: Coord,
    pub strong_to_move: bool,
    /// The pawn's key squares.
    pub keys: KeySquares,
    /// The routes round the other king the rules have asked for so far.
    pub(crate) routes: RouteCache,
}

impl Frame {
    pub(crate) fn of(pos: &KpkPosition) -> Frame {
        let strong = pos.strong_side();
        let pawn = Coord::seen_by(pos.pawn(), strong);
        Frame {
            strong_king: Coord::seen_by(pos.strong_king(), strong),
            pawn,
            weak_king: Coord::seen_by(pos.weak_king(), strong),
            strong_to_move: pos.strong_to_move(),
            keys: KeySquares::of(pawn),
            routes: RouteCache::new(),
        }
    }

    /// The board square of a frame coordinate (undoing the vertical flip of a black pawn).
    pub(crate) fn square(&self, c: Coord, strong: Color) -> Option<Square> {
        if !c.on_board() {
            return None;
        }
        #[allow(clippy::cast_sign_loss)] // on the board: both in 0..8
        let sq = Square::ALL[(c.rank * 8 + c.file) as usize];
        Some(pawn_side_view(sq, strong))
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
            && self.weak_king.distance(self.pawn) == 1
            && self.strong_king.distance(self.pawn) > 1
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
        // a king three steps away or more guards none of the defender's squares, and the pawn
        // alone never takes them all
        if self.strong_to_move || self.strong_king.distance(self.weak_king) != 2 {
            return false;
        }
        if self.pawn_attacks(self.weak_king) {
            return false;
        }
        const STEPS: [(i8, i8); 8] =
            [(-1, -1), (0, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (0, 1), (1, 1)];
        // the pawn's square is an escape only if the strong king does not guard it
        !STEPS
            .iter()
            .map(|&(df, dr)| self.weak_king.offset(df, dr))
            .any(|c| c.on_board() && self.strong_king.distance(c) > 1 && !self.pawn_attacks(c))
    }

    /// Whether `c` is occupied by either king.
    pub(crate) fn king_on(&self, c: Coord) -> bool {
        self.strong_king == c || self.weak_king == c
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
        // king steps from `c` to the pawn's file at `from_rank` or above
        let to_path = |c: Coord, from_rank: i8| {
            let df = (c.file - x.pawn.file).abs();
            let dr = outside(c.rank, from_rank, 7);
            if df > dr { df } else { dr }
        };
        let promotion = x.promotion();
        Race {
            pawn: x.pawn_moves(),
            capture: x.weak_king.distance(x.pawn) - defender_first,
            protect: to_path(x.strong_king, x.pawn.rank) - 1 - strong_first,
            king_to_key: x.keys.distance(x.strong_king) - strong_first,
            defender_to_key: x.keys.distance(x.weak_king) - defender_first,
            king_to_promotion: x.strong_king.distance(promotion) - strong_first,
            defender_to_promotion: x.weak_king.distance(promotion) - defender_first,
            defender_to_path: to_path(x.weak_king, x.pawn.rank + 1) - defender_first,
            king_to_pawn: x.strong_king.distance(x.pawn),
            kings_apart: x.strong_king.distance(x.weak_king),
        }
    }

    /// How many moves the defender has to spare in the race to the promotion square (negative:
    /// he is inside the square of the pawn with that many to spare; positive: outside it).
    pub(crate) const fn outside_square(&self) -> i8 {
        self.defender_to_promotion - self.pawn
    }
}

/// How many goals a route can have (`route::Goal`).
pub(crate) const ROUTE_GOALS: usize = 7;

/// Not yet found.
pub(crate) const UNKNOWN: i8 = i8::MIN;

/// Every route a rule has asked for in one position, found once however many rules ask
/// (inside a proof search, a position no rule decides asks every rule).
#[derive(Clone, Debug)]
pub(crate) struct RouteCache {
    /// The defender's moves to each goal.
    pub(crate) defender: [Cell<i8>; ROUTE_GOALS],
    /// The strong king's moves to each goal.
    pub(crate) king: [Cell<i8>; ROUTE_GOALS],
    /// The defender's moves to the pawn.
    pub(crate) defender_to_the_pawn: Cell<i8>,
}

impl RouteCache {
    pub(crate) const fn new() -> RouteCache {
        RouteCache {
            defender: [const { Cell::new(UNKNOWN) }; ROUTE_GOALS],
            king: [const { Cell::new(UNKNOWN) }; ROUTE_GOALS],
            defender_to_the_pawn: Cell::new(UNKNOWN),
        }
    }
}
