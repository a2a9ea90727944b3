//! `kpk probe`: the verdict and distance to mate of each position, and every move's outcome.

use std::fmt::Write as _;
use std::io::{self, BufRead, Write};
use std::process::ExitCode;

use clap::ValueEnum;
use kpk::dtm::{self, Dtm};
use kpk::rules::{self, Basis};
use kpk::{Endgame, Wdl};
use serde_json::{Value, json};

use crate::fen::{self, Parsed};

/// Which knowledge answers `kpk probe`.
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

impl Method {
    /// The name used on the command line and in the JSON.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Method::Bitbase => "bitbase",
            Method::Rules => "rules",
            Method::Recognizer => "recognizer",
        }
    }

    /// The verdict for the side to move of `pos` by this method (`None`: unknown), with what it
    /// rests on for the rules.
    fn verdict(self, pos: &Endgame) -> (Option<Wdl>, Option<Basis>) {
        match self {
            Method::Bitbase => (Some(dtm::wdl(pos)), None),
            Method::Rules => {
                let c = rules::classify_endgame(pos);
                (Some(c.wdl), Some(c.basis))
            }
            Method::Recognizer => (rules::recognize_endgame(pos), None),
        }
    }
}

fn category_name(w: Option<Wdl>) -> &'static str {
    w.map_or("unknown", Wdl::as_str)
}

/// The JSON answer for a position by the rules or the recognizer: the lichess shape with
/// `method`, no distance to mate, the basis of a rules verdict, every move's category by the
/// same method, best first (a move to an unknown position after the drawing ones).
#[must_use]
pub fn to_json_by(text: &str, p: &Parsed, method: Method) -> Value {
    let pos = &p.position;
    let (verdict, basis) = method.verdict(pos);
    let mut moves: Vec<(u8, Value)> = pos
        .legal_moves()
        .iter()
        .filter_map(|&mv| {
            let after = pos.play(mv).ok()?;
            let (w, _) = method.verdict(&after);
            let rank = match w {
                Some(Wdl::Loss) => 0,
                Some(Wdl::Draw) => 1,
                None => 2,
                Some(Wdl::Win) => 3,
            };
            Some((
                rank,
                json!({
                    "uci": mv.to_string(),
                    "san": fen::san(&p.chess, mv),
                    "category": category_name(w),
                    "dtm": Value::Null,
                    "checkmate": after.is_checkmate(),
                    "stalemate": after.is_stalemate(),
                    "insufficient_material": after.is_insufficient_material(),
                }),
            ))
        })
        .collect();
    moves.sort_by_key(|(rank, _)| *rank);
    let (basis_name, rule) = match basis {
        Some(Basis::Rule(r)) => (Some("rule"), Some(r.id)),
        Some(Basis::Proof { .. }) => (Some("proof"), None),
        Some(Basis::Bitbase) => (Some("bitbase"), None),
        Some(Basis::Material) => (Some("material"), None),
        None => (None, None),
    };
    let mut v = json!({
        "fen": text,
        "method": method.name(),
        "category": category_name(verdict),
        "dtm": Value::Null,
        "checkmate": pos.is_checkmate(),
        "stalemate": pos.is_stalemate(),
        "insufficient_material": pos.is_insufficient_material(),
        "moves": moves.into_iter().map(|(_, m)| m).collect::<Vec<_>>(),
    });
    if method == Method::Rules {
        v["basis"] = json!(basis_name);
        v["rule"] = json!(rule);
        v["certain"] = json!(basis.is_some_and(|b| !matches!(b, Basis::Bitbase)));
    }
    v
}

fn to_text_by(text: &str, p: &Parsed, method: Method) -> String {
    let pos = &p.position;
    let (verdict, basis) = method.verdict(pos);
    let why = match basis {
        Some(Basis::Rule(r)) => {
            format!(" ({})", pos.as_kpk().map_or(r.statement, |k| r.statement_for(&k)))
        }
        Some(Basis::Proof { plies }) => format!(
            " (proven by a forcing line of {plies} {} whose every line ends in a position decided \
             at sight)",
            if plies == 1 { "ply" } else { "plies" }
        ),
        Some(Basis::Bitbase) => " (no proof within the bound: the bitbase decided)".to_string(),
        Some(Basis::Material) => " (decided by the material)".to_string(),
        None => String::new(),
    };
    format!(
        "{text}\n  {} to move: {} by the {}{why}\n",
        pos.side_to_move(),
        category_name(verdict),
        method.name()
    )
}

/// `win`, `draw` or `loss` from a DTM.
#[must_use]
pub fn category(d: Option<Dtm>) -> Wdl {
    d.map_or(Wdl::Draw, Dtm::wdl)
}

fn dtm_json(d: Option<Dtm>) -> Value {
    d.map_or(Value::Null, |d| json!(d.plies()))
}

/// Appends `true` or `false`.
fn push_bool(out: &mut String, b: bool) {
    out.push_str(if b { "true" } else { "false" });
}

/// Appends a DTM as JSON (`null` for a draw).
fn push_dtm(out: &mut String, d: Option<Dtm>) {
    match d {
        Some(d) => {
            let _ = write!(out, "{}", d.plies());
        }
        None => out.push_str("null"),
    }
}

/// [`to_json`] written straight into `out`, byte for byte the same text as `to_json(..)`
/// serialised by `serde_json`, with a newline: the batch path (no JSON tree, no second move
/// generator for SAN; tested equal on every position of a large sample).
pub fn write_json(out: &mut String, text: &str, pos: &Endgame) {
    let d = dtm::probe(pos);
    out.push_str("{\"fen\":");
    // serde_json escapes the text exactly as `to_json` does
    out.push_str(&serde_json::to_string(text).unwrap_or_else(|_| "\"\"".to_string()));
    let _ = write!(out, ",\"category\":\"{}\",\"dtm\":", category(d).as_str());
    push_dtm(out, d);
    out.push_str(",\"checkmate\":");
    push_bool(out, pos.is_checkmate());
    out.push_str(",\"stalemate\":");
    push_bool(out, pos.is_stalemate());
    out.push_str(",\"insufficient_material\":");
    push_bool(out, pos.is_insufficient_material());
    out.push_str(",\"moves\":[");
    for (i, o) in dtm::outcomes(pos).enumerate() {
        if i > 0 {
            out.push(',');
        }
        let _ = write!(out, "{{\"uci\":\"{}\",\"san\":\"", o.mv);
        let _ = pos.write_san(o.mv, out);
        let _ = write!(out, "\",\"category\":\"{}\",\"dtm\":", category(o.dtm).as_str());
        push_dtm(out, o.dtm);
        out.push_str(",\"checkmate\":");
        push_bool(out, o.after.is_checkmate());
        out.push_str(",\"stalemate\":");
        push_bool(out, o.after.is_stalemate());
        out.push_str(",\"insufficient_material\":");
        push_bool(out, o.after.is_insufficient_material());
        out.push('}');
    }
    out.push_str("]}\n");
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
        let mut san = String::new();
        let _ = pos.write_san(o.mv, &mut san);
        let _ = writeln!(s, "  {san:<8} {:<6} {mover}", o.mv);
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
pub fn answer(line: &[u8], json: bool, method: Method) -> Answer {
    let (fen_text, parsed) = match std::str::from_utf8(line) {
        Ok(text) => (text.trim().to_string(), fen::parse(text)),
        Err(e) => {
            let shown = String::from_utf8_lossy(line).trim().to_string();
            let message = format!("input is not valid UTF-8 (byte {}): '{shown}'", e.valid_up_to());
            (shown, Err(message))
        }
    };
    match (parsed, json) {
        (Ok(p), true) => {
            let out = match method {
                Method::Bitbase => {
                    let mut out = String::with_capacity(1024);
                    write_json(&mut out, &fen_text, &p.position);
                    out
                }
                _ => format!("{}\n", to_json_by(&fen_text, &p, method)),
            };
            Answer { out, err: String::new(), failed: false }
        }
        (Ok(p), false) => {
            let out = match method {
                Method::Bitbase => to_text(&fen_text, &p),
                _ => to_text_by(&fen_text, &p, method),
            };
            Answer { out, err: String::new(), failed: false }
        }
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
    method: Method,
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
        let a = answer(body, json, method);
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
pub fn run(fens: &[String], json: bool, method: Method) -> Result<ExitCode, String> {
    let stdout = io::stdout();
    let mut out = io::BufWriter::new(stdout.lock());
    let mut err = io::stderr();
    let failed = if fens.is_empty() {
        answer_batch(io::stdin().lock(), &mut out, &mut err, json, method)?
    } else {
        let mut failed = false;
        for fen_text in fens {
            let a = answer(fen_text.as_bytes(), json, method);
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

#[cfg(test)]
mod tests {
    use super::*;
    use kpk::random::{XorShift, random_ending};
    use kpk::{KpkPosition, Role};

    /// The batch writer against the JSON tree serialised by `serde_json`, whose SAN comes from
    /// shakmaty: every seventh legal KPK position and random positions of the other endings.
    #[test]
    fn the_batch_writer_prints_exactly_what_serde_json_prints() {
        let mut positions: Vec<Endgame> =
            KpkPosition::all().step_by(7).map(Endgame::from).collect();
        let mut rng = XorShift::new(99);
        for role in [Role::Queen, Role::Rook, Role::Bishop, Role::Knight] {
            positions.extend((0..3_000).map(|_| random_ending(&mut rng, role)));
        }
        assert!(positions.len() > 100_000);
        for pos in positions {
            let text = pos.to_string();
            let parsed = fen::parse(&text).unwrap();
            let mut fast = String::new();
            write_json(&mut fast, &text, &parsed.position);
            assert_eq!(fast, format!("{}\n", to_json(&text, &parsed)), "{text}");
        }
        // text that needs escaping is escaped the same way
        let parsed = fen::parse("8/8/8/8/8/4k3/4P3/4K3 w - - 0 1").unwrap();
        let odd = "tab\there \"quoted\" \\ \u{1}";
        let mut fast = String::new();
        write_json(&mut fast, odd, &parsed.position);
        assert_eq!(fast, format!("{}\n", to_json(odd, &parsed)));
    }
}
