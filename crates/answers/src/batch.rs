//! Answering a batch of FENs, one per line, as `kpk probe` does on standard input: every line
//! gets an answer (a JSON object each in JSON mode, blank and non-UTF-8 lines included) or an
//! error naming what is wrong, and the batch says whether any line failed.
//!
//! ```
//! use kpk_answers::batch::answer_batch;
//! use kpk_answers::probe::Method;
//!
//! let input = "4k3/8/4K3/4P3/8/8/8/8 w - - 0 1\nnot a fen\n";
//! let (mut out, mut err) = (Vec::new(), Vec::new());
//! let failed =
//!     answer_batch(input.as_bytes(), &mut out, &mut err, true, Method::Tables, None).unwrap();
//! assert!(failed);
//! let out = String::from_utf8(out).unwrap();
//! assert_eq!(out.lines().count(), 2);
//! assert!(out.lines().nth(1).unwrap().contains("\"error\""));
//! ```

use std::io::{BufRead, Write};

use kpk::Endgame;
use kpk_shakmaty::fen::{self, FenError};
use kpk_syzygy::Tablebases;
use serde::Serialize;

use crate::api::LineError;
use crate::explain::Explanation;
use crate::probe::{Method, Probe};

/// `answer`'s compact JSON text and a newline.
fn json_line(answer: &impl Serialize) -> Vec<u8> {
    let mut out = Vec::with_capacity(4096);
    // writing a derived `Serialize` into memory does not fail
    let _ = serde_json::to_writer(&mut out, answer);
    out.push(b'\n');
    out
}

/// The message of a failed write of the answers.
fn output_error(e: &std::io::Error) -> String {
    format!("cannot write output: {e}")
}

/// The typed answer for a position with `halfmoves` on the clock by `method`, echoing the FEN
/// asked.
#[must_use]
pub fn probe(fen: &str, pos: &Endgame, halfmoves: u32, method: Method) -> Probe {
    Probe::by(method, pos, halfmoves).with_fen(fen)
}

/// The answer to one input line: the text to print on standard output, the message to print
/// on standard error (text mode only), and whether the line failed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Answer {
    /// For standard output: a JSON object and a newline, or the text block (UTF-8).
    pub out: Vec<u8>,
    /// For standard error: `error: ...` and a newline, in text mode, for a failed line.
    pub err: String,
    /// Whether the line failed.
    pub failed: bool,
}

impl Answer {
    /// Writes the answer: the error line to `err` (after flushing `out`, so the two streams
    /// keep their order on a terminal), then the output to `out`.
    ///
    /// # Errors
    /// A message when `out` cannot be written (a failed write to `err` is ignored).
    pub fn write_to(&self, out: &mut impl Write, err: &mut impl Write) -> Result<(), String> {
        if !self.err.is_empty() {
            out.flush().map_err(|e| output_error(&e))?;
            let _ = err.write_all(self.err.as_bytes());
        }
        out.write_all(&self.out).map_err(|e| output_error(&e))
    }
}

/// The answer for a FEN by `method` for at most three men, and from `files` (Syzygy tables)
/// for a position beyond them when files are given; an error message otherwise.
fn probe_text(text: &str, method: Method, files: Option<&Tablebases>) -> Result<Probe, String> {
    let fen_text = text.trim();
    match (fen::parse(text), files) {
        (Ok(p), _) => Ok(probe(fen_text, &p.position, p.halfmoves, method)),
        (Err(FenError::TooManyMen { .. } | FenError::Castling { .. }), Some(files)) => {
            let pos = fen::parse_position(text).map_err(|e| e.to_string())?;
            let answer = Probe::from_files(files, &pos).map_err(|e| e.to_string())?;
            Ok(answer.with_fen(fen_text))
        }
        (Err(e), _) => Err(e.to_string()),
    }
}

/// Answers one line of input, given as bytes: a FEN, or anything else, which gets an error.
/// In JSON mode every line, blank or not valid UTF-8 included, gets exactly one JSON object.
/// Positions of at most three men are answered by `method`; more men from `files`, when given
/// (beyond the files: `unknown`, with the moves that enter them).
#[must_use]
pub fn answer(line: &[u8], json: bool, method: Method, files: Option<&Tablebases>) -> Answer {
    let (fen_text, answered) = match std::str::from_utf8(line) {
        Ok(text) => (text.trim().to_string(), probe_text(text, method, files)),
        Err(e) => {
            let shown = String::from_utf8_lossy(line).trim().to_string();
            let message = format!("input is not valid UTF-8 (byte {}): '{shown}'", e.valid_up_to());
            (shown, Err(message))
        }
    };
    match (answered, json) {
        (Ok(p), true) => Answer { out: json_line(&p), err: String::new(), failed: false },
        (Ok(p), false) => {
            Answer { out: p.to_string().into_bytes(), err: String::new(), failed: false }
        }
        (Err(error), true) => Answer {
            out: json_line(&LineError { fen: fen_text, error }),
            err: String::new(),
            failed: true,
        },
        (Err(e), false) => Answer { out: Vec::new(), err: format!("error: {e}\n"), failed: true },
    }
}

/// Answers every line of `input` in order (a final line without a newline counts; `\r\n` line
/// ends are accepted) as [`answer`] does, writing to `out` and `err`. Returns whether any line
/// failed.
///
/// # Errors
/// A message when the input cannot be read or the output cannot be written.
pub fn answer_batch(
    input: impl BufRead,
    out: &mut impl Write,
    err: &mut impl Write,
    json: bool,
    method: Method,
    files: Option<&Tablebases>,
) -> Result<bool, String> {
    answer_lines(input, out, err, |line| answer(line, json, method, files))
}

/// Answers every line of `input` in order with `answer_line` (a final line without a newline
/// counts; `\r\n` line ends are accepted), writing to `out` and `err`. Returns whether any
/// line failed.
///
/// ```
/// use kpk_answers::batch::{answer_lines, explain};
/// let input = "4k3/8/4K3/4P3/8/8/8/8 w - - 0 1\n8/8 w\n";
/// let (mut out, mut err) = (Vec::new(), Vec::new());
/// let failed = answer_lines(input.as_bytes(), &mut out, &mut err, |l| explain(l, true, false)).unwrap();
/// assert!(failed);
/// assert!(String::from_utf8(out).unwrap().lines().nth(1).unwrap().contains(r#""error""#));
/// ```
///
/// # Errors
/// A message when the input cannot be read or the output cannot be written.
pub fn answer_lines(
    mut input: impl BufRead,
    out: &mut impl Write,
    err: &mut impl Write,
    answer_line: impl Fn(&[u8]) -> Answer,
) -> Result<bool, String> {
    let mut failed = false;
    let mut line = Vec::new();
    loop {
        line.clear();
        let n = input
            .read_until(b'\n', &mut line)
            .map_err(|e| format!("cannot read standard input: {e}"))?;
        if n == 0 {
            return Ok(failed);
        }
        let body = line.strip_suffix(b"\n").unwrap_or(&line);
        let body = body.strip_suffix(b"\r").unwrap_or(body);
        let a = answer_line(body);
        a.write_to(out, err)?;
        failed |= a.failed;
    }
}

/// The explanation of one FEN as `kpk explain` gives it ([`Explanation`]): one JSON object and a
/// newline, or its text form (verbose or not); an error names what is wrong with the FEN (in
/// JSON, an object with the FEN and the error).
///
/// ```
/// use kpk_answers::batch::explain;
/// let a = explain(b"4k3/8/4K3/4P3/8/8/8/8 w - - 0 1", true, false);
/// assert!(!a.failed && a.out.starts_with(br#"{"fen":"4k3/8/4K3/4P3/8/8/8/8 w - - 0 1","category":"win""#));
/// assert!(explain(b"not a fen", false, false).err.starts_with("error: invalid FEN"));
/// ```
#[must_use]
pub fn explain(line: &[u8], json: bool, verbose: bool) -> Answer {
    let text = String::from_utf8_lossy(line);
    let fen_text = text.trim();
    let explained = match std::str::from_utf8(line) {
        Ok(_) => {
            fen::parse(fen_text).map(|p| Explanation::of(fen_text, &p)).map_err(|e| e.to_string())
        }
        Err(e) => Err(format!("input is not valid UTF-8 (byte {}): '{fen_text}'", e.valid_up_to())),
    };
    let out = |text: String| Answer { out: text.into_bytes(), err: String::new(), failed: false };
    match (explained, json, verbose) {
        (Ok(x), true, _) => Answer { out: json_line(&x), err: String::new(), failed: false },
        (Ok(x), false, true) => out(x.verbose().to_string()),
        (Ok(x), false, false) => out(x.to_string()),
        (Err(error), true, _) => Answer {
            out: json_line(&LineError { fen: fen_text.to_string(), error }),
            err: String::new(),
            failed: true,
        },
        (Err(e), false, _) => {
            Answer { out: Vec::new(), err: format!("error: {e}\n"), failed: true }
        }
    }
}
