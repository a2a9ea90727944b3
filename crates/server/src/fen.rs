//! Reading a FEN into a position the tables answer, with errors that name the problem, and
//! SAN for our moves.

use kpk::{Color, Endgame, EndgameSetup, Move, Role, Square};
use shakmaty::fen::Fen;
use shakmaty::san::SanPlus;
use shakmaty::uci::UciMove;
use shakmaty::{CastlingMode, Chess, Position as _};

/// A FEN read into shakmaty's position (for SAN) and ours (for the tables).
#[derive(Clone, Debug)]
pub struct Parsed {
    /// shakmaty's view.
    pub chess: Chess,
    /// Ours.
    pub position: Endgame,
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
///
/// # Errors
/// One message that names the problem and quotes the FEN: empty, not a FEN, illegal, castling
/// rights, more than three men.
pub fn parse(text: &str) -> Result<Parsed, String> {
    let text = text.trim();
    if text.is_empty() {
        return Err(
            "empty FEN: expected a position such as '4k3/8/4K3/4P3/8/8/8/8 w - - 0 1'".into()
        );
    }
    let fen: Fen = text.parse().map_err(|e| format!("invalid FEN '{text}': {e}"))?;
    let chess: Chess = fen.into_position(CastlingMode::Standard).map_err(|e| {
        // shakmaty's message starts with "illegal position: "; say it once
        let reasons = e.to_string();
        let reasons = reasons.strip_prefix("illegal position: ").unwrap_or(&reasons).to_string();
        format!("illegal position '{text}': {reasons}")
    })?;
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
    let extra = match extra {
        Some(sq) => {
            let r = board.role_at(sq).ok_or_else(|| format!("no man on {sq} in '{text}'"))?;
            Some((role(r), square(sq)))
        }
        None => None,
    };
    let setup = EndgameSetup {
        strong_side: color(strong),
        strong_king: king(strong)?,
        extra,
        weak_king: king(!strong)?,
        side_to_move: color(chess.turn()),
    };
    let position = Endgame::new(setup).map_err(|e| format!("illegal position '{text}': {e}"))?;
    Ok(Parsed { chess, position })
}

/// shakmaty's move for one of ours, `None` if shakmaty does not know it (never, for a move of
/// our generator: both are tested move for move against each other).
fn find(chess: &Chess, m: Move) -> Option<shakmaty::Move> {
    let uci = m.to_string();
    chess.legal_moves().into_iter().find(|sm| UciMove::from_standard(*sm).to_string() == uci)
}

/// shakmaty's position after one of our moves.
///
/// # Errors
/// A message if shakmaty does not consider the move legal.
pub fn play(chess: &Chess, m: Move) -> Result<Chess, String> {
    let mv = find(chess, m).ok_or_else(|| format!("move {m} is not legal for shakmaty"))?;
    let mut next = chess.clone();
    next.play_unchecked(mv);
    Ok(next)
}

/// SAN of one of our moves, with a check or mate sign (UCI notation if shakmaty does not know
/// the move).
#[must_use]
pub fn san(chess: &Chess, m: Move) -> String {
    match find(chess, m) {
        Some(mv) => SanPlus::from_move(chess.clone(), mv).to_string(),
        None => m.to_string(),
    }
}
