//! Invariants of the kpk crates, each a function of arbitrary bytes that panics when one is
//! broken. The fuzz targets in `fuzz/` call them with libFuzzer's inputs (nightly); the tests
//! of this crate call them with seeded random inputs on the stable toolchain, so CI checks the
//! same properties on every run.
//!
//! | check | what must hold |
//! |---|---|
//! | [`score_uci`] | parsing any text never panics; what parses prints back to text that parses to the same value |
//! | [`score_ops`] | the `Score` invariant, negation, arithmetic, TT round trips and the bound-aware guard, packing, grain, IBV, the delayed-loss window |
//! | [`square_parse`] | parsing any text or index never panics; what parses prints back as itself |
//! | [`position_play`] | setups validate the same way in both position types; every legal move plays, every other move is refused; DTM satisfies the Bellman condition |
//! | [`file_decode`] | decoding any bytes never panics; what decodes encodes back to the same bytes |
//! | [`cli_probe`] | the CLI's batch answers every input line with exactly one JSON object |
//! | [`raw_probe`] | the raw probes and DTM arithmetic answer any input without panicking, and agree with the checked API on legal input |
#![deny(missing_docs)]

mod input;
mod position;
mod score;

pub use input::Input;
pub use position::{position_play, raw_probe};
pub use score::{score_ops, score_uci};

use kpk::bitbase::{Bitbase, format};
use kpk_answers::batch::answer_batch;
use kpk_answers::probe::Method;

/// Square names and indices: parsing never panics, and a parsed square prints as its input.
pub fn square_parse(data: &[u8]) {
    if let Ok(text) = std::str::from_utf8(data)
        && let Ok(sq) = text.parse::<kpk::Square>()
    {
        assert_eq!(sq.to_string(), text);
    }
    for &b in data.iter().take(8) {
        match kpk::Square::try_from(b) {
            Ok(sq) => assert_eq!(sq.index(), b),
            Err(e) => assert!(b >= 64 && e.index == b),
        }
    }
}

/// The bitbase file format: any bytes decode or fail without panicking, and a valid file's
/// bytes, changed anywhere, either decode back to themselves or are rejected.
pub fn file_decode(data: &[u8]) {
    if let Ok(table) = format::decode(data) {
        assert_eq!(&format::encode(&table)[..], data);
    }
    // Mutate a valid file so that inputs get past the size check.
    let mut file = format::encode(Bitbase::embedded());
    let mut input = Input::new(data);
    while !input.is_empty() {
        let at = usize::from(input.u16()) % file.len();
        file[at] ^= input.u8();
    }
    match format::decode(&file) {
        Ok(table) => assert_eq!(format::encode(&table), file),
        Err(e) => assert!(!e.to_string().is_empty()),
    }
}

/// The CLI's FEN-to-JSON path: every input line gets exactly one JSON object that names its
/// FEN, in order; text mode never panics either.
pub fn cli_probe(data: &[u8]) {
    let mut out = Vec::new();
    let mut err = Vec::new();
    let failed = answer_batch(data, &mut out, &mut err, true, Method::Tables, None)
        .expect("writing to memory cannot fail");
    let lines = if data.is_empty() {
        0
    } else {
        data.split(|&b| b == b'\n').count() - usize::from(data.ends_with(b"\n"))
    };
    let text = String::from_utf8(out).expect("JSON output is UTF-8");
    let answers: Vec<&str> = text.lines().collect();
    assert_eq!(answers.len(), lines, "one answer per input line");
    let mut any_error = false;
    for a in answers {
        let v: serde_json::Value = serde_json::from_str(a).expect("every answer is JSON");
        assert!(v["fen"].is_string());
        any_error |= v.get("error").is_some();
    }
    assert_eq!(failed, any_error);
    assert!(err.is_empty(), "JSON mode reports errors in the objects");
    let (mut out, mut err) = (Vec::new(), Vec::new());
    let _ = answer_batch(data, &mut out, &mut err, false, Method::Tables, None);
    let (mut out, mut err) = (Vec::new(), Vec::new());
    let _ = answer_batch(data, &mut out, &mut err, true, Method::Rules, None);
}
