//! The search's mate scores against the DTM tables: the reported distance equals the exact one,
//! through the transposition table's re-rooting. Run with `--release`.

use kpk::random::{XorShift, random_ending};
use kpk::{Role, dtm};
use kpk_score::Score;
use kpk_search::search::Searcher;
use shakmaty::fen::Fen;
use shakmaty::uci::UciMove;
use shakmaty::{CastlingMode, Chess};

fn chess(fen: &str) -> Chess {
    fen.parse::<Fen>().unwrap().into_position(CastlingMode::Standard).unwrap()
}

#[test]
fn mate_scores_equal_the_tables() {
    let mut rng = XorShift::new(2024);
    for role in [Role::Queen, Role::Rook] {
        let mut tested = 0;
        while tested < 12 {
            let pos = random_ending(&mut rng, role);
            let Some(d) = dtm::probe(&pos) else { continue };
            let plies = u32::try_from(d.plies()).unwrap_or(0);
            if !d.is_win() || plies > 9 {
                continue;
            }
            let mut searcher = Searcher::new(4);
            let result =
                searcher.search(&chess(&pos.to_string()), u8::try_from(plies + 2).unwrap());
            assert_eq!(result.score, Score::mate_in(plies), "{pos}");
            // the move it chose keeps the mate at that distance
            let best = UciMove::from_standard(result.best.unwrap()).to_string();
            let after = dtm::outcomes(&pos).find(|o| o.mv.to_string() == best).unwrap();
            assert_eq!(after.mover_dtm(), Some(d), "{pos}: {best}");
            tested += 1;
        }
    }
}

#[test]
fn a_mated_side_reports_the_longest_defence() {
    let mut rng = XorShift::new(77);
    let mut tested = 0;
    while tested < 8 {
        let pos = random_ending(&mut rng, Role::Queen);
        let Some(d) = dtm::probe(&pos) else { continue };
        let plies = d.plies().unsigned_abs();
        if d.is_win() || plies == 0 || plies > 8 {
            continue;
        }
        let mut searcher = Searcher::new(4);
        let result = searcher.search(&chess(&pos.to_string()), u8::try_from(plies + 2).unwrap());
        assert_eq!(result.score, Score::mated_in(plies), "{pos}");
        tested += 1;
    }
}

#[test]
fn a_mate_beyond_the_fifty_move_rule_is_not_reported() {
    // a KQK position whose mate takes 11 to 13 plies
    let mut rng = XorShift::new(95);
    let pos = loop {
        let pos = random_ending(&mut rng, Role::Queen);
        if dtm::probe(&pos).is_some_and(|d| d.is_win() && (11..=13).contains(&d.plies())) {
            break pos;
        }
    };
    let plies = u32::try_from(dtm::probe(&pos).unwrap().plies()).unwrap();
    let fen = pos.to_string();
    let mut searcher = Searcher::new(4);
    // with a fresh clock the mate is found, and the table fills with mate scores
    let fresh = searcher.search(&chess(&fen), u8::try_from(plies + 1).unwrap());
    assert_eq!(fresh.score, Score::mate_in(plies), "{fen}");
    // the same position with the clock at 95: five plies are left, the mate needs more
    let late = fen.replace(" 0 1", " 95 60");
    let result = searcher.search(&chess(&late), u8::try_from(plies + 1).unwrap());
    assert!(result.score.mate().is_none(), "{late}: {:?}", result.score);
    assert!(result.score.is_heuristic());
}

#[test]
fn mtdf_terminates_and_finds_the_same_mates() {
    let mut rng = XorShift::new(7);
    let mut tested = 0;
    while tested < 8 {
        let pos = random_ending(&mut rng, if tested % 2 == 0 { Role::Queen } else { Role::Rook });
        let Some(d) = dtm::probe(&pos) else { continue };
        let plies = d.plies().unsigned_abs();
        if plies == 0 || plies > 8 {
            continue;
        }
        let depth = u8::try_from(plies + 1).unwrap();
        let pvs = Searcher::new(4).search(&chess(&pos.to_string()), depth);
        let mtdf = Searcher::new(4).search_mtdf(&chess(&pos.to_string()), depth);
        assert_eq!(mtdf.score, pvs.score, "{pos}");
        assert!(mtdf.passes > 0);
        tested += 1;
    }
    // positions with ordinary evaluations: the driver ends, with a value that is no proof
    for fen in [
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4",
        "8/8/4k3/8/3PK3/8/8/8 w - - 0 1",
    ] {
        let result = Searcher::new(4).search_mtdf(&chess(fen), 4);
        assert!(result.score.is_heuristic(), "{fen}: {:?}", result.score);
        assert!(result.passes < 200, "{fen}: {} passes", result.passes);
        assert!(result.best.is_some());
    }
}
