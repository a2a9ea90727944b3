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

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use kpk_score::bands::KNOWN_LOSS_MAX;
use kpk_score::{Bound, BoundedScore, DrawPolicy, Grain, Score, delayed_loss};
use shakmaty::zobrist::Zobrist64;
use shakmaty::{Bitboard, Chess, EnPassantMode, Move, MoveList, Position, Role};

use shakmaty::uci::UciMove;

use crate::eval::{Knowledge, Verdict, evaluate, material};
use crate::see::see;
use crate::selective::{
    ASPIRATION_WINDOW, CHECK_EXTENSION_REPLIES, DELTA_MARGIN, FIRST_REDUCED, FUTILITY_MARGIN,
    RAZOR_MARGIN, Selectivity, is_proof, late_move_reduction, may_pass, null_move_depth,
};
use crate::tt::{PackedMove, Promotion, Table};
use kpk_shakmaty::to_endgame;

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
/// outlive one search.
#[derive(Clone, Debug)]
pub struct Searcher {
    tt: Table,
    options: Options,
    stop: Arc<AtomicBool>,
    nodes: u64,
    seldepth: u32,
    /// Keys of the game's positions before the root, then of the nodes from the root to the
    /// current node (for repetitions).
    path: Vec<u64>,
    killers: Vec<[Option<Move>; 2]>,
    /// `counters[from][to]`: the quiet move that last refuted the move `from`-`to`.
    counters: Vec<[Option<Move>; 64]>,
    /// `played[ply]`: the move made at `ply` on the current line (`None` for a pass).
    played: Vec<Option<Move>>,
    history: Vec<[i32; 64]>,
    limits: Limits,
    start: Instant,
    aborted: bool,
    can_abort: bool,
    /// Whether the current iteration valued some node by an estimate a deeper iteration would
    /// replace (a stand-pat at the horizon, or a table entry); when an iteration ends without
    /// one, the tree is exhausted and deeper iterations would repeat it.
    horizon: bool,
    /// Whether the current iteration reduced or pruned a move (late-move reductions, null
    /// move, futility, razoring): its tree was not full width to its depth, so a mate it finds
    /// within that depth may not be the quickest.
    pruned: bool,
    /// The depth of the iteration under way (check extensions stop at twice it).
    root_depth: u32,
    /// Root moves a multi-PV line must not play (the first moves of the lines before it).
    root_excluded: Vec<Move>,
    /// The best root move of the last search of the root.
    root_best: Option<Move>,
    /// A mate for the side to move that the iteration under way has shown for one of the root
    /// moves (a lower bound on the root's value, raw), with the move: if the search is
    /// stopped before the iteration ends, this is reported instead of being thrown away.
    root_mate: Option<(Score, Move)>,
    /// `passed[ply]`: the node at `ply` was reached by a null move (no second pass follows).
    passed: Vec<bool>,
}

/// The position's Zobrist key (the table's and the repetition test's).
#[must_use]
pub fn key(pos: &Chess) -> u64 {
    pos.zobrist_hash::<Zobrist64>(EnPassantMode::Legal).0
}

fn pack(m: Move) -> Option<PackedMove> {
    let promotion = match m.promotion() {
        Some(Role::Knight) => Some(Promotion::Knight),
        Some(Role::Bishop) => Some(Promotion::Bishop),
        Some(Role::Rook) => Some(Promotion::Rook),
        Some(Role::Queen) => Some(Promotion::Queen),
        _ => None,
    };
    let from = m.from()?;
    Some(PackedMove::new(u8::from(from), u8::from(m.to()), promotion))
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
            stop: Arc::new(AtomicBool::new(false)),
            nodes: 0,
            seldepth: 0,
            path: Vec::new(),
            killers: vec![[None; 2]; MAX_SEARCH_PLY as usize + 2],
            counters: vec![[None; 64]; 64],
            played: vec![None; MAX_SEARCH_PLY as usize + 2],
            history: vec![[0; 64]; 64],
            limits: Limits::default(),
            start: Instant::now(),
            aborted: false,
            horizon: false,
            pruned: false,
            root_depth: 0,
            can_abort: false,
            root_excluded: Vec::new(),
            root_best: None,
            root_mate: None,
            passed: vec![false; MAX_SEARCH_PLY as usize + 2],
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
        self.history.iter_mut().for_each(|h| h.fill(0));
        self.killers.fill([None; 2]);
        self.counters.iter_mut().for_each(|c| c.fill(None));
    }

    /// The flag that stops a running search when set (from any thread). [`Searcher::run`]
    /// leaves it as it is (a stop that arrives before the search starts still stops it):
    /// lower it before the next search; [`Searcher::search`] lowers it itself.
    #[must_use]
    pub fn stop_flag(&self) -> Arc<AtomicBool> {
        Arc::clone(&self.stop)
    }

    /// Searches `root` by iterative deepening up to `depth` plies with PVS (or the driver of
    /// the options, if it is MTD(f)).
    pub fn search(&mut self, root: &Chess, depth: u8) -> SearchResult {
        let limits = Limits { depth: Some(depth), ..Limits::default() };
        self.stop.store(false, Ordering::Relaxed);
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

    /// Searches `root`, reached after the game positions whose keys are `history` (oldest
    /// first; repeating one of them is a draw), until a limit is reached or the stop flag is
    /// raised (see [`Searcher::stop_flag`]). `on_info` hears of every completed iteration (and MTD(f) pass).
    pub fn run(
        &mut self,
        root: &Chess,
        history: &[u64],
        limits: Limits,
        on_info: &mut dyn FnMut(&Info),
    ) -> SearchResult {
        self.tt.new_search();
        self.start = Instant::now();
        self.limits = limits;
        self.nodes = 0;
        self.seldepth = 0;
        self.aborted = false;
        self.can_abort = false;
        let max_depth = limits.depth.map_or(MAX_SEARCH_PLY, u32::from).clamp(1, MAX_SEARCH_PLY);
        let legal = root.legal_moves();
        let mut result = SearchResult {
            score: Score::ZERO,
            best: legal.first().copied(),
            pv: legal.first().copied().into_iter().collect(),
            depth: 0,
            seldepth: 0,
            nodes: 0,
            passes: 0,
        };
        if self.options.root_dtm
            && let Some(answer) = self.root_from_tables(root, on_info)
        {
            return answer;
        }
        let mut guess = Score::ZERO;
        // the last mate reported, with its line: a deeper iteration that finds the same adds
        // nothing and is not reported again (the search goes on: it may find a quicker mate)
        let mut reported_mate: Option<(Score, Vec<Move>)> = None;
        for d in 1..=max_depth {
            let d8 = u8::try_from(d).unwrap_or(u8::MAX);
            self.path.clear();
            self.path.extend_from_slice(history);
            self.horizon = false;
            self.pruned = false;
            self.root_mate = None;
            self.root_depth = d;
            let raw = match self.options.driver {
                Driver::Pvs => self.aspirated(root, d.cast_signed(), guess),
                Driver::Mtdf => self.mtdf(root, d8, guess, &mut result.passes, on_info),
            };
            if self.aborted {
                self.stopped_on_a_mate(root, d8, &mut result, on_info);
                break;
            }
            guess = raw;
            let score = self.to_ply_distance(raw);
            let pv = self.principal_variation(root, d + 8);
            result = SearchResult {
                score,
                best: pv.first().copied().or(result.best),
                pv: if pv.is_empty() { result.pv } else { pv },
                depth: d8,
                seldepth: self.seldepth,
                nodes: self.nodes,
                passes: result.passes,
            };
            if self.options.multi_pv > 1 && !legal.is_empty() {
                // every line of the iteration, reported best first: with the table and the
                // selective pieces a later line's search can find more than an earlier one
                let mut lines = vec![(score, result.pv.clone())];
                self.more_lines(root, history, d, &result, &mut lines);
                lines.sort_by_key(|(s, _)| core::cmp::Reverse(*s));
                for (rank, (s, pv)) in (1..).zip(&lines) {
                    let mut info = self.info(d8, *s, Bound::Exact, pv.clone());
                    info.multipv = rank;
                    on_info(&info);
                }
                result.score = lines[0].0;
                result.best = lines[0].1.first().copied().or(result.best);
                result.pv = lines.swap_remove(0).1;
                if self.aborted {
                    break;
                }
            } else {
                let same_mate =
                    reported_mate.as_ref().is_some_and(|(s, pv)| *s == score && *pv == result.pv);
                if !same_mate {
                    on_info(&self.info(d8, score, Bound::Exact, result.pv.clone()));
                }
            }
            reported_mate = result.score.mate().map(|_| (result.score, result.pv.clone()));
            self.can_abort = true;
            // an exhausted tree (every line ended in a position decided exactly: mate,
            // stalemate, a draw by rule or by the endgame knowledge) gives the same answer at
            // every depth: a drawn KPK root answers at depth 1, not 120 times
            if legal.is_empty() || !self.horizon || self.done_after_iteration(score, d) {
                break;
            }
        }
        result.nodes = self.nodes;
        result
    }

    /// A search stopped during the iteration at `depth` after one of the root's moves was
    /// shown to mate: that mate, a lower bound on the root's value (it is real: no piece of
    /// the selective search skips a defence at a proof bound), replaces a lesser result and is
    /// reported, so the nodes spent finding it are not lost.
    fn stopped_on_a_mate(
        &mut self,
        root: &Chess,
        depth: u8,
        result: &mut SearchResult,
        on_info: &mut dyn FnMut(&Info),
    ) {
        let Some((raw, m)) = self.root_mate else { return };
        let score = self.to_ply_distance(raw);
        if score <= result.score {
            return;
        }
        let pv = self.line_from(root, m, u32::from(depth) + 7);
        *result = SearchResult {
            score,
            best: Some(m),
            pv,
            depth,
            seldepth: self.seldepth,
            nodes: self.nodes,
            passes: result.passes,
        };
        on_info(&self.info(depth, score, Bound::Lower, result.pv.clone()));
    }

    /// One PVS iteration at `depth`: with aspiration windows on, from depth 4 and a heuristic
    /// `guess`, a window of [`ASPIRATION_WINDOW`] around it, four times wider after each
    /// failure, and the full window once it would span 1,000 centipawns or the guess is a
    /// proof; otherwise the full window at once.
    fn aspirated(&mut self, root: &Chess, depth: i32, guess: Score) -> Score {
        let full = (Score::NEG_INFINITE, Score::INFINITE);
        let aspire = self.options.selectivity.aspiration && depth >= 4 && guess.is_heuristic();
        let mut width = ASPIRATION_WINDOW;
        let (mut alpha, mut beta) = if aspire {
            (Score::eval(guess.get() - width), Score::eval(guess.get() + width))
        } else {
            full
        };
        loop {
            let v = self.negamax(root, depth, 0, alpha, beta);
            if self.aborted || (alpha < v && v < beta) || (alpha, beta) == full {
                return v;
            }
            width *= 4;
            if width >= 500 {
                (alpha, beta) = full;
            } else if v <= alpha {
                // a window bound at the edge of the evaluations lets a proof through
                alpha = if v.is_heuristic() { Score::eval(v.get() - width) } else { full.0 };
            } else {
                beta = if v.is_heuristic() { Score::eval(v.get() + width) } else { full.1 };
            }
            // an evaluation bound at the band's edge would hide a proof beyond it
            if alpha == Score::EVAL_MIN {
                alpha = full.0;
            }
            if beta == Score::EVAL_MAX {
                beta = full.1;
            }
        }
    }

    /// The lines after the first of a multi-PV iteration at depth `d`: each a full-window
    /// search of the root with the first moves of the lines before it excluded, added to
    /// `lines` (value and line), until [`Options::multi_pv`] lines or the legal moves are used
    /// up, or the search is stopped.
    fn more_lines(
        &mut self,
        root: &Chess,
        history: &[u64],
        d: u32,
        first: &SearchResult,
        lines: &mut Vec<(Score, Vec<Move>)>,
    ) {
        let legal = root.legal_moves().len();
        self.root_excluded = first.best.into_iter().collect();
        for _ in 2..=self.options.multi_pv {
            if self.root_excluded.len() >= legal {
                break;
            }
            self.path.clear();
            self.path.extend_from_slice(history);
            self.root_best = None;
            let raw = self.negamax(root, d.cast_signed(), 0, Score::NEG_INFINITE, Score::INFINITE);
            let Some(best) = self.root_best.filter(|_| !self.aborted) else { break };
            let pv = self.line_from(root, best, d + 7);
            lines.push((self.to_ply_distance(raw), pv));
            self.root_excluded.push(best);
        }
        self.root_excluded.clear();
    }

    /// The tables' answer for a root of at most three men, under the 50-move rule from the
    /// root's clock: the quickest mate the rule allows ([`kpk::dtz::dtm50`]) with its line and
    /// exact mate score; where the rule or the position draws, the draw policy's draw and the
    /// DTZ-optimal move (a cursed win still presses, a drawn position keeps its draw).
    fn root_from_tables(
        &mut self,
        root: &Chess,
        on_info: &mut dyn FnMut(&Info),
    ) -> Option<SearchResult> {
        let ending = to_endgame(root)?;
        let clock = root.halfmoves();
        let mate = kpk::dtz::dtm50(&ending, clock);
        let line: Vec<kpk::Move> = match mate {
            Some(_) => kpk::dtz::line50(&ending, clock).iter().map(|o| o.mv).collect(),
            None => kpk::dtz::outcomes(&ending).next().map(|o| o.mv).into_iter().collect(),
        };
        let mut pv = Vec::new();
        let mut pos = root.clone();
        for mv in line.into_iter().take(usize::try_from(MAX_SEARCH_PLY).unwrap_or(usize::MAX)) {
            let uci = mv.to_string();
            let Some(found) = pos
                .legal_moves()
                .into_iter()
                .find(|c| UciMove::from_standard(*c).to_string() == uci)
            else {
                break;
            };
            pos.play_unchecked(found);
            pv.push(found);
        }
        let score = match mate {
            Some(d) if d.plies() > 0 => Score::mate_in(d.plies().unsigned_abs()),
            Some(d) if d.plies() < 0 => Score::mated_in(d.plies().unsigned_abs()),
            Some(_) => Score::mated_in(0),
            None => self.options.draw.draw(0),
        };
        let best = pv.first().copied().or_else(|| root.legal_moves().first().copied());
        let lines = self.options.multi_pv.max(1);
        let mut info = self.info(1, score, Bound::Exact, pv.clone());
        info.multipv = u8::from(lines > 1);
        on_info(&info);
        if lines > 1 {
            // the other moves by their exact values, best first, each with its first move
            let mut others: Vec<(Score, Move)> = root
                .legal_moves()
                .into_iter()
                .filter(|m| Some(*m) != best)
                .filter_map(|m| {
                    let mut after = root.clone();
                    after.play_unchecked(m);
                    let v = self.table_exact(&after, 1)?;
                    Some((self.to_ply_distance(-v), m))
                })
                .collect();
            others.sort_by_key(|&(v, _)| core::cmp::Reverse(v));
            for (rank, (v, m)) in (2..=lines).zip(others) {
                let mut info = self.info(1, v, Bound::Exact, vec![m]);
                info.multipv = rank;
                on_info(&info);
            }
        }
        Some(SearchResult { score, best, pv, depth: 1, seldepth: 0, nodes: 0, passes: 0 })
    }

    fn info(&self, depth: u8, score: Score, bound: Bound, pv: Vec<Move>) -> Info {
        Info {
            depth,
            // an iteration of depth d looks d plies ahead at least, even where it stops early
            // (a root answered by the tables, a line cut by a table value)
            seldepth: self.seldepth.max(u32::from(depth)),
            score: self.options.draw.report(score),
            bound,
            nodes: self.nodes,
            time: self.start.elapsed(),
            hashfull: self.tt.hashfull(),
            pv,
            multipv: 0,
        }
    }

    /// Whether a completed iteration ends the search.
    fn done_after_iteration(&self, score: Score, depth: u32) -> bool {
        if let Some(m) = score.mate() {
            // a mate within the horizon of a full-width iteration: deeper iterations cannot
            // shorten it (after reductions or pruning they may)
            if m.plies() <= depth && !self.pruned {
                return true;
            }
            if let (Some(limit), Some(n)) = (self.limits.mate, score.uci_mate_moves())
                && n > 0
                && n.unsigned_abs() <= limit
            {
                return true;
            }
        }
        // the next iteration takes longer than all before it: do not start what cannot end
        self.limits.time.is_some_and(|t| self.start.elapsed() * 2 > t)
    }

    /// One MTD(f) iteration: null-window passes `(beta - 1, beta)` from `guess` until the
    /// bounds `lower` and `upper` on the root's value meet.
    ///
    /// **The rule for passes that contradict each other.** With a transposition table the
    /// passes are not searches of one fixed tree: an entry of greater depth than the pass
    /// needs (the usual cause), an entry replaced between passes, or a result that depends on
    /// what the key does not hold (the path for repetition draws, the ply for Cray Blitz
    /// draws, the halfmove clock for the 50-move rule and its guard) can make a pass return a
    /// fail-soft value beyond a bound an earlier pass proved: a fail low below `lower`, a fail
    /// high above `upper`. So a pass is trusted only for the direction of its test, and its
    /// magnitude is clipped into the bounds already known:
    ///
    /// - fail high (`g >= beta`): `lower = max(beta, min(g, upper))`;
    /// - fail low (`g < beta`): `upper = min(beta - 1, max(g, lower))`.
    ///
    /// Since every probe satisfies `lower < beta <= upper`, both updates keep
    /// `lower <= upper` and move one bound strictly past its old place, so the interval
    /// narrows at every pass and the loop ends. When the passes are consistent the clipping
    /// changes nothing, and the result is the value a full-window search finds.
    fn mtdf(
        &mut self,
        root: &Chess,
        depth: u8,
        guess: Score,
        passes: &mut u32,
        on_info: &mut dyn FnMut(&Info),
    ) -> Score {
        let (mut lower, mut upper) = (Score::NEG_INFINITE, Score::INFINITE);
        let mut guess = guess;
        while lower < upper {
            // a probe strictly above the lower bound and not above the upper one
            let beta = guess.max(lower.checked_add(1).unwrap_or(upper)).min(upper);
            let below = beta.checked_sub(1).unwrap_or(beta);
            let g = self.negamax(root, i32::from(depth), 0, below, beta);
            if self.aborted {
                return lower;
            }
            *passes += 1;
            // the rule above: the test's direction is kept, g is clipped into the known bounds
            let bound = if g < beta {
                upper = g.max(lower).min(below);
                Bound::Upper
            } else {
                lower = g.min(upper).max(beta);
                Bound::Lower
            };
            debug_assert!(lower <= upper, "{lower:?} > {upper:?} after g = {g:?} at {beta:?}");
            guess = g.clamp(lower, upper);
            if lower < upper {
                let reported = if bound == Bound::Upper { upper } else { lower };
                let pv = self.principal_variation(root, u32::from(depth));
                on_info(&self.info(depth, self.to_ply_distance(reported), bound, pv));
            }
        }
        lower
    }

    /// A root value as a ply-distance score.
    fn to_ply_distance(&self, raw: Score) -> Score {
        match self.options.scheme {
            TtScheme::PlyDistance => raw,
            TtScheme::DelayedLoss => delayed_loss::to_ply_distance(raw),
        }
    }

    /// The line that starts with the root move `m`, then follows the table for at most
    /// `max_len` more moves.
    fn line_from(&self, root: &Chess, m: Move, max_len: u32) -> Vec<Move> {
        let mut after = root.clone();
        after.play_unchecked(m);
        let mut line = vec![m];
        line.extend(self.principal_variation(&after, max_len));
        line
    }

    /// The moves the table holds from the root on, as long as they are legal and do not
    /// repeat a position.
    fn principal_variation(&self, root: &Chess, max_len: u32) -> Vec<Move> {
        let mut pv = Vec::new();
        let mut pos = root.clone();
        let mut seen = vec![key(root)];
        while pv.len() < max_len as usize {
            let Some(stored) = self.tt.probe_stored(key(&pos)).and_then(|h| h.mv) else { break };
            let Some(m) = pos.legal_moves().into_iter().find(|&m| pack(m) == Some(stored)) else {
                break;
            };
            pos.play_unchecked(m);
            pv.push(m);
            let k = key(&pos);
            if seen.contains(&k) {
                break;
            }
            seen.push(k);
        }
        pv
    }

    fn check_limits(&mut self) {
        if !self.can_abort {
            return;
        }
        let out_of_time = self.limits.time.is_some_and(|t| self.start.elapsed() >= t);
        let out_of_nodes = self.limits.nodes.is_some_and(|n| self.nodes >= n);
        if out_of_time || out_of_nodes || self.stop.load(Ordering::Relaxed) {
            self.aborted = true;
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

    /// A draw that ends the line before any move is searched, if there is one.
    fn draw_before_search(&self, pos: &Chess, k: u64, ply: u32) -> bool {
        if ply == 0 {
            return false;
        }
        pos.is_insufficient_material()
            || self.is_repetition(k, pos.halfmoves())
            || (pos.halfmoves() >= 100 && !pos.is_checkmate())
            || self.options.knowledge.verdict(pos, 0) == Verdict::Draw
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
        self.tt.store(k, self.score_ply(ply), result, depth, mv.and_then(pack));
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
        self.nodes += 1;
        self.seldepth = self.seldepth.max(ply);
        if self.nodes & 1023 == 0 {
            self.check_limits();
        }
    }

    /// The tables' exact value of a node below the root with at most three men, under the
    /// 50-move rule from its clock; `None` where the tables are off or do not hold it.
    fn table_value(&self, pos: &Chess, ply: u32) -> Option<Score> {
        if !self.options.tables || ply == 0 {
            return None;
        }
        self.table_exact(pos, ply)
    }

    /// The tables' exact value of any node with at most three men at `ply` (see
    /// [`Options::tables`]); `None` for more men.
    fn table_exact(&self, pos: &Chess, ply: u32) -> Option<Score> {
        if pos.board().occupied().count() > 3 {
            return None;
        }
        let ending = to_endgame(pos)?;
        let clock = pos.halfmoves();
        let draw = self.options.draw.draw(ply);
        let Some(d) = kpk::dtm::probe(&ending) else { return Some(draw) };
        let fits = d.plies().unsigned_abs().saturating_add(clock) <= kpk::dtz::FIFTY_MOVES;
        // most positions: the plain mate fits before the clock runs out; otherwise the
        // quickest mate the rule allows, or the draw it imposes
        let mate = if fits { Some(d) } else { kpk::dtz::dtm50(&ending, clock) };
        Some(mate.map_or(draw, |m| {
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

    fn negamax(&mut self, pos: &Chess, depth: i32, ply: u32, alpha: Score, beta: Score) -> Score {
        self.count_node(ply);
        if self.aborted {
            return Score::ZERO;
        }
        let k = key(pos);
        let draw = self.options.draw.draw(ply);
        let (window_alpha, window_beta) = (alpha, beta);
        if self.draw_before_search(pos, k, ply) {
            return self.bounded(draw, window_alpha, window_beta);
        }
        if let Some(exact) = self.table_value(pos, ply) {
            return self.bounded(exact, window_alpha, window_beta);
        }
        let (alpha, beta) = if self.delayed_loss() {
            (alpha, beta)
        } else {
            // mate distance pruning: no line from here beats a mate at the next ply
            (alpha.max(Score::mated_in(ply)), beta.min(Score::mate_in(ply + 1)))
        };
        if alpha >= beta {
            return self.bounded(alpha, window_alpha, window_beta);
        }
        if ply >= MAX_SEARCH_PLY {
            return self.quiesce(pos, -1, ply, alpha, beta);
        }
        let hit = self.probe(k, ply, pos.halfmoves(), draw);
        if let Some(h) = hit
            && ply > 0
            && i32::from(h.depth) >= depth
            && h.score.cuts(alpha, beta)
        {
            // the entry may come from a search with a horizon
            self.horizon = true;
            return self.bounded(h.score.score, window_alpha, window_beta);
        }
        let mut moves = pos.legal_moves();
        if moves.is_empty() {
            let end = if pos.is_check() { self.mated(ply) } else { draw };
            return self.bounded(end, window_alpha, window_beta);
        }
        let in_check = pos.is_check();
        let sel = self.options.selectivity;
        // a forced reply costs nothing to look at more deeply, and mating lines are made of
        // them (at any ply: the line gains depth, never width)
        let single_reply = sel.single_reply_extension && moves.len() == 1;
        let depth = depth + i32::from(single_reply);
        // the selective pieces prune only at null-window nodes below the root whose bounds
        // are no proofs, and never in check
        let prunable = ply > 0
            && beta.get() - alpha.get() == 1
            && !in_check
            && !is_proof(alpha)
            && !is_proof(beta)
            && (sel.null_move || sel.futility);
        let eval = prunable.then(|| self.static_eval(pos, Verdict::Unknown));
        if let Some(v) = self.razor(pos, depth, ply, alpha, beta, eval) {
            return self.bounded(v, window_alpha, window_beta);
        }
        let pass = self.null_move(pos, k, depth, ply, beta, eval);
        if let NullMove::Cut(v) = pass {
            return self.bounded(v, window_alpha, window_beta);
        }
        // passing lost to a mate: the threat deserves a deeper look
        let threatened =
            sel.threat_extension && pass == NullMove::MateThreat && ply < 2 * self.root_depth;
        let depth = depth + i32::from(threatened);
        let futile = sel.futility
            && depth == 1
            && eval.is_some_and(|e| e.get() + FUTILITY_MARGIN <= alpha.get());
        let mut picker = self.order(pos, &moves, hit.and_then(|h| h.mv), ply);
        // internal iterative reduction: a node the table knows no move for is searched a ply
        // shallower (the next iteration finds it with a move to try first)
        let unknown = sel.internal_reduction && depth >= 4 && hit.and_then(|h| h.mv).is_none();
        let depth = depth - i32::from(unknown);
        self.path.push(k);
        let (original_alpha, mut alpha) = (alpha, alpha);
        let (mut best, mut best_move) = (Score::NEG_INFINITE, None);
        let excluding = ply == 0 && !self.root_excluded.is_empty();
        let mut searched = 0;
        while let Some(m) = picker.next(&mut moves) {
            if excluding && self.root_excluded.contains(&m) {
                continue;
            }
            let mut next = pos.clone();
            next.play_unchecked(m);
            self.note_played(ply, m);
            let gives_check = next.is_check();
            let quiet = !m.is_capture() && !m.is_promotion() && !gives_check;
            if futile && searched > 0 && quiet {
                // futility pruning: this move cannot lift the value to alpha
                let ceiling = eval.map_or(alpha, |e| Score::eval(e.get() + FUTILITY_MARGIN));
                best = best.max(ceiling.min(alpha));
                self.horizon = true;
                self.pruned = true;
                continue;
            }
            // a check the other side can barely answer, on a line not yet extended beyond
            // twice the iteration's depth
            let extend = sel.check_extension
                && gives_check
                && ply < 2 * self.root_depth
                && next.legal_moves().len() <= CHECK_EXTENSION_REPLIES;
            let depth_after = depth - 1 + i32::from(extend);
            let first = searched == 0;
            searched += 1;
            let score = if first {
                -self.child(&next, depth_after, ply + 1, -beta, -alpha)
            } else {
                // a null window first: most moves only need to be shown no better
                let probe = alpha.checked_add(1).unwrap_or(alpha);
                let reduce = sel.late_move_reductions
                    && searched > FIRST_REDUCED
                    && depth >= 3
                    && !in_check
                    && quiet
                    && !self.killers[ply as usize].contains(&Some(m));
                let mut s = if reduce {
                    // a late quiet move, searched shallower; searched again if it beats alpha
                    let r = late_move_reduction(depth, searched - 1);
                    self.horizon = true;
                    self.pruned = true;
                    -self.child(&next, depth_after - r, ply + 1, -probe, -alpha)
                } else {
                    -self.child(&next, depth_after, ply + 1, -probe, -alpha)
                };
                if reduce && s > alpha && !self.aborted {
                    s = -self.child(&next, depth_after, ply + 1, -probe, -alpha);
                }
                if s > alpha && s < beta && !self.aborted {
                    -self.child(&next, depth_after, ply + 1, -beta, -alpha)
                } else {
                    s
                }
            };
            if self.aborted {
                self.path.pop();
                return Score::ZERO;
            }
            if score > best {
                (best, best_move) = (score, Some(m));
            }
            if ply == 0 && score > alpha && !excluding && self.to_ply_distance(score).is_mate() {
                self.root_mate = Some((score, m));
            }
            if score > alpha {
                alpha = score;
            }
            if alpha >= beta {
                self.remember_cutoff(m, ply, depth);
                if !m.is_capture() && !m.is_promotion() {
                    // the quiet moves tried before it lose the history it gains
                    for &q in &moves[..picker.picked() - 1] {
                        if !q.is_capture()
                            && !q.is_promotion()
                            && let Some(from) = q.from()
                        {
                            let h = &mut self.history[usize::from(from)][usize::from(q.to())];
                            *h = (*h - depth * depth).max(-(1 << 20));
                        }
                    }
                }
                break;
            }
        }
        self.path.pop();
        if ply == 0 {
            self.root_best = best_move;
        }
        if !excluding {
            // a root searched without some of its moves is not the root's value
            let result = BoundedScore::from_window(best, original_alpha, beta);
            self.store(k, ply, result, depth, best_move);
        }
        self.bounded(best, original_alpha, beta)
    }

    /// Razoring: at depth 2 or less, a static value (`eval`, given at prunable nodes only) so
    /// far below alpha that only the quiescence search could save the node; if it does not,
    /// its value settles the node.
    fn razor(
        &mut self,
        pos: &Chess,
        depth: i32,
        ply: u32,
        alpha: Score,
        beta: Score,
        eval: Option<Score>,
    ) -> Option<Score> {
        let margin = *RAZOR_MARGIN.get(usize::try_from(depth).ok()?)?;
        let e = eval?;
        if !self.options.selectivity.futility || e.get() + margin >= alpha.get() {
            return None;
        }
        let v = self.quiesce(pos, 0, ply, alpha, beta);
        self.horizon = true;
        self.pruned |= v <= alpha;
        (v <= alpha || self.aborted).then_some(if self.aborted { Score::ZERO } else { v })
    }

    /// Null-move pruning (see [`crate::selective`]): the node fails high without searching
    /// its moves when passing, searched [`null_move_depth`] deep, still holds `beta`. Returns
    /// the value to cut with (never a proof: a pass proves nothing), or whether the pass was
    /// answered by a mate (or a known win) against the side that passed.
    fn null_move(
        &mut self,
        pos: &Chess,
        k: u64,
        depth: i32,
        ply: u32,
        beta: Score,
        eval: Option<Score>,
    ) -> NullMove {
        let ply_index = ply as usize;
        if !self.options.selectivity.null_move
            || depth < 3
            || eval.is_none_or(|e| e < beta)
            || self.passed[ply_index]
            || !may_pass(pos)
        {
            return NullMove::NoCut;
        }
        let (Ok(passed), Some(below)) = (pos.clone().swap_turn(), beta.checked_sub(1)) else {
            return NullMove::NoCut;
        };
        self.path.push(k);
        self.played[ply_index] = None;
        self.passed[ply_index + 1] = true;
        let v = -self.child(&passed, null_move_depth(depth), ply + 1, -beta, -below);
        self.passed[ply_index + 1] = false;
        self.path.pop();
        if self.aborted {
            return NullMove::Cut(Score::ZERO);
        }
        self.horizon = true;
        if v >= beta {
            self.pruned = true;
            NullMove::Cut(if v.is_heuristic() { v } else { beta })
        } else if v < LOSS_THRESHOLD {
            NullMove::MateThreat
        } else {
            NullMove::NoCut
        }
    }

    /// The quiescence search; at its first ply (`depth` 0), with the check extension on, quiet
    /// moves that give check are searched too, so a mate just past the horizon is seen.
    fn quiesce(&mut self, pos: &Chess, depth: i32, ply: u32, alpha: Score, beta: Score) -> Score {
        self.count_node(ply);
        if self.aborted {
            return Score::ZERO;
        }
        let original_alpha = alpha;
        let draw = self.options.draw.draw(ply);
        if let Some(exact) = self.table_value(pos, ply) {
            return self.bounded(exact, original_alpha, beta);
        }
        let in_check = pos.is_check();
        let evasions = in_check.then(|| pos.legal_moves());
        if evasions.as_ref().is_some_and(MoveList::is_empty) {
            return self.bounded(self.mated(ply), original_alpha, beta);
        }
        // one verdict serves the draw test and the stand-pat score
        let verdict = self.options.knowledge.verdict(pos, self.score_ply(ply));
        if pos.is_insufficient_material()
            || (pos.halfmoves() >= 100 && ply > 0)
            || (ply > 0 && verdict == Verdict::Draw)
        {
            return self.bounded(draw, original_alpha, beta);
        }
        // from here the value rests on an estimate that a deeper search would replace
        self.horizon = true;
        // the table: any entry is as deep as the quiescence search
        let table = self.options.selectivity.quiescence_table;
        let k = if table { key(pos) } else { 0 };
        let hit = if table { self.probe(k, ply, pos.halfmoves(), draw) } else { None };
        if let Some(h) = hit
            && h.score.cuts(alpha, beta)
        {
            return self.bounded(h.score.score, original_alpha, beta);
        }
        let mut best = if in_check { self.mated(ply) } else { self.static_eval(pos, verdict) };
        if best >= beta || ply >= MAX_SEARCH_PLY {
            return self.bounded(best, original_alpha, beta);
        }
        let mut alpha = alpha.max(best);
        // in check every evasion; otherwise only captures and queen promotions, generated only
        // now that the stand-pat score has not settled the node (a stalemate is not looked for
        // here: the stand-pat score is an estimate anyway)
        let mut moves = evasions.unwrap_or_else(|| {
            let mut tactical = pos.capture_moves();
            tactical.extend(
                pos.promotion_moves()
                    .into_iter()
                    .filter(|m| !m.is_capture() && m.promotion() == Some(Role::Queen)),
            );
            if depth == 0 && self.options.selectivity.check_extension {
                tactical.extend(
                    pos.legal_moves()
                        .into_iter()
                        .filter(|&m| !m.is_capture() && !m.is_promotion() && gives_check(pos, m)),
                );
            }
            tactical
        });
        let mut picker = self.order(pos, &moves, hit.and_then(|h| h.mv), ply);
        let mut best_move = None;
        let delta = self.options.selectivity.delta_pruning && best.is_heuristic();
        let stand_pat = best;
        while let Some(m) = picker.next(&mut moves) {
            // a capture that loses material in the exchange it starts cannot lift the
            // stand-pat score
            if !in_check && m.is_capture() && see(pos, &m) < 0 {
                continue;
            }
            let mut next = pos.clone();
            next.play_unchecked(m);
            // delta pruning: even winning the man and a margin leaves the node below alpha
            if delta
                && !in_check
                && m.promotion().is_none()
                && let Some(victim) = m.capture()
                && let Some(ceiling) = stand_pat.checked_add(material(victim) + DELTA_MARGIN)
                && ceiling.is_heuristic()
                && ceiling <= alpha
                && !is_proof(alpha)
                && !next.is_check()
            {
                best = best.max(ceiling);
                continue;
            }
            self.note_played(ply, m);
            let score = -self.child(&next, depth - 1, ply + 1, -beta, -alpha);
            if self.aborted {
                return Score::ZERO;
            }
            if score > best {
                best = score;
                best_move = Some(m);
            }
            alpha = alpha.max(score);
            if alpha >= beta {
                break;
            }
        }
        if table {
            let result = BoundedScore::from_window(best, original_alpha, beta);
            self.store(k, ply, result, 0, best_move);
        }
        self.bounded(best, original_alpha, beta)
    }

    /// Remembers `m` as the move made at `ply` on the current line (the countermove's key).
    fn note_played(&mut self, ply: u32, m: Move) {
        if let Some(slot) = self.played.get_mut(ply as usize) {
            *slot = Some(m);
        }
    }

    /// The move that led to the node at `ply` (`None` at the root or after a pass).
    fn previous_move(&self, ply: u32) -> Option<Move> {
        let p = usize::try_from(ply).ok()?.checked_sub(1)?;
        *self.played.get(p)?
    }

    /// A quiet move that refuted a node becomes a killer at its ply and the countermove of the
    /// move before it, and gains history.
    fn remember_cutoff(&mut self, m: Move, ply: u32, depth: i32) {
        if m.is_capture() || m.is_promotion() {
            return;
        }
        if let Some(prev) = self.previous_move(ply)
            && let Some(from) = prev.from()
        {
            self.counters[usize::from(from)][usize::from(prev.to())] = Some(m);
        }
        let slot = &mut self.killers[ply as usize];
        if slot[0] != Some(m) {
            slot[1] = slot[0];
            slot[0] = Some(m);
        }
        if let Some(from) = m.from() {
            let h = &mut self.history[usize::from(from)][usize::from(m.to())];
            *h = (*h + depth * depth).min(1 << 20);
        }
    }

    /// Move ordering: the table's move, captures (most valuable victim, least valuable
    /// attacker), queen promotions, the two killers of this ply, the countermove (the quiet
    /// move that last refuted the move just made), quiet checks, then the other quiet moves by
    /// history.
    /// Each move's key is found once, on the stack; [`Picker::next`] then hands the moves out
    /// best first, one at a time, so a node that is cut off early sorts no more than it used.
    fn order(&self, pos: &Chess, moves: &[Move], tt_move: Option<PackedMove>, ply: u32) -> Picker {
        let killers = self.killers[(ply as usize).min(self.killers.len() - 1)];
        let counter = self
            .previous_move(ply)
            .and_then(|p| Some(self.counters[usize::from(p.from()?)][usize::from(p.to())]))
            .flatten();
        let key = |m: Move| {
            if tt_move.is_some() && pack(m) == tt_move {
                return i32::MAX;
            }
            if let Some(victim) = m.capture() {
                4_000_000 + 10 * material(victim) - material(m.role())
            } else if let Some(p) = m.promotion() {
                3_000_000 + material(p)
            } else if killers[0] == Some(m) {
                2_000_002
            } else if killers[1] == Some(m) {
                2_000_001
            } else if counter == Some(m) {
                2_000_000
            } else if gives_check(pos, m) {
                1_999_999
            } else {
                m.from().map_or(0, |f| self.history[usize::from(f)][usize::from(m.to())])
            }
        };
        let mut picker = Picker { keys: [0; 256], len: moves.len().min(256), picked: 0 };
        for (k, &m) in picker.keys.iter_mut().zip(moves.iter()) {
            *k = key(m);
        }
        picker
    }
}

/// What a null move found ([`Searcher::null_move`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum NullMove {
    /// Passing still holds beta: the node fails high with this value.
    Cut(Score),
    /// The opponent answers the pass with a mate (or a known win).
    MateThreat,
    /// No cut and no threat (or no pass tried).
    NoCut,
}

/// The moves of a node handed out best first by their ordering keys (a legal move list holds
/// at most 218 moves).
struct Picker {
    keys: [i32; 256],
    len: usize,
    picked: usize,
}

impl Picker {
    /// The next move: the first of the highest key among those not yet handed out, moved to
    /// the front of the rest (which keep their order, so moves of equal key come in the
    /// generator's order). `moves[..self.picked()]` are then the moves handed out, in order.
    fn next(&mut self, moves: &mut [Move]) -> Option<Move> {
        let start = self.picked;
        if start >= self.len {
            return None;
        }
        let mut best = start;
        for i in start + 1..self.len {
            if self.keys[i] > self.keys[best] {
                best = i;
            }
        }
        self.keys[start..=best].rotate_right(1);
        moves[start..=best].rotate_right(1);
        self.picked += 1;
        Some(moves[start])
    }

    /// How many moves were handed out.
    fn picked(&self) -> usize {
        self.picked
    }
}

/// Whether the quiet move `m` (no capture, no promotion) gives check: the piece attacks the
/// enemy king from its new square, or it uncovers a rook, bishop or queen behind it (castling
/// is never counted: its checks are rare and only cost the quiescence search a line).
fn gives_check(pos: &Chess, m: Move) -> bool {
    let board = pos.board();
    let (Some(from), Some(king)) = (m.from(), board.king_of(!pos.turn())) else { return false };
    if m.is_castle() {
        return false;
    }
    let occupied = (board.occupied() ^ Bitboard::from(from)) | Bitboard::from(m.to());
    let piece = shakmaty::Piece { color: pos.turn(), role: m.role() };
    if shakmaty::attacks::attacks(m.to(), piece, occupied).contains(king) {
        return true;
    }
    let ours = board.by_color(pos.turn());
    let rooks = (board.rooks() | board.queens()) & ours;
    let bishops = (board.bishops() | board.queens()) & ours;
    let uncovered = (shakmaty::attacks::rook_attacks(king, occupied) & rooks)
        | (shakmaty::attacks::bishop_attacks(king, occupied) & bishops);
    (uncovered & !Bitboard::from(from)).any()
}

#[cfg(test)]
mod tests {
    use super::gives_check;
    use shakmaty::fen::Fen;
    use shakmaty::{CastlingMode, Chess, Position};

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

    /// A quiet move that refuted a move becomes its countermove: wherever that move is played
    /// again, at any ply, the refutation comes first among the quiet moves (before the quiet
    /// checks and the history), and only after that move.
    #[test]
    fn the_countermove_comes_first_among_the_quiet_moves_after_the_move_it_refuted() {
        use crate::search::Searcher;
        use shakmaty::{Move, Role, Square};
        let pos: Chess = "r1bqkbnr/pppp1ppp/2n5/4p3/2B1P3/5Q2/PPPP1PPP/RNB1K1NR b KQkq - 5 4"
            .parse::<Fen>()
            .unwrap()
            .into_position(CastlingMode::Standard)
            .unwrap();
        let threat = Move::Normal {
            role: Role::Queen,
            from: Square::D1,
            to: Square::F3,
            capture: None,
            promotion: None,
        };
        let answer = Move::Normal {
            role: Role::Knight,
            from: Square::G8,
            to: Square::F6,
            capture: None,
            promotion: None,
        };
        assert!(pos.is_legal(answer));
        let first_quiet = |s: &Searcher, ply: u32| {
            let mut moves = pos.legal_moves();
            let mut picker = s.order(&pos, &moves, None, ply);
            core::iter::from_fn(|| picker.next(&mut moves))
                .find(|m| !m.is_capture() && !m.is_promotion())
        };
        let mut searcher = Searcher::new(1);
        assert_ne!(first_quiet(&searcher, 5), Some(answer));
        searcher.played[0] = Some(threat);
        searcher.remember_cutoff(answer, 1, 4);
        searcher.played[4] = Some(threat);
        assert_eq!(first_quiet(&searcher, 5), Some(answer), "after the move it refuted");
        searcher.history.iter_mut().for_each(|h| h.fill(0));
        searcher.played[4] = None;
        assert_ne!(first_quiet(&searcher, 5), Some(answer), "after another move");
    }

    /// The quiet-check test agrees with playing each quiet move and asking whether the other
    /// king stands in check, on positions with direct, discovered and no checks.
    #[test]
    fn quiet_checks_are_the_moves_that_give_check() {
        let fens = [
            "r1bqkbnr/pppp1ppp/2n5/4p3/2B1P3/5Q2/PPPP1PPP/RNB1K1NR w KQkq - 0 4",
            "4k3/8/8/8/4N3/8/4R3/4K3 w - - 0 1", // a knight uncovers the rook
            "4k3/8/8/2B5/8/8/8/4K2R w K - 0 1",  // bishop checks; castling
            "8/8/8/3k4/8/8/2P5/B3K3 w - - 0 1",  // a pawn uncovers the bishop
            "r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1", // black's rooks
            "6k1/8/8/8/8/8/R7/1R4K1 w - - 0 1",
        ];
        let mut checks = 0;
        for fen in fens {
            let pos: Chess =
                fen.parse::<Fen>().unwrap().into_position(CastlingMode::Standard).unwrap();
            for m in pos.legal_moves() {
                if m.is_capture() || m.is_promotion() || m.is_castle() {
                    continue;
                }
                let mut after = pos.clone();
                after.play_unchecked(m);
                assert_eq!(gives_check(&pos, m), after.is_check(), "{fen}: {m:?}");
                checks += usize::from(after.is_check());
            }
        }
        assert!(checks >= 10, "{checks} checks among the positions' quiet moves");
    }
}
