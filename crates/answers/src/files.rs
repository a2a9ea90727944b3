//! The answer for any legal position, as lila-tablebase gives it: from the embedded tables for
//! three men (exact, with the distance to mate), from Syzygy files beyond them, and where no
//! table holds the position, `unknown`, with the exact answer of every move that enters the
//! tables (a capture into fewer men).
//!
//! The categories follow lila-tablebase: a DTZ the file may have rounded makes an otherwise
//! decisive result `syzygy-win` or `syzygy-loss` where the 50-move rule could turn on the
//! rounding, and the position's own category is the opposite of its best move's.

use core::cmp::Reverse;

use kpk::dtm;
use kpk_syzygy::{AmbiguousWdl, Dtz, MaybeRounded, ProbeError, Tablebases};
use shakmaty::{Chess, Position as _, Role};

use crate::notation::Notation;
use crate::probe::{Category, MoveProbe, Outcome, Position, Probe};

/// What the tables say of one position.
struct Facts {
    checkmate: bool,
    stalemate: bool,
    insufficient_material: bool,
    halfmoves: u32,
    /// `None`: no table holds the position.
    dtz: Option<MaybeRounded<Dtz>>,
    /// The distance to mate, for three men.
    dtm: Option<i32>,
}

impl Facts {
    /// The facts of `pos`: a damaged file is an error, a position no table holds is not.
    fn of(tables: &Tablebases, pos: &Chess) -> Result<Facts, ProbeError> {
        let dtz = match tables.probe_dtz(pos) {
            Ok(dtz) => Some(dtz),
            Err(
                ProbeError::Castling
                | ProbeError::TooManyMen { .. }
                | ProbeError::MissingTable { .. },
            ) => None,
            Err(e) => return Err(e),
        };
        let dtm = kpk_shakmaty::to_endgame(pos).and_then(|e| dtm::probe(&e)).map(dtm::Dtm::plies);
        // one move generation tells both checkmate and stalemate
        let no_move = pos.legal_moves().is_empty();
        let check = pos.is_check();
        Ok(Facts {
            checkmate: no_move && check,
            stalemate: no_move && !check,
            insufficient_material: pos.is_insufficient_material(),
            halfmoves: pos.halfmoves(),
            dtz,
            dtm,
        })
    }

    /// The category for the side to move, `halfmoves_before` the clock before the move that led
    /// here, as lila-tablebase computes it.
    fn category(&self, halfmoves_before: u32) -> Category {
        if self.stalemate
            || self.insufficient_material
            || self.dtz.is_some_and(MaybeRounded::is_zero)
        {
            Category::Draw
        } else if self.checkmate {
            if halfmoves_before < 100 { Category::Loss } else { Category::BlessedLoss }
        } else if let Some(dtz) = self.dtz {
            if halfmoves_before >= 100 {
                if dtz.is_negative() { Category::BlessedLoss } else { Category::CursedWin }
            } else {
                match AmbiguousWdl::from_dtz_and_halfmoves(dtz, self.halfmoves) {
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

    fn outcome(&self, category: Category) -> Outcome {
        Outcome {
            checkmate: self.checkmate,
            stalemate: self.stalemate,
            variant_win: false,
            variant_loss: false,
            insufficient_material: self.insufficient_material,
            category,
            dtz: self.dtz.map(|d| d.ignore_rounding().0),
            precise_dtz: self.dtz.and_then(MaybeRounded::precise).map(|d| d.0),
            dtc: None,
            dtm: self.dtm,
            dtw: None,
        }
    }
}

/// A metric ordered so that the quickest loss comes first and the slowest win last (lichess's
/// "tightening" order: negative values from -1 down, then none or zero, then positive values
/// from the largest down).
fn tightening(metric: Option<i32>) -> (Reverse<Option<i32>>, Option<Reverse<i32>>) {
    (Reverse(metric.filter(|m| *m < 0)), metric.filter(|m| *m > 0).map(Reverse))
}

/// One move with what it leads to and its place in the order.
struct Ranked {
    key: MoveKey,
    answer: MoveProbe,
}

type MoveKey = (
    u8,
    bool,
    (bool, bool),
    (Reverse<Option<i32>>, Option<Reverse<i32>>),
    bool,
    (bool, Option<Reverse<i32>>),
    (Reverse<Option<Role>>, Reverse<Option<Role>>),
);

impl Probe {
    /// The answer for any legal position `pos` (its halfmove clock counted), in the lichess
    /// API's shape: at most three men from the embedded tables (exactly as
    /// [`Probe::from_tables`]), more from the Syzygy files of `tables`, and a position no
    /// table holds (too many men, castling rights, a table not given) as `unknown`, with every
    /// move that enters the tables answered exactly.
    ///
    /// ```
    /// use kpk_answers::probe::{Category, Probe};
    /// use kpk_syzygy::Tablebases;
    ///
    /// // two pawns against the king, and no file: the captures are not there, the
    /// // position is unknown
    /// let pos = kpk_shakmaty::fen::parse_position("4k3/8/8/8/8/8/3PP3/4K3 w - - 0 1").unwrap();
    /// let probe = Probe::from_files(&Tablebases::new(), &pos).unwrap();
    /// assert_eq!(probe.outcome.category, Category::Unknown);
    /// assert_eq!(probe.moves.len(), 7);
    /// ```
    ///
    /// # Errors
    /// [`ProbeError::Damaged`] when a file the answer needs cannot be read or does not decode
    /// (never a wrong answer).
    pub fn from_files(tables: &Tablebases, pos: &Chess) -> Result<Probe, ProbeError> {
        if let Some(ending) = kpk_shakmaty::to_endgame(pos) {
            return Ok(Probe::from_tables(&ending, pos.halfmoves()));
        }
        let mut moves = Vec::new();
        for mv in pos.legal_moves() {
            let mut after = pos.clone();
            after.play_unchecked(mv);
            let facts = Facts::of(tables, &after)?;
            let category = facts.category(pos.halfmoves());
            let positive =
                matches!(category, Category::Win | Category::SyzygyWin | Category::CursedWin);
            let dtz = facts.dtz.map(|d| d.ignore_rounding().0);
            let key = (
                category.rank_after(),
                !facts.checkmate,
                (!facts.stalemate, !facts.insufficient_material),
                tightening(facts.dtm),
                mv.is_conversion() ^ !positive,
                (mv.is_zeroing() ^ !positive, dtz.map(Reverse)),
                (Reverse(mv.capture()), Reverse(mv.promotion())),
            );
            let answer = MoveProbe {
                uci: Notation::uci_of(mv),
                san: Notation::san_after(pos, mv, facts.checkmate, after.is_check()),
                zeroing: mv.is_zeroing(),
                conversion: mv.is_conversion(),
                after: facts.outcome(category),
            };
            moves.push(Ranked { key, answer });
        }
        moves.sort_by_key(|m| m.key);
        let mut moves: Vec<MoveProbe> = moves.into_iter().map(|m| m.answer).collect();
        let own = Facts::of(tables, pos)?;
        let mut category = own.category(pos.halfmoves().saturating_sub(1));
        // the position's category tells an ambiguous move's result where it can
        for (known, ambiguous, exact) in [
            (Category::Win, Category::SyzygyLoss, Category::Loss),
            (Category::CursedWin, Category::SyzygyLoss, Category::BlessedLoss),
            (Category::BlessedLoss, Category::SyzygyWin, Category::CursedWin),
            (Category::Loss, Category::SyzygyWin, Category::Win),
        ] {
            if category == known {
                for m in moves.iter_mut().take_while(|m| m.after.category == ambiguous) {
                    m.after.category = exact;
                }
            }
        }
        if let Some(best) = moves.first() {
            category = best.after.category.flip();
        }
        Ok(Probe {
            fen: None,
            method: None,
            outcome: own.outcome(category),
            moves,
            rules: None,
            halfmoves: pos.halfmoves(),
            side_to_move: match pos.turn() {
                shakmaty::Color::White => kpk::Color::White,
                shakmaty::Color::Black => kpk::Color::Black,
            },
            position: Position::Any(Box::new(pos.clone())),
        })
    }
}
