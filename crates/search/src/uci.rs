//! A UCI engine over [`Searcher`]: the protocol loop that `kpk uci` runs.
//!
//! Commands: `uci`, `isready`, `ucinewgame`, `setoption name N [value V]`,
//! `position startpos|fen F [moves ...]`, `go` with `depth`, `nodes`, `movetime`, `wtime`,
//! `btime`, `winc`, `binc`, `movestogo`, `mate`, `infinite`, then `stop`, `quit`. The search
//! runs on its own thread, so `stop` and `isready` are answered while it thinks; it checks the
//! stop flag every 1,024 nodes (well under a millisecond). A line the engine does not
//! understand, or a move that is not legal, is answered with `info string` and changes nothing.
//!
//! | option | type | meaning |
//! |---|---|---|
//! | `Hash` | spin 1-4096, default 16 | transposition table size in MiB |
//! | `Clear Hash` | button | empty the table |
//! | `DrawPolicy` | combo `Zero`, `Contempt`, `CrayBlitz` | how draws score ([`DrawPolicy`]) |
//! | `Contempt` | spin -1000-1000, default 0 | centipawns a draw costs the engine under `Contempt` |
//! | `Grain` | spin 1-100, default 1 | evaluations rounded to this many centipawns |
//! | `TTScheme` | combo `PlyDistance`, `DelayedLoss` | how mate distances go through the table |
//! | `Knowledge` | combo `Progress`, `PawnRank`, `Recognizer`, `Rules`, `Off` | endgame knowledge ([`Knowledge`]) |
//! | `Search` | combo `PVS`, `MTDf` | the driver |
//! | `RootDTM` | check, default true | answer a root of at most three men from the tables: the quickest mate the 50-move rule allows from the root's clock (with its line), a draw for a cursed win |
//! | `Tables` | check, default true | probe the tables at every node of at most three men below the root: exact mate scores (`mate N` for a longer position that converts into a known mate) and draws, under the 50-move rule; false searches those endings too |
//! | `MultiPV` | spin 1-32, default 1 | lines per iteration: the best, then the best with that first move excluded, ...; each `info` line carries `multipv N` when more than one is asked |
//! | `Selective` | check, default true | the selective search of [`crate::selective`] (check, single-reply and mate-threat extensions, null move, late-move reductions, internal iterative reduction, futility and razoring, aspiration windows, the quiescence search's delta pruning and table); false searches full width |
//! | `UCI_ShowWDL` | check, default false | each `info` line carries `wdl W D L` in permille ([`wdl_permille`]: certain for a mate or a known result, a logistic model of the evaluation otherwise) |
//! | `Move Overhead` | spin 0-5000, default 30 | milliseconds kept back for the GUI's lag |
//! | `SyzygyPath` | string, default `<empty>` | directories of Syzygy files (`KQvKR.rtbw`, `KQvKR.rtbz`, ...), separated by `:` (`;` on Windows): a root they hold is answered from them (the move that keeps the best result under the 50-move rule and zeroes soonest, scored in the known-win band), and below the root a position just reached by a capture or a pawn move takes its WDL from them; three men stay with the embedded tables (exact mates). A directory that cannot be read, or a file whose size no table can have, is named in an `info string` (the tables added before it are kept); a file whose contents do not decode is passed over when a position needs it (the search answers instead) |
//! | `SyzygyProbeLimit` | spin 0-7, default 7 | the most men of a position the files are probed for |
//!
//! **Time management.** With a clock, the engine spends `time / moves_to_go + 3/4 * increment`
//! (30 moves to go when the GUI does not say), never more than a third of what is left, minus
//! the move overhead; it starts no new iteration past half of that. The budget is a hard limit.
//!
//! ```
//! use std::io::Read;
//! use kpk_search::uci::Engine;
//!
//! // the answers go to a pipe: the search thread writes to it too
//! let (mut answers, output) = std::io::pipe().unwrap();
//! let input = "uci\nposition fen k7/8/K7/8/8/8/8/1Q6 w - - 0 1\ngo depth 3\nquit\n";
//! Engine::new().run(input.as_bytes(), output).unwrap();
//! let mut text = String::new();
//! answers.read_to_string(&mut text).unwrap();
//! assert!(text.contains("uciok"));
//! assert!(text.contains("score mate 1"));
//! assert!(text.contains("bestmove b1b7"));
//! ```

use std::io::{self, BufRead, Write};
use std::panic::AssertUnwindSafe;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;
use std::time::Duration;

use kpk_score::{DrawPolicy, Grain, Score, UciScore};
use shakmaty::fen::Fen;
use shakmaty::uci::UciMove;
use shakmaty::{CastlingMode, Chess, Move, Position};

use crate::eval::Knowledge;
use crate::search::{Driver, Info, Limits, Options, SearchResult, Searcher, Syzygy, TtScheme, key};
use crate::selective::Selectivity;

const NAME: &str = concat!("kpk ", env!("CARGO_PKG_VERSION"));
const DEFAULT_HASH: usize = 16;
const DEFAULT_OVERHEAD_MS: u64 = 30;
/// The default and largest `SyzygyProbeLimit`: the largest Syzygy tables have seven men.
const DEFAULT_PROBE_LIMIT: usize = 7;

type Output = Arc<Mutex<Box<dyn Write + Send>>>;

fn say(out: &Output, line: &str) {
    // a GUI that closed the pipe cannot be told anything: nothing left to do
    if let Ok(mut w) = out.lock() {
        let _ = writeln!(w, "{line}");
        let _ = w.flush();
    }
}

/// The engine's state between commands.
pub struct Engine {
    searcher: Option<Searcher>,
    running: Option<(JoinHandle<Searcher>, Arc<AtomicBool>, Arc<AtomicBool>)>,
    position: Chess,
    history: Vec<u64>,
    /// The `Contempt` value, used whenever `DrawPolicy` is `Contempt`.
    contempt: i32,
    overhead: Duration,
    /// `UCI_ShowWDL`: each `info` line carries `wdl W D L`.
    show_wdl: bool,
    /// The files of `SyzygyPath` (none until it is set) and `SyzygyProbeLimit`.
    syzygy: Option<Syzygy>,
    probe_limit: usize,
}

impl Default for Engine {
    fn default() -> Engine {
        Engine::new()
    }
}

impl Engine {
    /// An engine at the start position with default options.
    #[must_use]
    pub fn new() -> Engine {
        Engine {
            searcher: Some(fresh_searcher(engine_options())),
            running: None,
            position: Chess::default(),
            history: Vec::new(),
            contempt: 0,
            show_wdl: false,
            overhead: Duration::from_millis(DEFAULT_OVERHEAD_MS),
            syzygy: None,
            probe_limit: DEFAULT_PROBE_LIMIT,
        }
    }

    /// Reads commands from `input` until `quit` or its end, answering on `output`.
    ///
    /// # Errors
    /// Reading `input` fails.
    pub fn run<R: BufRead, W: Write + Send + 'static>(
        &mut self,
        input: R,
        output: W,
    ) -> io::Result<()> {
        let out: Output = Arc::new(Mutex::new(Box::new(output)));
        for line in input.split(b'\n') {
            let line = line?;
            let line = String::from_utf8_lossy(&line);
            if !self.command(line.trim(), &out) {
                break;
            }
        }
        self.finish_search();
        Ok(())
    }

    /// Handles one line; `false` after `quit`.
    fn command(&mut self, line: &str, out: &Output) -> bool {
        let mut words = line.split_whitespace();
        let Some(first) = words.next() else { return true };
        let rest: Vec<&str> = words.collect();
        match first {
            "uci" => {
                say(out, &format!("id name {NAME}"));
                say(out, "id author the kpk authors");
                for option in OPTIONS {
                    say(out, &format!("option name {option}"));
                }
                say(out, "uciok");
            }
            "isready" => say(out, "readyok"),
            "ucinewgame" => {
                self.finish_search();
                if let Some(s) = self.searcher.as_mut() {
                    s.clear();
                }
                self.position = Chess::default();
                self.history.clear();
            }
            "setoption" => {
                self.finish_search();
                if let Err(e) = self.set_option(&rest) {
                    say(out, &format!("info string {e}"));
                }
            }
            "position" => {
                self.finish_search();
                if let Err(e) = self.set_position(&rest) {
                    say(out, &format!("info string {e}"));
                }
            }
            "go" => {
                self.finish_search();
                match parse_go(&rest) {
                    Ok(go) => self.go(&go, out),
                    Err(e) => say(out, &format!("info string {e}")),
                }
            }
            "stop" => self.finish_search(),
            "ponderhit" | "debug" | "register" => {}
            "quit" => return false,
            _ => say(out, &format!("info string unknown command: {first}")),
        }
        true
    }

    /// Raises the stop flag of a running search and waits for its `bestmove`.
    fn finish_search(&mut self) {
        if let Some((handle, stop, stopped)) = self.running.take() {
            stopped.store(true, Ordering::SeqCst);
            stop.store(true, Ordering::SeqCst);
            if let Ok(searcher) = handle.join() {
                self.searcher = Some(searcher);
            } else {
                // the search thread panicked: start again with a fresh table
                let mut searcher = fresh_searcher(engine_options());
                searcher.set_syzygy(self.syzygy.clone());
                self.searcher = Some(searcher);
            }
        }
    }

    fn set_option(&mut self, words: &[&str]) -> Result<(), String> {
        let joined = words.join(" ");
        let body = joined.strip_prefix("name ").ok_or("setoption: expected `name`")?;
        let (name, value) = match body.split_once(" value ") {
            Some((n, v)) => (n.trim(), Some(v.trim())),
            None => (body.trim(), None),
        };
        let searcher = self.searcher.as_mut().ok_or("the engine is busy")?;
        let mut options = searcher.options();
        let number = |lo: i64, hi: i64| -> Result<i64, String> {
            let v = value.ok_or(format!("option {name}: no value"))?;
            let n: i64 = v.parse().map_err(|_| format!("option {name}: `{v}` is not a number"))?;
            if (lo..=hi).contains(&n) {
                Ok(n)
            } else {
                Err(format!("option {name}: {n} is outside {lo}..={hi}"))
            }
        };
        let word = value.unwrap_or("");
        match name.to_ascii_lowercase().as_str() {
            "hash" => searcher.resize(usize::try_from(number(1, 4096)?).unwrap_or(DEFAULT_HASH)),
            "clear hash" => searcher.clear(),
            "contempt" => {
                self.contempt = i32::try_from(number(-1000, 1000)?).unwrap_or(0);
                if let DrawPolicy::Contempt(_) = options.draw {
                    options.draw = DrawPolicy::Contempt(self.contempt);
                }
            }
            "drawpolicy" => {
                let policies = [
                    ("zero", DrawPolicy::Zero),
                    ("contempt", DrawPolicy::Contempt(self.contempt)),
                    ("crayblitz", DrawPolicy::CrayBlitz),
                ];
                options.draw = choose("DrawPolicy", word, &policies)?;
            }
            "grain" => {
                let step = u32::try_from(number(1, 100)?).unwrap_or(1);
                options.grain = if step == 1 { None } else { Grain::new(step).ok() };
            }
            "ttscheme" => {
                let schemes = [
                    ("plydistance", TtScheme::PlyDistance),
                    ("delayedloss", TtScheme::DelayedLoss),
                ];
                options.scheme = choose("TTScheme", word, &schemes)?;
            }
            "knowledge" => {
                let kinds = [
                    ("progress", Knowledge::Progress),
                    ("pawnrank", Knowledge::PawnRank),
                    ("recognizer", Knowledge::Recognizer),
                    ("rules", Knowledge::Rules),
                    ("off", Knowledge::Off),
                ];
                options.knowledge = choose("Knowledge", word, &kinds)?;
            }
            "search" => {
                options.driver =
                    choose("Search", word, &[("pvs", Driver::Pvs), ("mtdf", Driver::Mtdf)])?;
            }
            "rootdtm" => {
                options.root_dtm = choose("RootDTM", word, &[("true", true), ("false", false)])?;
            }
            "multipv" => {
                options.multi_pv = u8::try_from(number(1, 32)?).unwrap_or(1);
            }
            "selective" => {
                let on = choose("Selective", word, &[("true", true), ("false", false)])?;
                options.selectivity = if on { Selectivity::ALL } else { Selectivity::NONE };
            }
            "tables" => {
                options.tables = choose("Tables", word, &[("true", true), ("false", false)])?;
            }
            "uci_showwdl" => {
                self.show_wdl = choose("UCI_ShowWDL", word, &[("true", true), ("false", false)])?;
            }
            "move overhead" => {
                self.overhead = Duration::from_millis(number(0, 5000)?.unsigned_abs());
            }
            "syzygypath" => {
                let (syzygy, problems) = open_syzygy(value.unwrap_or(""), self.probe_limit);
                self.syzygy = syzygy;
                searcher.set_syzygy(self.syzygy.clone());
                if !problems.is_empty() {
                    return Err(problems.join("; "));
                }
            }
            "syzygyprobelimit" => {
                self.probe_limit = usize::try_from(number(0, 7)?).unwrap_or(DEFAULT_PROBE_LIMIT);
                if let Some(s) = self.syzygy.as_mut() {
                    s.probe_limit = self.probe_limit;
                }
                searcher.set_syzygy(self.syzygy.clone());
            }
            _ => return Err(format!("unknown option `{name}`")),
        }
        searcher.set_options(options);
        Ok(())
    }

    fn set_position(&mut self, words: &[&str]) -> Result<(), String> {
        let moves_at = words.iter().position(|&w| w == "moves").unwrap_or(words.len());
        let mut pos = match words.first() {
            Some(&"startpos") => Chess::default(),
            Some(&"fen") => {
                let fen = words[1..moves_at].join(" ");
                fen.parse::<Fen>()
                    .map_err(|e| format!("position: bad FEN `{fen}`: {e}"))?
                    .into_position(CastlingMode::Standard)
                    .map_err(|e| format!("position: illegal position `{fen}`: {e}"))?
            }
            _ => return Err("position: expected `startpos` or `fen`".to_string()),
        };
        let mut history = Vec::new();
        for word in words.iter().skip(moves_at + 1) {
            let m = word
                .parse::<UciMove>()
                .ok()
                .and_then(|u| u.to_move(&pos).ok())
                .ok_or(format!("position: `{word}` is not a legal move in {}", fen_of(&pos)))?;
            history.push(key(&pos));
            pos.play_unchecked(m);
        }
        self.position = pos;
        self.history = history;
        Ok(())
    }

    fn go(&mut self, go: &Go, out: &Output) {
        let Some(mut searcher) = self.searcher.take() else { return };
        let limits = go.limits(self.position.turn(), self.overhead);
        let infinite = go.infinite;
        let stop = searcher.stop_flag();
        stop.store(false, Ordering::SeqCst);
        let stopped = Arc::new(AtomicBool::new(false));
        let (root, history, out) = (self.position.clone(), self.history.clone(), Arc::clone(out));
        let waiting = Arc::clone(&stopped);
        let show_wdl = self.show_wdl;
        let handle = std::thread::spawn(move || {
            let mut report = |info: &Info| say(&out, &info_line(info, show_wdl));
            // a search that panics must still answer: a GUI waiting for `bestmove` would lose on
            // time. It answers the first legal move, says why, and leaves a fresh searcher.
            let (options, syzygy) = (searcher.options(), searcher.syzygy().cloned());
            let run = std::panic::catch_unwind(AssertUnwindSafe(|| {
                searcher.run(&root, &history, limits, &mut report)
            }));
            let failed = run.is_err();
            let (best, ponder) = settle(run, &root);
            if failed {
                say(&out, "info string the search failed; answering the first legal move");
            }
            let searcher = if failed {
                let mut fresh = fresh_searcher(options);
                fresh.set_syzygy(syzygy);
                fresh
            } else {
                searcher
            };
            // `go infinite` answers only when told to stop
            while infinite && !waiting.load(Ordering::SeqCst) {
                std::thread::sleep(Duration::from_millis(1));
            }
            let line = match (best.map(|m| uci(&m)), ponder) {
                (Some(b), Some(p)) => format!("bestmove {b} ponder {}", uci(&p)),
                (Some(b), None) => format!("bestmove {b}"),
                (None, _) => "bestmove 0000".to_string(),
            };
            say(&out, &line);
            searcher
        });
        self.running = Some((handle, stop, stopped));
    }
}

/// The move to answer and the one to ponder, from a search that finished or panicked: after a
/// panic, the first legal move of `root` (none when there is none), so a GUI still gets its
/// `bestmove`.
/// The engine's options before any `setoption`: the library's, with the tables on at the root
/// and below it (GUIs get `mate N` from them; the library's defaults measure the search alone).
fn engine_options() -> Options {
    Options { root_dtm: true, tables: true, selectivity: Selectivity::ALL, ..Options::default() }
}

/// The Syzygy files of a `SyzygyPath` value (directories separated by the platform's path
/// separator; empty or `<empty>` for none) probed up to `probe_limit` men, and what went wrong
/// with each directory that could not be added (the directories that could are kept).
fn open_syzygy(path: &str, probe_limit: usize) -> (Option<Syzygy>, Vec<String>) {
    let mut tables = kpk_syzygy::Tablebases::new();
    let mut problems = Vec::new();
    let path = path.trim();
    if path.is_empty() || path == "<empty>" {
        return (None, problems);
    }
    for dir in std::env::split_paths(path).filter(|d| !d.as_os_str().is_empty()) {
        if let Err(e) = tables.add_directory(&dir) {
            problems.push(format!("SyzygyPath: {e}"));
        }
    }
    // the tables added before a damaged file are kept and used
    let any = tables.files().next().is_some();
    let syzygy = any.then(|| Syzygy { tables: Arc::new(tables), probe_limit });
    (syzygy, problems)
}

/// A searcher with the default table size and `options`.
fn fresh_searcher(options: Options) -> Searcher {
    let mut searcher = Searcher::new(DEFAULT_HASH);
    searcher.set_options(options);
    searcher
}

fn settle(run: std::thread::Result<SearchResult>, root: &Chess) -> (Option<Move>, Option<Move>) {
    match run {
        Ok(result) => (result.best, result.pv.get(1).cloned()),
        Err(_) => (root.legal_moves().first().cloned(), None),
    }
}

/// The value of a combo option named `word` (any case) among `values`.
fn choose<T: Copy>(option: &str, word: &str, values: &[(&str, T)]) -> Result<T, String> {
    values
        .iter()
        .find(|(name, _)| word.eq_ignore_ascii_case(name))
        .map(|&(_, v)| v)
        .ok_or_else(|| format!("option {option}: unknown value `{word}`"))
}

fn uci(m: &Move) -> String {
    UciMove::from_standard(*m).to_string()
}

fn fen_of(pos: &Chess) -> String {
    Fen::from_position(pos, shakmaty::EnPassantMode::Legal).to_string()
}

/// The win, draw and loss chances in permille that `UCI_ShowWDL` reports for a score: certain
/// for a proof (a mate, or a known win or loss of the endgame knowledge and the tables);
/// for an evaluation a logistic model in centipawns (at 0: 76 / 848 / 76; at +150: 500 / 492 /
/// 8; at +300: 924 / 75 / 1), a guide for a GUI's bar, not a measured rate.
#[must_use]
pub fn wdl_permille(score: Score) -> (u32, u32, u32) {
    if score.is_winning_proof() {
        return (1000, 0, 0);
    }
    if score.is_losing_proof() {
        return (0, 0, 1000);
    }
    let cp = f64::from(score.get());
    let chance = |x: f64| 1000.0 / (1.0 + (-x / 60.0).exp());
    // whole permilles that add up to 1,000
    #[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)] // 0..=1000
    let (w, l) = (chance(cp - 150.0).round() as u32, chance(-cp - 150.0).round() as u32);
    (w, 1000 - w - l, l)
}

fn info_line(info: &Info, show_wdl: bool) -> String {
    let ms = info.time.as_millis();
    let nps = u128::from(info.nodes) * 1000 / ms.max(1);
    let pv: Vec<String> = info.pv.iter().map(uci).collect();
    let score = UciScore { score: info.score, bound: info.bound };
    let mut line = format!(
        "info depth {} seldepth {} score {score} nodes {} nps {nps} time {ms} hashfull {} tbhits {}",
        info.depth, info.seldepth, info.nodes, info.hashfull, info.tbhits
    );
    if info.multipv > 0 {
        line = line.replacen(" score ", &format!(" multipv {} score ", info.multipv), 1);
    }
    if show_wdl {
        let (w, d, l) = wdl_permille(info.score);
        line = line.replacen(" nodes ", &format!(" wdl {w} {d} {l} nodes "), 1);
    }
    if !pv.is_empty() {
        line.push_str(" pv ");
        line.push_str(&pv.join(" "));
    }
    line
}

const OPTIONS: [&str; 16] = [
    "Hash type spin default 16 min 1 max 4096",
    "Clear Hash type button",
    "DrawPolicy type combo default Zero var Zero var Contempt var CrayBlitz",
    "Contempt type spin default 0 min -1000 max 1000",
    "Grain type spin default 1 min 1 max 100",
    "TTScheme type combo default PlyDistance var PlyDistance var DelayedLoss",
    "Knowledge type combo default Progress var Progress var PawnRank var Recognizer var Rules var Off",
    "Search type combo default PVS var PVS var MTDf",
    "RootDTM type check default true",
    "Tables type check default true",
    "Selective type check default true",
    "UCI_ShowWDL type check default false",
    "MultiPV type spin default 1 min 1 max 32",
    "Move Overhead type spin default 30 min 0 max 5000",
    "SyzygyPath type string default <empty>",
    "SyzygyProbeLimit type spin default 7 min 0 max 7",
];

/// The arguments of `go`.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
struct Go {
    depth: Option<u8>,
    nodes: Option<u64>,
    movetime: Option<u64>,
    wtime: Option<u64>,
    btime: Option<u64>,
    winc: Option<u64>,
    binc: Option<u64>,
    movestogo: Option<u64>,
    mate: Option<u32>,
    infinite: bool,
}

fn parse_go(words: &[&str]) -> Result<Go, String> {
    let mut go = Go::default();
    let mut it = words.iter();
    while let Some(&word) = it.next() {
        let mut value = || -> Result<u64, String> {
            let v = it.next().ok_or(format!("go: `{word}` needs a number"))?;
            // clocks may run below zero in some GUIs: that is no time at all
            if let Some(neg) = v.strip_prefix('-') {
                return neg.parse::<u64>().map(|_| 0).map_err(|_| format!("go {word}: `{v}`"));
            }
            v.parse().map_err(|_| format!("go {word}: `{v}` is not a number"))
        };
        match word {
            "depth" => go.depth = Some(u8::try_from(value()?.clamp(1, 120)).unwrap_or(120)),
            "nodes" => go.nodes = Some(value()?),
            "movetime" => go.movetime = Some(value()?),
            "wtime" => go.wtime = Some(value()?),
            "btime" => go.btime = Some(value()?),
            "winc" => go.winc = Some(value()?),
            "binc" => go.binc = Some(value()?),
            "movestogo" => go.movestogo = Some(value()?),
            "mate" => go.mate = Some(u32::try_from(value()?).unwrap_or(u32::MAX)),
            "infinite" => go.infinite = true,
            "ponder" => {}
            "searchmoves" => return Err("go searchmoves is not supported".to_string()),
            other => return Err(format!("go: unknown argument `{other}`")),
        }
    }
    Ok(go)
}

impl Go {
    fn limits(&self, turn: shakmaty::Color, overhead: Duration) -> Limits {
        let mut limits =
            Limits { depth: self.depth, nodes: self.nodes, mate: self.mate, time: None };
        if self.infinite {
            return Limits { time: None, ..limits };
        }
        let ms = Duration::from_millis;
        if let Some(t) = self.movetime {
            limits.time = Some(ms(t).saturating_sub(overhead).max(ms(1)));
        }
        let (time, inc) = match turn {
            shakmaty::Color::White => (self.wtime, self.winc),
            shakmaty::Color::Black => (self.btime, self.binc),
        };
        if let Some(left) = time {
            let to_go = self.movestogo.unwrap_or(30).clamp(1, 50);
            let share = left / to_go + inc.unwrap_or(0) * 3 / 4;
            let budget = ms(share.min(left / 3)).saturating_sub(overhead).max(ms(1));
            limits.time = Some(limits.time.map_or(budget, |t| t.min(budget)));
        }
        limits
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::Read;
    use std::time::Instant;

    /// A search that panics still answers: the first legal move (or none where there is none),
    /// never silence.
    #[test]
    fn a_panicking_search_still_answers_a_legal_move() {
        let panicked =
            || std::panic::catch_unwind(|| -> SearchResult { panic!("a search that fails") });
        let start = Chess::default();
        let (best, ponder) = settle(panicked(), &start);
        let best = best.unwrap();
        assert!(start.is_legal(best) && ponder.is_none(), "{best:?}");
        let mated: Chess = "7k/6Q1/6K1/8/8/8/8/8 b - - 0 1"
            .parse::<Fen>()
            .unwrap()
            .into_position(CastlingMode::Standard)
            .unwrap();
        assert_eq!(settle(panicked(), &mated), (None, None));
    }

    /// A pipe the test writes commands into while the engine runs on another thread.
    fn talk(lines: &[(&str, u64)]) -> String {
        let (rx, mut tx) = io::pipe().unwrap();
        let (mut out_rx, out_tx) = io::pipe().unwrap();
        let engine = std::thread::spawn(move || {
            Engine::new().run(io::BufReader::new(rx), out_tx).unwrap();
        });
        for (line, pause_ms) in lines {
            writeln!(tx, "{line}").unwrap();
            std::thread::sleep(Duration::from_millis(*pause_ms));
        }
        drop(tx);
        engine.join().unwrap();
        let mut text = String::new();
        out_rx.read_to_string(&mut text).unwrap();
        text
    }

    #[test]
    fn wdl_is_certain_for_proofs_and_a_model_for_evaluations() {
        assert_eq!(wdl_permille(Score::mate_in(7)), (1000, 0, 0));
        assert_eq!(wdl_permille(Score::mated_in(4)), (0, 0, 1000));
        assert_eq!(wdl_permille(Score::known_win_in(3)), (1000, 0, 0));
        assert_eq!(wdl_permille(Score::ZERO), (76, 848, 76));
        let mut last = 0;
        for cp in (-1000..=1000).step_by(25) {
            let (w, d, l) = wdl_permille(Score::eval(cp));
            assert_eq!(w + d + l, 1000, "{cp}");
            assert!(w >= last, "the win chance grows with the score: {cp}");
            assert_eq!(wdl_permille(Score::eval(-cp)), (l, d, w), "symmetric at {cp}");
            last = w;
        }
        // over UCI: KRK is a win, the mated side a loss
        let text = talk(&[
            ("setoption name UCI_ShowWDL value true", 0),
            ("position fen 8/8/8/8/8/2k5/1R6/K7 w - - 0 1", 0),
            ("go depth 2", 200),
            ("position fen 7k/8/6K1/8/8/8/8/6R1 b - - 0 1", 0),
            ("go depth 2", 200),
        ]);
        assert!(text.contains(" wdl 1000 0 0 "), "{text}");
        assert!(text.contains(" wdl 0 0 1000 "), "{text}");
        let plain = talk(&[("position startpos", 0), ("go depth 1", 100)]);
        assert!(!plain.contains(" wdl "), "off by default: {plain}");
    }

    #[test]
    fn garbage_is_answered_and_nothing_breaks() {
        let text = talk(&[
            ("hello", 0),
            ("position fen not a fen", 0),
            ("position startpos moves e2e5", 0),
            ("setoption name Hash value lots", 0),
            ("setoption name Nonsense value 3", 0),
            ("go depth x", 0),
            ("go depth 2", 50),
            ("\u{fffd}\u{0}", 0),
            ("isready", 0),
        ]);
        assert_eq!(text.matches("info string").count(), 7, "{text}");
        assert!(text.contains("bestmove "), "{text}");
        assert!(text.trim_end().ends_with("readyok"), "{text}");
    }

    #[test]
    fn stop_ends_an_infinite_search_at_once() {
        let (rx, mut tx) = io::pipe().unwrap();
        let (out_rx, out_tx) = io::pipe().unwrap();
        let engine = std::thread::spawn(move || {
            Engine::new().run(io::BufReader::new(rx), out_tx).unwrap();
        });
        writeln!(tx, "position startpos\ngo infinite").unwrap();
        std::thread::sleep(Duration::from_millis(300));
        let asked = Instant::now();
        writeln!(tx, "stop").unwrap();
        let mut reader = io::BufReader::new(out_rx);
        let mut line = String::new();
        while !line.starts_with("bestmove") {
            line.clear();
            assert!(reader.read_line(&mut line).unwrap() > 0, "no bestmove");
        }
        let waited = asked.elapsed();
        drop(tx);
        engine.join().unwrap();
        // a generous bound for a loaded test machine; the benchmark in BENCHMARKS.md measures it
        assert!(waited < Duration::from_millis(500), "{waited:?}");
    }

    #[test]
    fn clock_budgets_stay_inside_the_time_left() {
        let go = parse_go(&["wtime", "1000", "btime", "900", "winc", "10", "binc", "10"]).unwrap();
        let white = go.limits(shakmaty::Color::White, Duration::from_millis(30)).time.unwrap();
        assert!(white < Duration::from_millis(1000 / 3), "{white:?}");
        assert!(white >= Duration::from_millis(1), "{white:?}");
        let low = parse_go(&["wtime", "5", "winc", "0"]).unwrap();
        let t = low.limits(shakmaty::Color::White, Duration::from_millis(30)).time.unwrap();
        assert_eq!(t, Duration::from_millis(1));
        assert_eq!(parse_go(&["wtime", "-20"]).unwrap().wtime, Some(0));
    }
}
