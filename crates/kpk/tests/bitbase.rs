//! The bitbase against an independent solver, for every legal KPK position: both colours of
//! pawn, every file, both sides to move. Run with `--release`.

mod common;

use kpk::bitbase::{self, Bitbase, Bitboards, Squares};
use kpk::{Color, KpkPosition, KpkSetup, PositionError, Square};
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
fn engine_entry_points_agree_with_the_position_probe_everywhere() {
    // every placement of the three men, both pawn colours, both sides to move: 1,048,576
    let (mut legal, mut illegal) = (0u32, 0u32);
    for strong_side in Color::ALL {
        for stm in Color::ALL {
            for sk in Square::ALL {
                for p in Square::ALL {
                    for wk in Square::ALL {
                        let squares = Squares {
                            strong_king: sk.index(),
                            pawn: p.index(),
                            weak_king: wk.index(),
                            strong_side,
                            side_to_move: stm,
                        };
                        let checked = bitbase::probe_squares_checked(squares);
                        let Ok(pos) = kpk(strong_side, sk, p, wk, stm) else {
                            assert!(checked.is_err(), "{sk} {p} {wk} {strong_side:?} {stm:?}");
                            illegal += 1;
                            continue;
                        };
                        let expected = pos.probe();
                        assert_eq!(checked, Ok(expected), "{pos:?}");
                        assert_eq!(bitbase::probe_squares(squares), expected);
                        let (strong, weak) = (sk.bit() | p.bit(), wk.bit());
                        let (white, black) = match strong_side {
                            Color::White => (strong, weak),
                            Color::Black => (weak, strong),
                        };
                        let kings = sk.bit() | wk.bit();
                        let boards =
                            Bitboards { white, black, kings, pawns: p.bit(), side_to_move: stm };
                        assert_eq!(bitbase::probe_bitboards(boards), expected, "{pos:?}");
                        assert_eq!(bitbase::probe_bitboards_checked(boards), Ok(expected));
                        legal += 1;
                    }
                }
            }
        }
    }
    assert_eq!(legal, 2 * 331_352);
    assert_eq!(legal + illegal, 4 * 64 * 64 * 64);
}

#[test]
fn malformed_bitboards_are_rejected_and_never_panic() {
    let (e6, e5, e8, a2) = (1u64 << 44, 1u64 << 36, 1u64 << 60, 1u64 << 8);
    let bad = [
        (e6 | e5, e8 | e5, e6 | e8, e5),      // a square in both colours
        (e6 | e5 | a2, e8, e6 | e8, e5 | a2), // two pawns
        (e5, e8, e8, e5),                     // no white king
        (e6 | e5 | a2, e8, e6 | e8, e5),      // a man that is neither king nor pawn
        (e6 | e5, e8, e6 | e8 | e5, e5),      // a square both king and pawn
        (0, 0, 0, 0),
    ];
    for (white, black, kings, pawns) in bad {
        let boards = Bitboards { white, black, kings, pawns, side_to_move: Color::White };
        assert_eq!(bitbase::probe_bitboards_checked(boards), Err(PositionError::NotKpk));
        // meaningless, but no panic
        let _ = bitbase::probe_bitboards(Bitboards { side_to_move: Color::Black, ..boards });
    }
    let off_board = Squares {
        strong_king: 64,
        pawn: 36,
        weak_king: 60,
        strong_side: Color::White,
        side_to_move: Color::White,
    };
    assert_eq!(
        bitbase::probe_squares_checked(off_board),
        Err(PositionError::SquareOutOfRange { index: 64 })
    );
}

#[test]
fn the_unchecked_probes_take_any_bytes_without_panicking() {
    // Squares above 63 break the fast paths' precondition: the answer is meaningless, but every
    // byte must stay inside the tables. All 256^3 placements, both colours, both sides to move
    // (every third byte in the debug profile).
    let step = if cfg!(debug_assertions) { 3 } else { 1 };
    let mut seen = [0u64; 3];
    for sk in (0..=255u8).step_by(step) {
        for p in (0..=255u8).step_by(step) {
            for wk in (0..=255u8).step_by(step) {
                for (strong_side, stm) in [
                    (Color::White, Color::White),
                    (Color::White, Color::Black),
                    (Color::Black, Color::White),
                    (Color::Black, Color::Black),
                ] {
                    let wdl = bitbase::probe_squares(Squares {
                        strong_king: sk,
                        pawn: p,
                        weak_king: wk,
                        strong_side,
                        side_to_move: stm,
                    });
                    seen[usize::from((wdl as i8 + 1).cast_unsigned())] += 1;
                }
            }
        }
    }
    assert!(seen.iter().all(|&n| n > 0), "{seen:?}");
}

#[test]
fn every_generation_path_builds_the_embedded_table() {
    use kpk::bitbase::{GenerationPath, best_generation_path};
    let mut ran = vec![];
    for path in [GenerationPath::Portable, GenerationPath::Avx2] {
        let mut table = Bitbase::from_words([0; bitbase::WORDS]);
        if table.regenerate_with(path) {
            assert!(table == *Bitbase::embedded(), "{path:?}");
            ran.push(path);
        } else {
            assert!(table.words().iter().all(|&w| w == 0), "{path:?} touched the table");
        }
    }
    assert!(ran.contains(&GenerationPath::Portable));
    assert!(ran.contains(&best_generation_path()));
    // on x86-64 machines with AVX2 (this project's CI machines) both paths must have run
    #[cfg(target_arch = "x86_64")]
    if std::is_x86_feature_detected!("avx2") {
        assert_eq!(ran, [GenerationPath::Portable, GenerationPath::Avx2]);
        assert_eq!(best_generation_path(), GenerationPath::Avx2);
    }
}
