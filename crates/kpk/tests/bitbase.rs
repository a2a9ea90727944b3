//! The bitbase against an independent solver, for every legal KPK position: both colours of
//! pawn, every file, both sides to move. Run with `--release`.

mod common;

use kpk::bitbase::{self, Bitbase};
use kpk::{Color, KpkPosition, KpkSetup, PositionError, Square, Wdl};
use shakmaty::{CastlingMode, Chess, FromSetup, Position};

/// A KPK position from its parts, in the order strong side, strong king, pawn, weak king, side
/// to move.
fn kpk(
    strong_side: Color,
    strong_king: Square,
    pawn: Square,
    weak_king: Square,
    side_to_move: Color,
) -> Result<KpkPosition, PositionError> {
    KpkPosition::new(KpkSetup { strong_side, strong_king, pawn, weak_king, side_to_move })
}

fn square(sq: shakmaty::Square) -> Square {
    Square::new(u8::from(sq)).unwrap()
}

#[test]
fn runtime_generation_equals_the_embedded_table_bit_for_bit() {
    let generated = Bitbase::generate();
    assert_eq!(generated.words(), Bitbase::embedded().words());
    assert_eq!(bitbase::TABLE_BYTES, 24_576);
    assert_eq!(size_of::<Bitbase>(), 24_576);
}

#[test]
fn every_legal_position_agrees_with_the_independent_solver() {
    let solution = common::solve();
    // [strong to move, weak to move] x [legal, wins] over all files, white pawn
    let mut totals = [[0u32; 2]; 2];
    let mut disagreements = 0u32;
    let mut checked = 0u32;
    for index in 0..common::SIZE {
        let setup = common::setup_of(index);
        let board = &setup.board;
        if board.pawns().is_empty() || board.occupied().count() != 3 {
            continue; // KQK and KRK are solved only as promotion targets; men on one square
        }
        let wk = square(board.king_of(shakmaty::Color::White).unwrap());
        let bk = square(board.king_of(shakmaty::Color::Black).unwrap());
        let pawn = square(board.pawns().first().unwrap());
        let stm = if setup.turn == shakmaty::Color::White { Color::White } else { Color::Black };
        let ours = kpk(Color::White, wk, pawn, bk, stm);
        // Our validation must accept exactly the positions shakmaty accepts.
        assert_eq!(ours.is_ok(), solution.legal[index], "legality of {setup:?}: {ours:?}");
        let Ok(pos) = ours else { continue };
        let expected = common::wdl(&solution, index);
        let got = pos.probe().signum();
        if got != expected {
            disagreements += 1;
        }
        let side = usize::from(stm == Color::Black);
        totals[side][0] += 1;
        totals[side][1] += u32::from(expected == if side == 0 { 1 } else { -1 });

        // The same position with colours swapped and the board flipped, through shakmaty's own
        // mirroring: a black pawn must give the same answer.
        let mut mirrored = setup.clone();
        mirrored.mirror();
        let mirrored = Chess::from_setup(mirrored, CastlingMode::Standard).unwrap();
        let b = mirrored.board();
        let black = kpk(
            Color::Black,
            square(b.king_of(shakmaty::Color::Black).unwrap()),
            square(b.pawns().first().unwrap()),
            square(b.king_of(shakmaty::Color::White).unwrap()),
            if mirrored.turn() == shakmaty::Color::White { Color::White } else { Color::Black },
        )
        .unwrap();
        if black.probe().signum() != expected {
            disagreements += 1;
        }
        checked += 2;
    }
    assert_eq!(disagreements, 0);
    assert_eq!(checked, 2 * (163_328 + 168_024));
    assert_eq!(totals, [[163_328, 124_960], [168_024, 97_604]]);
}

#[test]
fn raw_probe_and_position_probe_agree_everywhere() {
    let table = Bitbase::embedded();
    let mut wins = 0u32;
    for stm in Color::ALL {
        for sk in Square::ALL {
            for p in Square::ALL {
                for wk in Square::ALL {
                    let Ok(pos) = kpk(Color::White, sk, p, wk, stm) else { continue };
                    let raw = bitbase::strong_wins(
                        sk.index(),
                        p.index(),
                        wk.index(),
                        stm == Color::White,
                    );
                    assert_eq!(
                        raw,
                        table.strong_wins(sk.index(), p.index(), wk.index(), stm == Color::White)
                    );
                    let expected = match (raw, stm) {
                        (false, _) => Wdl::Draw,
                        (true, Color::White) => Wdl::Win,
                        (true, Color::Black) => Wdl::Loss,
                    };
                    assert_eq!(pos.probe(), expected);
                    wins += u32::from(raw);
                }
            }
        }
    }
    assert_eq!(wins, 124_960 + 97_604);
    // Inputs outside the preconditions do not panic.
    for p in [0u8, 7, 56, 63, 200, 255] {
        let _ = bitbase::strong_wins(255, p, 255, false);
    }
}
