//! A UCI engine's output read as the analysis stream's lines, for an engine the operator
//! chooses (`kpk serve --engine PATH`) or the page runs (Stockfish on the static site): a
//! [`UciReader`] turns each `info` line into an [`Iteration`] (the score through the Score
//! crate's UCI parser: `cp`, `mate`, `lowerbound`, `upperbound`; the principal variation played
//! from the root while its moves are legal) and the `bestmove` into the stream's last line
//! ([`Done`]). A line without a score or a principal variation (the engine's `currmove`,
//! `string`, `hashfull` reports) is not an iteration.
//!
//! **The tables still decide**: where a line reaches a position of at most three men, its score
//! is the tables' from there (under the 50-move rule from the clock the line reaches), carried
//! back to the root ([`TablesMeet`]); an engine's mate that the tables disprove there is named
//! in [`TablesMeet::contradiction`], for the host's log.
//!
//! ```
//! use kpk_answers::uci_info::{Reading, UciReader, iteration};
//! use shakmaty::Chess;
//! let line = "info depth 18 seldepth 24 multipv 2 score cp -31 upperbound nodes 52000 \
//!             nps 900000 tbhits 0 time 57 pv e2e4 g1f3";
//! let it = iteration(&Chess::default(), line, "Stockfish 17").unwrap();
//! assert_eq!((it.depth, it.multipv, it.nodes, it.time_ms), (18, 2, 52_000, 57));
//! assert_eq!(it.score.uci, "cp -31");
//! assert_eq!(it.pv.len(), 1, "g1f3 is not Black's move: the line stops before it");
//! assert_eq!(it.engine, "Stockfish 17");
//! assert!(iteration(&Chess::default(), "info depth 3 currmove e2e4", "x").is_none());
//! // a large centipawn value is an evaluation, never one of kpk's known wins
//! let big = iteration(&Chess::default(), "info depth 9 score cp 14500 pv e2e4", "x").unwrap();
//! assert_eq!(big.score.band, "heuristic");
//! // the reader remembers the last depth and score for the stream's last line
//! let mut reader = UciReader::new(Chess::default(), "Stockfish 17");
//! assert!(matches!(reader.read("info depth 7 score cp 20 pv d2d4"), Some(Reading::Line(_))));
//! let Some(Reading::Done(last)) = reader.read("bestmove d2d4 ponder d7d5") else { panic!() };
//! assert_eq!((last.depth, last.bestmove.unwrap().san.as_str()), (7, "d4"));
//! ```
//!
//! A line that reaches three men is scored by the tables (White: Kd1, Pe2; Black: Ke8, Rd2;
//! the line takes the rook):
//!
//! ```
//! use kpk_answers::uci_info::iteration;
//! use shakmaty::{CastlingMode, Chess, fen::Fen};
//! let root: Chess = "4k3/8/8/8/8/8/3rP3/3K4 w - - 0 1".parse::<Fen>().unwrap()
//!     .into_position(CastlingMode::Standard).unwrap();
//! let it = iteration(&root, "info depth 20 score cp 650 pv d1d2 e8e7", "E").unwrap();
//! let meet = it.tables.as_ref().unwrap();
//! assert_eq!((meet.ply, meet.engine.text.as_str()), (1, "+6.50"));
//! assert_eq!(meet.note, "the tables' score after 1. Kxd2, where the line reaches three men (E: +6.50)");
//! assert_eq!(it.score.band, "mate", "the tables' mate, not the engine's +6.50");
//! assert!(meet.contradiction.is_none(), "an evaluation contradicts nothing");
//! // an engine that says White is mated along that line is contradicted
//! let wrong = iteration(&root, "info depth 20 score mate -3 pv d1d2", "E").unwrap();
//! assert!(wrong.tables.unwrap().contradiction.unwrap().contains("the tables say"));
//! ```

use kpk_score::{Score, UciScore};
use kpk_search::search::tables_mate;
use shakmaty::uci::UciMove;
use shakmaty::{Chess, Move, Position};

use crate::analysis::{Done, Iteration, TablesMeet, done, written};
use crate::score::{Bar, ScoreAnswer};

/// The longest principal variation read (a flood of moves is cut there).
const MAX_PV: usize = 64;

/// What a line of the engine's output is for the stream.
#[derive(Clone, Debug, PartialEq)]
pub enum Reading {
    /// An iteration (an `info` line with a score and a legal principal variation).
    Line(Box<Iteration>),
    /// The analysis's end (`bestmove`): the last depth, the best move, why it ended.
    Done(Done),
}

/// Reads one analysis's output from a UCI engine: its `info` lines as iterations, its
/// `bestmove` as the last line with the last depth and score read.
#[derive(Clone, Debug)]
pub struct UciReader {
    root: Chess,
    engine: String,
    depth: u8,
    score: Score,
}

impl UciReader {
    /// A reader of the analysis of `root` by `engine` (its `id name`).
    #[must_use]
    pub fn new(root: Chess, engine: &str) -> UciReader {
        UciReader { root, engine: engine.to_string(), depth: 0, score: Score::ZERO }
    }

    /// The root analysed.
    #[must_use]
    pub fn root(&self) -> &Chess {
        &self.root
    }

    /// What `line` of the engine's output is: an iteration, the end, or nothing for the stream.
    pub fn read(&mut self, line: &str) -> Option<Reading> {
        if let Some(best) = line.strip_prefix("bestmove") {
            let best = best.split_ascii_whitespace().next().and_then(|w| w.parse::<UciMove>().ok());
            let best = best.and_then(|m| m.to_move(&self.root).ok());
            return Some(Reading::Done(done(&self.root, self.depth, best, self.score, false)));
        }
        let it = iteration(&self.root, line, &self.engine)?;
        if it.multipv <= 1 {
            self.depth = it.depth;
            // the score the line was read with, not read again from its words
            self.score = Score::new(it.score.value);
        }
        Some(Reading::Line(Box::new(it)))
    }
}

/// The iteration a UCI `info` line reports from `root`, by `engine` (its `id name`), or `None`
/// where the line has no score or no legal first move; a line that reaches the tables is scored
/// by them ([`TablesMeet`]).
#[must_use]
pub fn iteration(root: &Chess, line: &str, engine: &str) -> Option<Iteration> {
    let mut words = line.split_ascii_whitespace();
    if words.next() != Some("info") {
        return None;
    }
    let (mut depth, mut seldepth, mut multipv, mut nodes, mut time, mut tbhits) =
        (0, 0, 1, 0, 0, 0);
    let mut score = None;
    let mut bounded = false;
    let mut pv = Vec::new();
    while let Some(key) = words.next() {
        let mut number = || words.next().and_then(|w| w.parse::<u64>().ok()).unwrap_or(0);
        match key {
            "depth" => depth = number(),
            "seldepth" => seldepth = number(),
            "multipv" => multipv = number(),
            "nodes" => nodes = number(),
            "time" => time = number(),
            "tbhits" => tbhits = number(),
            "score" => score = read_score(&mut words),
            "lowerbound" | "upperbound" => bounded = true,
            "pv" => {
                pv = moves(root, &mut words);
                break;
            }
            // a free-text field ends the line's fields
            "string" => break,
            _ => {}
        }
    }
    let said = score?;
    if pv.is_empty() {
        return None;
    }
    let tables = meet(root, &pv, said, bounded, engine);
    let score = tables.as_ref().map_or(said, |(t, _)| *t);
    Some(Iteration {
        depth: u8::try_from(depth).unwrap_or(u8::MAX),
        seldepth: u32::try_from(seldepth).unwrap_or(u32::MAX),
        multipv: u8::try_from(multipv.max(1)).unwrap_or(u8::MAX),
        nodes,
        time_ms: u128::from(time),
        tbhits,
        score: ScoreAnswer::of(score),
        bar: Bar::of_score(score, root.turn().is_white()),
        pv: written(root, &pv),
        engine: engine.to_string(),
        tables: tables.map(|(_, m)| m),
    })
}

/// Where `pv` first reaches at most three men: the tables' score there carried back to the root
/// (for the side to move at the root) and the meeting; a mate of the engine's (`said`, read
/// without a bound) that the tables disprove is named.
fn meet(
    root: &Chess,
    pv: &[Move],
    said: Score,
    bounded: bool,
    engine: &str,
) -> Option<(Score, TablesMeet)> {
    let mut pos = root.clone();
    for (k, &m) in pv.iter().enumerate() {
        pos.play_unchecked(m);
        let Some(mate) = tables_mate(&pos) else { continue };
        let ply = u32::try_from(k + 1).unwrap_or(u32::MAX);
        // the tables' value for the side to move there, its distance counted from the root
        let there = mate.map_or(Score::ZERO, |d| d.to_score(ply));
        let tables = if ply % 2 == 0 { there } else { -there };
        let disproved = !bounded
            && ((said.is_mate() && !(tables.is_mate() && tables >= said))
                || (said.is_mated() && !(tables.is_mated() && tables <= said)));
        let played = written(root, &pv[..=k]);
        let line: Vec<&str> = played.iter().map(|s| s.label.as_str()).collect();
        let contradiction = disproved.then(|| {
            format!(
                "{engine} says {} for the line {}, where the tables say {}",
                ScoreAnswer::of(said).text,
                line.join(" "),
                ScoreAnswer::of(tables).text
            )
        });
        let note = format!(
            "the tables' score after {}, where the line reaches three men ({engine}: {})",
            line.last().unwrap_or(&""),
            ScoreAnswer::of(said).text
        );
        let meeting = TablesMeet { ply, engine: ScoreAnswer::of(said), note, contradiction };
        return Some((tables, meeting));
    }
    None
}

/// `cp N` or `mate N` (a bound word after it changes nothing here): a mate through the Score
/// crate's parser, a centipawn value as an evaluation held inside the heuristic band, so that no
/// engine's large `cp` reads as one of kpk's known wins or mates.
fn read_score<'a>(words: &mut impl Iterator<Item = &'a str>) -> Option<Score> {
    let kind = words.next()?;
    let value = words.next()?;
    match kind {
        // Score::eval saturates into the heuristic band
        "cp" => value.parse::<i32>().ok().map(Score::eval),
        "mate" => format!("mate {value}").parse::<UciScore>().ok().map(|s| s.score),
        _ => None,
    }
}

/// The legal moves of a `pv` from `root`, up to the first that does not read or is not legal.
fn moves<'a>(root: &Chess, words: &mut impl Iterator<Item = &'a str>) -> Vec<Move> {
    let mut pos = root.clone();
    let mut out = Vec::new();
    for word in words.take(MAX_PV) {
        let Ok(uci) = word.parse::<UciMove>() else { break };
        let Ok(m) = uci.to_move(&pos) else { break };
        pos.play_unchecked(m);
        out.push(m);
    }
    out
}
