//! `kpk stats`: legal positions, wins, draws, mates, stalemates and the longest mate of every
//! ending.

use std::process::ExitCode;

use kpk::Color;
use kpk::stats::{Ending, ending};
use serde_json::json;

/// Prints one line (or JSON object) per ending and side to move.
///
/// # Errors
/// A message when standard output cannot be written.
pub fn run(json: bool) -> Result<ExitCode, String> {
    let mut text = String::new();
    if !json {
        outln!(text, "White owns the extra man; wins and losses are for the side to move.");
        outln!(
            text,
            "{:<6} {:<6} {:>8} {:>8} {:>8} {:>8} {:>6} {:>6} {:>8}  example of the longest",
            "ending",
            "move",
            "legal",
            "wins",
            "draws",
            "losses",
            "mates",
            "stale",
            "longest"
        );
    }
    for kind in Ending::ALL {
        for (side, s) in Color::ALL.into_iter().zip(ending(kind)) {
            let (longest, example) = match s.longest {
                Some((plies, pos)) => (Some(plies), Some(pos.to_string())),
                None => (None, None),
            };
            if json {
                outln!(
                    text,
                    "{}",
                    json!({
                        "ending": kind.name(),
                        "side_to_move": side.to_string(),
                        "legal": s.legal,
                        "wins": s.wins,
                        "draws": s.draws,
                        "losses": s.losses,
                        "checkmates": s.checkmates,
                        "stalemates": s.stalemates,
                        "longest_dtm": longest,
                        "longest_fen": example,
                    })
                );
            } else {
                outln!(
                    text,
                    "{:<6} {:<6} {:>8} {:>8} {:>8} {:>8} {:>6} {:>6} {:>8}  {}",
                    kind.name(),
                    side.to_string(),
                    s.legal,
                    s.wins,
                    s.draws,
                    s.losses,
                    s.checkmates,
                    s.stalemates,
                    longest.map_or("-".to_string(), |p| format!("{p} plies")),
                    example.unwrap_or_default(),
                );
            }
        }
    }
    crate::emit(&text)?;
    Ok(ExitCode::SUCCESS)
}
