//! Syzygy files in the search, as engines use them: a root the files hold is answered from
//! them (the moves ranked by the result they keep under the 50-move rule, then by distance to
//! zeroing, [`Tablebases::rank_root_moves`]); below the root, a position just reached by a
//! capture or a pawn move is ended by its WDL from the files, scored in the Score crate's
//! known-win band (a win the files prove without a distance to mate: never a mate score, never
//! an evaluation). A mate stays a mate, and three men stay with the embedded tables, which give
//! exact mates.

use std::sync::Arc;

use kpk_score::{Bound, Score};
use kpk_syzygy::{AmbiguousWdl, EMBEDDED_MEN, RootMove, Tablebases, Wdl};
use shakmaty::{Chess, Move, Position};

use super::{Info, MAX_SEARCH_PLY, SearchResult, Searcher};

/// The Syzygy files a [`Searcher`] probes, and the most men it probes them for.
///
/// ```
/// use std::sync::Arc;
/// use kpk_search::search::{Searcher, Syzygy};
/// use kpk_syzygy::Tablebases;
///
/// let mut tables = Tablebases::new();
/// # let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/../../../shared/syzygy");
/// # if std::path::Path::new(dir).is_dir() {
/// tables.add_directory(dir).unwrap(); // the KQvKR.rtbw, KQvKR.rtbz, ... files
/// let mut searcher = Searcher::new(16);
/// searcher.set_syzygy(Some(Syzygy { tables: Arc::new(tables), probe_limit: 7 }));
/// // KQ v KR: answered from the files, in the known-win band
/// let pos = kpk_shakmaty::fen::parse_position("8/8/8/8/8/2k5/1r6/K2Q4 w - - 0 1").unwrap();
/// let result = searcher.search(&pos, 4);
/// assert!(result.score.is_known_win() && result.nodes == 0);
/// # }
/// ```
#[derive(Clone, Debug)]
pub struct Syzygy {
    /// The files (and the embedded tables, which the search reads directly).
    pub tables: Arc<Tablebases>,
    /// The most men of a position the files are probed for (UCI `SyzygyProbeLimit`); the
    /// files' own largest ending bounds it too.
    pub probe_limit: usize,
}

impl Syzygy {
    /// Whether the files are to be probed for `pos`: more men than the embedded tables hold,
    /// at most the probe limit and the files' largest ending, and no castling right.
    fn holds(&self, pos: &Chess) -> bool {
        let men = pos.board().occupied().count();
        men > EMBEDDED_MEN
            && men <= self.probe_limit.min(self.tables.max_men())
            && !pos.castles().any()
    }
}

/// The value the search gives a root move the files rank, for the side that plays it: a mate
/// in one as such; a win or loss the 50-move rule leaves standing in the known-win band,
/// nearer its edge the quicker it zeroes; anything else (a draw, a win or loss the rule
/// spoils) the draw.
fn root_value(m: &RootMove, draw: Score) -> Score {
    if m.checkmate {
        return Score::mate_in(1);
    }
    let plies = m.dtz.ignore_rounding().0.unsigned_abs();
    match m.wdl {
        AmbiguousWdl::Win | AmbiguousWdl::MaybeWin => Score::known_win_in(plies),
        AmbiguousWdl::Loss | AmbiguousWdl::MaybeLoss => Score::known_loss_in(plies),
        _ => draw,
    }
}

impl Searcher {
    /// Probes these Syzygy files from now on (`None`: the embedded tables alone). The table is
    /// emptied when the files change: its entries were found with other knowledge. See
    /// [`Syzygy`] for an example.
    pub fn set_syzygy(&mut self, syzygy: Option<Syzygy>) {
        let same = match (&self.syzygy, &syzygy) {
            (Some(a), Some(b)) => {
                Arc::ptr_eq(&a.tables, &b.tables) && a.probe_limit == b.probe_limit
            }
            (None, None) => true,
            _ => false,
        };
        if !same {
            self.tt.clear();
        }
        self.syzygy = syzygy;
    }

    /// The Syzygy files probed, if any.
    ///
    /// ```
    /// assert!(kpk_search::search::Searcher::new(1).syzygy().is_none());
    /// ```
    #[must_use]
    pub fn syzygy(&self) -> Option<&Syzygy> {
        self.syzygy.as_ref()
    }

    /// The files' value of a node below the root reached by a capture or a pawn move (its
    /// clock at zero): the WDL under the 50-move rule, a win or loss in the known-win band at
    /// the node's distance from the root, a draw (or a win or loss the rule spoils) as the draw
    /// policy's. `None` where the files are not asked or do not hold the node, and for a
    /// checkmate (the search scores it as the mate it is).
    pub(super) fn syzygy_value(&self, pos: &Chess, ply: u32) -> Option<Score> {
        let syzygy = self.syzygy.as_ref()?;
        if pos.halfmoves() != 0 || !syzygy.holds(pos) || pos.is_checkmate() {
            return None;
        }
        let at = self.score_ply(ply);
        Some(match syzygy.tables.probe_wdl_after_zeroing(pos).ok()? {
            Wdl::Win => Score::known_win_in(at),
            Wdl::Loss => Score::known_loss_in(at),
            Wdl::CursedWin | Wdl::Draw | Wdl::BlessedLoss => self.options.draw.draw(ply),
        })
    }

    /// The files' answer for a root they hold: the first ranked move (the best result under
    /// the 50-move rule from the root's clock, then the quickest zeroing for a win, the
    /// slowest for a loss), its value ([`root_value`]) and, for a win or a loss, the line each
    /// side's first ranked move makes until a zeroing move ends it; with `MultiPV`, the other moves by their rank.
    /// `None` where the files do not hold the root (or a file the answer needs is missing or
    /// damaged: the search then answers).
    pub(super) fn root_from_syzygy(
        &mut self,
        root: &Chess,
        on_info: &mut dyn FnMut(&Info),
    ) -> Option<SearchResult> {
        let syzygy = self.syzygy.clone()?;
        if !syzygy.holds(root) {
            return None;
        }
        let ranked = syzygy.tables.rank_root_moves(root).ok()?;
        self.budget.tbhits += ranked.len() as u64;
        let best = ranked.first()?;
        let draw = self.options.draw.draw(0);
        let score = root_value(best, draw);
        // a draw's line would be any of many quiet moves: the move alone
        let pv = if score.is_decisive() {
            self.syzygy_line(&syzygy, root, best.mv)
        } else {
            vec![best.mv]
        };
        let lines = self.options.multi_pv.max(1);
        let mut info = self.info(1, score, Bound::Exact, pv.clone());
        info.multipv = u8::from(lines > 1);
        on_info(&info);
        for (rank, m) in (2..=lines).zip(&ranked[1..]) {
            let mut info = self.info(1, root_value(m, draw), Bound::Exact, vec![m.mv]);
            info.multipv = rank;
            on_info(&info);
        }
        let best = Some(best.mv);
        Some(SearchResult { score, best, pv, depth: 1, seldepth: 0, nodes: 0, passes: 0 })
    }

    /// The line from `root` that starts with `first`, then each side's first ranked move,
    /// until a zeroing move, a position the files do not hold, or the end of the game.
    fn syzygy_line(&mut self, syzygy: &Syzygy, root: &Chess, first: Move) -> Vec<Move> {
        let mut line = vec![first];
        let mut pos = root.clone();
        pos.play_unchecked(first);
        let mut zeroed = first.is_zeroing();
        while !zeroed && line.len() < MAX_SEARCH_PLY as usize && syzygy.holds(&pos) {
            let Ok(ranked) = syzygy.tables.rank_root_moves(&pos) else { break };
            self.budget.tbhits += ranked.len() as u64;
            let Some(next) = ranked.first() else { break };
            zeroed = next.mv.is_zeroing();
            pos.play_unchecked(next.mv);
            line.push(next.mv);
        }
        line
    }
}
