//! The explorer page and its assets, compiled into the binary: no build step, no external
//! request (the Content-Security-Policy allows this origin only). The page arrives with its
//! board drawn (the position of `?fen=`, or the starting KPK position), the verdict and every
//! move's outcome, so the first paint reads before any script has run, and without one.

use std::fmt::Write as _;

use askama::Template;
use axum::extract::rejection::QueryRejection;
use axum::extract::{Path, Query};
use axum::http::{HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use kpk_answers::view::{LineView, MoveGroup, Teaching, View};
use kpk_syzygy::Tablebases;
use serde::Deserialize;
use shakmaty::Board;

/// The piece set the build script chose (lichess's cburnett men where `tools/pieces` has
/// fetched them, else the drawn ones) and its credit line.
const PIECES: &str = include_str!(concat!(env!("OUT_DIR"), "/pieces.svg"));
const CREDIT: &str = include_str!(concat!(env!("OUT_DIR"), "/credit.html"));
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

/// The page (`static/index.html`, an askama template): for `kpk serve`, the first paint of a
/// position's [`View`], so that it reads without a script; for the static site, the same page
/// without a first paint, told to ask the WebAssembly module (`site`).
#[derive(Template)]
#[template(path = "index.html")]
struct Page<'a> {
    /// The position's view (none on the static site, which answers in the browser).
    view: Option<&'a View>,
    /// The view's parts, for the template's conditions.
    groups: &'a [MoveGroup],
    line: Option<&'a LineView>,
    teaching: Option<&'a Teaching>,
    /// A legal position of more than three men (or with castling rights): no optimal line.
    beyond_three: bool,
    /// The board in words, for a screen reader.
    label: &'a str,
    /// The board's first paint (SVG markup).
    board: &'a str,
    /// The piece set and its credit line.
    pieces: &'static str,
    credit: &'static str,
    /// The static site's page: its icon, manifest and preloads, its words.
    site: bool,
    /// The static site's modules, preloaded.
    modules: &'a [String],
}

/// The page of `kpk serve`, its first paint the position of its `?fen=` (the starting position
/// without one): the board, the FEN or its error, the verdict, every move grouped with its
/// words and badges, the optimal line and the KPK lesson's first part, all from one [`View`].
pub(crate) fn index(
    tables: &Tablebases,
    query: &Result<Query<PageQuery>, QueryRejection>,
) -> Response {
    // a malformed query opens the starting position; the script then says what is wrong
    let (fen, flip) = match query {
        Ok(Query(q)) => (q.fen.as_deref(), q.flip.as_deref() == Some("1")),
        Err(_) => (None, false),
    };
    let view = View::of(tables, fen);
    let board = view
        .fen
        .split_whitespace()
        .next()
        .and_then(|p| Board::from_ascii_board_fen(p.as_bytes()).ok())
        .unwrap_or_else(Board::empty);
    let square = |name: &Option<String>| {
        name.as_deref().and_then(|n| n.parse::<shakmaty::Square>().ok()).map(usize::from)
    };
    let mated = if view.checkmate { square(&view.check) } else { None };
    let svg = board_svg(&board, flip, mated, square(&view.check));
    // the optimal line is known for three men: a legal position beyond them has none
    let beyond_three = view.error.is_none() && view.line.is_none();
    let page = Page {
        view: Some(&view),
        groups: &view.groups,
        line: view.line.as_ref(),
        teaching: view.teaching.as_ref(),
        beyond_three,
        label: &view.label,
        board: &svg,
        pieces: PIECES.trim_end(),
        credit: CREDIT,
        site: false,
        modules: &[],
    };
    match page.render() {
        Ok(html) => asset(html, "text/html; charset=utf-8"),
        Err(e) => (StatusCode::INTERNAL_SERVER_ERROR, format!("the page: {e}")).into_response(),
    }
}

/// The static site's page: the same template without a first paint, told to ask the
/// WebAssembly module, with `modules` (the site's scripts) preloaded.
///
/// # Errors
/// The template's error (it renders from constant values, so only a broken build fails).
pub fn site_page(modules: &[String]) -> Result<String, askama::Error> {
    Page {
        view: None,
        groups: &[],
        line: None,
        teaching: None,
        beyond_three: false,
        label: "chess board",
        board: "",
        pieces: PIECES.trim_end(),
        credit: CREDIT,
        site: true,
        modules,
    }
    .render()
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
