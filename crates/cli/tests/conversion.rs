//! The engine with the bitbase and the progress estimate, and with the rules and no table,
//! converts won KPK positions against a perfect defender: a sample of every 150th won position
//! at depth 4 (the full run at depth 6 is `kpk bench conversion`, figures in BENCHMARKS.md).
//! Run with `--release`.

use kpk::dtm;
use kpk_cli::bench::games::{Player, play, run, won_kpk_positions};
use kpk_search::eval::Knowledge;

#[test]
fn every_sampled_win_is_converted_without_a_draw() {
    let starts: Vec<_> = won_kpk_positions().step_by(150).collect();
    assert!(starts.len() > 1_400, "{}", starts.len());
    // with the bitbase, and with the rules and no table
    for knowledge in [Knowledge::Progress, Knowledge::Rules] {
        let report = run(&starts, Player { knowledge, depth: 4 });
        assert_eq!(report.drawn, 0, "{knowledge:?}: {:?}", report.examples);
        assert_eq!(report.converted, report.games, "{knowledge:?}: {:?}", report.examples);
        assert_eq!(report.over_fifty_moves, 0, "{knowledge:?}: {:?}", report.examples);
        assert!(report.mean_excess <= 10.0, "{knowledge:?}: {}", report.mean_excess);
    }
}

#[test]
fn a_played_game_keeps_every_win() {
    // one game in full: after every engine move the tables still say the engine wins
    let start = won_kpk_positions().nth(12_345).unwrap();
    let game = play(start, Player { knowledge: Knowledge::Progress, depth: 4 }, 200);
    assert!(!game.is_empty());
    for (pos, m) in game {
        let after = pos.play(m).unwrap();
        let d = dtm::probe(&after);
        if pos.strong_to_move() {
            assert!(after.is_checkmate() || d.is_some_and(|d| !d.is_win()), "{pos} {m}");
        }
    }
}
