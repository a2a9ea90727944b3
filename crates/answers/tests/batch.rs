//! The batch writer of `kpk probe --json` against the typed answer serialised by serde.

use kpk::{Endgame, KpkPosition, Role};
use kpk_answers::probe::{Probe, write_json};
use kpk_testkit::{XorShift, random_ending};

fn typed(fen: &str, pos: &Endgame, halfmoves: u32) -> String {
    let probe = Probe::from_tables(pos, halfmoves).with_fen(fen);
    format!("{}\n", serde_json::to_string(&probe).unwrap())
}

/// Every seventh legal KPK position, random positions of the other endings and bare kings, at
/// halfmove clocks from 0 to beyond 100 (so that cursed wins and blessed losses are written).
#[test]
fn the_batch_writer_prints_exactly_what_serde_prints() {
    let mut positions: Vec<Endgame> = KpkPosition::all().step_by(7).map(Endgame::from).collect();
    let mut rng = XorShift::new(99);
    for role in [Role::Queen, Role::Rook, Role::Bishop, Role::Knight] {
        positions.extend((0..3_000).map(|_| random_ending(&mut rng, role)));
    }
    positions.push(kpk_shakmaty::fen::parse("8/8/8/3k4/8/8/8/4K3 b - - 0 1").unwrap().position);
    assert!(positions.len() > 100_000);
    for (i, pos) in positions.into_iter().enumerate() {
        let text = pos.to_string();
        let clock = [0, 40, 70, 85, 99, 100, 130][i % 7] + u32::try_from(i % 5).unwrap();
        let mut fast = String::new();
        write_json(&mut fast, &text, &pos, clock);
        assert_eq!(fast, typed(&text, &pos, clock), "{text} at clock {clock}");
    }
}

/// Text that needs escaping is escaped the same way; surrounding white space is trimmed alike.
#[test]
fn the_echoed_text_is_escaped_and_trimmed_alike() {
    let pos = kpk_shakmaty::fen::parse("8/8/8/8/8/4k3/4P3/4K3 w - - 0 1").unwrap().position;
    for odd in ["tab\there \"quoted\" \\ \u{1}", "  padded  ", "é ∞"] {
        let mut fast = String::new();
        write_json(&mut fast, odd, &pos, 0);
        assert_eq!(fast, typed(odd, &pos, 0), "{odd:?}");
    }
}
