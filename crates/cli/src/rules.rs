//! `kpk rules`: every recognizer of the literature with the positions it decides and its errors,
//! measured over every legal KPK position against the bitbase.

use std::process::ExitCode;

use kpk::rules::{self, Claim, LEGAL_POSITIONS, RuleReport};
use kpk::{Endgame, KpkPosition};
use serde_json::{Value, json};

fn fen(pos: Option<KpkPosition>) -> Option<String> {
    pos.map(|p| Endgame::from(p).to_string())
}

fn claim(c: Claim) -> &'static str {
    match c {
        Claim::Win => "win",
        Claim::Draw => "draw",
    }
}

/// The JSON object of one rule's report.
#[must_use]
pub fn to_json(r: &RuleReport) -> Value {
    json!({
        "id": r.rule.id,
        "claim": claim(r.rule.claim),
        "literal": r.rule.literal,
        "corrects": r.rule.corrects,
        "statement": r.rule.statement,
        "seed": r.rule.seed,
        "positions": LEGAL_POSITIONS,
        "fires": r.fires,
        "correct": r.correct,
        "wrong": r.wrong(),
        "false_wins": r.false_wins,
        "false_draws": r.false_draws,
        "false_win_example": fen(r.false_win_example),
        "false_draw_example": fen(r.false_draw_example),
    })
}

/// Prints one row (or JSON object) per rule.
///
/// # Errors
/// A message when standard output cannot be written.
pub fn run(json: bool) -> Result<ExitCode, String> {
    let reports = rules::measure();
    let mut text = String::new();
    if json {
        for r in &reports {
            outln!(text, "{}", to_json(r));
        }
        crate::emit(&text)?;
        return Ok(ExitCode::SUCCESS);
    }
    outln!(
        text,
        "Every legal KPK position ({LEGAL_POSITIONS}: both pawn colours, both sides to move), checked against the bitbase."
    );
    let width = reports.iter().map(|r| r.rule.id.len() + 2).max().unwrap_or(0);
    outln!(
        text,
        "{:<width$} {:<5} {:>7} {:>7} {:>7} {:>6}  example of an error",
        "rule",
        "claim",
        "fires",
        "share",
        "correct",
        "wrong"
    );
    for r in &reports {
        let name = if r.rule.literal && reports.iter().any(|c| c.rule.corrects == Some(r.rule.id)) {
            format!("{} *", r.rule.id)
        } else {
            r.rule.id.to_string()
        };
        let example = fen(r.false_win_example)
            .map(|f| format!("false win: {f}"))
            .or_else(|| fen(r.false_draw_example).map(|f| format!("false draw: {f}")))
            .unwrap_or_default();
        outln!(
            text,
            "{:<width$} {:<5} {:>7} {:>6.2}% {:>7} {:>6}  {example}",
            name,
            claim(r.rule.claim),
            r.fires,
            100.0 * f64::from(r.fires) / f64::from(LEGAL_POSITIONS),
            r.correct,
            r.wrong(),
        );
    }
    outln!(text, "* as the literature states it; the rule below it is the correction.");
    let (mut decided, mut recognized) = (0u32, 0u32);
    for pos in KpkPosition::all() {
        decided += u32::from(rules::recognize_with_depth(&pos, 0).is_some());
        recognized += u32::from(rules::recognize(&pos).is_some());
    }
    let share = |n: u32| 100.0 * f64::from(n) / f64::from(LEGAL_POSITIONS);
    outln!(
        text,
        "The rules without errors decide {decided} positions together ({:.1}%); the recognizer, one ply ahead, {recognized} ({:.1}%).",
        share(decided),
        share(recognized)
    );
    crate::emit(&text)?;
    Ok(ExitCode::SUCCESS)
}
