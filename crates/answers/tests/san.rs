//! The one notation the answers use (`Endgame::write_san`, no shakmaty in the loop) against
//! shakmaty's SAN, move for move; and the bridge over every ending: positions round-trip, the
//! two move generators agree, and each move converts both ways.

use kpk::{Endgame, KpkPosition, Role};
use kpk_shakmaty::{from_shakmaty_move, to_chess, to_endgame, to_shakmaty_move};
use kpk_testkit::{XorShift, random_ending};
use shakmaty::Position;
use shakmaty::san::SanPlus;

#[test]
fn our_san_is_shakmatys_on_every_move_of_a_large_sample() {
    let mut positions: Vec<Endgame> = KpkPosition::all().step_by(5).map(Endgame::from).collect();
    let mut rng = XorShift::new(17);
    for role in [Role::Queen, Role::Rook, Role::Bishop, Role::Knight] {
        positions.extend((0..5_000).map(|_| random_ending(&mut rng, role)));
    }
    let mut moves = 0;
    for pos in positions {
        let chess = to_chess(&pos);
        assert_eq!(to_endgame(&chess), Some(pos));
        assert_eq!(chess.legal_moves().len(), pos.legal_moves().len(), "{pos}");
        for &m in &pos.legal_moves() {
            let mut ours = String::new();
            pos.write_san(m, &mut ours).unwrap();
            let theirs = to_shakmaty_move(&chess, m).unwrap();
            assert_eq!(from_shakmaty_move(&pos, &theirs), Some(m), "{pos} {m}");
            assert_eq!(ours, SanPlus::from_move(chess.clone(), theirs).to_string(), "{pos} {m}");
            moves += 1;
        }
    }
    assert!(moves > 500_000, "{moves}");
}
