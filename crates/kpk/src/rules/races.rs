//! Races counted in moves: who gets where first. Each rule compares the moves two goals take
//! ([`Race`]: a king `d` steps away needs `d` moves, less one for the side to move) with a
//! margin. The rules and their margins were found by searching, over every legal position, for
//! comparisons the bitbase never contradicts, and kept where they decide positions the classic
//! rules leave open; each is asserted exact by the exhaustive tests.
//!
//! Squares in the explanations are from the side with the pawn, as if it were White with the
//! pawn moving up; the functions accept either colour.

use super::frame::{Frame, Race};
use super::{Claim, claim};
use crate::{KpkPosition, Wdl};

/// **The defender is left behind.** The defending king stands two ranks or more behind the
/// pawn: moving one rank a move like the pawn, he can never get in front of it.
#[must_use]
pub fn defender_left_behind(pos: &KpkPosition) -> Option<Wdl> {
    claim(pos, Claim::Win, defender_left_behind_holds)
}

pub(crate) fn defender_left_behind_holds(x: &Frame, _: &Race) -> bool {
    x.weak_king.rank + 2 <= x.pawn.rank
}

/// **Far outside the square.** The defending king needs at least two moves more than the pawn
/// to reach the promotion square: the pawn promotes even if its own king must first step out
/// of its way, and the new queen or rook cannot be taken.
#[must_use]
pub fn far_outside_the_square(pos: &KpkPosition) -> Option<Wdl> {
    claim(pos, Claim::Win, far_outside_the_square_holds)
}

pub(crate) fn far_outside_the_square_holds(_: &Frame, r: &Race) -> bool {
    r.outside_square() >= 2
}

/// **The defender holds the path, the king is beyond him.** The defending king stands on the
/// pawn's path in front of it, and the strong king is level with him or further up the board:
/// it cannot come between him and the pawn, and the pawn cannot pass him alone.
#[must_use]
pub fn defender_on_the_path_king_beyond(pos: &KpkPosition) -> Option<Wdl> {
    claim(pos, Claim::Draw, defender_on_the_path_king_beyond_holds)
}

pub(crate) fn defender_on_the_path_king_beyond_holds(x: &Frame, r: &Race) -> bool {
    r.defender_to_path + x.defender_first() == 0 && x.weak_king.rank <= x.strong_king.rank
}

/// **The defender holds a key square, the king is far.** The defending king stands on a key
/// square of the pawn (or steps onto one with his move), and the strong king stands three files
/// or more from the pawn.
#[must_use]
pub fn defender_on_a_key_square_king_far(pos: &KpkPosition) -> Option<Wdl> {
    claim(pos, Claim::Draw, defender_on_a_key_square_king_far_holds)
}

pub(crate) fn defender_on_a_key_square_king_far_holds(x: &Frame, r: &Race) -> bool {
    r.defender_to_key <= 0 && (x.strong_king.file - x.pawn.file).abs() >= 3
}

/// **The defender cannot get in front in time.** Not a rook pawn, and the defending king needs
/// at least two moves more to reach the pawn's path in front of it than the strong king is
/// steps away from the pawn: the king joins its pawn before the defender can block it.
#[must_use]
pub fn defender_too_late_for_the_path(pos: &KpkPosition) -> Option<Wdl> {
    claim(pos, Claim::Win, defender_too_late_for_the_path_holds)
}

pub(crate) fn defender_too_late_for_the_path_holds(x: &Frame, r: &Race) -> bool {
    !x.rook_pawn() && r.defender_to_path >= r.king_to_pawn + 2
}

/// **The king is on the key squares long before the defender is in front.** The strong king
/// reaches a key square at least four moves before the defender reaches the pawn's path, and
/// the defender needs at least the pawn's moves to promote less one to get there.
#[must_use]
pub fn king_on_the_key_squares_long_before(pos: &KpkPosition) -> Option<Wdl> {
    claim(pos, Claim::Win, king_on_the_key_squares_long_before_holds)
}

pub(crate) fn king_on_the_key_squares_long_before_holds(_: &Frame, r: &Race) -> bool {
    r.king_to_key + 4 <= r.defender_to_path && r.defender_to_path + 1 >= r.pawn
}

/// **The king is at the promotion square first.** The strong king reaches the promotion square
/// at least two moves before the defender reaches the pawn's path, which takes him four moves
/// or more.
#[must_use]
pub fn king_at_the_promotion_square_first(pos: &KpkPosition) -> Option<Wdl> {
    claim(pos, Claim::Win, king_at_the_promotion_square_first_holds)
}

pub(crate) fn king_at_the_promotion_square_first_holds(_: &Frame, r: &Race) -> bool {
    r.king_to_promotion + 2 <= r.defender_to_path && r.defender_to_path >= 4
}

/// **The king is far from a key square, the defender further from the pawn.** The strong king
/// reaches a key square at least five moves sooner than the kings' distance apart, and the
/// defender needs no fewer moves to reach the pawn than the strong king's distance to it less
/// one.
#[must_use]
pub fn king_on_the_key_squares_defender_far(pos: &KpkPosition) -> Option<Wdl> {
    claim(pos, Claim::Win, king_on_the_key_squares_defender_far_holds)
}

pub(crate) fn king_on_the_key_squares_defender_far_holds(_: &Frame, r: &Race) -> bool {
    r.king_to_key + 5 <= r.kings_apart && r.capture + 1 >= r.king_to_pawn
}

/// **Deep inside the square, the pawn alone.** The defending king is at least three moves
/// inside the square of the pawn, and the strong king needs at least the pawn's moves to
/// promote less two to stand next to its path.
#[must_use]
pub fn deep_inside_the_square_pawn_alone(pos: &KpkPosition) -> Option<Wdl> {
    claim(pos, Claim::Draw, deep_inside_the_square_pawn_alone_holds)
}

pub(crate) fn deep_inside_the_square_pawn_alone_holds(_: &Frame, r: &Race) -> bool {
    r.outside_square() <= -3 && r.protect + 2 >= r.pawn
}

/// **The defender is at the promotion square.** The defending king reaches the promotion
/// square within a move, and the strong king needs three moves or more to stand next to the
/// pawn's path.
#[must_use]
pub fn defender_at_the_promotion_square(pos: &KpkPosition) -> Option<Wdl> {
    claim(pos, Claim::Draw, defender_at_the_promotion_square_holds)
}

pub(crate) fn defender_at_the_promotion_square_holds(_: &Frame, r: &Race) -> bool {
    r.defender_to_promotion <= 1 && r.protect >= 3
}

/// **The defender is ahead of the pawn, the king behind it.** The defending king reaches a key
/// square at least four moves before the pawn could promote, and the promotion square before
/// the strong king can stand next to the pawn's path.
#[must_use]
pub fn defender_ahead_king_behind(pos: &KpkPosition) -> Option<Wdl> {
    claim(pos, Claim::Draw, defender_ahead_king_behind_holds)
}

pub(crate) fn defender_ahead_king_behind_holds(_: &Frame, r: &Race) -> bool {
    r.defender_to_key + 4 <= r.pawn && r.defender_to_promotion < r.protect
}

/// **The defender is much nearer the promotion square.** The defending king reaches the
/// promotion square at least six moves before the strong king, and the pawn at most two moves
/// after the strong king reaches a key square.
#[must_use]
pub fn defender_much_nearer_the_promotion_square(pos: &KpkPosition) -> Option<Wdl> {
    claim(pos, Claim::Draw, defender_much_nearer_the_promotion_square_holds)
}

pub(crate) fn defender_much_nearer_the_promotion_square_holds(_: &Frame, r: &Race) -> bool {
    r.defender_to_promotion + 6 <= r.king_to_promotion && r.capture <= r.king_to_key + 2
}

/// **The pawn is lost inside the square.** The defending king is inside the square of the pawn
/// and can stand next to it at least three moves sooner than the strong king's distance to the
/// pawn.
#[must_use]
pub fn pawn_lost_inside_the_square(pos: &KpkPosition) -> Option<Wdl> {
    claim(pos, Claim::Draw, pawn_lost_inside_the_square_holds)
}

pub(crate) fn pawn_lost_inside_the_square_holds(_: &Frame, r: &Race) -> bool {
    r.outside_square() <= -1 && r.capture + 3 <= r.king_to_pawn
}

/// **The pawn is lost to a defender in front.** The defending king gets onto the pawn's path
/// in front of it sooner than next to the pawn (he comes from in front), and can stand next to
/// the pawn at least two moves sooner than the strong king's distance to it.
#[must_use]
pub fn pawn_lost_to_a_defender_in_front(pos: &KpkPosition) -> Option<Wdl> {
    claim(pos, Claim::Draw, pawn_lost_to_a_defender_in_front_holds)
}

pub(crate) fn pawn_lost_to_a_defender_in_front_holds(_: &Frame, r: &Race) -> bool {
    r.capture > r.defender_to_path && r.capture + 2 <= r.king_to_pawn
}

/// **The king is beyond a defender in front.** The defending king gets onto the pawn's path in
/// front of it sooner than next to the pawn (he comes from in front), and the strong king
/// stands two ranks or more further up the board than he does: it has run past the fight.
#[must_use]
pub fn king_beyond_a_defender_in_front(pos: &KpkPosition) -> Option<Wdl> {
    claim(pos, Claim::Draw, king_beyond_a_defender_in_front_holds)
}

pub(crate) fn king_beyond_a_defender_in_front_holds(x: &Frame, r: &Race) -> bool {
    r.capture > r.defender_to_path && x.weak_king.rank + 2 <= x.strong_king.rank
}

/// **The defender is on the key squares before the king is by the pawn.** The defending king
/// is inside the square of the pawn and reaches a key square at least two moves before the
/// strong king can stand next to the pawn's path.
#[must_use]
pub fn defender_holds_the_key_squares_in_time(pos: &KpkPosition) -> Option<Wdl> {
    claim(pos, Claim::Draw, defender_holds_the_key_squares_in_time_holds)
}

pub(crate) fn defender_holds_the_key_squares_in_time_holds(_: &Frame, r: &Race) -> bool {
    r.outside_square() <= -1 && r.defender_to_key + 2 <= r.protect
}

/// **The defender comes from in front to the key squares first.** The defending king gets onto
/// the pawn's path at least two moves sooner than next to the pawn (he comes from in front),
/// and reaches a key square at least two moves before the strong king.
#[must_use]
pub fn from_in_front_to_the_key_squares_first(pos: &KpkPosition) -> Option<Wdl> {
    claim(pos, Claim::Draw, from_in_front_to_the_key_squares_first_holds)
}

pub(crate) fn from_in_front_to_the_key_squares_first_holds(_: &Frame, r: &Race) -> bool {
    r.capture >= r.defender_to_path + 2 && r.defender_to_key + 2 <= r.king_to_key
}
