//! The rule report: every recognizer of the literature (literal and corrected) with the
//! positions it decides and its errors over every legal KPK position, against the bitbase.

use core::fmt;

use kpk::{Endgame, KpkPosition};
use kpk_rules::{Claim, Family, LEGAL_POSITIONS, RuleReport};
use serde::Serialize;

use crate::ts_names::{ClaimName, FamilyName};

fn fen(pos: Option<KpkPosition>) -> Option<String> {
    pos.map(|p| Endgame::from(p).to_string())
}

/// One rule's measurement.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, ts_rs::TS)]
pub struct RuleRow {
    /// The rule's identifier.
    pub id: &'static str,
    /// `win` or `draw`: what the rule claims where it fits.
    #[ts(as = "ClaimName")]
    pub claim: Claim,
    /// `won`, `drawn`, `race` or `route`: where the rule comes from.
    #[ts(as = "FamilyName")]
    pub family: Family,
    /// Whether the rule keeps the literature's wording (and its errors).
    pub literal: bool,
    /// The literal rule this one corrects, if any.
    pub corrects: Option<&'static str>,
    /// The rule in chess words.
    pub statement: &'static str,
    /// The words of the KPK source text (the Chessprogramming wiki's page) that the rule
    /// implements, when it comes from there.
    pub seed: Option<&'static str>,
    /// The positions measured: every legal KPK position.
    pub positions: u32,
    /// Positions where the rule claims a result.
    pub fires: u32,
    /// Claims the bitbase confirms.
    pub correct: u32,
    /// Claims the bitbase contradicts.
    pub wrong: u32,
    /// Claims of a win in drawn positions.
    pub false_wins: u32,
    /// Claims of a draw in won positions.
    pub false_draws: u32,
    /// A position of the first false win.
    pub false_win_example: Option<String>,
    /// A position of the first false draw.
    pub false_draw_example: Option<String>,
}

impl RuleRow {
    /// The row of one measured rule.
    #[must_use]
    pub fn of(r: &RuleReport) -> RuleRow {
        RuleRow {
            id: r.rule.id,
            claim: r.rule.claim,
            family: r.rule.family,
            literal: r.rule.literal,
            corrects: r.rule.corrects,
            statement: r.rule.statement,
            seed: r.rule.seed,
            positions: LEGAL_POSITIONS,
            fires: r.fires,
            correct: r.correct,
            wrong: r.wrong(),
            false_wins: r.false_wins,
            false_draws: r.false_draws,
            false_win_example: fen(r.false_win_example),
            false_draw_example: fen(r.false_draw_example),
        }
    }
}

/// Every rule measured, and how many positions the sound rules decide together (at sight, and
/// with the recognizer's one ply ahead). Its text form is the table `kpk rules` prints.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, ts_rs::TS)]
pub struct RulesReport {
    /// One row per rule, in the order of [`kpk_rules::RULES`].
    pub rows: Vec<RuleRow>,
    /// Positions the sound rules decide at sight.
    pub decided: u32,
    /// Positions the sound recognizer decides (one ply ahead).
    pub recognized: u32,
}

impl RulesReport {
    /// Measures every rule over every legal KPK position (a few seconds).
    #[must_use]
    pub fn measure() -> RulesReport {
        let rows = kpk_rules::measure().iter().map(RuleRow::of).collect();
        let (mut decided, mut recognized) = (0u32, 0u32);
        for pos in KpkPosition::all() {
            decided += u32::from(kpk_rules::recognize_with_depth(&pos, 0).is_some());
            recognized += u32::from(kpk_rules::recognize(&pos).is_some());
        }
        RulesReport { rows, decided, recognized }
    }
}

impl fmt::Display for RulesReport {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let share = |n: u32| 100.0 * f64::from(n) / f64::from(LEGAL_POSITIONS);
        writeln!(
            f,
            "Every legal KPK position ({LEGAL_POSITIONS}: both pawn colours, both sides to move), checked against the bitbase."
        )?;
        let width = self.rows.iter().map(|r| r.id.len() + 2).max().unwrap_or(0);
        writeln!(
            f,
            "{:<width$} {:<5} {:>7} {:>7} {:>7} {:>6}  example of an error",
            "rule", "claim", "fires", "share", "correct", "wrong"
        )?;
        for r in &self.rows {
            let corrected = self.rows.iter().any(|c| c.corrects == Some(r.id));
            let name =
                if r.literal && corrected { format!("{} *", r.id) } else { r.id.to_string() };
            let example = r
                .false_win_example
                .as_ref()
                .map(|f| format!("false win: {f}"))
                .or_else(|| r.false_draw_example.as_ref().map(|f| format!("false draw: {f}")))
                .unwrap_or_default();
            writeln!(
                f,
                "{:<width$} {:<5} {:>7} {:>6.2}% {:>7} {:>6}  {example}",
                name,
                r.claim.name(),
                r.fires,
                share(r.fires),
                r.correct,
                r.wrong,
            )?;
        }
        writeln!(f, "* as the literature states it; the rule below it is the correction.")?;
        writeln!(
            f,
            "The rules without errors decide {} positions together ({:.1}%); the recognizer, one ply ahead, {} ({:.1}%).",
            self.decided,
            share(self.decided),
            self.recognized,
            share(self.recognized)
        )
    }
}
