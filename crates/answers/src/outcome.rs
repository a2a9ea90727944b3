//! How a position stands, in the lichess tablebase API's fields: the end of the game, the
//! category and the distances, for the side to move. A position's answer and each move's carry
//! one.

use kpk::Endgame;
use kpk::dtm::Dtm;
use kpk::dtz::Dtz;

use serde::Serialize;

use crate::category::Category;
use crate::ts_names::Plies;

/// How a position stands, in the lichess API's fields: the end of the game, the category and
/// the distances, all for the side to move. From the tables `dtz` and `precise_dtz` are equal
/// (nothing is rounded); `dtc` and `dtw` are always `null`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, ts_rs::TS)]
pub struct Outcome {
    /// The side to move is checkmated.
    pub checkmate: bool,
    /// The side to move is stalemated.
    pub stalemate: bool,
    /// Always `false` (a variant's win; standard chess has none).
    pub variant_win: bool,
    /// Always `false`.
    pub variant_loss: bool,
    /// Neither side has mating material.
    pub insufficient_material: bool,
    /// The outcome for the side to move.
    pub category: Category,
    /// Distance to zeroing in plies, Syzygy's convention (`0` a draw; `null`: a method
    /// without distances, or no table holds the position). A file may round it by one.
    #[ts(as = "Option<Plies>")]
    pub dtz: Option<Dtz>,
    /// The same distance where it is known unrounded: always equal to `dtz` from the embedded
    /// tables.
    #[ts(as = "Option<Plies>")]
    pub precise_dtz: Option<Dtz>,
    /// Distance to conversion (`null`).
    #[ts(type = "null")]
    pub dtc: Option<i32>,
    /// Distance to mate in plies (`null`: a draw, or a method without distances).
    #[ts(as = "Option<Plies>")]
    pub dtm: Option<Dtm>,
    /// Distance to win (`null`).
    #[ts(type = "null")]
    pub dtw: Option<i32>,
}

impl Outcome {
    /// How `pos` stands, with its category, distance to mate and distance to zeroing.
    #[must_use]
    pub fn of(pos: &Endgame, category: Category, dtm: Option<Dtm>, dtz: Option<Dtz>) -> Outcome {
        Outcome::of_ended(pos, (pos.is_checkmate(), pos.is_stalemate()), category, (dtm, dtz))
    }

    /// [`Outcome::of`] with whether `pos` is checkmate and stalemate already known.
    pub(crate) fn of_ended(
        pos: &Endgame,
        (checkmate, stalemate): (bool, bool),
        category: Category,
        (dtm, dtz): (Option<Dtm>, Option<Dtz>),
    ) -> Outcome {
        Outcome {
            checkmate,
            stalemate,
            variant_win: false,
            variant_loss: false,
            insufficient_material: pos.is_insufficient_material(),
            category,
            dtz,
            precise_dtz: dtz,
            dtc: None,
            dtm,
            dtw: None,
        }
    }

    /// Whether a table holds the position itself, not only moves from it: the game is over, or
    /// a distance is known. Where no table holds a position, lila-tablebase still names its
    /// category from its best move (a mate in one is a `win` with no distance); that is not a
    /// table's verdict, and the analysis board asks the engine.
    ///
    /// ```
    /// use kpk_answers::category::Category;
    /// let mate_in_one = kpk_answers::api::standard(Some("6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1")).unwrap();
    /// assert_eq!(mate_in_one.outcome.category, Category::Win);
    /// assert!(!mate_in_one.outcome.held());
    /// let kpk = kpk_answers::api::standard(Some("4k3/8/4K3/4P3/8/8/8/8 w - - 0 1")).unwrap();
    /// assert!(kpk.outcome.held());
    /// ```
    #[must_use]
    pub const fn held(&self) -> bool {
        self.checkmate
            || self.stalemate
            || self.insufficient_material
            || self.dtz.is_some()
            || self.dtm.is_some()
    }
}
