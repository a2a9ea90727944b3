#![doc = include_str!("../README.md")]

pub mod fen;

use kpk::{Endgame, EndgameSetup, Move};
use shakmaty::fen::Fen;
use shakmaty::{CastlingMode, Chess, Position};

/// Our colour for shakmaty's.
#[must_use]
pub const fn color(c: shakmaty::Color) -> kpk::Color {
    match c {
        shakmaty::Color::White => kpk::Color::White,
        shakmaty::Color::Black => kpk::Color::Black,
    }
}

/// Our role for shakmaty's.
#[must_use]
pub const fn role(r: shakmaty::Role) -> kpk::Role {
    match r {
        shakmaty::Role::King => kpk::Role::King,
        shakmaty::Role::Queen => kpk::Role::Queen,
        shakmaty::Role::Rook => kpk::Role::Rook,
        shakmaty::Role::Bishop => kpk::Role::Bishop,
        shakmaty::Role::Knight => kpk::Role::Knight,
        shakmaty::Role::Pawn => kpk::Role::Pawn,
    }
}

/// Our square for shakmaty's (both number a1 = 0 ... h8 = 63).
#[must_use]
pub fn square(sq: shakmaty::Square) -> kpk::Square {
    kpk::Square::ALL[usize::from(sq)]
}

/// The men and the side to move of a shakmaty position of at most three men without castling
/// rights, as an unvalidated setup (the side of the third man is the strong side; White
/// without one); `None` for more men, castling rights or a missing king.
pub(crate) fn setup_of(pos: &Chess) -> Option<EndgameSetup> {
    let board = pos.board();
    if board.occupied().count() > 3 || pos.castles().any() {
        return None;
    }
    let extra = (board.occupied() & !board.kings()).first();
    let (strong, extra) = match extra {
        Some(sq) => {
            let piece = board.piece_at(sq)?;
            (piece.color, Some((role(piece.role), square(sq))))
        }
        None => (shakmaty::Color::White, None),
    };
    Some(EndgameSetup {
        strong_side: color(strong),
        strong_king: square(board.king_of(strong)?),
        extra,
        weak_king: square(board.king_of(!strong)?),
        side_to_move: color(pos.turn()),
    })
}

/// The position as a `kpk` ending when it has at most three men (two kings and at most one
/// other man) and no castling right; `None` otherwise.
///
/// ```
/// use kpk_shakmaty::to_endgame;
/// use shakmaty::{CastlingMode, Chess, fen::Fen};
///
/// let pos: Chess = "8/8/8/4k3/8/8/4P3/4K3 w - - 0 1".parse::<Fen>().unwrap()
///     .into_position(CastlingMode::Standard).unwrap();
/// let ending = to_endgame(&pos).unwrap();
/// assert_eq!(ending.to_string(), "8/8/8/4k3/8/8/4P3/4K3 w - - 0 1");
/// ```
#[must_use]
pub fn to_endgame(pos: &Chess) -> Option<Endgame> {
    setup_of(pos).and_then(|setup| Endgame::new(setup).ok())
}

/// The ending as a shakmaty position (halfmove clock 0, move 1).
///
/// ```
/// use kpk::{Color, Endgame, EndgameSetup, Role, Square};
/// use kpk_shakmaty::to_chess;
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
/// use kpk_shakmaty::{to_chess_with_clock, to_endgame};
/// use shakmaty::Position;
///
/// let ending = kpk_shakmaty::fen::parse("8/8/8/8/8/2k5/1R6/K7 w - - 0 1").unwrap().position;
/// let chess = to_chess_with_clock(&ending, 57);
/// assert_eq!(chess.halfmoves(), 57);
/// assert_eq!(to_endgame(&chess), Some(ending));
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

/// shakmaty's move for one of ours in `chess` (the same position), found by its squares and
/// promotion; `None` if shakmaty has no such legal move (never, for a move of our generator:
/// `tests/san.rs` checks both generators move for move on every ending).
///
/// ```
/// use kpk_shakmaty::{to_chess, to_shakmaty_move};
/// let pos = kpk_shakmaty::fen::parse("4k3/8/4K3/4P3/8/8/8/8 w - - 0 1").unwrap().position;
/// let ours = *pos.legal_moves().iter().next().unwrap();
/// let theirs = to_shakmaty_move(&to_chess(&pos), ours).unwrap();
/// assert_eq!(kpk_shakmaty::square(theirs.to()), ours.to);
/// ```
#[must_use]
pub fn to_shakmaty_move(chess: &Chess, m: Move) -> Option<shakmaty::Move> {
    chess.legal_moves().into_iter().find(|sm| {
        sm.from().map(square) == Some(m.from)
            && square(sm.to()) == m.to
            && sm.promotion().map(role) == m.promotion
    })
}

/// Our move for one of shakmaty's in `pos` (the same position), found by its squares and
/// promotion; `None` if it is not one of our legal moves.
#[must_use]
pub fn from_shakmaty_move(pos: &Endgame, m: &shakmaty::Move) -> Option<Move> {
    let from = m.from().map(square)?;
    let (to, promotion) = (square(m.to()), m.promotion().map(role));
    pos.legal_moves()
        .iter()
        .copied()
        .find(|o| o.from == from && o.to == to && o.promotion == promotion)
}

#[cfg(test)]
mod tests {
    use super::*;
    use kpk::KpkPosition;

    /// Every legal KPK position (a seventh of them) and the bare kings: the positions round-trip,
    /// the two move generators agree move for move, and each move converts both ways.
    #[test]
    fn positions_and_moves_round_trip() {
        let mut positions: Vec<Endgame> =
            KpkPosition::all().step_by(7).map(Endgame::from).collect();
        let kk = "8/8/8/3k4/8/8/8/4K3 b - - 0 1";
        positions.push(fen::parse(kk).unwrap().position);
        for e in positions {
            let chess = to_chess(&e);
            assert_eq!(to_endgame(&chess), Some(e));
            let theirs = chess.legal_moves();
            assert_eq!(theirs.len(), e.legal_moves().len(), "{e}");
            for &m in &e.legal_moves() {
                let sm = to_shakmaty_move(&chess, m).unwrap();
                assert_eq!(from_shakmaty_move(&e, &sm), Some(m), "{e} {m}");
            }
        }
        assert_eq!(to_endgame(&Chess::default()), None);
    }
}
