//! The search's mate scores against the DTM tables: the reported distance equals the exact one
//! under both transposition-table schemes, through the table's re-rooting or the delayed-loss
//! bonus. Run with `--release`.

use kpk::{Endgame, Role, dtm};
use kpk_score::Score;
use kpk_search::eval::Knowledge;
use kpk_search::search::{Options, SearchResult, Searcher, TtScheme};
use kpk_testkit::{XorShift, random_ending};
use shakmaty::fen::Fen;
use shakmaty::uci::UciMove;
use shakmaty::{CastlingMode, Chess};

const SCHEMES: [TtScheme; 2] = [TtScheme::PlyDistance, TtScheme::DelayedLoss];

fn chess(fen: &str) -> Chess {
    fen.parse::<Fen>().unwrap().into_position(CastlingMode::Standard).unwrap()
}

fn searcher(scheme: TtScheme) -> Searcher {
    Searcher::new(4).with_options(Options { scheme, ..Options::default() })
}

/// Random positions of an ending whose DTM (in plies, from the side to move) passes `keep`.
fn sample(seed: u64, role: Role, n: usize, keep: impl Fn(i32) -> bool) -> Vec<(Endgame, i32)> {
    let mut rng = XorShift::new(seed);
    let mut out = vec![];
    while out.len() < n {
        let pos = random_ending(&mut rng, role);
        if let Some(d) = dtm::probe(&pos)
            && d.plies() != 0
        {
            // positive for the side to move's mate, negative for its defeat
            if keep(d.plies()) {
                out.push((pos, d.plies()));
            }
        }
    }
    out
}

fn assert_mate(result: &SearchResult, signed_plies: i32, what: &str) {
    let plies = signed_plies.unsigned_abs();
    let expected = if signed_plies > 0 { Score::mate_in(plies) } else { Score::mated_in(plies) };
    assert_eq!(result.score, expected, "{what}");
    let moves = i32::try_from(plies.div_ceil(2)).unwrap() * signed_plies.signum();
    assert_eq!(result.score.uci_mate_moves(), Some(moves), "{what}");
}

#[test]
fn mate_scores_equal_the_tables_under_both_schemes() {
    let cases = [
        (Role::Queen, sample(2024, Role::Queen, 10, |p| (1..=9).contains(&p))),
        (Role::Rook, sample(2025, Role::Rook, 10, |p| (1..=9).contains(&p))),
        (Role::Pawn, sample(2026, Role::Pawn, 10, |p| (1..=11).contains(&p))),
    ];
    for (role, positions) in cases {
        for (pos, plies) in positions {
            let depth = u8::try_from(plies + 2).unwrap();
            let mut answers = vec![];
            for scheme in SCHEMES {
                let result = searcher(scheme).search(&chess(&pos.to_string()), depth);
                assert_mate(&result, plies, &format!("{role:?} {pos} {scheme:?}"));
                // the move it chose keeps the mate at that distance
                let best = UciMove::from_standard(result.best.unwrap()).to_string();
                let after = dtm::outcomes(&pos).find(|o| o.mv.to_string() == best).unwrap();
                assert_eq!(after.mover_dtm(), dtm::probe(&pos), "{pos}: {best} ({scheme:?})");
                answers.push(result.score);
            }
            assert_eq!(answers[0], answers[1], "{pos}");
        }
    }
}

#[test]
fn a_mated_side_reports_the_longest_defence_under_both_schemes() {
    for (role, seed) in [(Role::Queen, 77), (Role::Pawn, 78)] {
        for (pos, plies) in sample(seed, role, 6, |p| (-8..0).contains(&p)) {
            for scheme in SCHEMES {
                let depth = u8::try_from(plies.unsigned_abs() + 2).unwrap();
                let result = searcher(scheme).search(&chess(&pos.to_string()), depth);
                assert_mate(&result, plies, &format!("{pos} {scheme:?}"));
            }
        }
    }
}

#[test]
fn a_mate_beyond_the_fifty_move_rule_is_not_reported_under_either_scheme() {
    // a KQK position whose mate takes 11 to 13 plies
    let (pos, plies) = sample(95, Role::Queen, 1, |p| (11..=13).contains(&p))[0];
    let fen = pos.to_string();
    let depth = u8::try_from(plies + 1).unwrap();
    for scheme in SCHEMES {
        let mut searcher = searcher(scheme);
        // with a fresh clock the mate is found, and the table fills with mate scores
        let fresh = searcher.search(&chess(&fen), depth);
        assert_mate(&fresh, plies, &format!("{fen} {scheme:?}"));
        // the same position with the clock at 95: five plies are left, the mate needs more
        let late = fen.replace(" 0 1", " 95 60");
        let result = searcher.search(&chess(&late), depth);
        assert!(result.score.mate().is_none(), "{late} {scheme:?}: {:?}", result.score);
        assert!(!result.score.is_mate(), "{late} {scheme:?}");
    }
}

#[test]
fn mtdf_terminates_and_finds_the_same_mates() {
    let mut positions = sample(7, Role::Queen, 4, |p| p != 0 && p.abs() <= 8);
    positions.extend(sample(8, Role::Rook, 4, |p| p != 0 && p.abs() <= 8));
    for (pos, plies) in positions {
        let depth = u8::try_from(plies.unsigned_abs() + 1).unwrap();
        for scheme in SCHEMES {
            let pvs = searcher(scheme).search(&chess(&pos.to_string()), depth);
            let mtdf = searcher(scheme).search_mtdf(&chess(&pos.to_string()), depth);
            assert_eq!(mtdf.score, pvs.score, "{pos} {scheme:?}");
            assert!(mtdf.passes > 0);
        }
    }
    // positions with ordinary evaluations: the driver ends, with a value that is no proof
    for fen in [
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4",
        "8/8/4k3/8/3PK3/8/8/8 w - - 0 1",
    ] {
        let off = Options { knowledge: Knowledge::Off, ..Options::default() };
        let result = Searcher::new(4).with_options(off).search_mtdf(&chess(fen), 4);
        assert!(result.score.is_heuristic(), "{fen}: {:?}", result.score);
        assert!(result.passes < 200, "{fen}: {} passes", result.passes);
        assert!(result.best.is_some());
    }
}

#[test]
fn root_dtm_probing_answers_long_mates_exactly() {
    // mates far beyond any search depth here: 15 to 31 plies
    let mut positions = sample(31, Role::Rook, 3, |p| p.abs() >= 15);
    positions.extend(sample(32, Role::Pawn, 3, |p| p.abs() >= 15));
    for (pos, plies) in positions {
        let options = Options { root_dtm: true, ..Options::default() };
        let result = Searcher::new(1).with_options(options).search(&chess(&pos.to_string()), 1);
        assert_mate(&result, plies, &pos.to_string());
        assert_eq!(result.pv.len(), usize::try_from(plies.unsigned_abs()).unwrap(), "{pos}");
        let best = UciMove::from_standard(result.best.unwrap()).to_string();
        let after = dtm::outcomes(&pos).find(|o| o.mv.to_string() == best).unwrap();
        assert_eq!(after.mover_dtm(), dtm::probe(&pos), "{pos}: {best}");
    }
}

#[test]
fn root_dtm_probing_honours_the_halfmove_clock() {
    let options = Options { root_dtm: true, ..Options::default() };
    let mut searcher = Searcher::new(1).with_options(options);
    // KRK, mate in 31 plies: within the rule from a clock of 69, a 50-move draw from 70
    let rook = "8/8/8/8/8/2k5/1R6/K7 w - -";
    let result = searcher.search(&chess(&format!("{rook} 69 80")), 1);
    assert_eq!(result.score, Score::mate_in(31));
    assert_eq!(result.pv.len(), 31);
    let result = searcher.search(&chess(&format!("{rook} 70 80")), 1);
    assert_eq!(result.score, Score::ZERO, "a cursed win scores as a draw");
    assert!(result.best.is_some());
    // KPK positions whose quickest mate the clock forbids: the score is the mate the rule
    // allows, and the line plays it
    let mut longer = 0;
    for (pos, plies) in sample(33, Role::Pawn, 60, |p| p >= 30) {
        // the first clock at which the rule lengthens the mate, if any
        let lengthened = (101 - plies.unsigned_abs()..=100).find_map(|clock| {
            let d50 = kpk::dtz::dtm50(&pos, clock)?;
            (d50.plies() > plies).then_some((clock, d50))
        });
        let Some((clock, d50)) = lengthened else { continue };
        let fen = pos.to_string().replace(" 0 1", &format!(" {clock} 1"));
        let result = searcher.search(&chess(&fen), 1);
        assert_eq!(result.score, Score::mate_in(d50.plies().unsigned_abs()), "{fen}");
        assert_eq!(result.pv.len(), usize::try_from(d50.plies()).unwrap(), "{fen}");
        longer += i32::from(d50.plies() > plies);
    }
    assert!(longer > 0, "the sample holds no mate the rule lengthens");
}

#[test]
fn tables_below_the_root_turn_a_capture_into_a_known_mate() {
    // KR v KP: Rxd2+ leaves KRK, a mate far beyond depth 3; with the tables below the root
    // the search sees it as a mate, without them it sees a rook up
    let fen = "8/8/8/3k4/8/8/3p4/3RK3 w - - 0 1";
    let after = chess("8/8/8/3k4/8/8/3R4/4K3 b - - 0 1");
    let known = dtm::probe(&kpk_shakmaty::to_endgame(&after).unwrap()).unwrap().plies();
    assert!(known < -20, "KRK after the capture: mated in {}", -known);
    for scheme in [TtScheme::PlyDistance, TtScheme::DelayedLoss] {
        let on = Options { tables: true, scheme, ..Options::default() };
        let result = Searcher::new(4).with_options(on).search(&chess(fen), 3);
        assert!(result.score.is_mate(), "{scheme:?}: {:?}", result.score);
        let mate = result.score.mate().map(kpk_score::Mate::plies);
        let bound = u32::try_from(1 - known).unwrap();
        assert!(mate.is_some_and(|m| m <= bound), "{scheme:?}: {mate:?}");
        let off = Options { tables: false, scheme, ..Options::default() };
        let result = Searcher::new(4).with_options(off).search(&chess(fen), 3);
        assert!(!result.score.is_mate(), "{scheme:?}: {:?}", result.score);
    }
}

#[test]
fn tables_below_the_root_give_exact_mates_at_depth_one() {
    // every child of a 3-man root is exact: depth 1 is the answer, the tree is exhausted
    for scheme in [TtScheme::PlyDistance, TtScheme::DelayedLoss] {
        for (pos, plies) in sample(34, Role::Rook, 10, |p| p > 0) {
            let on = Options { tables: true, scheme, ..Options::default() };
            let result = Searcher::new(1).with_options(on).search(&chess(&pos.to_string()), 20);
            assert_eq!(result.score, Score::mate_in(plies.unsigned_abs()), "{pos} {scheme:?}");
            assert_eq!(result.depth, 1, "{pos}: the iterations stop once the tree is exhausted");
        }
    }
    // and the 50-move rule: KRK mate in 31 plies from a clock of 70 is a draw
    let on = Options { tables: true, ..Options::default() };
    let result =
        Searcher::new(1).with_options(on).search(&chess("8/8/8/8/8/2k5/1R6/K7 w - - 70 80"), 4);
    assert_eq!(result.score, Score::ZERO);
}
