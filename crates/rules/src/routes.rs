//! The rules that race along the routes a king really needs round the other king (see
//! `route`), found, like those of `races`, by searching every legal position for comparisons
//! the bitbase never contradicts. A route is dearer than a plain distance, so the recognizer
//! checks these rules after the cheaper ones.

use crate::frame::{Coord, Frame, Race};
use crate::route::{Goal, NO_ROUTE, defender_to, defender_to_the_pawn, king_to};
use crate::rule::{Family, Rule, rule};

const FAMILY: Family = Family::Route;

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
    rule! {
        /// A knight pawn on its sixth rank is left out for the stalemate of the defender in the
        /// corner.
        KING_TO_A_KEY_SQUARE_BEFORE_THE_DEFENDER_TO_THE_PATH = king_to_a_key_square_before_the_defender_to_the_path, Win,
        title: "The king reaches a key square before the defender reaches the path",
        idea: KeySquares,
        gist: "the {strong} king reaches the key square {key} first",
        statement: "Not a rook pawn (nor a knight pawn on its sixth rank), the defending king two files or more from the strong king: going round the king he cannot reach the pawn's path before the king stands on a key square, nor stand next to the pawn more than two moves before the king could guard it.",
    }
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
    rule! {
        PAWN_LOST_ROUND_THE_KING = pawn_lost_round_the_king, Draw,
        title: "The pawn is lost inside the square, round the king",
        idea: PawnFalls,
        gist: "the {weak} king goes round the {strong} king and reaches the pawn first",
        statement: "The pawn stands past its second rank, the defending king is inside its square and, going round the strong king, can stand next to the unguarded pawn three moves sooner than the strong king's distance to it.",
    }
}

fn pawn_lost_round_the_king(x: &Frame, r: &Race) -> bool {
    x.pawn.rank >= 2 && r.outside_square() <= 0 && r.king_to_pawn >= defender_to_the_pawn(x) + 3
}

impl Rule {
    rule! {
        KING_FAR_TO_THE_SIDE_DEFENDER_IN_FRONT = king_far_to_the_side_defender_in_front, Draw,
        title: "The king is far to the side, the defender in front",
        idea: InFront,
        gist: "the {weak} king gets in front while the {strong} king is far aside",
        statement: "The strong king stands four files or more from the pawn on the side of the centre, and needs at least the kings' distance apart less three moves to the promotion square; the defending king is inside the square going round the king, reaches the pawn's path two moves before the king's distance to the pawn, and the king is no nearer a key square than two moves less than the defender is to the pawn.",
    }
}

fn king_far_to_the_side_defender_in_front(x: &Frame, r: &Race) -> bool {
    king_files_towards_the_centre(x) >= 4
        && r.king_to_promotion >= r.kings_apart - 3
        && r.king_to_pawn >= r.defender_to_path + 2
        && defender_to(x, Goal::Promotion) <= r.pawn
        && king_to(x, Goal::Keys) >= defender_to_the_pawn(x) - 2
}

impl Rule {
    rule! {
        DEFENDER_ON_THE_PATH_FIRST_TO_THE_STOP_SQUARE = defender_on_the_path_first_to_the_stop_square, Draw,
        title: "The defender is on the path and first to the stop square",
        idea: InFront,
        gist: "the {weak} king gets in front of the pawn first",
        statement: "The defending king stands on the pawn's path in front of it (or steps onto it with his move, going round the king), but not on the square in front of the pawn with the move; going round the king, he reaches that square no later than a move after the strong king reaches a key square, and a key square two moves before the pawn could promote; and the king, going round him, needs two moves more to get in front of the pawn than he does.",
    }
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
    rule! {
        KING_BEHIND_THE_PAWN_DEFENDER_ON_THE_PATH = king_behind_the_pawn_defender_on_the_path, Draw,
        title: "The king is behind its pawn, the defender on the path",
        idea: InFront,
        gist: "the {weak} king blocks the pawn, and the {strong} king is behind it",
        statement: "The strong king stands two ranks or more behind its pawn and has a way round the defender to the key squares, and the defending king stands on the pawn's path in front of it or reaches it within a move, going round the king.",
    }
}

fn king_behind_the_pawn_defender_on_the_path(x: &Frame, _: &Race) -> bool {
    x.strong_king.rank + 2 <= x.pawn.rank
        && defender_to(x, Goal::Path) <= 1
        && king_to(x, Goal::Keys) < NO_ROUTE
}

impl Rule {
    rule! {
        DEEP_INSIDE_THE_SQUARE_FIRST_TO_THE_STOP_SQUARE = deep_inside_the_square_first_to_the_stop_square, Draw,
        title: "Deep inside the square, first to the stop square",
        idea: InFront,
        gist: "the {weak} king gets in front of the pawn first",
        statement: "The defending king is two moves or more inside the square and reaches the square in front of the pawn two moves before the strong king reaches a key square (both going round the other king), and the kings stand no further apart than the pawn's moves to promote.",
    }
}

fn deep_inside_the_square_first_to_the_stop_square(x: &Frame, r: &Race) -> bool {
    r.outside_square() <= -2
        && r.kings_apart <= r.pawn
        && king_to(x, Goal::Keys) >= defender_to(x, Goal::Stop) + 2
}

impl Rule {
    rule! {
        KING_FAR_FROM_THE_FRONT_PAWN_LOST = king_far_from_the_front_pawn_lost, Draw,
        title: "The king is far from the front, the pawn is lost",
        idea: PawnFalls,
        gist: "the {weak} king reaches the pawn before the {strong} king gets there",
        statement: "The strong king needs four moves or more, going round the defender, to get in front of its pawn; the defending king, inside the square going round the king, can stand next to the pawn (going round the king) no later than the strong king can stand next to the pawn's path, and three moves before the strong king's distance to the promotion square.",
    }
}

fn king_far_from_the_front_pawn_lost(x: &Frame, r: &Race) -> bool {
    let to_pawn = defender_to_the_pawn(x);
    r.protect >= to_pawn
        && r.king_to_promotion >= to_pawn + 3
        && defender_to(x, Goal::Promotion) <= r.pawn
        && king_to(x, Goal::Path) >= 4
}

impl Rule {
    rule! {
        KING_FAR_BEYOND_THE_PAWN = king_far_beyond_the_pawn, Draw,
        title: "The king is far beyond the pawn",
        idea: PawnFalls,
        gist: "the {weak} king catches the pawn; the {strong} king is too far",
        statement: "The strong king stands five files or more from the pawn on the side of the centre and five ranks or more above it, and the defending king is inside the square, going round the king.",
    }
}

fn king_far_beyond_the_pawn(x: &Frame, r: &Race) -> bool {
    king_files_towards_the_centre(x) >= 5
        && x.strong_king.rank - x.pawn.rank >= 5
        && defender_to(x, Goal::Promotion) <= r.pawn
}

impl Rule {
    rule! {
        ROOK_PAWN_DEFENDER_ABOVE_FIRST_TO_THE_KEY_SQUARES = rook_pawn_defender_above_first_to_the_key_squares, Draw,
        title: "Rook pawn: the defender above the king, first to the key squares",
        idea: RookPawnCorner,
        gist: "the {weak} king gets to the corner first",
        statement: "Rook pawn: the defending king stands two ranks or more above the strong king, reaches a knight-file key square no later than the king, and is a move inside the square, every route round the other king.",
    }
}

fn rook_pawn_defender_above_first_to_the_key_squares(x: &Frame, r: &Race) -> bool {
    x.rook_pawn()
        && x.weak_king.rank - x.strong_king.rank >= 2
        && defender_to(x, Goal::Promotion) < r.pawn
        && king_to(x, Goal::Keys) >= defender_to(x, Goal::Keys)
}

impl Rule {
    rule! {
        /// The king gets in front of its pawn first, and the defender comes from the wrong side.
        KING_BETWEEN_THE_PAWN_AND_A_DISTANT_DEFENDER = king_between_the_pawn_and_a_distant_defender, Win,
        title: "The king walks on the pawn's side of the defender",
        idea: Shouldering,
        gist: "the {strong} king shuts the {weak} king out of the pawn's way",
        statement: "Not a rook pawn; the strong king stands three files or more from the defending king, between him and the pawn's nearer edge, and the defender needs more moves to reach the pawn's path than the king's distance to the pawn.",
    }
}

fn king_between_the_pawn_and_a_distant_defender(x: &Frame, r: &Race) -> bool {
    !x.rook_pawn() && defender_files_beyond_the_king(x) >= 3 && r.king_to_pawn < r.defender_to_path
}

impl Rule {
    rule! {
        KING_CLOSE_AND_FIRST_TO_THE_KEY_SQUARES = king_close_and_first_to_the_key_squares, Win,
        title: "The king is close and first to the key squares",
        idea: KeySquares,
        gist: "the {strong} king reaches the key square {key} first",
        statement: "The defender to move; the strong king stands at most one step further from the pawn than the defender's moves to stand next to it, and reaches a key square, going round the defender, two moves before he reaches the pawn's path.",
    }
}

fn king_close_and_first_to_the_key_squares(x: &Frame, r: &Race) -> bool {
    !x.strong_to_move
        && r.king_to_pawn <= r.capture + 1
        && king_to(x, Goal::Keys) <= r.defender_to_path - 2
}

impl Rule {
    rule! {
        KING_TO_THE_KEY_SQUARES_LONG_BEFORE_THE_DEFENDER_TO_THE_PAWN = king_to_the_key_squares_long_before_the_defender_to_the_pawn, Win,
        title: "The king is on the key squares long before the defender is at the pawn",
        idea: KeySquares,
        gist: "the {strong} king reaches the key square {key} long before the {weak} king",
        statement: "The defender to move, not a rook pawn, and the strong king reaches a key square, going round the defender, three moves before the defender can stand next to the pawn.",
    }
}

fn king_to_the_key_squares_long_before_the_defender_to_the_pawn(x: &Frame, r: &Race) -> bool {
    !x.strong_to_move && !x.rook_pawn() && king_to(x, Goal::Keys) <= r.capture - 3
}

impl Rule {
    rule! {
        DEFENDER_OUTSIDE_THE_SQUARE_ROUND_THE_KING = defender_outside_the_square_round_the_king, Win,
        title: "The defender is outside the square, round the king",
        idea: RuleOfTheSquare,
        gist: "the {weak} king cannot get round the {strong} king in time to catch the pawn",
        statement: "The defending king needs three moves or more to the promotion square and, going round the strong king, more moves than the pawn: he is outside its square; and the strong king stands no further from the pawn than the defender's moves to its path.",
    }
}

fn defender_outside_the_square_round_the_king(x: &Frame, r: &Race) -> bool {
    r.defender_to_promotion >= 3
        && r.king_to_pawn <= r.defender_to_path
        && defender_to(x, Goal::Promotion) > r.pawn
}

impl Rule {
    rule! {
        KING_FIRST_TO_THE_KEY_AND_PROMOTION_SQUARES = king_first_to_the_key_and_promotion_squares, Win,
        title: "The king is first to the key and promotion squares",
        idea: KeySquares,
        gist: "the {strong} king is first to the key square {key}, and then to the promotion square {queen}",
        statement: "The defending king is within two moves of the pawn's path (going round the strong king), but the strong king reaches a key square three moves, and the promotion square (going round the defender) two moves, sooner than the kings' distance apart, and stands at most a step further from the pawn than the defender's moves to its path.",
    }
}

fn king_first_to_the_key_and_promotion_squares(x: &Frame, r: &Race) -> bool {
    r.king_to_key <= r.kings_apart - 3
        && r.king_to_pawn <= r.defender_to_path + 1
        && defender_to(x, Goal::Path) <= 2
        && king_to(x, Goal::Promotion) <= r.kings_apart - 2
}

impl Rule {
    rule! {
        KING_IN_FRONT_BEFORE_A_DISTANT_DEFENDER_AT_THE_PAWN = king_in_front_before_a_distant_defender_at_the_pawn, Win,
        title: "The king is in front before a distant defender is at the pawn",
        idea: InFront,
        gist: "the {strong} king gets in front of its pawn first",
        statement: "The defending king needs six moves or more to the promotion square, and the strong king gets in front of its pawn (going round the defender) no later than he can stand next to the pawn.",
    }
}

fn king_in_front_before_a_distant_defender_at_the_pawn(x: &Frame, r: &Race) -> bool {
    r.defender_to_promotion >= 6 && king_to(x, Goal::Path) <= defender_to_the_pawn(x)
}

impl Rule {
    rule! {
        KING_FAR_FROM_THE_PAWN_DEFENDER_AT_THE_STOP_SQUARE = king_far_from_the_pawn_defender_at_the_stop_square, Draw,
        title: "The king is far from the pawn, the defender at the stop square",
        idea: InFront,
        gist: "the {weak} king gets in front of the pawn first",
        statement: "The strong king stands five steps or more from the pawn, the defending king is inside the square and reaches the square in front of the pawn (going round the king) three moves before that distance.",
    }
}

fn king_far_from_the_pawn_defender_at_the_stop_square(x: &Frame, r: &Race) -> bool {
    r.king_to_pawn >= 5
        && r.pawn >= r.defender_to_promotion
        && r.king_to_pawn >= defender_to(x, Goal::Stop) + 3
}

impl Rule {
    rule! {
        DEFENDER_NEAR_THE_PAWN_KING_TOO_SLOW = defender_near_the_pawn_king_too_slow, Draw,
        title: "The defender is near the pawn, the king too slow",
        idea: PawnFalls,
        gist: "the {strong} king is too slow, and the {weak} king reaches the pawn",
        statement: "The pawn stands past its second rank, the strong king needs three moves or more to stand next to the pawn's path, the defending king stands at most two ranks above the pawn (or below it), inside the square going round the king, and, going round the king, can stand next to the pawn before the king reaches a key square going round him.",
    }
}

fn defender_near_the_pawn_king_too_slow(x: &Frame, r: &Race) -> bool {
    x.pawn.rank >= 2
        && r.protect >= 3
        && x.weak_king.rank - x.pawn.rank <= 2
        && defender_to(x, Goal::Promotion) <= r.pawn
        && king_to(x, Goal::Keys) > defender_to_the_pawn(x)
}

impl Rule {
    rule! {
        KING_BELOW_THE_PAWN_DEFENDER_DEEP_IN_THE_SQUARE_ON_THE_PATH = king_below_the_pawn_defender_deep_in_the_square_on_the_path, Draw,
        title: "The king below its pawn, the defender deep in the square on its path",
        idea: InFront,
        gist: "the {weak} king gets in front of the pawn, and the {strong} king is behind it",
        statement: "The strong king stands below its pawn, the defending king is on the pawn's path or a move from it and three moves inside the square going round the king, and the kings stand at most a move further apart than the pawn's moves to promote.",
    }
}

fn king_below_the_pawn_defender_deep_in_the_square_on_the_path(x: &Frame, r: &Race) -> bool {
    x.strong_king.rank < x.pawn.rank
        && r.defender_to_path <= 1
        && r.kings_apart <= r.pawn + 1
        && defender_to(x, Goal::Promotion) <= r.pawn - 3
}

impl Rule {
    rule! {
        /// The pawn is safe, and the king arrives first.
        KING_NEARER_THE_PAWN_AND_FIRST_TO_THE_KEY_SQUARES = king_nearer_the_pawn_and_first_to_the_key_squares, Win,
        title: "The king nearer its pawn and first to the key squares",
        idea: KeySquares,
        gist: "the {strong} king reaches the key square {key} first and guards its pawn",
        statement: "The strong king stands nearer its pawn than the two kings stand apart, reaches a key square (going round the defender) three moves before he reaches the promotion square, and stands next to the pawn (going round him) a move before he reaches the pawn's path.",
    }
}

fn king_nearer_the_pawn_and_first_to_the_key_squares(x: &Frame, r: &Race) -> bool {
    r.king_to_pawn < r.kings_apart
        && king_to(x, Goal::Keys) <= r.defender_to_promotion - 3
        && king_to(x, Goal::NextToPawn) < r.defender_to_path
}

impl Rule {
    rule! {
        DEFENDER_BARRED_FROM_THE_PATH = defender_barred_from_the_path, Win,
        title: "The king bars the defender from the path",
        idea: Shouldering,
        gist: "the {strong} king bars the {weak} king from the pawn's path",
        statement: "Not a rook pawn: the defending king is nearer the pawn's path than the strong king is to a key square, but the king bars his way, so that going round it he reaches the path no sooner than the king reaches a key square.",
    }
}

fn defender_barred_from_the_path(x: &Frame, r: &Race) -> bool {
    !x.rook_pawn()
        && r.king_to_key > r.defender_to_path
        && king_to(x, Goal::Keys) <= defender_to(x, Goal::Path)
}

impl Rule {
    rule! {
        PAWN_NEAR_PROMOTION_KING_FIRST = pawn_near_promotion_king_first, Win,
        title: "The pawn is near promotion, the king first",
        idea: KeySquares,
        gist: "the {strong} king reaches the key square {key} first",
        statement: "Not a rook pawn, two moves or fewer from promoting: the strong king reaches a key square sooner than the kings' distance apart and stands no further from its pawn than the defending king's moves to the pawn's path, and the defender has a way of at most nine moves round the king to the square in front of the pawn.",
    }
}

fn pawn_near_promotion_king_first(x: &Frame, r: &Race) -> bool {
    !x.rook_pawn()
        && r.pawn <= 2
        && r.king_to_key < r.kings_apart
        && r.king_to_pawn <= r.defender_to_path
        && defender_to(x, Goal::Stop) <= 9
}

impl Rule {
    rule! {
        /// The bishop-file squares by the corner are c7 and c8 for an a-pawn. From there the
        /// defender never lets the king out of the corner's files.
        ROOK_PAWN_DEFENDER_FIRST_TO_THE_BISHOP_FILE = rook_pawn_defender_first_to_the_bishop_file, Draw,
        title: "A rook pawn: the defender first to the bishop file by the corner",
        idea: RookPawnCorner,
        gist: "the {weak} king gets to the bishop file in time to hold the corner",
        statement: "A rook pawn: the defending king stands above the strong king and inside the pawn's square (going round the king), the strong king needs three moves or more, going round the defender, to the promotion square, and the defender reaches the bishop-file squares by the corner sooner than the king reaches the knight-file key squares: from there he keeps the king shut in.",
    }
}

fn rook_pawn_defender_first_to_the_bishop_file(x: &Frame, r: &Race) -> bool {
    x.rook_pawn()
        && x.weak_king.rank > x.strong_king.rank
        && defender_to(x, Goal::Promotion) <= r.pawn
        && king_to(x, Goal::Promotion) >= 3
        && king_to(x, Goal::Keys) > defender_to(x, Goal::BishopCorner)
}

impl Rule {
    rule! {
        KING_BEHIND_THE_PAWN_DEFENDER_FIRST_TO_THE_NEXT_KEY_SQUARES = king_behind_the_pawn_defender_first_to_the_next_key_squares, Draw,
        title: "The king behind its pawn, the defender first to the next key squares",
        idea: KeySquares,
        gist: "the {weak} king reaches the key squares in front of the pawn first",
        statement: "The strong king stands three ranks or more behind its pawn and within three moves of a key square (going round the defender), but the defending king reaches the key squares of the pawn's next step two moves before it does.",
    }
}

fn king_behind_the_pawn_defender_first_to_the_next_key_squares(x: &Frame, _: &Race) -> bool {
    x.strong_king.rank + 3 <= x.pawn.rank
        && king_to(x, Goal::Keys) <= 3
        && king_to(x, Goal::NextKeys) >= defender_to(x, Goal::NextKeys) + 2
}

impl Rule {
    rule! {
        KING_ABOVE_THE_PAWN_FIRST_TO_THE_NEXT_KEY_SQUARES = king_above_the_pawn_first_to_the_next_key_squares, Win,
        title: "The king above its pawn, first to the next key squares",
        idea: KeySquares,
        gist: "the {strong} king is first to {next_key}",
        statement: "Not a rook pawn: the strong king stands above its pawn, reaches a key square of the pawn's next step (going round the defender) three moves before the defending king can stand next to the pawn, and stands next to the pawn's path before he can reach the path going round the king.",
    }
}

fn king_above_the_pawn_first_to_the_next_key_squares(x: &Frame, r: &Race) -> bool {
    !x.rook_pawn()
        && x.strong_king.rank > x.pawn.rank
        && king_to(x, Goal::NextKeys) <= r.capture - 3
        && r.protect < defender_to(x, Goal::Path)
}

impl Rule {
    rule! {
        KING_FIRST_TO_THE_NEXT_KEY_SQUARES = king_first_to_the_next_key_squares, Win,
        title: "The king first to the next key squares, before the defender reaches the path",
        idea: KeySquares,
        gist: "the {strong} king is first to {next_key}",
        statement: "Going round each other, the strong king reaches a key square of the pawn's next step before the defending king reaches the pawn's path, and a key square of its present one no later, and it stands nearer its pawn than the defender's moves to the path (for a rook pawn, the defender is four moves or more from the bishop-file squares by the corner).",
    }
}

fn king_first_to_the_next_key_squares(x: &Frame, r: &Race) -> bool {
    let to_path = defender_to(x, Goal::Path);
    (!x.rook_pawn() || defender_to(x, Goal::BishopCorner) >= 4)
        && r.king_to_pawn < r.defender_to_path
        && king_to(x, Goal::NextKeys) < to_path
        && king_to(x, Goal::Keys) <= to_path
}

impl Rule {
    rule! {
        /// With the promotion square any nearer the strong king, the defender would win the race to
        /// the corner: `8/8/8/8/8/5k2/P7/K7 w` is a draw.
        KING_IN_FRONT_FIRST_DEFENDER_TWO_FILES_BEYOND = king_in_front_first_defender_two_files_beyond, Win,
        title: "The king in front first, the defender two files beyond it",
        idea: InFront,
        gist: "the {strong} king gets in front of its pawn first",
        statement: "The defending king stands two files or more beyond the strong king, towards the centre. Going round each other, the strong king gets in front of its pawn before the defender reaches the pawn's path, and onto a key square no later than he reaches the path; and the promotion square is at least two moves further from the strong king than the pawn's path is from the defender.",
    }
}

fn king_in_front_first_defender_two_files_beyond(x: &Frame, r: &Race) -> bool {
    let to_path = defender_to(x, Goal::Path);
    defender_files_beyond_the_king(x) >= 2
        && r.king_to_promotion >= to_path + 2
        && king_to(x, Goal::Keys) <= to_path
        && king_to(x, Goal::Path) < r.defender_to_path
}
