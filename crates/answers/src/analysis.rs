//! The engine's analysis, wired once for `kpk serve`'s `/engine` and the WebAssembly module's
//! worker: the search's options ([`options`]), its line limit ([`MAX_LINES`]) and table size
//! ([`TABLE_MIB`]), and the stream it writes, one JSON object per line: each completed
//! iteration ([`Iteration::of`]: depth, nodes, time, the score in the Score crate's words and as
//! the evaluation bar shows it, the principal variation with move numbers and the position after
//! each move), then a last line with `done: true` and the best move ([`done`]).

use serde::Serialize;
use shakmaty::{Chess, Move, Position};

use kpk_score::Score;
use kpk_search::search::{Info, Options};
use kpk_search::selective::Selectivity;

use crate::notation::{LabelledStep, Notated, Notation};
use crate::score::{Bar, ScoreAnswer};

/// The most lines an analysis shows (lichess's analysis board offers up to five).
pub const MAX_LINES: u8 = 5;

/// The transposition table of an analysis, in MiB.
pub const TABLE_MIB: usize = 16;

/// The search's options for an analysis of `lines` lines per depth (clamped to 1 to
/// [`MAX_LINES`]): as `kpk uci` plays, the tables at the root and below it, every selective
/// piece.
///
/// ```
/// assert_eq!(kpk_answers::analysis::options(9).multi_pv, 5);
/// ```
#[must_use]
pub fn options(lines: u8) -> Options {
    Options {
        root_dtm: true,
        tables: true,
        selectivity: Selectivity::ALL,
        multi_pv: lines.clamp(1, MAX_LINES),
        ..Options::default()
    }
}

/// A completed iteration of the engine, as a line of the stream.
///
/// ```
/// use kpk_answers::analysis::{Iteration, written};
/// use kpk_answers::score::{Bar, ScoreAnswer};
/// use kpk_score::Score;
/// use shakmaty::{Chess, Position};
/// let root = Chess::default();
/// let e4 = root.legal_moves().into_iter().find(|m| m.to().to_string() == "e4").unwrap();
/// let it = Iteration {
///     depth: 1, seldepth: 1, multipv: 1, nodes: 21, time_ms: 0, tbhits: 0,
///     score: ScoreAnswer::of(Score::eval(30)),
///     bar: Bar::of_score(Score::eval(30), true),
///     pv: written(&root, &[e4]),
///     engine: kpk_answers::analysis::BUILT_IN.to_string(),
///     tables: None,
/// };
/// let line = String::from_utf8(it.to_line()).unwrap();
/// assert!(line.contains(r#""pv":[{"uci":"e2e4","san":"e4","label":"1. e4","fen":"#), "{line}");
/// ```
#[derive(Clone, Debug, PartialEq, Serialize, ts_rs::TS)]
pub struct Iteration {
    /// The iteration's depth.
    pub depth: u8,
    /// The deepest ply reached.
    pub seldepth: u32,
    /// The line's rank among the root's moves (1: the best; more with several lines).
    pub multipv: u8,
    /// Nodes visited so far.
    pub nodes: u64,
    /// Milliseconds since the search began.
    pub time_ms: u128,
    /// Positions valued by a table.
    pub tbhits: u64,
    /// The line's score for the side to move.
    pub score: ScoreAnswer,
    /// The same score as the evaluation bar shows it, from White's side.
    pub bar: Bar,
    /// The principal variation from the root, each move with its label and the position after
    /// it.
    pub pv: Vec<LabelledStep>,
    /// The engine's name: [`BUILT_IN`], or the `id name` of the UCI engine the server runs.
    pub engine: String,
    /// Where a UCI engine's line reaches the tables, whose score it then shows (absent for the
    /// project's engine, whose search reads the tables itself, and for a line that does not).
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub tables: Option<TablesMeet>,
}

/// Where a line of a UCI engine reaches the tables ([`crate::uci_info`]) (at most three men): the line's score is
/// then the tables' from there, and the engine's own is kept here.
#[derive(Clone, Debug, PartialEq, Serialize, ts_rs::TS)]
pub struct TablesMeet {
    /// The plies of the line played before it reaches the tables (1: after its first move).
    pub ply: u32,
    /// The score the engine gave the line.
    pub engine: ScoreAnswer,
    /// Both in words, for the line's score: `the tables' score after 1. Kxd2, where the line
    /// reaches three men (Stockfish 18: +6.50)`.
    pub note: String,
    /// Where the engine's mate is one the tables disprove there (a mate for the other side, a
    /// draw, or a mate sooner than the quickest), what each says: the host writes it to its log.
    pub contradiction: Option<String>,
}

/// The name of the project's own engine in the stream.
pub const BUILT_IN: &str = "kpk";

impl Iteration {
    /// The line of the search's progress `info` from `root`.
    #[must_use]
    pub fn of(root: &Chess, info: &Info) -> Iteration {
        Iteration {
            depth: info.depth,
            seldepth: info.seldepth,
            multipv: info.multipv.max(1),
            nodes: info.nodes,
            time_ms: info.time.as_millis(),
            tbhits: info.tbhits,
            score: ScoreAnswer::of(info.score),
            bar: Bar::of_score(info.score, root.turn() == shakmaty::Color::White),
            pv: written(root, &info.pv),
            engine: BUILT_IN.to_string(),
            tables: None,
        }
    }

    /// The line as the stream sends it: compact JSON and a newline.
    #[must_use]
    pub fn to_line(&self) -> Vec<u8> {
        line(self)
    }
}

/// `value`'s compact JSON and a newline.
fn line(value: &impl Serialize) -> Vec<u8> {
    let mut text = serde_json::to_vec(value).unwrap_or_default();
    text.push(b'\n');
    text
}

/// `line` from `root`, until a move that is not legal: each move in UCI and SAN, labelled with
/// its move number where it has one, with the FEN after it.
///
/// ```
/// use kpk_answers::analysis::written;
/// use shakmaty::{Chess, Position, Role};
/// let root = Chess::default();
/// let knight = |m: &shakmaty::Move| m.role() == Role::Knight && m.to().to_string() == "f3";
/// let moves: Vec<_> = root.legal_moves().into_iter().filter(knight).collect();
/// let steps = written(&root, &moves);
/// assert_eq!((steps[0].san.as_str(), steps[0].label.as_str()), ("Nf3", "1. Nf3"));
/// assert_eq!(steps[0].fen, "rnbqkbnr/pppppppp/8/8/8/5N2/PPPPPPPP/RNBQKB1R b KQkq - 1 1");
/// ```
#[must_use]
pub fn written(root: &Chess, line: &[Move]) -> Vec<LabelledStep> {
    let mut pos = root.clone();
    let mut moves = Vec::with_capacity(line.len());
    for &m in line {
        if !pos.is_legal(m) {
            break;
        }
        let before = pos.clone();
        pos.play_unchecked(m);
        let (checkmate, check) = (pos.is_checkmate(), pos.is_check());
        moves.push(Notated {
            uci: Notation::uci_of(m),
            san: Notation::san_after(&before, m, checkmate, check),
        });
    }
    LabelledStep::line(root, &moves)
}

/// The stream's last line: `done`, the last depth, the best move (null where the side to
/// move has none) and why the analysis ended, in words, from its last `score` (for the side to
/// move): a forced mate found, the search `complete` (the project's engine reached its deepest
/// depth: the tables or the game's end decide every line), or the time limit.
///
/// ```
/// use kpk_score::Score;
/// use shakmaty::Chess;
/// let last = kpk_answers::analysis::done(&Chess::default(), 12, None, Score::eval(20), false);
/// assert_eq!(
///     serde_json::to_string(&last).unwrap(),
///     r#"{"done":true,"depth":12,"bestmove":null,"note":"paused at depth 12: Go goes on"}"#
/// );
/// let mate = kpk_answers::analysis::done(&Chess::default(), 9, None, Score::mate_in(3), false);
/// assert_eq!(mate.note, "a forced mate: #2");
/// let complete = kpk_answers::analysis::done(&Chess::default(), 120, None, Score::ZERO, true);
/// assert_eq!(complete.note, "complete: every line ends within depth 120");
/// ```
#[must_use]
pub fn done(root: &Chess, depth: u8, best: Option<Move>, score: Score, complete: bool) -> Done {
    let bestmove =
        best.and_then(|m| written(root, &[m]).pop()).map(|s| Notated { uci: s.uci, san: s.san });
    let note = if score.is_mate() || score.is_mated() {
        format!("a forced mate: {}", Bar::of_score(score, root.turn().is_white()).text)
    } else if complete {
        format!("complete: every line ends within depth {depth}")
    } else {
        format!("paused at depth {depth}: Go goes on")
    };
    Done { done: true, depth, bestmove, note }
}

/// The stream's last line ([`done`]).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, ts_rs::TS)]
pub struct Done {
    /// Always `true`: the analysis has ended.
    #[ts(type = "true")]
    pub done: bool,
    /// The last depth completed.
    pub depth: u8,
    /// The best move (`null` where the side to move has none).
    pub bestmove: Option<Notated>,
    /// Why the analysis ended, in words (`a forced mate: #3`, `paused at depth 18: Go goes
    /// on`, `complete: every line ends within depth 120`).
    pub note: String,
}

impl Done {
    /// The line as the stream sends it: compact JSON and a newline.
    #[must_use]
    pub fn to_line(&self) -> Vec<u8> {
        line(self)
    }
}
