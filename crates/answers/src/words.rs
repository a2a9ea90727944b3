//! The answers' words, declared once: the verdict of a position and of a move, a distance to
//! mate, what a rules verdict rests on. The command line's text, the server's first paint and
//! the Python package all write them from here; the page's script (`panel.js`) is the only
//! other copy, and a browser test holds the two equal.

use kpk::dtm::Dtm;
use kpk::{Color, Endgame};
use kpk_rules::{Basis, Rule};

use crate::category::Category;
use crate::outcome::Outcome;

pub use kpk_rules::plies;

/// The material's verdict, where no pawn is left.
pub const MATERIAL: &str = "Decided by the material: a queen or a rook wins unless it falls at once or the defender is stalemated; a bishop, a knight or bare kings cannot mate.";

/// `"White"` or `"Black"`.
#[must_use]
pub const fn side(color: Color) -> &'static str {
    match color {
        Color::White => "White",
        Color::Black => "Black",
    }
}

/// Words for a distance to mate from the side to move: `win, mate in 3 (5 plies)`,
/// `loss, mated in 2 (-4 plies)`, `checkmated`, `draw`.
///
/// ```
/// use kpk::dtm::Dtm;
/// assert_eq!(kpk_answers::words::describe(Some(Dtm::new(5))), "win, mate in 3 (5 plies)");
/// assert_eq!(kpk_answers::words::describe(None), "draw");
/// ```
#[must_use]
pub fn describe(d: Option<Dtm>) -> String {
    match d {
        None => "draw".to_string(),
        Some(d) if d.plies() == 0 => "checkmated".to_string(),
        Some(d) if d.is_win() => {
            format!("win, mate in {} ({} plies)", d.uci_mate_moves(), d.plies())
        }
        Some(d) => format!("loss, mated in {} ({} plies)", -d.uci_mate_moves(), -d.plies()),
    }
}

/// The verdict of a position as the analysis board heads it, `side` to move: `White to move
/// wins: mate in 11 (21 plies)`, `Stalemate: a draw`, `Beyond the tables: ...`.
///
/// ```
/// use kpk_answers::probe::Probe;
/// let pos = kpk_shakmaty::fen::parse("4k3/8/4K3/4P3/8/8/8/8 w - - 0 1").unwrap().position;
/// let probe = Probe::from_tables(&pos, 0);
/// assert_eq!(
///     kpk_answers::words::verdict(kpk::Color::White, &probe.outcome),
///     "White to move wins: mate in 11 (21 plies)"
/// );
/// ```
#[must_use]
pub fn verdict(to_move: Color, o: &Outcome) -> String {
    let side = side(to_move);
    let dtm = o.dtm.map(|d| (d, plies(d.plies().unsigned_abs())));
    match (o.category, dtm) {
        _ if o.checkmate => format!("{side} is checkmated"),
        _ if o.stalemate => "Stalemate: a draw".to_string(),
        (Category::Win, Some((d, p))) => {
            format!("{side} to move wins: mate in {} ({p})", d.uci_mate_moves())
        }
        (Category::Loss, Some((d, p))) => {
            format!("{side} to move loses: mated in {} ({p})", -d.uci_mate_moves())
        }
        (Category::Win | Category::SyzygyWin, _) => format!("{side} to move wins"),
        (Category::Loss | Category::SyzygyLoss, _) => format!("{side} to move loses"),
        (Category::Unknown, _) => {
            "Beyond the tables: the engine analyses this position".to_string()
        }
        _ if o.insufficient_material => "Draw: insufficient material".to_string(),
        _ => format!("{side} to move: draw"),
    }
}

/// A move's outcome for the side that plays it, in a word, from the position it leads to:
/// `checkmate`, `stalemate`, `wins`, `loses`, `draws`, `beyond the tables`.
#[must_use]
pub const fn move_outcome(after: &Outcome) -> &'static str {
    match after.category {
        _ if after.checkmate => "checkmate",
        _ if after.stalemate => "stalemate",
        Category::Loss | Category::SyzygyLoss => "wins",
        Category::Win | Category::SyzygyWin => "loses",
        Category::Unknown => "beyond the tables",
        _ => "draws",
    }
}

/// A rule's statement as it applies to `pos` (without an aside about rook pawns for another
/// pawn).
#[must_use]
pub fn statement(pos: &Endgame, rule: &Rule) -> String {
    pos.as_kpk().map_or(rule.statement, |k| rule.statement_for(&k)).to_string()
}

/// What a rules verdict rests on, in a clause as the probe's answer gives it: the rule's
/// statement, or how the proof or the material decides.
#[must_use]
pub fn basis_in_brief(pos: &Endgame, basis: Basis) -> String {
    match basis {
        Basis::Rule(r) => statement(pos, r),
        Basis::Proof { plies: n } => format!(
            "proven by a forcing line of {} whose every line ends in a position decided at sight",
            plies(u32::from(n))
        ),
        Basis::Material => "decided by the material".to_string(),
        Basis::Bitbase => "no proof within the bound: the bitbase decided".to_string(),
    }
}

/// What a rules verdict rests on, in full sentences as the explanation gives it.
#[must_use]
pub fn basis_in_full(pos: &Endgame, basis: Basis) -> String {
    match basis {
        Basis::Rule(r) => statement(pos, r),
        Basis::Proof { plies: n } => format!(
            "No rule decides this position at sight, but a forcing line of {} proves it: every line ends in a position decided at sight.",
            plies(u32::from(n))
        ),
        Basis::Material => MATERIAL.to_string(),
        Basis::Bitbase => {
            "No proof was found within the bound, and the bitbase decided.".to_string()
        }
    }
}
