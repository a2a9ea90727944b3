//! Routes round the other king: the king steps a king really needs, where the plain distance
//! would walk it through squares it may not enter. The defending king may not step next to the
//! strong king, onto a square the pawn attacks, or onto the pawn while it is guarded; the
//! strong king may not step next to the defender or onto its own pawn.
//!
//! A route is a flood fill over bitboards (one `u64` per step), at most a few dozen
//! instructions a step. Each route a rule asks for is found once per position and kept in the
//! frame's [`RouteCache`](crate::frame::RouteCache), which holds a slot for each [`Goal`]; the
//! rules that race along routes are in `routes`.

use core::cell::Cell;

use crate::frame::{Coord, Frame, KeySquares, ROUTE_GOALS, UNKNOWN};

/// What a route that does not exist counts: more moves than any race here compares.
pub(crate) const NO_ROUTE: i8 = 20;

const fn bit(c: Coord) -> u64 {
    if c.on_board() {
        #[allow(clippy::cast_sign_loss)] // on the board: 0..64
        let i = (c.rank * 8 + c.file) as u32;
        1 << i
    } else {
        0
    }
}

/// Every square a king on one of `b`'s squares can step to (and the squares themselves).
const fn spread(b: u64) -> u64 {
    const NOT_A: u64 = !0x0101_0101_0101_0101;
    const NOT_H: u64 = !0x8080_8080_8080_8080;
    let sideways = b | ((b << 1) & NOT_A) | ((b >> 1) & NOT_H);
    sideways | (sideways << 8) | (sideways >> 8)
}

/// The king steps from `start` to the nearest square of `targets` without entering
/// `forbidden` (a target that is forbidden does not count; `start` itself may be forbidden, as
/// when a king stands in check: then the route leaves it first), or [`NO_ROUTE`].
fn route(start: Coord, targets: u64, forbidden: u64) -> i8 {
    let goal = bit(start);
    let open = !forbidden | goal;
    let mut reached = targets & !forbidden;
    let mut steps = 0;
    while reached & goal == 0 {
        let next = spread(reached) & open;
        if next == reached || steps >= NO_ROUTE {
            return NO_ROUTE;
        }
        reached = next;
        steps += 1;
    }
    steps
}

/// The squares around `c` and `c` itself.
const fn zone(c: Coord) -> u64 {
    spread(bit(c))
}

/// The pawn's path: every square in front of it on its file.
fn path(x: &Frame) -> u64 {
    // the pawn's file, above its rank (a pawn stands on the second to seventh rank)
    let file = 0x0101_0101_0101_0101_u64 << x.pawn.file;
    file & (u64::MAX << ((x.pawn.rank + 1) * 8))
}

fn key_squares(x: &Frame) -> u64 {
    x.keys.bits()
}

/// The key squares the pawn will have one step further on (none for a pawn on its seventh
/// rank, whose next step promotes).
fn next_key_squares(x: &Frame) -> u64 {
    if x.pawn.rank >= 6 {
        return 0;
    }
    KeySquares::of(x.pawn.offset(0, 1)).bits()
}

/// For a rook pawn, the two bishop-file squares by the promotion corner (c7 and c8 for an
/// a-pawn), from which the defender keeps the strong king shut in; none for another pawn.
fn bishop_file_corner(x: &Frame) -> u64 {
    if !x.rook_pawn() {
        return 0;
    }
    let file = if x.pawn.file == 0 { 2 } else { 5 };
    bit(Coord { file, rank: 6 }) | bit(Coord { file, rank: 7 })
}

/// The squares the defending king may not enter on his way to the pawn's squares: next to the
/// strong king, attacked by the pawn, and the pawn's own square.
fn defender_barred(x: &Frame) -> u64 {
    zone(x.strong_king) | bit(x.pawn) | pawn_attacks(x)
}

fn pawn_attacks(x: &Frame) -> u64 {
    bit(x.pawn.offset(-1, 1)) | bit(x.pawn.offset(1, 1))
}

/// Where a route leads.
#[derive(Clone, Copy)]
pub(crate) enum Goal {
    /// The pawn's path: any square in front of it on its file.
    Path,
    /// The square in front of the pawn.
    Stop,
    /// The promotion square.
    Promotion,
    /// A key square.
    Keys,
    /// A key square of the pawn one step further on.
    NextKeys,
    /// For a rook pawn, the bishop-file squares by the corner.
    BishopCorner,
    /// A square next to the pawn.
    NextToPawn,
}

// the route cache in the frame holds a slot for each goal
const _: () = assert!(Goal::NextToPawn as usize + 1 == ROUTE_GOALS);

/// `slot`'s route, found by `find` the first time.
fn remembered(slot: &Cell<i8>, find: impl FnOnce() -> i8) -> i8 {
    let known = slot.get();
    if known != UNKNOWN {
        return known;
    }
    let found = find();
    slot.set(found);
    found
}

/// The squares of `goal`.
fn targets(x: &Frame, goal: Goal) -> u64 {
    match goal {
        Goal::Path => path(x),
        Goal::Stop => bit(x.pawn.offset(0, 1)),
        Goal::Promotion => bit(x.promotion()),
        Goal::Keys => key_squares(x),
        Goal::NextKeys => next_key_squares(x),
        Goal::BishopCorner => bishop_file_corner(x),
        Goal::NextToPawn => zone(x.pawn) & !bit(x.pawn),
    }
}

/// Defender: moves (less one when he is to move) until he stands on a square of `goal`, round
/// the strong king and the pawn's guard.
pub(crate) fn defender_to(x: &Frame, goal: Goal) -> i8 {
    remembered(&x.routes.defender[goal as usize], || {
        let d = route(x.weak_king, targets(x, goal), defender_barred(x));
        if d >= NO_ROUTE { NO_ROUTE } else { d - x.defender_first() }
    })
}

/// Defender: moves (less one when he is to move) until he stands next to the pawn, on a route
/// round the strong king, with the pawn unguarded; [`NO_ROUTE`] when the strong king guards it.
pub(crate) fn defender_to_the_pawn(x: &Frame) -> i8 {
    remembered(&x.routes.defender_to_the_pawn, || {
        if x.strong_king.distance(x.pawn) == 1 {
            return NO_ROUTE;
        }
        // the pawn itself is the goal, not a barred square
        let d = route(x.weak_king, bit(x.pawn), defender_barred(x) & !bit(x.pawn));
        if d >= NO_ROUTE { NO_ROUTE } else { d - x.defender_first() - 1 }
    })
}

/// Strong king: moves (less one when it is to move) until it stands on a square of `goal`,
/// round the defending king and its own pawn.
pub(crate) fn king_to(x: &Frame, goal: Goal) -> i8 {
    remembered(&x.routes.king[goal as usize], || {
        let d = route(x.strong_king, targets(x, goal), zone(x.weak_king) | bit(x.pawn));
        if d >= NO_ROUTE { NO_ROUTE } else { d - (1 - x.defender_first()) }
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn c(name: &str) -> Coord {
        let b = name.as_bytes();
        Coord { file: (b[0] - b'a').cast_signed(), rank: (b[1] - b'1').cast_signed() }
    }

    #[test]
    fn routes_go_round_what_is_barred() {
        // a free board: the plain king distance
        assert_eq!(route(c("a1"), bit(c("h8")), 0), 7);
        assert_eq!(route(c("e4"), bit(c("e4")), 0), 0);
        // a wall on the d-file from d1 to d7: round its end at d8
        let wall = (0..7).map(|r| bit(Coord { file: 3, rank: r })).fold(0, |a, b| a | b);
        assert_eq!(route(c("c1"), bit(c("e1")), wall), 2 * 7);
        // a target that is barred does not count; a closed wall leaves no route
        assert_eq!(route(c("a1"), bit(c("h8")), bit(c("h8"))), NO_ROUTE);
        let closed = wall | bit(c("d8"));
        assert_eq!(route(c("c1"), bit(c("e1")), closed), NO_ROUTE);
        // a start that is barred (a king in check) leaves it first
        assert_eq!(route(c("e4"), bit(c("e6")), bit(c("e4"))), 2);
        // the spread of a corner stays on the board
        assert_eq!(spread(bit(c("a1"))).count_ones(), 4);
        assert_eq!(spread(bit(c("h8"))).count_ones(), 4);
        assert_eq!(spread(bit(c("h4"))).count_ones(), 6);
    }
}
