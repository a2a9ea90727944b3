//! The answer for any legal position, as lila-tablebase gives it: from the embedded tables for
//! three men (exact, with the distance to mate), from Syzygy files beyond them, and where no
//! table holds the position, `unknown`, with the exact answer of every move that enters the
//! tables (a capture into fewer men).
//!
//! The categories follow lila-tablebase: a DTZ the file may have rounded makes an otherwise
//! decisive result `syzygy-win` or `syzygy-loss` where the 50-move rule could turn on the
//! rounding, and the position's own category is the opposite of its best move's.

use kpk::dtm;
use kpk::dtz::Dtz;
use kpk_syzygy::{MaybeRounded, ProbeError, Tablebases};
use shakmaty::{Chess, Position as _, Role};

use crate::category::{Category, Standing};
use crate::notation::Notation;
use crate::order::{self, MoveFacts};
use crate::outcome::Outcome;
use crate::probe::{MaybeRulesBasis, MoveProbe, Position, Probe};

/// What the tables say of one position.
struct Facts {
    standing: Standing,
    halfmoves: u32,
    /// The distance to mate, for three men.
    dtm: Option<dtm::Dtm>,
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
        let dtm = kpk_shakmaty::to_endgame(pos).and_then(|e| dtm::probe(&e));
        // one move generation tells both checkmate and stalemate
        let no_move = pos.legal_moves().is_empty();
        let check = pos.is_check();
        let standing = Standing {
            checkmate: no_move && check,
            stalemate: no_move && !check,
            insufficient_material: pos.is_insufficient_material(),
            dtz,
        };
        Ok(Facts { standing, halfmoves: pos.halfmoves(), dtm })
    }

    /// The category for the side to move, `halfmoves_before` the clock before the move that led
    /// here.
    fn category(&self, halfmoves_before: u32) -> Category {
        self.standing.category(halfmoves_before, self.halfmoves)
    }

    fn outcome(&self, category: Category) -> Outcome {
        let s = &self.standing;
        Outcome {
            checkmate: s.checkmate,
            stalemate: s.stalemate,
            variant_win: false,
            variant_loss: false,
            insufficient_material: s.insufficient_material,
            category,
            dtz: s.dtz.map(|d| plies(d.ignore_rounding())),
            precise_dtz: s.dtz.and_then(MaybeRounded::precise).map(plies),
            dtc: None,
            dtm: self.dtm,
            dtw: None,
        }
    }
}

/// A file's DTZ as the answers hold it (every DTZ of the Syzygy files fits).
fn plies(d: kpk_syzygy::Dtz) -> Dtz {
    let saturated = if d.0 < 0 { i16::MIN + 1 } else { i16::MAX };
    Dtz::new(i16::try_from(d.0).unwrap_or(saturated))
}

/// The rank of a man for the order of captures and promotions: a larger man higher.
fn role_rank(role: Option<Role>) -> u8 {
    role.map_or(0, |r| r as u8)
}

impl Probe {
    /// The answer for any legal position `pos` (its halfmove clock counted), in the lichess
    /// API's shape: at most three men from the embedded tables (exactly as
    /// [`Probe::from_tables`]), more from the Syzygy files of `tables`, and a position no
    /// table holds (too many men, castling rights, a table not given) as `unknown`, with every
    /// move that enters the tables answered exactly.
    ///
    /// ```
    /// use kpk_answers::category::Category;
    /// use kpk_answers::probe::Probe;
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
        for (index, mv) in pos.legal_moves().into_iter().enumerate() {
            let mut after = pos.clone();
            after.play_unchecked(mv);
            let facts = Facts::of(tables, &after)?;
            let category = facts.category(pos.halfmoves());
            let s = &facts.standing;
            let key = order::sort_key(&MoveFacts {
                category,
                checkmate: s.checkmate,
                stalemate: s.stalemate,
                insufficient_material: s.insufficient_material,
                dtm: facts.dtm.map(dtm::Dtm::plies),
                dtz: s.dtz.map(|d| d.ignore_rounding().0),
                conversion: mv.is_conversion(),
                zeroing: mv.is_zeroing(),
                capture: role_rank(mv.capture()),
                promotion: role_rank(mv.promotion()),
                index,
            });
            let answer = MoveProbe {
                uci: Notation::uci_of(mv),
                san: Notation::san_after(pos, mv, s.checkmate, after.is_check()),
                zeroing: mv.is_zeroing(),
                conversion: mv.is_conversion(),
                after: facts.outcome(category),
            };
            moves.push((key, answer));
        }
        moves.sort_unstable_by_key(|m| m.0);
        let mut moves: Vec<MoveProbe> = moves.into_iter().map(|m| m.1).collect();
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
            rules: MaybeRulesBasis(None),
            halfmoves: pos.halfmoves(),
            side_to_move: match pos.turn() {
                shakmaty::Color::White => kpk::Color::White,
                shakmaty::Color::Black => kpk::Color::Black,
            },
            position: Position::Any(Box::new(pos.clone())),
        })
    }
}
