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

#[test]
fn a_mate_found_again_is_not_reported_again() {
    // KR v KP with the tables below the root: every iteration finds the same mate through Rxd2+
    // (Kxd2 here) and the same line; the search goes on to the depth asked, but reports the
    // mate once, and a new line or a quicker mate would be reported
    let fen = "8/8/8/3k4/8/8/3p4/3RK3 w - - 0 1";
    let options = Options { tables: true, ..Options::default() };
    let mut searcher = Searcher::new(4).with_options(options);
    let mut reported = Vec::new();
    let limits = Limits { depth: Some(6), ..Limits::default() };
    let result = searcher.run(&chess(fen), &[], limits, &mut |i| reported.push(i.clone()));
    assert_eq!(result.depth, 6);
    assert!(result.score.is_mate(), "{:?}", result.score);
    assert!(reported.len() < 6, "{} info lines for 6 iterations", reported.len());
    // no two reports in a row say the same
    for pair in reported.windows(2) {
        assert!(pair[0].score != pair[1].score || pair[0].pv != pair[1].pv, "{reported:?}");
    }
    // the last report is the result
    let last = reported.last().unwrap();
    assert_eq!((last.score, &last.pv), (result.score, &result.pv));
}
