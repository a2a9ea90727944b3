//! Iterative deepening stops when an iteration's tree is exhausted (every line ends in a
//! position decided exactly), and only then.

use kpk_search::search::{Driver, Limits, Options, Searcher};
use shakmaty::fen::Fen;
use shakmaty::{CastlingMode, Chess};

fn chess(fen: &str) -> Chess {
    fen.parse::<Fen>().unwrap().into_position(CastlingMode::Standard).unwrap()
}

fn iterations(fen: &str, driver: Driver, depth: Option<u8>) -> (usize, u8) {
    let options = Options { driver, ..Options::default() };
    let mut searcher = Searcher::new(1).with_options(options);
    let mut infos = 0;
    let limits = Limits { depth, ..Limits::default() };
    let result = searcher.run(&chess(fen), &[], limits, &mut |_| infos += 1);
    (infos, result.depth)
}

#[test]
fn a_drawn_kpk_root_answers_at_depth_one() {
    // Ke1, Pe2 v Ke3, White to move: every move leads to a proven draw
    for driver in [Driver::Pvs, Driver::Mtdf] {
        let (infos, depth) = iterations("8/8/8/8/8/4k3/4P3/4K3 w - - 0 1", driver, None);
        assert_eq!(depth, 1, "{driver:?}");
        assert!(infos <= 4, "{driver:?}: {infos} info lines");
    }
}

#[test]
fn a_tree_with_a_horizon_is_searched_to_the_depth_asked() {
    for fen in [
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "8/8/8/8/8/8/6k1/4K2R w - - 0 1",
    ] {
        let (_, depth) = iterations(fen, Driver::Pvs, Some(5));
        assert_eq!(depth, 5, "{fen}");
    }
}
