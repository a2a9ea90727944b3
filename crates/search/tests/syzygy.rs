//! The search with the real Syzygy files of `../shared/syzygy` (every 3-man and 4-man ending,
//! made with the public generator), held to shakmaty-syzygy's own reading of the same files:
//! a root the files hold keeps its result, scored in the known-win band; games played by the
//! engine from won roots end in mate within the 50-move rule; below the root a capture into
//! the files is valued by them.

use std::path::{Path, PathBuf};
use std::sync::Arc;

use kpk_score::Score;
use kpk_search::search::{Info, Limits, Options, SearchResult, Searcher, Syzygy};
use kpk_syzygy::Tablebases;
use kpk_testkit::XorShift;
use shakmaty::fen::Fen;
use shakmaty::{
    Bitboard, Board, CastlingMode, Chess, Color, FromSetup, Piece, Position, Role, Setup, Square,
};
use shakmaty_syzygy::{AmbiguousWdl, Tablebase};

fn shared() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../../shared/syzygy")
}

/// The files as kpk reads them, probed up to seven men.
fn syzygy() -> Syzygy {
    let mut tables = Tablebases::new();
    tables.add_directory(shared()).unwrap();
    Syzygy { tables: Arc::new(tables), probe_limit: 7 }
}

/// The same files read by shakmaty-syzygy alone: the oracle.
fn oracle() -> Tablebase<Chess> {
    let mut tables = Tablebase::new();
    tables.add_directory(shared()).unwrap();
    tables
}

/// A searcher as the UCI engine sets it up, with the files.
fn searcher() -> Searcher {
    let options = Options { root_dtm: true, tables: true, ..Options::default() };
    let mut searcher = Searcher::new(8).with_options(options);
    searcher.set_syzygy(Some(syzygy()));
    searcher
}

fn position(fen: &str) -> Chess {
    fen.parse::<Fen>().unwrap().into_position(CastlingMode::Standard).unwrap()
}

/// A random legal position with these men besides the kings, `turn` to move, `halfmoves` on
/// the clock (rejection sampling).
fn random_position(
    rng: &mut XorShift,
    white: &[Role],
    black: &[Role],
    turn: Color,
    halfmoves: u32,
) -> Chess {
    loop {
        let mut board = Board::empty();
        let mut used = Bitboard::EMPTY;
        let mut ok = true;
        let men = [(Color::White, Role::King), (Color::Black, Role::King)]
            .into_iter()
            .chain(white.iter().map(|&r| (Color::White, r)))
            .chain(black.iter().map(|&r| (Color::Black, r)));
        for (color, role) in men {
            let sq = Square::new(u32::try_from(rng.next_u64() % 64).unwrap());
            let back_rank = matches!(sq.rank(), shakmaty::Rank::First | shakmaty::Rank::Eighth);
            if used.contains(sq) || (role == Role::Pawn && back_rank) {
                ok = false;
                break;
            }
            used.add(sq);
            board.set_piece_at(sq, Piece { color, role });
        }
        if !ok {
            continue;
        }
        let setup = Setup {
            board,
            promoted: Bitboard::EMPTY,
            pockets: None,
            turn,
            castling_rights: Bitboard::EMPTY,
            ep_square: None,
            remaining_checks: None,
            halfmoves,
            fullmoves: std::num::NonZeroU32::MIN,
        };
        if let Ok(pos) = Chess::from_setup(setup, CastlingMode::Standard) {
            return pos;
        }
    }
}

/// The search's answer for `root` and every `info` it gave.
fn answer(searcher: &mut Searcher, root: &Chess) -> (SearchResult, Vec<Info>) {
    let mut infos = Vec::new();
    let limits = Limits { depth: Some(2), ..Limits::default() };
    let result = searcher.run(root, &[], limits, &mut |i| infos.push(i.clone()));
    (result, infos)
}

const ENDINGS: [(&[Role], &[Role]); 5] = [
    (&[Role::Queen], &[Role::Rook]),
    (&[Role::Rook], &[Role::Pawn]),
    (&[Role::Pawn], &[Role::Pawn]),
    (&[Role::Bishop, Role::Knight], &[]),
    (&[Role::Queen], &[Role::Queen]),
];

/// From 2,000 random roots of five 4-man endings (either side to move, clocks 0 and 60 to 99)
/// the move the engine answers keeps the root's result as shakmaty-syzygy reads it: the
/// position after it has the opposite result under the same clock; a win or loss is scored in
/// the known-win band, a draw as a draw, and every table probe is counted.
#[test]
fn a_root_in_the_files_keeps_its_result_and_is_scored_in_the_known_win_band() {
    let oracle = oracle();
    let mut searcher = searcher();
    let mut rng = XorShift::new(33);
    let mut decisive = 0;
    for i in 0..2_000 {
        let (white, black) = ENDINGS[i % ENDINGS.len()];
        let turn = if i % 2 == 0 { Color::White } else { Color::Black };
        let clock = if i % 3 == 0 { 60 + u32::try_from(rng.next_u64() % 40).unwrap() } else { 0 };
        let root = random_position(&mut rng, white, black, turn, clock);
        let Some(expected) = oracle.probe_wdl(&root).unwrap().unambiguous() else { continue };
        let (result, infos) = answer(&mut searcher, &root);
        let fen = Fen::from_position(&root, shakmaty::EnPassantMode::Legal);
        let Some(best) = result.best else {
            assert!(root.legal_moves().is_empty(), "{fen}: no move");
            continue;
        };
        let mut after = root.clone();
        after.play_unchecked(best);
        let kept = if after.is_checkmate() {
            AmbiguousWdl::Win
        } else {
            -oracle.probe_wdl(&after).unwrap()
        };
        assert_eq!(kept.unambiguous(), Some(expected), "{fen}: {best} keeps {kept:?}");
        use shakmaty_syzygy::Wdl;
        match expected {
            // a mate in one is the mate; any other win a known win
            Wdl::Win => assert!(
                result.score.is_known_win() || result.score == Score::mate_in(1),
                "{fen}: {:?}",
                result.score
            ),
            Wdl::Loss => assert!(result.score.is_known_loss(), "{fen}: {:?}", result.score),
            _ => assert_eq!(result.score, Score::ZERO, "{fen}"),
        }
        decisive += usize::from(result.score.is_decisive());
        assert!(infos.last().is_some_and(|i| i.tbhits > 0), "{fen}: tbhits not counted");
        assert_eq!(result.nodes, 0, "{fen}: answered from the files, not searched");
    }
    assert!(decisive > 400, "only {decisive} decisive roots");
}

/// From 60 random won roots of KQ v KR and KR v KP (clock at 0), the engine playing both sides
/// (the files' first move at every root, the embedded tables' once three men are left) mates
/// before the 50-move rule can be claimed: the ranking makes progress and never loops.
#[test]
fn games_from_won_roots_end_in_mate_within_the_fifty_move_rule() {
    let oracle = oracle();
    let mut searcher = searcher();
    let mut rng = XorShift::new(34);
    let mut games = 0;
    while games < 60 {
        let (white, black) = ENDINGS[games % 2];
        let root = random_position(&mut rng, white, black, Color::White, 0);
        if oracle.probe_wdl(&root).unwrap() != AmbiguousWdl::Win {
            continue;
        }
        games += 1;
        let fen = Fen::from_position(&root, shakmaty::EnPassantMode::Legal).to_string();
        let mut pos = root;
        let mut plies = 0;
        while !pos.is_game_over() {
            assert!(pos.halfmoves() < 100, "{fen}: the 50-move rule after {plies} plies");
            let (result, _) = answer(&mut searcher, &pos);
            pos.play_unchecked(result.best.unwrap());
            plies += 1;
            assert!(plies < 400, "{fen}: no end");
        }
        assert!(pos.is_checkmate() && pos.turn() == Color::Black, "{fen}: ended {pos:?}");
    }
}

/// Below the root: in KQ v KR with a black pawn (five men, beyond the files), Qxd4 leaves a
/// won KQ v KP; the search finds it through the files' WDL after the capture and scores it in
/// the known-win band (never a mate, never an evaluation), counting the probes. Without the
/// files the same search has only an evaluation.
#[test]
fn a_capture_into_the_files_is_valued_by_them_below_the_root() {
    let root = position("4k3/7p/8/8/3r4/8/3Q4/3K4 w - - 0 1");
    let mut with = searcher();
    let (result, infos) = answer(&mut with, &root);
    assert!(result.score.is_known_win(), "{:?}", result.score);
    assert_eq!(result.best.map(|m| m.to().to_string()), Some("d4".to_string()));
    assert!(infos.last().unwrap().tbhits > 0);
    let mut without = Searcher::new(8);
    let (plain, _) = answer(&mut without, &root);
    assert!(plain.score.is_heuristic(), "{:?}", plain.score);
}

/// A probe limit below a position's men leaves it to the search; no files, the same.
#[test]
fn the_probe_limit_and_no_files_leave_the_root_to_the_search() {
    let root = position("8/8/8/8/8/2k5/1r6/KQ6 w - - 0 1");
    let mut limited = searcher();
    limited.set_syzygy(Some(Syzygy { probe_limit: 3, ..syzygy() }));
    assert!(answer(&mut limited, &root).0.nodes > 0);
    let mut plain = searcher();
    plain.set_syzygy(None);
    assert!(answer(&mut plain, &root).0.nodes > 0);
    let mut full = searcher();
    assert_eq!(answer(&mut full, &root).0.nodes, 0);
}

/// A mate stays a mate: a root move of the files that mates is `mate 1`, and below the root a
/// capture that mates into the files (Qxg7#, five men to four) is the mate, not a known win.
#[test]
fn a_mate_into_the_files_is_scored_as_a_mate() {
    let mut searcher = searcher();
    let root = position("k7/8/1K6/8/8/8/7r/2Q5 w - - 0 1");
    let (result, _) = answer(&mut searcher, &root);
    assert_eq!(result.nodes, 0, "answered from the files");
    assert_eq!(result.score, Score::mate_in(1));
    assert_eq!(result.best.map(|m| m.to().to_string()), Some("c8".to_string()));
    let root = position("7k/6n1/6K1/8/8/8/r7/Q7 w - - 0 1");
    let (result, _) = answer(&mut searcher, &root);
    assert_eq!(result.score, Score::mate_in(1));
    assert_eq!(result.best.map(|m| m.to().to_string()), Some("g7".to_string()));
}
