//! The engine's own mate suite: positions composed by hand and positions taken from the DTM
//! tables with men added, each one's exact mate distance found here by an independent solver (a
//! plain AND-OR search over shakmaty's moves that knows nothing of the engine), then searched by
//! the engine as the UCI engine runs it (selective search, tables below the root) under both
//! drivers and both table schemes, with a node limit. A mate score is wrong if any iteration
//! reports a mate shorter than the exact one or for the wrong side; the test fails on the
//! first, and requires the exact mate at the end. Run with `--release` (the README's command).

use kpk::{Endgame, Role, dtm};
use kpk_search::search::{Driver, Info, Limits, Options, Searcher, TtScheme};
use kpk_search::selective::Selectivity;
use kpk_testkit::{XorShift, random_ending};
use shakmaty::fen::Fen;
use shakmaty::{CastlingMode, Chess, EnPassantMode, Position};

fn chess(fen: &str) -> Chess {
    fen.parse::<Fen>().unwrap().into_position(CastlingMode::Standard).unwrap()
}

/// Whether the side to move mates within `plies` plies (odd), against every defence.
fn mates_within(pos: &Chess, plies: u32) -> bool {
    plies > 0
        && pos.legal_moves().into_iter().any(|m| {
            let mut next = pos.clone();
            next.play_unchecked(m);
            next.is_checkmate() || (plies >= 3 && loses_within(&next, plies - 1))
        })
}

/// Whether the side to move, not yet mated, is mated within `plies` plies (even) whatever it
/// plays (stalemate is no loss).
fn loses_within(pos: &Chess, plies: u32) -> bool {
    let moves = pos.legal_moves();
    !moves.is_empty()
        && moves.into_iter().all(|m| {
            let mut next = pos.clone();
            next.play_unchecked(m);
            mates_within(&next, plies - 1)
        })
}

/// The exact mate, in moves as UCI counts them (positive: the side to move mates; negative: it
/// is mated), if one is found within `max_moves` moves.
fn exact_mate(pos: &Chess, max_moves: u32) -> Option<i32> {
    (1..=max_moves).find_map(|n| {
        let n_signed = i32::try_from(n).unwrap();
        if mates_within(pos, 2 * n - 1) {
            Some(n_signed)
        } else if loses_within(pos, 2 * n) {
            Some(-n_signed)
        } else {
            None
        }
    })
}

/// Positions composed for the suite, with the mate in moves their composer meant (the solver
/// must agree).
const COMPOSED: &[(&str, i32)] = &[
    ("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1", 1), // the back rank
    ("6rk/6pp/8/6N1/8/8/8/6K1 w - - 0 1", 1), // smothered
    ("k7/2P5/1K6/8/8/8/8/8 w - - 0 1", 1),    // mate by promotion
    ("7k/5Ppp/8/8/8/8/8/K7 w - - 0 1", 1),    // promotion onto the back rank
    ("6k1/8/8/8/8/8/R7/1R4K1 w - - 0 1", 2),  // the rook ladder
    ("k7/8/1K6/8/8/8/8/7Q b - - 0 1", -1),    // in check, one move left
    ("6k1/8/8/8/8/8/R7/1R4K1 b - - 0 1", -3), // the ladder, the defender to move: he steps off the back rank first
    ("6k1/5ppp/8/8/8/8/5PPP/3R2K1 b - - 0 1", 0), // not mate: the solver finds none in 3
    ("r5k1/5ppp/8/8/8/8/5PPP/1R4K1 w - - 0 1", 0), // the back rank guarded
];

/// Positions from the tables: KQK and KRK mates in two and three moves, with a pair of blocked
/// pawns added on the a-file (White a3, Black a4) where they do not meet the kings.
fn from_the_tables() -> Vec<String> {
    let mut rng = XorShift::new(0x6d61_7465);
    let mut out = Vec::new();
    for role in [Role::Queen, Role::Rook] {
        let mut wanted = [(3, 3), (5, 3)]; // (plies, how many)
        while wanted.iter().any(|w| w.1 > 0) {
            let pos = random_ending(&mut rng, role);
            let Some(d) = dtm::probe(&pos) else { continue };
            let Some(slot) = wanted.iter_mut().find(|w| w.0 == d.plies() && w.1 > 0) else {
                continue;
            };
            let Some(fen) = with_blocked_pawns(&pos) else { continue };
            slot.1 -= 1;
            out.push(fen);
        }
    }
    out
}

/// The position with White a3 and Black a4 added, if those squares and their neighbours are
/// free of kings and pieces (and the result is legal).
fn with_blocked_pawns(pos: &Endgame) -> Option<String> {
    let mut fen = String::new();
    pos.write_fen(&mut fen).ok()?;
    let mut board: Chess = chess(&fen);
    let near = shakmaty::Bitboard::from_iter([
        shakmaty::Square::A2,
        shakmaty::Square::B2,
        shakmaty::Square::A3,
        shakmaty::Square::B3,
        shakmaty::Square::A4,
        shakmaty::Square::B4,
        shakmaty::Square::A5,
        shakmaty::Square::B5,
    ]);
    if (board.board().occupied() & near).any() {
        return None;
    }
    let mut setup = board.to_setup(EnPassantMode::Legal);
    setup.board.set_piece_at(shakmaty::Square::A3, shakmaty::Piece::from_char('P')?);
    setup.board.set_piece_at(shakmaty::Square::A4, shakmaty::Piece::from_char('p')?);
    board = setup.position(CastlingMode::Standard).ok()?;
    Some(Fen::from_position(&board, EnPassantMode::Legal).to_string())
}

/// The engine as `kpk uci` runs it, with a driver and a scheme.
fn engine(driver: Driver, scheme: TtScheme) -> Searcher {
    Searcher::new(8).with_options(Options {
        driver,
        scheme,
        selectivity: Selectivity::ALL,
        tables: true,
        ..Options::default()
    })
}

#[test]
fn every_mate_the_engine_reports_is_exact_or_longer_and_it_finds_the_exact_one() {
    let mut cases: Vec<(String, i32)> =
        COMPOSED.iter().map(|&(fen, meant)| (fen.to_string(), meant)).collect();
    for fen in from_the_tables() {
        cases.push((fen, i32::MAX)); // the solver says
    }
    let mut checked = 0;
    for (fen, meant) in &cases {
        let pos = chess(fen);
        let truth = exact_mate(&pos, 3);
        if *meant != i32::MAX {
            assert_eq!(truth.unwrap_or(0), *meant, "{fen}: the composition is not what it meant");
        }
        for driver in [Driver::Pvs, Driver::Mtdf] {
            for scheme in [TtScheme::PlyDistance, TtScheme::DelayedLoss] {
                let mut searcher = engine(driver, scheme);
                let mut reported: Vec<(u8, i32)> = Vec::new();
                let limits = Limits { nodes: Some(400_000), depth: Some(12), ..Limits::default() };
                let result = searcher.run(&pos, &[], limits, &mut |info: &Info| {
                    if let Some(m) = info.score.uci_mate_moves() {
                        reported.push((info.depth, m));
                    }
                });
                let what = format!("{fen} {driver:?} {scheme:?}");
                for &(depth, m) in &reported {
                    match truth {
                        // a mate for the right side, never sooner than the exact one
                        Some(t) => assert!(
                            m.signum() == t.signum() && m.abs() >= t.abs(),
                            "{what}: depth {depth} reported mate {m}, the exact mate is {t}"
                        ),
                        // no mate within three moves: any mate reported must be longer
                        None => assert!(m.abs() > 3, "{what}: depth {depth} reported mate {m}"),
                    }
                }
                if let Some(t) = truth {
                    assert_eq!(result.score.uci_mate_moves(), Some(t), "{what}: the final score");
                }
                checked += 1;
            }
        }
    }
    assert!(checked >= 4 * (COMPOSED.len() + 12), "{checked} searches");
    println!("{} positions, {checked} searches, every mate exact or longer", cases.len());
}

#[test]
fn a_mate_shown_before_the_search_is_stopped_is_reported_and_exact_or_longer() {
    let mut cases: Vec<String> = COMPOSED.iter().map(|&(fen, _)| fen.to_string()).collect();
    cases.extend(from_the_tables());
    let (mut searches, mut stopped_on_a_mate) = (0, 0);
    for fen in &cases {
        let pos = chess(fen);
        let Some(truth) = exact_mate(&pos, 3).filter(|&t| t > 0) else { continue };
        // PVS reports a bound only for a stopped iteration (MTD(f) reports one a pass)
        let schemes = [TtScheme::PlyDistance, TtScheme::DelayedLoss];
        for (scheme, nodes) in
            schemes.into_iter().flat_map(|s| (1..=32).map(move |i| (s, 1024 * i)))
        {
            let mut searcher = engine(Driver::Pvs, scheme);
            let mut last: Option<Info> = None;
            let limits = Limits { nodes: Some(nodes), ..Limits::default() };
            let result = searcher.run(&pos, &[], limits, &mut |info: &Info| {
                last = Some(info.clone());
            });
            searches += 1;
            let Some(last) = last else { continue };
            if let Some(m) = last.score.uci_mate_moves() {
                assert!(
                    m >= truth,
                    "{fen} {scheme:?} at {nodes} nodes: mate {m}, the exact mate is {truth}"
                );
            }
            if last.bound == kpk_score::Bound::Lower && last.score.is_mate() {
                // the stopped iteration's mate is the result, with its move
                let what = format!("{fen} {scheme:?} at {nodes} nodes");
                assert_eq!(result.score, last.score, "{what}");
                assert_eq!(result.best, last.pv.first().copied(), "{what}");
                stopped_on_a_mate += 1;
            }
        }
    }
    assert!(stopped_on_a_mate > 0, "no search of {searches} was stopped after showing a mate");
    println!("{searches} searches, {stopped_on_a_mate} stopped after showing a mate");
}
