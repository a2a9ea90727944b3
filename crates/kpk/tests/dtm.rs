//! Distance to mate and distance to zeroing against shakmaty: every position of every 3-man
//! table. Run with `--release`.

mod common;

use common::bridge::{ours, role};

use kpk::dtm::{self, Dtm};
use kpk::dtz::{self, Dtz};
use kpk::{Color, Endgame, EndgameSetup, Role, Square};
use shakmaty::uci::UciMove;
use shakmaty::{CastlingMode, Chess, FromSetup, Position as _, Setup};

/// The shakmaty position of placement `i` (`man + 64 * (bk + 64 * (wk + 64 * btm))`) with White
/// owning `role` (bare kings for `None`, placements with `man == 0` only), if legal.
fn shakmaty_position(i: usize, role: Option<shakmaty::Role>) -> Option<Chess> {
    let (x, bk, wk, stm) = (i % 64, i / 64 % 64, i / 4096 % 64, i / 262_144);
    let sq = |n: usize| shakmaty::Square::new(u32::try_from(n).unwrap());
    let white = |role| shakmaty::Piece { color: shakmaty::Color::White, role };
    let mut board = shakmaty::Board::empty();
    board.set_piece_at(sq(wk), white(shakmaty::Role::King));
    board.set_piece_at(
        sq(bk),
        shakmaty::Piece { color: shakmaty::Color::Black, role: shakmaty::Role::King },
    );
    let men = match role {
        Some(r) => {
            board.set_piece_at(sq(x), white(r));
            3
        }
        None if x == 0 => 2,
        None => return None,
    };
    if board.occupied().count() != men {
        return None;
    }
    let mut setup = Setup::empty();
    setup.board = board;
    setup.turn = if stm == 0 { shakmaty::Color::White } else { shakmaty::Color::Black };
    Chess::from_setup(setup, CastlingMode::Standard).ok()
}

/// Every legal shakmaty position with White owning `role` (or bare kings for `None`).
fn all_positions(role: Option<shakmaty::Role>) -> impl Iterator<Item = Chess> {
    (0..2 * 64 * 64 * 64).filter_map(move |i| shakmaty_position(i, role))
}

fn plies(d: Option<Dtm>) -> Option<i32> {
    d.map(Dtm::plies)
}

#[test]
fn embedded_tables_equal_a_runtime_solve() {
    assert_eq!(dtm::Tables::solve(), dtm::Tables::embedded());
    assert_eq!(dtm::TABLE_BYTES, 360_448);
}

#[test]
#[cfg_attr(
    debug_assertions,
    ignore = "exhaustive over shakmaty: release profile, the README's test command"
)]
fn dtm_and_dtz_equal_the_independent_solver_everywhere() {
    let solution = common::solve();
    let mut compared = 0u32;
    let mut longest_dtz = [0i32; 3];
    for index in 0..common::SIZE {
        if !solution.legal[index] {
            continue;
        }
        let pos = common::position_of(index).unwrap();
        let fen = shakmaty::fen::Fen::from_position(&pos, shakmaty::EnPassantMode::Legal);
        let got = plies(dtm::probe(&ours(&pos)));
        let expected = solution.dtm[index].map(i32::from);
        assert_eq!(got, expected, "{fen}");
        let dtz = dtz::probe(&ours(&pos)).plies();
        assert_eq!(dtz, i32::from(solution.dtz[index]), "DTZ of {fen}");
        // a zero DTZ exactly for the draws
        assert_eq!(dtz == 0, expected.is_none(), "{fen}");
        let material = index / (2 * 64 * 64 * 64);
        longest_dtz[material] = longest_dtz[material].max(dtz.abs());
        compared += 1;
    }
    assert!(compared > 1_000_000, "{compared}");
    // KPK (white pawn), KQK, KRK: the longest zeroing distances; KQK's and KRK's are their
    // longest mates, as no zeroing move keeps their wins
    assert_eq!(longest_dtz, [20, 20, 32]);
}

/// Checks the Bellman conditions of one position against its successors (by shakmaty), our move
/// generator against shakmaty's, and the colour-swapped position. Returns the DTM.
fn check(pos: &Chess) -> Option<i32> {
    let me = ours(pos);
    let d = plies(dtm::probe(&me));
    let moves = pos.legal_moves();
    // our move generator and terminal flags agree with shakmaty
    let mut theirs: Vec<String> =
        moves.iter().map(|m| UciMove::from_standard(*m).to_string()).collect();
    let mut mine: Vec<String> = me.legal_moves().iter().map(ToString::to_string).collect();
    theirs.sort();
    mine.sort();
    assert_eq!(mine, theirs, "{me}");
    assert_eq!(me.is_checkmate(), pos.is_checkmate(), "{me}");
    assert_eq!(me.is_stalemate(), pos.is_stalemate(), "{me}");
    assert_eq!(me.is_insufficient_material(), pos.is_insufficient_material(), "{me}");

    let after: Vec<Option<i32>> = moves
        .iter()
        .map(|m| {
            let mut next = pos.clone();
            next.play_unchecked(*m);
            plies(dtm::probe(&ours(&next)))
        })
        .collect();
    match d {
        Some(0) => assert!(pos.is_checkmate(), "{me}: mated but not checkmate"),
        Some(w) if w > 0 => {
            // a move to a loss in w - 1, none to a shorter loss
            assert!(after.contains(&Some(-(w - 1))), "{me}: no move to a loss in {}", w - 1);
            assert!(after.iter().all(|a| !matches!(a, Some(l) if *l <= 0 && -l < w - 1)), "{me}");
        }
        Some(l) => {
            // every move to a win in at most -l - 1, one exactly
            let need = -l - 1;
            assert!(after.iter().all(|a| matches!(a, Some(w) if *w > 0 && *w <= need)), "{me}");
            assert!(after.contains(&Some(need)), "{me}");
        }
        None => {
            assert!(!pos.is_checkmate(), "{me}");
            // no move wins, and (unless no move at all) some move keeps the draw
            assert!(
                after.iter().all(|a| !matches!(a, Some(l) if *l <= 0)),
                "{me}: a winning move in a draw"
            );
            assert!(moves.is_empty() || after.contains(&None), "{me}: every move loses in a draw");
        }
    }
    check_dtz(pos, &me);
    // the same position with colours swapped, through shakmaty's mirror
    let mut setup = pos.to_setup(shakmaty::EnPassantMode::Legal);
    setup.mirror();
    let mirrored = Chess::from_setup(setup, CastlingMode::Standard).unwrap();
    assert_eq!(plies(dtm::probe(&ours(&mirrored))), d, "{me} mirrored");
    assert_eq!(dtz::probe(&ours(&mirrored)), dtz::probe(&me), "{me} mirrored");
    d
}

/// The Bellman conditions of DTZ at one position: our zeroing flag equals shakmaty's on every
/// move; a checkmated position is -1; a win is 1 with a zeroing move that keeps the win or a
/// mate, else one more than its quickest non-zeroing move's loss; a loss is one more than the
/// longest win it must allow (no zeroing move keeps a loss here); a draw has a drawing move or
/// none at all.
fn check_dtz(pos: &Chess, me: &Endgame) {
    let z = dtz::probe(me);
    let mut after: Vec<(bool, bool, Dtz)> = Vec::new(); // (zeroing, mates, dtz after)
    for m in &pos.legal_moves() {
        let mut next = pos.clone();
        next.play_unchecked(*m);
        let ours_m = me
            .legal_moves()
            .iter()
            .copied()
            .find(|o| o.to_string() == UciMove::from_standard(*m).to_string());
        let zeroing = me.is_zeroing(ours_m.expect("the same moves"));
        assert_eq!(zeroing, m.is_zeroing(), "{me}: {m}");
        after.push((zeroing, next.is_checkmate(), dtz::probe(&ours(&next))));
    }
    if pos.is_checkmate() {
        assert_eq!(z, Dtz::CHECKMATED, "{me}");
    } else if z.is_win() {
        let now = after.iter().any(|&(zero, mate, a)| (zero && a.is_loss()) || mate);
        let quickest = after
            .iter()
            .filter(|&&(zero, _, a)| !zero && a.is_loss())
            .map(|&(_, _, a)| 1 - a.plies())
            .min();
        let expected = if now { 1 } else { quickest.expect("a win has a winning move") };
        assert_eq!(z.plies(), expected, "{me}");
    } else if z.is_loss() {
        assert!(after.iter().all(|&(zero, _, a)| a.is_win() && !zero), "{me}");
        let longest = after.iter().map(|&(_, _, a)| a.plies()).max().unwrap();
        assert_eq!(z.plies(), -(longest + 1), "{me}");
    } else {
        assert!(after.is_empty() || after.iter().any(|&(_, _, a)| a.is_draw()), "{me}");
        assert!(after.iter().all(|&(_, _, a)| !a.is_loss()), "{me}: a winning move in a draw");
    }
    // our outcomes agree: the first move's value for the mover is the position's DTZ
    if let Some(best) = dtz::outcomes(me).next() {
        assert_eq!(best.mover_dtz(), z, "{me}");
    }
}

/// Per side to move: legal positions, wins, longest win or loss in plies. Also checks
/// Our counts (every legal setup, probed) against shakmaty's counts of legal positions, checkmates and stalemates.
fn bellman(role: Option<shakmaty::Role>) -> [(u32, u32, i32); 2] {
    let mut stats = [(0u32, 0u32, 0i32); 2];
    let mut terminal = [(0u32, 0u32); 2];
    for pos in all_positions(role) {
        let d = check(&pos);
        let side = usize::from(pos.turn() == shakmaty::Color::Black);
        let s = &mut stats[side];
        s.0 += 1;
        if let Some(d) = d {
            s.1 += u32::from(d > 0);
            s.2 = s.2.max(d.abs());
        }
        terminal[side].0 += u32::from(pos.is_checkmate());
        terminal[side].1 += u32::from(pos.is_stalemate());
    }
    // the same counts from our side: every legal setup validated by `Endgame::new`, probed
    let extra = role.map(self::role);
    for (side, color) in [Color::White, Color::Black].into_iter().enumerate() {
        let (mut legal, mut wins, mut longest, mut mates, mut stalemates) = (0, 0, 0, 0, 0);
        for wk in Square::ALL {
            for bk in Square::ALL {
                for sq in Square::ALL {
                    let setup = EndgameSetup {
                        strong_side: Color::White,
                        strong_king: wk,
                        extra: extra.map(|r| (r, sq)),
                        weak_king: bk,
                        side_to_move: color,
                    };
                    // without an extra man, one placement only
                    if extra.is_none() && sq != Square::A1 {
                        continue;
                    }
                    let Ok(pos) = Endgame::new(setup) else { continue };
                    legal += 1;
                    let d = dtm::probe(&pos);
                    wins += u32::from(d.is_some_and(Dtm::is_win));
                    longest = longest.max(d.map_or(0, |d| d.plies().abs()));
                    mates += u32::from(pos.is_checkmate());
                    stalemates += u32::from(pos.is_stalemate());
                }
            }
        }
        assert_eq!((legal, wins, longest), stats[side], "{role:?}");
        assert_eq!((mates, stalemates), terminal[side], "{role:?}");
    }
    stats
}

#[test]
#[cfg_attr(
    debug_assertions,
    ignore = "exhaustive over shakmaty: release profile, the README's test command"
)]
fn kqk_satisfies_bellman_and_its_longest_mate_is_10_moves() {
    let [w, b] = bellman(Some(shakmaty::Role::Queen));
    assert_eq!(w.2, 19); // mate in 10 moves
    assert_eq!(b.2, 20);
    assert!(w.1 > 0 && b.1 == 0);
}

#[test]
#[cfg_attr(
    debug_assertions,
    ignore = "exhaustive over shakmaty: release profile, the README's test command"
)]
fn krk_satisfies_bellman_and_its_longest_mate_is_16_moves() {
    let [w, b] = bellman(Some(shakmaty::Role::Rook));
    assert_eq!(w.2, 31); // mate in 16 moves
    assert_eq!(b.2, 32);
    assert!(b.1 == 0);
}

#[test]
#[cfg_attr(
    debug_assertions,
    ignore = "exhaustive over shakmaty: release profile, the README's test command"
)]
fn kpk_satisfies_bellman_and_its_longest_mate_is_28_moves() {
    let [w, b] = bellman(Some(shakmaty::Role::Pawn));
    assert_eq!(w.2, 55); // mate in 28 moves, White to move
    assert_eq!((w.0, w.1), (163_328, 124_960));
    assert_eq!((b.0, b.1), (168_024, 0));
    assert_eq!(b.2, 56);
}

#[test]
#[cfg_attr(
    debug_assertions,
    ignore = "exhaustive over shakmaty: release profile, the README's test command"
)]
fn minor_pieces_and_bare_kings_are_drawn_everywhere() {
    for role in [Some(shakmaty::Role::Bishop), Some(shakmaty::Role::Knight), None] {
        let [w, b] = bellman(role);
        assert_eq!((w.1, w.2, b.1, b.2), (0, 0, 0, 0), "{role:?}");
        assert!(w.0 > 0 && b.0 > 0);
    }
}

#[test]
fn optimal_lines_end_in_mate_after_exactly_dtm_plies() {
    let mut rng = kpk_testkit::XorShift::new(3);
    let mut checked = 0;
    while checked < 300 {
        let kp = kpk_testkit::random_position(&mut rng);
        let pos = Endgame::from(kp);
        let Some(d) = dtm::probe(&pos) else { continue };
        let line: Vec<_> = dtm::line(&pos).collect();
        assert_eq!(i32::try_from(line.len()).unwrap(), d.plies().abs(), "{pos}");
        if let Some(last) = line.last() {
            assert!(last.after.is_checkmate(), "{pos}");
        } else {
            assert!(pos.is_checkmate());
        }
        checked += 1;
    }
}

#[test]
#[cfg_attr(
    debug_assertions,
    ignore = "exhaustive over shakmaty: release profile, the README's test command"
)]
fn our_legality_equals_shakmatys_for_every_placement() {
    use shakmaty::Role as R;
    for r in [R::Queen, R::Rook, R::Bishop, R::Knight, R::Pawn] {
        let mut accepted = 0u32;
        for i in 0..2 * 64 * 64 * 64 {
            let (x, bk, wk, stm) = (i % 64, i / 64 % 64, i / 4096 % 64, i / 262_144);
            let side = if stm == 0 { Color::White } else { Color::Black };
            let (k, m, b) = (Square::ALL[wk], Square::ALL[x], Square::ALL[bk]);
            let ours = Endgame::new(EndgameSetup {
                strong_side: Color::White,
                strong_king: k,
                extra: Some((role(r), m)),
                weak_king: b,
                side_to_move: side,
            });
            let theirs = shakmaty_position(i, Some(r)).is_some();
            assert_eq!(ours.is_ok(), theirs, "{r:?} wk {wk} bk {bk} man {x} stm {stm}: {ours:?}");
            accepted += u32::from(theirs);
        }
        assert!(accepted > 300_000, "{r:?}: {accepted}");
    }
}

#[test]
#[cfg_attr(debug_assertions, ignore = "exhaustive: release profile, the README's test command")]
fn the_score_entry_point_equals_to_score_on_every_position() {
    use kpk_score::Score;
    let mut checked = 0u32;
    for role in [Role::Queen, Role::Rook, Role::Pawn, Role::Bishop, Role::Knight] {
        for strong_side in [Color::White, Color::Black] {
            for side_to_move in [Color::White, Color::Black] {
                for (wk, man, bk) in (0..64u8)
                    .flat_map(|a| (0..64u8).flat_map(move |b| (0..64u8).map(move |c| (a, b, c))))
                {
                    let setup = EndgameSetup {
                        strong_side,
                        strong_king: Square::ALL[usize::from(wk)],
                        extra: Some((role, Square::ALL[usize::from(man)])),
                        weak_king: Square::ALL[usize::from(bk)],
                        side_to_move,
                    };
                    let Ok(pos) = Endgame::new(setup) else { continue };
                    for ply in [0, 9, 250, 300] {
                        let expected = dtm::probe(&pos).map_or(Score::ZERO, |d| d.to_score(ply));
                        let squares = dtm::Squares {
                            strong_side,
                            strong_king: wk,
                            extra: role,
                            extra_square: man,
                            weak_king: bk,
                            side_to_move,
                        };
                        let got = dtm::probe_squares_score(squares, ply);
                        assert_eq!(got, expected, "{pos} at ply {ply}");
                    }
                    checked += 1;
                }
            }
        }
    }
    assert!(checked > 1_500_000, "{checked}");
}
