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
/// `win, mate in 1 (1 ply)`, `loss, mated in 2 (4 plies)`, `checkmated`, `draw`.
///
/// ```
/// use kpk::dtm::Dtm;
/// assert_eq!(kpk_answers::words::describe(Some(Dtm::new(5))), "win, mate in 3 (5 plies)");
/// assert_eq!(kpk_answers::words::describe(Some(Dtm::new(1))), "win, mate in 1 (1 ply)");
/// assert_eq!(kpk_answers::words::describe(Some(Dtm::new(-4))), "loss, mated in 2 (4 plies)");
/// assert_eq!(kpk_answers::words::describe(None), "draw");
/// ```
#[must_use]
pub fn describe(d: Option<Dtm>) -> String {
    match d {
        None => "draw".to_string(),
        Some(d) if d.plies() == 0 => "checkmated".to_string(),
        Some(d) if d.is_win() => {
            format!("win, mate in {} ({})", d.uci_mate_moves(), plies(d.plies().unsigned_abs()))
        }
        Some(d) => {
            format!("loss, mated in {} ({})", -d.uci_mate_moves(), plies(d.plies().unsigned_abs()))
        }
    }
}

/// How a position stands for its side to move, in a player's words (no plies): `win, mate in
/// 22`, `loss, mated in 10`, `draw`, `checkmated`; and where the 50-move rule turns a result,
/// `draw by the 50-move rule (without it: win, mate in 22)`.
///
/// ```
/// use kpk_answers::category::Category;
/// use kpk::dtm::Dtm;
/// let mate_in_22 = Some(Dtm::new(43));
/// assert_eq!(kpk_answers::words::standing(Category::Win, mate_in_22), "win, mate in 22");
/// assert_eq!(
///     kpk_answers::words::standing(Category::CursedWin, mate_in_22),
///     "draw by the 50-move rule (without it: win, mate in 22)"
/// );
/// ```
#[must_use]
pub fn standing(category: Category, d: Option<Dtm>) -> String {
    let plain = match d {
        None => "draw".to_string(),
        Some(d) if d.plies() == 0 => "checkmated".to_string(),
        Some(d) if d.is_win() => format!("win, mate in {}", d.uci_mate_moves()),
        Some(d) => format!("loss, mated in {}", -d.uci_mate_moves()),
    };
    match category {
        Category::BlessedLoss if d.is_some_and(|d| d.plies() == 0) => {
            "checkmated, but too late: the 50-move rule draws".to_string()
        }
        Category::CursedWin | Category::BlessedLoss if d.is_some() => {
            format!("draw by the 50-move rule (without it: {plain})")
        }
        _ => plain,
    }
}

/// The verdict of a position no table holds.
const BEYOND: &str = "Beyond the tables: the engine analyses this position";

/// The group heading of the moves listed in a position no table holds: those whose outcome a
/// table knows (a capture into fewer men, a mate), the others left to the engine.
pub const INTO_THE_TABLES: &str = "Moves into the tables";

/// The verdict of a position as the analysis board heads it, `to_move` to move with `clock`
/// plies on the halfmove clock: `White to move wins: mate in 11 (21 plies), DTZ 3`,
/// `Stalemate: a draw`, `White to move has a cursed win: ...`, `Beyond the tables: ...`.
///
/// ```
/// use kpk_answers::probe::Probe;
/// let pos = kpk_shakmaty::fen::parse("4k3/8/4K3/4P3/8/8/8/8 w - - 0 1").unwrap().position;
/// let probe = Probe::from_tables(&pos, 0);
/// assert_eq!(
///     kpk_answers::words::verdict(kpk::Color::White, &probe.outcome, 0),
///     "White to move wins: mate in 11 (21 plies), DTZ 3"
/// );
/// ```
#[must_use]
pub fn verdict(to_move: Color, o: &Outcome, clock: u32) -> String {
    let (mover, other) = (side(to_move), side(to_move.other()));
    if o.checkmate {
        return format!("{mover} is checkmated");
    }
    if o.stalemate {
        return "Stalemate: a draw".to_string();
    }
    if !o.held() {
        return BEYOND.to_string();
    }
    // the DTZ where the tables give one (the files of more men may not), as a distance: the
    // heading already says who wins
    let z = o.dtz.map(|z| format!(", DTZ {}", z.plies().unsigned_abs())).unwrap_or_default();
    // the distance to mate, where there is one
    let mate = match o.dtm {
        None => String::new(),
        Some(d) if d.is_win() => {
            format!(": mate in {} ({})", d.uci_mate_moves(), plies(d.plies().unsigned_abs()))
        }
        Some(d) => {
            format!(": mated in {} ({})", -d.uci_mate_moves(), plies(d.plies().unsigned_abs()))
        }
    };
    let claim = |who: &str| {
        format!(", but with {} on the clock {who} can claim the 50-move draw first", plies(clock))
    };
    match o.category {
        Category::Win => format!("{mover} to move wins{mate}{z}"),
        Category::Loss => format!("{mover} to move loses{mate}{z}"),
        Category::CursedWin => format!("{mover} to move has a cursed win{mate}{z}{}", claim(other)),
        Category::BlessedLoss => {
            format!("{mover} to move has a blessed loss{mate}{z}{}", claim(mover))
        }
        Category::SyzygyWin => {
            format!("{mover} to move wins, unless the 50-move rule saves {other}{z}")
        }
        Category::SyzygyLoss => {
            format!("{mover} to move loses, unless the 50-move rule saves {mover}{z}")
        }
        Category::Unknown => BEYOND.to_string(),
        Category::Draw if o.insufficient_material => "Draw: insufficient material".to_string(),
        Category::Draw => format!("{mover} to move: draw"),
    }
}

/// Why a position of at most three men has no optimal line to mate: the game is over, or
/// neither side can force mate.
///
/// ```
/// use kpk_answers::probe::Probe;
/// let pos = kpk_shakmaty::fen::parse("k7/8/1Q6/8/8/8/8/K7 b - - 0 1").unwrap().position;
/// assert_eq!(kpk_answers::words::line_end(&Probe::from_tables(&pos, 0).outcome), "stalemate");
/// ```
#[must_use]
pub const fn line_end(o: &Outcome) -> &'static str {
    if o.checkmate {
        "checkmate"
    } else if o.stalemate {
        "stalemate"
    } else if o.insufficient_material {
        "insufficient material"
    } else {
        "neither side can force mate"
    }
}

/// A move's outcome for the side that plays it, from the position it leads to (`after`, from
/// the opponent's view): the class that colours it (`win-word`, `loss-word`, `draw-word`,
/// `cursed-word`, `unknown-word`) and its words (`wins`, `checkmate`, `cursed win: the 50-move
/// rule draws`, `draws: insufficient material`, ...).
///
/// ```
/// use kpk_answers::outcome::Outcome;
/// use kpk_answers::probe::Probe;
/// // a 4-man win read from Syzygy WDL alone: the words end as a whole clause
/// let pos = kpk_shakmaty::fen::parse("4k3/8/4K3/4P3/8/8/8/8 w - - 0 1").unwrap().position;
/// let mut after: Outcome = Probe::from_tables(&pos, 0).outcome;
/// after.category = kpk_answers::category::Category::SyzygyLoss;
/// let (class, words) = kpk_answers::words::move_outcome(&after);
/// assert_eq!((class, words), ("win-word", "wins, unless the 50-move rule draws first"));
/// ```
#[must_use]
pub const fn move_outcome(after: &Outcome) -> (&'static str, &'static str) {
    match after.category {
        _ if after.checkmate => ("win-word", "checkmate"),
        _ if after.stalemate => ("draw-word", "stalemate"),
        Category::Loss => ("win-word", "wins"),
        Category::Win => ("loss-word", "loses"),
        Category::BlessedLoss => ("cursed-word", "cursed win: the 50-move rule draws"),
        Category::CursedWin => ("cursed-word", "blessed loss: the 50-move rule draws"),
        Category::SyzygyLoss => ("win-word", "wins, unless the 50-move rule draws first"),
        Category::SyzygyWin => ("loss-word", "loses, unless the 50-move rule draws first"),
        Category::Unknown => ("unknown-word", "beyond the tables"),
        Category::Draw if after.insufficient_material => {
            ("draw-word", "draws: insufficient material")
        }
        Category::Draw => ("draw-word", "draws"),
    }
}

/// The group a move is listed under, with lichess's names: `Winning`, `Win prevented by 50-move
/// rule`, `Drawing`, `Loss saved by 50-move rule`, `Losing` or `Beyond the tables`.
#[must_use]
pub const fn move_group(after: &Outcome) -> &'static str {
    if !after.checkmate && !after.stalemate {
        match after.category {
            // the mover's cursed win: the opponent's blessed loss
            Category::BlessedLoss => return "Win prevented by 50-move rule",
            Category::CursedWin => return "Loss saved by 50-move rule",
            _ => {}
        }
    }
    match move_outcome(after).0.as_bytes() {
        b"win-word" => "Winning",
        b"loss-word" => "Losing",
        b"unknown-word" => "Beyond the tables",
        _ => "Drawing",
    }
}

/// A move's badges as lichess shows them, each `(kind, text)`: what it is (`capture`,
/// `promotion`, `pawn move`) and the distances of the position after it without their sign
/// (`DTZ 2`, except for a zeroing move; `DTM 20`). A checkmate or a stalemate has no badge: the
/// move's outcome says it ([`move_outcome`]), and a row does not say it twice.
///
/// ```
/// use kpk_answers::probe::Probe;
/// let pos = kpk_shakmaty::fen::parse("4k3/8/4K3/4P3/8/8/8/8 w - - 0 1").unwrap().position;
/// let probe = Probe::from_tables(&pos, 0);
/// let m = &probe.moves[0];
/// assert_eq!(m.san, "Kd6");
/// let badges = kpk_answers::words::badges(&m.san, &m.uci, m.zeroing, &m.after);
/// assert_eq!(badges, [("dtz", "DTZ 2".to_string()), ("dtm", "DTM 20".to_string())]);
/// ```
#[must_use]
pub fn badges(san: &str, uci: &str, zeroing: bool, after: &Outcome) -> Vec<(&'static str, String)> {
    let mut out = Vec::new();
    let capture = san.contains('x');
    if capture {
        out.push(("capture", "capture".to_string()));
    }
    if uci.len() > 4 {
        out.push(("promotion", "promotion".to_string()));
    } else if zeroing && !capture {
        out.push(("pawn", "pawn move".to_string()));
    }
    match after.dtz.map(kpk::dtz::Dtz::plies) {
        Some(z) if z != 0 && !zeroing && !after.checkmate => {
            out.push(("dtz", format!("DTZ {}", z.unsigned_abs())));
        }
        _ => {}
    }
    match after.dtm.map(Dtm::plies) {
        Some(d) if d != 0 => out.push(("dtm", format!("DTM {}", d.unsigned_abs()))),
        _ => {}
    }
    out
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

/// Words in a list as a sentence writes them: `"Kb5"`, `"Kb5 and Kc5"`, `"Kb5, Kc5 and Kd5"`.
///
/// ```
/// assert_eq!(kpk_answers::words::and_list(&["Kb5", "Kc5", "Kd5"]), "Kb5, Kc5 and Kd5");
/// ```
#[must_use]
pub fn and_list(items: &[&str]) -> String {
    match items {
        [] => String::new(),
        [one] => (*one).to_string(),
        [init @ .., last] => format!("{} and {last}", init.join(", ")),
    }
}

/// A clause as a sentence: its first letter a capital, a full stop at its end (none added
/// after one already there).
///
/// ```
/// use kpk_answers::words::sentence;
/// assert_eq!(sentence("throws the win away: stalemate"), "Throws the win away: stalemate.");
/// assert_eq!(sentence("Kd6! keeps the opposition."), "Kd6! keeps the opposition.");
/// ```
#[must_use]
pub fn sentence(clause: &str) -> String {
    let mut chars = clause.chars();
    let Some(first) = chars.next() else { return String::new() };
    let mut out: String = first.to_uppercase().chain(chars).collect();
    if !out.ends_with(['.', '!', '?']) {
        out.push('.');
    }
    out
}
