//! `kpk probe --json`'s batch against the typed answer `/standard` serialises: one writer, so
//! every line must be serde's text of `Probe` with the FEN echoed.

use kpk::{Endgame, KpkPosition, Role};
use kpk_answers::batch::answer_batch;
use kpk_answers::probe::{Method, Probe};
use kpk_testkit::{XorShift, random_ending};

fn typed(fen: &str, pos: &Endgame, halfmoves: u32, method: Method) -> String {
    let probe = Probe::by(method, pos, halfmoves).with_fen(fen);
    format!("{}\n", serde_json::to_string(&probe).unwrap())
}

fn batch(input: &str, method: Method) -> (String, bool) {
    let (mut out, mut err) = (Vec::new(), Vec::new());
    let failed = answer_batch(input.as_bytes(), &mut out, &mut err, true, method, None).unwrap();
    assert!(err.is_empty(), "JSON mode reports errors in the objects");
    (String::from_utf8(out).unwrap(), failed)
}

/// Every 31st legal KPK position, random positions of the other endings and bare kings, at
/// halfmove clocks from 0 to 100 (so that cursed wins and blessed losses are written), by each
/// method: each line of the batch is the typed answer's JSON.
#[test]
fn every_line_of_the_batch_is_the_typed_answer() {
    let mut positions: Vec<Endgame> = KpkPosition::all().step_by(31).map(Endgame::from).collect();
    let mut rng = XorShift::new(99);
    for role in [Role::Queen, Role::Rook, Role::Bishop, Role::Knight] {
        positions.extend((0..1_000).map(|_| random_ending(&mut rng, role)));
    }
    positions.push(kpk_shakmaty::fen::parse("8/8/8/3k4/8/8/8/4K3 b - - 0 1").unwrap().position);
    let clocks = [0, 40, 70, 85, 99, 100];
    let mut input = String::new();
    let mut expected = [String::new(), String::new(), String::new()];
    let methods = [Method::Tables, Method::Rules, Method::Recognizer];
    for (i, pos) in positions.iter().enumerate() {
        let clock = clocks[i % clocks.len()] - u32::from(i % 2 == 1 && clocks[i % 6] > 0);
        let fen = pos.to_string().replace(" 0 1", &format!(" {clock} 1"));
        input.push_str(&fen);
        input.push('\n');
        for (m, method) in methods.iter().enumerate() {
            expected[m].push_str(&typed(&fen, pos, clock, *method));
        }
    }
    for (m, method) in methods.iter().enumerate() {
        let (out, failed) = batch(&input, *method);
        assert!(!failed);
        assert_eq!(out.lines().count(), positions.len());
        for (got, want) in out.lines().zip(expected[m].lines()) {
            assert_eq!(got, want, "{method:?}");
        }
    }
}

/// The FEN echoed is the text asked, trimmed and escaped as JSON; a line that is not a FEN gets
/// an object with the text and the error, and the batch fails.
#[test]
fn the_echoed_text_is_trimmed_and_escaped_and_errors_are_objects() {
    let (out, failed) = batch("  8/8/8/8/8/4k3/4P3/4K3 w - - 0 1  \n", Method::Tables);
    assert!(!failed);
    let v: serde_json::Value = serde_json::from_str(out.trim_end()).unwrap();
    assert_eq!(v["fen"], "8/8/8/8/8/4k3/4P3/4K3 w - - 0 1");
    assert_eq!(v["category"], "draw");
    for odd in ["tab\there \"quoted\" \\ \u{1}", "é ∞", ""] {
        let (out, failed) = batch(&format!("{odd}\n"), Method::Tables);
        assert!(failed, "{odd:?}");
        let v: serde_json::Value = serde_json::from_str(out.trim_end()).unwrap();
        assert_eq!(v["fen"], odd.trim());
        assert!(v["error"].as_str().is_some_and(|e| !e.is_empty()), "{odd:?}");
    }
}

/// Two lines written by the hand-written batch writer this crate had before one field list gave
/// both JSON forms (the tables' answer, and the rules method's with its basis): the shape
/// `kpk probe --json` and `/standard` promise, held against an oracle outside the field list.
#[test]
fn the_batch_writes_what_the_earlier_writer_wrote() {
    let cases = [
        (
            "8/8/8/8/8/4k3/4P3/4K3 w - - 0 1",
            Method::Tables,
            r#"{"fen":"8/8/8/8/8/4k3/4P3/4K3 w - - 0 1","checkmate":false,"stalemate":false,"variant_win":false,"variant_loss":false,"insufficient_material":false,"category":"draw","dtz":0,"precise_dtz":0,"dtc":null,"dtm":null,"dtw":null,"moves":[{"uci":"e1d1","san":"Kd1","zeroing":false,"conversion":false,"checkmate":false,"stalemate":false,"variant_win":false,"variant_loss":false,"insufficient_material":false,"category":"draw","dtz":0,"precise_dtz":0,"dtc":null,"dtm":null,"dtw":null},{"uci":"e1f1","san":"Kf1","zeroing":false,"conversion":false,"checkmate":false,"stalemate":false,"variant_win":false,"variant_loss":false,"insufficient_material":false,"category":"draw","dtz":0,"precise_dtz":0,"dtc":null,"dtm":null,"dtw":null}]}"#,
        ),
        (
            "8/8/4k3/8/8/3KP3/8/8 b - - 0 1",
            Method::Rules,
            r#"{"fen":"8/8/4k3/8/8/3KP3/8/8 b - - 0 1","method":"rules","checkmate":false,"stalemate":false,"variant_win":false,"variant_loss":false,"insufficient_material":false,"category":"draw","dtz":null,"precise_dtz":null,"dtc":null,"dtm":null,"dtw":null,"moves":[{"uci":"e6d5","san":"Kd5","zeroing":false,"conversion":false,"checkmate":false,"stalemate":false,"variant_win":false,"variant_loss":false,"insufficient_material":false,"category":"draw","dtz":null,"precise_dtz":null,"dtc":null,"dtm":null,"dtw":null},{"uci":"e6e5","san":"Ke5","zeroing":false,"conversion":false,"checkmate":false,"stalemate":false,"variant_win":false,"variant_loss":false,"insufficient_material":false,"category":"draw","dtz":null,"precise_dtz":null,"dtc":null,"dtm":null,"dtw":null},{"uci":"e6d7","san":"Kd7","zeroing":false,"conversion":false,"checkmate":false,"stalemate":false,"variant_win":false,"variant_loss":false,"insufficient_material":false,"category":"draw","dtz":null,"precise_dtz":null,"dtc":null,"dtm":null,"dtw":null},{"uci":"e6e7","san":"Ke7","zeroing":false,"conversion":false,"checkmate":false,"stalemate":false,"variant_win":false,"variant_loss":false,"insufficient_material":false,"category":"draw","dtz":null,"precise_dtz":null,"dtc":null,"dtm":null,"dtw":null},{"uci":"e6f5","san":"Kf5","zeroing":false,"conversion":false,"checkmate":false,"stalemate":false,"variant_win":false,"variant_loss":false,"insufficient_material":false,"category":"win","dtz":null,"precise_dtz":null,"dtc":null,"dtm":null,"dtw":null},{"uci":"e6d6","san":"Kd6","zeroing":false,"conversion":false,"checkmate":false,"stalemate":false,"variant_win":false,"variant_loss":false,"insufficient_material":false,"category":"win","dtz":null,"precise_dtz":null,"dtc":null,"dtm":null,"dtw":null},{"uci":"e6f6","san":"Kf6","zeroing":false,"conversion":false,"checkmate":false,"stalemate":false,"variant_win":false,"variant_loss":false,"insufficient_material":false,"category":"win","dtz":null,"precise_dtz":null,"dtc":null,"dtm":null,"dtw":null},{"uci":"e6f7","san":"Kf7","zeroing":false,"conversion":false,"checkmate":false,"stalemate":false,"variant_win":false,"variant_loss":false,"insufficient_material":false,"category":"win","dtz":null,"precise_dtz":null,"dtc":null,"dtm":null,"dtw":null}],"basis":"rule","rule":"defender_guards_the_key_squares_first","certain":true,"reason":"Not a rook pawn: the defending king, inside the square, reaches a square guarding every key square three moves before the strong king reaches one."}"#,
        ),
    ];
    for (fen, method, expected) in cases {
        let (out, failed) = batch(&format!("{fen}\n"), method);
        assert!(!failed);
        assert_eq!(out, format!("{expected}\n"), "{fen}");
    }
}
