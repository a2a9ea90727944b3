//! The lichess tablebase API's categories and the one rule that gives them under the 50-move
//! rule, for the embedded tables (exact distances) and the Syzygy files (which may round them)
//! alike.
//!
//! The halfmove clock counts as on lichess: a win is a `win` if its zeroing move or mate comes
//! before the 50-move rule lets the defender claim a draw (DTZ + clock <= 100), a `cursed-win`
//! otherwise, and the defender's side a `loss` or a `blessed-loss`; for a move, the clock after
//! it (0 after a capture or pawn move) decides, and once the clock before it has reached 100 no
//! move keeps a plain win. A DTZ the file may have rounded makes an otherwise decisive result
//! `syzygy-win` or `syzygy-loss` where the rule could turn on the rounding.

use core::fmt;

use kpk::Wdl;
use kpk::dtm::Dtm;
use kpk::dtz::{self, FIFTY_MOVES, Wdl50};
use kpk_syzygy::{AmbiguousWdl, MaybeRounded};
use serde::Serialize;

/// An outcome in the lichess API's words, for the side to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, ts_rs::TS)]
#[serde(rename_all = "kebab-case")]
pub enum Category {
    /// The side to move wins (within the 50-move rule, for the tables).
    Win,
    /// The side to move can force mate, but not before the 50-move rule lets the defender
    /// claim a draw.
    CursedWin,
    /// Neither side can force mate.
    Draw,
    /// The side to move is mated unless the 50-move rule saves him, which it does.
    BlessedLoss,
    /// The side to move loses.
    Loss,
    /// The method asked does not know (the sound recognizer, where no rule decides), or no
    /// table holds the position.
    Unknown,
    /// A win by the files, which may round the DTZ: whether it comes before the 50-move rule
    /// cannot be told (lichess's `syzygy-win`).
    SyzygyWin,
    /// A loss by the files, which may round the DTZ: whether the 50-move rule saves it cannot
    /// be told (lichess's `syzygy-loss`).
    SyzygyLoss,
}

impl Category {
    /// The category of a verdict (`None`: unknown).
    #[must_use]
    pub const fn of_wdl(w: Option<Wdl>) -> Category {
        match w {
            Some(Wdl::Win) => Category::Win,
            Some(Wdl::Draw) => Category::Draw,
            Some(Wdl::Loss) => Category::Loss,
            None => Category::Unknown,
        }
    }

    /// The category of an outcome under the 50-move rule.
    #[must_use]
    pub const fn of_wdl50(w: Wdl50) -> Category {
        match w {
            Wdl50::Win => Category::Win,
            Wdl50::CursedWin => Category::CursedWin,
            Wdl50::Draw => Category::Draw,
            Wdl50::BlessedLoss => Category::BlessedLoss,
            Wdl50::Loss => Category::Loss,
        }
    }

    /// Orders the categories of the positions moves lead to, best first for the mover (the
    /// opponent's loss first), as lichess does: loss, unknown, the files' ambiguous loss,
    /// blessed loss, draw, cursed win, the files' ambiguous win, win.
    pub(crate) const fn rank_after(self) -> u8 {
        match self {
            Category::Loss => 0,
            Category::Unknown => 1,
            Category::SyzygyLoss => 2,
            Category::BlessedLoss => 3,
            Category::Draw => 4,
            Category::CursedWin => 5,
            Category::SyzygyWin => 6,
            Category::Win => 7,
        }
    }

    /// The same outcome for the other side (`unknown` stays `unknown`).
    #[must_use]
    pub const fn flip(self) -> Category {
        match self {
            Category::Win => Category::Loss,
            Category::CursedWin => Category::BlessedLoss,
            Category::Draw => Category::Draw,
            Category::BlessedLoss => Category::CursedWin,
            Category::Loss => Category::Win,
            Category::Unknown => Category::Unknown,
            Category::SyzygyWin => Category::SyzygyLoss,
            Category::SyzygyLoss => Category::SyzygyWin,
        }
    }

    /// The category of `pos` itself (at most three men) with `halfmoves` on its clock: the one
    /// `/standard` and `kpk probe` give it, the 50-move rule counted.
    ///
    /// ```
    /// use kpk_answers::category::Category;
    /// let pos = kpk_shakmaty::fen::parse("4k3/8/8/8/8/8/4P3/4K3 w - - 0 1").unwrap().position;
    /// assert_eq!(Category::of_ending(&pos, 0), Category::Win);
    /// assert_eq!(Category::of_ending(&pos, 95), Category::CursedWin);
    /// ```
    #[must_use]
    pub fn of_ending(pos: &kpk::Endgame, halfmoves: u32) -> Category {
        Standing::of_ending(pos, dtz::probe(pos)).category(halfmoves.saturating_sub(1), halfmoves)
    }

    /// The category of a distance to mate (`None`: a draw).
    #[must_use]
    pub const fn of_dtm(d: Option<Dtm>) -> Category {
        match d {
            Some(d) => Category::of_wdl(Some(d.wdl())),
            None => Category::Draw,
        }
    }

    /// The name: `win`, `cursed-win`, `draw`, `blessed-loss`, `loss`, `unknown`, `syzygy-win`
    /// or `syzygy-loss`.
    #[must_use]
    pub const fn as_str(self) -> &'static str {
        match self {
            Category::Win => "win",
            Category::CursedWin => "cursed-win",
            Category::Draw => "draw",
            Category::BlessedLoss => "blessed-loss",
            Category::Loss => "loss",
            Category::Unknown => "unknown",
            Category::SyzygyWin => "syzygy-win",
            Category::SyzygyLoss => "syzygy-loss",
        }
    }
}

impl fmt::Display for Category {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// What the category of a position depends on: how the game stands there and its distance to
/// zeroing, from its side to move.
#[derive(Clone, Copy, Debug)]
pub struct Standing {
    /// The side to move is checkmated.
    pub checkmate: bool,
    /// The side to move is stalemated.
    pub stalemate: bool,
    /// Neither side can mate.
    pub insufficient_material: bool,
    /// The distance to zeroing: exact from the embedded tables, perhaps rounded from a file;
    /// `None` where no table holds the position.
    pub dtz: Option<MaybeRounded<kpk_syzygy::Dtz>>,
}

impl Standing {
    /// The standing of a position of the embedded tables, its DTZ exact.
    #[must_use]
    pub fn of_ending(pos: &kpk::Endgame, dtz: dtz::Dtz) -> Standing {
        Standing {
            checkmate: pos.is_checkmate(),
            stalemate: pos.is_stalemate(),
            insufficient_material: pos.is_insufficient_material(),
            dtz: Some(MaybeRounded::Precise(kpk_syzygy::Dtz(dtz.plies()))),
        }
    }

    /// The category of this position for its side to move, reached with `halfmoves_before` on
    /// the clock before the move that led here and `clock` on it now (0 after a capture or a
    /// pawn move): lichess's rule. A mate stands if the clock before it was below 100; from a
    /// clock of 100 every decisive result is cursed or blessed; otherwise the DTZ and the clock
    /// now decide. For a position itself rather than a move, `halfmoves_before` is its clock
    /// less one.
    ///
    /// ```
    /// use kpk_answers::category::{Category, Standing};
    /// use kpk_syzygy::{Dtz, MaybeRounded};
    /// let lost = |dtz| Standing {
    ///     checkmate: false,
    ///     stalemate: false,
    ///     insufficient_material: false,
    ///     dtz: Some(dtz),
    /// };
    /// // a rook move to a position Black loses with DTZ -30, from a clock of 69 and of 70
    /// assert_eq!(lost(MaybeRounded::Precise(Dtz(-30))).category(69, 70), Category::Loss);
    /// assert_eq!(lost(MaybeRounded::Precise(Dtz(-30))).category(70, 71), Category::BlessedLoss);
    /// // a pawn move resets the clock
    /// assert_eq!(lost(MaybeRounded::Precise(Dtz(-30))).category(99, 0), Category::Loss);
    /// // a rounded DTZ that may cross the line cannot be told
    /// assert_eq!(lost(MaybeRounded::Rounded(Dtz(-30))).category(69, 70), Category::SyzygyLoss);
    /// ```
    #[must_use]
    pub fn category(&self, halfmoves_before: u32, clock: u32) -> Category {
        if self.stalemate
            || self.insufficient_material
            || self.dtz.is_some_and(MaybeRounded::is_zero)
        {
            Category::Draw
        } else if self.checkmate {
            if halfmoves_before < FIFTY_MOVES { Category::Loss } else { Category::BlessedLoss }
        } else if let Some(dtz) = self.dtz {
            if halfmoves_before >= FIFTY_MOVES {
                if dtz.is_negative() { Category::BlessedLoss } else { Category::CursedWin }
            } else {
                match AmbiguousWdl::from_dtz_and_halfmoves(dtz, clock) {
                    AmbiguousWdl::Win => Category::Win,
                    AmbiguousWdl::MaybeWin => Category::SyzygyWin,
                    AmbiguousWdl::CursedWin => Category::CursedWin,
                    AmbiguousWdl::Draw => Category::Draw,
                    AmbiguousWdl::BlessedLoss => Category::BlessedLoss,
                    AmbiguousWdl::MaybeLoss => Category::SyzygyLoss,
                    AmbiguousWdl::Loss => Category::Loss,
                }
            }
        } else {
            Category::Unknown
        }
    }
}
