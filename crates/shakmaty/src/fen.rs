//! Reading a FEN into a position the tables answer, with a typed error that names the problem.

use core::fmt;

use kpk::{Endgame, EndgameSetup};
use shakmaty::fen::Fen;
use shakmaty::{CastlingMode, Chess, Position as _, PositionError};

/// A FEN read and validated: the position, and the two move counters the tables do not hold.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ParsedFen {
    /// The position (two kings and at most one other man).
    pub position: Endgame,
    /// The halfmove clock: plies since the last capture or pawn move.
    pub halfmoves: u32,
    /// The number of the full move, starting at 1 and incremented after Black's move.
    pub fullmoves: u32,
}

/// Why a FEN cannot be answered. Each message quotes the FEN (trimmed) and says what is wrong.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum FenError {
    /// Nothing but white space.
    Empty,
    /// Not a FEN at all: shakmaty's reason.
    Invalid {
        /// The text, trimmed.
        fen: String,
        /// What the FEN parser found wrong.
        reason: String,
    },
    /// A well-formed FEN of an illegal position (shakmaty's or this project's reasons).
    Illegal {
        /// The text, trimmed.
        fen: String,
        /// Why the position is illegal.
        reason: String,
    },
    /// The FEN grants castling rights, which the tables do not hold.
    Castling {
        /// The text, trimmed.
        fen: String,
    },
    /// More than three men on the board.
    TooManyMen {
        /// The text, trimmed.
        fen: String,
        /// The material, such as `KQPvK`, White first.
        material: String,
        /// How many men stand on the board.
        men: usize,
    },
}

impl fmt::Display for FenError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            FenError::Empty => f.write_str(
                "empty FEN: expected a position such as '4k3/8/4K3/4P3/8/8/8/8 w - - 0 1'",
            ),
            FenError::Invalid { fen, reason } => write!(f, "invalid FEN '{fen}': {reason}"),
            FenError::Illegal { fen, reason } => write!(f, "illegal position '{fen}': {reason}"),
            FenError::Castling { fen } => write!(
                f,
                "castling rights in '{fen}' are not supported: the tables assume positions without castling"
            ),
            FenError::TooManyMen { fen, material, men } => write!(
                f,
                "unsupported material {material} in '{fen}': {men} men, the tables cover at most three"
            ),
        }
    }
}

impl std::error::Error for FenError {}

/// Names the material of a position, such as `KPvK` or `KQvK`, White first.
///
/// ```
/// use shakmaty::{CastlingMode, Chess, fen::Fen};
/// let chess: Chess = "4k3/8/8/8/8/8/3PP3/4K3 w - - 0 1".parse::<Fen>().unwrap()
///     .into_position(CastlingMode::Standard).unwrap();
/// assert_eq!(kpk_shakmaty::fen::material_name(&chess), "KPPvK");
/// ```
#[must_use]
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

/// Parses and validates a FEN of any legal position, with any number of men and castling
/// rights (leading and trailing white space ignored), keeping its move counters. A check that no
/// game could have reached is accepted, as lila-tablebase accepts it.
///
/// ```
/// use kpk_shakmaty::fen::parse_position;
/// use shakmaty::Position;
/// let start = parse_position("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1").unwrap();
/// assert_eq!(start.legal_moves().len(), 20);
/// // two pawns give check at once: impossible in a game, answered all the same
/// let two = parse_position("8/p1p5/1K6/8/3k4/8/8/8 w - - 0 1").unwrap();
/// assert_eq!(two.legal_moves().len(), 7); // as python-chess counts them
/// ```
///
/// # Errors
/// [`FenError`]: empty, not a FEN, illegal.
pub fn parse_position(text: &str) -> Result<Chess, FenError> {
    let text = text.trim();
    if text.is_empty() {
        return Err(FenError::Empty);
    }
    let fen = || text.to_string();
    let parsed: Fen =
        text.parse().map_err(|e| FenError::Invalid { fen: fen(), reason: format!("{e}") })?;
    // a check no legal game reaches (two pawns, a pawn and a bishop on one diagonal...) is
    // accepted, as lila-tablebase and python-chess accept it: the tables answer it all the same
    parsed
        .into_position(CastlingMode::Standard)
        .or_else(PositionError::ignore_impossible_check)
        .map_err(|e| {
            // shakmaty's message starts with "illegal position: "; say it once
            let reasons = e.to_string();
            let reason = plain(reasons.strip_prefix("illegal position: ").unwrap_or(&reasons));
            FenError::Illegal { fen: fen(), reason }
        })
}

/// shakmaty's reasons for an illegal position in a player's words (`opposite check`: the side
/// not to move is in check).
fn plain(reasons: &str) -> String {
    const WORDS: [(&str, &str); 5] = [
        ("opposite check", "the side not to move is in check"),
        ("pawns on backrank", "a pawn on the first or last rank"),
        ("invalid castling rights", "castling rights without the king and rook on their squares"),
        ("invalid ep square", "an en passant square no pawn can just have passed"),
        ("too much material", "more men than a game can have"),
    ];
    WORDS.iter().fold(reasons.to_string(), |text, (jargon, words)| text.replace(jargon, words))
}

/// Parses and validates a FEN of at most three men (leading and trailing white space ignored).
///
/// ```
/// use kpk_shakmaty::fen::{FenError, parse};
/// let p = parse("4k3/8/4K3/4P3/8/8/8/8 b - - 3 40").unwrap();
/// assert_eq!((p.halfmoves, p.fullmoves), (3, 40));
/// assert!(matches!(parse("4k3/8/8/8/8/8/3PP3/4K3 w - - 0 1"), Err(FenError::TooManyMen { men: 4, .. })));
/// ```
///
/// # Errors
/// [`FenError`]: empty, not a FEN, illegal, castling rights, more than three men.
pub fn parse(text: &str) -> Result<ParsedFen, FenError> {
    let chess = parse_position(text)?;
    ending_of(&chess, text.trim())
}

/// The position of `chess` as an ending of at most three men, with its counters; `fen` (the text
/// it was read from) for the messages.
///
/// # Errors
/// [`FenError`]: castling rights, more than three men.
pub fn ending_of(chess: &Chess, fen: &str) -> Result<ParsedFen, FenError> {
    let fen = || fen.to_string();
    if chess.castles().any() {
        return Err(FenError::Castling { fen: fen() });
    }
    let men = chess.board().occupied().count();
    if men > 3 {
        return Err(FenError::TooManyMen { fen: fen(), material: material_name(chess), men });
    }
    let setup: EndgameSetup = crate::setup_of(chess).ok_or_else(|| FenError::Illegal {
        fen: fen(),
        reason: "a side has no king".to_string(),
    })?;
    let position =
        Endgame::new(setup).map_err(|e| FenError::Illegal { fen: fen(), reason: e.to_string() })?;
    Ok(ParsedFen { position, halfmoves: chess.halfmoves(), fullmoves: chess.fullmoves().get() })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_illegal_position_is_said_in_a_players_words() {
        let err = |t: &str| parse_position(t).unwrap_err().to_string();
        assert_eq!(
            err("4k3/4R3/8/8/8/8/8/4K3 w - - 0 1"),
            "illegal position '4k3/4R3/8/8/8/8/8/4K3 w - - 0 1': the side not to move is in check"
        );
        assert!(
            err("4k3/8/8/8/8/8/8/P3K3 w - - 0 1").ends_with("a pawn on the first or last rank")
        );
    }

    #[test]
    fn every_kind_of_bad_fen_gets_its_own_message() {
        let err = |t: &str| parse(t).unwrap_err().to_string();
        assert!(err("  ").starts_with("empty FEN"));
        assert!(err("not a fen").starts_with("invalid FEN 'not a fen': "));
        assert!(err("8/8/8/8/8/8/8/8 w - - 0 1").starts_with("illegal position '8/8/8/8/8/8/8/8"));
        assert!(err("4k3/8/8/8/8/8/4P3/4K2R w K - 0 1").starts_with("castling rights in"));
        assert_eq!(
            err("4k3/8/8/8/8/8/3PP3/4K3 w - - 0 1"),
            "unsupported material KPPvK in '4k3/8/8/8/8/8/3PP3/4K3 w - - 0 1': 4 men, the tables cover at most three"
        );
        // a pawn on the last rank is shakmaty's to reject; a legal FEN is not
        assert!(err("4k2P/8/8/8/8/8/8/4K3 w - - 0 1").starts_with("illegal position"));
        assert!(parse("4k3/8/8/8/8/8/4P3/4K3 w - - 0 1").is_ok());
    }
}
