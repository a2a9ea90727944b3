//! Recognizers of drawn positions. Each claims a draw or says nothing (`None`).
//!
//! Squares in the explanations are from the side with the pawn, as if it were White with the
//! pawn moving up; the functions accept either colour.

use crate::frame::{Coord, Frame, Race};
use crate::rule::{Family, Rule, rule};

const FAMILY: Family = Family::Drawn;

impl Rule {
    /// **The pawn falls.** The defender is to move, stands next to the pawn, and the strong king
    /// does not guard it: the defender takes the pawn, and two bare kings are a draw.
    ///
    /// Seed: "In the case that the pawn can be immediately captured, might be delegated to the
    /// quiescence search."
    pub const CAPTURABLE_PAWN: Rule = rule!(capturable_pawn, Draw,
        "The defender to move takes the undefended pawn next to his king.")
        .literal()
        .seed("In the case that the pawn can be immediately captured, might be delegated to the quiescence search");
}

fn capturable_pawn(x: &Frame, _: &Race) -> bool {
    x.pawn_falls()
}

impl Rule {
    /// **Stalemate.** The defender is to move, is not in check, and has no legal move. In KPK this
    /// happens with the defender in front of a pawn on its seventh rank, or in the corner by a rook
    /// or knight pawn (Ka8 against Kc7 or Kc8 and Pb6).
    pub const STALEMATE: Rule =
        rule!(stalemate, Draw, "The defender to move is not in check and has no legal move.")
            .seed("there is a stalemate exception with the knight pawn");
}

fn stalemate(x: &Frame, _: &Race) -> bool {
    x.defender_stalemated()
}

impl Rule {
    /// **Blockade with the strong king behind.** The defending king stands directly in front of the
    /// pawn, the strong king directly behind it, and the defender is to move.
    ///
    /// Seed: "Defending king stands directly in front of the pawn, the other king - directly
    /// behind it, weaker side to move."
    pub const BLOCKADE_KING_BEHIND: Rule = rule!(blockade_king_behind, Draw,
        "Defending king directly in front of the pawn, strong king directly behind it, defender to move.")
        .literal()
        .seed("Defending king stands directly in front of the pawn, the other king - directly behind it, weaker side to move");
}

fn blockade_king_behind(x: &Frame, _: &Race) -> bool {
    !x.strong_to_move && x.weak_king == x.pawn.offset(0, 1) && x.strong_king == x.pawn.offset(0, -1)
}

impl Rule {
    /// **Blockade with the strong king diagonally behind.** The defending king stands directly in front
    /// of the pawn, the strong king diagonally behind it, and the strong side is to move.
    ///
    /// Seed: "Defending king as above, the other king diagonally behind the pawn, stronger side to
    /// move."
    pub const BLOCKADE_KING_DIAGONALLY_BEHIND: Rule = rule!(blockade_king_diagonally_behind, Draw,
        "Defending king directly in front of the pawn, strong king diagonally behind it, strong side to move.")
        .literal()
        .seed("Defending king as above, the other king diagonally behind the pawn, stronger side to move");
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
    /// **Opposition, pawn beside the king (as the seed words it).** The kings stand in vertical
    /// opposition (same file, one square between them), the pawn stands on a square beside the
    /// strong king, and the strong side is to move. Literal: the seed does not say which king
    /// stands in front, so either may.
    ///
    /// Seed: "Kings stand in the vertical opposition and the pawn is on the right/left side of the
    /// king of the stronger side, which is about to move."
    pub const OPPOSITION_PAWN_BESIDE_LITERAL: Rule = rule!(opposition_pawn_beside_literal, Draw,
        "Kings in vertical opposition (either in front), the pawn beside the strong king, strong side to move.")
        .literal()
        .seed("Kings stand in the vertical opposition and the pawn is on the right/left side of the king of the stronger side, which is about to move");
}

fn opposition_pawn_beside_literal(x: &Frame, _: &Race) -> bool {
    kings_opposed_pawn_beside(x)
}

impl Rule {
    /// **Opposition, pawn beside the king.** As [`opposition_pawn_beside_literal`](Rule::OPPOSITION_PAWN_BESIDE_LITERAL), with the
    /// defending king in front of the strong king (towards the promotion square): the strong side
    /// to move must give way or push the pawn with check, and the defender keeps the opposition.
    /// With the defender behind, the pawn simply runs.
    pub const OPPOSITION_PAWN_BESIDE: Rule = rule!(opposition_pawn_beside, Draw,
        "Kings in vertical opposition with the defender in front, the pawn beside the strong king, strong side to move.")
        .corrects(&Rule::OPPOSITION_PAWN_BESIDE_LITERAL);
}

fn opposition_pawn_beside(x: &Frame, _: &Race) -> bool {
    kings_opposed_pawn_beside(x) && x.weak_king.rank > x.strong_king.rank
}

impl Rule {
    /// **The pawn checks out of the opposition.** The position after the strong side, in
    /// [`opposition_pawn_beside`](Rule::OPPOSITION_PAWN_BESIDE), advanced the pawn with check: the defending king two squares in
    /// front of the strong king on its file, the pawn one square ahead on a neighbouring file,
    /// giving check, the defender to move.
    ///
    /// Seed: "In the above position the stronger side moves a pawn, giving check."
    pub const PAWN_CHECK_FROM_OPPOSITION: Rule = rule!(pawn_check_from_opposition, Draw,
        "After the pawn stepped out of the opposition with check: defender two squares in front of the strong king, pawn giving check, defender to move.")
        .literal()
        .seed("In the above position the stronger side moves a pawn, giving check");
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
    /// **Corresponding squares, the seed's code as written.** The strong king on one of the three
    /// squares behind the pawn (`pawn_sq - 7`, `- 8`, `- 9` with H1 = 0), the defending king on one
    /// of the three squares two ranks in front (`pawn_sq + 15`, `+ 16`, `+ 17`), not on the last
    /// rank, the strong side to move. The index arithmetic wraps around the board's edge: on the a-
    /// and h-files, `pawn_sq - 9` or `pawn_sq - 7` lands on the other side of the board.
    ///
    /// Seed: "a feeble attempt at using corresponding squares", with the code
    /// `if (isPiece(WHITE,KING, pawn_sq-7) || ... pawn_sq-9)) { if (isPiece(BLACK,KING,
    /// pawn_sq+15) || ... pawn_sq+17)) { if (to_move == WHITE && ROW(blackKingLoc) != ROW_8)
    /// return DRAW; } }`.
    pub const CORRESPONDING_SQUARES_LITERAL: Rule = rule!(corresponding_squares_literal, Draw,
        "The seed's corresponding-squares code as written (H1 = 0 numbering; squares wrap around the edge).")
        .literal()
        .seed("a feeble attempt at using corresponding squares: strong king on pawn_sq-7/-8/-9, defender on pawn_sq+15/+16/+17, not on rank 8, strong side to move");
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
    /// **Corresponding squares.** The strong king on one of the three squares behind the pawn (same
    /// or neighbouring file), the defending king on one of the three squares two ranks in front of
    /// it, not on the last rank, the strong side to move: whatever the strong side does, the
    /// defender answers on the corresponding square and keeps the pawn from promoting. Unlike
    /// [`corresponding_squares_literal`](Rule::CORRESPONDING_SQUARES_LITERAL), the squares never wrap around the board's edge.
    pub const CORRESPONDING_SQUARES: Rule = rule!(corresponding_squares, Draw,
        "Strong king on one of the three squares diagonally or directly behind the pawn, the defender on one of the three squares two ranks in front of it (not on the last rank), strong side to move.")
        .corrects(&Rule::CORRESPONDING_SQUARES_LITERAL);
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
    /// **The defender has the opposition in front of the key squares.** Not a rook pawn, on its
    /// second to fourth rank; the two kings on one file, at most two files from the pawn, the strong
    /// king below the pawn's key squares and the defending king beyond them; the strong side to move,
    /// and the defender holds the opposition: the kings two ranks apart with one square between
    /// them, or, with the pawn past its second rank and the defender off the last rank, any even
    /// number of ranks apart (the distant opposition). Whatever the strong king does, the defender
    /// keeps facing it, and it never sets foot on a key square.
    ///
    /// The exceptions are the cases where the defender has no room to keep the distant opposition:
    /// on the last rank he cannot give way, and a pawn on its second rank chooses between one step
    /// and two, which changes the count (Kd3, Pe2 against Kd7: 1. e4 and White takes the
    /// opposition).
    pub const DEFENDER_HAS_THE_OPPOSITION: Rule = rule!(
        defender_has_the_opposition,
        Draw,
        "Not a rook pawn, on its second to fourth rank, the strong side to move: the kings face each other on one file at most two files from the pawn, the strong king below the key squares and the defender beyond them, and the defender has the opposition (one square between, or an odd number of squares with the pawn past its second rank and the defender off the last rank): the strong king never reaches a key square."
    );
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
    /// **Rook pawn: the defender holds the corner.** A rook pawn, and the defending king on the
    /// promotion square or next to it: it cannot be driven out of the corner, and the strong king
    /// can only stalemate it.
    pub const ROOK_PAWN_CORNER: Rule = rule!(
        rook_pawn_corner,
        Draw,
        "Rook pawn, and the defending king on the promotion square or next to it."
    )
    .seed("there are drawn rook pawn cases");
}

fn rook_pawn_corner(x: &Frame, _: &Race) -> bool {
    x.rook_pawn() && x.weak_king.distance(x.promotion()) <= 1
}

impl Rule {
    /// **Rook pawn: the strong king is shut in.** A rook pawn, the strong king in front of it on
    /// the rook file, and the defending king on the file two away (c or f) guarding every square
    /// of the knight file beside the strong king (level with it, or for a king on the last rank
    /// one rank below too): the strong king cannot step off the rook file, and the pawn cannot
    /// pass its own king.
    pub const ROOK_PAWN_KING_SHUT_IN: Rule = rule!(rook_pawn_king_shut_in, Draw,
        "Rook pawn, the strong king in front of it on the rook file, the defender two files away guarding every knight-file square beside the king (level with it, or a rank below when the king is on the last rank): the king cannot leave the rook file.")
        .seed("the defender prevents the king on the pawn's frontspan from leaving the rook file");
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
    /// **Rook pawn: the race to the corner.** A rook pawn, and the defending king reaches the
    /// corner (the promotion square, the square beside it on the knight file, the one below that,
    /// or the square in front of the pawn when it is free) before the pawn can promote, and at
    /// least two moves before the strong king can reach any of those squares: the defender is in
    /// the corner first and cannot be driven out.
    ///
    /// Counted in king moves (Chebyshev distance), with the defender's move first when he is to
    /// move, and the pawn's double step when both squares in front of it are empty. The two-move
    /// margin is what makes it exact: with one move it errs 320 times (the strong king shoulders the
    /// defender away), with two never.
    pub const ROOK_PAWN_RACE_TO_THE_CORNER: Rule = rule!(
        rook_pawn_race_to_the_corner,
        Draw,
        "Rook pawn, and the defending king reaches the corner before the pawn promotes and two moves before the strong king gets there."
    );
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
    /// **The pawn is lost in the race.** The defending king stands inside the square of the pawn (it
    /// cannot run away), and can stand next to the pawn a move before the strong king can stand
    /// next to the pawn's path to protect it: the defender takes the pawn.
    ///
    /// Counted in king moves, with the defender's move first when he is to move, and the pawn's
    /// double step when both squares in front of it are empty. The defender must be one move ahead,
    /// or two when the pawn still stands on its second rank: that is what makes it exact over every
    /// legal position (with one move for the second-rank pawn too it errs 132 times: the pawn
    /// slips out of the square with its double step while the defender approaches).
    pub const PAWN_LOST_IN_THE_RACE: Rule = rule!(
        pawn_lost_in_the_race,
        Draw,
        "The defending king is inside the square of the pawn and can stand next to it a move before the strong king can stand next to its path (two moves while the pawn stands on its second rank)."
    );
}

fn pawn_lost_in_the_race(x: &Frame, r: &Race) -> bool {
    // a pawn on its second rank may slip away with its double step: one move more
    let margin = if x.pawn.rank == 1 { 2 } else { 1 };
    r.outside_square() <= 0 && r.capture + margin <= r.protect
}

impl Rule {
    /// **The defender guards the key squares first.** The defending king stands inside the square of
    /// the pawn (not a rook pawn) and reaches a square from which he guards every key square of the
    /// pawn (not one the pawn attacks) at least three moves before the strong king can reach a key
    /// square: the strong king never gets there.
    ///
    /// Counted in king moves, the side to move first, with the pawn's double step when both squares
    /// in front of it are empty. The three-move margin makes it exact over every legal position;
    /// with two it errs 988 times (the pawn's advance moves its key squares while the kings walk).
    pub const DEFENDER_GUARDS_THE_KEY_SQUARES_FIRST: Rule = rule!(
        defender_guards_the_key_squares_first,
        Draw,
        "Not a rook pawn: the defending king, inside the square, reaches a square guarding every key square three moves before the strong king reaches one."
    );
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
    /// **The defender is first to the key squares.** The defending king stands inside the square of
    /// the pawn (not a rook pawn) and is nearer to the key squares than the strong king: at least
    /// two king moves nearer with the defender to move, three with the strong side to move. He
    /// steps in front of the pawn and keeps the strong king off the key squares.
    ///
    /// Counted in king moves to the nearest key square, with the pawn's double step when both
    /// squares in front of it are empty. The margins make it exact over every legal position; one
    /// move less errs 2,828 times per pawn colour (the strong king takes the opposition, or the
    /// pawn's advance moves the key squares away from the defender).
    pub const DEFENDER_FIRST_TO_THE_KEY_SQUARES: Rule = rule!(
        defender_first_to_the_key_squares,
        Draw,
        "Not a rook pawn: the defending king, inside the square, is nearer to the key squares than the strong king: two moves with the defender to move, three with the strong side to move."
    );
}

fn defender_first_to_the_key_squares(x: &Frame, r: &Race) -> bool {
    // in king steps: the strong king's distance to a key square at least that of the defender
    // plus three less his move, i.e. in the race's moves two more plus his move
    !x.rook_pawn()
        && r.outside_square() <= 0
        && r.king_to_key - r.defender_to_key >= 2 + x.defender_first()
}
