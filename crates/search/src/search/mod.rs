//! Iterative deepening negamax with principal variation search (or an MTD(f) driver) over
//! shakmaty's moves, using the transposition table of [`tt`](crate::tt), the endgame knowledge
//! of [`eval`](crate::eval) and scores of [`kpk_score`].
//!
//! **Mate distances** go through the table by one of two [`TtScheme`]s: `PlyDistance` counts
//! mates from the root (`Score::mated_in(ply)` at a mated node) and re-roots stored proofs with
//! the bound-aware 50-move guard; `DelayedLoss` stores path-independent scores and lets every
//! node give a losing proof one point back ([`kpk_score::delayed_loss`]), so entries need no
//! adjustment. Both report the same `mate N`.
//!
//! **Draws** by the 50-move rule, repetition (of the game's positions too), stalemate,
//! insufficient material and the endgame knowledge score the draw of the [`DrawPolicy`].
//!
//! **Limits** ([`Limits`]): depth, nodes, time, a mate distance, and a stop flag another thread
//! may raise ([`Searcher::stop_flag`]); they are checked every 1,024 nodes, and an iteration
//! cut short is discarded (its best move is kept only if it came from the table).
//!
//! ```
//! use kpk_score::Score;
//! use kpk_search::search::Searcher;
//! use shakmaty::{CastlingMode, Chess, fen::Fen};
//!
//! // White: Ka6, Qb1; Black: Ka8. Mate in one (Qb7#).
//! let pos: Chess = "k7/8/K7/8/8/8/8/1Q6 w - - 0 1".parse::<Fen>().unwrap()
//!     .into_position(CastlingMode::Standard).unwrap();
//! let mut searcher = Searcher::new(1);
//! let result = searcher.search(&pos, 3);
//! assert_eq!(result.score, Score::mate_in(1));
//! assert_eq!(result.best.unwrap().to().to_string(), "b7");
//! ```

//!
//! The search by job, as engines lay it out:
//!
//! | module | job |
//! |---|---|
//! | this one | the [`Searcher`] and its settings; what every node shares: the draw by rule, the table's probe and store, the tables' exact values below the root, the node count and the limits |
//! | `driver` | the root: iterative deepening, aspiration windows, MTD(f), multi-PV, the root answered from the tables, the reported lines |
//! | `node` | negamax with principal variation search and the selective pieces (razoring, null move, futility, late-move reductions, extensions) |
//! | `quiesce` | the quiescence search |
//! | `ordering` | the move-ordering memory (killers, countermoves, history) and the picker that hands a node's moves out best first |
//! | `syzygy` | Syzygy files: a root they hold answered from them, and the WDL of a position just reached by a capture or a pawn move below it |

mod driver;
mod node;
mod ordering;
mod plan;
mod quiesce;
mod syzygy;

pub use syzygy::Syzygy;

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use crate::clock::Instant;

use kpk_score::bands::KNOWN_LOSS_MAX;
use kpk_score::{Bound, BoundedScore, DrawPolicy, Grain, Score, delayed_loss};
use shakmaty::zobrist::Zobrist64;
use shakmaty::{Chess, EnPassantMode, Move, Position};

use crate::eval::{Knowledge, Verdict, evaluate};
use crate::selective::Selectivity;
use crate::tt::{PackedMove, Table};
use kpk_shakmaty::to_endgame;

use ordering::MoveOrder;

/// The deepest ply the search goes: below the score type's `MAX_PLY` (256), up to which mate
/// scores count their distance.
pub const MAX_SEARCH_PLY: u32 = 120;

/// How mate distances are kept through the transposition table.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum TtScheme {
    /// Mates counted in plies from the root, re-rooted on store and probe
    /// ([`BoundedScore::to_tt`], [`BoundedScore::from_tt`]).
    #[default]
    PlyDistance,
    /// H. G. Muller's delayed-loss bonus: scores are path-independent and stored as they are.
    DelayedLoss,
}

/// How each iteration finds the root's value.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum Driver {
    /// Principal variation search with the full window at the root.
    #[default]
    Pvs,
    /// MTD(f): null-window searches that close in on the value.
    Mtdf,
}

/// The settings of a [`Searcher`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct Options {
    /// How draws (and, for Cray Blitz, evaluations) are scored.
    pub draw: DrawPolicy,
    /// Evaluations rounded to this many centipawns ([`Score::coarsen`]); proofs never are.
    pub grain: Option<Grain>,
    /// Clamp every returned value into its window (fail-hard) instead of fail-soft.
    pub fail_hard: bool,
    /// How mate distances go through the table.
    pub scheme: TtScheme,
    /// What the search knows about endings of at most three men.
    pub knowledge: Knowledge,
    /// PVS or MTD(f).
    pub driver: Driver,
    /// Answer a root of at most three men from the tables (the best move and the exact mate
    /// distance the 50-move rule allows from the root's clock) instead of searching, like
    /// Syzygy root probing. Off by default: the
    /// tests and the conversion benchmark measure the search.
    pub root_dtm: bool,
    /// Probe the tables at every node below the root with at most three men: the exact value
    /// under the 50-move rule from the node's clock (a mate as its distance from the root,
    /// through [`kpk::dtm::Dtm::to_score`], so a longer position that converts into a known
    /// mate is reported as a mate; a draw, or a win the rule spoils, as the draw policy's draw)
    /// ends the line there. Off by default, like `root_dtm`; the UCI engine turns both on.
    pub tables: bool,
    /// How many lines each iteration reports (UCI `MultiPV`): the best, then the best with
    /// that first move excluded, and so on; 0 and 1 both mean one. The result is the first.
    pub multi_pv: u8,
    /// The selective pieces of the search ([`crate::selective`]): none by default (a
    /// full-width search whose value does not depend on the window); the UCI engine uses all.
    pub selectivity: Selectivity,
}

/// When a search stops: the first limit reached (none set: depth [`MAX_SEARCH_PLY`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct Limits {
    /// Deepest iteration.
    pub depth: Option<u8>,
    /// Nodes, checked every 1,024.
    pub nodes: Option<u64>,
    /// Wall-clock time for the whole search.
    pub time: Option<Duration>,
    /// Stop once a mate in at most this many moves is found.
    pub mate: Option<u32>,
}

/// What a search reports after each iteration (and, for MTD(f), after each pass).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Info {
    /// The iteration's depth.
    pub depth: u8,
    /// The deepest ply reached, quiescence included.
    pub seldepth: u32,
    /// The root's value for the side to move, in ply distance, as the draw policy reports it.
    pub score: Score,
    /// Whether `score` is exact or a bound (MTD(f) passes are bounds).
    pub bound: Bound,
    /// Nodes so far.
    pub nodes: u64,
    /// Time since the search started.
    pub time: Duration,
    /// Permille of the table in use.
    pub hashfull: u32,
    /// The principal variation, from the table.
    pub pv: Vec<Move>,
    /// Positions valued by a table so far (the embedded tables or the Syzygy files): UCI's
    /// `tbhits`.
    pub tbhits: u64,
    /// The line's rank when several are asked ([`Options::multi_pv`] above 1), from 1; `0`
    /// when one line is asked.
    pub multipv: u8,
}

/// What a search found.
#[derive(Clone, Debug)]
pub struct SearchResult {
    /// The root's value for the side to move, in ply distance (a mate is
    /// [`Score::mate_in`] under either scheme).
    pub score: Score,
    /// The best move, `None` when there is no legal move.
    pub best: Option<Move>,
    /// The principal variation (starts with `best` when there is one).
    pub pv: Vec<Move>,
    /// The depth of the last completed iteration, or of a stopped one whose mate this
    /// reports.
    pub depth: u8,
    /// The deepest ply reached.
    pub seldepth: u32,
    /// Nodes visited (all iterations).
    pub nodes: u64,
    /// Null-window searches made by MTD(f) (all iterations); `0` for PVS.
    pub passes: u32,
}

/// A searcher: the transposition table, the settings and the move-ordering memory that
/// outlive one search, and the state of the search under way.
#[derive(Clone, Debug)]
pub struct Searcher {
    tt: Table,
    options: Options,
    /// The limits, the node count and whether the search was stopped.
    budget: Budget,
    /// Keys of the game's positions before the root, then of the nodes from the root to the
    /// current node (for repetitions).
    path: Vec<u64>,
    /// `passed[ply]`: the node at `ply` was reached by a null move (no second pass follows).
    passed: Vec<bool>,
    ordering: MoveOrder,
    iteration: Iteration,
    /// The Syzygy files probed beyond three men, if any.
    syzygy: Option<Syzygy>,
}

/// A search under way: its limits, the flag another thread may raise, what it has spent.
#[derive(Clone, Debug)]
struct Budget {
    limits: Limits,
    start: Instant,
    stop: Arc<AtomicBool>,
    nodes: u64,
    /// Positions valued by a table.
    tbhits: u64,
    /// The deepest ply reached.
    seldepth: u32,
    /// Whether a limit or the stop flag ended the search.
    aborted: bool,
    /// Whether the search may be stopped yet (not before its first iteration is complete).
    can_abort: bool,
}

impl Budget {
    /// A search starting now under `limits`, stopped by `stop`.
    fn new(limits: Limits, stop: Arc<AtomicBool>) -> Budget {
        Budget {
            limits,
            start: Instant::now(),
            stop,
            nodes: 0,
            tbhits: 0,
            seldepth: 0,
            aborted: false,
            can_abort: false,
        }
    }
}

/// What one iteration of the root has learnt, made fresh for each iteration.
#[derive(Clone, Debug, Default)]
struct Iteration {
    /// The iteration's depth (check extensions stop at twice it).
    depth: u32,
    /// Whether some node was valued by an estimate a deeper iteration would replace (a
    /// stand-pat at the horizon, or a table entry); an iteration without one exhausted the
    /// tree, and deeper iterations would repeat it.
    horizon: bool,
    /// Whether a move was reduced or pruned (late-move reductions, null move, futility,
    /// razoring): the tree was not full width to its depth, so a mate found within that depth
    /// may not be the quickest.
    pruned: bool,
    /// Root moves a multi-PV line must not play (the first moves of the lines before it).
    excluded: Vec<Move>,
    /// The best root move of the last search of the root.
    best: Option<Move>,
    /// A mate for the side to move shown for one of the root moves (a lower bound on the
    /// root's value, raw), with the move: if the search is stopped before the iteration ends,
    /// this is reported instead of being thrown away.
    mate: Option<(Score, Move)>,
}

impl Iteration {
    /// The iteration at `depth`, nothing learnt yet.
    fn new(depth: u32) -> Iteration {
        Iteration { depth, ..Iteration::default() }
    }
}

/// The position's Zobrist key (the table's and the repetition test's).
#[must_use]
pub fn key(pos: &Chess) -> u64 {
    pos.zobrist_hash::<Zobrist64>(EnPassantMode::Legal).0
}

/// Losing proofs (known losses and mates against) lie below this; the delayed-loss bonus
/// applies to them only, so heuristic scores and draws are never shifted.
const LOSS_THRESHOLD: Score = Score::new(KNOWN_LOSS_MAX + 1);

impl Searcher {
    /// A searcher with a transposition table of `tt_mib` MiB and default [`Options`].
    #[must_use]
    pub fn new(tt_mib: usize) -> Searcher {
        Searcher {
            tt: Table::new(tt_mib),
            options: Options::default(),
            budget: Budget::new(Limits::default(), Arc::new(AtomicBool::new(false))),
            path: Vec::new(),
            passed: vec![false; MAX_SEARCH_PLY as usize + 2],
            ordering: MoveOrder::new(MAX_SEARCH_PLY as usize + 2),
            iteration: Iteration::default(),
            syzygy: None,
        }
    }

    /// The same searcher with these options.
    #[must_use]
    pub fn with_options(mut self, options: Options) -> Searcher {
        self.options = options;
        self
    }

    /// Rounds every evaluation to a multiple of `grain` centipawns ([`Score::coarsen`]; proofs
    /// are never rounded).
    #[must_use]
    pub fn with_grain(mut self, grain: Grain) -> Searcher {
        self.options.grain = Some(grain);
        self
    }

    /// Returns values clamped into the window (fail-hard) instead of the best value found
    /// (fail-soft, the default).
    #[must_use]
    pub fn with_fail_hard(mut self, fail_hard: bool) -> Searcher {
        self.options.fail_hard = fail_hard;
        self
    }

    /// The current options.
    #[must_use]
    pub fn options(&self) -> Options {
        self.options
    }

    /// Changes the options. The table is kept unless what its scores mean changes (the
    /// table scheme, the draw policy, the grain, the knowledge or the tables below the root):
    /// an entry stored under one scheme would be misread under another.
    pub fn set_options(&mut self, options: Options) {
        let meaning = |o: &Options| (o.scheme, o.draw, o.grain, o.knowledge, o.tables);
        if meaning(&options) != meaning(&self.options) {
            self.tt.clear();
        }
        self.options = options;
    }

    /// Replaces the table with an empty one of `mib` MiB.
    pub fn resize(&mut self, mib: usize) {
        self.tt = Table::new(mib);
    }

    /// Empties the table and the move-ordering memory (a new game).
    pub fn clear(&mut self) {
        self.tt.clear();
        self.ordering.clear();
    }

    /// The flag that stops a running search when set (from any thread). [`Searcher::run`]
    /// leaves it as it is (a stop that arrives before the search starts still stops it):
    /// lower it before the next search; [`Searcher::search`] lowers it itself.
    #[must_use]
    pub fn stop_flag(&self) -> Arc<AtomicBool> {
        Arc::clone(&self.budget.stop)
    }

    /// Searches `root` by iterative deepening up to `depth` plies with PVS (or the driver of
    /// the options, if it is MTD(f)).
    pub fn search(&mut self, root: &Chess, depth: u8) -> SearchResult {
        let limits = Limits { depth: Some(depth), ..Limits::default() };
        self.budget.stop.store(false, Ordering::Relaxed);
        self.run(root, &[], limits, &mut |_| {})
    }

    /// Searches `root` by iterative deepening up to `depth` plies with MTD(f): each depth is a
    /// sequence of null-window searches `(beta - 1, beta)` that close in on the value, starting
    /// from the previous depth's value.
    ///
    /// Every probe lies strictly inside the bounds known so far (`lower < beta <= upper`). A
    /// pass is trusted for the direction of its test only; its fail-soft value is clipped into
    /// the known bounds (see the rule on the driver below), so `lower <= upper` always holds,
    /// the bounds narrow at every pass, and the driver terminates even when the table makes a
    /// pass contradict an earlier one.
    pub fn search_mtdf(&mut self, root: &Chess, depth: u8) -> SearchResult {
        let saved = self.options.driver;
        self.options.driver = Driver::Mtdf;
        let result = self.search(root, depth);
        self.options.driver = saved;
        result
    }

    /// A root value as a ply-distance score.
    fn to_ply_distance(&self, raw: Score) -> Score {
        match self.options.scheme {
            TtScheme::PlyDistance => raw,
            TtScheme::DelayedLoss => delayed_loss::to_ply_distance(raw),
        }
    }

    fn check_limits(&mut self) {
        if !self.budget.can_abort {
            return;
        }
        let out_of_time = self.budget.limits.time.is_some_and(|t| self.budget.start.elapsed() >= t);
        let out_of_nodes = self.budget.limits.nodes.is_some_and(|n| self.budget.nodes >= n);
        if out_of_time || out_of_nodes || self.budget.stop.load(Ordering::Relaxed) {
            self.budget.aborted = true;
        }
    }

    fn bounded(&self, v: Score, alpha: Score, beta: Score) -> Score {
        if self.options.fail_hard { v.clamp(alpha, beta) } else { v }
    }

    fn delayed_loss(&self) -> bool {
        self.options.scheme == TtScheme::DelayedLoss
    }

    /// The ply the knowledge and the mate scores count from: the root's distance for
    /// ply-distance scores, none for the path-independent delayed-loss scores.
    fn score_ply(&self, ply: u32) -> u32 {
        if self.delayed_loss() { 0 } else { ply }
    }

    fn mated(&self, ply: u32) -> Score {
        Score::mated_in(self.score_ply(ply))
    }

    /// The static value of `pos` given the knowledge's verdict on it: the proven score, or the
    /// evaluation under the draw policy and grain.
    fn static_eval(&self, pos: &Chess, verdict: Verdict) -> Score {
        if let Verdict::Score(s) = verdict {
            return s;
        }
        let e = self.options.draw.eval(evaluate(pos));
        self.options.grain.map_or(e, |g| e.coarsen(g))
    }

    fn is_repetition(&self, k: u64, halfmoves: u32) -> bool {
        // the same position with the same side to move, since the last irreversible move
        let back = usize::try_from(halfmoves).unwrap_or(usize::MAX);
        self.path.iter().rev().take(back).skip(1).step_by(2).any(|&p| p == k)
    }

    /// The one draw test of the search: whether the rules end the line at this node, before
    /// any of its moves is searched. Never at the root (its moves are what is asked). A draw by
    /// insufficient material, by the 50-move rule (unless the move that reached the hundredth
    /// ply mated: checkmate comes first), by the knowledge's proven draw (`verdict`, asked last
    /// because it may cost a classification), and, where the node's key is given, by repetition
    /// of the path or the game. The quiescence search gives no key: its moves are captures,
    /// promotions and checks, and its positions are not on the path.
    fn drawn_by_rule(
        &self,
        pos: &Chess,
        ply: u32,
        repetition_key: Option<u64>,
        verdict: impl FnOnce() -> Verdict,
    ) -> bool {
        ply > 0
            && (pos.is_insufficient_material()
                || repetition_key.is_some_and(|k| self.is_repetition(k, pos.halfmoves()))
                || (pos.halfmoves() >= 100 && !pos.is_checkmate())
                || verdict() == Verdict::Draw)
    }

    fn probe(&self, k: u64, ply: u32, clock: u32, draw: Score) -> Option<crate::tt::Hit> {
        if !self.delayed_loss() {
            return self.tt.probe(k, ply, clock, draw);
        }
        // stored as found; the 50-move guard reads the distance in plies
        let mut hit = self.tt.probe_stored(k)?;
        let in_plies =
            BoundedScore::new(delayed_loss::to_ply_distance(hit.score.score), hit.score.bound);
        let guarded = BoundedScore::from_tt(in_plies, 0, clock, draw);
        if guarded != in_plies {
            hit.score = guarded;
        }
        Some(hit)
    }

    fn store(&mut self, k: u64, ply: u32, result: BoundedScore, depth: i32, mv: Option<Move>) {
        let depth = u8::try_from(depth.clamp(0, 255)).unwrap_or(u8::MAX);
        self.tt.store(k, self.score_ply(ply), result, depth, mv.and_then(PackedMove::of));
    }

    /// A child's value: the delayed-loss window shift and bonus wrap the node's own search.
    fn child(&mut self, pos: &Chess, depth: i32, ply: u32, alpha: Score, beta: Score) -> Score {
        if !self.delayed_loss() {
            return if depth <= 0 {
                self.quiesce(pos, depth, ply, alpha, beta)
            } else {
                self.negamax(pos, depth, ply, alpha, beta)
            };
        }
        let (a, b) = delayed_loss::enter(alpha, beta, LOSS_THRESHOLD);
        let v = if depth <= 0 {
            self.quiesce(pos, depth, ply, a, b)
        } else {
            self.negamax(pos, depth, ply, a, b)
        };
        delayed_loss::leave(v, LOSS_THRESHOLD)
    }

    fn count_node(&mut self, ply: u32) {
        self.budget.nodes += 1;
        self.budget.seldepth = self.budget.seldepth.max(ply);
        if self.budget.nodes & 1023 == 0 {
            self.check_limits();
        }
    }

    /// A table's value of a node below the root, counted as a table hit: the embedded
    /// tables' exact value for at most three men under the 50-move rule from its clock (where
    /// [`Options::tables`] is on), else the Syzygy files' WDL of a node just reached by a
    /// capture or a pawn move ([`Searcher::set_syzygy`]); `None` where no table answers.
    fn table_value(&mut self, pos: &Chess, ply: u32) -> Option<Score> {
        if ply == 0 {
            return None;
        }
        let exact = if self.options.tables { self.table_exact(pos, ply) } else { None };
        let value = exact.or_else(|| self.syzygy_value(pos, ply))?;
        self.budget.tbhits += 1;
        Some(value)
    }

    /// The tables' exact value of any node with at most three men at `ply` (see
    /// [`Options::tables`]); `None` for more men.
    fn table_exact(&self, pos: &Chess, ply: u32) -> Option<Score> {
        let draw = self.options.draw.draw(ply);
        Some(tables_mate(pos)?.map_or(draw, |m| {
            if self.delayed_loss() {
                // the delayed-loss form: a point per move of the losing side, from the node
                let moves = m.uci_mate_moves();
                let base = if moves > 0 { Score::MATE } else { Score::MATED };
                Score::new(base.get() - moves)
            } else {
                m.to_score(ply)
            }
        }))
    }
}

/// The embedded tables' mate of a position of at most three men under the 50-move rule from
/// its clock: `Some(Some(mate))` (the plain mate where it comes before the clock runs out, else
/// the quickest mate the rule allows), `Some(None)` where the position or the rule draws, `None`
/// for more than three men.
///
/// ```
/// use kpk_search::search::tables_mate;
/// use shakmaty::{CastlingMode, Chess, fen::Fen};
/// let at = |fen: &str| -> Chess {
///     fen.parse::<Fen>().unwrap().into_position(CastlingMode::Standard).unwrap()
/// };
/// let won = tables_mate(&at("4k3/8/4K3/4P3/8/8/8/8 w - - 0 1")).unwrap().unwrap();
/// assert!(won.is_win());
/// // the same position with 99 plies on the clock: the rule draws first
/// assert_eq!(tables_mate(&at("4k3/8/4K3/4P3/8/8/8/8 w - - 99 80")), Some(None));
/// assert_eq!(tables_mate(&Chess::default()), None);
/// ```
#[must_use]
pub fn tables_mate(pos: &Chess) -> Option<Option<kpk::dtm::Dtm>> {
    if pos.board().occupied().count() > 3 {
        return None;
    }
    let ending = to_endgame(pos)?;
    let clock = pos.halfmoves();
    let Some(d) = kpk::dtm::probe(&ending) else { return Some(None) };
    let fits = d.plies().unsigned_abs().saturating_add(clock) <= kpk::dtz::FIFTY_MOVES;
    // most positions: the plain mate fits before the clock runs out; otherwise the quickest
    // mate the rule allows, or the draw it imposes
    Some(if fits { Some(d) } else { kpk::dtz::dtm50(&ending, clock) })
}

#[cfg(test)]
mod tests {
    use shakmaty::fen::Fen;
    use shakmaty::{CastlingMode, Chess};

    /// A search under one table scheme followed by one under the other gives what a fresh
    /// searcher gives: changing the scheme empties the table (a ply-distance entry read as a
    /// delayed-loss score once made a mated-in-4 position report mate -7).
    #[test]
    fn changing_the_table_scheme_forgets_the_entries_of_the_other() {
        use crate::search::{Options, Searcher, TtScheme};
        use crate::selective::Selectivity;
        let fens = [
            "8/8/8/8/8/3k4/1K4p1/8 w - - 0 1",
            "8/2P5/8/8/8/3K4/8/6k1 w - - 0 1",
            "8/8/8/2Q5/8/4K3/k7/8 b - - 0 1",
            "8/4k3/8/4K3/8/8/8/7R w - - 0 1",
        ];
        let positions: Vec<Chess> = fens
            .iter()
            .map(|f| f.parse::<Fen>().unwrap().into_position(CastlingMode::Standard).unwrap())
            .collect();
        let options =
            |scheme| Options { scheme, selectivity: Selectivity::ALL, ..Options::default() };
        let mut reused = Searcher::new(32).with_options(options(TtScheme::PlyDistance));
        for pos in &positions {
            reused.search(pos, 11);
        }
        reused.set_options(options(TtScheme::DelayedLoss));
        let pos = &positions[0];
        let fresh = Searcher::new(32).with_options(options(TtScheme::DelayedLoss)).search(pos, 11);
        assert_eq!(fresh.score, kpk_score::Score::mated_in(8));
        assert_eq!(reused.search(pos, 11).score, fresh.score);
    }
}
