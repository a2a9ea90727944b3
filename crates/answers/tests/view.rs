//! The analysis board's view against kpk's own chess (no shakmaty in that loop): for positions
//! of every ending of at most three men, the view's legal moves are kpk's (`Endgame`'s move
//! generator, its SAN, the position after each move and whether it checks), and its words are
//! the probe's. `tests/view_crosscheck.py` holds the view against python-chess on positions of
//! every size.

use kpk::{Endgame, KpkPosition, Role};
use kpk_answers::probe::Probe;
use kpk_answers::view::View;
use kpk_answers::words;
use kpk_syzygy::Tablebases;
use kpk_testkit::{XorShift, random_ending};

/// The FEN of `pos` with a clock of `halfmoves` at move `number`, written by kpk (its
/// placement and side to move).
fn fen(pos: &Endgame, halfmoves: u32, number: u32) -> String {
    let placement = pos.to_string();
    let fields: Vec<&str> = placement.split(' ').collect();
    format!("{} {} - - {halfmoves} {number}", fields[0], fields[1])
}

#[test]
fn the_views_moves_are_kpks_own() {
    let tables = Tablebases::new();
    let mut positions: Vec<Endgame> = KpkPosition::all().step_by(97).map(Endgame::from).collect();
    let mut rng = XorShift::new(1206);
    for role in [Role::Queen, Role::Rook, Role::Bishop, Role::Knight] {
        positions.extend((0..500).map(|_| random_ending(&mut rng, role)));
    }
    let mut moves = 0;
    for (i, pos) in positions.iter().enumerate() {
        // clocks of 0 and near the 50-move boundary
        let clock = [0, 37, 91][i % 3];
        let text = fen(pos, clock, 1);
        let v = View::of(&tables, Some(&text));
        assert_eq!(v.error, None, "{text}");
        assert_eq!(v.legal.len(), pos.legal_moves().len(), "{text}");
        for &m in &pos.legal_moves() {
            let uci = m.to_string();
            let shown = v.legal.iter().find(|l| l.uci == uci.as_str()).expect("every move listed");
            let mut san = String::new();
            pos.write_san(m, &mut san).unwrap();
            assert_eq!(shown.san.as_str(), san, "{text} {uci}");
            let after = pos.play(m).unwrap();
            assert_eq!(shown.check, after.is_check(), "{text} {uci}");
            let clock_after = if pos.is_zeroing(m) { 0 } else { clock + 1 };
            let number = if pos.side_to_move() == kpk::Color::Black { 2 } else { 1 };
            assert_eq!(shown.fen, fen(&after, clock_after, number), "{text} {uci}");
            assert_eq!(shown.rook, None);
            moves += 1;
        }
        // the king in check is the side to move's, and the words are the probe's
        let king = match pos.side_to_move() {
            c if c == pos.strong_side() => pos.strong_king(),
            _ => pos.weak_king(),
        };
        assert_eq!(v.check, pos.is_check().then(|| king.to_string()), "{text}");
        let probe = Probe::from_tables(pos, clock);
        assert_eq!(v.verdict, words::verdict(pos.side_to_move(), &probe.outcome, clock), "{text}");
        let listed: usize = v.groups.iter().map(|g| g.moves.len()).sum();
        assert_eq!(listed, probe.moves.len(), "{text}");
        if let (Some(group), Some(best)) = (v.groups.first(), probe.moves.first()) {
            assert_eq!(group.moves[0].uci, best.uci, "{text}: best first");
        }
    }
    println!("{} positions, {moves} moves", positions.len());
    assert!(moves > 50_000);
}

#[test]
fn a_fen_that_does_not_read_is_said_and_the_board_opens_without_one() {
    let tables = Tablebases::new();
    let v = View::of(&tables, Some("4k3/8/8/8/8/8/8/4K2P w - - 0 1"));
    assert!(
        v.error.as_deref().unwrap().contains("a pawn on the first or last rank"),
        "{:?}",
        v.error
    );
    assert_eq!((v.verdict.as_str(), v.legal.len(), v.groups.len()), ("No analysis", 0, 0));
    assert!(v.label.starts_with("chess board. White: king e1, pawn h1. Black: king e8."));
    let start = View::of(&tables, None);
    assert_eq!(start.fen, kpk_answers::view::START_FEN);
    assert_eq!(View::of(&tables, Some("  ")).fen, start.fen);
    // any legal position, 32 men and castling too: every move, castling with its rook's square
    let v = View::of(&tables, Some("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1"));
    let castles: Vec<_> = v.legal.iter().filter(|m| m.rook.is_some()).collect();
    assert_eq!(castles.len(), 2);
    assert!(
        castles
            .iter()
            .any(|m| m.uci == "e1g1" && m.san == "O-O" && m.rook.as_deref() == Some("h1"))
    );
    // the starting KPK position: four king moves, two pawn moves
    assert_eq!(View::of(&tables, None).legal.len(), 6);
    let start = View::of(&tables, Some("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"));
    assert_eq!((start.legal.len(), start.line.is_none(), start.held), (20, true, false));
}
