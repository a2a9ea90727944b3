//! `kpk line`: the optimal line to mate, or the statement that the position is drawn.

use std::process::ExitCode;

use kpk_answers::line::Line;
use serde_json::json;

use crate::fen;

/// Prints the optimal line of one position ([`Line`]: its text form, or its JSON).
///
/// # Errors
/// A message for a bad FEN or when standard output cannot be written.
pub fn run(fen_text: &str, json: bool) -> Result<ExitCode, String> {
    let parsed = fen::parse(fen_text).map_err(|e| e.to_string())?;
    let line = Line::of(fen_text, &parsed.position, parsed.halfmoves);
    let text = if json { format!("{}\n", json!(line)) } else { line.to_string() };
    crate::emit(&text)?;
    Ok(ExitCode::SUCCESS)
}
