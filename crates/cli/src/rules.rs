//! `kpk rules`: every recognizer of the literature with the positions it decides and its errors,
//! measured over every legal KPK position against the bitbase ([`RulesReport`]).

use std::process::ExitCode;

use kpk_answers::report::RulesReport;
use serde_json::json;

/// Prints one row (or JSON object) per rule.
///
/// # Errors
/// A message when standard output cannot be written.
pub fn run(json: bool) -> Result<ExitCode, String> {
    let report = RulesReport::measure();
    let text = if json {
        report.rows.iter().map(|r| format!("{}\n", json!(r))).collect()
    } else {
        report.to_string()
    };
    crate::emit(&text)?;
    Ok(ExitCode::SUCCESS)
}
