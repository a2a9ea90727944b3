//! A UCI engine's `info` lines read as the analysis stream's iterations ([`Iteration`]), for an
//! engine the operator chooses (`kpk serve --engine PATH`): the score through the Score crate's
//! UCI parser (`cp`, `mate`, `lowerbound`, `upperbound`), the principal variation played from
//! the root while its moves are legal. A line without a score or a principal variation (the
//! engine's `currmove`, `string`, `hashfull` reports) is not an iteration.
//!
//! ```
//! use kpk_answers::uci_info::iteration;
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
//! ```

use kpk_score::{Score, UciScore};
use shakmaty::uci::UciMove;
use shakmaty::{Chess, Move, Position};

use crate::analysis::{Iteration, written};
use crate::score::{Bar, ScoreAnswer};

/// The longest principal variation read (a flood of moves is cut there).
const MAX_PV: usize = 64;

/// The iteration a UCI `info` line reports from `root`, by `engine` (its `id name`), or `None`
/// where the line has no score or no legal first move.
#[must_use]
pub fn iteration(root: &Chess, line: &str, engine: &str) -> Option<Iteration> {
    let mut words = line.split_ascii_whitespace();
    if words.next() != Some("info") {
        return None;
    }
    let (mut depth, mut seldepth, mut multipv, mut nodes, mut time, mut tbhits) =
        (0, 0, 1, 0, 0, 0);
    let mut score = None;
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
            "pv" => {
                pv = moves(root, &mut words);
                break;
            }
            // a free-text field ends the line's fields
            "string" => break,
            _ => {}
        }
    }
    let score = score?;
    if pv.is_empty() {
        return None;
    }
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
    })
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
