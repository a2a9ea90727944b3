//! `kpk probe`: the verdict and distance to mate of each position, and every move's outcome.

use std::io::{self, BufRead, Write};
use std::process::ExitCode;

use kpk::dtm::{self, Dtm};
use kpk::{Endgame, Wdl};
use serde_json::{Value, json};

use crate::fen::{self, Parsed};

/// `win`, `draw` or `loss` from a DTM.
#[must_use]
pub fn category(d: Option<Dtm>) -> Wdl {
    d.map_or(Wdl::Draw, Dtm::wdl)
}

fn dtm_json(d: Option<Dtm>) -> Value {
    d.map_or(Value::Null, |d| json!(d.plies()))
}

/// The JSON answer for a position, in the lichess tablebase API's shape.
#[must_use]
pub fn to_json(text: &str, p: &Parsed) -> Value {
    let pos = &p.position;
    let d = dtm::probe(pos);
    let moves: Vec<Value> = dtm::outcomes(pos)
        .map(|o| {
            json!({
                "uci": o.mv.to_string(),
                "san": fen::san(&p.chess, o.mv),
                "category": category(o.dtm).as_str(),
                "dtm": dtm_json(o.dtm),
                "checkmate": o.after.is_checkmate(),
                "stalemate": o.after.is_stalemate(),
                "insufficient_material": o.after.is_insufficient_material(),
            })
        })
        .collect();
    json!({
        "fen": text,
        "category": category(d).as_str(),
        "dtm": dtm_json(d),
        "checkmate": pos.is_checkmate(),
        "stalemate": pos.is_stalemate(),
        "insufficient_material": pos.is_insufficient_material(),
        "moves": moves,
    })
}

/// Words for a DTM from the side to move: "mate in 3 (5 plies)".
#[must_use]
pub fn describe(d: Option<Dtm>) -> String {
    match d {
        None => "draw".to_string(),
        Some(d) if d.plies() == 0 => "checkmated".to_string(),
        Some(d) if d.is_win() => {
            format!("win, mate in {} ({} plies)", d.uci_mate_moves(), d.plies())
        }
        Some(d) => format!("loss, mated in {} ({} plies)", -d.uci_mate_moves(), -d.plies()),
    }
}

fn to_text(text: &str, p: &Parsed) -> String {
    let pos: &Endgame = &p.position;
    let d = dtm::probe(pos);
    let mut s = format!("{text}\n  {} to move: {}", pos.side_to_move(), describe(d));
    if pos.is_stalemate() {
        s.push_str(" (stalemate)");
    } else if pos.is_insufficient_material() {
        s.push_str(" (insufficient material)");
    }
    s.push('\n');
    for o in dtm::outcomes(pos) {
        // the move's outcome for the side that plays it
        let mover = match o.mover_dtm() {
            None => "draw".to_string(),
            Some(d) if d.is_win() => format!("win, mate in {}", d.uci_mate_moves()),
            Some(d) => format!("loss, mated in {}", -d.uci_mate_moves()),
        };
        s.push_str(&format!("  {:<8} {:<6} {mover}\n", fen::san(&p.chess, o.mv), o.mv));
    }
    s
}

/// The answer to one input line: the text to print on standard output, the message to print
/// on standard error (text mode only), and whether the line failed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Answer {
    /// For standard output: a JSON object and a newline, or the text block.
    pub out: String,
    /// For standard error: `error: ...` and a newline, in text mode, for a failed line.
    pub err: String,
    /// Whether the line failed.
    pub failed: bool,
}

/// Answers one line of input, given as bytes: a FEN, or anything else, which gets an error.
/// In JSON mode every line, blank or not valid UTF-8 included, gets exactly one JSON object.
#[must_use]
pub fn answer(line: &[u8], json: bool) -> Answer {
    let (fen_text, parsed) = match std::str::from_utf8(line) {
        Ok(text) => (text.trim().to_string(), fen::parse(text)),
        Err(e) => {
            let shown = String::from_utf8_lossy(line).trim().to_string();
            let message = format!("input is not valid UTF-8 (byte {}): '{shown}'", e.valid_up_to());
            (shown, Err(message))
        }
    };
    match (parsed, json) {
        (Ok(p), true) => Answer {
            out: format!("{}\n", to_json(&fen_text, &p)),
            err: String::new(),
            failed: false,
        },
        (Ok(p), false) => Answer { out: to_text(&fen_text, &p), err: String::new(), failed: false },
        (Err(e), true) => Answer {
            out: format!("{}\n", json!({ "fen": fen_text, "error": e })),
            err: String::new(),
            failed: true,
        },
        (Err(e), false) => {
            Answer { out: String::new(), err: format!("error: {e}\n"), failed: true }
        }
    }
}

/// Answers every line of `input` in order (a final line without a newline counts; `\r\n` line
/// ends are accepted), writing to `out` and `err`. Returns whether any line failed.
///
/// # Errors
/// A message when the input cannot be read or the output cannot be written.
pub fn answer_batch(
    mut input: impl BufRead,
    out: &mut impl Write,
    err: &mut impl Write,
    json: bool,
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
        let a = answer(body, json);
        if !a.err.is_empty() {
            out.flush().map_err(|e| crate::output_error(&e))?;
            let _ = err.write_all(a.err.as_bytes());
        }
        out.write_all(a.out.as_bytes()).map_err(|e| crate::output_error(&e))?;
        failed |= a.failed;
    }
}

/// Probes every FEN (standard input when `fens` is empty). Every position is answered; the exit
/// code is non-zero if any failed.
///
/// # Errors
/// A message when the input cannot be read or the output cannot be written.
pub fn run(fens: &[String], json: bool) -> Result<ExitCode, String> {
    let stdout = io::stdout();
    let mut out = io::BufWriter::new(stdout.lock());
    let mut err = io::stderr();
    let failed = if fens.is_empty() {
        answer_batch(io::stdin().lock(), &mut out, &mut err, json)?
    } else {
        let mut failed = false;
        for fen_text in fens {
            let a = answer(fen_text.as_bytes(), json);
            if !a.err.is_empty() {
                out.flush().map_err(|e| crate::output_error(&e))?;
                let _ = err.write_all(a.err.as_bytes());
            }
            out.write_all(a.out.as_bytes()).map_err(|e| crate::output_error(&e))?;
            failed |= a.failed;
        }
        failed
    };
    out.flush().map_err(|e| crate::output_error(&e))?;
    Ok(if failed { ExitCode::FAILURE } else { ExitCode::SUCCESS })
}
