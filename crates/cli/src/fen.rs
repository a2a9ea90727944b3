//! Reading a FEN into a position the tables answer, with errors that name the problem, and
//! SAN for our moves.

use kpk::{Color, Move, Position, Role, Square};
use shakmaty::fen::Fen;
use shakmaty::san::SanPlus;
use shakmaty::uci::UciMove;
use shakmaty::{CastlingMode, Chess, Position as _};

/// A FEN read into shakmaty's position (for SAN) and ours (for the tables).
pub struct Parsed {
    /// shakmaty's view.
    pub chess: Chess,
    /// Ours.
    pub position: Position,
}

fn color(c: shakmaty::Color) -> Color {
    match c {
        shakmaty::Color::White => Color::White,
        shakmaty::Color::Black => Color::Black,
    }
}

fn role(r: shakmaty::Role) -> Role {
    match r {
        shakmaty::Role::King => Role::King,
        shakmaty::Role::Queen => Role::Queen,
        shakmaty::Role::Rook => Role::Rook,
        shakmaty::Role::Bishop => Role::Bishop,
        shakmaty::Role::Knight => Role::Knight,
        shakmaty::Role::Pawn => Role::Pawn,
    }
}

fn square(sq: shakmaty::Square) -> Square {
    Square::ALL[usize::from(sq)]
}

/// Names the material of a position, such as `KPvK` or `KQvK`, White first.
pub fn material_name(chess: &Chess) -> String {
    let board = chess.board();
    let side = |c: shakmaty::Color| {
        let mut s = String::new();
        for r in [
            shakmaty::Role::King,
            shakmaty::Role::Queen,
            shakmaty::Role::Rook,
            shakmaty::Role::Bishop,
            shakmaty::Role::Knight,
            shakmaty::Role::Pawn,
        ] {
            for _ in 0..(board.by_color(c) & board.by_role(r)).count() {
                s.push(r.upper_char());
            }
        }
        s
    };
    format!("{}v{}", side(shakmaty::Color::White), side(shakmaty::Color::Black))
}

/// Parses and validates a FEN of at most three men.
pub fn parse(text: &str) -> Result<Parsed, String> {
    let text = text.trim();
    let fen: Fen = text.parse().map_err(|e| format!("invalid FEN '{text}': {e}"))?;
    let chess: Chess = fen
        .into_position(CastlingMode::Standard)
        .map_err(|e| format!("illegal position '{text}': {e}"))?;
    if chess.castles().any() {
        return Err(format!(
            "castling rights in '{text}' are not supported: the tables assume positions without castling"
        ));
    }
    let board = chess.board();
    let men = board.occupied().count();
    if men > 3 {
        return Err(format!(
            "unsupported material {} in '{text}': {men} men, the tables cover at most three",
            material_name(&chess)
        ));
    }
    let extra = (board.occupied() & !board.kings()).first();
    let strong = extra.and_then(|sq| board.color_at(sq)).unwrap_or(shakmaty::Color::White);
    let king =
        |c| board.king_of(c).map(square).ok_or_else(|| format!("no {} king in '{text}'", color(c)));
    let position = Position::new(
        color(strong),
        king(strong)?,
        extra.map(|sq| (role(board.role_at(sq).expect("occupied")), square(sq))),
        king(!strong)?,
        color(chess.turn()),
    )
    .map_err(|e| format!("illegal position '{text}': {e}"))?;
    Ok(Parsed { chess, position })
}

/// shakmaty's move for one of ours.
fn find(chess: &Chess, m: Move) -> shakmaty::Move {
    let uci = m.to_string();
    chess
        .legal_moves()
        .into_iter()
        .find(|sm| UciMove::from_standard(*sm).to_string() == uci)
        .expect("both move generators agree (tested move for move)")
}

/// shakmaty's position after one of our moves.
pub fn play(chess: &Chess, m: Move) -> Chess {
    let mut next = chess.clone();
    next.play_unchecked(find(chess, m));
    next
}

/// SAN of one of our moves, with a check or mate sign.
pub fn san(chess: &Chess, m: Move) -> String {
    SanPlus::from_move(chess.clone(), find(chess, m)).to_string()
}
