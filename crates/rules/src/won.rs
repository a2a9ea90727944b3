//! Recognizers of won positions. Each claims a win for the side with the pawn (a win for the
//! side to move when that side is to move, a loss otherwise) or says nothing (`None`).
//!
//! Squares in the explanations are from the side with the pawn, as if it were White with the
//! pawn moving up; the functions accept either colour.

use crate::frame::{Coord, Frame, Race};
use crate::rule::{Family, Rule, rule};

const FAMILY: Family = Family::Won;

/// The squares in front of the pawn up to its promotion square, nearest first.
fn front_squares(x: &Frame) -> impl Iterator<Item = Coord> + use<> {
    let pawn = x.pawn;
    (pawn.rank + 1..=7).map(move |rank| Coord { file: pawn.file, rank })
}

fn guards_front(x: &Frame) -> bool {
    x.pawn.rank >= 4 && front_squares(x).all(|c| x.strong_king.distance(c) == 1)
}

impl Rule {
    rule! {
        /// The pawn walks in, whoever is to move.
        GUARDS_FRONT_SQUARES_LITERAL = guards_front_squares_literal, Win,
        title: "The king guards the way (as the seed words it)",
        idea: KeySquares,
        gist: "the {strong} king guards the pawn's way to {queen}, and the pawn walks in",
        statement: "At most three squares in front of the pawn, and the strong king guards all of them.",
        seed: "Stronger king defends all stop and telestop(s), including the promotion square up to three squares",
        literal: true,
    }
}

fn guards_front_squares_literal(x: &Frame, _: &Race) -> bool {
    guards_front(x)
}

impl Rule {
    rule! {
        /// The literal rule errs where the seed itself warns: with the defender to move, a guarded
        /// stop square does not mean a guarded pawn, and a knight pawn can run into stalemate. Over
        /// every legal position, all the stalemates this rule meets are knight pawns on the sixth
        /// rank with the defender in the corner (Ka8, Kc7/Kc8, Pb6).
        GUARDS_FRONT_SQUARES = guards_front_squares, Win,
        title: "The king guards the way",
        idea: KeySquares,
        gist: "the {strong} king guards the pawn's way to {queen}, and the pawn walks in",
        statement: "The strong king guards every square in front of the pawn (at most three), and the defender to move can neither take the pawn nor is he stalemated.",
        seed: "With defender to move, one has to consider whether the pawn can be captured ... a stalemate exception with the knight pawn",
        corrects: GUARDS_FRONT_SQUARES_LITERAL,
    }
}

fn guards_front_squares(x: &Frame, _: &Race) -> bool {
    guards_front(x) && !x.pawn_falls() && !x.defender_stalemated()
}

/// The seed's test: `min(5, distance(pawn, promotion)) < distance(king, promotion) - king_to_move`.
fn outside_square_literal(x: &Frame) -> bool {
    let pawn_moves = (7 - x.pawn.rank).min(5);
    let defender_first = x.defender_first();
    pawn_moves < x.weak_king.distance(x.promotion()) - defender_first
}

impl Rule {
    rule! {
        /// The pawn outruns the defender and promotes. The formula counts a pawn on its second rank
        /// as five moves from promotion, for its double step.
        RULE_OF_THE_SQUARE_LITERAL = rule_of_the_square_literal, Win,
        title: "The rule of the square (the seed's formula)",
        idea: RuleOfTheSquare,
        gist: "the {weak} king is outside the square of the pawn",
        statement: "The defending king is outside the square of the pawn (the seed's formula).",
        seed: "Defending king is (leaves after moving) outside the square of the pawn: min(5, distance(pawn, promotion)) < distance(king, promotion) - king_to_move",
        literal: true,
    }
}

fn rule_of_the_square_literal(x: &Frame, _: &Race) -> bool {
    outside_square_literal(x)
}

impl Rule {
    rule! {
        /// The literal formula errs where the race is not a race: the defender to move takes the
        /// pawn at once, the strong king on the pawn's path costs a tempo to step aside, or a king
        /// blocks the double step.
        RULE_OF_THE_SQUARE = rule_of_the_square, Win,
        title: "The rule of the square",
        idea: RuleOfTheSquare,
        gist: "the {weak} king is outside the square of the pawn",
        statement: "The defending king is outside the square of the pawn, the pawn cannot be taken at once, the strong king is not in its way, and the double step counts only over empty squares.",
        corrects: RULE_OF_THE_SQUARE_LITERAL,
    }
}

fn rule_of_the_square(x: &Frame, _: &Race) -> bool {
    let path_blocked = x.strong_king.in_front_of(x.pawn);
    let pawn_moves = x.pawn_moves();
    let defender_first = x.defender_first();
    !x.pawn_falls()
        && !path_blocked
        && pawn_moves < x.weak_king.distance(x.promotion()) - defender_first
}

/// The key squares of a pawn: the squares where the strong king wins whoever is to move.
pub(crate) fn key_squares(x: &Frame) -> impl Iterator<Item = Coord> + use<> {
    x.keys.iter()
}

impl Rule {
    rule! {
        /// The key squares: for a pawn on the second to fourth rank the three squares two ranks
        /// ahead of it, on the fifth and sixth ranks the six squares one and two ranks ahead, on
        /// the seventh the squares beside and in front of it; for a rook pawn b7 and b8 (for an
        /// a-pawn). From a key square the king escorts the pawn in, whoever is to move.
        ///
        /// The exceptions: the knight-pawn stalemate (Ka8 against Kc7 or Kc8 and Pb6, the defender
        /// to move), and a rook pawn's key squares, which win only with the pawn already guarded:
        /// from there the king is far from a pawn further back, which the defender then wins.
        KEY_SQUARES_OCCUPIED = key_squares_occupied, Win,
        title: "Key squares",
        idea: KeySquares,
        gist: "the {strong} king stands on the key square {sk} and escorts the pawn in",
        statement: "The strong king stands on a key square of the pawn (for a rook pawn: one of the knight-file squares by the corner, and only next to its pawn), the pawn cannot be taken at once, and the defender to move is not stalemated.",
        other_pawns: "The strong king stands on a key square of the pawn, the pawn cannot be taken at once, and the defender to move is not stalemated.",
    }
}

fn key_squares_occupied(x: &Frame, _: &Race) -> bool {
    let escorted = !x.rook_pawn() || x.strong_king.distance(x.pawn) == 1;
    !x.pawn_falls() && !x.defender_stalemated() && escorted && x.keys.contains(x.strong_king)
}

impl Rule {
    rule! {
        /// The defender cannot take the opposition in front, and the king shoulders the pawn
        /// through.
        KING_IN_FRONT_OF_PAWN = king_in_front_of_pawn, Win,
        title: "The king in front of its pawn",
        idea: InFront,
        gist: "the {strong} king stands in front of its pawn and clears the way",
        statement: "The strong king directly in front of its pawn (not a rook pawn), the defender not ahead of it on its own or a neighbouring file.",
    }
}

fn king_in_front_of_pawn(x: &Frame, _: &Race) -> bool {
    let defender_ahead =
        x.weak_king.rank > x.strong_king.rank && (x.weak_king.file - x.strong_king.file).abs() <= 1;
    !x.rook_pawn() && x.strong_king == x.pawn.offset(0, 1) && !defender_ahead && !x.pawn_falls()
}

impl Rule {
    rule! {
        /// Then [`KEY_SQUARES_OCCUPIED`](Rule::KEY_SQUARES_OCCUPIED) applies.
        ///
        /// Counted in king moves, the side to move first. The two-move margin makes it exact over
        /// every legal position; with one move it errs thousands of times (the defender takes the
        /// opposition in front of the key squares).
        FIRST_TO_A_KEY_SQUARE = first_to_a_key_square, Win,
        title: "First to a key square",
        idea: KeySquares,
        gist: "the {strong} king reaches the key square {key} first",
        statement: "Not a rook pawn, the defender not next to it: the strong king reaches a key square two moves before the defender, and can stand next to the pawn no later than he can attack it.",
    }
}

fn first_to_a_key_square(x: &Frame, _: &Race) -> bool {
    if x.rook_pawn() || x.weak_king.distance(x.pawn) <= 1 {
        return false;
    }
    let defender_first = x.defender_first();
    let strong_first = 1 - defender_first;
    let (king, defender) = (x.keys.distance(x.strong_king), x.keys.distance(x.weak_king));
    // moves until the strong king stands next to the pawn, and until the defender can take
    // it, each counted from the strong side's next move
    let to_guard = x.strong_king.distance(x.pawn) - 1 - strong_first;
    let to_attack = x.weak_king.distance(x.pawn) - defender_first;
    king + defender_first + 2 <= defender + strong_first && to_guard <= to_attack
}
