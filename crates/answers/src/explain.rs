//! Why a position is won or drawn, in chess words: the rule that decides it at sight, or the
//! proof written out with move numbers, and the KPK landmarks (key squares, the square of the
//! pawn).

use core::fmt;

use kpk::dtm::{self, Dtm};
use kpk::{Color, Endgame};
use kpk_rules::{Basis, DecidedBy, Idea};
use serde::Serialize;

use crate::ts_names::{IdeaId, Plies};

use crate::category::Category;
use crate::fifty;
use crate::lesson;
use crate::notation::{Notated, Notation, numbered};
use crate::plan::{JudgedMove, PlannedMove};
use crate::words;
use kpk_shakmaty::fen::ParsedFen;

/// How a position is decided at sight: the basis (`rule`, `material`, `checkmate`,
/// `stalemate`), the rule's identifier (for programs) and the reason (for people, without
/// identifiers).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, ts_rs::TS)]
pub struct Decided {
    /// `rule`, `material`, `checkmate` or `stalemate`.
    pub basis: &'static str,
    /// The rule's identifier, when a rule decides (checkmate and stalemate keep the rule that
    /// also fits).
    pub rule: Option<&'static str>,
    /// The reason in words.
    pub reason: String,
}

impl Decided {
    /// How `pos` is decided by `sight`; checkmate and stalemate are named as such, whatever
    /// decides them.
    fn of(pos: &Endgame, sight: DecidedBy) -> Decided {
        let side = words::side(pos.side_to_move());
        let rule = match sight {
            DecidedBy::Rule(r) => Some(r.id),
            _ => None,
        };
        let sight = if pos.is_checkmate() {
            DecidedBy::Checkmate
        } else if pos.is_stalemate() {
            DecidedBy::Stalemate
        } else {
            sight
        };
        let (basis, rule, reason) = match sight {
            DecidedBy::Rule(r) => ("rule", rule, words::statement(pos, r)),
            DecidedBy::Material => ("material", None, words::MATERIAL.to_string()),
            DecidedBy::Checkmate => ("checkmate", rule, format!("{side} is checkmated.")),
            DecidedBy::Stalemate => ("stalemate", rule, format!("{side} is stalemated: a draw.")),
        };
        Decided { basis, rule, reason }
    }

    /// The basis and the rule's identifier.
    fn named(self) -> (&'static str, Option<&'static str>) {
        (self.basis, self.rule)
    }
}

/// A line of a proof: its moves, its notation with move numbers, and how its last position is
/// decided.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, ts_rs::TS)]
pub struct ProofLine {
    /// The moves.
    pub moves: Vec<Notated>,
    /// The moves in standard notation with move numbers (`31. Kb3 Kb7`, `30... Kb6 31. Kb3`).
    pub notation: String,
    /// What decides the position after the last move.
    pub end: Decided,
}

impl ProofLine {
    /// The line `line` from `start`, at move `fullmove`.
    fn of(start: &Endgame, fullmove: u32, line: &kpk_rules::Variation) -> ProofLine {
        let mut pos = *start;
        let (mut moves, mut sans) = (Vec::new(), Vec::new());
        for &m in &line.moves {
            // a proof's moves are legal by construction
            let Ok(next) = pos.play(m) else { break };
            let san = Notation::san(&pos, m);
            moves.push(Notated { uci: Notation::uci(m), san });
            sans.push(san.to_string());
            pos = next;
        }
        ProofLine {
            moves,
            notation: numbered(fullmove, start.side_to_move() == Color::White, &sans),
            end: Decided::of(&pos, line.end),
        }
    }
}

/// A proof written out: its depth, the critical line, where the tries branch off, and the
/// tries, each refuted by a line.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, ts_rs::TS)]
pub struct WrittenProof {
    /// The depth of the shortest proof, in plies.
    pub plies: u8,
    /// The critical line.
    pub line: ProofLine,
    /// How many moves of the critical line are played before the tries.
    pub choice: usize,
    /// The other side's other moves at the choice, each with the line that refutes it.
    pub tries: Vec<ProofLine>,
}

impl WrittenProof {
    fn of(pos: &Endgame, fullmove: u32) -> Option<WrittenProof> {
        let p = kpk_rules::proof(pos)?;
        let (mut at, mut number) = (*pos, fullmove);
        for &m in &p.line.moves[..p.choice] {
            if at.side_to_move() == Color::Black {
                number = number.saturating_add(1);
            }
            let Ok(next) = at.play(m) else { break };
            at = next;
        }
        Some(WrittenProof {
            plies: p.plies,
            line: ProofLine::of(pos, fullmove, &p.line),
            choice: p.choice,
            tries: p.tries.iter().map(|t| ProofLine::of(&at, number, t)).collect(),
        })
    }
}

/// Why a position is won or drawn, from the rule-based classifier
/// ([`kpk_rules::classify_endgame`]), beside the tables' verdict.
///
/// ```
/// use kpk_answers::explain::Explanation;
/// let fen = "8/8/4k3/8/8/3KP3/8/8 w - - 0 1";
/// let e = Explanation::of(fen, &kpk_shakmaty::fen::parse(fen).unwrap());
/// // no rule at sight: a short forcing line proves the win (1. Ke4, taking the opposition)
/// assert_eq!(e.basis, "proof");
/// assert!(e.reason.starts_with("White wins: after 1. Ke4"), "{}", e.reason);
/// assert!(e.rules_agree);
/// assert_eq!(e.key_squares.as_deref(), Some(&["d5".to_string(), "e5".into(), "f5".into()][..]));
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Serialize, ts_rs::TS)]
pub struct Explanation {
    /// The FEN asked, trimmed.
    pub fen: String,
    /// The tables' outcome for the side to move.
    pub category: Category,
    /// The tables' distance to mate in plies (`null` for a draw).
    #[ts(as = "Option<Plies>")]
    pub dtm: Option<Dtm>,
    /// The quickest mate the 50-move rule allows from the FEN's clock, in plies, where it is
    /// slower than `dtm` (the win must push its pawn sooner); else `null`.
    #[ts(as = "Option<Plies>")]
    pub dtm50: Option<Dtm>,
    /// `rule`, `proof`, `material`, `checkmate`, `stalemate` (or `bitbase`, the fallback no
    /// legal position reaches).
    pub basis: &'static str,
    /// The deciding rule's identifier, if a rule decides.
    pub rule: Option<&'static str>,
    /// Why, in one sentence that names the chess idea and its squares ([`kpk_rules::why`]).
    pub reason: String,
    /// The idea the sentence names first (a stable identifier: `key_squares`, `opposition`,
    /// ...).
    #[ts(as = "IdeaId")]
    pub idea: Idea,
    /// Every idea the sentence names: the main one, then the stalemate the draw rests on or
    /// the mutual zugzwang the position is.
    #[ts(as = "Vec<IdeaId>")]
    pub ideas: Vec<Idea>,
    /// The deciding rule's full conditions (at sight, or at the end of the proof's line).
    pub conditions: Option<&'static str>,
    /// Whether the rules' verdict is certain.
    pub certain: bool,
    /// Whether the rules' verdict equals the tables'.
    pub rules_agree: bool,
    /// The square of the strong side's king.
    pub strong_king: String,
    /// The square of the defending king.
    pub defending_king: String,
    /// The key squares (KPK only).
    pub key_squares: Option<Vec<String>>,
    /// The square of the pawn (KPK only).
    pub square_of_the_pawn: Option<Vec<String>>,
    /// The tables' best move: the fastest win, the best defence, or a move that keeps the draw;
    /// the plan's move where it is one of them.
    pub first_move: Option<Notated>,
    /// Where a proof decides, the proof written out, with move numbers from the FEN.
    pub proof: Option<WrittenProof>,
    /// The rules' plan: one move and its reason (KPK only; `null` without a legal move).
    pub plan: Option<PlannedMove>,
    /// Every legal move with the coach's verdict (KPK only; empty otherwise).
    pub moves: Vec<JudgedMove>,
    /// The side to move (for the text form; not in the JSON).
    #[serde(skip)]
    #[ts(skip)]
    pub side_to_move: Color,
}

impl Explanation {
    /// The explanation of the position `parsed`, asked as `fen`.
    #[must_use]
    pub fn of(fen: &str, parsed: &ParsedFen) -> Explanation {
        let pos = &parsed.position;
        let clock = parsed.halfmoves;
        let truth = dtm::probe(pos);
        let c = kpk_rules::classify_endgame(pos);
        let kpk = pos.as_kpk();
        // the rules' plan and the coach's verdicts, set right for the clock
        let (plan, moves) =
            kpk.map(|k| lesson::plan_and_verdicts(&k, clock, parsed.fullmoves)).unwrap_or_default();
        // the why's line starts with the plan's move, so that the two tell one story
        let why = match &plan {
            Some(p) => kpk_rules::why_playing(pos, p.mv),
            None => kpk_rules::why(pos),
        };
        let (basis, rule) = match c.basis {
            Basis::Rule(r) => Decided::of(pos, DecidedBy::Rule(r)).named(),
            Basis::Material => Decided::of(pos, DecidedBy::Material).named(),
            b => (b.name(), None),
        };
        let first_move = first_move(pos, clock, plan.as_ref().map(|p| p.mv))
            .map(|m| Notated { uci: Notation::uci(m), san: Notation::san(pos, m) });
        let rule_decides = fifty::why(pos, clock).is_some();
        let proof = matches!(c.basis, Basis::Proof { .. })
            .then(|| WrittenProof::of(pos, parsed.fullmoves))
            .flatten();
        let squares = |list: Vec<kpk::Square>| list.iter().map(ToString::to_string).collect();
        Explanation {
            fen: fen.trim().to_string(),
            category: Category::of_ending(pos, clock),
            dtm: truth,
            dtm50: fifty::slower_mate(pos, clock),
            basis,
            rule,
            idea: if rule_decides { Idea::FiftyMoveRule } else { why.idea() },
            reason: fifty::reason(pos, clock, &why.text),
            ideas: if rule_decides {
                [Idea::FiftyMoveRule].into_iter().chain(why.ideas).collect()
            } else {
                why.ideas
            },
            conditions: why.conditions,
            certain: !matches!(c.basis, Basis::Bitbase),
            rules_agree: c.wdl == dtm::wdl(pos),
            strong_king: pos.strong_king().to_string(),
            defending_king: pos.weak_king().to_string(),
            key_squares: kpk.map(|k| squares(kpk_rules::key_squares(&k))),
            square_of_the_pawn: kpk.map(|k| squares(kpk_rules::square_of_the_pawn(&k))),
            first_move,
            proof,
            plan,
            moves,
            side_to_move: pos.side_to_move(),
        }
    }
}

/// The tables' best move (the fastest win, the slowest loss, or a move that keeps the draw),
/// the plan's move where it is as good as the best; set right for `clock` on the clock where
/// the 50-move rule bears on it ([`fifty::first_move`]).
fn first_move(pos: &Endgame, clock: u32, plan: Option<kpk::Move>) -> Option<kpk::Move> {
    fifty::first_move(pos, clock, first_move_by_the_tables(pos, plan))
}

/// The tables' best move without the clock, the plan's move where it is as good as the best.
fn first_move_by_the_tables(pos: &Endgame, plan: Option<kpk::Move>) -> Option<kpk::Move> {
    let mut outcomes = dtm::outcomes(pos);
    let best = outcomes.next()?;
    let equal = |o: &dtm::MoveOutcome| o.dtm == best.dtm;
    let plans = |o: &dtm::MoveOutcome| Some(o.mv) == plan;
    if plans(&best) {
        return Some(best.mv);
    }
    Some(outcomes.take_while(equal).find(plans).map_or(best.mv, |o| o.mv))
}

impl Explanation {
    /// The text form with the rule's full conditions and the proof's lines and tries.
    #[must_use]
    pub fn verbose(&self) -> Verbose<'_> {
        Verbose(self)
    }

    fn write(&self, f: &mut fmt::Formatter<'_>, verbose: bool) -> fmt::Result {
        let d = self.dtm;
        writeln!(f, "{}", self.fen)?;
        // plies are for the verbose form; the text speaks in moves
        let mut standing = match d {
            Some(d) if verbose && d.plies() != 0 => format!(
                "{} ({})",
                words::standing(self.category, Some(d)),
                words::plies(d.plies().unsigned_abs())
            ),
            _ => words::standing(self.category, d),
        };
        // the rule slows the mate: the quickest it allows first, the plain one beside it
        if let (Some(d50), Some(d)) = (self.dtm50, d) {
            let (word, n) = if d50.is_win() {
                ("mate", d50.uci_mate_moves())
            } else {
                ("mated", -d50.uci_mate_moves())
            };
            let plain = d.uci_mate_moves().unsigned_abs();
            standing = format!(
                "{}, {word} in {n} under the 50-move rule (in {plain} without it)",
                if d50.is_win() { "win" } else { "loss" }
            );
        }
        writeln!(f, "  {} to move: {standing}", self.side_to_move)?;
        writeln!(f, "  why: {}", self.reason)?;
        if verbose {
            if let Some(conditions) = self.conditions {
                writeln!(f, "  the rule's conditions: {conditions}")?;
            }
            if let Some(proof) = &self.proof {
                writeln!(f, "  line: {}", proof.line.notation)?;
                writeln!(f, "    and then: {}", proof.line.end.reason)?;
                if !proof.tries.is_empty() {
                    writeln!(f, "  tries:")?;
                    for t in &proof.tries {
                        writeln!(f, "    {}: {}", t.notation, t.end.reason)?;
                    }
                }
            }
        }
        if let Some(keys) = &self.key_squares {
            writeln!(f, "  key squares: {}", keys.join(" "))?;
        }
        if self.ideas.contains(&Idea::RuleOfTheSquare)
            && let Some(square) = &self.square_of_the_pawn
        {
            writeln!(f, "  square of the pawn: {}", square.join(" "))?;
        }
        if let Some(plan) = &self.plan {
            let mark = self.moves.iter().find(|m| m.uci == plan.uci).map_or("", |m| m.verdict.mark);
            writeln!(f, "  plan: {}{mark}: {}", plan.san, plan.reason)?;
        }
        if !self.moves.is_empty() {
            writeln!(f, "  moves:")?;
            for m in self.moves.iter().filter(|m| m.verdict.said_alone()) {
                let san = format!("{}{}", m.san, m.verdict.mark);
                writeln!(f, "    {san:<7} {}", m.verdict.reason)?;
                if let Some(line) = &m.verdict.refutation {
                    writeln!(f, "            {}", line.notation)?;
                }
            }
            if let Some(rest) = crate::plan::the_rest(&self.moves) {
                writeln!(f, "    {rest}")?;
            }
        }
        if let Some(m) = &self.first_move {
            let label = match self.category {
                Category::Win => "the fastest win starts with",
                Category::Loss => "the longest defence starts with",
                Category::CursedWin => "the best try, should the draw not be claimed:",
                Category::BlessedLoss => "the longest defence, should the draw not be claimed:",
                _ => "a move that keeps the draw:",
            };
            writeln!(f, "  {label} {}", m.san)?;
        }
        Ok(())
    }
}

/// The text form: the verdict, the why in one sentence, the key squares, the square of the
/// pawn where the rule of the square decides, the plan, the moves that matter (the rest in one
/// line), and the tables' first move.
impl fmt::Display for Explanation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.write(f, false)
    }
}

/// An explanation's text form with the rule's conditions and the proof written out
/// ([`Explanation::verbose`]).
#[derive(Clone, Copy, Debug)]
pub struct Verbose<'a>(&'a Explanation);

impl fmt::Display for Verbose<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.write(f, true)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The largest move number a FEN can carry counts on without overflowing.
    #[test]
    fn move_numbers_saturate() {
        let sans = ["Kd3".to_string(), "Kd1".to_string(), "Ke2".to_string()];
        assert_eq!(numbered(u32::MAX, false, &sans), format!("{0}... Kd3 {0}. Kd1 Ke2", u32::MAX));
        let fen = "8/8/4k3/8/8/3KP3/8/8 w - - 0 4294967295";
        let e = Explanation::of(fen, &kpk_shakmaty::fen::parse(fen).unwrap());
        assert!(e.proof.is_some_and(|p| p.line.notation.starts_with("4294967295. ")));
    }
}
