//! The answers on arbitrary input: mutated and random FENs never panic, and every refusal is a
//! 400 with a message; every acceptance is an answer about a position the tables know.

use kpk_answers::api;
use kpk_testkit::XorShift;
use shakmaty::Position;

const SEEDS: [&str; 6] = [
    "4k3/8/4K3/4P3/8/8/8/8 w - - 0 1",
    "8/8/8/8/4p3/4k3/8/4K3 b - - 0 1",
    "7k/8/6K1/8/8/8/8/1Q6 w - - 0 1",
    "8/8/8/8/8/2k5/8/R3K3 b - - 0 1",
    "k7/2K5/1P6/8/8/8/8/8 b - - 0 1",
    "4k3/8/8/8/8/8/8/4KB2_w_-_-_0_1",
];

const ALPHABET: &[u8] = b"12345678/ _-kqrbnpKQRBNPwWabcdefgh0\xff";

fn mutate(rng: &mut XorShift, text: &str) -> Vec<u8> {
    let mut bytes = text.as_bytes().to_vec();
    for _ in 0..=(rng.next_u64() % 3) {
        let at = usize::try_from(rng.next_u64() % (bytes.len() as u64 + 1)).unwrap();
        let pick = ALPHABET[usize::try_from(rng.next_u64() % ALPHABET.len() as u64).unwrap()];
        match rng.next_u64() % 3 {
            0 if at < bytes.len() => bytes[at] = pick,
            1 if at < bytes.len() => {
                bytes.remove(at);
            }
            _ => bytes.insert(at, pick),
        }
    }
    bytes
}

#[test]
fn arbitrary_fens_are_answered_or_refused_with_a_message() {
    let mut rng = XorShift::new(2026);
    let (mut answered, mut refused) = (0u32, 0u32);
    for i in 0..30_000 {
        let bytes = if i % 5 == 0 {
            let len = usize::try_from(rng.next_u64() % 200).unwrap();
            (0..len).map(|_| ALPHABET[usize::try_from(rng.next_u64() % 36).unwrap()]).collect()
        } else {
            mutate(&mut rng, SEEDS[i % SEEDS.len()])
        };
        let text = String::from_utf8_lossy(&bytes);
        let answers = [
            api::standard(Some(&text)).map(|a| serde_json::to_value(a).unwrap()),
            api::mainline(Some(&text)).map(|a| serde_json::to_value(a).unwrap()),
            api::map(Some(&text)).map(|a| serde_json::to_value(a).unwrap()),
            api::line(Some(&text)).map(|a| serde_json::to_value(a).unwrap()),
        ];
        for answer in answers {
            match answer {
                Ok(v) => {
                    answered += 1;
                    assert!(v.is_object(), "{text:?}");
                }
                Err(e) => {
                    refused += 1;
                    // 404 only for a legal position beyond the tables, as lichess answers
                    let beyond = e.message.contains("castling") || e.message.contains("men");
                    assert!(e.status == 400 || (e.status == 404 && beyond), "{text:?}: {e:?}");
                    assert!(!e.message.is_empty(), "{text:?}");
                }
            }
        }
        if let Ok(v) = api::standard(Some(&text)).map(|a| serde_json::to_value(a).unwrap()) {
            // an accepted FEN is a legal position: of at most three men, the tables' category
            // under its clock and a move list; beyond them, every legal move (as shakmaty
            // generates them) and a category
            let legal = api::parse_position(Some(&text)).unwrap().legal_moves().len();
            assert_eq!(v["moves"].as_array().unwrap().len(), legal, "{text:?}");
            match api::parse_fen(Some(&text)) {
                Ok((_, parsed)) => {
                    let category = kpk::dtz::probe(&parsed.position).wdl50(parsed.halfmoves);
                    assert_eq!(v["category"], category.as_str(), "{text:?}");
                }
                Err(_) => assert!(v["category"].is_string(), "{text:?}"),
            }
        }
    }
    // the mutations keep some FENs legal, so both paths are exercised
    assert!(answered > 1_000 && refused > 10_000, "{answered} {refused}");
}

/// A check no game reaches (two pawns at once) is answered, as lila-tablebase answers it: the
/// moves python-chess lists, the captures into three men with the tables' exact answer.
#[test]
fn an_impossible_check_is_answered_as_lila_tablebase_answers_it() {
    let probe = api::standard(Some("8/p1p5/1K6/8/3k4/8/8/8_w_-_-_0_1")).unwrap();
    let mut moves: Vec<String> = probe.moves.iter().map(|m| m.uci.to_string()).collect();
    moves.sort();
    // python-chess: [m.uci() for m in chess.Board("8/p1p5/1K6/8/3k4/8/8/8 w - - 0 1").legal_moves]
    assert_eq!(moves, ["b6a5", "b6a6", "b6a7", "b6b5", "b6b7", "b6c6", "b6c7"]);
    let take = probe.moves.iter().find(|m| m.uci == "b6c7").unwrap();
    assert!(take.after.dtm.is_some(), "Kxc7 enters the 3-man tables");
}
