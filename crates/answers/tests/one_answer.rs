//! One answer everywhere, over every legal KPK position (exhaustive: release profile only,
//! which the README's test command uses): the explanation's plan, its list of every move, its
//! footer and its JSON name the same move and never contradict each other or the tables.
//! The page and Python show these same values (they read this JSON), so holding the JSON holds
//! them.
#![cfg(not(debug_assertions))]

use kpk::{Color, Endgame, KpkPosition, dtm};
use kpk_answers::explain::Explanation;

// the positions in two halves, which the test harness runs on two threads
#[test]
fn the_plan_the_list_the_footer_and_the_json_agree_with_white_to_move() {
    agree(Color::White);
}

#[test]
fn the_plan_the_list_the_footer_and_the_json_agree_with_black_to_move() {
    agree(Color::Black);
}

fn agree(to_move: Color) {
    let (mut positions, mut footer_is_plan) = (0_u32, 0_u32);
    for pos in KpkPosition::all().filter(|p| p.side_to_move() == to_move) {
        let game = Endgame::from(pos);
        let mut fen = String::new();
        game.write_fen(&mut fen).unwrap();
        let parsed = kpk_shakmaty::fen::parse(&fen).unwrap();
        let e = Explanation::of(&fen, &parsed);
        positions += 1;
        let Some(plan) = &e.plan else {
            assert!(e.moves.is_empty() && e.first_move.is_none(), "{fen}");
            continue;
        };
        // the list marks exactly the plan's move as the plan's, and never as a mistake
        let planned: Vec<_> = e.moves.iter().filter(|m| m.verdict.plan).collect();
        assert_eq!(planned.len(), 1, "{fen}");
        assert_eq!(planned[0].uci, plan.uci, "{fen}");
        assert_ne!(planned[0].verdict.kind, kpk_rules::Verdict::Throws, "{fen}");
        // the footer: the plan's move wherever the tables rank it with the best, else the
        // tables' best, which the list never calls a mistake
        let first = e.first_move.as_ref().expect("a legal move");
        let outcome = |uci: &str| {
            dtm::outcomes(&game)
                .find(|o| kpk_answers::notation::Notation::uci(o.mv) == uci)
                .map(|o| o.dtm)
        };
        let best = dtm::outcomes(&game).next().unwrap().dtm;
        if outcome(&plan.uci).unwrap() == best {
            assert_eq!(
                first.uci, plan.uci,
                "{fen}: the footer names another move as good as the plan's"
            );
            footer_is_plan += 1;
        } else {
            assert_eq!(outcome(&first.uci).unwrap(), best, "{fen}");
        }
        let footer = e.moves.iter().find(|m| m.uci == first.uci).unwrap();
        assert_ne!(footer.verdict.kind, kpk_rules::Verdict::Throws, "{fen}");
        // the JSON carries the same values
        let json = serde_json::to_value(&e).unwrap();
        assert_eq!(json["plan"]["uci"], plan.uci.as_str(), "{fen}");
        assert_eq!(json["first_move"]["uci"], first.uci.as_str(), "{fen}");
        let marked: Vec<&str> = json["moves"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|m| m["verdict"]["plan"] == true)
            .map(|m| m["uci"].as_str().unwrap())
            .collect();
        assert_eq!(marked, [plan.uci.as_str()], "{fen}");
    }
    println!(
        "one answer, {to_move} to move: {positions} positions; the footer names the plan's move in {footer_is_plan} \
         (everywhere the tables rank it with the best)"
    );
}
