//! `kpk explain`: the verdict of a position and the reason in chess words, from the rules.

use std::process::ExitCode;

use kpk_answers::explain::Explanation;
use serde_json::json;

use crate::fen;

/// Explains one position ([`Explanation`]: its text form, verbose or not, or its JSON).
///
/// # Errors
/// A message for a bad FEN or when standard output cannot be written.
pub fn run(fen_text: &str, json: bool, verbose: bool) -> Result<ExitCode, String> {
    let parsed = fen::parse(fen_text).map_err(|e| e.to_string())?;
    let explanation = Explanation::of(fen_text, &parsed);
    let out = match (json, verbose) {
        (true, _) => format!("{}\n", json!(explanation)),
        (false, true) => explanation.verbose().to_string(),
        (false, false) => explanation.to_string(),
    };
    crate::emit(&out)?;
    Ok(ExitCode::SUCCESS)
}
