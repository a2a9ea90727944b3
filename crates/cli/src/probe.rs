//! `kpk probe`: the verdict and distance to mate of each position, and every move's outcome.

use std::io::{self, Write};
use std::process::ExitCode;

use clap::ValueEnum;
use kpk_answers::batch::{answer, answer_batch};
use kpk_answers::probe;

/// Which knowledge answers `kpk probe` (the command line's names for [`probe::Method`]).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, ValueEnum)]
pub enum Method {
    /// The tables: the bitbase and exact distance to mate.
    #[default]
    Bitbase,
    /// The rule-based classifier (`kpk::rules::classify`): every position answered with
    /// certainty, each verdict with its basis (a rule, a proof, or the material).
    Rules,
    /// The sound recognizer (`kpk::rules::recognize`): never wrong, `unknown` where the rules do
    /// not decide.
    Recognizer,
}

impl From<Method> for probe::Method {
    fn from(m: Method) -> probe::Method {
        match m {
            Method::Bitbase => probe::Method::Tables,
            Method::Rules => probe::Method::Rules,
            Method::Recognizer => probe::Method::Recognizer,
        }
    }
}

/// Probes every FEN (standard input when `fens` is empty). Every position is answered; the exit
/// code is non-zero if any failed.
///
/// # Errors
/// A message when the input cannot be read or the output cannot be written.
pub fn run(fens: &[String], json: bool, method: Method) -> Result<ExitCode, String> {
    let stdout = io::stdout();
    let mut out = io::BufWriter::new(stdout.lock());
    let mut err = io::stderr();
    let failed = if fens.is_empty() {
        answer_batch(io::stdin().lock(), &mut out, &mut err, json, method.into())?
    } else {
        let mut failed = false;
        for fen_text in fens {
            let a = answer(fen_text.as_bytes(), json, method.into());
            if !a.err.is_empty() {
                out.flush().map_err(|e| crate::output_error(&e))?;
                let _ = err.write_all(a.err.as_bytes());
            }
            out.write_all(&a.out).map_err(|e| crate::output_error(&e))?;
            failed |= a.failed;
        }
        failed
    };
    out.flush().map_err(|e| crate::output_error(&e))?;
    Ok(if failed { ExitCode::FAILURE } else { ExitCode::SUCCESS })
}
