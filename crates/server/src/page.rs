//! The explorer page and its assets, compiled into the binary: no external request (the
//! Content-Security-Policy allows this origin only). The page arrives with the verdict of its
//! position (`?fen=`, or the starting KPK position) and every move's outcome, so that it reads
//! before any script has run, and without one; the script (`page.js`, `tools/web`'s bundle)
//! then draws lichess's board, chessground, and everything else from the same answers.

use askama::Template;
use axum::extract::Query;
use axum::extract::rejection::QueryRejection;
use axum::http::{HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use kpk_answers::view::{LineView, MoveGroup, Teaching, View};
use kpk_syzygy::Tablebases;
use serde::Deserialize;

/// The page's script and style as the build script found them: `tools/web`'s bundle of
/// `web/src/` (chessground and the page's TypeScript), or, where it has not run, a script that
/// says so and the page's own style; and the board's credit line.
const SCRIPT: &str = include_str!(concat!(env!("OUT_DIR"), "/page.js"));
const STYLE: &str = include_str!(concat!(env!("OUT_DIR"), "/page.css"));
const CREDIT: &str = include_str!(concat!(env!("OUT_DIR"), "/credit.html"));

/// What the page may load and run: this origin only; images as data (chessground's men); and
/// one inline style, chessground's `color-scheme:light only` on its arrows' layer, by its hash.
const CSP: &str = "default-src 'self'; img-src 'self' data:; style-src 'self' 'unsafe-hashes' \
                   'sha256-SyXRxMCl6H7Kgy9uTmu1UZqVBsRmMBF4sHRiTO3FQc0='";

fn asset(body: impl IntoResponse, content_type: &'static str) -> Response {
    let mut response = body.into_response();
    let headers = response.headers_mut();
    headers.insert(header::CONTENT_TYPE, HeaderValue::from_static(content_type));
    headers.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-cache"));
    headers.insert(header::CONTENT_SECURITY_POLICY, HeaderValue::from_static(CSP));
    response
}

/// The query of the page: the position to open with.
#[derive(Deserialize)]
pub(crate) struct PageQuery {
    fen: Option<String>,
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
    /// No optimal line to show: a position beyond three men (or with castling rights), or one
    /// that does not read.
    no_line: bool,
    /// The board in words, for a screen reader.
    label: &'a str,
    /// The credit line of the board and its men.
    credit: &'static str,
    /// The static site's page: its icon, manifest and preloads, its words.
    site: bool,
    /// The static site's modules, preloaded.
    modules: &'a [String],
    /// The static site's Stockfish (its worker script's path), where the site carries it.
    stockfish: Option<&'a str>,
    /// The editor's men: each FEN letter with its colour and role, as chessground names them.
    palette: &'static [(char, &'static str, &'static str)],
}

/// The editor's palette: White's men, then Black's.
const PALETTE: [(char, &str, &str); 12] = [
    ('K', "white", "king"),
    ('P', "white", "pawn"),
    ('Q', "white", "queen"),
    ('R', "white", "rook"),
    ('B', "white", "bishop"),
    ('N', "white", "knight"),
    ('k', "black", "king"),
    ('p', "black", "pawn"),
    ('q', "black", "queen"),
    ('r', "black", "rook"),
    ('b', "black", "bishop"),
    ('n', "black", "knight"),
];

/// The page of `kpk serve`, its first paint the position of its `?fen=` (the starting position
/// without one): the FEN or its error, the verdict, every move grouped with its
/// words and badges, the optimal line and the KPK lesson's first part, all from one [`View`].
pub(crate) fn index(
    tables: &Tablebases,
    query: &Result<Query<PageQuery>, QueryRejection>,
) -> Response {
    // a malformed query opens the starting position; the script then says what is wrong (the
    // board's orientation, `&flip=1`, is the script's)
    let fen = match query {
        Ok(Query(q)) => q.fen.as_deref(),
        Err(_) => None,
    };
    let view = View::of(tables, fen);
    // the optimal line is known for three men: a position beyond them has none, and a refused
    // one has its reason in the verdict's place instead
    let no_line = view.line.is_none();
    let page = Page {
        view: Some(&view),
        groups: &view.groups,
        line: view.line.as_ref(),
        teaching: view.teaching.as_ref(),
        no_line,
        label: &view.label,
        credit: CREDIT,
        site: false,
        modules: &[],
        stockfish: None,
        palette: &PALETTE,
    };
    match page.render() {
        Ok(html) => asset(html, "text/html; charset=utf-8"),
        Err(e) => (StatusCode::INTERNAL_SERVER_ERROR, format!("the page: {e}")).into_response(),
    }
}

/// The static site's page: the same template without a first paint, told to ask the
/// WebAssembly module, with `modules` (the site's scripts) preloaded; with `stockfish` (the
/// path in the site of Stockfish's WebAssembly build, its worker script), the engine's panel
/// offers it beside the project's engine.
///
/// ```
/// let page = kpk_server::site_page(&[], Some("stockfish/stockfish.js")).unwrap();
/// assert!(page.contains(r#"<meta name="kpk-stockfish" content="stockfish/stockfish.js">"#));
/// assert!(page.contains(r#"<select id="engine-choice">"#));
/// assert!(!kpk_server::site_page(&[], None).unwrap().contains("engine-choice"));
/// ```
///
/// # Errors
/// The template's error (it renders from constant values, so only a broken build fails).
pub fn site_page(modules: &[String], stockfish: Option<&str>) -> Result<String, askama::Error> {
    Page {
        view: None,
        groups: &[],
        line: None,
        teaching: None,
        no_line: false,
        label: "chess board",
        credit: CREDIT,
        site: true,
        modules,
        stockfish,
        palette: &PALETTE,
    }
    .render()
}

/// The page's script: one module (`tools/web`'s bundle).
pub(crate) async fn script() -> Response {
    asset(SCRIPT, "text/javascript; charset=utf-8")
}

/// The page's style: chessground's and the page's own, in one sheet.
pub(crate) async fn style() -> Response {
    asset(STYLE, "text/css; charset=utf-8")
}

/// The page's script and style by file name (`page.js`, `page.css`), for the static site
/// (`kpk site-page --asset NAME`); `None` for another name.
///
/// ```
/// assert!(kpk_server::site_asset("page.css").is_some_and(|css| !css.is_empty()));
/// assert!(kpk_server::site_asset("style.css").is_none());
/// ```
#[must_use]
pub fn site_asset(name: &str) -> Option<&'static str> {
    match name {
        "page.js" => Some(SCRIPT),
        "page.css" => Some(STYLE),
        _ => None,
    }
}
