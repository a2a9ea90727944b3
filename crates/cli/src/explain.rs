//! `kpk explain`: the verdict of a position and the reason in chess words, from the rules.

use std::process::ExitCode;

use kpk::rules::{self, Basis, Classification};
use kpk::{Endgame, Wdl, dtm};
use serde_json::{Value, json};

use crate::fen::{self, Parsed};
use crate::probe::describe;

/// A reason in words, with the rule it comes from.
fn reason(c: &Classification) -> (&'static str, Option<&'static str>, String) {
    match c.basis {
        Basis::Rule(r) => ("rule", Some(r.id), r.statement.to_string()),
        Basis::Lookahead => (
            "lookahead",
            None,
            "No single rule fits this position, but one move further every line is decided by the rules.".into(),
        ),
        Basis::Material => (
            "material",
            None,
            "Decided by the material: a queen or a rook wins unless it falls at once or the defender is stalemated; a bishop, a knight or bare kings cannot mate.".into(),
        ),
        Basis::Heuristic => (
            "heuristic",
            None,
            "No rule of this crate decides this position yet; the outflanking heuristic only guesses (a win when the kings stand two files or more apart).".into(),
        ),
    }
}

fn squares(list: &[kpk::Square]) -> Vec<String> {
    list.iter().map(ToString::to_string).collect()
}

/// The explanation of one position as JSON.
#[must_use]
pub fn to_json(text: &str, p: &Parsed) -> Value {
    let pos = &p.position;
    let truth = dtm::probe(pos);
    let c = rules::classify_endgame(pos);
    let (basis, rule, words) = reason(&c);
    let best = dtm::outcomes(pos).next();
    // the move that shows the plan: the fastest win, or the best defence
    let first_move =
        best.map(|o| json!({ "uci": o.mv.to_string(), "san": fen::san(&p.chess, o.mv) }));
    let after = best.filter(|_| matches!(c.basis, Basis::Lookahead)).map(|o| {
        let (basis, rule, words) = reason(&rules::classify_endgame(&o.after));
        json!({ "uci": o.mv.to_string(), "basis": basis, "rule": rule, "reason": words })
    });
    let kpk = pos.as_kpk();
    json!({
        "fen": text,
        "category": truth.map_or(Wdl::Draw, dtm::Dtm::wdl).as_str(),
        "dtm": truth.map(dtm::Dtm::plies),
        "basis": basis,
        "rule": rule,
        "reason": words,
        "certain": c.basis.is_certain(),
        "rules_agree": c.wdl == dtm::wdl(pos),
        "strong_king": pos.strong_king().to_string(),
        "defending_king": pos.weak_king().to_string(),
        "key_squares": kpk.map(|k| squares(&rules::key_squares(&k))),
        "square_of_the_pawn": kpk.map(|k| squares(&rules::square_of_the_pawn(&k))),
        "first_move": first_move,
        "after_first_move": after,
    })
}

fn to_text(text: &str, p: &Parsed) -> String {
    let pos: &Endgame = &p.position;
    let v = to_json(text, p);
    let mut s = String::new();
    outln!(s, "{text}");
    outln!(s, "  {} to move: {}", pos.side_to_move(), describe(dtm::probe(pos)));
    let rule = v["rule"].as_str().map(|r| format!(" [{r}]")).unwrap_or_default();
    outln!(s, "  why: {}{rule}", v["reason"].as_str().unwrap_or_default());
    if let Some(after) = v["after_first_move"].as_object() {
        let r = after["rule"].as_str().map(|r| format!(" [{r}]")).unwrap_or_default();
        outln!(
            s,
            "  after {}: {}{r}",
            v["first_move"]["san"].as_str().unwrap_or_default(),
            after["reason"].as_str().unwrap_or_default()
        );
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
            Some(d) if d.is_win() => "plan: first move",
            Some(_) => "best defence",
            None => "a move that keeps the draw",
        };
        outln!(s, "  {label}: {m}");
    }
    if v["rules_agree"] == false {
        outln!(
            s,
            "  (the heuristic's guess is wrong here: the tables say {})",
            v["category"].as_str().unwrap_or_default()
        );
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
