//! KPK in chess words: the recognizers of the literature, each measured against the bitbase.
//!
//! A recognizer looks at a position and either claims a result (win or draw, as [`Wdl`] for the
//! side to move) or says nothing (`None`). The seed's rules are kept twice where they are wrong
//! somewhere: as their text or code literally says (`..._literal`), with the errors that are the
//! finding, and corrected beside them. [`RULES`] lists them all; [`measure`] counts, over every
//! legal position of both pawn colours, where each fires, how often it is right, and an example
//! of each kind of error.
//!
//! ```
//! use kpk::{Color, KpkPosition, KpkSetup, Square, Wdl, rules};
//!
//! // Ka6, Pa5 v Ka8: the defender holds the corner of the rook pawn.
//! let pos = KpkPosition::new(KpkSetup {
//!     strong_side: Color::White,
//!     strong_king: Square::A6,
//!     pawn: Square::A5,
//!     weak_king: Square::A8,
//!     side_to_move: Color::White,
//! })
//! .unwrap();
//! assert_eq!(rules::rook_pawn_corner(&pos), Some(Wdl::Draw));
//! assert_eq!(rules::key_squares_occupied(&pos), None);
//! ```

mod classifier;
mod drawn;
mod frame;
mod proof;
mod races;
mod recognizer;
mod routes;
mod won;

use alloc::vec::Vec;

pub use classifier::{
    Basis, Classification, HEURISTIC_DEPTH, classify, classify_endgame, outflanking_heuristic,
    searched_heuristic,
};
pub use proof::{DecidedBy, MAX_PROOF_PLIES, Proof, Variation, proof};
pub use recognizer::{RECOGNIZER_DEPTH, recognize, recognize_endgame, recognize_with_depth};

pub use drawn::{
    blockade_king_behind, blockade_king_diagonally_behind, capturable_pawn, corresponding_squares,
    corresponding_squares_literal, defender_first_to_the_key_squares,
    defender_guards_the_key_squares_first, defender_has_the_opposition, opposition_pawn_beside,
    opposition_pawn_beside_literal, pawn_check_from_opposition, pawn_lost_in_the_race,
    rook_pawn_corner, rook_pawn_king_shut_in, rook_pawn_race_to_the_corner, stalemate,
};
pub use races::{
    deep_inside_the_square_pawn_alone, defender_ahead_king_behind,
    defender_at_the_promotion_square, defender_holds_the_key_squares_in_time, defender_left_behind,
    defender_much_nearer_the_promotion_square, defender_on_a_key_square_king_far,
    defender_on_the_path_king_beyond, defender_too_late_for_the_path, far_outside_the_square,
    from_in_front_to_the_key_squares_first, king_at_the_promotion_square_first,
    king_beyond_a_defender_in_front, king_on_the_key_squares_defender_far,
    king_on_the_key_squares_long_before, pawn_lost_inside_the_square,
    pawn_lost_to_a_defender_in_front,
};
pub use routes::{
    deep_inside_the_square_first_to_the_stop_square, defender_barred_from_the_path,
    defender_near_the_pawn_king_too_slow, defender_on_the_path_first_to_the_stop_square,
    defender_outside_the_square_round_the_king, king_above_the_pawn_first_to_the_next_key_squares,
    king_behind_the_pawn_defender_first_to_the_next_key_squares,
    king_behind_the_pawn_defender_on_the_path,
    king_below_the_pawn_defender_deep_in_the_square_on_the_path,
    king_between_the_pawn_and_a_distant_defender, king_close_and_first_to_the_key_squares,
    king_far_beyond_the_pawn, king_far_from_the_front_pawn_lost,
    king_far_from_the_pawn_defender_at_the_stop_square, king_far_to_the_side_defender_in_front,
    king_first_to_the_key_and_promotion_squares, king_first_to_the_next_key_squares,
    king_in_front_before_a_distant_defender_at_the_pawn,
    king_in_front_first_defender_two_files_beyond,
    king_nearer_the_pawn_and_first_to_the_key_squares,
    king_to_a_key_square_before_the_defender_to_the_path,
    king_to_the_key_squares_long_before_the_defender_to_the_pawn, pawn_lost_round_the_king,
    pawn_near_promotion_king_first, rook_pawn_defender_above_first_to_the_key_squares,
    rook_pawn_defender_first_to_the_bishop_file,
};
pub use won::{
    first_to_a_key_square, guards_front_squares, guards_front_squares_literal,
    key_squares_occupied, king_in_front_of_pawn, rule_of_the_square, rule_of_the_square_literal,
};

use crate::{KpkPosition, Wdl};
use drawn::*;
use races::*;
use routes::*;
use won::*;

/// The key squares of the pawn: where the strong king wins whoever is to move (for a rook pawn,
/// the two knight-file squares by the corner), as board squares.
///
/// ```
/// use kpk::{Color, KpkPosition, KpkSetup, Square, rules};
/// let pos = KpkPosition::new(KpkSetup {
///     strong_side: Color::White,
///     strong_king: Square::E2,
///     pawn: Square::E4,
///     weak_king: Square::E8,
///     side_to_move: Color::White,
/// })
/// .unwrap();
/// assert_eq!(rules::key_squares(&pos), [Square::D6, Square::E6, Square::F6]);
/// ```
#[must_use]
pub fn key_squares(pos: &KpkPosition) -> Vec<crate::Square> {
    let x = frame::Frame::of(pos);
    let mut squares: Vec<_> =
        won::key_squares(&x).filter_map(|c| x.square(c, pos.strong_side())).collect();
    squares.sort_unstable();
    squares
}

/// The square of the pawn: the squares from which the defending king catches the pawn in a race
/// to the promotion square when the pawn is to move (counting the double step from the second
/// rank when both squares in front of the pawn are empty), as board squares. With the defender
/// to move it is enough that he can step into it; otherwise the pawn wins the race
/// ([`rule_of_the_square`]).
#[must_use]
pub fn square_of_the_pawn(pos: &KpkPosition) -> Vec<crate::Square> {
    let x = frame::Frame::of(pos);
    let pawn_moves = x.pawn_moves();
    let promotion = x.promotion();
    let mut squares: Vec<_> = crate::Square::ALL
        .into_iter()
        .filter(|&sq| {
            let c = frame::Coord::of(if pos.strong_side() == crate::Color::Black {
                sq.flip_vertical()
            } else {
                sq
            });
            c.distance(promotion) <= pawn_moves
        })
        .collect();
    squares.sort_unstable();
    squares
}

/// What a rule claims when it fires.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Claim {
    /// The side with the pawn wins.
    Win,
    /// The position is drawn.
    Draw,
}

impl Claim {
    /// The claim as a verdict for the side to move of a position seen from the pawn's side.
    const fn for_side_to_move(self, x: &frame::Frame) -> Wdl {
        match self {
            Claim::Draw => Wdl::Draw,
            Claim::Win if x.strong_to_move => Wdl::Win,
            Claim::Win => Wdl::Loss,
        }
    }
}

/// A rule's test on a position seen from the pawn's side, with its race counts.
pub(crate) type Holds = fn(&frame::Frame, &frame::Race) -> bool;

/// A rule's verdict for one position: its claim where its test holds.
pub(crate) fn claim(pos: &KpkPosition, claim: Claim, holds: Holds) -> Option<Wdl> {
    let x = frame::Frame::of(pos);
    holds(&x, &frame::Race::of(&x)).then(|| claim.for_side_to_move(&x))
}

/// A recognizer with its name and statement.
#[derive(Clone, Copy, Debug)]
pub struct Rule {
    /// A short stable identifier, such as `"rule_of_the_square"`.
    pub id: &'static str,
    /// What the rule claims when it fires.
    pub claim: Claim,
    /// The rule in a chess player's words.
    pub statement: &'static str,
    /// The seed page's wording, where the rule comes from it.
    pub seed: Option<&'static str>,
    /// Whether this is a rule exactly as the literature states it (and may be wrong).
    pub literal: bool,
    /// For a corrected rule, the identifier of the literal rule it corrects.
    pub corrects: Option<&'static str>,
    /// The recognizer: the claim as [`Wdl`] for the side to move, or `None`.
    pub recognize: fn(&KpkPosition) -> Option<Wdl>,
    /// The same test on a position already seen from the pawn's side, so that many rules can
    /// share one [`frame::Frame`] and one [`frame::Race`].
    pub(crate) holds: Holds,
    /// The statement without its aside about rook pawns, for a position with another pawn
    /// (where a statement has such an aside).
    pub(crate) other_pawns: Option<&'static str>,
}

impl Rule {
    /// The statement as it applies to `pos`: without an aside about rook pawns when the pawn
    /// is on another file.
    ///
    /// ```
    /// use kpk::{Color, KpkPosition, KpkSetup, Square, rules};
    /// let pos = KpkPosition::new(KpkSetup {
    ///     strong_side: Color::White,
    ///     strong_king: Square::E6,
    ///     pawn: Square::E5,
    ///     weak_king: Square::E8,
    ///     side_to_move: Color::Black,
    /// })
    /// .unwrap();
    /// let rule = rules::RULES.iter().find(|r| r.id == "key_squares_occupied").unwrap();
    /// assert!(rule.statement.contains("rook pawn"));
    /// assert!(!rule.statement_for(&pos).contains("rook pawn"));
    /// ```
    #[must_use]
    pub fn statement_for(&self, pos: &KpkPosition) -> &'static str {
        let rook_pawn = matches!(pos.pawn().file().index(), 0 | 7);
        match self.other_pawns {
            Some(plain) if !rook_pawn => plain,
            _ => self.statement,
        }
    }

    /// The claim for a position already seen from the pawn's side.
    pub(crate) fn claim_in(&self, x: &frame::Frame, race: &frame::Race) -> Option<Wdl> {
        (self.holds)(x, race).then(|| self.claim.for_side_to_move(x))
    }
}

macro_rules! rule {
    ($f:ident / $holds:ident, $claim:ident, $statement:expr, seed: $seed:expr, literal: $literal:expr, corrects: $corrects:expr) => {
        rule!($f / $holds, $claim, $statement, seed: $seed, literal: $literal, corrects: $corrects, other_pawns: None)
    };
    ($f:ident / $holds:ident, $claim:ident, $statement:expr, seed: $seed:expr, literal: $literal:expr, corrects: $corrects:expr, other_pawns: $other:expr) => {
        Rule {
            id: stringify!($f),
            claim: Claim::$claim,
            statement: $statement,
            seed: $seed,
            literal: $literal,
            corrects: $corrects,
            recognize: $f,
            holds: $holds,
            other_pawns: $other,
        }
    };
}

/// Every recognizer of this module, drawn rules first.
pub const RULES: &[Rule] = &[
    rule!(capturable_pawn / capturable_pawn_holds, Draw,
        "The defender to move takes the undefended pawn next to his king.",
        seed: Some("In the case that the pawn can be immediately captured, might be delegated to the quiescence search"),
        literal: true, corrects: None),
    rule!(stalemate / stalemate_holds, Draw,
        "The defender to move is not in check and has no legal move.",
        seed: Some("there is a stalemate exception with the knight pawn"),
        literal: false, corrects: None),
    rule!(blockade_king_behind / blockade_king_behind_holds, Draw,
        "Defending king directly in front of the pawn, strong king directly behind it, defender to move.",
        seed: Some("Defending king stands directly in front of the pawn, the other king - directly behind it, weaker side to move"),
        literal: true, corrects: None),
    rule!(blockade_king_diagonally_behind / blockade_king_diagonally_behind_holds, Draw,
        "Defending king directly in front of the pawn, strong king diagonally behind it, strong side to move.",
        seed: Some("Defending king as above, the other king diagonally behind the pawn, stronger side to move"),
        literal: true, corrects: None),
    rule!(opposition_pawn_beside_literal / opposition_pawn_beside_literal_holds, Draw,
        "Kings in vertical opposition (either in front), the pawn beside the strong king, strong side to move.",
        seed: Some("Kings stand in the vertical opposition and the pawn is on the right/left side of the king of the stronger side, which is about to move"),
        literal: true, corrects: None),
    rule!(opposition_pawn_beside / opposition_pawn_beside_holds, Draw,
        "Kings in vertical opposition with the defender in front, the pawn beside the strong king, strong side to move.",
        seed: None, literal: false, corrects: Some("opposition_pawn_beside_literal")),
    rule!(pawn_check_from_opposition / pawn_check_from_opposition_holds, Draw,
        "After the pawn stepped out of the opposition with check: defender two squares in front of the strong king, pawn giving check, defender to move.",
        seed: Some("In the above position the stronger side moves a pawn, giving check"),
        literal: true, corrects: None),
    rule!(corresponding_squares_literal / corresponding_squares_literal_holds, Draw,
        "The seed's corresponding-squares code as written (H1 = 0 numbering; squares wrap around the edge).",
        seed: Some("a feeble attempt at using corresponding squares: strong king on pawn_sq-7/-8/-9, defender on pawn_sq+15/+16/+17, not on rank 8, strong side to move"),
        literal: true, corrects: None),
    rule!(corresponding_squares / corresponding_squares_holds, Draw,
        "Strong king on a square behind the pawn, defender on a corresponding square two ranks in front of it (not on the last rank), strong side to move.",
        seed: None, literal: false, corrects: Some("corresponding_squares_literal")),
    rule!(defender_has_the_opposition / defender_has_the_opposition_holds, Draw,
        "The kings face each other on one file near the pawn (its second to fourth rank), the strong king below the key squares and the defender beyond them, and the defender has the opposition (one square between, or an odd number of squares with the pawn past its second rank and the defender off the last rank): the strong king never reaches a key square.",
        seed: None,
        literal: false, corrects: None),
    rule!(rook_pawn_corner / rook_pawn_corner_holds, Draw,
        "Rook pawn, and the defending king on the promotion square or next to it.",
        seed: Some("there are drawn rook pawn cases"), literal: false, corrects: None),
    rule!(rook_pawn_king_shut_in / rook_pawn_king_shut_in_holds, Draw,
        "Rook pawn, the strong king in front of it on the rook file, the defender two files away level with it: the king cannot leave the rook file.",
        seed: Some("the defender prevents the king on the pawn's frontspan from leaving the rook file"),
        literal: false, corrects: None),
    rule!(rook_pawn_race_to_the_corner / rook_pawn_race_to_the_corner_holds, Draw,
        "Rook pawn, and the defending king reaches the corner before the pawn promotes and two moves before the strong king gets there.",
        seed: None, literal: false, corrects: None),
    rule!(pawn_lost_in_the_race / pawn_lost_in_the_race_holds, Draw,
        "The defending king is inside the square of the pawn and reaches it a move before the strong king can reach its path (two moves while the pawn stands on its second rank).",
        seed: None, literal: false, corrects: None),
    rule!(defender_guards_the_key_squares_first / defender_guards_the_key_squares_first_holds, Draw,
        "The defending king, inside the square, reaches a square guarding every key square three moves before the strong king reaches one.",
        seed: None, literal: false, corrects: None),
    rule!(defender_first_to_the_key_squares / defender_first_to_the_key_squares_holds, Draw,
        "The defending king, inside the square, is nearer to the key squares than the strong king: two moves with the defender to move, three with the strong side to move.",
        seed: None, literal: false, corrects: None),
    rule!(defender_on_the_path_king_beyond / defender_on_the_path_king_beyond_holds, Draw,
        "The defending king stands on the pawn's path in front of it, and the strong king is level with him or further up the board.",
        seed: None, literal: false, corrects: None),
    rule!(defender_on_a_key_square_king_far / defender_on_a_key_square_king_far_holds, Draw,
        "The defending king stands on a key square (or steps onto one with his move), and the strong king is three files or more from the pawn.",
        seed: None, literal: false, corrects: None),
    rule!(deep_inside_the_square_pawn_alone / deep_inside_the_square_pawn_alone_holds, Draw,
        "The defending king is three moves or more inside the square, and the strong king needs at least the pawn's moves less two to stand next to its path.",
        seed: None, literal: false, corrects: None),
    rule!(defender_at_the_promotion_square / defender_at_the_promotion_square_holds, Draw,
        "The defending king reaches the promotion square within a move, and the strong king needs three moves or more to stand next to the pawn's path.",
        seed: None, literal: false, corrects: None),
    rule!(defender_ahead_king_behind / defender_ahead_king_behind_holds, Draw,
        "The defending king reaches a key square four moves before the pawn could promote, and the promotion square before the strong king can stand next to the pawn's path.",
        seed: None, literal: false, corrects: None),
    rule!(defender_much_nearer_the_promotion_square / defender_much_nearer_the_promotion_square_holds, Draw,
        "The defending king reaches the promotion square six moves before the strong king, and the pawn at most two moves after the strong king reaches a key square.",
        seed: None, literal: false, corrects: None),
    rule!(pawn_lost_inside_the_square / pawn_lost_inside_the_square_holds, Draw,
        "The defending king is inside the square and can stand next to the pawn three moves sooner than the strong king's distance to it.",
        seed: None, literal: false, corrects: None),
    rule!(pawn_lost_to_a_defender_in_front / pawn_lost_to_a_defender_in_front_holds, Draw,
        "The defending king comes from in front of the pawn and can stand next to it two moves sooner than the strong king's distance to it.",
        seed: None, literal: false, corrects: None),
    rule!(king_beyond_a_defender_in_front / king_beyond_a_defender_in_front_holds, Draw,
        "The defending king comes from in front of the pawn, and the strong king stands two ranks or more further up the board.",
        seed: None, literal: false, corrects: None),
    rule!(defender_holds_the_key_squares_in_time / defender_holds_the_key_squares_in_time_holds, Draw,
        "The defending king is inside the square and reaches a key square two moves before the strong king can stand next to the pawn's path.",
        seed: None, literal: false, corrects: None),
    rule!(from_in_front_to_the_key_squares_first / from_in_front_to_the_key_squares_first_holds, Draw,
        "The defending king comes from in front of the pawn (its path two moves nearer than the pawn) and reaches a key square two moves before the strong king.",
        seed: None, literal: false, corrects: None),
    rule!(pawn_lost_round_the_king / pawn_lost_round_the_king_holds, Draw,
        "The pawn stands past its second rank, the defending king is inside its square and, going round the strong king, can stand next to the unguarded pawn three moves sooner than the strong king's distance to it.",
        seed: None, literal: false, corrects: None),
    rule!(king_far_to_the_side_defender_in_front / king_far_to_the_side_defender_in_front_holds, Draw,
        "The strong king stands four files or more from the pawn on the side of the centre; the defending king is inside the square going round the king, reaches the pawn's path two moves before the king's distance to the pawn, and the king is no nearer a key square than two moves less than the defender is to the pawn.",
        seed: None, literal: false, corrects: None),
    rule!(defender_on_the_path_first_to_the_stop_square / defender_on_the_path_first_to_the_stop_square_holds, Draw,
        "The defending king stands on the pawn's path in front of it (or steps onto it with his move), reaches the square in front of the pawn no later than a move after the strong king reaches a key square, the king needs two moves more than he does to get in front of the pawn, and he reaches a key square two moves before the pawn could promote (every route round the other king).",
        seed: None, literal: false, corrects: None),
    rule!(king_behind_the_pawn_defender_on_the_path / king_behind_the_pawn_defender_on_the_path_holds, Draw,
        "The strong king stands two ranks or more behind its pawn, and the defending king stands on the pawn's path in front of it or reaches it within a move, going round the king.",
        seed: None, literal: false, corrects: None),
    rule!(deep_inside_the_square_first_to_the_stop_square / deep_inside_the_square_first_to_the_stop_square_holds, Draw,
        "The defending king is two moves inside the square and reaches the square in front of the pawn two moves before the strong king reaches a key square (both going round the other king), and the kings stand no further apart than the pawn's moves to promote.",
        seed: None, literal: false, corrects: None),
    rule!(king_far_from_the_front_pawn_lost / king_far_from_the_front_pawn_lost_holds, Draw,
        "The strong king needs four moves to get in front of its pawn; the defending king, inside the square, can stand next to the pawn no later than the king can guard it, and three moves before the king reaches the promotion square (every route round the other king).",
        seed: None, literal: false, corrects: None),
    rule!(king_far_beyond_the_pawn / king_far_beyond_the_pawn_holds, Draw,
        "The strong king stands five files or more from the pawn on the side of the centre and five ranks or more above it, and the defending king is inside the square, going round the king.",
        seed: None, literal: false, corrects: None),
    rule!(rook_pawn_defender_above_first_to_the_key_squares / rook_pawn_defender_above_first_to_the_key_squares_holds, Draw,
        "Rook pawn: the defending king stands two ranks or more above the strong king, reaches a knight-file key square no later than the king, and is a move inside the square, every route round the other king.",
        seed: None, literal: false, corrects: None),
    rule!(king_far_from_the_pawn_defender_at_the_stop_square / king_far_from_the_pawn_defender_at_the_stop_square_holds, Draw,
        "The strong king stands five steps or more from the pawn, the defending king is inside the square and reaches the square in front of the pawn (going round the king) three moves before that distance.",
        seed: None, literal: false, corrects: None),
    rule!(defender_near_the_pawn_king_too_slow / defender_near_the_pawn_king_too_slow_holds, Draw,
        "The pawn stands past its second rank, the strong king needs three moves or more to stand next to the pawn's path, the defending king stands at most two ranks above the pawn, inside the square going round the king, and can stand next to the pawn before the king reaches a key square.",
        seed: None, literal: false, corrects: None),
    rule!(king_below_the_pawn_defender_deep_in_the_square_on_the_path / king_below_the_pawn_defender_deep_in_the_square_on_the_path_holds, Draw,
        "The strong king stands below its pawn, the defending king is on the pawn's path or a move from it and three moves inside the square going round the king, and the kings stand at most a move further apart than the pawn's moves to promote.",
        seed: None, literal: false, corrects: None),
    rule!(rook_pawn_defender_first_to_the_bishop_file / rook_pawn_defender_first_to_the_bishop_file_holds, Draw,
        "A rook pawn: the defending king stands above the strong king and inside the pawn's square (going round the king), the strong king is three steps or more from the promotion square, and the defender reaches the bishop-file squares by the corner sooner than the king reaches the knight-file key squares: from there he keeps the king shut in.",
        seed: None, literal: false, corrects: None),
    rule!(king_behind_the_pawn_defender_first_to_the_next_key_squares / king_behind_the_pawn_defender_first_to_the_next_key_squares_holds, Draw,
        "The strong king stands three ranks or more behind its pawn and within three moves of a key square (going round the defender), but the defending king reaches the key squares of the pawn's next step two moves before it does.",
        seed: None, literal: false, corrects: None),
    rule!(guards_front_squares_literal / guards_front_squares_literal_holds, Win,
        "At most three squares in front of the pawn, and the strong king guards all of them.",
        seed: Some("Stronger king defends all stop and telestop(s), including the promotion square up to three squares"),
        literal: true, corrects: None),
    rule!(guards_front_squares / guards_front_squares_holds, Win,
        "The strong king guards every square in front of the pawn (at most three), and the defender to move can neither take the pawn nor is he stalemated.",
        seed: Some("With defender to move, one has to consider whether the pawn can be captured ... a stalemate exception with the knight pawn"),
        literal: false, corrects: Some("guards_front_squares_literal")),
    rule!(rule_of_the_square_literal / rule_of_the_square_literal_holds, Win,
        "The defending king is outside the square of the pawn (the seed's formula).",
        seed: Some("Defending king is (leaves after moving) outside the square of the pawn: min(5, distance(pawn, promotion)) < distance(king, promotion) - king_to_move"),
        literal: true, corrects: None),
    rule!(rule_of_the_square / rule_of_the_square_holds, Win,
        "The defending king is outside the square of the pawn, the pawn cannot be taken at once, the strong king is not in its way, and the double step counts only over empty squares.",
        seed: None, literal: false, corrects: Some("rule_of_the_square_literal")),
    rule!(key_squares_occupied / key_squares_occupied_holds, Win,
        "The strong king stands on a key square of the pawn (for a rook pawn: one of the knight-file squares by the corner, and only next to its pawn), the pawn cannot be taken at once, and the defender to move is not stalemated.",
        seed: None, literal: false, corrects: None,
        other_pawns: Some("The strong king stands on a key square of the pawn, the pawn cannot be taken at once, and the defender to move is not stalemated.")),
    rule!(king_in_front_of_pawn / king_in_front_of_pawn_holds, Win,
        "The strong king directly in front of its pawn (not a rook pawn), the defender not ahead of it on its own or a neighbouring file.",
        seed: None, literal: false, corrects: None),
    rule!(first_to_a_key_square / first_to_a_key_square_holds, Win,
        "Not a rook pawn, the defender not next to it: the strong king reaches a key square two moves before the defender, and can stand next to the pawn no later than he can attack it.",
        seed: None, literal: false, corrects: None),
    rule!(defender_left_behind / defender_left_behind_holds, Win,
        "The defending king stands two ranks or more behind the pawn.",
        seed: None, literal: false, corrects: None),
    rule!(far_outside_the_square / far_outside_the_square_holds, Win,
        "The defending king is two moves or more outside the square of the pawn.",
        seed: None, literal: false, corrects: None),
    rule!(defender_too_late_for_the_path / defender_too_late_for_the_path_holds, Win,
        "Not a rook pawn, and the defending king needs two moves more to reach the pawn's path than the strong king is steps from the pawn.",
        seed: None, literal: false, corrects: None),
    rule!(king_on_the_key_squares_long_before / king_on_the_key_squares_long_before_holds, Win,
        "The strong king reaches a key square four moves before the defender reaches the pawn's path, which takes him at least the pawn's moves less one.",
        seed: None, literal: false, corrects: None),
    rule!(king_at_the_promotion_square_first / king_at_the_promotion_square_first_holds, Win,
        "The strong king reaches the promotion square two moves before the defender reaches the pawn's path, which takes him four moves or more.",
        seed: None, literal: false, corrects: None),
    rule!(king_on_the_key_squares_defender_far / king_on_the_key_squares_defender_far_holds, Win,
        "The strong king reaches a key square five moves sooner than the kings' distance apart, and the defender needs at least the strong king's distance to the pawn less one to reach it.",
        seed: None, literal: false, corrects: None),
    rule!(king_to_a_key_square_before_the_defender_to_the_path / king_to_a_key_square_before_the_defender_to_the_path_holds, Win,
        "Not a rook pawn (nor a knight pawn on its sixth rank), the defending king two files or more from the strong king: going round the king he cannot reach the pawn's path before the king stands on a key square, nor stand next to the pawn more than two moves before the king could guard it.",
        seed: None, literal: false, corrects: None),
    rule!(king_between_the_pawn_and_a_distant_defender / king_between_the_pawn_and_a_distant_defender_holds, Win,
        "Not a rook pawn; the strong king stands three files or more from the defending king, between him and the pawn's nearer edge, and the defender needs more moves to reach the pawn's path than the king's distance to the pawn.",
        seed: None, literal: false, corrects: None),
    rule!(king_close_and_first_to_the_key_squares / king_close_and_first_to_the_key_squares_holds, Win,
        "The defender to move; the strong king stands at most one step further from the pawn than the defender's moves to stand next to it, and reaches a key square, going round the defender, two moves before he reaches the pawn's path.",
        seed: None, literal: false, corrects: None),
    rule!(king_to_the_key_squares_long_before_the_defender_to_the_pawn / king_to_the_key_squares_long_before_the_defender_to_the_pawn_holds, Win,
        "The defender to move, not a rook pawn, and the strong king reaches a key square, going round the defender, three moves before the defender can stand next to the pawn.",
        seed: None, literal: false, corrects: None),
    rule!(defender_outside_the_square_round_the_king / defender_outside_the_square_round_the_king_holds, Win,
        "The defending king needs three moves or more to the promotion square and, going round the strong king, more moves than the pawn: he is outside its square; and the strong king stands no further from the pawn than the defender's moves to its path.",
        seed: None, literal: false, corrects: None),
    rule!(king_first_to_the_key_and_promotion_squares / king_first_to_the_key_and_promotion_squares_holds, Win,
        "The defending king is within two moves of the pawn's path (going round the strong king), but the strong king reaches a key square three moves, and the promotion square (going round the defender) two moves, sooner than the kings' distance apart, and stands at most a step further from the pawn than the defender's moves to its path.",
        seed: None, literal: false, corrects: None),
    rule!(king_in_front_before_a_distant_defender_at_the_pawn / king_in_front_before_a_distant_defender_at_the_pawn_holds, Win,
        "The defending king needs six moves or more to the promotion square, and the strong king gets in front of its pawn (going round the defender) no later than he can stand next to the pawn.",
        seed: None, literal: false, corrects: None),
    rule!(king_nearer_the_pawn_and_first_to_the_key_squares / king_nearer_the_pawn_and_first_to_the_key_squares_holds, Win,
        "The strong king stands nearer its pawn than the defending king does, reaches a key square (going round him) three moves before he reaches the promotion square, and stands next to the pawn a move before he reaches the pawn's path.",
        seed: None, literal: false, corrects: None),
    rule!(defender_barred_from_the_path / defender_barred_from_the_path_holds, Win,
        "Not a rook pawn: the defending king is nearer the pawn's path than the strong king is to a key square, but the king bars his way, so that going round it he reaches the path no sooner than the king reaches a key square.",
        seed: None, literal: false, corrects: None),
    rule!(pawn_near_promotion_king_first / pawn_near_promotion_king_first_holds, Win,
        "Not a rook pawn, two moves or fewer from promoting: the strong king reaches a key square sooner than the kings' distance apart and stands no further from its pawn than the defending king's moves to the pawn's path, while the defender can still reach the square in front of the pawn only by a route round the king.",
        seed: None, literal: false, corrects: None),
    rule!(king_above_the_pawn_first_to_the_next_key_squares / king_above_the_pawn_first_to_the_next_key_squares_holds, Win,
        "Not a rook pawn: the strong king stands above its pawn, reaches a key square of the pawn's next step (going round the defender) three moves before the defending king can stand next to the pawn, and stands next to the pawn's path before he can reach the path going round the king.",
        seed: None, literal: false, corrects: None),
    rule!(king_first_to_the_next_key_squares / king_first_to_the_next_key_squares_holds, Win,
        "Going round each other, the strong king reaches a key square of the pawn's next step before the defending king reaches the pawn's path, and a key square of its present one no later, and it stands nearer its pawn than the defender's moves to the path (for a rook pawn, the defender is four moves or more from the bishop-file squares by the corner).",
        seed: None, literal: false, corrects: None),
    rule!(king_in_front_first_defender_two_files_beyond / king_in_front_first_defender_two_files_beyond_holds, Win,
        "The defending king stands two files or more beyond the strong king, towards the centre. Going round each other, the strong king gets in front of its pawn before the defender reaches the pawn's path, and onto a key square no later than he reaches the path; and the promotion square is at least two moves further from the strong king than the pawn's path is from the defender.",
        seed: None, literal: false, corrects: None),
];

/// How a rule did over every legal position.
#[derive(Clone, Copy, Debug)]
pub struct RuleReport {
    /// The rule.
    pub rule: &'static Rule,
    /// Positions where it claims a result.
    pub fires: u32,
    /// Claims the bitbase confirms.
    pub correct: u32,
    /// Claims of a win in drawn positions.
    pub false_wins: u32,
    /// Claims of a draw in won positions.
    pub false_draws: u32,
    /// A position of the first false win, if any.
    pub false_win_example: Option<KpkPosition>,
    /// A position of the first false draw, if any.
    pub false_draw_example: Option<KpkPosition>,
}

impl RuleReport {
    /// Claims the bitbase contradicts.
    #[must_use]
    pub const fn wrong(&self) -> u32 {
        self.false_wins + self.false_draws
    }
}

/// Every legal KPK position (both pawn colours, both sides to move): 662,704.
pub const LEGAL_POSITIONS: u32 = 2 * 331_352;

/// Measures every rule of [`RULES`] over every legal position (both pawn colours, both sides to
/// move), against the bitbase.
#[must_use]
pub fn measure() -> Vec<RuleReport> {
    let mut reports: Vec<RuleReport> = RULES
        .iter()
        .map(|rule| RuleReport {
            rule,
            fires: 0,
            correct: 0,
            false_wins: 0,
            false_draws: 0,
            false_win_example: None,
            false_draw_example: None,
        })
        .collect();
    for pos in KpkPosition::all() {
        let truth = pos.probe();
        let x = frame::Frame::of(&pos);
        let race = frame::Race::of(&x);
        for r in &mut reports {
            let Some(claim) = r.rule.claim_in(&x, &race) else { continue };
            r.fires += 1;
            if claim == truth {
                r.correct += 1;
            } else if claim == Wdl::Draw {
                r.false_draws += 1;
                r.false_draw_example.get_or_insert(pos);
            } else {
                r.false_wins += 1;
                r.false_win_example.get_or_insert(pos);
            }
        }
    }
    reports
}

#[cfg(test)]
mod tests {
    use super::{RULES, frame};
    use crate::KpkPosition;

    #[test]
    fn on_a_sample_every_rule_answers_alike_from_its_frame_and_the_recognizer_never_errs() {
        // a sample in the debug profile (overflow checks on), more of it in release
        let step = if cfg!(debug_assertions) { 29 } else { 7 };
        for pos in KpkPosition::all().step_by(step) {
            let x = frame::Frame::of(&pos);
            let race = frame::Race::of(&x);
            for rule in RULES {
                assert_eq!((rule.recognize)(&pos), rule.claim_in(&x, &race), "{} {pos:?}", rule.id);
            }
            // the recognizer never errs (exhaustively in `tests/rules.rs`, release only)
            assert!(super::recognize(&pos).is_none_or(|w| w == pos.probe()), "{pos:?}");
        }
    }
}
