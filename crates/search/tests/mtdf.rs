//! The MTD(f) driver against PVS, and on the positions of the bug report where a pass whose
//! fail-soft value lay beyond a bound an earlier pass had proved made the driver panic
//! (`clamp` with its bounds crossed) and no `bestmove` came. Run with `--release`.

use std::io::{self, BufRead, BufReader, Write};
use std::sync::mpsc;
use std::time::Duration;

use kpk::{Color, Role};
use kpk_score::{DrawPolicy, Score};
use kpk_search::eval::Knowledge;
use kpk_search::search::{Driver, Limits, Options, SearchResult, Searcher, TtScheme};
use kpk_search::uci::Engine;
use kpk_shakmaty::to_chess_with_clock;
use kpk_testkit::{XorShift, random_ending};
use shakmaty::fen::Fen;
use shakmaty::{CastlingMode, Chess, EnPassantMode, Position};

const SCHEMES: [TtScheme; 2] = [TtScheme::PlyDistance, TtScheme::DelayedLoss];
const DRAWS: [DrawPolicy; 3] = [DrawPolicy::Zero, DrawPolicy::Contempt(30), DrawPolicy::CrayBlitz];
const KNOWLEDGE: [Knowledge; 4] =
    [Knowledge::Progress, Knowledge::PawnRank, Knowledge::Recognizer, Knowledge::Off];
const ROLES: [Role; 5] = [Role::Queen, Role::Rook, Role::Pawn, Role::Bishop, Role::Knight];

/// The report's positions and the side that wins them: White to move saves the attacked rook
/// (Rh4) and wins; Black to move loses.
const REPORTED: [(&str, i32); 2] =
    [("8/8/8/8/8/8/6k1/4K2R w - - 0 1", 1), ("8/8/3k4/8/8/8/8/4K2R b - - 0 1", -1)];

const MIDDLEGAMES: [&str; 8] = [
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "r1bq1rk1/ppp2ppp/2np1n2/2b1p3/2B1P3/2NP1N2/PPP2PPP/R1BQ1RK1 w - - 0 7",
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    "6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1",
    "6k1/pp3ppp/8/8/8/8/PP3PPP/6K1 b - - 0 1",
    "8/8/4k3/8/3PK3/8/8/8 w - - 97 80",
];

fn chess(fen: &str) -> Chess {
    fen.parse::<Fen>().unwrap().into_position(CastlingMode::Standard).unwrap()
}

fn fen(pos: &Chess) -> String {
    Fen::from_position(pos, EnPassantMode::Legal).to_string()
}

/// `per_role` random positions of each 3-man ending (either colour owns the extra man, either
/// side to move). With `clocks`, every fourth has a halfmove clock of 90 to 99, so the 50-move
/// rule falls inside the horizon; the others start at 0.
fn endings(seed: u64, per_role: usize, clocks: bool) -> Vec<Chess> {
    let mut rng = XorShift::new(seed);
    let mut out = vec![];
    for role in ROLES {
        let mut owners = [0; 2];
        for i in 0..per_role {
            let ending = random_ending(&mut rng, role);
            owners[usize::from(ending.strong_side() == Color::Black)] += 1;
            let clock = if clocks && i % 4 == 3 { 90 + rng.next_u64() % 10 } else { 0 };
            out.push(to_chess_with_clock(&ending, u32::try_from(clock).unwrap()));
        }
        assert!(owners.iter().all(|&n| n > per_role / 3), "{role:?}: {owners:?}");
    }
    out
}

/// Options drawn from `r`'s bits: every scheme, draw policy and kind of knowledge.
fn options(r: u64) -> Options {
    Options {
        scheme: SCHEMES[usize::try_from(r & 1).unwrap()],
        draw: DRAWS[usize::try_from((r >> 1) % 3).unwrap()],
        knowledge: KNOWLEDGE[usize::try_from((r >> 8) % 4).unwrap()],
        ..Options::default()
    }
}

/// Both drivers, each with a fresh searcher (an empty table, no move-ordering memory).
fn both(pos: &Chess, options: Options, depth: u8) -> (SearchResult, SearchResult) {
    let pvs = Searcher::new(1).with_options(options).search(pos, depth);
    let mtdf = Searcher::new(1).with_options(options).search_mtdf(pos, depth);
    (pvs, mtdf)
}

fn assert_legal_best(pos: &Chess, result: &SearchResult, what: &str) {
    let legal = pos.legal_moves();
    match result.best {
        Some(m) => assert!(legal.contains(&m), "{what}: {m} is not legal"),
        None => assert!(legal.is_empty(), "{what}: no move"),
    }
}

/// Win, draw or loss for the side to move: the sign of a proof, zero for anything else.
fn outcome(s: Score) -> i32 {
    if s.is_decisive() { s.get().signum() } else { 0 }
}

fn mate_within(s: Score, depth: u8) -> bool {
    s.mate().is_some_and(|m| m.plies() <= u32::from(depth))
}

#[test]
fn mtdf_completes_the_reported_searches_under_every_scheme_and_draw_policy() {
    for (fen, winner) in REPORTED {
        for scheme in SCHEMES {
            for draw in DRAWS {
                let what = format!("{fen} {scheme:?} {draw:?}");
                let options = Options { scheme, draw, driver: Driver::Mtdf, ..Options::default() };
                let mut searcher = Searcher::new(16).with_options(options);
                let limits = Limits { depth: Some(14), ..Limits::default() };
                let result = searcher.run(&chess(fen), &[], limits, &mut |_| {});
                assert_eq!(result.depth, 14, "{what}");
                // at least two passes an iteration: a first pass sets one bound only
                assert!(result.passes >= 2 * 14, "{what}: {} passes", result.passes);
                assert_legal_best(&chess(fen), &result, &what);
                assert!(result.best.is_some(), "{what}");
                assert_eq!(outcome(result.score), winner, "{what}: {:?}", result.score);
            }
        }
    }
}

/// A UCI engine on its own thread: commands go in through a pipe, its lines come out through a
/// channel (so a missing answer fails the test after a timeout instead of hanging it).
struct Session {
    commands: io::PipeWriter,
    lines: mpsc::Receiver<String>,
}

impl Session {
    fn start() -> Session {
        let (input, commands) = io::pipe().unwrap();
        let (output, answers) = io::pipe().unwrap();
        std::thread::spawn(move || Engine::new().run(BufReader::new(input), answers).unwrap());
        let (send, lines) = mpsc::channel();
        std::thread::spawn(move || {
            for line in BufReader::new(output).lines() {
                if send.send(line.unwrap()).is_err() {
                    break;
                }
            }
        });
        Session { commands, lines }
    }

    fn send(&mut self, command: &str) {
        writeln!(self.commands, "{command}").unwrap();
    }

    /// The lines up to and including the next `bestmove`.
    fn until_bestmove(&self, what: &str) -> Vec<String> {
        let mut lines = vec![];
        loop {
            let line = self
                .lines
                .recv_timeout(Duration::from_secs(60))
                .unwrap_or_else(|e| panic!("{what}: no bestmove ({e}) after {:?}", last(&lines)));
            let done = line.starts_with("bestmove");
            lines.push(line);
            if done {
                return lines;
            }
        }
    }
}

/// The last three lines, for a failure message.
fn last(lines: &[String]) -> &[String] {
    &lines[lines.len().saturating_sub(3)..]
}

#[test]
fn the_uci_engine_answers_go_depth_14_with_mtdf() {
    // as reported: `setoption name Search value MTDf`, `position fen F`, `go depth 14`; then
    // again under every scheme and draw policy, the table kept from one search to the next
    let mut session = Session::start();
    session.send("setoption name Search value MTDf");
    session.send("setoption name Contempt value 30");
    // the search itself: the tables would answer these 3-man roots without searching
    session.send("setoption name RootDTM value false");
    session.send("setoption name Tables value false");
    for scheme in ["PlyDistance", "DelayedLoss"] {
        for draw in ["Zero", "Contempt", "CrayBlitz"] {
            session.send(&format!("setoption name TTScheme value {scheme}"));
            session.send(&format!("setoption name DrawPolicy value {draw}"));
            for (fen, _) in REPORTED {
                session.send(&format!("position fen {fen}"));
                session.send("go depth 14");
                let what = format!("{fen} {scheme} {draw}");
                let lines = session.until_bestmove(&what);
                assert!(
                    lines.iter().all(|l| !l.starts_with("info string")),
                    "{what}: {:?}",
                    last(&lines)
                );
                assert!(
                    lines.iter().any(|l| l.starts_with("info depth 14 ")),
                    "{what}: {:?}",
                    last(&lines)
                );
                let best = lines.last().unwrap();
                assert!(!best.starts_with("bestmove 0000"), "{what}: {best}");
            }
        }
    }
    session.send("quit");
}

/// Up to depth 4, MTD(f) and PVS with fresh searchers must agree exactly, and do.
///
/// Why exactly, with a transposition table: the two drivers differ only in what the table
/// holds when they ask it. Up to depth 4 the table can only return a result of the same node
/// searched to the same depth on the same path:
/// - an entry of greater depth than a probe needs would be the same position at least two
///   plies nearer the root (same side to move). Within the iteration that needs ply 2 against
///   ply 4, and ply 4 is quiescence, which does not probe with the quiescence table off (as here); across iterations it needs ply 0
///   against ply 2 (a repetition of the root, scored a draw before the table is asked) or
///   ply 1 against ply 3 (impossible: the side that moved once would have to undo its move);
/// - a position reached by two paths (first at ply 3) is searched one ply deep into
///   quiescence, whose value depends on neither the path nor the halfmove clock.
///
/// So fail-soft alpha-beta on a fixed tree is all either driver does, and its value does not
/// depend on the window. From depth 5 entries of greater depth do come back (see the next
/// test).
#[test]
fn mtdf_and_pvs_agree_exactly_up_to_depth_four() {
    let mut pick = XorShift::new(5);
    let positions = endings(42, 2_000, true);
    for pos in &positions {
        let r = pick.next_u64();
        let options = options(r);
        let depth = 1 + u8::try_from((r >> 16) % 4).unwrap();
        let (pvs, mtdf) = both(pos, options, depth);
        let what = format!("{} depth {depth} {options:?}", fen(pos));
        assert_legal_best(pos, &pvs, &what);
        assert_legal_best(pos, &mtdf, &what);
        assert_eq!(mtdf.score, pvs.score, "{what}");
    }
    for fen in MIDDLEGAMES {
        let pos = chess(fen);
        for (i, (scheme, draw)) in SCHEMES.iter().flat_map(|&s| DRAWS.map(|d| (s, d))).enumerate() {
            // fail-hard for some: MTD(f) then moves one point per pass, so only near zero
            let fail_hard = i % 3 == 0;
            let options = Options { scheme, draw, fail_hard, ..Options::default() };
            let depth = if fail_hard { 3 } else { 4 };
            let (pvs, mtdf) = both(&pos, options, depth);
            let what = format!("{fen} depth {depth} {options:?}");
            assert_legal_best(&pos, &pvs, &what);
            assert_legal_best(&pos, &mtdf, &what);
            assert_eq!(mtdf.score, pvs.score, "{what}");
        }
    }
}

/// From depth 5 exact agreement is not asserted: a transposition reached at ply 4 (two moves
/// each in either order) can take the entry that the same position left at ply 2 in the
/// previous iteration, one ply deeper than it needs, and which entries are there when a driver
/// asks depends on its windows. Both values are then sound results of searches at least as
/// deep, but not the same number. (Checked while writing this: with only entries of exactly
/// the needed depth taken, the two agreed on all of 9,036 searches to depths 1 to 8; with
/// the table as it is, on 1,114 of the 1,125 compared here.)
///
/// What stays true, and is asserted, on positions whose halfmove clock is 0: the same outcome
/// (win, draw or loss for the side to move), the same mate wherever either finds one within
/// the horizon, and exact agreement on nearly all positions. Near the 50-move rule not even
/// the outcome is asserted: the key does not hold the halfmove clock and known wins carry no
/// distance the 50-move guard could check, so an entry left by the same position with a lower
/// clock can say "won" where the depth-limited value is a 50-move draw. Seen at depth 8 on
/// `8/8/8/8/4K3/8/2Q2k2/8 b - - 93 1` (mated in 8 plies with the clock at 0): MTD(f) returns
/// the draw, PVS a known loss from such an entry; with only entries of the needed depth taken
/// both return the draw.
#[test]
fn beyond_depth_four_mtdf_and_pvs_agree_on_the_outcome() {
    let mut pick = XorShift::new(6);
    let positions = endings(43, 300, true);
    let (mut compared, mut exact) = (0, 0);
    for pos in &positions {
        let r = pick.next_u64();
        let options = options(r);
        let depth = 5 + u8::try_from((r >> 16) % 2).unwrap();
        let (pvs, mtdf) = both(pos, options, depth);
        let what =
            format!("{} depth {depth} {options:?}: {:?} {:?}", fen(pos), pvs.score, mtdf.score);
        assert_legal_best(pos, &pvs, &what);
        assert_legal_best(pos, &mtdf, &what);
        if pos.halfmoves() > 0 {
            continue;
        }
        compared += 1;
        exact += usize::from(pvs.score == mtdf.score);
        assert_eq!(outcome(mtdf.score), outcome(pvs.score), "{what}");
        if mate_within(pvs.score, depth) || mate_within(mtdf.score, depth) {
            assert_eq!(mtdf.score, pvs.score, "{what}");
        }
    }
    assert!(compared > 1_000, "{compared}");
    assert!(exact * 100 >= compared * 97, "{exact} of {compared} exactly equal");
    for fen in MIDDLEGAMES {
        let pos = chess(fen);
        let (pvs, mtdf) = both(&pos, Options::default(), 5);
        let what = format!("{fen}: {:?} {:?}", pvs.score, mtdf.score);
        assert_legal_best(&pos, &pvs, &what);
        assert_legal_best(&pos, &mtdf, &what);
        if mate_within(pvs.score, 5) || mate_within(mtdf.score, 5) {
            assert_eq!(mtdf.score, pvs.score, "{what}");
        }
    }
}
