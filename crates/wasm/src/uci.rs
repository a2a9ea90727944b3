//! A UCI engine's output read for the page, as [`kpk_answers::uci_info::UciReader`] reads it
//! for `kpk serve --engine`: the page runs the engine (Stockfish's WebAssembly build in a Web
//! Worker on the static site) and hands each line it prints here; what comes back is the
//! stream's JSON line (an iteration, or the last line at `bestmove`), or nothing. One reader
//! at a time: starting one ends the last.

use std::cell::RefCell;

use kpk_answers::api::{self, ApiError};
use kpk_answers::uci_info::{Reading, UciReader};

thread_local! {
    static READER: RefCell<Option<UciReader>> = const { RefCell::new(None) };
}

/// Starts reading the analysis of `fen` by `engine` (its `id name`).
///
/// # Errors
/// The [`ApiError`] of a missing, malformed or illegal FEN (400).
pub fn start(fen: &str, engine: &str) -> Result<(), ApiError> {
    let root = api::parse_position(Some(fen))?;
    READER.set(Some(UciReader::new(root, engine)));
    Ok(())
}

/// Whether a reader was started (a fresh instance of the module has none).
#[must_use]
pub fn started() -> bool {
    READER.with_borrow(Option::is_some)
}

/// The stream's JSON line (without a newline) for one line of the engine's output: an
/// iteration, or the last line at its `bestmove`; `None` for a line that is neither, or where
/// no reader was started.
///
/// ```
/// use kpk_wasm::uci::{read, start};
/// start("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "Stockfish 18").unwrap();
/// assert!(read("info string NNUE evaluation using nn.nnue").is_none());
/// let line = String::from_utf8(read("info depth 12 score cp 31 pv e2e4 e7e5").unwrap()).unwrap();
/// assert!(line.contains(r#""san":"e4""#) && line.contains(r#""engine":"Stockfish 18""#));
/// let last = String::from_utf8(read("bestmove e2e4 ponder e7e5").unwrap()).unwrap();
/// assert!(last.starts_with(r#"{"done":true,"depth":12,"#), "{last}");
/// assert!(start("not a fen", "x").is_err());
/// assert!(kpk_wasm::uci::started());
/// ```
#[must_use]
pub fn read(line: &str) -> Option<Vec<u8>> {
    READER.with_borrow_mut(|reader| {
        let text = match reader.as_mut()?.read(line)? {
            Reading::Line(it) => it.to_line(),
            Reading::Done(last) => last.to_line(),
        };
        Some(text.strip_suffix(b"\n").unwrap_or(&text).to_vec())
    })
}
