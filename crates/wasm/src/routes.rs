//! Each answer the module gives, by name, as the JSON text the server or the CLI writes for it:
//!
//! | name | the same bytes as |
//! |---|---|
//! | `standard` | `GET /standard?fen=` (lichess's shape) |
//! | `mainline` | `GET /standard/mainline?fen=` |
//! | `map` | `GET /kpk/map?fen=` (the defender's map and the explanation) |
//! | `line` | `GET /kpk/line?fen=` (the optimal line to mate) |
//! | `probe` | a line of `kpk probe --json` (the FEN first) |
//! | `explain` | `kpk explain --json` (the why, the plan, every move judged) |
//! | `score` | a raw score value in the Score crate's words (`kpk_answers::score::ScoreAnswer`) |
//! | `view` | `GET /view?fen=` (what the analysis board shows: `kpk_answers::view::View`) |
//!
//! A request the answer refuses is `{"error": ...}` with the message the server or the CLI
//! gives, and a status as the server's (400, 404; 500 for a damaged file, which the embedded
//! tables never are).

use kpk_answers::api::{self, ApiError};
use kpk_answers::batch;
use kpk_answers::probe::Method;
use kpk_answers::score::ScoreAnswer;
use kpk_score::Score;
use serde_json::json;

/// The names of the answers, in the table's order.
pub const ROUTES: [&str; 8] =
    ["standard", "mainline", "map", "line", "probe", "explain", "score", "view"];

/// An answer: the status the server would send (200 for an answer) and the JSON text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Reply {
    /// 200, or the refusal's status (400 bad input, 404 a position beyond the tables).
    pub status: u16,
    /// The JSON text, without a newline.
    pub json: Vec<u8>,
}

impl Reply {
    fn ok(value: &impl serde::Serialize) -> Reply {
        Reply { status: 200, json: serde_json::to_vec(value).unwrap_or_default() }
    }

    fn refused(e: &ApiError) -> Reply {
        Reply { status: e.status, json: serde_json::to_vec(&e.to_json()).unwrap_or_default() }
    }

    fn of<T: serde::Serialize>(answer: Result<T, ApiError>) -> Reply {
        answer.map_or_else(|e| Reply::refused(&e), |a| Reply::ok(&a))
    }
}

/// The answer `route` (one of [`ROUTES`]) for `input` (a FEN, or for `score` a raw value).
///
/// ```
/// use kpk_wasm::routes::answer;
/// let r = answer("standard", "4k3/8/4K3/4P3/8/8/8/8_w_-_-_0_1");
/// assert_eq!(r.status, 200);
/// assert!(r.json.starts_with(br#"{"checkmate":false,"#));
/// let r = answer("probe", "not a fen");
/// assert_eq!((r.status, String::from_utf8(r.json).unwrap().as_str()),
///     (400, r#"{"fen":"not a fen","error":"invalid FEN 'not a fen': invalid board part in fen"}"#));
/// let r = answer("score", "16373");
/// assert!(String::from_utf8(r.json).unwrap().contains(r#""text":"mate in 5""#));
/// assert_eq!(answer("nothing", "").status, 404);
/// ```
#[must_use]
pub fn answer(route: &str, input: &str) -> Reply {
    match route {
        "standard" => match api::standard_body(api::embedded(), Some(input)) {
            Ok(json) => Reply { status: 200, json },
            Err(e) => Reply::refused(&e),
        },
        "mainline" => Reply::of(api::mainline(Some(input))),
        "map" => Reply::of(api::map(Some(input))),
        "line" => Reply::of(api::line(Some(input))),
        "probe" => probe(input),
        "explain" => explain(input),
        "score" => score(input),
        "view" => {
            let v = kpk_answers::view::View::of(api::embedded(), Some(input));
            let status = if v.error.is_some() { 400 } else { 200 };
            Reply { status, json: serde_json::to_vec(&v).unwrap_or_default() }
        }
        _ => Reply {
            status: 404,
            json: json!({ "error": format!("no answer named '{route}': the answers are {}", ROUTES.join(", ")) })
                .to_string()
                .into_bytes(),
        },
    }
}

/// A line of `kpk probe --json`: the FEN first, then `/standard`'s fields for three men (or the
/// error).
fn probe(input: &str) -> Reply {
    line_of(&batch::answer(input.as_bytes(), true, Method::Tables, None))
}

/// `kpk explain --json`: the explanation, or the FEN and the error.
fn explain(input: &str) -> Reply {
    line_of(&batch::explain(input.as_bytes(), true, false))
}

/// A batch answer's JSON line as a reply: 400 where it failed.
fn line_of(a: &batch::Answer) -> Reply {
    let json = a.out.strip_suffix(b"\n").unwrap_or(&a.out).to_vec();
    Reply { status: if a.failed { 400 } else { 200 }, json }
}

/// A raw score value (an integer) in the Score crate's words.
fn score(input: &str) -> Reply {
    match input.trim().parse::<i32>().ok().and_then(Score::try_new) {
        Some(s) => Reply::ok(&ScoreAnswer::of(s)),
        None => Reply {
            status: 400,
            json: json!({ "error": format!("not a score: '{}' (an integer from -16384 to 16384)", input.trim()) })
                .to_string()
                .into_bytes(),
        },
    }
}
