//! The engine in the module: `kpk-search` as `kpk serve`'s `/engine` runs it (the tables at
//! the root and below it, every selective piece), its iterations written as the same JSON lines
//! ([`kpk_answers::analysis`]), one to five lines per depth (`MultiPV`). The searcher and its
//! transposition table are kept from one analysis to the next.

use std::cell::RefCell;
use std::time::Duration;

use kpk_answers::analysis::{self, Iteration};
use kpk_answers::api::{self, ApiError};
use kpk_search::search::{Limits, Searcher};

pub use kpk_answers::analysis::{MAX_LINES, TABLE_MIB};

thread_local! {
    static SEARCHER: RefCell<Option<Searcher>> = const { RefCell::new(None) };
}

/// What an analysis is asked: how many lines, and when it stops (none: it runs until the
/// deepest iteration, or until the page stops the worker).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Ask {
    /// Lines per depth, 1 to [`MAX_LINES`] (0 reads as 1).
    pub lines: u8,
    /// Thinking time.
    pub time: Option<Duration>,
    /// The deepest iteration.
    pub depth: Option<u8>,
}

/// Analyses `fen` (any legal position): `emit` gets each iteration's line (JSON and a newline)
/// as it completes; the answer is the last line (`done`, the depth, the best move), or the
/// refusal of the FEN.
///
/// ```
/// use kpk_wasm::engine::{Ask, analyse};
/// let mut lines = Vec::new();
/// let ask = Ask { lines: 2, depth: Some(3), ..Ask::default() };
/// let done = analyse("7k/8/6K1/8/8/8/8/1Q6 w - - 0 1", ask, &mut |l| lines.push(l.to_vec())).unwrap();
/// assert!(String::from_utf8(done).unwrap().contains(r#""uci":"b1b8""#));
/// assert!(!lines.is_empty());
/// ```
///
/// # Errors
/// The [`ApiError`] of a missing, malformed or illegal FEN (400).
pub fn analyse(fen: &str, ask: Ask, emit: &mut dyn FnMut(&[u8])) -> Result<Vec<u8>, ApiError> {
    let root = api::parse_position(Some(fen))?;
    let options = analysis::options(ask.lines);
    let limits = Limits { time: ask.time, depth: ask.depth, ..Limits::default() };
    let result = SEARCHER.with_borrow_mut(|slot| {
        let searcher = slot.get_or_insert_with(|| Searcher::new(TABLE_MIB));
        searcher.set_options(options);
        searcher.run(&root, &[], limits, &mut |info| {
            emit(&Iteration::of(&root, info).to_line());
        })
    });
    Ok(analysis::done(
        &root,
        result.depth,
        result.best,
        result.score,
        u32::from(result.depth) >= kpk_search::search::MAX_SEARCH_PLY,
    )
    .to_line()
    .strip_suffix(b"\n")
    .unwrap_or_default()
    .to_vec())
}
