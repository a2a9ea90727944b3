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
use kpk_answers::probe::Probe;
use kpk_answers::words;
use kpk_syzygy::Tablebases;
use serde::Deserialize;
use shakmaty::{Board, Position};

const INDEX: &str = include_str!("../static/index.html");
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
/// `?fen=`, the verdict and every move with its outcome, as the script shows them.
pub(crate) fn index(
    tables: &Tablebases,
    query: &Result<Query<PageQuery>, QueryRejection>,
) -> Response {
    // a malformed query opens the starting position; the script then says what is wrong
    let (fen, flip) = match query {
        Ok(Query(q)) => (q.fen.as_deref(), q.flip.as_deref() == Some("1")),
        Err(_) => (None, false),
    };
    let analysis = first_analysis(tables, fen);
    // the placement of a FEN (lichess writes its spaces as underscores), when it reads as one
    // (read by shakmaty, as every FEN the server answers is)
    let board = fen
        .and_then(|f| f.split([' ', '_']).next())
        .and_then(|p| Board::from_ascii_board_fen(p.as_bytes()).ok())
        .or_else(|| Board::from_ascii_board_fen(START_PLACEMENT.as_bytes()).ok())
        .unwrap_or_else(Board::empty);
    let board = board_svg(&board, flip);
    let page = INDEX
        .replacen("<!--board-->", &board, 1)
        .replacen("Loading the analysis&hellip;", &analysis.verdict, 1)
        .replacen(
            "<ol id=\"moves\"></ol>",
            &format!("<ol id=\"moves\">{}</ol>", analysis.moves),
            1,
        );
    asset(page, "text/html; charset=utf-8")
}

/// The verdict and the moves of the first paint, as HTML.
struct FirstAnalysis {
    verdict: String,
    moves: String,
}

/// The tables' answer for the page's position (the starting one without a FEN), in words:
/// what the script shows once it runs, so that a reader without one sees it too.
fn first_analysis(tables: &Tablebases, fen: Option<&str>) -> FirstAnalysis {
    let text = fen.unwrap_or(START_FEN);
    let Ok(pos) = crate::api::parse_position(Some(text)) else {
        return FirstAnalysis {
            verdict: "No analysis: the FEN is not a legal position".into(),
            moves: String::new(),
        };
    };
    let Ok(probe) = Probe::from_files(tables, &pos) else {
        return FirstAnalysis { verdict: "No analysis".into(), moves: String::new() };
    };
    let side = if pos.turn() == shakmaty::Color::White { Color::White } else { Color::Black };
    let verdict = words::verdict(side, &probe.outcome);
    let mut moves = String::new();
    for m in &probe.moves {
        let _ =
            write!(moves, "<li><strong>{}</strong> {}</li>", m.san, words::move_outcome(&m.after));
    }
    FirstAnalysis { verdict, moves }
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
fn board_svg(board: &Board, flipped: bool) -> String {
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
            r##"<use href="#piece-{}" x="{x}" y="{y}" width="1" height="1" class="man {colour}" data-man="{man}" data-square="{}" pointer-events="none"/>"##,
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
        let svg = board_svg(&board, false);
        assert_eq!(svg.matches("<use ").count(), 3);
        assert!(svg.contains(r##"href="#piece-K" x="4" y="7""##), "{svg}");
        assert!(svg.contains(r#"data-man="k" data-square="e8""#));
        // flipped: e1 at the top
        assert!(board_svg(&board, true).contains(r##"href="#piece-K" x="3" y="0""##));
    }
}
