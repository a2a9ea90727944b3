//! `kpk explain`: the verdict of a position and the reason in chess words, from the rules.

use std::process::ExitCode;

use kpk::{Endgame, dtm};
use serde_json::Value;

use crate::fen::{self, Parsed};
use crate::probe::describe;

/// The explanation of one position as JSON ([`kpk_server::api::explain`], which the server's
/// map answers too).
#[must_use]
pub fn to_json(text: &str, p: &Parsed) -> Value {
    kpk_server::api::explain(text, p)
}

fn to_text(text: &str, p: &Parsed) -> String {
    let pos: &Endgame = &p.position;
    let v = to_json(text, p);
    let mut s = String::new();
    outln!(s, "{text}");
    outln!(s, "  {} to move: {}", pos.side_to_move(), describe(dtm::probe(pos)));
    outln!(s, "  why: {}", v["reason"].as_str().unwrap_or_default());
    if let Some(proof) = v["proof"].as_object() {
        let end = |line: &Value| line["end"]["reason"].as_str().unwrap_or_default().to_string();
        outln!(s, "  line: {}", proof["line"]["notation"].as_str().unwrap_or_default());
        outln!(s, "    and then: {}", end(&proof["line"]));
        let tries = proof["tries"].as_array().map(Vec::as_slice).unwrap_or_default();
        if !tries.is_empty() {
            outln!(s, "  tries:");
            for t in tries {
                outln!(s, "    {}: {}", t["notation"].as_str().unwrap_or_default(), end(t));
            }
        }
    }
    let join = |key: &str| {
        v[key].as_array().map(|a| a.iter().filter_map(Value::as_str).collect::<Vec<_>>().join(" "))
    };
    if let Some(keys) = join("key_squares") {
        outln!(s, "  key squares: {keys}");
    }
    if v["rule"].as_str().is_some_and(|r| r.starts_with("rule_of_the_square"))
        && let Some(square) = join("square_of_the_pawn")
    {
        outln!(s, "  square of the pawn: {square}");
    }
    if let Some(m) = v["first_move"]["san"].as_str() {
        let label = match dtm::probe(pos) {
            Some(d) if d.is_win() => "the tables' fastest win starts",
            Some(_) => "best defence",
            None => "a move that keeps the draw",
        };
        outln!(s, "  {label}: {m}");
    }
    s
}

/// Explains one position.
///
/// # Errors
/// A message for a bad FEN or when standard output cannot be written.
pub fn run(fen_text: &str, json: bool) -> Result<ExitCode, String> {
    let parsed = fen::parse(fen_text)?;
    let text = fen_text.trim();
    let out = if json { format!("{}\n", to_json(text, &parsed)) } else { to_text(text, &parsed) };
    crate::emit(&out)?;
    Ok(ExitCode::SUCCESS)
}
