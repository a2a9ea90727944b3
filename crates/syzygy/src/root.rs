//! The root's moves ranked by the tables, as an engine plays a position the tables hold: each
//! move's result under the 50-move rule from the root's clock (as Stockfish's root ranking
//! classes them), then its distance to zeroing, so that the first move keeps the best result
//! and makes the quickest progress towards it (the DTZ-optimal move, as Fathom's root probe
//! and shakmaty-syzygy's `best_move` choose it, here with the clock counted).

use shakmaty::{Chess, Move, Position};
use shakmaty_syzygy::{AmbiguousWdl, Dtz, MaybeRounded};

use crate::error::ProbeError;
use crate::tables::Tablebases;

/// One legal move of a root and what it keeps, for the side to move at the root.
///
/// ```
/// use kpk_syzygy::{AmbiguousWdl, Dtz, Tablebases};
///
/// // KPK: Kd6 wins, and the pawn moves on the third ply
/// let pos = kpk_shakmaty::fen::parse_position("4k3/8/4K3/4P3/8/8/8/8 w - - 0 1").unwrap();
/// let ranked = Tablebases::new().rank_root_moves(&pos).unwrap();
/// assert_eq!(ranked[0].wdl, AmbiguousWdl::Win);
/// assert_eq!(ranked[0].dtz.precise(), Some(Dtz(3)));
/// assert_eq!(ranked[0].mv.to().to_string(), "d6");
/// ```
#[derive(Clone, Copy, Debug)]
pub struct RootMove {
    /// The move.
    pub mv: Move,
    /// The result the move keeps for the side to move, under the 50-move rule from the root's
    /// halfmove clock (ambiguous only where the file's rounding leaves it so).
    pub wdl: AmbiguousWdl,
    /// The root's distance to zeroing through this move, in plies and for the side to move
    /// (positive when it wins, negative when it loses, 0 for a draw): 1 for a zeroing move
    /// that keeps a win or a mate, the next position's DTZ plus this ply otherwise. Rounded as
    /// the file that gave it.
    pub dtz: MaybeRounded<Dtz>,
    /// Whether the move mates.
    pub checkmate: bool,
}

impl RootMove {
    /// The order of the ranking: the better result first; then, for a win the quicker
    /// zeroing (a mate first among equals), for a loss the slower, which both are the lower
    /// signed DTZ.
    fn key(&self) -> (core::cmp::Reverse<AmbiguousWdl>, i32, bool) {
        (core::cmp::Reverse(self.wdl), self.dtz.ignore_rounding().0, !self.checkmate)
    }
}

impl Tablebases {
    /// Every legal move of `pos` with the result and distance to zeroing it keeps, best first
    /// ([`RootMove`]): what an engine plays from a root the tables hold. Following the first
    /// move from every position wins every win the 50-move rule allows and holds every draw.
    /// Empty when `pos` has no legal move.
    ///
    /// ```
    /// use kpk_syzygy::{AmbiguousWdl, Tablebases};
    ///
    /// // a won KPK position with the clock at 98: no win is left; the moves that keep the
    /// // pawn's progress rank first among the draws
    /// let pos = kpk_shakmaty::fen::parse_position("4k3/8/4K3/4P3/8/8/8/8 w - - 98 80").unwrap();
    /// let ranked = Tablebases::new().rank_root_moves(&pos).unwrap();
    /// assert_eq!(ranked[0].wdl, AmbiguousWdl::CursedWin);
    /// ```
    ///
    /// # Errors
    ///
    /// As [`Tablebases::probe_dtz`], for the first position after a move that no table holds
    /// or whose file is damaged.
    pub fn rank_root_moves(&self, pos: &Chess) -> Result<Vec<RootMove>, ProbeError> {
        let mut ranked = Vec::new();
        for mv in pos.legal_moves() {
            let mut after = pos.clone();
            after.play_unchecked(mv);
            ranked.push(self.root_move(mv, &after, pos.halfmoves())?);
        }
        ranked.sort_by_key(RootMove::key);
        Ok(ranked)
    }

    /// What `mv` keeps, `after` the position it leads to and `halfmoves` the root's clock.
    fn root_move(&self, mv: Move, after: &Chess, halfmoves: u32) -> Result<RootMove, ProbeError> {
        if after.is_checkmate() {
            let dtz = MaybeRounded::Precise(Dtz(1));
            return Ok(RootMove { mv, wdl: AmbiguousWdl::Win, dtz, checkmate: true });
        }
        let dtz = if mv.is_zeroing() {
            // the clock starts again: the result of the position after it, exactly
            MaybeRounded::Precise(Dtz::before_zeroing(-self.probe_wdl_after_zeroing(after)?))
        } else {
            // one ply more than the opponent's distance
            (-self.probe_dtz(after)?).add_plies_saturating(1)
        };
        // counted from the root's clock; a rounded distance of exactly 100 plies may be 101
        // (shakmaty-syzygy reads a clock of 0 as a position just after zeroing, which the root
        // through a quiet move is not)
        let wdl = match dtz {
            MaybeRounded::Rounded(Dtz(100)) if halfmoves == 0 => AmbiguousWdl::MaybeWin,
            MaybeRounded::Rounded(Dtz(-100)) if halfmoves == 0 => AmbiguousWdl::MaybeLoss,
            _ => AmbiguousWdl::from_dtz_and_halfmoves(dtz, halfmoves),
        };
        Ok(RootMove { mv, wdl, dtz, checkmate: false })
    }
}
