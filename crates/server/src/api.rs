//! The answers, as JSON values, independent of HTTP: the lichess tablebase API's `/standard`,
//! and this project's KPK map, optimal line and explanation.
//!
//! Every function takes the FEN as text (underscores may stand for spaces, as the lichess API
//! allows) and answers a JSON value, or an [`ApiError`] whose message names the problem.

use kpk::dtm::{self, Dtm};
use kpk::rules::{self, Basis, Classification, Sight};
use kpk::{Endgame, Move, Role, Wdl};
use serde_json::{Value, json};

use crate::fen::{self, Parsed};

/// The longest FEN accepted (a legal FEN of at most three men is far shorter).
pub const MAX_FEN_LEN: usize = 128;

/// A request the API cannot answer: the HTTP status and a message naming the problem.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ApiError {
    /// The HTTP status code (400 for a bad request, as the lichess service answers a bad FEN).
    pub status: u16,
    /// What is wrong, in words.
    pub message: String,
}

impl ApiError {
    /// A 400 Bad Request with `message`.
    #[must_use]
    pub fn bad_request(message: impl Into<String>) -> ApiError {
        ApiError { status: 400, message: message.into() }
    }

    /// The error as the JSON body the server sends: `{"error": message}`.
    #[must_use]
    pub fn to_json(&self) -> Value {
        json!({ "error": self.message })
    }
}

/// Reads the FEN of a request: present, not too long, underscores as spaces, then parsed and
/// validated by [`fen::parse`].
///
/// # Errors
/// [`ApiError`] 400 naming the problem.
pub fn parse_fen(fen: Option<&str>) -> Result<(String, Parsed), ApiError> {
    let fen = fen.ok_or_else(|| {
        ApiError::bad_request("missing parameter 'fen': ask for /standard?fen=<FEN>")
    })?;
    if fen.len() > MAX_FEN_LEN {
        return Err(ApiError::bad_request(format!(
            "FEN too long: {} bytes, at most {MAX_FEN_LEN}",
            fen.len()
        )));
    }
    let text = fen.replace('_', " ");
    let parsed = fen::parse(&text).map_err(ApiError::bad_request)?;
    Ok((text.trim().to_string(), parsed))
}

/// The lichess category of a DTM from the side to move's view.
fn category(d: Option<Dtm>) -> &'static str {
    d.map_or(Wdl::Draw, Dtm::wdl).as_str()
}

/// The number of men on the board.
fn men(pos: &Endgame) -> usize {
    2 + usize::from(pos.extra().is_some())
}

/// Whether a move of `pos` moves a pawn.
fn pawn_move(pos: &Endgame, mv: Move) -> bool {
    pos.extra().is_some_and(|(role, sq)| role == Role::Pawn && sq == mv.from)
}

/// The answer of `GET /standard?fen=...`, in the lichess tablebase API's shape: the position's
/// category and distance to mate (plies, signed for the side to move), checkmate, stalemate,
/// insufficient material, and every legal move best first with its UCI and SAN, whether it
/// zeroes the 50-move counter (a pawn move or a capture) or converts (a capture or a
/// promotion), and the same facts about the position after it (from the opponent's view, as in
/// the lichess API). `dtz`, `precise_dtz`, `dtc` and `dtw` are `null`: these tables hold
/// distances to mate only. The 50-move counter is not taken into account.
///
/// ```
/// let v = kpk_server::api::standard(Some("4k3/8/4K3/4P3/8/8/8/8_w_-_-_0_1")).unwrap();
/// assert_eq!(v["category"], "win");
/// assert_eq!(v["moves"][0]["category"], "loss"); // the best move leaves the opponent lost
/// ```
///
/// # Errors
/// [`ApiError`] 400 for a missing, malformed or illegal FEN, or more than three men.
pub fn standard(fen: Option<&str>) -> Result<Value, ApiError> {
    let (_, p) = parse_fen(fen)?;
    let pos = &p.position;
    let d = dtm::probe(pos);
    let moves: Vec<Value> = dtm::outcomes(pos)
        .map(|o| {
            let capture = men(&o.after) < men(pos);
            let mut san = String::new();
            let _ = pos.write_san(o.mv, &mut san);
            json!({
                "uci": o.mv.to_string(),
                "san": san,
                "zeroing": capture || pawn_move(pos, o.mv),
                "conversion": capture || o.mv.promotion.is_some(),
                "checkmate": o.after.is_checkmate(),
                "stalemate": o.after.is_stalemate(),
                "variant_win": false,
                "variant_loss": false,
                "insufficient_material": o.after.is_insufficient_material(),
                "category": category(o.dtm),
                "dtz": null,
                "precise_dtz": null,
                "dtc": null,
                "dtm": o.dtm.map(Dtm::plies),
                "dtw": null,
            })
        })
        .collect();
    Ok(json!({
        "checkmate": pos.is_checkmate(),
        "stalemate": pos.is_stalemate(),
        "variant_win": false,
        "variant_loss": false,
        "insufficient_material": pos.is_insufficient_material(),
        "category": category(d),
        "dtz": null,
        "precise_dtz": null,
        "dtc": null,
        "dtm": d.map(Dtm::plies),
        "dtw": null,
        "moves": moves,
    }))
}

const MATERIAL: &str = "Decided by the material: a queen or a rook wins unless it falls at once or the defender is stalemated; a bishop, a knight or bare kings cannot mate.";

/// How a position decided at sight is decided, in words: the basis, the rule's identifier (for
/// programs) and the reason (for people, without identifiers). Checkmate and stalemate are
/// named as such, whatever decides them.
fn sight_reason(pos: &Endgame, sight: Sight) -> (&'static str, Option<&'static str>, String) {
    let side = match pos.side_to_move() {
        kpk::Color::White => "White",
        kpk::Color::Black => "Black",
    };
    let rule = match sight {
        Sight::Rule(r) => Some(r.id),
        _ => None,
    };
    // checkmate and stalemate are named as such, whatever decides them
    let sight = if pos.is_checkmate() {
        Sight::Checkmate
    } else if pos.is_stalemate() {
        Sight::Stalemate
    } else {
        sight
    };
    match sight {
        Sight::Rule(r) => {
            let words = pos.as_kpk().map_or(r.statement, |k| r.statement_for(&k));
            ("rule", rule, words.to_string())
        }
        Sight::Material => ("material", None, MATERIAL.to_string()),
        Sight::Checkmate => ("checkmate", rule, format!("{side} is checkmated.")),
        Sight::Stalemate => ("stalemate", rule, format!("{side} is stalemated: a draw.")),
    }
}

/// A reason in words, with the basis and the rule it comes from.
fn reason(pos: &Endgame, c: &Classification) -> (&'static str, Option<&'static str>, String) {
    match c.basis {
        Basis::Rule(r) => sight_reason(pos, Sight::Rule(r)),
        Basis::Material => sight_reason(pos, Sight::Material),
        Basis::Bitbase => (
            "bitbase",
            None,
            "No proof was found within the bound, and the bitbase decided.".to_string(),
        ),
        Basis::Proof { plies } => (
            "proof",
            None,
            format!(
                "No rule decides this position at sight, but a forcing line of {plies} {} proves it: every line ends in a position decided at sight.",
                if plies == 1 { "ply" } else { "plies" }
            ),
        ),
    }
}

/// Moves in standard notation with move numbers, from move `fullmove` with `white` to move:
/// `1. Kd5 Kd7 2. Kc5`, or `1... Kd3 2. Kd1`.
#[must_use]
pub fn numbered(fullmove: u32, white: bool, sans: &[String]) -> String {
    let (mut number, mut white) = (fullmove, white);
    let mut out = String::new();
    for (i, san) in sans.iter().enumerate() {
        if i > 0 {
            out.push(' ');
        }
        if white {
            out.push_str(&format!("{number}. {san}"));
        } else if i == 0 {
            out.push_str(&format!("{number}... {san}"));
        } else {
            out.push_str(san);
        }
        if !white {
            number += 1;
        }
        white = !white;
    }
    out
}

/// A line of a proof from `start` (at move `fullmove`): its moves, its notation and how its last
/// position is decided.
fn line_json(start: &Endgame, fullmove: u32, line: &rules::Line) -> Value {
    let mut pos = *start;
    let (mut moves, mut sans) = (Vec::new(), Vec::new());
    for &m in &line.moves {
        let mut san = String::new();
        // a proof's moves are legal by construction
        let Ok(next) = pos.play(m) else { break };
        let _ = pos.write_san(m, &mut san);
        moves.push(json!({ "uci": m.to_string(), "san": san }));
        sans.push(san);
        pos = next;
    }
    let (basis, rule, words) = sight_reason(&pos, line.end);
    json!({
        "moves": moves,
        "notation": numbered(fullmove, start.side_to_move() == kpk::Color::White, &sans),
        "end": { "basis": basis, "rule": rule, "reason": words },
    })
}

/// A proof written out: its depth, the critical line, where the tries branch off and the tries.
fn proof_json(pos: &Endgame, fullmove: u32) -> Option<Value> {
    let p = rules::proof(pos)?;
    let mut at = *pos;
    let mut number = fullmove;
    for &m in &p.line.moves[..p.choice] {
        if at.side_to_move() == kpk::Color::Black {
            number += 1;
        }
        let Ok(next) = at.play(m) else { break };
        at = next;
    }
    Some(json!({
        "plies": p.plies,
        "line": line_json(pos, fullmove, &p.line),
        "choice": p.choice,
        "tries": p.tries.iter().map(|t| line_json(&at, number, t)).collect::<Vec<_>>(),
    }))
}

fn squares(list: &[kpk::Square]) -> Vec<String> {
    list.iter().map(ToString::to_string).collect()
}

/// Why a position is won or drawn, in chess words, from the rule-based classifier
/// ([`rules::classify_endgame`]): the verdict and distance from the tables, the basis and rule,
/// the reason, whether the rules are certain and agree with the tables, the kings, the key
/// squares and the square of the pawn (KPK), the first move of the plan, and where a proof
/// decides, the proof written out (its critical line, the tries, and what decides each line's
/// end, with move numbers from the FEN). Every basis is certain.
#[must_use]
pub fn explain(text: &str, p: &Parsed) -> Value {
    let pos = &p.position;
    let truth = dtm::probe(pos);
    let c = rules::classify_endgame(pos);
    let (basis, rule, words) = reason(pos, &c);
    let best = dtm::outcomes(pos).next();
    // the move that shows the plan: the fastest win, or the best defence
    let first_move =
        best.map(|o| json!({ "uci": o.mv.to_string(), "san": fen::san(&p.chess, o.mv) }));
    let proof = matches!(c.basis, Basis::Proof { .. })
        .then(|| proof_json(pos, shakmaty::Position::fullmoves(&p.chess).get()))
        .flatten();
    let kpk = pos.as_kpk();
    json!({
        "fen": text,
        "category": category(truth),
        "dtm": truth.map(Dtm::plies),
        "basis": basis,
        "rule": rule,
        "reason": words,
        "certain": !matches!(c.basis, Basis::Bitbase),
        "rules_agree": c.wdl == dtm::wdl(pos),
        "strong_king": pos.strong_king().to_string(),
        "defending_king": pos.weak_king().to_string(),
        "key_squares": kpk.map(|k| squares(&rules::key_squares(&k))),
        "square_of_the_pawn": kpk.map(|k| squares(&rules::square_of_the_pawn(&k))),
        "first_move": first_move,
        "proof": proof,
    })
}

/// The answer of `GET /kpk/map?fen=...`: for a KPK position, the defending king's map (every
/// square from a1 to h8: `"win"` where the side with the pawn wins with the defending king
/// there, `"draw"`, or `null` where he cannot stand), the side with the pawn, and the
/// explanation of the position itself ([`explain`]).
///
/// ```
/// let v = kpk_server::api::map(Some("4k3/8/4K3/4P3/8/8/8/8 b - - 0 1")).unwrap();
/// assert_eq!(v["squares"]["e8"], "win");
/// assert_eq!(v["squares"]["e5"], serde_json::Value::Null);
/// ```
///
/// # Errors
/// [`ApiError`] 400 for a bad FEN or a position that is not KPK.
pub fn map(fen: Option<&str>) -> Result<Value, ApiError> {
    let (text, p) = parse_fen(fen)?;
    let kpk = p.position.as_kpk().ok_or_else(|| {
        ApiError::bad_request(format!(
            "the map needs a KPK position (two kings and one pawn), not {}",
            fen::material_name(&p.chess)
        ))
    })?;
    let map = kpk::bitbase::defender_map(&kpk);
    let mut squares = serde_json::Map::new();
    for (sq, mark) in kpk::Square::ALL.iter().zip(map) {
        let mark = mark.map(|wins| if wins { "win" } else { "draw" });
        squares.insert(sq.to_string(), json!(mark));
    }
    Ok(json!({
        "fen": text,
        "strong_side": kpk.strong_side().to_string(),
        "side_to_move": kpk.side_to_move().to_string(),
        "squares": squares,
        "explanation": explain(&text, &p),
    }))
}

/// The answer of `GET /kpk/line?fen=...`: the optimal line (the fastest mate for the winner,
/// the longest defence for the loser) from the position to mate, each step with its move, the
/// position after it as FEN, and that position's distance to mate; empty for a draw.
///
/// ```
/// let v = kpk_server::api::line(Some("7k/8/6K1/8/8/8/8/1Q6 w - - 0 1")).unwrap();
/// let steps = v["steps"].as_array().unwrap();
/// assert_eq!(steps.len(), 1);
/// assert_eq!(steps[0]["san"], "Qb8#");
/// ```
///
/// # Errors
/// [`ApiError`] 400 for a bad FEN.
pub fn line(fen: Option<&str>) -> Result<Value, ApiError> {
    let (text, p) = parse_fen(fen)?;
    let mut before = p.position;
    let steps: Vec<Value> = dtm::line(&p.position)
        .map(|o| {
            let mut san = String::new();
            let _ = before.write_san(o.mv, &mut san);
            before = o.after;
            json!({
                "uci": o.mv.to_string(),
                "san": san,
                "fen": o.after.to_string(),
                "dtm": o.dtm.map(Dtm::plies),
            })
        })
        .collect();
    Ok(json!({ "fen": text, "steps": steps }))
}
