//! `kpk line`: the optimal line to mate, or the statement that the position is drawn.

use std::process::ExitCode;

use kpk::dtm;
use serde_json::json;

use crate::fen;
use crate::probe::{category, describe};

/// Prints the optimal line of one position.
///
/// # Errors
/// A message for a bad FEN or when standard output cannot be written.
pub fn run(fen_text: &str, json: bool) -> Result<ExitCode, String> {
    let mut text = String::new();
    let parsed = fen::parse(fen_text)?;
    let d = dtm::probe(&parsed.position);
    let mut chess = parsed.chess.clone();
    let mut steps = Vec::new();
    for step in dtm::line(&parsed.position) {
        let san = fen::san(&chess, step.mv);
        chess = fen::play(&chess, step.mv)?;
        steps.push((step.mv.to_string(), san, step.after.to_string()));
    }
    if json {
        let line: Vec<_> = steps
            .iter()
            .map(|(uci, san, fen)| json!({ "uci": uci, "san": san, "fen": fen }))
            .collect();
        outln!(
            text,
            "{}",
            json!({
                "fen": fen_text.trim(),
                "category": category(d).as_str(),
                "dtm": d.map(dtm::Dtm::plies),
                "line": line,
            })
        );
        crate::emit(&text)?;
        return Ok(ExitCode::SUCCESS);
    }
    outln!(text, "{}", fen_text.trim());
    outln!(text, "  {} to move: {}", parsed.position.side_to_move(), describe(d));
    if d.is_none() {
        outln!(text, "  a draw: no side can force mate, so there is no line to play out");
        crate::emit(&text)?;
        return Ok(ExitCode::SUCCESS);
    }
    // SAN with move numbers, as in a game score (the FEN's move counters are ignored).
    let mut san = String::new();
    let black_first = parsed.position.side_to_move() == kpk::Color::Black;
    for (i, (_, s, _)) in steps.iter().enumerate() {
        let ply = i + usize::from(black_first);
        if ply % 2 == 0 {
            san.push_str(&format!("{}. ", ply / 2 + 1));
        } else if i == 0 {
            san.push_str("1... ");
        }
        san.push_str(s);
        san.push(' ');
    }
    outln!(text, "  SAN: {}", san.trim_end());
    let uci: Vec<&str> = steps.iter().map(|(u, _, _)| u.as_str()).collect();
    outln!(text, "  UCI: {}", uci.join(" "));
    crate::emit(&text)?;
    Ok(ExitCode::SUCCESS)
}
