//! Routes around the other king: the king steps a king really needs, where the plain distance
//! would walk it through squares it may not enter. The defending king may not step next to the
//! strong king, onto a square the pawn attacks, or onto the pawn while it is guarded; the
//! strong king may not step next to the defender or onto its own pawn. The rules of this
//! module race these routes, and were found, like those of `races`, by searching every legal
//! position for comparisons the bitbase never contradicts.
//!
//! A route is a flood fill over bitboards (one `u64` per step), at most a few dozen
//! instructions a step; the rules that use one are checked after the cheaper rules.

use core::cell::Cell;

use crate::frame::{Coord, Frame, KeySquares, ROUTE_GOALS, Race, UNKNOWN};
use crate::rule::{Family, Rule, rule};

const FAMILY: Family = Family::Route;

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
enum Goal {
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
fn defender_to(x: &Frame, goal: Goal) -> i8 {
    remembered(&x.routes.defender[goal as usize], || {
        let d = route(x.weak_king, targets(x, goal), defender_barred(x));
        if d >= NO_ROUTE { NO_ROUTE } else { d - x.defender_first() }
    })
}

/// Defender: moves (less one when he is to move) until he stands next to the pawn, on a route
/// round the strong king, with the pawn unguarded; [`NO_ROUTE`] when the strong king guards it.
fn defender_to_the_pawn(x: &Frame) -> i8 {
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
fn king_to(x: &Frame, goal: Goal) -> i8 {
    remembered(&x.routes.king[goal as usize], || {
        let d = route(x.strong_king, targets(x, goal), zone(x.weak_king) | bit(x.pawn));
        if d >= NO_ROUTE { NO_ROUTE } else { d - (1 - x.defender_first()) }
    })
}

/// Files from `from` to `to`, counted towards the centre (away from the edge the pawn is
/// nearer), so that a rule reads alike for a pawn on either wing.
const fn files_towards_the_centre(x: &Frame, from: Coord, to: Coord) -> i8 {
    if x.pawn.file <= 3 { to.file - from.file } else { from.file - to.file }
}

/// Files from the strong king to the defending king, counted towards the centre.
const fn defender_files_beyond_the_king(x: &Frame) -> i8 {
    files_towards_the_centre(x, x.strong_king, x.weak_king)
}

/// Files from the pawn to the strong king, counted towards the centre (negative towards the
/// edge the pawn is nearer).
const fn king_files_towards_the_centre(x: &Frame) -> i8 {
    files_towards_the_centre(x, x.pawn, x.strong_king)
}

impl Rule {
    /// **The king reaches a key square before the defender reaches the path.** Not a rook pawn
    /// (nor a knight pawn on its sixth rank, where the defender in the corner has a stalemate), the
    /// defending king stands two files or more from the strong king; going round the strong king,
    /// he cannot reach the pawn's path before the king stands on a key square, nor stand next to
    /// the pawn more than two moves before the king, at its distance, could guard it.
    pub const KING_TO_A_KEY_SQUARE_BEFORE_THE_DEFENDER_TO_THE_PATH: Rule = rule!(
        king_to_a_key_square_before_the_defender_to_the_path,
        Win,
        "Not a rook pawn (nor a knight pawn on its sixth rank), the defending king two files or more from the strong king: going round the king he cannot reach the pawn's path before the king stands on a key square, nor stand next to the pawn more than two moves before the king could guard it."
    );
}

fn king_to_a_key_square_before_the_defender_to_the_path(x: &Frame, r: &Race) -> bool {
    let knight_pawn_on_the_sixth = matches!(x.pawn.file, 1 | 6) && x.pawn.rank == 5;
    !x.rook_pawn()
        && !knight_pawn_on_the_sixth
        && (x.weak_king.file - x.strong_king.file).abs() >= 2
        && r.king_to_key < defender_to(x, Goal::Path)
        && r.king_to_pawn <= defender_to_the_pawn(x) + 2
}

impl Rule {
    /// **The pawn is lost inside the square, round the king.** The pawn stands past its second
    /// rank, the defending king is inside its square and, going round the strong king, can stand
    /// next to the unguarded pawn three moves sooner than the strong king's distance to it.
    pub const PAWN_LOST_ROUND_THE_KING: Rule = rule!(
        pawn_lost_round_the_king,
        Draw,
        "The pawn stands past its second rank, the defending king is inside its square and, going round the strong king, can stand next to the unguarded pawn three moves sooner than the strong king's distance to it."
    );
}

fn pawn_lost_round_the_king(x: &Frame, r: &Race) -> bool {
    x.pawn.rank >= 2 && r.outside_square() <= 0 && r.king_to_pawn >= defender_to_the_pawn(x) + 3
}

impl Rule {
    /// **The king is far to the side, the defender in front.** The strong king stands four files
    /// or more from the pawn, on the side of the centre; the defending king is inside the square
    /// (going round the king), reaches the pawn's path two moves before the king's distance to the
    /// pawn, and the king is no nearer a key square than two moves less than the defender is to
    /// the pawn.
    pub const KING_FAR_TO_THE_SIDE_DEFENDER_IN_FRONT: Rule = rule!(
        king_far_to_the_side_defender_in_front,
        Draw,
        "The strong king stands four files or more from the pawn on the side of the centre, and needs at least the kings' distance apart less three moves to the promotion square; the defending king is inside the square going round the king, reaches the pawn's path two moves before the king's distance to the pawn, and the king is no nearer a key square than two moves less than the defender is to the pawn."
    );
}

fn king_far_to_the_side_defender_in_front(x: &Frame, r: &Race) -> bool {
    king_files_towards_the_centre(x) >= 4
        && r.king_to_promotion >= r.kings_apart - 3
        && r.king_to_pawn >= r.defender_to_path + 2
        && defender_to(x, Goal::Promotion) <= r.pawn
        && king_to(x, Goal::Keys) >= defender_to_the_pawn(x) - 2
}

impl Rule {
    /// **The defender is on the path and first to the stop square.** The defending king stands on
    /// the pawn's path in front of it (or steps onto it with his move); he reaches the square in
    /// front of the pawn no later than a move after the strong king reaches a key square, the king
    /// needs two moves more than he does to get in front of the pawn, and he reaches a key square
    /// two moves before the pawn could promote (every route round the other king).
    pub const DEFENDER_ON_THE_PATH_FIRST_TO_THE_STOP_SQUARE: Rule = rule!(
        defender_on_the_path_first_to_the_stop_square,
        Draw,
        "The defending king stands on the pawn's path in front of it (or steps onto it with his move, going round the king), but not on the square in front of the pawn with the move; going round the king, he reaches that square no later than a move after the strong king reaches a key square, and a key square two moves before the pawn could promote; and the king, going round him, needs two moves more to get in front of the pawn than he does."
    );
}

fn defender_on_the_path_first_to_the_stop_square(x: &Frame, r: &Race) -> bool {
    let to_stop = defender_to(x, Goal::Stop);
    to_stop >= 0
        && r.king_to_key >= to_stop - 1
        && defender_to(x, Goal::Path) <= 0
        && defender_to(x, Goal::Keys) <= r.pawn - 2
        && king_to(x, Goal::Path) >= r.defender_to_path + 2
}

impl Rule {
    /// **The king is behind its pawn, the defender on the path.** The strong king stands two
    /// ranks or more behind its pawn, and the defending king stands on the pawn's path in front of
    /// it or reaches it within a move (going round the king), while the king still has a way to
    /// the key squares.
    pub const KING_BEHIND_THE_PAWN_DEFENDER_ON_THE_PATH: Rule = rule!(
        king_behind_the_pawn_defender_on_the_path,
        Draw,
        "The strong king stands two ranks or more behind its pawn and has a way round the defender to the key squares, and the defending king stands on the pawn's path in front of it or reaches it within a move, going round the king."
    );
}

fn king_behind_the_pawn_defender_on_the_path(x: &Frame, _: &Race) -> bool {
    x.strong_king.rank + 2 <= x.pawn.rank
        && defender_to(x, Goal::Path) <= 1
        && king_to(x, Goal::Keys) < NO_ROUTE
}

impl Rule {
    /// **Deep inside the square, first to the stop square.** The defending king is two moves
    /// inside the square, reaches the square in front of the pawn two moves before the strong king
    /// reaches a key square (both going round the other king), and the kings stand no further
    /// apart than the pawn's moves to promote.
    pub const DEEP_INSIDE_THE_SQUARE_FIRST_TO_THE_STOP_SQUARE: Rule = rule!(
        deep_inside_the_square_first_to_the_stop_square,
        Draw,
        "The defending king is two moves or more inside the square and reaches the square in front of the pawn two moves before the strong king reaches a key square (both going round the other king), and the kings stand no further apart than the pawn's moves to promote."
    );
}

fn deep_inside_the_square_first_to_the_stop_square(x: &Frame, r: &Race) -> bool {
    r.outside_square() <= -2
        && r.kings_apart <= r.pawn
        && king_to(x, Goal::Keys) >= defender_to(x, Goal::Stop) + 2
}

impl Rule {
    /// **The king is far from the front, the pawn is lost.** The strong king needs four moves or
    /// more (round the defender) to get in front of its pawn; the defending king, inside the
    /// square and going round the king, can stand next to the pawn no later than the king can
    /// stand next to the pawn's path, and three moves before the king could reach the promotion
    /// square.
    pub const KING_FAR_FROM_THE_FRONT_PAWN_LOST: Rule = rule!(
        king_far_from_the_front_pawn_lost,
        Draw,
        "The strong king needs four moves or more, going round the defender, to get in front of its pawn; the defending king, inside the square going round the king, can stand next to the pawn (going round the king) no later than the strong king can stand next to the pawn's path, and three moves before the strong king's distance to the promotion square."
    );
}

fn king_far_from_the_front_pawn_lost(x: &Frame, r: &Race) -> bool {
    let to_pawn = defender_to_the_pawn(x);
    r.protect >= to_pawn
        && r.king_to_promotion >= to_pawn + 3
        && defender_to(x, Goal::Promotion) <= r.pawn
        && king_to(x, Goal::Path) >= 4
}

impl Rule {
    /// **The king is far beyond the pawn.** The strong king stands five files or more from the
    /// pawn on the side of the centre and five ranks or more above it, and the defending king is
    /// inside the square, going round the king.
    pub const KING_FAR_BEYOND_THE_PAWN: Rule = rule!(
        king_far_beyond_the_pawn,
        Draw,
        "The strong king stands five files or more from the pawn on the side of the centre and five ranks or more above it, and the defending king is inside the square, going round the king."
    );
}

fn king_far_beyond_the_pawn(x: &Frame, r: &Race) -> bool {
    king_files_towards_the_centre(x) >= 5
        && x.strong_king.rank - x.pawn.rank >= 5
        && defender_to(x, Goal::Promotion) <= r.pawn
}

impl Rule {
    /// **Rook pawn: the defender above the king, first to the key squares.** A rook pawn, the
    /// defending king two ranks or more above the strong king, no later than the king on a
    /// knight-file key square and a move inside the square, every route round the other king.
    pub const ROOK_PAWN_DEFENDER_ABOVE_FIRST_TO_THE_KEY_SQUARES: Rule = rule!(
        rook_pawn_defender_above_first_to_the_key_squares,
        Draw,
        "Rook pawn: the defending king stands two ranks or more above the strong king, reaches a knight-file key square no later than the king, and is a move inside the square, every route round the other king."
    );
}

fn rook_pawn_defender_above_first_to_the_key_squares(x: &Frame, r: &Race) -> bool {
    x.rook_pawn()
        && x.weak_king.rank - x.strong_king.rank >= 2
        && defender_to(x, Goal::Promotion) < r.pawn
        && king_to(x, Goal::Keys) >= defender_to(x, Goal::Keys)
}

impl Rule {
    /// **The king walks on the pawn's side of the defender.** Not a rook pawn; the strong king
    /// stands three files or more from the defending king, between him and the pawn's nearer edge,
    /// and the defender needs more moves to reach the pawn's path than the king's distance to the
    /// pawn: the king gets in front of its pawn first, and the defender comes from the wrong side.
    pub const KING_BETWEEN_THE_PAWN_AND_A_DISTANT_DEFENDER: Rule = rule!(
        king_between_the_pawn_and_a_distant_defender,
        Win,
        "Not a rook pawn; the strong king stands three files or more from the defending king, between him and the pawn's nearer edge, and the defender needs more moves to reach the pawn's path than the king's distance to the pawn."
    );
}

fn king_between_the_pawn_and_a_distant_defender(x: &Frame, r: &Race) -> bool {
    !x.rook_pawn() && defender_files_beyond_the_king(x) >= 3 && r.king_to_pawn < r.defender_to_path
}

impl Rule {
    /// **The king is close and first to the key squares.** The defender to move; the strong king
    /// stands at most one step further from the pawn than the defender's moves to stand next to it,
    /// and it reaches a key square, going round the defender, two moves before he reaches the
    /// pawn's path.
    pub const KING_CLOSE_AND_FIRST_TO_THE_KEY_SQUARES: Rule = rule!(
        king_close_and_first_to_the_key_squares,
        Win,
        "The defender to move; the strong king stands at most one step further from the pawn than the defender's moves to stand next to it, and reaches a key square, going round the defender, two moves before he reaches the pawn's path."
    );
}

fn king_close_and_first_to_the_key_squares(x: &Frame, r: &Race) -> bool {
    !x.strong_to_move
        && r.king_to_pawn <= r.capture + 1
        && king_to(x, Goal::Keys) <= r.defender_to_path - 2
}

impl Rule {
    /// **The king is on the key squares long before the defender is at the pawn.** The defender to
    /// move, not a rook pawn, and the strong king reaches a key square, going round the defender,
    /// three moves before the defender can stand next to the pawn.
    pub const KING_TO_THE_KEY_SQUARES_LONG_BEFORE_THE_DEFENDER_TO_THE_PAWN: Rule = rule!(
        king_to_the_key_squares_long_before_the_defender_to_the_pawn,
        Win,
        "The defender to move, not a rook pawn, and the strong king reaches a key square, going round the defender, three moves before the defender can stand next to the pawn."
    );
}

fn king_to_the_key_squares_long_before_the_defender_to_the_pawn(x: &Frame, r: &Race) -> bool {
    !x.strong_to_move && !x.rook_pawn() && king_to(x, Goal::Keys) <= r.capture - 3
}

impl Rule {
    /// The defending king needs three moves or more to the promotion square and, going round the strong king, more moves than the pawn: he is outside its square; and the strong king stands no further from the pawn than the defender's moves to its path.
    pub const DEFENDER_OUTSIDE_THE_SQUARE_ROUND_THE_KING: Rule = rule!(
        defender_outside_the_square_round_the_king,
        Win,
        "The defending king needs three moves or more to the promotion square and, going round the strong king, more moves than the pawn: he is outside its square; and the strong king stands no further from the pawn than the defender's moves to its path."
    );
}

fn defender_outside_the_square_round_the_king(x: &Frame, r: &Race) -> bool {
    r.defender_to_promotion >= 3
        && r.king_to_pawn <= r.defender_to_path
        && defender_to(x, Goal::Promotion) > r.pawn
}

impl Rule {
    /// The defending king is within two moves of the pawn's path (going round the strong king), but the strong king reaches a key square three moves, and the promotion square (going round the defender) two moves, sooner than the kings' distance apart, and stands at most a step further from the pawn than the defender's moves to its path.
    pub const KING_FIRST_TO_THE_KEY_AND_PROMOTION_SQUARES: Rule = rule!(
        king_first_to_the_key_and_promotion_squares,
        Win,
        "The defending king is within two moves of the pawn's path (going round the strong king), but the strong king reaches a key square three moves, and the promotion square (going round the defender) two moves, sooner than the kings' distance apart, and stands at most a step further from the pawn than the defender's moves to its path."
    );
}

fn king_first_to_the_key_and_promotion_squares(x: &Frame, r: &Race) -> bool {
    r.king_to_key <= r.kings_apart - 3
        && r.king_to_pawn <= r.defender_to_path + 1
        && defender_to(x, Goal::Path) <= 2
        && king_to(x, Goal::Promotion) <= r.kings_apart - 2
}

impl Rule {
    /// The defending king needs six moves or more to the promotion square, and the strong king gets in front of its pawn (going round the defender) no later than he can stand next to the pawn.
    pub const KING_IN_FRONT_BEFORE_A_DISTANT_DEFENDER_AT_THE_PAWN: Rule = rule!(
        king_in_front_before_a_distant_defender_at_the_pawn,
        Win,
        "The defending king needs six moves or more to the promotion square, and the strong king gets in front of its pawn (going round the defender) no later than he can stand next to the pawn."
    );
}

fn king_in_front_before_a_distant_defender_at_the_pawn(x: &Frame, r: &Race) -> bool {
    r.defender_to_promotion >= 6 && king_to(x, Goal::Path) <= defender_to_the_pawn(x)
}

impl Rule {
    /// The strong king stands five steps or more from the pawn, the defending king is inside the square and reaches the square in front of the pawn (going round the king) three moves before that distance.
    pub const KING_FAR_FROM_THE_PAWN_DEFENDER_AT_THE_STOP_SQUARE: Rule = rule!(
        king_far_from_the_pawn_defender_at_the_stop_square,
        Draw,
        "The strong king stands five steps or more from the pawn, the defending king is inside the square and reaches the square in front of the pawn (going round the king) three moves before that distance."
    );
}

fn king_far_from_the_pawn_defender_at_the_stop_square(x: &Frame, r: &Race) -> bool {
    r.king_to_pawn >= 5
        && r.pawn >= r.defender_to_promotion
        && r.king_to_pawn >= defender_to(x, Goal::Stop) + 3
}

impl Rule {
    /// The pawn stands past its second rank, the strong king needs three moves or more to stand next to the pawn's path, the defending king stands at most two ranks above the pawn, inside the square going round the king, and can stand next to the pawn before the king reaches a key square.
    pub const DEFENDER_NEAR_THE_PAWN_KING_TOO_SLOW: Rule = rule!(
        defender_near_the_pawn_king_too_slow,
        Draw,
        "The pawn stands past its second rank, the strong king needs three moves or more to stand next to the pawn's path, the defending king stands at most two ranks above the pawn (or below it), inside the square going round the king, and, going round the king, can stand next to the pawn before the king reaches a key square going round him."
    );
}

fn defender_near_the_pawn_king_too_slow(x: &Frame, r: &Race) -> bool {
    x.pawn.rank >= 2
        && r.protect >= 3
        && x.weak_king.rank - x.pawn.rank <= 2
        && defender_to(x, Goal::Promotion) <= r.pawn
        && king_to(x, Goal::Keys) > defender_to_the_pawn(x)
}

impl Rule {
    /// **The king below its pawn, the defender deep in the square on its path.** The strong king
    /// stands below its pawn, the defending king is on the pawn's path or a move from it and
    /// three moves inside the square going round the king, and the kings stand at most a move
    /// further apart than the pawn's moves to promote.
    pub const KING_BELOW_THE_PAWN_DEFENDER_DEEP_IN_THE_SQUARE_ON_THE_PATH: Rule = rule!(
        king_below_the_pawn_defender_deep_in_the_square_on_the_path,
        Draw,
        "The strong king stands below its pawn, the defending king is on the pawn's path or a move from it and three moves inside the square going round the king, and the kings stand at most a move further apart than the pawn's moves to promote."
    );
}

fn king_below_the_pawn_defender_deep_in_the_square_on_the_path(x: &Frame, r: &Race) -> bool {
    x.strong_king.rank < x.pawn.rank
        && r.defender_to_path <= 1
        && r.kings_apart <= r.pawn + 1
        && defender_to(x, Goal::Promotion) <= r.pawn - 3
}

impl Rule {
    /// **The king nearer its pawn and first to the key squares.** The strong king stands nearer
    /// its pawn than the two kings stand apart, reaches a key square (going round the defender)
    /// three moves before the defender reaches the promotion square, and stands next to the pawn
    /// (going round him) a move before he reaches the pawn's path: the pawn is safe and the king
    /// arrives first.
    pub const KING_NEARER_THE_PAWN_AND_FIRST_TO_THE_KEY_SQUARES: Rule = rule!(
        king_nearer_the_pawn_and_first_to_the_key_squares,
        Win,
        "The strong king stands nearer its pawn than the two kings stand apart, reaches a key square (going round the defender) three moves before he reaches the promotion square, and stands next to the pawn (going round him) a move before he reaches the pawn's path."
    );
}

fn king_nearer_the_pawn_and_first_to_the_key_squares(x: &Frame, r: &Race) -> bool {
    r.king_to_pawn < r.kings_apart
        && king_to(x, Goal::Keys) <= r.defender_to_promotion - 3
        && king_to(x, Goal::NextToPawn) < r.defender_to_path
}

impl Rule {
    /// Not a rook pawn: the defending king is nearer the pawn's path than the strong king is to a key square, but the king bars his way, so that going round it he reaches the path no sooner than the king reaches a key square.
    pub const DEFENDER_BARRED_FROM_THE_PATH: Rule = rule!(
        defender_barred_from_the_path,
        Win,
        "Not a rook pawn: the defending king is nearer the pawn's path than the strong king is to a key square, but the king bars his way, so that going round it he reaches the path no sooner than the king reaches a key square."
    );
}

fn defender_barred_from_the_path(x: &Frame, r: &Race) -> bool {
    !x.rook_pawn()
        && r.king_to_key > r.defender_to_path
        && king_to(x, Goal::Keys) <= defender_to(x, Goal::Path)
}

impl Rule {
    /// Not a rook pawn, two moves or fewer from promoting: the strong king reaches a key square sooner than the kings' distance apart and stands no further from its pawn than the defending king's moves to the pawn's path, while the defender can still reach the square in front of the pawn only by a route round the king.
    pub const PAWN_NEAR_PROMOTION_KING_FIRST: Rule = rule!(
        pawn_near_promotion_king_first,
        Win,
        "Not a rook pawn, two moves or fewer from promoting: the strong king reaches a key square sooner than the kings' distance apart and stands no further from its pawn than the defending king's moves to the pawn's path, and the defender has a way of at most nine moves round the king to the square in front of the pawn."
    );
}

fn pawn_near_promotion_king_first(x: &Frame, r: &Race) -> bool {
    !x.rook_pawn()
        && r.pawn <= 2
        && r.king_to_key < r.kings_apart
        && r.king_to_pawn <= r.defender_to_path
        && defender_to(x, Goal::Stop) <= 9
}

impl Rule {
    /// **A rook pawn: the defender first to the bishop file by the corner.** The defending king
    /// stands above the strong king and inside the pawn's square (going round the king), the
    /// strong king needs three moves or more to the promotion square (going round the defender),
    /// and the defender reaches the
    /// bishop-file squares by the corner (c7 or c8 for an a-pawn) sooner than the strong king
    /// reaches the knight-file key squares: from there he never lets it out of the corner's files.
    pub const ROOK_PAWN_DEFENDER_FIRST_TO_THE_BISHOP_FILE: Rule = rule!(
        rook_pawn_defender_first_to_the_bishop_file,
        Draw,
        "A rook pawn: the defending king stands above the strong king and inside the pawn's square (going round the king), the strong king needs three moves or more, going round the defender, to the promotion square, and the defender reaches the bishop-file squares by the corner sooner than the king reaches the knight-file key squares: from there he keeps the king shut in."
    );
}

fn rook_pawn_defender_first_to_the_bishop_file(x: &Frame, r: &Race) -> bool {
    x.rook_pawn()
        && x.weak_king.rank > x.strong_king.rank
        && defender_to(x, Goal::Promotion) <= r.pawn
        && king_to(x, Goal::Promotion) >= 3
        && king_to(x, Goal::Keys) > defender_to(x, Goal::BishopCorner)
}

impl Rule {
    /// **The king behind its pawn, the defender first to the next key squares.** The strong king
    /// stands three ranks or more behind its pawn, within three moves of a key square (going round
    /// the defender), but the defending king reaches the key squares of the pawn's next step two
    /// moves before it does.
    pub const KING_BEHIND_THE_PAWN_DEFENDER_FIRST_TO_THE_NEXT_KEY_SQUARES: Rule = rule!(
        king_behind_the_pawn_defender_first_to_the_next_key_squares,
        Draw,
        "The strong king stands three ranks or more behind its pawn and within three moves of a key square (going round the defender), but the defending king reaches the key squares of the pawn's next step two moves before it does."
    );
}

fn king_behind_the_pawn_defender_first_to_the_next_key_squares(x: &Frame, _: &Race) -> bool {
    x.strong_king.rank + 3 <= x.pawn.rank
        && king_to(x, Goal::Keys) <= 3
        && king_to(x, Goal::NextKeys) >= defender_to(x, Goal::NextKeys) + 2
}

impl Rule {
    /// **The king above its pawn, first to the next key squares.** Not a rook pawn: the strong
    /// king stands above its pawn, reaches a key square of the pawn's next step (going round the
    /// defender) three moves before the defending king can stand next to the pawn, and stands next
    /// to the pawn's path before he can reach the path going round the king.
    pub const KING_ABOVE_THE_PAWN_FIRST_TO_THE_NEXT_KEY_SQUARES: Rule = rule!(
        king_above_the_pawn_first_to_the_next_key_squares,
        Win,
        "Not a rook pawn: the strong king stands above its pawn, reaches a key square of the pawn's next step (going round the defender) three moves before the defending king can stand next to the pawn, and stands next to the pawn's path before he can reach the path going round the king."
    );
}

fn king_above_the_pawn_first_to_the_next_key_squares(x: &Frame, r: &Race) -> bool {
    !x.rook_pawn()
        && x.strong_king.rank > x.pawn.rank
        && king_to(x, Goal::NextKeys) <= r.capture - 3
        && r.protect < defender_to(x, Goal::Path)
}

impl Rule {
    /// **The king first to the next key squares, before the defender reaches the path.** (For a
    /// rook pawn, the defending king stands four moves or more from the bishop-file squares by
    /// the corner.) Going round each other, the strong king reaches a key square of the pawn's
    /// next step before the defending king reaches the pawn's path, and a key square of its
    /// present one no later; and it stands nearer the pawn than the defender's moves to the path.
    pub const KING_FIRST_TO_THE_NEXT_KEY_SQUARES: Rule = rule!(
        king_first_to_the_next_key_squares,
        Win,
        "Going round each other, the strong king reaches a key square of the pawn's next step before the defending king reaches the pawn's path, and a key square of its present one no later, and it stands nearer its pawn than the defender's moves to the path (for a rook pawn, the defender is four moves or more from the bishop-file squares by the corner)."
    );
}

fn king_first_to_the_next_key_squares(x: &Frame, r: &Race) -> bool {
    let to_path = defender_to(x, Goal::Path);
    (!x.rook_pawn() || defender_to(x, Goal::BishopCorner) >= 4)
        && r.king_to_pawn < r.defender_to_path
        && king_to(x, Goal::NextKeys) < to_path
        && king_to(x, Goal::Keys) <= to_path
}

impl Rule {
    /// **The king in front first, the defender two files beyond it.** The defending king stands two
    /// files or more beyond the strong king, towards the centre. Going round each other, the
    /// strong king gets in front of its pawn before the defender reaches the pawn's path, and onto
    /// a key square no later than he reaches the path; and the promotion square is at least two
    /// moves further from the strong king than the pawn's path is from the defender (nearer, the
    /// defender would win the race to the corner: `8/8/8/8/8/5k2/P7/K7 w` is a draw).
    pub const KING_IN_FRONT_FIRST_DEFENDER_TWO_FILES_BEYOND: Rule = rule!(
        king_in_front_first_defender_two_files_beyond,
        Win,
        "The defending king stands two files or more beyond the strong king, towards the centre. Going round each other, the strong king gets in front of its pawn before the defender reaches the pawn's path, and onto a key square no later than he reaches the path; and the promotion square is at least two moves further from the strong king than the pawn's path is from the defender."
    );
}

fn king_in_front_first_defender_two_files_beyond(x: &Frame, r: &Race) -> bool {
    let to_path = defender_to(x, Goal::Path);
    defender_files_beyond_the_king(x) >= 2
        && r.king_to_promotion >= to_path + 2
        && king_to(x, Goal::Keys) <= to_path
        && king_to(x, Goal::Path) < r.defender_to_path
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
