//! Our types for shakmaty's: the tests' bridge (the library's own bridge lives in kpk-answers,
//! which these tests must not trust).

use kpk::{Color, Endgame, EndgameSetup, Role, Square};
use shakmaty::{Chess, Position as _};

pub fn square(sq: shakmaty::Square) -> Square {
    Square::ALL[usize::from(sq)]
}

pub fn color(c: shakmaty::Color) -> Color {
    if c == shakmaty::Color::White { Color::White } else { Color::Black }
}

pub fn role(r: shakmaty::Role) -> Role {
    match r {
        shakmaty::Role::King => Role::King,
        shakmaty::Role::Queen => Role::Queen,
        shakmaty::Role::Rook => Role::Rook,
        shakmaty::Role::Bishop => Role::Bishop,
        shakmaty::Role::Knight => Role::Knight,
        shakmaty::Role::Pawn => Role::Pawn,
    }
}

/// Our position for a shakmaty position of at most three men.
pub fn ours(pos: &Chess) -> Endgame {
    let board = pos.board();
    let non_kings = board.occupied() & !board.kings();
    let (strong, extra) = match non_kings.first() {
        Some(sq) => {
            let piece = board.piece_at(sq).unwrap();
            (piece.color, Some((role(piece.role), square(sq))))
        }
        None => (shakmaty::Color::White, None),
    };
    Endgame::new(EndgameSetup {
        strong_side: color(strong),
        strong_king: square(board.king_of(strong).unwrap()),
        extra,
        weak_king: square(board.king_of(!strong).unwrap()),
        side_to_move: color(pos.turn()),
    })
    .expect("shakmaty's legal positions are ours")
}
