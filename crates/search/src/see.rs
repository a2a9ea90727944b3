//! Static exchange evaluation: what a capture wins or loses once every piece that attacks its
//! square has captured there in turn, least valuable first, each side free to stop.

use shakmaty::{Bitboard, Chess, Move, Position, Role, Square};

use crate::eval::material;

/// A king's worth in an exchange: more than all else, so it captures last.
const KING: i32 = 20_000;

fn worth(role: Role) -> i32 {
    if role == Role::King { KING } else { material(role) }
}

/// The material `m` wins for the side to move (in centipawns, negative when it loses some) if
/// both sides then capture on its square with their least valuable attacker for as long as it
/// pays. Pins are not looked at; x-rays through the capturing pieces are.
///
/// ```
/// use kpk_search::see::see;
/// use shakmaty::{CastlingMode, Chess, Position, fen::Fen};
///
/// // White: Kg1, Qd1; Black: Kg8, pawns c6 and d5. Qxd5 loses the queen for a pawn.
/// let pos: Chess = "6k1/8/2p5/3p4/8/8/8/3Q2K1 w - - 0 1".parse::<Fen>().unwrap()
///     .into_position(CastlingMode::Standard).unwrap();
/// let m = pos.legal_moves().into_iter().find(|m| m.to().to_string() == "d5").unwrap();
/// assert_eq!(see(&pos, &m), 100 - 900);
/// ```
#[must_use]
pub fn see(pos: &Chess, m: &Move) -> i32 {
    let board = pos.board();
    let Some(from) = m.from() else { return 0 };
    let to = m.to();
    let mut occupied = board.occupied() ^ Bitboard::from(from);
    let mut gains = [0_i32; 34];
    gains[0] = m.capture().map_or(0, worth);
    if let Some(p) = m.promotion() {
        gains[0] += worth(p) - worth(Role::Pawn);
    }
    if m.is_en_passant() {
        let taken = Square::from_coords(to.file(), from.rank());
        occupied ^= Bitboard::from(taken);
    }
    let mut on_square = worth(m.promotion().unwrap_or(m.role()));
    let mut side = !pos.turn();
    let mut depth = 0;
    loop {
        let attackers = board.attacks_to(to, side, occupied) & occupied;
        let Some((square, role)) = least_valuable(board, attackers) else { break };
        // the king may take only where nothing takes back
        if role == Role::King && (board.attacks_to(to, !side, occupied) & occupied).any() {
            break;
        }
        depth += 1;
        gains[depth] = on_square - gains[depth - 1];
        on_square = worth(role);
        occupied ^= Bitboard::from(square);
        side = !side;
        if depth + 1 >= gains.len() {
            break;
        }
    }
    while depth > 0 {
        gains[depth - 1] = -(-gains[depth - 1]).max(gains[depth]);
        depth -= 1;
    }
    gains[0]
}

fn least_valuable(board: &shakmaty::Board, attackers: Bitboard) -> Option<(Square, Role)> {
    for role in [Role::Pawn, Role::Knight, Role::Bishop, Role::Rook, Role::Queen, Role::King] {
        if let Some(sq) = (attackers & board.by_role(role)).first() {
            return Some((sq, role));
        }
    }
    None
}
