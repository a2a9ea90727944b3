//! `kpk probe`: the verdict and distance to mate of each position, and every move's outcome.

use std::io::{self, Write};
use std::process::ExitCode;

use clap::builder::{PossibleValue, PossibleValuesParser, TypedValueParser};
use kpk_answers::batch::{answer, answer_batch};
use kpk_answers::probe::Method;

/// The values of `--method`: each [`Method`] by its name ([`Method::name`]), with what it
/// answers, for `kpk probe --help`.
#[must_use]
pub fn method_parser() -> impl TypedValueParser<Value = Method> {
    const METHODS: [Method; 3] = [Method::Tables, Method::Rules, Method::Recognizer];
    let about = |m: Method| match m {
        Method::Tables => "The tables: the bitbase and exact distance to mate",
        Method::Rules => {
            "The rule-based classifier (`kpk_rules::classify`): every position answered with \
             certainty, each verdict with its basis (a rule, a proof, or the material)"
        }
        Method::Recognizer => {
            "The sound recognizer (`kpk_rules::recognize`): never wrong, `unknown` where the \
             rules do not decide"
        }
    };
    PossibleValuesParser::new(METHODS.map(|m| PossibleValue::new(m.name()).help(about(m))))
        .map(|name| METHODS.into_iter().find(|m| m.name() == name).unwrap_or_default())
}

/// Probes every FEN (standard input when `fens` is empty), positions of more than three men from
/// the Syzygy tables of the directories `syzygy`. Every position is answered; the exit code is
/// non-zero if any failed.
///
/// # Errors
/// A message when a directory of tables cannot be used, the input cannot be read or the output
/// cannot be written.
pub fn run(
    fens: &[String],
    json: bool,
    method: Method,
    syzygy: &[std::path::PathBuf],
) -> Result<ExitCode, String> {
    let files = if syzygy.is_empty() { None } else { Some(crate::tablebases(syzygy)?) };
    let files = files.as_ref();
    let stdout = io::stdout();
    let mut out = io::BufWriter::new(stdout.lock());
    let mut err = io::stderr();
    let failed = if fens.is_empty() {
        answer_batch(io::stdin().lock(), &mut out, &mut err, json, method, files)?
    } else {
        let mut failed = false;
        for fen_text in fens {
            let a = answer(fen_text.as_bytes(), json, method, files);
            a.write_to(&mut out, &mut err)?;
            failed |= a.failed;
        }
        failed
    };
    out.flush().map_err(|e| crate::output_error(&e))?;
    Ok(if failed { ExitCode::FAILURE } else { ExitCode::SUCCESS })
}
