//! Why a position is won or drawn, in one sentence that names the chess idea and its squares:
//! the rule that decides it at sight, or what happens at the end of the forcing line that
//! proves it, with the stalemate it rests on and the mutual zugzwang it is, where it is one.

use alloc::format;
use alloc::string::{String, ToString};
use alloc::vec;
use alloc::vec::Vec;

use crate::classifier::{Basis, Classification, classify_endgame, worse_to_move};
use crate::frame::Coord;
use crate::idea::Idea;
use crate::proof::{DecidedBy, proof};
use crate::words::{line, san, side};
use kpk::{Color, Endgame, KpkPosition, KpkSetup, Move, Role, Wdl};

/// The most plies of a line the why writes out: every move of a proof's line (at most
/// [`MAX_PROOF_PLIES`](crate::MAX_PROOF_PLIES)), so that no move it rests on hides behind `...`.
pub const WHY_LINE_PLIES: usize = crate::proof::MAX_PROOF_PLIES as usize;

/// Why a position is what it is, for a student: one sentence that names the idea, and the
/// rule's full conditions beside it for those who want them.
///
/// ```
/// use kpk::{Color, Endgame, KpkPosition, KpkSetup, Square};
/// use kpk_rules::{Idea, why};
/// // Kc6, Pb7 v Kb8: White to move cannot win, Black to move would lose
/// let pos = KpkPosition::new(KpkSetup {
///     strong_side: Color::White,
///     strong_king: Square::C6,
///     pawn: Square::B7,
///     weak_king: Square::B8,
///     side_to_move: Color::White,
/// })
/// .unwrap();
/// let w = why(&Endgame::from(pos));
/// assert!(w.text.starts_with("Draw: "));
/// assert!(w.ideas.contains(&Idea::MutualZugzwang));
/// assert!(w.text.contains("mutual zugzwang"));
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Why {
    /// The ideas the sentence names, the main one first (then the stalemate the draw rests on,
    /// or the mutual zugzwang the position is).
    pub ideas: Vec<Idea>,
    /// The sentence: the result, a colon, and why (`"White wins: the white king reaches the
    /// key square d6 before the black king can stop it."`).
    pub text: String,
    /// Where a rule decides (at sight, or at the end of the proof's line), its full statement:
    /// every condition its test checks.
    pub conditions: Option<&'static str>,
    /// The line the sentence rests on, from the position (empty where a rule decides at sight):
    /// what it says after `after` is said of the position at its end.
    pub line: Vec<Move>,
}

impl Why {
    /// The main idea.
    #[must_use]
    pub fn idea(&self) -> Idea {
        self.ideas[0]
    }
}

/// Why a position of at most three men is won or drawn (see [`Why`]).
///
/// ```
/// use kpk::{Color, Endgame, EndgameSetup, Role, Square};
/// use kpk_rules::{Idea, why};
/// // Kc6, Pb7 v Kb8, White to move: Kb6 would be stalemate
/// let pos = Endgame::new(EndgameSetup {
///     strong_side: Color::White,
///     strong_king: Square::C6,
///     extra: Some((Role::Pawn, Square::B7)),
///     weak_king: Square::B8,
///     side_to_move: Color::White,
/// })
/// .unwrap();
/// let w = why(&pos);
/// assert!(w.text.contains("Kb6 would be stalemate"), "{}", w.text);
/// assert!(w.ideas.contains(&Idea::Stalemate));
/// ```
#[must_use]
pub fn why(pos: &Endgame) -> Why {
    let c = classify_endgame(pos);
    let result = result_words(pos.side_to_move(), c.wdl);
    let Clause { mut ideas, text: clause, conditions, line } = clause_of(pos, &c);
    let mut text = format!("{result}: {clause}");
    extras(pos, c.wdl, &mut ideas, &mut text);
    text.push('.');
    Why { ideas, text, conditions, line }
}

/// What a why says after its result: its ideas, its words, the rule's conditions and the line
/// it rests on.
struct Clause {
    ideas: Vec<Idea>,
    text: String,
    conditions: Option<&'static str>,
    line: Vec<Move>,
}

/// The main idea of a position and a short clause that says it, as a move's verdict quotes it:
/// the rule at sight, or where a proof decides, its end's idea and the result that holds
/// (without the line, which the verdict has no room for).
pub(crate) fn main_clause(pos: &Endgame) -> (Idea, String) {
    let c = classify_endgame(pos);
    let Clause { ideas, text: clause, .. } = clause_of(pos, &c);
    match c.basis {
        Basis::Proof { .. } if c.wdl == Wdl::Draw => (ideas[0], "the draw holds".to_string()),
        Basis::Proof { .. } => {
            let winner = if c.wdl == Wdl::Win { pos.side_to_move() } else { !pos.side_to_move() };
            (ideas[0], format!("{} still wins", side(winner, true)))
        }
        _ => (ideas[0], clause),
    }
}

/// The clause of a position classified as `c`.
fn clause_of(pos: &Endgame, c: &Classification) -> Clause {
    match c.basis {
        Basis::Proof { .. } => proven(pos),
        _ => {
            let by = match c.basis {
                Basis::Rule(r) => DecidedBy::Rule(r),
                _ => DecidedBy::Material,
            };
            let (idea, text, conditions) = at_sight(pos, by);
            Clause { ideas: vec![idea], text, conditions, line: Vec::new() }
        }
    }
}

fn push_once(ideas: &mut Vec<Idea>, idea: Idea) {
    if !ideas.contains(&idea) {
        ideas.push(idea);
    }
}

/// The result in words: `"White wins"`, `"Black wins"` or `"Draw"`.
fn result_words(to_move: Color, wdl: Wdl) -> String {
    match wdl {
        Wdl::Draw => "Draw".to_string(),
        Wdl::Win => format!("{} wins", side(to_move, true)),
        Wdl::Loss => format!("{} wins", side(!to_move, true)),
    }
}

/// A position decided at sight: its idea, the clause that says why, and the rule's conditions.
fn at_sight(pos: &Endgame, by: DecidedBy) -> (Idea, String, Option<&'static str>) {
    let mover = side(pos.side_to_move(), true);
    if pos.is_checkmate() {
        return (Idea::Promotion, format!("{mover} is checkmated"), None);
    }
    if pos.is_stalemate() {
        return (Idea::Stalemate, format!("{mover} is stalemated"), None);
    }
    match (by, pos.as_kpk()) {
        (DecidedBy::Rule(rule), Some(kpk)) => {
            let gist = rule.gist(&kpk).replace("{defender_holds}", &defender_holds(&kpk));
            (refined(rule.idea, &kpk), gist, Some(rule.statement_for(&kpk)))
        }
        _ => {
            let (idea, clause) = material(pos);
            (idea, clause.to_string(), None)
        }
    }
}

/// What the material decides, where no pawn is left.
fn material(pos: &Endgame) -> (Idea, String) {
    let weak = side(!pos.strong_side(), false);
    match pos.extra() {
        Some((role @ (Role::Queen | Role::Rook), square)) => {
            let falls = pos.side_to_move() != pos.strong_side()
                && pos.legal_moves().iter().any(|m| m.to == square);
            if falls {
                (Idea::PawnFalls, format!("the {weak} king takes the {}", role.name()))
            } else {
                (Idea::Promotion, format!("the {} mates", role.name()))
            }
        }
        Some((role, _)) => (Idea::Promotion, format!("a {} cannot mate", role.name())),
        None => (Idea::PawnFalls, "bare kings cannot mate".to_string()),
    }
}

/// What the defender holds in a rule's gist (`{defender_holds}`): the opposition where it
/// decides (the strong side to move is worse off for it), else the draw, whoever is to move.
fn defender_holds(pos: &KpkPosition) -> String {
    let strong = pos.strong_side();
    let kings =
        (Coord::seen_by(pos.strong_king(), strong), Coord::seen_by(pos.weak_king(), strong));
    let weak = side(!strong, false);
    match kings.0.opposition(kings.1).filter(|_| worse_to_move(&Endgame::from(*pos))) {
        Some(kind) => format!(
            "the {weak} king holds {} on {}; {} must give way",
            kind.name(),
            pos.weak_king(),
            side(strong, true)
        ),
        None => format!("the {weak} king on {} holds the draw whoever is to move", pos.weak_king()),
    }
}

/// The opposition idea named by the kings' places: direct, distant or diagonal.
fn refined(idea: Idea, pos: &KpkPosition) -> Idea {
    let strong = pos.strong_side();
    let kings =
        (Coord::seen_by(pos.strong_king(), strong), Coord::seen_by(pos.weak_king(), strong));
    match idea {
        // the opposition where it decides; else the defender's hold on the key squares
        Idea::Opposition if worse_to_move(&Endgame::from(*pos)) => {
            kings.0.opposition(kings.1).unwrap_or(idea)
        }
        Idea::Opposition => Idea::KeySquares,
        _ => idea,
    }
}

/// A position a forcing line proves: what happens at the end of the line.
fn proven(pos: &Endgame) -> Clause {
    let Some(p) = proof(pos) else {
        let text = "the tables decide".to_string();
        return Clause { ideas: vec![Idea::KeySquares], text, conditions: None, line: Vec::new() };
    };
    along(pos, &p.line.moves, p.line.end)
}

/// What happens at the end of the line `moves` from `pos`, decided there by `end`: the clause
/// `after {the line}, {why the end is what it is}`.
fn along(pos: &Endgame, moves: &[Move], end_by: DecidedBy) -> Clause {
    let mut end = *pos;
    for &m in moves {
        end = end.play_unchecked(m);
    }
    let (idea, clause, conditions) = at_sight(&end, end_by);
    let written = line(pos, moves, WHY_LINE_PLIES, &[]);
    let text = format!("after {written}, {clause}");
    Clause { ideas: vec![idea], text, conditions, line: moves.to_vec() }
}

/// [`why`], with the line of a proof starting with `first` (the plan's move, say) where `first`
/// keeps the result: so that the why and the move advised never tell different stories.
///
/// ```
/// use kpk::{Color, Endgame, EndgameSetup, Move, Role, Square};
/// use kpk_rules::{plan, why, why_playing};
/// // Kf5, Pb3 v Kf7: the proof's line starts with Ke5, the plan's with b4
/// let pos = Endgame::new(EndgameSetup {
///     strong_side: Color::White,
///     strong_king: Square::F5,
///     extra: Some((Role::Pawn, Square::B3)),
///     weak_king: Square::F7,
///     side_to_move: Color::White,
/// })
/// .unwrap();
/// let first = plan(&pos.as_kpk().unwrap()).unwrap().mv;
/// let w = why_playing(&pos, first);
/// assert!(w.text.starts_with("White wins: after 1. b4"), "{}", w.text);
/// assert!(why(&pos).text.starts_with("White wins: after 1. Ke5"));
/// ```
#[must_use]
pub fn why_playing(pos: &Endgame, first: Move) -> Why {
    let c = classify_endgame(pos);
    let Basis::Proof { .. } = c.basis else { return why(pos) };
    if proof(pos).is_some_and(|p| p.line.moves.first() == Some(&first)) || pos.play(first).is_err()
    {
        return why(pos);
    }
    let next = pos.play_unchecked(first);
    let after = classify_endgame(&next);
    if -after.wdl != c.wdl {
        return why(pos);
    }
    let Clause { mut ideas, text: clause, conditions, line } = match after.basis {
        Basis::Proof { .. } => match proof(&next) {
            Some(p) => {
                let moves: Vec<Move> = core::iter::once(first).chain(p.line.moves).collect();
                along(pos, &moves, p.line.end)
            }
            None => return why(pos),
        },
        Basis::Rule(r) => along(pos, &[first], DecidedBy::Rule(r)),
        _ => along(pos, &[first], DecidedBy::Material),
    };
    let result = result_words(pos.side_to_move(), c.wdl);
    let mut text = format!("{result}: {clause}");
    extras(pos, c.wdl, &mut ideas, &mut text);
    text.push('.');
    Why { ideas, text, conditions, line }
}

/// The stalemate a draw rests on and the mutual zugzwang a position is, added to its why.
fn extras(pos: &Endgame, wdl: Wdl, ideas: &mut Vec<Idea>, text: &mut String) {
    if let Some(kpk) = pos.as_kpk() {
        if let Some(trap) = stalemate_trap(pos, &kpk, wdl) {
            text.push_str(&format!("; {trap} would be stalemate"));
            push_once(ideas, Idea::Stalemate);
        }
        if let Some(other) = mutual_zugzwang(&kpk, wdl) {
            text.push_str(&format!("; mutual zugzwang: {other}"));
            push_once(ideas, Idea::MutualZugzwang);
        }
    }
}

/// In a draw with the side with the pawn to move, a move that would stalemate, in SAN.
fn stalemate_trap(pos: &Endgame, kpk: &KpkPosition, wdl: Wdl) -> Option<String> {
    if wdl != Wdl::Draw || !kpk.strong_to_move() {
        return None;
    }
    let m = pos.legal_moves().iter().copied().find(|&m| pos.play_unchecked(m).is_stalemate())?;
    Some(san(pos, m))
}

/// Where the position is a mutual zugzwang (the side to move does worse than the other side
/// would in its place), what the other side to move would get: `"Black to move loses"`,
/// `"White to move draws"`.
fn mutual_zugzwang(pos: &KpkPosition, wdl: Wdl) -> Option<String> {
    let turned =
        KpkPosition::new(KpkSetup { side_to_move: !pos.side_to_move(), ..pos.setup() }).ok()?;
    let other = crate::classifier::classify(&turned).wdl;
    // the side with the pawn to move draws where the defender to move would lose, or the
    // defender to move loses where the side with the pawn to move would only draw
    let zugzwang = if pos.strong_to_move() {
        wdl == Wdl::Draw && other == Wdl::Loss
    } else {
        wdl == Wdl::Loss && other == Wdl::Draw
    };
    zugzwang.then(|| {
        let result = if other == Wdl::Draw { "draws" } else { "loses" };
        format!("{} to move {result}", side(turned.side_to_move(), true))
    })
}
