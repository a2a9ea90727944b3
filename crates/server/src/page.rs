//! The explorer page and its assets, compiled into the binary: no build step, no external
//! request (the Content-Security-Policy allows this origin only). The page arrives with its
//! board drawn (the position of `?fen=`, or the starting KPK position), the verdict and every
//! move's outcome, so the first paint reads before any script has run, and without one.

use std::fmt::Write as _;

use axum::extract::rejection::QueryRejection;
use axum::extract::{Path, Query};
use axum::http::{HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use kpk::Color;
use kpk_answers::category::Category;
use kpk_answers::explain::Explanation;
use kpk_answers::line::Line;
use kpk_answers::notation;
use kpk_answers::probe::Probe;
use kpk_answers::words;
use kpk_shakmaty::fen::ParsedFen;
use kpk_syzygy::Tablebases;
use serde::Deserialize;
use shakmaty::{Board, Position};

/// The page: `static/index.html` as the build script leaves it (with lichess's cburnett men in
/// place of the drawn ones where `tools/pieces` has fetched them).
const INDEX: &str = include_str!(concat!(env!("OUT_DIR"), "/index.html"));
const STYLE: &str = include_str!("../static/style.css");

/// The page's JavaScript modules, by file name.
const MODULES: &[(&str, &str)] = &[
    ("app.js", include_str!("../static/js/app.js")),
    ("api.js", include_str!("../static/js/api.js")),
    ("board.js", include_str!("../static/js/board.js")),
    ("engine.js", include_str!("../static/js/engine.js")),
    ("fen.js", include_str!("../static/js/fen.js")),
    ("keys.js", include_str!("../static/js/keys.js")),
    ("panel.js", include_str!("../static/js/panel.js")),
    ("tree.js", include_str!("../static/js/tree.js")),
    ("analysis.js", include_str!("../static/js/analysis.js")),
    ("edit.js", include_str!("../static/js/edit.js")),
    ("engine-run.js", include_str!("../static/js/engine-run.js")),
    ("input.js", include_str!("../static/js/input.js")),
    ("load.js", include_str!("../static/js/load.js")),
    ("play.js", include_str!("../static/js/play.js")),
    ("state.js", include_str!("../static/js/state.js")),
    ("view.js", include_str!("../static/js/view.js")),
    ("source.js", include_str!("../static/js/source.js")),
    ("pgn.js", include_str!("../static/js/pgn.js")),
];

/// The position the page opens with when no `?fen=` names one.
const START_PLACEMENT: &str = "4k3/8/8/8/8/8/4P3/4K3";

/// The same position as a whole FEN.
const START_FEN: &str = "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1";

fn asset(body: impl IntoResponse, content_type: &'static str) -> Response {
    let mut response = body.into_response();
    let headers = response.headers_mut();
    headers.insert(header::CONTENT_TYPE, HeaderValue::from_static(content_type));
    headers.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-cache"));
    headers.insert(
        header::CONTENT_SECURITY_POLICY,
        HeaderValue::from_static("default-src 'self'; img-src 'self' data:"),
    );
    response
}

/// The query of the page: the position to open with.
#[derive(Deserialize)]
pub(crate) struct PageQuery {
    fen: Option<String>,
    flip: Option<String>,
}

/// The page, its first paint drawn here so that it reads without a script: the board of its
/// `?fen=` (empty for a FEN that does not read), the FEN in its box, the verdict and every move
/// with its outcome and badges, grouped, as the script shows them (a browser test holds the two
/// equal), or the FEN's error.
pub(crate) fn index(
    tables: &Tablebases,
    query: &Result<Query<PageQuery>, QueryRejection>,
) -> Response {
    // a malformed query opens the starting position; the script then says what is wrong
    let (fen, flip) = match query {
        // a blank FEN (an empty box sent) opens the starting position, as the script does
        Ok(Query(q)) => {
            (q.fen.as_deref().filter(|f| !f.trim().is_empty()), q.flip.as_deref() == Some("1"))
        }
        Err(_) => (None, false),
    };
    let text = fen.map_or_else(|| START_FEN.to_string(), |f| f.replace('_', " "));
    let first = first_analysis(tables, &text);
    // the placement of the FEN (read by shakmaty, as every FEN the server answers is)
    let board = if fen.is_none() {
        Board::from_ascii_board_fen(START_PLACEMENT.as_bytes()).ok()
    } else {
        text.split_whitespace().next().and_then(|p| Board::from_ascii_board_fen(p.as_bytes()).ok())
    };
    let board = board.unwrap_or_else(Board::empty);
    // the side to move as the script reads it: the position's, else the FEN's second field,
    // else White
    let turn = first.turn.unwrap_or(if text.split(' ').nth(1) == Some("b") {
        Color::Black
    } else {
        Color::White
    });
    let label = board_label(&board, turn);
    let svg = board_svg(&board, flip, first.mated, first.checked);
    let page = INDEX
        .replacen("<!--board-->", &svg, 1)
        .replacen(r#"aria-label="chess board""#, &format!(r#"aria-label="{}""#, escape(&label)), 1)
        .replacen(
            r#"<input id="fen" name="fen""#,
            &format!(r#"<input id="fen" name="fen" value="{}""#, escape(&text)),
            1,
        )
        .replacen(
            r#"<p id="error" role="alert"></p>"#,
            &format!(r#"<p id="error" role="alert">{}</p>"#, escape(&first.error)),
            1,
        )
        .replacen("Loading the analysis&hellip;", &escape(&first.verdict), 1)
        .replacen(r#"<ol id="line"></ol>"#, &format!(r#"<ol id="line">{}</ol>"#, first.line.0), 1)
        .replacen(
            r#"<p id="line-note"></p>"#,
            &format!(r#"<p id="line-note">{}</p>"#, first.line.1),
            1,
        );
    let page = match &first.teaching {
        None => page,
        Some((why, proof, squares)) => page
            .replacen(r#"<div id="teaching" hidden>"#, r#"<div id="teaching">"#, 1)
            .replacen(r#"<p id="why"></p>"#, &format!(r#"<p id="why">{why}</p>"#), 1)
            .replacen(
                r#"<ol id="proof" aria-label="the proof's line"></ol>"#,
                &format!(r#"<ol id="proof" aria-label="the proof's line">{proof}</ol>"#),
                1,
            )
            .replacen(
                r#"<p id="squares-note"></p>"#,
                &format!(r#"<p id="squares-note">{squares}</p>"#),
                1,
            ),
    };
    // no list, no heading: a finished game, or a position whose moves all stay beyond the tables
    let page = if first.moves.is_empty() {
        page.replacen(
            r#"<h3 id="moves-title" tabindex="-1">"#,
            r#"<h3 id="moves-title" tabindex="-1" hidden>"#,
            1,
        )
    } else {
        page
    };
    // the optimal line to mate is known for three men: beyond them no line, and no word of it
    let page = if first.beyond_three {
        page.replacen(r#"<h3 id="line-title">"#, r#"<h3 id="line-title" hidden>"#, 1)
            .replacen(
                r#"<div id="line-controls" class="js-only">"#,
                r#"<div id="line-controls" class="js-only" hidden>"#,
                1,
            )
            .replacen(r#"<p id="line-note">"#, r#"<p id="line-note" hidden>"#, 1)
            .replacen(r#"<ol id="line">"#, r#"<ol id="line" hidden>"#, 1)
    } else {
        page
    };
    let page = page.replacen(
        "<ol id=\"moves\"></ol>",
        &format!("<ol id=\"moves\">{}</ol>", first.moves),
        1,
    );
    asset(page, "text/html; charset=utf-8")
}

/// The first paint's analysis: the verdict, the moves as HTML, the FEN's error, the side to
/// move and the checkmated king's square.
struct FirstAnalysis {
    verdict: String,
    moves: String,
    error: String,
    turn: Option<Color>,
    mated: Option<usize>,
    /// The square of the king in check, marked as lichess marks it.
    checked: Option<usize>,
    /// The optimal line's steps as HTML list items, and its note.
    line: (String, String),
    /// For KPK, the explanation: the reason, the proof's steps as list items, the squares' note.
    teaching: Option<(String, String, String)>,
    /// A legal position of more than three men (or with castling rights): no optimal line.
    beyond_three: bool,
}

/// The tables' answer for the page's position, in the words of [`kpk_answers::words`]: what
/// the script shows once it runs, so that a reader without one sees it too.
fn first_analysis(tables: &Tablebases, text: &str) -> FirstAnalysis {
    let refused = |error: String| FirstAnalysis {
        verdict: "No analysis".into(),
        moves: String::new(),
        error,
        turn: None,
        mated: None,
        checked: None,
        line: (String::new(), String::new()),
        teaching: None,
        beyond_three: false,
    };
    let pos = match kpk_answers::api::parse_position(Some(text)) {
        Ok(pos) => pos,
        Err(e) => return refused(e.message),
    };
    let probe = match Probe::from_files(tables, &pos) {
        Ok(probe) => probe,
        Err(e) => return refused(e.to_string()),
    };
    let side = if pos.turn() == shakmaty::Color::White { Color::White } else { Color::Black };
    let o = &probe.outcome;
    let verdict = words::verdict(side, o, pos.halfmoves());
    let mut moves = String::new();
    for (name, list) in probe.listed() {
        let _ = write!(moves, r#"<li class="group">{name}</li>"#);
        for m in list {
            let (class, outcome) = words::move_outcome(&m.after);
            let _ = write!(
                moves,
                r#"<li><strong>{}</strong> <span class="{class}">{outcome}</span>"#,
                m.san
            );
            for (kind, badge) in words::badges(&m.san, &m.uci, m.zeroing, &m.after) {
                let _ = write!(
                    moves,
                    r#" <span class="badge {kind}" data-badge="{kind}">{badge}</span>"#
                );
            }
            moves.push_str("</li>");
        }
    }
    // the checkmated king's square, marked as lichess marks it
    let mated = if o.checkmate { pos.board().king_of(pos.turn()).map(usize::from) } else { None };
    let checked =
        if pos.is_check() { pos.board().king_of(pos.turn()).map(usize::from) } else { None };
    let (line, teaching) = match kpk_shakmaty::fen::parse(text) {
        Ok(parsed) => (first_line(text, &parsed), first_teaching(text, &parsed)),
        Err(_) => ((String::new(), String::new()), None),
    };
    let beyond_three = pos.castles().any() || pos.board().occupied().count() > 3;
    FirstAnalysis {
        verdict,
        moves,
        error: String::new(),
        turn: Some(side),
        mated,
        checked,
        line,
        teaching,
        beyond_three,
    }
}

/// List items of labelled moves (`1. Kd6`, `Kf7`, ...), from the position `parsed`.
fn steps(parsed: &ParsedFen, sans: &[String]) -> String {
    let white = parsed.position.side_to_move() == Color::White;
    notation::labelled(parsed.fullmoves, white, sans)
        .iter()
        .map(|label| format!("<li>{}</li>", escape(label)))
        .collect()
}

/// The optimal line of a position of at most three men, as the script lists it: its steps,
/// and what the 50-move rule changes.
fn first_line(text: &str, parsed: &ParsedFen) -> (String, String) {
    let line = Line::of(text, &parsed.position, parsed.halfmoves);
    let sans: Vec<String> = line.steps.iter().map(|s| s.san.to_string()).collect();
    (steps(parsed, &sans), line.rule.map(|r| escape(&r)).unwrap_or_default())
}

/// The explanation of a KPK position, as the script shows it under "Why": the reason, the
/// proof's line, the key squares and the tables' first move where it is the
/// one to play.
fn first_teaching(text: &str, parsed: &ParsedFen) -> Option<(String, String, String)> {
    parsed.position.as_kpk()?;
    let e = Explanation::of(text, parsed);
    let proof = e.proof.as_ref().map_or_else(String::new, |p| {
        let sans: Vec<String> = p.line.moves.iter().map(|m| m.san.to_string()).collect();
        steps(parsed, &sans)
    });
    let first = match (&e.first_move, e.category) {
        (Some(m), Category::Win) => format!(". Fastest win: {}", m.san),
        (Some(m), Category::Loss) => format!(". Longest defence: {}", m.san),
        _ => String::new(),
    };
    let squares = e
        .key_squares
        .as_ref()
        .map(|k| format!("Key squares: {}{first}", k.join(" ")))
        .unwrap_or_default();
    Some((escape(&e.reason), proof, escape(&squares)))
}

/// Text for HTML (an attribute's value or an element's text).
fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c => out.push(c),
        }
    }
    out
}

/// The board in words, as the script names it for a screen reader: `chess board. White: king
/// e6, pawn e5. Black: king e8. White to move.`
fn board_label(board: &Board, turn: Color) -> String {
    let side = |color: shakmaty::Color| {
        let mut men = Vec::new();
        // kings first, pawns last
        for role in shakmaty::Role::ALL.into_iter().rev() {
            for sq in board.by_piece(shakmaty::Piece { color, role }) {
                men.push(format!("{} {sq}", kpk_shakmaty::role(role).name()));
            }
        }
        if men.is_empty() { "no men".to_string() } else { men.join(", ") }
    };
    let to_move = match turn {
        Color::White => " White to move.",
        Color::Black => " Black to move.",
    };
    format!(
        "chess board. White: {}. Black: {}.{to_move}",
        side(shakmaty::Color::White),
        side(shakmaty::Color::Black)
    )
}

pub(crate) async fn module(Path(name): Path<String>) -> Response {
    match MODULES.iter().find(|(file, _)| *file == name) {
        Some((_, body)) => asset(*body, "text/javascript; charset=utf-8"),
        None => (StatusCode::NOT_FOUND, "no such module").into_response(),
    }
}

pub(crate) async fn style() -> Response {
    asset(STYLE, "text/css; charset=utf-8")
}

/// The board as the page's script draws it (squares, coordinates, men), for the first paint.
///
/// The script (`board.js`) draws the same markup again once it runs, and from then on alone: the
/// server draws only the first paint, so that the men show before any script and without one.
fn board_svg(board: &Board, flipped: bool, mated: Option<usize>, checked: Option<usize>) -> String {
    const FILES: &[u8; 8] = b"abcdefgh";
    let corner = |i: usize| {
        let (file, rank) = (i % 8, i / 8);
        if flipped { (7 - file, rank) } else { (file, 7 - rank) }
    };
    let name = |i: usize| format!("{}{}", FILES[i % 8] as char, i / 8 + 1);
    let mut out = String::new();
    for i in 0..64 {
        let (x, y) = corner(i);
        let shade = if (i % 8 + i / 8) % 2 == 1 { "light" } else { "dark" };
        // in the script's order: mated, then check
        let mut shade = shade.to_string();
        if mated == Some(i) {
            shade.push_str(" mated");
        }
        if checked == Some(i) {
            shade.push_str(" check");
        }
        let _ = write!(
            out,
            r#"<rect x="{x}" y="{y}" width="1" height="1" class="sq {shade}" data-square="{}"/>"#,
            name(i)
        );
    }
    for f in 0..8 {
        let file = if flipped { 7 - f } else { f };
        let rank = if flipped { f + 1 } else { 8 - f };
        let _ = write!(
            out,
            r#"<text x="{f}.5" y="8.28" class="coord" text-anchor="middle">{}</text><text x="-0.2" y="{f}.58" class="coord" text-anchor="middle">{rank}</text>"#,
            FILES[file] as char
        );
    }
    for (square, piece) in board {
        let (i, man) = (usize::from(square), piece.char());
        let (x, y) = corner(i);
        let colour = if man.is_ascii_uppercase() { "white" } else { "black" };
        let _ = write!(
            out,
            r##"<use href="#piece-{}{}" x="{x}" y="{y}" width="1" height="1" class="man {colour}" data-man="{man}" data-square="{}" pointer-events="none"/>"##,
            &colour[..1],
            man.to_ascii_uppercase(),
            name(i)
        );
    }
    out
}

#[cfg(test)]
mod tests {
    use super::board_svg;
    use shakmaty::Board;

    #[test]
    fn the_first_paint_draws_the_men_of_the_placement() {
        let board = Board::from_ascii_board_fen(b"4k3/8/8/8/8/8/4P3/4K3").unwrap();
        let svg = board_svg(&board, false, None, None);
        assert_eq!(svg.matches("<use ").count(), 3);
        assert!(svg.contains(r##"href="#piece-wK" x="4" y="7""##), "{svg}");
        assert!(svg.contains(r#"data-man="k" data-square="e8""#));
        // flipped: e1 at the top
        assert!(board_svg(&board, true, None, None).contains(r##"href="#piece-wK" x="3" y="0""##));
    }
}
