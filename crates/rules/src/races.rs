//! Races counted in moves: who gets where first. Each rule compares the moves two goals take
//! ([`Race`]: a king `d` steps away needs `d` moves, less one for the side to move) with a
//! margin. The rules and their margins were found by searching, over every legal position, for
//! comparisons the bitbase never contradicts, and kept where they decide positions the classic
//! rules leave open; each is asserted exact by the exhaustive tests.
//!
//! Squares in the explanations are from the side with the pawn, as if it were White with the
//! pawn moving up; the functions accept either colour.

use crate::frame::{Frame, Race};
use crate::rule::{Family, Rule, rule};

const FAMILY: Family = Family::Race;

impl Rule {
    rule! {
        /// Moving one rank a move like the pawn, he can never get in front of it.
        DEFENDER_LEFT_BEHIND = defender_left_behind, Win,
        title: "The defender is left behind",
        idea: PawnRuns,
        gist: "the {weak} king is left behind the pawn, which runs to {queen}",
        statement: "The defending king stands two ranks or more behind the pawn.",
    }
}

fn defender_left_behind(x: &Frame, _: &Race) -> bool {
    x.weak_king.rank + 2 <= x.pawn.rank
}

impl Rule {
    rule! {
        /// The pawn promotes even if its own king must first step out of its way, and the new queen
        /// or rook cannot be taken.
        FAR_OUTSIDE_THE_SQUARE = far_outside_the_square, Win,
        title: "Far outside the square",
        idea: RuleOfTheSquare,
        gist: "the {weak} king is far outside the pawn's square",
        statement: "The defending king is two moves or more outside the square of the pawn.",
    }
}

fn far_outside_the_square(_: &Frame, r: &Race) -> bool {
    r.outside_square() >= 2
}

impl Rule {
    rule! {
        /// The king cannot come between him and the pawn, and the pawn cannot pass him alone.
        DEFENDER_ON_THE_PATH_KING_BEYOND = defender_on_the_path_king_beyond, Draw,
        title: "The defender holds the path, the king is beyond him",
        idea: InFront,
        gist: "the {weak} king blocks the pawn, and the {strong} king is beyond it",
        statement: "The defending king stands on the pawn's path in front of it, and the strong king is level with him or further up the board.",
    }
}

fn defender_on_the_path_king_beyond(x: &Frame, r: &Race) -> bool {
    r.defender_to_path + x.defender_first() == 0 && x.weak_king.rank <= x.strong_king.rank
}

impl Rule {
    rule! {
        DEFENDER_ON_A_KEY_SQUARE_KING_FAR = defender_on_a_key_square_king_far, Draw,
        title: "The defender holds a key square, the king is far",
        idea: KeySquares,
        gist: "the {weak} king holds the key squares; the {strong} king is too far",
        statement: "The defending king stands on a key square, or a king step from one with his move (whether or not that step is legal), and the strong king is three files or more from the pawn.",
    }
}

fn defender_on_a_key_square_king_far(x: &Frame, r: &Race) -> bool {
    r.defender_to_key <= 0 && (x.strong_king.file - x.pawn.file).abs() >= 3
}

impl Rule {
    rule! {
        /// The king joins its pawn before the defender can block it.
        DEFENDER_TOO_LATE_FOR_THE_PATH = defender_too_late_for_the_path, Win,
        title: "The defender cannot get in front in time",
        idea: InFront,
        gist: "the {weak} king cannot get in front of the pawn in time",
        statement: "Not a rook pawn, and the defending king needs two moves more to reach the pawn's path than the strong king is steps from the pawn.",
    }
}

fn defender_too_late_for_the_path(x: &Frame, r: &Race) -> bool {
    !x.rook_pawn() && r.defender_to_path >= r.king_to_pawn + 2
}

impl Rule {
    rule! {
        KING_ON_THE_KEY_SQUARES_LONG_BEFORE = king_on_the_key_squares_long_before, Win,
        title: "The king is on the key squares long before the defender is in front",
        idea: KeySquares,
        gist: "the {strong} king reaches the key square {key} long before the {weak} king",
        statement: "The strong king reaches a key square four moves before the defender reaches the pawn's path, which takes him at least the pawn's moves less one.",
    }
}

fn king_on_the_key_squares_long_before(_: &Frame, r: &Race) -> bool {
    r.king_to_key + 4 <= r.defender_to_path && r.defender_to_path + 1 >= r.pawn
}

impl Rule {
    rule! {
        KING_AT_THE_PROMOTION_SQUARE_FIRST = king_at_the_promotion_square_first, Win,
        title: "The king is at the promotion square first",
        idea: KeySquares,
        gist: "the {strong} king gets ahead of its pawn before the {weak} king gets in front",
        statement: "The strong king reaches the promotion square two moves before the defender reaches the pawn's path, which takes him four moves or more.",
    }
}

fn king_at_the_promotion_square_first(_: &Frame, r: &Race) -> bool {
    r.king_to_promotion + 2 <= r.defender_to_path && r.defender_to_path >= 4
}

impl Rule {
    rule! {
        KING_ON_THE_KEY_SQUARES_DEFENDER_FAR = king_on_the_key_squares_defender_far, Win,
        title: "The king is far from a key square, the defender further from the pawn",
        idea: KeySquares,
        gist: "the {strong} king reaches the key square {key}; the {weak} king is far",
        statement: "The strong king reaches a key square five moves sooner than the kings' distance apart, and the defender needs at least the strong king's distance to the pawn less one to reach it.",
    }
}

fn king_on_the_key_squares_defender_far(_: &Frame, r: &Race) -> bool {
    r.king_to_key + 5 <= r.kings_apart && r.capture + 1 >= r.king_to_pawn
}

impl Rule {
    rule! {
        DEEP_INSIDE_THE_SQUARE_PAWN_ALONE = deep_inside_the_square_pawn_alone, Draw,
        title: "Deep inside the square, the pawn alone",
        idea: PawnFalls,
        gist: "the {weak} king is deep in the square; the {strong} king is too far",
        statement: "The defending king is three moves or more inside the square, and the strong king needs at least the pawn's moves less two to stand next to its path.",
    }
}

fn deep_inside_the_square_pawn_alone(_: &Frame, r: &Race) -> bool {
    r.outside_square() <= -3 && r.protect + 2 >= r.pawn
}

impl Rule {
    rule! {
        DEFENDER_AT_THE_PROMOTION_SQUARE = defender_at_the_promotion_square, Draw,
        title: "The defender is at the promotion square",
        idea: InFront,
        gist: "the {weak} king reaches {queen} before the {strong} king can support the pawn",
        statement: "The defending king reaches the promotion square within a move, and the strong king needs three moves or more to stand next to the pawn's path.",
    }
}

fn defender_at_the_promotion_square(_: &Frame, r: &Race) -> bool {
    r.defender_to_promotion <= 1 && r.protect >= 3
}

impl Rule {
    rule! {
        DEFENDER_AHEAD_KING_BEHIND = defender_ahead_king_behind, Draw,
        title: "The defender is ahead of the pawn, the king behind it",
        idea: InFront,
        gist: "the {weak} king gets in front while the {strong} king is behind",
        statement: "The defending king reaches a key square four moves before the pawn could promote, and the promotion square before the strong king can stand next to the pawn's path.",
    }
}

fn defender_ahead_king_behind(_: &Frame, r: &Race) -> bool {
    r.defender_to_key + 4 <= r.pawn && r.defender_to_promotion < r.protect
}

impl Rule {
    rule! {
        DEFENDER_MUCH_NEARER_THE_PROMOTION_SQUARE = defender_much_nearer_the_promotion_square, Draw,
        title: "The defender is much nearer the promotion square",
        idea: InFront,
        gist: "the {weak} king is much nearer {queen} than the {strong} king",
        statement: "The defending king reaches the promotion square six moves before the strong king, and the pawn at most two moves after the strong king reaches a key square.",
    }
}

fn defender_much_nearer_the_promotion_square(_: &Frame, r: &Race) -> bool {
    r.defender_to_promotion + 6 <= r.king_to_promotion && r.capture <= r.king_to_key + 2
}

impl Rule {
    rule! {
        PAWN_LOST_INSIDE_THE_SQUARE = pawn_lost_inside_the_square, Draw,
        title: "The pawn is lost inside the square",
        idea: PawnFalls,
        gist: "the {weak} king reaches the pawn before the {strong} king can guard it",
        statement: "The defending king is a move or more inside the square and can stand next to the pawn three moves sooner than the strong king's distance to it.",
    }
}

fn pawn_lost_inside_the_square(_: &Frame, r: &Race) -> bool {
    r.outside_square() <= -1 && r.capture + 3 <= r.king_to_pawn
}

impl Rule {
    rule! {
        /// He comes from in front when he gets onto the pawn's path in front of it sooner than next
        /// to the pawn.
        PAWN_LOST_TO_A_DEFENDER_IN_FRONT = pawn_lost_to_a_defender_in_front, Draw,
        title: "The pawn is lost to a defender in front",
        idea: PawnFalls,
        gist: "the {weak} king comes from in front and reaches the pawn first",
        statement: "The defending king comes from in front of the pawn and can stand next to it two moves sooner than the strong king's distance to it.",
    }
}

fn pawn_lost_to_a_defender_in_front(_: &Frame, r: &Race) -> bool {
    r.capture > r.defender_to_path && r.capture + 2 <= r.king_to_pawn
}

impl Rule {
    rule! {
        /// He comes from in front when he gets onto the pawn's path in front of it sooner than next
        /// to the pawn. The strong king has run past the fight.
        KING_BEYOND_A_DEFENDER_IN_FRONT = king_beyond_a_defender_in_front, Draw,
        title: "The king is beyond a defender in front",
        idea: InFront,
        gist: "the {weak} king blocks the pawn, and the {strong} king is beyond it",
        statement: "The defending king comes from in front of the pawn, and the strong king stands two ranks or more further up the board.",
    }
}

fn king_beyond_a_defender_in_front(x: &Frame, r: &Race) -> bool {
    r.capture > r.defender_to_path && x.weak_king.rank + 2 <= x.strong_king.rank
}

impl Rule {
    rule! {
        DEFENDER_HOLDS_THE_KEY_SQUARES_IN_TIME = defender_holds_the_key_squares_in_time, Draw,
        title: "The defender is on the key squares before the king is by the pawn",
        idea: KeySquares,
        gist: "the {weak} king reaches the key squares {keys} in time",
        statement: "The defending king is a move or more inside the square and reaches a key square two moves before the strong king can stand next to the pawn's path.",
    }
}

fn defender_holds_the_key_squares_in_time(_: &Frame, r: &Race) -> bool {
    r.outside_square() <= -1 && r.defender_to_key + 2 <= r.protect
}

impl Rule {
    rule! {
        FROM_IN_FRONT_TO_THE_KEY_SQUARES_FIRST = from_in_front_to_the_key_squares_first, Draw,
        title: "The defender comes from in front to the key squares first",
        idea: KeySquares,
        gist: "the {weak} king comes from in front to the key squares {keys} first",
        statement: "The defending king comes from in front of the pawn (its path two moves nearer than the pawn) and reaches a key square two moves before the strong king.",
    }
}

fn from_in_front_to_the_key_squares_first(_: &Frame, r: &Race) -> bool {
    r.capture >= r.defender_to_path + 2 && r.defender_to_key + 2 <= r.king_to_key
}
