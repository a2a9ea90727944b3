//! What an engine author relies on when embedding the crate: no safe call panics or lies,
//! whatever it is given. Each test names the hole it closes.

use kpk::bitbase::{Bitbase, format};
use kpk::dtm::{self, Dtm};
use kpk::{Color, Endgame, EndgameSetup, Move, Role, Square, SquareIndexError};
use kpk_score::Score;
use kpk_testkit::{XorShift, random_ending};

fn kpk(strong_king: Square, pawn: Square, weak_king: Square, side_to_move: Color) -> Endgame {
    Endgame::new(EndgameSetup {
        strong_side: Color::White,
        strong_king,
        extra: Some((Role::Pawn, pawn)),
        weak_king,
        side_to_move,
    })
    .unwrap()
}

#[test]
fn play_refuses_every_move_that_is_not_legal() {
    let pos = kpk(Square::E6, Square::E7, Square::A8, Color::White);
    let illegal = [
        // a pawn reaching the last rank without promoting
        Move { from: Square::E7, to: Square::E8, promotion: None },
        // a pawn moving backwards to rank 1, or sideways
        Move { from: Square::E7, to: Square::E1, promotion: None },
        Move { from: Square::E7, to: Square::D7, promotion: None },
        // a promotion to a king, or a promotion that is not on the last rank
        Move { from: Square::E7, to: Square::E8, promotion: Some(Role::King) },
        Move { from: Square::E6, to: Square::E5, promotion: Some(Role::Queen) },
        // a king moving next to the other king, or two squares
        Move { from: Square::E6, to: Square::B7, promotion: None },
        Move { from: Square::E6, to: Square::E4, promotion: None },
        // a man that is not there, or the opponent's king
        Move { from: Square::H1, to: Square::H2, promotion: None },
        Move { from: Square::A8, to: Square::B8, promotion: None },
    ];
    for m in illegal {
        let err = pos.play(m).unwrap_err();
        assert_eq!(err.mv, m);
        assert!(err.to_string().contains("is not a legal move"), "{err}");
    }
    // the defender cannot step next to the king or stay in place
    let black = kpk(Square::C6, Square::E5, Square::A8, Color::Black);
    for to in [Square::B7, Square::A8, Square::B8] {
        let m = Move { from: Square::A8, to, promotion: None };
        assert_eq!(black.play(m).is_ok(), black.legal_moves().iter().any(|&l| l == m), "{m}");
    }
}

#[test]
fn every_legal_move_plays_and_every_probe_after_it_answers() {
    let mut rng = XorShift::new(77);
    for role in [Role::Pawn, Role::Queen, Role::Rook, Role::Bishop, Role::Knight] {
        for _ in 0..2_000 {
            let pos = random_ending(&mut rng, role);
            for &m in &pos.legal_moves() {
                let next = pos.play(m).expect("a generated move is legal");
                let _ = dtm::probe(&next);
                let _ = dtm::wdl(&next);
                if let Some(k) = next.as_kpk() {
                    let _ = k.probe();
                }
            }
        }
    }
}

#[test]
fn dtm_arithmetic_never_overflows() {
    assert_eq!(Dtm::new(5).to_score(u32::MAX), Score::mate_in(256));
    assert_eq!(Dtm::new(-4).to_score(u32::MAX), Score::mated_in(256));
    assert_eq!(Dtm::new(i16::MAX).before_move(), Dtm::new(-i16::MAX));
    assert_eq!(Dtm::new(i16::MIN).before_move(), Dtm::new(i16::MAX));
    assert_eq!(-Dtm::new(i16::MIN), Dtm::new(i16::MAX));
    assert_eq!(Dtm::new(1).add_plies_checked(u32::MAX), None);
    for d in -60..=60 {
        let d = Dtm::new(d);
        // the mover's distance is one ply longer, on the other side
        let before = d.before_move();
        assert_eq!(before.plies().abs(), d.plies().abs() + 1);
        assert_eq!(before.is_win(), d.is_loss());
    }
}

#[test]
fn the_cli_needs_no_hand_arithmetic_for_a_moves_outcome() {
    // every move's outcome for the mover equals the probe after the move, seen one ply back
    let pos = kpk(Square::E6, Square::E5, Square::E8, Color::White);
    for o in dtm::outcomes(&pos) {
        match (o.mover_dtm(), o.dtm) {
            (Some(mover), Some(after)) => {
                assert_eq!(mover.is_win(), after.is_loss());
                assert_eq!(mover.plies().abs(), after.plies().abs() + 1);
            }
            (None, None) => {}
            other => panic!("{other:?}"),
        }
    }
    assert_eq!(dtm::outcomes(&pos).next().unwrap().mover_dtm(), dtm::probe(&pos));
}

#[test]
fn a_reserved_header_field_must_be_zero() {
    let mut bytes = format::encode(Bitbase::embedded());
    bytes[20] = 7;
    // the checksum is made to match, so only the reserved field is wrong
    let sum = fnv1a64(&bytes[..format::FILE_BYTES - 8]);
    bytes[format::FILE_BYTES - 8..].copy_from_slice(&sum.to_le_bytes());
    let err = format::decode(&bytes).unwrap_err();
    assert_eq!(err, format::FormatError::Reserved { got: 7 });
    assert!(err.to_string().contains("reserved"));
}

#[test]
fn a_square_index_error_says_index_not_name() {
    let err = Square::try_from(64u8).unwrap_err();
    assert_eq!(err, SquareIndexError { index: 64 });
    assert!(err.to_string().contains("index 64"), "{err}");
    assert!(!err.to_string().contains("name"), "{err}");
}

#[test]
fn the_dtm_probes_from_squares_take_any_bytes_without_panicking() {
    // Squares above 63 break the precondition of `dtm::probe_squares`: a meaningless answer,
    // but never a panic or a read outside a table. Every third byte (every seventh in the debug
    // profile), every role, both strong sides, both sides to move.
    let step = if cfg!(debug_assertions) { 7 } else { 3 };
    let roles = [Role::Queen, Role::Rook, Role::Pawn, Role::Bishop, Role::Knight, Role::King];
    let mut decisive = 0u64;
    for wk in (0..=255u8).step_by(step) {
        for man in (0..=255u8).step_by(step) {
            for bk in (0..=255u8).step_by(step) {
                for role in roles {
                    for (strong, stm) in
                        [(Color::White, Color::Black), (Color::Black, Color::Black)]
                    {
                        let squares = dtm::Squares {
                            strong_side: strong,
                            strong_king: wk,
                            extra: role,
                            extra_square: man,
                            weak_king: bk,
                            side_to_move: stm,
                        };
                        let d = dtm::probe_squares(squares);
                        let s = dtm::probe_squares_score(squares, 7);
                        decisive += u64::from(d.is_some());
                        assert_eq!(s != Score::ZERO, d.is_some());
                    }
                }
            }
        }
    }
    assert!(decisive > 0);
}

/// One validation path: every placement of a king, a pawn and a king (both pawn colours, both
/// sides to move, men on one square included) gets the same answer, error or position, from
/// `KpkPosition::new` and from `Endgame::new`.
#[test]
fn a_kpk_setup_gets_one_error_whichever_type_validates_it() {
    use kpk::{KpkPosition, KpkSetup};
    let mut errors = 0;
    for strong_side in Color::ALL {
        for side_to_move in Color::ALL {
            for strong_king in Square::ALL {
                for pawn in Square::ALL {
                    for weak_king in Square::ALL {
                        let kpk = KpkPosition::new(KpkSetup {
                            strong_side,
                            strong_king,
                            pawn,
                            weak_king,
                            side_to_move,
                        });
                        let ending = Endgame::new(EndgameSetup {
                            strong_side,
                            strong_king,
                            extra: Some((Role::Pawn, pawn)),
                            weak_king,
                            side_to_move,
                        });
                        match (kpk, ending) {
                            (Ok(k), Ok(e)) => assert_eq!(Endgame::from(k), e),
                            (Err(a), Err(b)) => {
                                assert_eq!(a, b);
                                errors += 1;
                            }
                            (a, b) => panic!("{a:?} against {b:?}"),
                        }
                    }
                }
            }
        }
    }
    assert_eq!(errors, 4 * 64 * 64 * 64 - 2 * 331_352);
}

/// FNV-1a, 64 bits, as the file format's checksum is defined (written here from its definition,
/// so that the test forges a file the way another program would).
fn fnv1a64(bytes: &[u8]) -> u64 {
    bytes
        .iter()
        .fold(0xcbf2_9ce4_8422_2325, |h, &b| (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3))
}
