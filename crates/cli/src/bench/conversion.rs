//! `kpk bench conversion`: the engine with bitbase knowledge against a perfect defender, from
//! every won KPK position (see [`games`](super::games)).

use std::process::ExitCode;
use std::time::Instant;

use super::games::{self as conversion, Player, Report};
use kpk_search::eval::Knowledge;
use serde_json::json;

fn name(k: Knowledge) -> &'static str {
    match k {
        Knowledge::Progress => "progress",
        Knowledge::PawnRank => "pawn-rank",
        Knowledge::Recognizer => "recognizer",
        Knowledge::Rules => "rules",
        Knowledge::Off => "off",
    }
}

/// The knowledge `kpk bench conversion` can play with.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum Evaluation {
    /// The bitbase with the progress estimate.
    Progress,
    /// The bitbase with the pawn-rank baseline (Stockfish 15's KPK evaluation).
    PawnRank,
    /// No table: the rules and their proofs, with the progress estimate.
    Rules,
}

impl Evaluation {
    const fn knowledge(self) -> Knowledge {
        match self {
            Evaluation::Progress => Knowledge::Progress,
            Evaluation::PawnRank => Knowledge::PawnRank,
            Evaluation::Rules => Knowledge::Rules,
        }
    }
}

/// Plays the games from every `every`-th won KPK position (1: all of them) at `depth` plies,
/// for each evaluation asked for, and prints the figures. It fails when an evaluation that
/// knows every verdict exactly (all but the pawn-rank baseline) lets a win slip to a draw.
///
/// # Errors
/// A message when the depth is out of range or standard output cannot be written.
pub fn run(
    json: bool,
    depth: u8,
    every: usize,
    evaluations: &[Evaluation],
) -> Result<ExitCode, String> {
    if !(1..=6).contains(&depth) {
        return Err(format!("--depth {depth}: the benchmark searches 1 to 6 plies"));
    }
    let starts: Vec<_> = conversion::won_kpk_positions().step_by(every.max(1)).collect();
    let mut text = String::new();
    let mut failed = false;
    for knowledge in evaluations.iter().map(|e| e.knowledge()) {
        let clock = Instant::now();
        let r = conversion::run(&starts, Player { knowledge, depth });
        let seconds = clock.elapsed().as_secs_f64();
        failed |= knowledge != Knowledge::PawnRank && r.drawn > 0;
        if json {
            outln!(text, "{}", to_json(&r, knowledge, depth, seconds));
        } else {
            write_text(&mut text, &r, knowledge, depth, seconds);
        }
    }
    crate::emit(&text)?;
    Ok(if failed { ExitCode::FAILURE } else { ExitCode::SUCCESS })
}

fn to_json(r: &Report, knowledge: Knowledge, depth: u8, seconds: f64) -> serde_json::Value {
    let examples: serde_json::Map<_, _> =
        r.examples.iter().map(|(k, fen)| (k.clone(), json!(fen))).collect();
    json!({
        "evaluation": name(knowledge),
        "depth": depth,
        "games": r.games,
        "converted": r.converted,
        "drawn": r.drawn,
        "repeated": r.repeated,
        "repeated_before_promotion": r.repeated_before_promotion,
        "over_fifty_moves": r.over_fifty_moves,
        "mean_excess_plies": r.mean_excess,
        "max_excess_plies": r.max_excess,
        "searches": r.searches,
        "failed_memoised": r.failed_memoised,
        "replayed_with_history": r.replayed,
        "seconds": seconds,
        "examples": examples,
    })
}

fn write_text(text: &mut String, r: &Report, knowledge: Knowledge, depth: u8, seconds: f64) {
    #[allow(clippy::cast_precision_loss)] // counts far below 2^52
    let pct = |n: usize| 100.0 * n as f64 / r.games.max(1) as f64;
    outln!(text, "{} evaluation, depth {depth}: {} won positions", name(knowledge), r.games);
    outln!(text, "  converted        {} ({:.2}%)", r.converted, pct(r.converted));
    outln!(text, "  fallen to a draw {}", r.drawn);
    outln!(
        text,
        "  repeated         {} ({} before the pawn promoted)",
        r.repeated,
        r.repeated_before_promotion
    );
    outln!(text, "  over 50 moves    {}", r.over_fifty_moves);
    outln!(text, "  excess plies     mean {:.2}, max {}", r.mean_excess, r.max_excess);
    for (kind, fen) in &r.examples {
        outln!(text, "  e.g. {kind}: {fen}");
    }
    outln!(
        text,
        "  replayed         {} of {} memoised games that repeated or passed 50 moves, \
         played again with the game's history",
        r.replayed,
        r.failed_memoised
    );
    outln!(text, "  {} positions searched in {seconds:.1} s", r.searches);
}
