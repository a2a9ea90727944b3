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

#[cfg(test)]
mod tests {
    use super::{see, worth};
    use shakmaty::fen::Fen;
    use shakmaty::{CastlingMode, Chess, Position, Role, Square};

    fn chess(fen: &str) -> Chess {
        fen.parse::<Fen>().unwrap().into_position(CastlingMode::Standard).unwrap()
    }

    /// What the side to move wins by capturing on `square` with any legal capture, or none,
    /// each side choosing the best at every turn: a plain minimax over shakmaty's legal moves,
    /// knowing nothing of attackers, x-rays or their order.
    fn exchange(pos: &Chess, square: Square) -> i32 {
        pos.legal_moves()
            .into_iter()
            .filter(|m| m.to() == square && m.is_capture())
            .map(|m| {
                let mut after = pos.clone();
                after.play_unchecked(m);
                gain(&m) - exchange(&after, square)
            })
            .fold(0, i32::max)
    }

    fn gain(m: &shakmaty::Move) -> i32 {
        m.capture().map_or(0, worth) + m.promotion().map_or(0, |p| worth(p) - worth(Role::Pawn))
    }

    /// Every capture of positions with batteries, x-rays, defended and undefended men, en
    /// passant and a capturing promotion (and no pins, which the exchange does not see) is
    /// valued as the minimax over the legal captures on its square values it.
    #[test]
    fn the_exchange_is_the_minimax_of_the_captures_on_the_square() {
        let fens = [
            "6k1/8/2p5/3p4/8/8/8/3Q2K1 w - - 0 1",     // a queen for a pawn
            "3r2k1/3r4/8/3p4/8/8/3R4/3R2K1 w - - 0 1", // rook batteries on the d-file
            "6k1/8/5n2/3p4/8/1B6/Q7/6K1 w - - 0 1",    // the queen behind the bishop
            "6k1/2b5/8/4p3/3P4/8/8/6K1 w - - 0 1",     // pawn takes pawn, bishop takes back
            "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1",       // en passant
            "1n2k3/P7/8/8/8/8/8/4K3 w - - 0 1",        // a capturing promotion
            "4k3/8/3q4/4N3/8/8/8/4K3 w - - 0 1",       // knight takes queen, none takes back
            "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4",
            "r2qk2r/ppp2ppp/2np1n2/2b1p1B1/2B1P1b1/2NP1N2/PPP2PPP/R2QK2R w KQkq - 0 7",
            "2kr3r/ppp2ppp/2n5/3q4/3P4/2N5/PP3PPP/R2QR1K1 w - - 0 1",
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R b KQkq - 0 1",
            "4k3/8/2n1r3/3p4/4P3/2N2N2/8/4K3 w - - 0 1", // two knights and a pawn against d5
        ];
        let mut captures = 0;
        let mut losing = 0;
        for fen in fens {
            let pos = chess(fen);
            for m in pos.legal_moves() {
                if !m.is_capture() {
                    continue;
                }
                let mut after = pos.clone();
                after.play_unchecked(m);
                let expected = gain(&m) - exchange(&after, m.to());
                assert_eq!(see(&pos, &m), expected, "{fen}: {m:?}");
                captures += 1;
                losing += usize::from(expected < 0);
            }
        }
        assert!(captures >= 25 && losing >= 5, "{captures} captures, {losing} losing");
    }
}
