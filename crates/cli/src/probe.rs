//! `kpk probe`: the verdict for each position and the outcome of every legal move.

use std::io::{self, BufRead, Write};
use std::process::ExitCode;

use kpk::Wdl;
use serde_json::{Value, json};
use shakmaty::san::San;
use shakmaty::uci::UciMove;
use shakmaty::{Chess, Position};

use crate::material;

/// One legal move and where it leads, seen from the side to move after it.
struct MoveOutcome {
    uci: String,
    san: String,
    after: Wdl,
    checkmate: bool,
    stalemate: bool,
    insufficient_material: bool,
}

/// The answer for one position.
struct Answer {
    wdl: Wdl,
    checkmate: bool,
    stalemate: bool,
    insufficient_material: bool,
    moves: Vec<MoveOutcome>,
}

fn answer(pos: &Chess) -> Result<Answer, String> {
    // Only KPK positions are probed for now; their successors may be any 3-man ending.
    material::kpk_position(pos)?;
    let wdl = material::wdl(pos)?;
    let mut moves = Vec::new();
    for m in pos.legal_moves() {
        let san = San::from_move(pos, m).to_string();
        let uci = UciMove::from_standard(m).to_string();
        let mut next = pos.clone();
        next.play_unchecked(m);
        moves.push(MoveOutcome {
            uci,
            san,
            after: material::wdl(&next)?,
            checkmate: next.is_checkmate(),
            stalemate: next.is_stalemate(),
            insufficient_material: next.is_insufficient_material(),
        });
    }
    // Best first: moves that leave the opponent lost, then drawn, then won.
    moves.sort_by(|a, b| a.after.cmp(&b.after).then_with(|| a.uci.cmp(&b.uci)));
    Ok(Answer {
        wdl,
        checkmate: pos.is_checkmate(),
        stalemate: pos.is_stalemate(),
        insufficient_material: pos.is_insufficient_material(),
        moves,
    })
}

fn to_json(fen: &str, a: &Answer) -> Value {
    let moves: Vec<Value> = a
        .moves
        .iter()
        .map(|m| {
            json!({
                "uci": m.uci,
                "san": m.san,
                "category": m.after.as_str(),
                "dtm": Value::Null,
                "checkmate": m.checkmate,
                "stalemate": m.stalemate,
                "insufficient_material": m.insufficient_material,
            })
        })
        .collect();
    json!({
        "fen": fen,
        "category": a.wdl.as_str(),
        "dtm": Value::Null,
        "checkmate": a.checkmate,
        "stalemate": a.stalemate,
        "insufficient_material": a.insufficient_material,
        "moves": moves,
    })
}

fn to_text(fen: &str, pos: &Chess, a: &Answer) -> String {
    let side = if pos.turn() == shakmaty::Color::White { "white" } else { "black" };
    let mut s = format!("{fen}\n  {} with {side} to move", a.wdl);
    if a.checkmate {
        s.push_str(" (checkmate)");
    } else if a.stalemate {
        s.push_str(" (stalemate)");
    }
    s.push('\n');
    for m in &a.moves {
        // the move's own outcome for the mover is the negation of what the opponent faces
        s.push_str(&format!("  {:<7} {:<6} {}\n", m.san, m.uci, -m.after));
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
        let fen = line.trim();
        if fen.is_empty() {
            continue;
        }
        let result = material::parse_fen(fen).and_then(|pos| answer(&pos).map(|a| (pos, a)));
        let written = match (&result, json) {
            (Ok((_, a)), true) => writeln!(out, "{}", to_json(fen, a)),
            (Ok((pos, a)), false) => write!(out, "{}", to_text(fen, pos, a)),
            (Err(e), true) => writeln!(out, "{}", json!({ "fen": fen, "error": e })),
            (Err(e), false) => {
                eprintln!("error: {e}");
                Ok(())
            }
        };
        written.map_err(|e| format!("cannot write output: {e}"))?;
        failed |= result.is_err();
    }
    Ok(if failed { ExitCode::FAILURE } else { ExitCode::SUCCESS })
}
