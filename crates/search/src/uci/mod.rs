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
//! | `DrawPolicy` | combo `Zero`, `Contempt`, `CrayBlitz`, default `Zero` | how draws score ([`DrawPolicy`](kpk_score::DrawPolicy)) |
//! | `Contempt` | spin -1000-1000, default 0 | centipawns a draw costs the engine under `Contempt` |
//! | `Grain` | spin 1-100, default 1 | evaluations rounded to this many centipawns |
//! | `TTScheme` | combo `PlyDistance`, `DelayedLoss`, default `PlyDistance` | how mate distances go through the table |
//! | `Knowledge` | combo `Progress`, `PawnRank`, `Recognizer`, `Rules`, `Off`, default `Progress` | endgame knowledge ([`Knowledge`](crate::eval::Knowledge)) |
//! | `Search` | combo `PVS`, `MTDf`, default `PVS` | the driver |
//! | `RootDTM` | check, default true | answer a root of at most three men from the tables: the quickest mate the 50-move rule allows from the root's clock (with its line), a draw for a cursed win |
//! | `Tables` | check, default true | probe the tables at every node of at most three men below the root: exact mate scores (`mate N` for a longer position that converts into a known mate) and draws, under the 50-move rule; false searches those endings too |
//! | `Selective` | check, default true | the selective search of [`crate::selective`] (check, single-reply and mate-threat extensions, null move, late-move reductions, internal iterative reduction, futility and razoring, aspiration windows, the quiescence search's delta pruning and table); false searches full width |
//! | `UCI_ShowWDL` | check, default false | each `info` line carries `wdl W D L` in permille ([`wdl_permille`]: certain for a mate or a known result, a logistic model of the evaluation otherwise) |
//! | `MultiPV` | spin 1-32, default 1 | lines per iteration: the best, then the best with that first move excluded, ...; each `info` line carries `multipv N` when more than one is asked |
//! | `Move Overhead` | spin 0-5000, default 30 | milliseconds kept back for the GUI's lag |
//! | `SyzygyPath` | string, default `<empty>` | directories of Syzygy files (`KQvKR.rtbw`, `KQvKR.rtbz`, ...), separated by `:` (`;` on Windows): a root they hold is answered from them (the move that keeps the best result under the 50-move rule and zeroes soonest, scored in the known-win band), and below the root a position just reached by a capture or a pawn move takes its WDL from them; three men stay with the embedded tables (exact mates). A directory that cannot be read, or a file whose size no table can have, is named in an `info string` (the tables added before it are kept); a file whose contents do not decode is passed over when a position needs it (the search answers instead) |
//! | `SyzygyProbeLimit` | spin 0-7, default 7 | the most men of a position the files are probed for |
//!
//! The options are declared once, in `options.rs` (name, type, default, range, meaning and
//! what a value sets); the `uci` listing, `setoption` and the engine's defaults are derived
//! from that declaration, and a unit test checks this table against it.
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

use shakmaty::fen::Fen;
use shakmaty::uci::UciMove;
use shakmaty::{CastlingMode, Chess, Move, Position};

use crate::search::{Info, SearchResult, Searcher, key};

mod go;
mod info;
mod options;

use go::{Go, parse_go};
pub use info::wdl_permille;
use info::{info_line, uci};
use options::{OPTIONS, Settings};

const NAME: &str = concat!("kpk ", env!("CARGO_PKG_VERSION"));

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
    /// What the options set outside the searcher.
    settings: Settings,
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
        let (searcher, settings) = options::defaults();
        Engine {
            searcher: Some(searcher),
            running: None,
            position: Chess::default(),
            history: Vec::new(),
            settings,
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
                    say(out, &option.uci_line());
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
                let set = match self.searcher.as_mut() {
                    Some(searcher) => options::set_option(&rest, searcher, &mut self.settings),
                    None => Err("the engine is busy".to_string()),
                };
                if let Err(e) = set {
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
                let (mut searcher, _) = options::defaults();
                searcher.set_syzygy(self.settings.syzygy.clone());
                self.searcher = Some(searcher);
            }
        }
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
        let limits = go.limits(self.position.turn(), self.settings.overhead);
        let infinite = go.infinite;
        let stop = searcher.stop_flag();
        stop.store(false, Ordering::SeqCst);
        let stopped = Arc::new(AtomicBool::new(false));
        let (root, history, out) = (self.position.clone(), self.history.clone(), Arc::clone(out));
        let waiting = Arc::clone(&stopped);
        let show_wdl = self.settings.show_wdl;
        let handle = std::thread::spawn(move || {
            let mut report = |info: &Info| say(&out, &info_line(info, show_wdl));
            // a search that panics must still answer: a GUI waiting for `bestmove` would lose on
            // time. It answers the first legal move, says why, and leaves a fresh searcher.
            let (kept, syzygy) = (searcher.options(), searcher.syzygy().cloned());
            let run = std::panic::catch_unwind(AssertUnwindSafe(|| {
                searcher.run(&root, &history, limits, &mut report)
            }));
            let failed = run.is_err();
            let (best, ponder) = settle(run, &root);
            if failed {
                say(&out, "info string the search failed; answering the first legal move");
            }
            let searcher = if failed {
                let (mut fresh, _) = options::defaults();
                fresh.set_options(kept);
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
fn settle(run: std::thread::Result<SearchResult>, root: &Chess) -> (Option<Move>, Option<Move>) {
    match run {
        Ok(result) => (result.best, result.pv.get(1).cloned()),
        Err(_) => (root.legal_moves().first().cloned(), None),
    }
}

fn fen_of(pos: &Chess) -> String {
    Fen::from_position(pos, shakmaty::EnPassantMode::Legal).to_string()
}

#[cfg(test)]
mod tests {
    use super::*;
    use kpk_score::Score;
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

    /// `setoption` refuses what it cannot take with the messages it has always given (the
    /// lines of the engine before the options were declared once), and takes the rest quietly.
    #[test]
    fn setoption_answers_as_before() {
        let asked = [
            ("setoption name Hash value 0", "option Hash: 0 is outside 1..=4096"),
            ("setoption name Hash value 4097", "option Hash: 4097 is outside 1..=4096"),
            ("setoption name hash value x", "option hash: `x` is not a number"),
            ("setoption name Hash", "option Hash: no value"),
            ("setoption name Hash value 1", ""),
            ("setoption name clear hash value whatever", ""),
            ("setoption name DrawPolicy value Nope", "option DrawPolicy: unknown value `Nope`"),
            ("setoption name DrawPolicy", "option DrawPolicy: unknown value ``"),
            ("setoption name drawpolicy value crayblitz", ""),
            (
                "setoption name Contempt value -1001",
                "option Contempt: -1001 is outside -1000..=1000",
            ),
            ("setoption name Contempt value -1000", ""),
            ("setoption name Grain value 101", "option Grain: 101 is outside 1..=100"),
            ("setoption name TTScheme value Foo", "option TTScheme: unknown value `Foo`"),
            ("setoption name Knowledge value Foo", "option Knowledge: unknown value `Foo`"),
            ("setoption name Search value mtdf", ""),
            ("setoption name RootDTM value maybe", "option RootDTM: unknown value `maybe`"),
            ("setoption name Tables value", "unknown option `Tables value`"),
            ("setoption name Tables value FALSE", ""),
            ("setoption name Selective value 1", "option Selective: unknown value `1`"),
            ("setoption name UCI_ShowWDL value yes", "option UCI_ShowWDL: unknown value `yes`"),
            ("setoption name MultiPV value 0", "option MultiPV: 0 is outside 1..=32"),
            (
                "setoption name Move Overhead value 5001",
                "option Move Overhead: 5001 is outside 0..=5000",
            ),
            ("setoption name move overhead value 5000", ""),
            (
                "setoption name SyzygyPath value /nonexistent/dir",
                "SyzygyPath: cannot read the tablebase directory /nonexistent/dir: No such file or directory (os error 2)",
            ),
            ("setoption name SyzygyPath value <empty>", ""),
            (
                "setoption name SyzygyProbeLimit value 8",
                "option SyzygyProbeLimit: 8 is outside 0..=7",
            ),
            ("setoption name SyzygyProbeLimit value +3", ""),
            ("setoption name Nonsense", "unknown option `Nonsense`"),
            ("setoption Hash value 3", "setoption: expected `name`"),
            ("setoption name", "setoption: expected `name`"),
            ("isready", ""),
        ];
        let text = talk(&asked.map(|(line, _)| (line, 0)));
        let expected: Vec<String> = asked
            .iter()
            .filter(|(_, answer)| !answer.is_empty())
            .map(|(_, answer)| format!("info string {answer}"))
            .chain(["readyok".to_string()])
            .collect();
        // the operating system words the unreadable directory's error
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines.len(), expected.len(), "{text}");
        for (line, expected) in lines.iter().zip(&expected) {
            match expected.split_once(": No such file") {
                Some((start, _)) => assert!(line.starts_with(start), "{line}"),
                None => assert_eq!(line, expected),
            }
        }
    }
}
