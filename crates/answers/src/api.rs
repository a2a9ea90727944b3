//! The answers of the server's routes, typed, independent of HTTP (so `kpk serve` and the
//! WebAssembly module answer alike): the lichess tablebase API's `/standard` and
//! `/standard/mainline`, and this project's KPK map, optimal line and explanation. The server
//! serialises them: each answer's JSON form is its `serde` form.
//!
//! Every function takes the FEN as text (underscores may stand for spaces, as the lichess API
//! allows) and answers a typed value, or an [`ApiError`] whose message names the problem.

use crate::line::Line;
use crate::mainline::Mainline;
use crate::map::DefenderMap;
use std::sync::OnceLock;

use crate::probe::Probe;
use kpk_shakmaty::fen::FenError;
use kpk_shakmaty::fen::{self, ParsedFen};
use kpk_syzygy::{ProbeError, Tablebases};
use serde::Serialize;
use shakmaty::Chess;

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

    /// A 404 Not Found with `message`: a legal position these tables do not hold (more than
    /// three men, castling rights), as the lichess service answers a position its tables
    /// lack.
    #[must_use]
    pub fn not_found(message: impl Into<String>) -> ApiError {
        ApiError { status: 404, message: message.into() }
    }

    /// A 500 Internal Server Error with `message`: a tablebase file the answer needs is
    /// damaged (the message names it).
    #[must_use]
    pub fn server_error(message: impl Into<String>) -> ApiError {
        ApiError { status: 500, message: message.into() }
    }

    /// The error as the JSON body the server sends: `{"error": message}`.
    #[must_use]
    pub fn to_json(&self) -> ErrorAnswer {
        ErrorAnswer { error: self.message.clone() }
    }
}

/// The body of a refused request: `{"error": message}`, the message naming the problem.
///
/// ```
/// let e = kpk_answers::api::ErrorAnswer { error: "missing parameter 'fen'".into() };
/// assert_eq!(serde_json::to_string(&e).unwrap(), r#"{"error":"missing parameter 'fen'"}"#);
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Serialize, ts_rs::TS)]
pub struct ErrorAnswer {
    /// What is wrong, in words.
    pub error: String,
}

/// A line of `kpk probe --json` or `kpk explain --json` that could not be answered: the input
/// as given (trimmed) and what is wrong with it.
///
/// ```
/// let e = kpk_answers::api::LineError { fen: "8/8 w".into(), error: "invalid FEN".into() };
/// assert_eq!(serde_json::to_string(&e).unwrap(), r#"{"fen":"8/8 w","error":"invalid FEN"}"#);
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Serialize, ts_rs::TS)]
pub struct LineError {
    /// The input line, trimmed.
    pub fen: String,
    /// What is wrong, in words.
    pub error: String,
}

/// The FEN of a request as text: present, not too long, underscores as spaces.
fn request_text(fen: Option<&str>) -> Result<String, ApiError> {
    let fen = fen.ok_or_else(|| {
        ApiError::bad_request("missing parameter 'fen': ask for /standard?fen=<FEN>")
    })?;
    if fen.len() > MAX_FEN_LEN {
        return Err(ApiError::bad_request(format!(
            "FEN too long: {} bytes, at most {MAX_FEN_LEN}",
            fen.len()
        )));
    }
    Ok(fen.replace('_', " "))
}

/// Reads the FEN of a request: present, not too long, underscores as spaces, then parsed and
/// validated by [`fen::parse`].
///
/// # Errors
/// [`ApiError`] 400 naming the problem.
pub fn parse_fen(fen: Option<&str>) -> Result<(String, ParsedFen), ApiError> {
    let text = request_text(fen)?;
    let parsed = fen::parse(&text).map_err(|e| match e {
        // a legal position beyond these tables: lichess's "not found"
        FenError::TooManyMen { .. } | FenError::Castling { .. } => {
            ApiError::not_found(e.to_string())
        }
        _ => ApiError::bad_request(e.to_string()),
    })?;
    Ok((text.trim().to_string(), parsed))
}

/// The embedded tables alone (every position of at most three men), for the functions that
/// take no [`Tablebases`].
///
/// ```
/// assert_eq!(kpk_answers::api::embedded().files().count(), 0);
/// ```
#[must_use]
pub fn embedded() -> &'static Tablebases {
    static EMBEDDED: OnceLock<Tablebases> = OnceLock::new();
    EMBEDDED.get_or_init(Tablebases::new)
}

/// Reads the FEN of a request as any legal position (any number of men, castling rights): present,
/// not too long, underscores as spaces.
///
/// # Errors
/// [`ApiError`] 400 naming the problem.
pub fn parse_position(fen: Option<&str>) -> Result<Chess, ApiError> {
    let text = request_text(fen)?;
    fen::parse_position(&text).map_err(|e| ApiError::bad_request(e.to_string()))
}

/// [`standard_in`] with the embedded tables alone.
///
/// ```
/// use kpk_answers::category::Category;
/// let probe = kpk_answers::api::standard(Some("4k3/8/4K3/4P3/8/8/8/8_w_-_-_0_1")).unwrap();
/// assert_eq!(probe.outcome.category, Category::Win);
/// // the best move leaves the opponent lost
/// assert_eq!(probe.moves[0].after.category, Category::Loss);
/// ```
///
/// # Errors
/// As [`standard_in`].
pub fn standard(fen: Option<&str>) -> Result<Probe, ApiError> {
    standard_in(embedded(), fen)
}

/// The answer of `GET /standard?fen=...`, in the lichess tablebase API's shape: the typed
/// [`Probe`] (the same fields as `kpk probe --json`, without the FEN): the position's category
/// and distances (plies, signed for the side to move), checkmate, stalemate, insufficient
/// material, and every legal move best first with its UCI and SAN, whether it zeroes the
/// 50-move counter (a pawn move or a capture) or converts (a capture or a promotion), and the
/// same facts about the position after it (from the opponent's view, as in the lichess API).
/// The FEN's halfmove clock counts: a win the 50-move rule spoils is a `cursed-win`.
///
/// At most three men come from the embedded tables (exact `dtz`, `precise_dtz` and `dtm`);
/// more from the Syzygy files of `tables` (`dtm` null, `precise_dtz` null where the file may
/// round); a position no table holds (more men, castling rights) is `unknown`, with the exact
/// answer of every move that enters the tables, as lila-tablebase answers.
///
/// ```
/// use kpk_answers::category::Category;
/// use kpk_syzygy::Tablebases;
/// let fen = "4k3/8/8/8/8/8/3PP3/4K3_w_-_-_0_1";
/// let probe = kpk_answers::api::standard_in(&Tablebases::new(), Some(fen)).unwrap();
/// assert_eq!(probe.outcome.category, Category::Unknown);
/// ```
///
/// # Errors
/// [`ApiError`] 400 for a missing, malformed or illegal FEN; 500 naming a damaged file.
pub fn standard_in(tables: &Tablebases, fen: Option<&str>) -> Result<Probe, ApiError> {
    let pos = parse_position(fen)?;
    Probe::from_files(tables, &pos).map_err(|e| file_error(&e))
}

/// [`standard_in`]'s answer as the JSON text the server sends.
///
/// ```
/// use kpk_syzygy::Tablebases;
/// let body = kpk_answers::api::standard_body(&Tablebases::new(), Some("4k3/8/4K3/4P3/8/8/8/8_w_-_-_0_1")).unwrap();
/// assert!(body.starts_with(br#"{"checkmate":false,"#));
/// ```
///
/// # Errors
/// As [`standard_in`].
pub fn standard_body(tables: &Tablebases, fen: Option<&str>) -> Result<Vec<u8>, ApiError> {
    let probe = standard_in(tables, fen)?;
    let mut body = Vec::with_capacity(4096);
    serde_json::to_writer(&mut body, &probe).map_err(|e| ApiError::server_error(e.to_string()))?;
    Ok(body)
}

/// A file the answer needs is damaged: the server's fault, not the request's.
fn file_error(e: &ProbeError) -> ApiError {
    ApiError::server_error(e.to_string())
}

/// [`mainline_in`] with the embedded tables alone.
///
/// ```
/// let line = kpk_answers::api::mainline(Some("7k/8/6K1/8/8/8/8/1Q6_w_-_-_0_1")).unwrap();
/// let v = serde_json::to_value(&line).unwrap();
/// assert_eq!(v["mainline"][0]["uci"], "b1b8");
/// assert_eq!(v["winner"], "w");
/// assert_eq!(v["dtz"], 1);
/// ```
///
/// # Errors
/// As [`mainline_in`].
pub fn mainline(fen: Option<&str>) -> Result<Mainline, ApiError> {
    mainline_in(embedded(), fen)
}

/// The answer of `GET /standard/mainline?fen=...`, in the lichess tablebase API's shape
/// ([`Mainline`]): the DTZ-optimal line until mate or until the 50-move draw can be claimed,
/// each step's UCI, SAN and the DTZ after it, the winner (`w`, `b` or `null`) and the DTZ of
/// the position; at most three men from the embedded tables, more from the Syzygy files of
/// `tables` (as lila-tablebase plays it: [`Mainline::from_files`]).
///
/// ```
/// use kpk_syzygy::Tablebases;
/// let e = kpk_answers::api::mainline_in(&Tablebases::new(), Some("4k3/8/8/8/8/8/3PP3/4K3_w_-_-_0_1"));
/// assert_eq!(e.unwrap_err().status, 404);
/// ```
///
/// # Errors
/// [`ApiError`] 400 for a missing, malformed or illegal FEN; 404 for a position no table holds
/// (too many men, castling rights, a table not given), as lila-tablebase answers; 500 naming a
/// damaged file.
pub fn mainline_in(tables: &Tablebases, fen: Option<&str>) -> Result<Mainline, ApiError> {
    let pos = parse_position(fen)?;
    Mainline::from_files(tables, &pos).map_err(|e| match e {
        ProbeError::Damaged { .. } => file_error(&e),
        _ => ApiError::not_found(e.to_string()),
    })
}

/// The answer of `GET /kpk/map?fen=...`: for a KPK position, the defending king's map (every
/// square from a1 to h8: `"win"` where the side with the pawn wins with the defending king
/// there, `"draw"`, or `null` where he cannot stand), the side with the pawn, and the
/// explanation of the position itself ([`crate::explain::Explanation`]).
///
/// ```
/// let map = kpk_answers::api::map(Some("4k3/8/4K3/4P3/8/8/8/8 b - - 0 1")).unwrap();
/// let v = serde_json::to_value(&map).unwrap();
/// assert_eq!(v["squares"]["e8"], "win");
/// assert_eq!(v["squares"]["e5"], serde_json::Value::Null);
/// ```
///
/// # Errors
/// [`ApiError`] 400 for a bad FEN or a position that is not KPK, 404 for more than three men
/// or castling rights.
pub fn map(fen: Option<&str>) -> Result<DefenderMap, ApiError> {
    let (text, p) = parse_fen(fen)?;
    DefenderMap::of(&text, &p).ok_or_else(|| {
        ApiError::bad_request(format!(
            "the map needs a KPK position (two kings and one pawn), not {}",
            fen::material_name(&kpk_shakmaty::to_chess(&p.position))
        ))
    })
}

/// The answer of `GET /kpk/line?fen=...`: the optimal line (the fastest mate for the winner,
/// the longest defence for the loser) from the position to mate, each step with its move, the
/// position after it as FEN, and that position's distance to mate; empty for a draw.
///
/// ```
/// let line = kpk_answers::api::line(Some("7k/8/6K1/8/8/8/8/1Q6 w - - 0 1")).unwrap();
/// assert_eq!(line.steps.len(), 1);
/// assert_eq!(line.steps[0].san, "Qb8#");
/// ```
///
/// # Errors
/// [`ApiError`] 400 for a bad FEN, 404 for more than three men or castling rights.
pub fn line(fen: Option<&str>) -> Result<Line, ApiError> {
    let (text, p) = parse_fen(fen)?;
    Ok(Line::of(&text, &p.position, p.halfmoves))
}
