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
//! use kpk::{Color, KpkPosition, KpkSetup, Square, Wdl};
//! use kpk_rules as rules;
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
//! assert_eq!(rules::Rule::ROOK_PAWN_CORNER.recognize(&pos), Some(Wdl::Draw));
//! assert_eq!(rules::Rule::KEY_SQUARES_OCCUPIED.recognize(&pos), None);
//! ```

#![no_std]
#![deny(missing_docs)]

extern crate alloc;

mod classifier;
mod coach;
mod drawn;
mod frame;
mod idea;
mod plan;
mod proof;
mod races;
mod recognizer;
mod route;
mod routes;
mod rule;
#[cfg(feature = "serde")]
mod serde;
mod why;
mod won;
mod words;

use alloc::vec::Vec;

pub use classifier::{
    Basis, Classification, HEURISTIC_DEPTH, classify, classify_endgame, outflanking_heuristic,
    searched_heuristic,
};
pub use coach::{Judgement, REFUTATION_PLIES, Verdict, judge, judge_all};
pub use idea::Idea;
pub use plan::{Aim, MAX_TEMPI, Plan, Progress, plan, plan_score, progress};
pub use proof::{DecidedBy, MAX_PROOF_PLIES, Proof, Variation, proof};
pub use recognizer::{RECOGNIZER_DEPTH, RULES, recognize, recognize_endgame, recognize_with_depth};
pub use rule::{Claim, Family, Rule};
pub use why::{WHY_LINE_PLIES, Why, why, why_playing};
pub use words::plies;

use kpk::{KpkPosition, Wdl};

/// The key squares of the pawn: where the strong king wins whoever is to move (for a rook pawn,
/// the two knight-file squares by the corner), as board squares.
///
/// ```
/// use kpk::{Color, KpkPosition, KpkSetup, Square};
/// use kpk_rules as rules;
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
pub fn key_squares(pos: &KpkPosition) -> Vec<kpk::Square> {
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
/// ([`Rule::RULE_OF_THE_SQUARE`]).
#[must_use]
pub fn square_of_the_pawn(pos: &KpkPosition) -> Vec<kpk::Square> {
    let x = frame::Frame::of(pos);
    let pawn_moves = x.pawn_moves();
    let promotion = x.promotion();
    let mut squares: Vec<_> = kpk::Square::ALL
        .into_iter()
        .filter(|&sq| {
            frame::Coord::seen_by(sq, pos.strong_side()).distance(promotion) <= pawn_moves
        })
        .collect();
    squares.sort_unstable();
    squares
}

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

/// The examples of this crate's README and of the project's README, compiled and run as
/// doctests (the project's README uses `kpk`, `kpk-score` and this crate).
#[doc = include_str!("../README.md")]
#[doc = include_str!("../../../README.md")]
#[cfg(doctest)]
pub struct ReadmeDoctests;

#[cfg(test)]
mod tests {
    use super::{RULES, frame};
    use kpk::KpkPosition;

    #[test]
    fn on_a_sample_every_rule_answers_alike_from_its_frame_and_the_recognizer_never_errs() {
        // a sample in the debug profile (overflow checks on), more of it in release
        let step = if cfg!(debug_assertions) { 29 } else { 7 };
        for pos in KpkPosition::all().step_by(step) {
            let x = frame::Frame::of(&pos);
            let race = frame::Race::of(&x);
            for rule in RULES {
                assert_eq!(rule.recognize(&pos), rule.claim_in(&x, &race), "{} {pos:?}", rule.id);
            }
            // the recognizer never errs (exhaustively in `tests/rules.rs`, release only)
            assert!(super::recognize(&pos).is_none_or(|w| w == pos.probe()), "{pos:?}");
        }
    }
}
