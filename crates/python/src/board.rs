//! A python-chess `chess.Board` read into a position of at most three men, through the board's
//! bitboards (no FEN text on the fast path).

use kpk::{Color, Endgame, EndgameSetup, Role, Square};
use pyo3::prelude::*;
use pyo3::{intern, types::PyAnyMethods};

/// Why a board is not a position these tables hold.
pub enum BoardError {
    /// The board has castling rights.
    Castling,
    /// More men than the tables hold.
    TooManyMen(u32),
    /// Not a legal position (the message names the rule it breaks).
    Illegal(String),
}

/// The bitboards of a board as python-chess keeps them.
pub struct Bitboards {
    white: u64,
    black: u64,
    kings: u64,
    pawns: u64,
    knights: u64,
    bishops: u64,
    rooks: u64,
    queens: u64,
    white_to_move: bool,
    castling: u64,
    halfmoves: u32,
}

impl Bitboards {
    /// The number of men on the board.
    pub fn men(&self) -> u32 {
        (self.white | self.black).count_ones()
    }

    /// Standard chess's insufficient material for at most three men: no pawn, rook or queen.
    pub fn bare_minor(&self) -> bool {
        self.men() <= 3 && (self.pawns | self.rooks | self.queens) == 0
    }
}

/// Reads the attributes of a `chess.Board` (or anything with the same attributes).
///
/// # Errors
/// A Python error when the object lacks a board's attributes.
pub fn bitboards(board: &Bound<'_, PyAny>) -> PyResult<Bitboards> {
    let py = board.py();
    let get = |name: &Bound<'_, pyo3::types::PyString>| -> PyResult<u64> {
        board.getattr(name)?.extract::<u64>()
    };
    let occupied_co = board.getattr(intern!(py, "occupied_co"))?;
    Ok(Bitboards {
        // python-chess: occupied_co[chess.WHITE] with WHITE = True = 1
        white: occupied_co.get_item(1)?.extract()?,
        black: occupied_co.get_item(0)?.extract()?,
        kings: get(intern!(py, "kings"))?,
        pawns: get(intern!(py, "pawns"))?,
        knights: get(intern!(py, "knights"))?,
        bishops: get(intern!(py, "bishops"))?,
        rooks: get(intern!(py, "rooks"))?,
        queens: get(intern!(py, "queens"))?,
        white_to_move: board.getattr(intern!(py, "turn"))?.extract()?,
        castling: get(intern!(py, "castling_rights"))?,
        halfmoves: board.getattr(intern!(py, "halfmove_clock"))?.extract().unwrap_or(0),
    })
}

/// The board as a shakmaty position of any number of men (its castling rights, en passant
/// square and clock kept), read from its bitboards without FEN text; `None` when shakmaty
/// finds it illegal (the caller reads the FEN for the reason).
pub fn to_chess(b: &Bitboards, ep_square: Option<u32>) -> Option<shakmaty::Chess> {
    use shakmaty::{Bitboard, CastlingMode, Chess, FromSetup, Piece, Setup};
    let mut setup = Setup::empty();
    let roles = [
        (b.pawns, shakmaty::Role::Pawn),
        (b.knights, shakmaty::Role::Knight),
        (b.bishops, shakmaty::Role::Bishop),
        (b.rooks, shakmaty::Role::Rook),
        (b.queens, shakmaty::Role::Queen),
        (b.kings, shakmaty::Role::King),
    ];
    for (bits, role) in roles {
        for sq in Bitboard(bits) {
            let color = if b.white & (1u64 << u32::from(sq)) != 0 {
                shakmaty::Color::White
            } else {
                shakmaty::Color::Black
            };
            setup.board.set_piece_at(sq, Piece { color, role });
        }
    }
    setup.turn = if b.white_to_move { shakmaty::Color::White } else { shakmaty::Color::Black };
    setup.castling_rights = Bitboard(b.castling);
    setup.ep_square = ep_square.and_then(|i| shakmaty::Square::try_from(i).ok());
    setup.halfmoves = b.halfmoves;
    Chess::from_setup(setup, CastlingMode::Standard)
        .or_else(shakmaty::PositionError::ignore_invalid_ep_square)
        // a check no game reaches, as python-chess and lila-tablebase accept it
        .or_else(shakmaty::PositionError::ignore_impossible_check)
        .ok()
}

fn square(bits: u64) -> Square {
    // callers pass a non-empty bitboard: the index is below 64
    Square::ALL[bits.trailing_zeros() as usize & 63]
}

/// The position of `board` and its halfmove clock, or why it is not one of these tables'.
///
/// # Errors
/// A Python error when the object lacks a board's attributes.
pub fn read(board: &Bound<'_, PyAny>) -> PyResult<Result<(Endgame, u32), BoardError>> {
    let b = bitboards(board)?;
    Ok(position(&b).map(|pos| (pos, b.halfmoves)))
}

/// The board's variant as python-chess names it (`"chess"` for standard chess).
///
/// # Errors
/// A Python error when the object has no `uci_variant`.
pub fn variant(board: &Bound<'_, PyAny>) -> PyResult<String> {
    board.getattr(intern!(board.py(), "uci_variant"))?.extract()
}

/// The position of read bitboards, or why it is not one of these tables'.
pub fn position(b: &Bitboards) -> Result<Endgame, BoardError> {
    if b.castling != 0 {
        return Err(BoardError::Castling);
    }
    let occupied = b.white | b.black;
    let men = occupied.count_ones();
    if men > 3 {
        return Err(BoardError::TooManyMen(men));
    }
    let (white_king, black_king) = (b.kings & b.white, b.kings & b.black);
    if white_king.count_ones() != 1 || black_king.count_ones() != 1 {
        return Err(BoardError::Illegal("each side needs exactly one king".to_string()));
    }
    let extra = occupied & !b.kings;
    let man = if extra == 0 {
        None
    } else {
        let role = [
            (b.pawns, Role::Pawn),
            (b.knights, Role::Knight),
            (b.bishops, Role::Bishop),
            (b.rooks, Role::Rook),
            (b.queens, Role::Queen),
        ]
        .into_iter()
        .find(|(bits, _)| bits & extra != 0)
        .map(|(_, r)| r)
        .ok_or_else(|| BoardError::Illegal("a man without a piece type".to_string()))?;
        let color = if extra & b.white != 0 { Color::White } else { Color::Black };
        Some((color, role, square(extra)))
    };
    let strong_side = man.map_or(Color::White, |(c, _, _)| c);
    let (strong_king, weak_king) = match strong_side {
        Color::White => (white_king, black_king),
        Color::Black => (black_king, white_king),
    };
    Endgame::new(EndgameSetup {
        strong_side,
        strong_king: square(strong_king),
        extra: man.map(|(_, role, sq)| (role, sq)),
        weak_king: square(weak_king),
        side_to_move: if b.white_to_move { Color::White } else { Color::Black },
    })
    .map_err(|e| BoardError::Illegal(e.to_string()))
}
