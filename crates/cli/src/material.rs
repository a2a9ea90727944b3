//! Reading a FEN into a position the tables answer, with errors that name the problem.

use kpk::{Color, KpkPosition, Square, Wdl};
use shakmaty::fen::Fen;
use shakmaty::{CastlingMode, Chess, Position, Role};

/// A legal position parsed from a FEN.
pub fn parse_fen(text: &str) -> Result<Chess, String> {
    let fen: Fen =
        text.trim().parse().map_err(|e| format!("invalid FEN '{}': {e}", text.trim()))?;
    fen.into_position(CastlingMode::Standard)
        .map_err(|e| format!("illegal position '{}': {e}", text.trim()))
}

/// Names the material of a position, such as `KPvK` or `KQvK`, White first.
pub fn material_name(pos: &Chess) -> String {
    let board = pos.board();
    let side = |color: shakmaty::Color| {
        let mut s = String::new();
        for role in [Role::King, Role::Queen, Role::Rook, Role::Bishop, Role::Knight, Role::Pawn] {
            let n = (board.by_color(color) & board.by_role(role)).count();
            for _ in 0..n {
                s.push(role.upper_char());
            }
        }
        s
    };
    format!("{}v{}", side(shakmaty::Color::White), side(shakmaty::Color::Black))
}

fn color(c: shakmaty::Color) -> Color {
    match c {
        shakmaty::Color::White => Color::White,
        shakmaty::Color::Black => Color::Black,
    }
}

fn square(sq: shakmaty::Square) -> Square {
    Square::ALL[usize::from(sq)]
}

/// The KPK position of a chess position with a king and a pawn against a bare king.
pub fn kpk_position(pos: &Chess) -> Result<KpkPosition, String> {
    let board = pos.board();
    let pawns = board.pawns();
    if board.occupied().count() != 3 || pawns.count() != 1 {
        return Err(format!(
            "unsupported material {}: only king and pawn against king (KPvK or KvKP)",
            material_name(pos)
        ));
    }
    let pawn = pawns.first().expect("one pawn");
    let strong = board.color_at(pawn).expect("a pawn has a colour");
    let strong_king = board.king_of(strong).expect("legal positions have both kings");
    let weak_king = board.king_of(!strong).expect("legal positions have both kings");
    KpkPosition::new(
        color(strong),
        square(strong_king),
        square(pawn),
        square(weak_king),
        color(pos.turn()),
    )
    .map_err(|e| format!("illegal position: {e}"))
}

/// Win, draw or loss for the side to move of any position with a bare king on one side and at
/// most a king and one other man on the other, without distances: the bitbase for KPK, the
/// rules of chess for the rest (a queen or rook that cannot be taken at once, and is not
/// stalemate, wins; bishops, knights and bare kings cannot).
pub fn wdl(pos: &Chess) -> Result<Wdl, String> {
    if pos.is_checkmate() {
        return Ok(Wdl::Loss);
    }
    if pos.is_stalemate() || pos.is_insufficient_material() {
        return Ok(Wdl::Draw);
    }
    let board = pos.board();
    if board.pawns().count() == 1 && board.occupied().count() == 3 {
        return Ok(kpk_position(pos)?.probe());
    }
    let heavy = board.queens() | board.rooks();
    if board.occupied().count() == 3 && heavy.count() == 1 {
        let piece = heavy.first().expect("one piece");
        let owner = board.color_at(piece).expect("a piece has a colour");
        if owner == pos.turn() {
            return Ok(Wdl::Win); // never stalemate or lost with the piece and the move
        }
        let can_take = pos.legal_moves().iter().any(|m| m.to() == piece);
        return Ok(if can_take { Wdl::Draw } else { Wdl::Loss });
    }
    Err(format!("unsupported material {}", material_name(pos)))
}
