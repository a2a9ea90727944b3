//! What the analysis board shows of a position, computed once for every front end: the FEN or
//! what is wrong with it in a player's words, the board in words, the king in check, every
//! legal move with its SAN, the FEN after it and whether it checks (so the page never plays a
//! move, finds check or writes SAN itself), the verdict sentence, the moves grouped as lichess
//! groups them with their words and badges, the optimal line numbered, and for KPK the why, the
//! proof and the key squares. `kpk serve`'s first paint and `/view`, and the WebAssembly
//! module's `view`, are this one value.
//!
//! ```
//! use kpk_syzygy::Tablebases;
//! use kpk_answers::view::View;
//! let v = View::of(&Tablebases::new(), Some("4k3/8/4K3/4P3/8/8/8/8 w - - 0 1"));
//! assert_eq!(v.verdict, "White to move wins: mate in 11 (21 plies), DTZ 3");
//! assert_eq!(v.groups[0].name, "Winning");
//! let kd6 = v.legal.iter().find(|m| m.san == "Kd6").unwrap();
//! assert_eq!(kd6.fen, "4k3/8/3K4/4P3/8/8/8/8 b - - 1 1");
//! assert!(v.line.as_ref().unwrap().steps[0].label.starts_with("1. "));
//! ```

use kpk::Color;
use kpk_shakmaty::fen::{self, ParsedFen};
use kpk_syzygy::Tablebases;
use serde::Serialize;
use shakmaty::fen::Fen;
use shakmaty::{Board, Chess, EnPassantMode, Move, Position};

use crate::category::Category;
use crate::explain::Explanation;
use crate::line::Line;
use crate::notation::{LabelledStep, Notated, Notation};
use crate::outcome::Outcome;
use crate::probe::Probe;
use crate::score::Bar;
use crate::ts_names::Plies;
use crate::words;

/// The FEN the board opens with when none is asked for.
pub const START_FEN: &str = "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1";

/// The analysis board's view of a position (see the [module](self) docs).
#[derive(Clone, Debug, PartialEq, Serialize, ts_rs::TS)]
pub struct View {
    /// The FEN as the page's box shows it: as asked (underscores read as spaces), or the
    /// starting position when none is asked.
    pub fen: String,
    /// What is wrong with the FEN, in a player's words (`null` when it reads).
    pub error: Option<String>,
    /// The side to move: the position's, else the FEN's second field, else White.
    #[ts(type = r#""w" | "b""#)]
    pub turn: char,
    /// The board in words, for a screen reader: `chess board. White: king e6, pawn e5. Black:
    /// king e8. White to move.`
    pub label: String,
    /// The square of the king of the side to move when he stands in check (mated or not).
    pub check: Option<String>,
    /// The side to move is checkmated.
    pub checkmate: bool,
    /// The verdict as the board heads it (`No analysis` for a FEN that does not read).
    pub verdict: String,
    /// The position's category for its side to move (`null` for a FEN that does not read).
    pub category: Option<Category>,
    /// Its distance to mate in plies, signed for the side to move, where a table knows it.
    #[ts(as = "Option<Plies>")]
    pub dtm: Option<i32>,
    /// Its distance to zeroing, where a table knows it.
    #[ts(as = "Option<Plies>")]
    pub dtz: Option<i32>,
    /// Whether a table holds the position itself (else the engine analyses it).
    pub held: bool,
    /// The tables' verdict as the evaluation bar shows it (`null` where no table holds the
    /// position: the engine's lines fill the bar).
    pub bar: Option<Bar>,
    /// Every legal move, in the move generator's order.
    pub legal: Vec<LegalMove>,
    /// The moves listed beside the board, grouped as lichess groups them (where no table holds
    /// the position, only the moves whose outcome a table knows).
    pub groups: Vec<MoveGroup>,
    /// The optimal line to mate, for a position of at most three men.
    pub line: Option<LineView>,
    /// For KPK, the lesson's first part: why, the proof's line, the key squares.
    pub teaching: Option<Teaching>,
}

/// A legal move: its notations, the position after it and whether it gives check.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, ts_rs::TS)]
pub struct LegalMove {
    /// UCI notation, castling as the king's two-square step (`e1g1`).
    pub uci: Notation,
    /// Standard algebraic notation, with `+` or `#`.
    pub san: Notation,
    /// The FEN after the move.
    pub fen: String,
    /// Whether the move gives check (mate included).
    pub check: bool,
    /// For castling, the rook's square: the king dropped there castles, as on lichess.
    pub rook: Option<String>,
}

/// A group of the moves listed beside the board.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, ts_rs::TS)]
pub struct MoveGroup {
    /// The group's name: `Winning`, `Win prevented by 50-move rule`, `Drawing`, `Loss saved by
    /// 50-move rule`, `Losing`, `Beyond the tables` or `Moves into the tables`.
    pub name: &'static str,
    /// Its moves, best first.
    pub moves: Vec<ListedMove>,
}

/// A move as the list beside the board shows it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, ts_rs::TS)]
pub struct ListedMove {
    /// UCI notation.
    pub uci: Notation,
    /// Standard algebraic notation.
    pub san: Notation,
    /// The class that colours its outcome: `win-word`, `loss-word`, `draw-word`,
    /// `cursed-word` or `unknown-word`.
    pub class: &'static str,
    /// Its outcome for the side that plays it, in words (`wins`, `checkmate`, `draws`, ...).
    pub outcome: &'static str,
    /// Its badges, as lichess shows them.
    pub badges: Vec<Badge>,
}

/// A badge of a listed move: what the move is, or a distance after it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, ts_rs::TS)]
pub struct Badge {
    /// `capture`, `promotion`, `pawn`, `dtz` or `dtm`.
    pub kind: &'static str,
    /// The badge's text (`capture`, `pawn move`, `DTZ 2`, `DTM 20`).
    pub text: String,
}

/// The optimal line to mate as the board lists it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, ts_rs::TS)]
pub struct LineView {
    /// Its moves, each with its label and the position after it.
    pub steps: Vec<LabelledStep>,
    /// What the 50-move rule changes, in words (empty when it changes nothing).
    pub note: String,
    /// Why there is no line, where there is none (`no line: checkmate`, `no line: neither side
    /// can force mate`, ...); empty otherwise.
    pub end: String,
}

/// The first part of the KPK lesson.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, ts_rs::TS)]
pub struct Teaching {
    /// Why the position is won or drawn, in one sentence.
    pub why: String,
    /// Where a forcing line proves it, the line's moves.
    pub proof: Vec<LabelledStep>,
    /// The key squares, and the fastest win or the longest defence where the tables' first
    /// move is the one to play (`Key squares: d5 e5 f5. Fastest win: Ke4`).
    pub squares: String,
}

impl View {
    /// The view of the position `fen` asks for (the starting position where it asks for none
    /// or a blank one), its moves answered from `tables` beyond three men.
    #[must_use]
    pub fn of(tables: &Tablebases, fen: Option<&str>) -> View {
        let text = fen
            .filter(|f| !f.trim().is_empty())
            .map_or_else(|| START_FEN.to_string(), |f| f.replace('_', " ").trim().to_string());
        match crate::api::parse_position(Some(&text)) {
            Ok(pos) => match Probe::from_files(tables, &pos) {
                Ok(probe) => View::answered(text, &pos, &probe),
                Err(e) => View::refused(text, e.to_string()),
            },
            Err(e) => View::refused(text, e.message),
        }
    }

    /// The view of a FEN that does not read: its placement where that reads, its error.
    fn refused(text: String, error: String) -> View {
        let board = text
            .split_whitespace()
            .next()
            .and_then(|p| Board::from_ascii_board_fen(p.as_bytes()).ok())
            .unwrap_or_else(Board::empty);
        let turn =
            if text.split_whitespace().nth(1) == Some("b") { Color::Black } else { Color::White };
        View {
            label: label(&board, turn),
            fen: text,
            error: Some(error),
            turn: side_letter(turn),
            check: None,
            checkmate: false,
            verdict: "No analysis".to_string(),
            category: None,
            dtm: None,
            dtz: None,
            held: false,
            bar: None,
            legal: Vec::new(),
            groups: Vec::new(),
            line: None,
            teaching: None,
        }
    }

    /// The view of a legal position `pos`, asked as `text`, answered by `probe`.
    fn answered(text: String, pos: &Chess, probe: &Probe) -> View {
        let turn = if pos.turn() == shakmaty::Color::White { Color::White } else { Color::Black };
        let o = &probe.outcome;
        let king = pos.board().king_of(pos.turn()).map(|k| k.to_string());
        let parsed = fen::parse(&text).ok();
        View {
            label: label(pos.board(), turn),
            error: None,
            turn: side_letter(turn),
            check: if pos.is_check() { king } else { None },
            checkmate: o.checkmate,
            verdict: words::verdict(turn, o, pos.halfmoves()),
            category: Some(o.category),
            dtm: o.dtm.map(kpk::dtm::Dtm::plies),
            dtz: o.dtz.map(kpk::dtz::Dtz::plies),
            held: o.held(),
            bar: Bar::of_tables(o, turn == Color::White),
            legal: legal_moves(pos),
            groups: groups(probe),
            line: parsed.as_ref().map(|p| line(&text, p, pos, o)),
            teaching: parsed.as_ref().and_then(|p| teaching(&text, p, pos)),
            fen: text,
        }
    }
}

/// `w` or `b`.
const fn side_letter(color: Color) -> char {
    match color {
        Color::White => 'w',
        Color::Black => 'b',
    }
}

/// Every legal move of `pos` with its notations, the FEN after it and whether it checks.
fn legal_moves(pos: &Chess) -> Vec<LegalMove> {
    pos.legal_moves()
        .into_iter()
        .map(|m| {
            let mut after = pos.clone();
            after.play_unchecked(m);
            let (checkmate, check) = (after.is_checkmate(), after.is_check());
            let rook = match m {
                Move::Castle { rook, .. } => Some(rook.to_string()),
                _ => None,
            };
            LegalMove {
                uci: Notation::uci_of(m),
                san: Notation::san_after(pos, m, checkmate, check),
                fen: Fen::from_position(&after, EnPassantMode::Legal).to_string(),
                check,
                rook,
            }
        })
        .collect()
}

/// The listed moves of `probe`, grouped ([`Probe::listed`]), with their words and badges.
fn groups(probe: &Probe) -> Vec<MoveGroup> {
    probe
        .listed()
        .into_iter()
        .map(|(name, moves)| MoveGroup {
            name,
            moves: moves
                .into_iter()
                .map(|m| {
                    let (class, outcome) = words::move_outcome(&m.after);
                    let badges = words::badges(&m.san, &m.uci, m.zeroing, &m.after)
                        .into_iter()
                        .map(|(kind, text)| Badge { kind, text })
                        .collect();
                    ListedMove { uci: m.uci, san: m.san, class, outcome, badges }
                })
                .collect(),
        })
        .collect()
}

/// The optimal line of a position of at most three men.
fn line(text: &str, parsed: &ParsedFen, root: &Chess, outcome: &Outcome) -> LineView {
    let line = Line::of(text, &parsed.position, parsed.halfmoves);
    let moves: Vec<Notated> =
        line.steps.iter().map(|s| Notated { uci: s.uci, san: s.san }).collect();
    let steps = LabelledStep::line(root, &moves);
    let end = if steps.is_empty() {
        format!("no line: {}", words::line_end(outcome))
    } else {
        String::new()
    };
    LineView { steps, note: line.rule.unwrap_or_default(), end }
}

/// The first part of the KPK lesson: why, the proof's line, the key squares and the tables'
/// first move where it is the one to play.
fn teaching(text: &str, parsed: &ParsedFen, root: &Chess) -> Option<Teaching> {
    parsed.position.as_kpk()?;
    let e = Explanation::of(text, parsed);
    let proof = e.proof.as_ref().map_or_else(Vec::new, |p| LabelledStep::line(root, &p.line.moves));
    let first = match (&e.first_move, e.category) {
        (Some(m), Category::Win) => format!(". Fastest win: {}", m.san),
        (Some(m), Category::Loss) => format!(". Longest defence: {}", m.san),
        _ => String::new(),
    };
    let squares = e
        .key_squares
        .as_ref()
        .map(|k| format!("Key squares: {}{first}", k.join(" ")))
        .unwrap_or_default();
    Some(Teaching { why: e.reason, proof, squares })
}

/// The board in words, as a screen reader names it: `chess board. White: king e6, pawn e5.
/// Black: king e8. White to move.`
#[must_use]
pub fn label(board: &Board, turn: Color) -> String {
    let side = |color: shakmaty::Color| {
        let mut men = Vec::new();
        // kings first, pawns last
        for role in shakmaty::Role::ALL.into_iter().rev() {
            for sq in board.by_piece(shakmaty::Piece { color, role }) {
                men.push(format!("{} {sq}", kpk_shakmaty::role(role).name()));
            }
        }
        if men.is_empty() { "no men".to_string() } else { men.join(", ") }
    };
    let to_move = match turn {
        Color::White => " White to move.",
        Color::Black => " Black to move.",
    };
    format!(
        "chess board. White: {}. Black: {}.{to_move}",
        side(shakmaty::Color::White),
        side(shakmaty::Color::Black)
    )
}
