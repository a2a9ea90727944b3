//! The engine's analysis as it is streamed, one JSON object per line: each completed iteration
//! ([`Iteration`]: depth, nodes, time, the score in the Score crate's words, the principal
//! variation in UCI and SAN), then a last line with `done: true` and the best move ([`done`]).
//! `kpk serve`'s `/engine` and the WebAssembly module's worker write the same lines.

use serde::Serialize;
use shakmaty::{Chess, Move, Position};

use crate::notation::{Notated, Notation};
use crate::score::ScoreAnswer;

/// A completed iteration of the engine, as a line of the stream.
///
/// ```
/// use kpk_answers::analysis::{Iteration, written};
/// use kpk_answers::score::ScoreAnswer;
/// use kpk_score::Score;
/// use shakmaty::{Chess, Position};
/// let root = Chess::default();
/// let e4 = root.legal_moves().into_iter().find(|m| m.to().to_string() == "e4").unwrap();
/// let it = Iteration {
///     depth: 1, seldepth: 1, multipv: 1, nodes: 21, time_ms: 0, tbhits: 0,
///     score: ScoreAnswer::of(Score::eval(30)),
///     pv: written(&root, &[e4]),
/// };
/// let line = String::from_utf8(it.to_line()).unwrap();
/// assert!(line.ends_with(r#""pv":[{"uci":"e2e4","san":"e4"}]}
/// "#), "{line}");
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
    /// The principal variation from the root.
    pub pv: Vec<Notated>,
}

impl Iteration {
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

/// `line` from `root` in UCI and SAN, until a move that is not legal.
///
/// ```
/// use kpk_answers::analysis::written;
/// use shakmaty::{Chess, Position, Role};
/// let root = Chess::default();
/// let knight = |m: &shakmaty::Move| m.role() == Role::Knight && m.to().to_string() == "f3";
/// let moves: Vec<_> = root.legal_moves().into_iter().filter(knight).collect();
/// assert_eq!(written(&root, &moves)[0].san, "Nf3");
/// ```
#[must_use]
pub fn written(root: &Chess, line: &[Move]) -> Vec<Notated> {
    let mut pos = root.clone();
    let mut out = Vec::with_capacity(line.len());
    for &m in line {
        if !pos.is_legal(m) {
            break;
        }
        let before = pos.clone();
        pos.play_unchecked(m);
        let (checkmate, check) = (pos.is_checkmate(), pos.is_check());
        let uci = Notation::uci_of(m);
        out.push(Notated { uci, san: Notation::san_after(&before, m, checkmate, check) });
    }
    out
}

/// The stream's last line: `done`, the last depth and the best move (null where the side to
/// move has none).
///
/// ```
/// use shakmaty::Chess;
/// let last = kpk_answers::analysis::done(&Chess::default(), 12, None);
/// assert_eq!(serde_json::to_string(&last).unwrap(), r#"{"done":true,"depth":12,"bestmove":null}"#);
/// ```
#[must_use]
pub fn done(root: &Chess, depth: u8, best: Option<Move>) -> Done {
    Done { done: true, depth, bestmove: best.and_then(|m| written(root, &[m]).pop()) }
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
}

impl Done {
    /// The line as the stream sends it: compact JSON and a newline.
    #[must_use]
    pub fn to_line(&self) -> Vec<u8> {
        line(self)
    }
}
