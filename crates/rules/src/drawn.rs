//! Recognizers of drawn positions. Each claims a draw or says nothing (`None`).
//!
//! Squares in the explanations are from the side with the pawn, as if it were White with the
//! pawn moving up; the functions accept either colour.

use crate::frame::{Coord, Frame, Race};
use crate::rule::{Family, Rule, rule};

const FAMILY: Family = Family::Drawn;

impl Rule {
    rule! {
        /// Two bare kings are a draw.
        CAPTURABLE_PAWN = capturable_pawn, Draw,
        title: "The pawn falls",
        idea: PawnFalls,
        gist: "the {weak} king takes the pawn on {pawn}",
        statement: "The defender to move takes the undefended pawn next to his king.",
        seed: "In the case that the pawn can be immediately captured, might be delegated to the quiescence search",
        literal: true,
    }
}

fn capturable_pawn(x: &Frame, _: &Race) -> bool {
    x.pawn_falls()
}

impl Rule {
    rule! {
        /// In KPK this happens with the defender in front of a pawn on its seventh rank, or in the
        /// corner by a rook or knight pawn (Ka8 against Kc7 or Kc8 and Pb6).
        STALEMATE = stalemate, Draw,
        title: "Stalemate",
        idea: Stalemate,
        gist: "{Weak} is stalemated",
        statement: "The defender to move is not in check and has no legal move.",
        seed: "there is a stalemate exception with the knight pawn",
    }
}

fn stalemate(x: &Frame, _: &Race) -> bool {
    x.defender_stalemated()
}

impl Rule {
    rule! {
        BLOCKADE_KING_BEHIND = blockade_king_behind, Draw,
        title: "Blockade with the strong king behind",
        idea: InFront,
        gist: "the {weak} king blocks the pawn on {wk}, the {strong} king behind it",
        statement: "Defending king directly in front of the pawn, strong king directly behind it, defender to move.",
        seed: "Defending king stands directly in front of the pawn, the other king - directly behind it, weaker side to move",
        literal: true,
    }
}

fn blockade_king_behind(x: &Frame, _: &Race) -> bool {
    !x.strong_to_move && x.weak_king == x.pawn.offset(0, 1) && x.strong_king == x.pawn.offset(0, -1)
}

impl Rule {
    rule! {
        BLOCKADE_KING_DIAGONALLY_BEHIND = blockade_king_diagonally_behind, Draw,
        title: "Blockade with the strong king diagonally behind",
        idea: InFront,
        gist: "the {weak} king blocks the pawn on {wk} and cannot be driven off",
        statement: "Defending king directly in front of the pawn, strong king diagonally behind it, strong side to move.",
        seed: "Defending king as above, the other king diagonally behind the pawn, stronger side to move",
        literal: true,
    }
}

fn blockade_king_diagonally_behind(x: &Frame, _: &Race) -> bool {
    x.strong_to_move
        && x.weak_king == x.pawn.offset(0, 1)
        && (x.strong_king == x.pawn.offset(1, -1) || x.strong_king == x.pawn.offset(-1, -1))
}

fn kings_opposed_pawn_beside(x: &Frame) -> bool {
    x.strong_to_move
        && x.strong_king.file == x.weak_king.file
        && (x.strong_king.rank - x.weak_king.rank).abs() == 2
        && x.pawn.rank == x.strong_king.rank
        && (x.pawn.file - x.strong_king.file).abs() == 1
}

impl Rule {
    rule! {
        /// Vertical opposition: the kings on one file with one square between them. The seed does
        /// not say which king stands in front, so either may.
        OPPOSITION_PAWN_BESIDE_LITERAL = opposition_pawn_beside_literal, Draw,
        title: "Opposition, pawn beside the king (as the seed words it)",
        idea: Opposition,
        gist: "{defender_holds}",
        statement: "Kings in vertical opposition (either in front), the pawn beside the strong king, strong side to move.",
        seed: "Kings stand in the vertical opposition and the pawn is on the right/left side of the king of the stronger side, which is about to move",
        literal: true,
    }
}

fn opposition_pawn_beside_literal(x: &Frame, _: &Race) -> bool {
    kings_opposed_pawn_beside(x)
}

impl Rule {
    rule! {
        /// With the defender in front, the strong side to move must give way or push the pawn with
        /// check, and the defender keeps the opposition. With the defender behind, as the literal
        /// rule allows, the pawn simply runs.
        OPPOSITION_PAWN_BESIDE = opposition_pawn_beside, Draw,
        title: "Opposition, pawn beside the king",
        idea: Opposition,
        gist: "{defender_holds}",
        statement: "Kings in vertical opposition with the defender in front, the pawn beside the strong king, strong side to move.",
        corrects: OPPOSITION_PAWN_BESIDE_LITERAL,
    }
}

fn opposition_pawn_beside(x: &Frame, _: &Race) -> bool {
    kings_opposed_pawn_beside(x) && x.weak_king.rank > x.strong_king.rank
}

impl Rule {
    rule! {
        /// The position [`OPPOSITION_PAWN_BESIDE`](Rule::OPPOSITION_PAWN_BESIDE) leads to when the
        /// strong side pushes the pawn: the defending king on the strong king's file, the pawn one
        /// rank ahead of the strong king on a neighbouring file.
        PAWN_CHECK_FROM_OPPOSITION = pawn_check_from_opposition, Draw,
        title: "The pawn checks out of the opposition",
        idea: Opposition,
        gist: "the pawn's check leaves the {weak} king in front with the opposition",
        statement: "After the pawn stepped out of the opposition with check: defender two squares in front of the strong king, pawn giving check, defender to move.",
        seed: "In the above position the stronger side moves a pawn, giving check",
        literal: true,
    }
}

fn pawn_check_from_opposition(x: &Frame, _: &Race) -> bool {
    !x.strong_to_move
        && x.weak_king == x.strong_king.offset(0, 2)
        && x.pawn.rank == x.strong_king.rank + 1
        && (x.pawn.file - x.strong_king.file).abs() == 1
}

/// The seed's square numbering: H1 = 0, G1 = 1, ..., A1 = 7, H2 = 8, ...
fn h1_index(c: Coord) -> i8 {
    c.rank * 8 + (7 - c.file)
}

impl Rule {
    rule! {
        /// The seed numbers the squares H1 = 0, G1 = 1, ..., A1 = 7, H2 = 8, and its index
        /// arithmetic wraps around the board's edge: on the a- and h-files, `pawn_sq - 9` or
        /// `pawn_sq - 7` lands on the other side of the board.
        ///
        /// The seed's code: `if (isPiece(WHITE,KING, pawn_sq-7) || ... pawn_sq-9)) { if
        /// (isPiece(BLACK,KING, pawn_sq+15) || ... pawn_sq+17)) { if (to_move == WHITE &&
        /// ROW(blackKingLoc) != ROW_8) return DRAW; } }`.
        CORRESPONDING_SQUARES_LITERAL = corresponding_squares_literal, Draw,
        title: "Corresponding squares, the seed's code as written",
        idea: CorrespondingSquares,
        gist: "the {weak} king answers each king move on the corresponding square",
        statement: "The seed's corresponding-squares code as written (H1 = 0 numbering; squares wrap around the edge).",
        seed: "a feeble attempt at using corresponding squares: strong king on pawn_sq-7/-8/-9, defender on pawn_sq+15/+16/+17, not on rank 8, strong side to move",
        literal: true,
    }
}

fn corresponding_squares_literal(x: &Frame, _: &Race) -> bool {
    let p = h1_index(x.pawn);
    let (k, d) = (h1_index(x.strong_king), h1_index(x.weak_king));
    x.strong_to_move
        && [p - 7, p - 8, p - 9].contains(&k)
        && [p + 15, p + 16, p + 17].contains(&d)
        && x.weak_king.rank != 7
}

impl Rule {
    rule! {
        /// Whatever the strong side does, the defender answers on the corresponding square and
        /// keeps the pawn from promoting. Unlike the literal rule's, the squares never wrap around
        /// the board's edge.
        CORRESPONDING_SQUARES = corresponding_squares, Draw,
        title: "Corresponding squares",
        idea: CorrespondingSquares,
        gist: "the {weak} king answers each king move on the corresponding square",
        statement: "Strong king on one of the three squares diagonally or directly behind the pawn, the defender on one of the three squares two ranks in front of it (not on the last rank), strong side to move.",
        corrects: CORRESPONDING_SQUARES_LITERAL,
    }
}

fn corresponding_squares(x: &Frame, _: &Race) -> bool {
    x.strong_to_move
        && x.strong_king.rank == x.pawn.rank - 1
        && (x.strong_king.file - x.pawn.file).abs() <= 1
        && x.weak_king.rank == x.pawn.rank + 2
        && (x.weak_king.file - x.pawn.file).abs() <= 1
        && x.weak_king.rank != 7
}

impl Rule {
    rule! {
        /// Whatever the strong king does, the defender keeps facing it. The exceptions are the
        /// cases where the defender has no room to keep the distant opposition: on the last rank he
        /// cannot give way, and a pawn on its second rank chooses between one step and two, which
        /// changes the count (Kd3, Pe2 against Kd7: 1. e4 and White takes the opposition).
        DEFENDER_HAS_THE_OPPOSITION = defender_has_the_opposition, Draw,
        title: "The defender has the opposition in front of the key squares",
        idea: Opposition,
        gist: "{defender_holds}",
        statement: "Not a rook pawn, on its second to fourth rank, the strong side to move: the kings face each other on one file at most two files from the pawn, the strong king below the key squares and the defender beyond them, and the defender has the opposition (one square between, or an odd number of squares with the pawn past its second rank and the defender off the last rank): the strong king never reaches a key square.",
    }
}

fn defender_has_the_opposition(x: &Frame, _: &Race) -> bool {
    if x.rook_pawn() || x.pawn.rank > 3 || !x.strong_to_move {
        return false;
    }
    // the key squares of a pawn on its second to fourth rank: two ranks in front of it
    let key_rank = x.pawn.rank + 2;
    let ranks_apart = x.weak_king.rank - x.strong_king.rank;
    let distant = x.pawn.rank >= 2 && x.weak_king.rank < 7 && ranks_apart % 2 == 0;
    x.strong_king.file == x.weak_king.file
        && (x.weak_king.file - x.pawn.file).abs() <= 2
        && x.strong_king.rank < key_rank
        && x.weak_king.rank > key_rank
        && (ranks_apart == 2 || distant)
}

impl Rule {
    rule! {
        /// The defender cannot be driven out of the corner, and the strong king can only stalemate
        /// him.
        ROOK_PAWN_CORNER = rook_pawn_corner, Draw,
        title: "Rook pawn: the defender holds the corner",
        idea: RookPawnCorner,
        gist: "the {weak} king holds the corner at {queen} against the rook pawn",
        statement: "Rook pawn, and the defending king on the promotion square or next to it.",
        seed: "there are drawn rook pawn cases",
    }
}

fn rook_pawn_corner(x: &Frame, _: &Race) -> bool {
    x.rook_pawn() && x.weak_king.distance(x.promotion()) <= 1
}

impl Rule {
    rule! {
        /// The defender stands on the c- or f-file, and the pawn cannot pass its own king.
        ROOK_PAWN_KING_SHUT_IN = rook_pawn_king_shut_in, Draw,
        title: "Rook pawn: the strong king is shut in",
        idea: RookPawnCorner,
        gist: "the {strong} king is shut in by the corner",
        statement: "Rook pawn, the strong king in front of it on the rook file, the defender two files away guarding every knight-file square beside the king (level with it, or a rank below when the king is on the last rank): the king cannot leave the rook file.",
        seed: "the defender prevents the king on the pawn's frontspan from leaving the rook file",
    }
}

fn rook_pawn_king_shut_in(x: &Frame, _: &Race) -> bool {
    let inward = if x.pawn.file == 0 { 1 } else { -1 };
    let knight_file = (-1..=1).map(|dr| x.strong_king.offset(inward, dr)).filter(|c| c.on_board());
    x.rook_pawn()
        && x.strong_king.file == x.pawn.file
        && x.strong_king.rank > x.pawn.rank
        && x.weak_king.file == x.pawn.file + 2 * inward
        && knight_file.clone().all(|c| x.weak_king.distance(c) == 1)
}

impl Rule {
    rule! {
        /// The corner: the promotion square, the square beside it on the knight file, the one below
        /// that, and the square below the promotion square unless the pawn stands there (a8, b8, b7
        /// and a7 for an a-pawn). The defender is there first and cannot be driven out.
        ///
        /// Counted in king moves (Chebyshev distance), with the defender's move first when he is to
        /// move, and the pawn's double step when both squares in front of it are empty. The
        /// two-move margin is what makes it exact: with one move it errs 320 times (the strong king
        /// shoulders the defender away), with two never.
        ROOK_PAWN_RACE_TO_THE_CORNER = rook_pawn_race_to_the_corner, Draw,
        title: "Rook pawn: the race to the corner",
        idea: RookPawnCorner,
        gist: "the {weak} king reaches the corner at {queen} in time",
        statement: "Rook pawn, and the defending king reaches the corner before the pawn promotes and two moves before the strong king gets there.",
    }
}

fn rook_pawn_race_to_the_corner(x: &Frame, _: &Race) -> bool {
    if !x.rook_pawn() {
        return false;
    }
    let inward = if x.pawn.file == 0 { 1 } else { -1 };
    let promotion = x.promotion();
    let corner = [
        promotion,
        promotion.offset(inward, 0),
        promotion.offset(inward, -1),
        promotion.offset(0, -1),
    ];
    // the square in front of the pawn is only free for the defender below the 7th rank
    let open = if x.pawn.rank < 6 { 4 } else { 3 };
    let reach = |from: Coord, squares: &[Coord]| {
        squares.iter().map(|&c| from.distance(c)).min().unwrap_or(i8::MAX)
    };
    let defender = reach(x.weak_king, &corner[..open]);
    let king = reach(x.strong_king, &corner);
    let pawn_moves = x.pawn_moves();
    let defender_first = x.defender_first();
    defender - defender_first < pawn_moves
        && defender - defender_first + 2 <= king - (1 - defender_first)
}

impl Rule {
    rule! {
        /// The pawn cannot run away from him, and he takes it.
        ///
        /// Counted in king moves, with the defender's move first when he is to move, and the pawn's
        /// double step when both squares in front of it are empty. The second move for a pawn on
        /// its second rank makes it exact over every legal position: with one it errs 132 times
        /// (the pawn slips out of the square with its double step while the defender approaches).
        PAWN_LOST_IN_THE_RACE = pawn_lost_in_the_race, Draw,
        title: "The pawn is lost in the race",
        idea: PawnFalls,
        gist: "the {weak} king reaches the pawn before the {strong} king can guard it",
        statement: "The defending king is inside the square of the pawn and can stand next to it a move before the strong king can stand next to its path (two moves while the pawn stands on its second rank).",
    }
}

fn pawn_lost_in_the_race(x: &Frame, r: &Race) -> bool {
    // a pawn on its second rank may slip away with its double step: one move more
    let margin = if x.pawn.rank == 1 { 2 } else { 1 };
    r.outside_square() <= 0 && r.capture + margin <= r.protect
}

impl Rule {
    rule! {
        /// The square he guards them from is not one the pawn attacks, and the strong king never
        /// gets onto a key square.
        ///
        /// Counted in king moves, the side to move first, with the pawn's double step when both
        /// squares in front of it are empty. The three-move margin makes it exact over every legal
        /// position; with two it errs 988 times (the pawn's advance moves its key squares while the
        /// kings walk).
        DEFENDER_GUARDS_THE_KEY_SQUARES_FIRST = defender_guards_the_key_squares_first, Draw,
        title: "The defender guards the key squares first",
        idea: KeySquares,
        gist: "the {weak} king guards the key squares {keys} first",
        statement: "Not a rook pawn: the defending king, inside the square, reaches a square guarding every key square three moves before the strong king reaches one.",
    }
}

fn defender_guards_the_key_squares_first(x: &Frame, _: &Race) -> bool {
    if x.rook_pawn() {
        return false;
    }
    let defender_first = x.defender_first();
    // the squares next to every key square (not the pawn's, nor one it attacks)
    let ((f0, f1), (r0, r1)) = x.keys.guarding();
    let mut defender = i8::MAX;
    for rank in r0.max(0)..=r1.min(7) {
        for file in f0.max(0)..=f1.min(7) {
            let c = Coord { file, rank };
            if c != x.pawn && !x.pawn_attacks(c) {
                defender = defender.min(x.weak_king.distance(c));
            }
        }
    }
    if defender == i8::MAX {
        return false;
    }
    let king = x.keys.distance(x.strong_king);
    let pawn_moves = x.pawn_moves();
    let inside_square = x.weak_king.distance(x.promotion()) - defender_first <= pawn_moves;
    inside_square && defender - defender_first + 3 <= king - (1 - defender_first)
}

impl Rule {
    rule! {
        /// He steps in front of the pawn and keeps the strong king off the key squares.
        ///
        /// Counted in king moves to the nearest key square, with the pawn's double step when both
        /// squares in front of it are empty. The margins make it exact over every legal position;
        /// one move less errs 2,828 times per pawn colour (the strong king takes the opposition, or
        /// the pawn's advance moves the key squares away from the defender).
        DEFENDER_FIRST_TO_THE_KEY_SQUARES = defender_first_to_the_key_squares, Draw,
        title: "The defender is first to the key squares",
        idea: KeySquares,
        gist: "the {weak} king reaches the key squares {keys} first",
        statement: "Not a rook pawn: the defending king, inside the square, is nearer to the key squares than the strong king: two moves with the defender to move, three with the strong side to move.",
    }
}

fn defender_first_to_the_key_squares(x: &Frame, r: &Race) -> bool {
    // in king steps: the strong king's distance to a key square at least that of the defender
    // plus three less his move, i.e. in the race's moves two more plus his move
    !x.rook_pawn()
        && r.outside_square() <= 0
        && r.king_to_key - r.defender_to_key >= 2 + x.defender_first()
}
