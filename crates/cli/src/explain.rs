//! `kpk explain`: the verdict of a position and the reason in chess words, from the rules.

use std::io::{self, Write};
use std::process::ExitCode;

use kpk_answers::batch::{answer_lines, explain};

/// Explains one position, or every FEN of standard input (one per line) when `fen` is `None`
/// ([`kpk_answers::explain::Explanation`]: its text form, verbose or not, or one JSON object
/// each). Every position is answered; the exit code is non-zero if any failed.
///
/// # Errors
/// A message for a bad FEN given as the argument, or when the input cannot be read or the
/// output cannot be written.
pub fn run(fen: Option<&str>, json: bool, verbose: bool) -> Result<ExitCode, String> {
    let Some(fen) = fen else {
        let mut out = io::BufWriter::new(io::stdout().lock());
        let failed = answer_lines(io::stdin().lock(), &mut out, &mut io::stderr(), |line| {
            explain(line, json, verbose)
        })?;
        out.flush().map_err(|e| format!("cannot write output: {e}"))?;
        return Ok(if failed { ExitCode::FAILURE } else { ExitCode::SUCCESS });
    };
    let answer = explain(fen.as_bytes(), json, verbose);
    if answer.failed && !json {
        return Err(answer.err.trim_start_matches("error: ").trim_end().to_string());
    }
    crate::emit(&String::from_utf8_lossy(&answer.out))?;
    Ok(if answer.failed { ExitCode::FAILURE } else { ExitCode::SUCCESS })
}
