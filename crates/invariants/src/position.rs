//! Invariants of positions, moves, probes and DTM in `kpk`.

use kpk::bitbase::{self, Bitbase};
use kpk::dtm::{self, Dtm};
use kpk::{Color, Endgame, EndgameSetup, KpkPosition, KpkSetup, Move, Role, Square};

use crate::Input;

fn square(b: u8) -> Square {
    Square::ALL[usize::from(b & 63)]
}

fn color(b: bool) -> Color {
    if b { Color::Black } else { Color::White }
}

fn role(b: u8) -> Option<Role> {
    [
        None,
        Some(Role::Pawn),
        Some(Role::Queen),
        Some(Role::Rook),
        Some(Role::Bishop),
        Some(Role::Knight),
        Some(Role::King),
    ][usize::from(b % 7)]
}

/// Any setup either validates or names its error; both position types agree on KPK setups; on a
/// legal position every generated move plays, any other move is refused, and DTM satisfies the
/// Bellman condition over the moves.
pub fn position_play(data: &[u8]) {
    let mut input = Input::new(data);
    let setup = EndgameSetup {
        strong_side: color(input.bool()),
        strong_king: square(input.u8()),
        extra: role(input.u8()).map(|r| (r, square(input.u8()))),
        weak_king: square(input.u8()),
        side_to_move: color(input.bool()),
    };
    let endgame = Endgame::new(setup);
    if let Some((Role::Pawn, pawn)) = setup.extra {
        let kpk = KpkPosition::new(KpkSetup {
            strong_side: setup.strong_side,
            strong_king: setup.strong_king,
            pawn,
            weak_king: setup.weak_king,
            side_to_move: setup.side_to_move,
        });
        assert_eq!(kpk.is_ok(), endgame.is_ok(), "{setup:?}");
        if let (Ok(k), Ok(e)) = (kpk, endgame) {
            assert_eq!(k.setup().pawn, pawn);
            assert_eq!(e.as_kpk(), Some(k));
            assert_eq!(k.probe(), dtm::wdl(&e), "bitbase and DTM agree");
        }
    }
    let mut pos = match endgame {
        Ok(pos) => pos,
        Err(e) => {
            assert!(!e.to_string().is_empty());
            return;
        }
    };
    assert_eq!(pos.setup(), setup);
    // walk a few plies: sometimes a move from the input, sometimes a legal one
    for _ in 0..8 {
        let moves = pos.legal_moves();
        let d = dtm::probe(&pos);
        // Bellman: the best outcome equals the position's own distance
        match dtm::outcomes(&pos).next() {
            Some(best) => {
                assert_eq!(best.mover_dtm(), d, "{pos}");
                assert_eq!(best.after, pos.play(best.mv).expect("a generated move is legal"));
            }
            None => {
                assert_eq!(d == Some(Dtm::new(0)), pos.is_checkmate(), "{pos}");
                assert!(pos.is_checkmate() || pos.is_stalemate());
                return;
            }
        }
        let wild = Move {
            from: square(input.u8()),
            to: square(input.u8()),
            promotion: role(input.u8()).filter(|_| input.bool()),
        };
        let legal = moves.iter().any(|&m| m == wild);
        match pos.play(wild) {
            Ok(next) => {
                assert!(legal, "{wild} played in {pos}");
                pos = next;
            }
            Err(e) => {
                assert!(!legal && e.mv == wild, "{wild} refused in {pos}");
                let pick = usize::from(input.u8()) % moves.len();
                pos = pos.play(moves.as_slice()[pick]).expect("a generated move is legal");
            }
        }
        if input.is_empty() {
            return;
        }
    }
}

/// The raw probes and the DTM arithmetic answer any input without panicking, and agree with the
/// checked API where the input is a legal position.
pub fn raw_probe(data: &[u8]) {
    let mut input = Input::new(data);
    let (sk, p, wk, stm) = (input.u8(), input.u8(), input.u8(), input.bool());
    let squares = bitbase::Squares {
        strong_king: sk,
        pawn: p,
        weak_king: wk,
        strong_side: Color::White,
        side_to_move: if stm { Color::White } else { Color::Black },
    };
    let raw = bitbase::probe_squares(squares);
    assert_eq!(Bitbase::embedded().probe_squares(squares), raw);
    let setup = KpkSetup {
        strong_side: Color::White,
        strong_king: square(sk),
        pawn: square(p),
        weak_king: square(wk),
        side_to_move: if stm { Color::White } else { Color::Black },
    };
    if sk < 64
        && p < 64
        && wk < 64
        && let Ok(pos) = KpkPosition::new(setup)
    {
        assert_eq!(raw, pos.probe(), "{pos:?}");
    }
    let d = Dtm::new(i16::from_le_bytes([input.u8(), input.u8()]));
    let plies = input.u32();
    let _ = d.to_score(plies);
    let _ = -d;
    let _ = d.uci_mate_moves();
    let before = d.before_move();
    assert_eq!(before.is_win(), d.is_loss());
    match d.add_plies_checked(plies) {
        Some(e) => {
            assert_eq!(e.is_win(), d.is_win());
            assert_eq!(e, d.add_plies_saturating(plies));
        }
        None => assert_eq!(d.add_plies_saturating(plies).plies().abs(), i32::from(i16::MAX)),
    }
}
