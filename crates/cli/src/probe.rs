//! `kpk probe`: the verdict and distance to mate of each position, and every move's outcome.

use std::io::{self, BufRead, Write};
use std::process::ExitCode;

use kpk::dtm::{self, Dtm};
use kpk::{Position, Wdl};
use serde_json::{Value, json};

use crate::fen::{self, Parsed};

/// `win`, `draw` or `loss` from a DTM.
pub fn category(d: Option<Dtm>) -> Wdl {
    d.map_or(Wdl::Draw, Dtm::wdl)
}

fn dtm_json(d: Option<Dtm>) -> Value {
    d.map_or(Value::Null, |d| json!(d.plies()))
}

/// The JSON answer for a position, in the lichess tablebase API's shape.
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
    let pos: &Position = &p.position;
    let d = dtm::probe(pos);
    let mut s = format!("{text}\n  {} to move: {}", pos.side_to_move(), describe(d));
    if pos.is_stalemate() {
        s.push_str(" (stalemate)");
    } else if pos.is_insufficient_material() {
        s.push_str(" (insufficient material)");
    }
    s.push('\n');
    for o in dtm::outcomes(pos) {
        // the move's outcome for the mover is the negation of what the opponent then faces
        let mover = match o.dtm {
            None => "draw".to_string(),
            Some(after) if after.is_loss() => format!("win, mate in {}", (-after.plies() + 2) / 2),
            Some(after) => format!("loss, mated in {}", (after.plies() + 1) / 2),
        };
        s.push_str(&format!("  {:<8} {:<6} {mover}\n", fen::san(&p.chess, o.mv), o.mv));
    }
    s
}

/// Probes every FEN (standard input when `fens` is empty). Every position is answered; the exit
/// code is non-zero if any failed.
pub fn run(fens: &[String], json: bool) -> Result<ExitCode, String> {
    let lines: Box<dyn Iterator<Item = Result<String, String>>> = if fens.is_empty() {
        Box::new(
            io::stdin()
                .lock()
                .lines()
                .map(|l| l.map_err(|e| format!("cannot read standard input: {e}"))),
        )
    } else {
        Box::new(fens.iter().cloned().map(Ok))
    };
    let mut failed = false;
    let stdout = io::stdout();
    let mut out = stdout.lock();
    for line in lines {
        let line = line?;
        let text = line.trim();
        if text.is_empty() {
            continue;
        }
        let parsed = fen::parse(text);
        let written = match (&parsed, json) {
            (Ok(p), true) => writeln!(out, "{}", to_json(text, p)),
            (Ok(p), false) => write!(out, "{}", to_text(text, p)),
            (Err(e), true) => writeln!(out, "{}", json!({ "fen": text, "error": e })),
            (Err(e), false) => {
                out.flush().ok();
                eprintln!("error: {e}");
                Ok(())
            }
        };
        written.map_err(|e| format!("cannot write output: {e}"))?;
        failed |= parsed.is_err();
    }
    Ok(if failed { ExitCode::FAILURE } else { ExitCode::SUCCESS })
}
