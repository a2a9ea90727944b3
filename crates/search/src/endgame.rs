//! The bridge between shakmaty's positions and the `kpk` crate's endings of at most three men.

use kpk::{Endgame, EndgameSetup};
use shakmaty::fen::Fen;
use shakmaty::{CastlingMode, Chess, Color, Position, Role};

fn kpk_color(c: Color) -> kpk::Color {
    match c {
        Color::White => kpk::Color::White,
        Color::Black => kpk::Color::Black,
    }
}

fn kpk_role(r: Role) -> Option<kpk::Role> {
    Some(match r {
        Role::Pawn => kpk::Role::Pawn,
        Role::Knight => kpk::Role::Knight,
        Role::Bishop => kpk::Role::Bishop,
        Role::Rook => kpk::Role::Rook,
        Role::Queen => kpk::Role::Queen,
        Role::King => return None,
    })
}

fn kpk_square(sq: shakmaty::Square) -> kpk::Square {
    // both number the squares a1 = 0 ... h8 = 63
    kpk::Square::ALL[usize::from(u8::from(sq))]
}

/// The position as a `kpk` ending when it has at most three men (two kings and at most one
/// other man) and no castling right; `None` otherwise.
///
/// ```
/// use kpk_search::endgame::to_endgame;
/// use shakmaty::{CastlingMode, Chess, fen::Fen};
///
/// let pos: Chess = "8/8/8/4k3/8/8/4P3/4K3 w - - 0 1".parse::<Fen>().unwrap()
///     .into_position(CastlingMode::Standard).unwrap();
/// let ending = to_endgame(&pos).unwrap();
/// assert_eq!(ending.to_string(), "8/8/8/4k3/8/8/4P3/4K3 w - - 0 1");
/// ```
#[must_use]
pub fn to_endgame(pos: &Chess) -> Option<Endgame> {
    let board = pos.board();
    if board.occupied().count() > 3 || pos.castles().any() {
        return None;
    }
    let extra = (board.occupied() & !board.kings()).first();
    let (strong, extra) = match extra {
        Some(sq) => {
            let piece = board.piece_at(sq)?;
            (piece.color, Some((kpk_role(piece.role)?, kpk_square(sq))))
        }
        None => (Color::White, None),
    };
    Endgame::new(EndgameSetup {
        strong_side: kpk_color(strong),
        strong_king: kpk_square(board.king_of(strong)?),
        extra,
        weak_king: kpk_square(board.king_of(!strong)?),
        side_to_move: kpk_color(pos.turn()),
    })
    .ok()
}

/// The ending as a shakmaty position (halfmove clock 0).
///
/// ```
/// use kpk::{Color, Endgame, EndgameSetup, Role, Square};
/// use kpk_search::endgame::to_chess;
/// use shakmaty::Position;
///
/// let ending = Endgame::new(EndgameSetup {
///     strong_side: Color::Black,
///     strong_king: Square::E8,
///     extra: Some((Role::Rook, Square::A8)),
///     weak_king: Square::E1,
///     side_to_move: Color::White,
/// }).unwrap();
/// assert_eq!(to_chess(&ending).legal_moves().len(), 5); // Kd1, Kd2, Ke2, Kf1, Kf2
/// ```
#[must_use]
pub fn to_chess(pos: &Endgame) -> Chess {
    to_chess_with_clock(pos, 0)
}

/// The ending as a shakmaty position whose halfmove clock is `halfmoves` (for a search that
/// must see the 50-move rule coming).
///
/// ```
/// use kpk::random::{XorShift, random_ending};
/// use kpk_search::endgame::to_chess_with_clock;
/// use shakmaty::Position;
///
/// let ending = random_ending(&mut XorShift::new(1), kpk::Role::Queen);
/// assert_eq!(to_chess_with_clock(&ending, 57).halfmoves(), 57);
/// ```
#[must_use]
pub fn to_chess_with_clock(pos: &Endgame, halfmoves: u32) -> Chess {
    // an Endgame's FEN ends in "0 1"; the board and side fields are all the parse needs
    let fen = pos.to_string();
    let fields = fen.rsplitn(3, ' ').nth(2).unwrap_or(&fen);
    // an Endgame is legal, and its FEN says so: the parse cannot fail
    format!("{fields} {halfmoves} 1")
        .parse::<Fen>()
        .ok()
        .and_then(|f| f.into_position(CastlingMode::Standard).ok())
        .unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;
    use kpk::Role as KpkRole;
    use kpk::random::{XorShift, random_ending};

    #[test]
    fn endings_round_trip() {
        let mut rng = XorShift::new(3);
        for role in [KpkRole::Pawn, KpkRole::Queen, KpkRole::Rook, KpkRole::Knight] {
            for _ in 0..2_000 {
                let e = random_ending(&mut rng, role);
                let chess = to_chess(&e);
                assert_eq!(to_endgame(&chess), Some(e));
                assert_eq!(chess.legal_moves().len(), e.legal_moves().len(), "{e}");
            }
        }
        assert_eq!(to_endgame(&Chess::default()), None);
    }
}
