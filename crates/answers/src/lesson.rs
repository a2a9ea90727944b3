//! The KPK lesson's plan and the coach's verdicts as every front end shows them: the rules'
//! (which play without tables and know no clock) set right where the answer knows more. In a
//! lost position the plan is a longest defence by the tables, the move the footer names too;
//! under the 50-move rule the plan and the verdicts are the ones [`crate::fifty`] gives. `kpk
//! explain`, the page and Python ask here.
//!
//! ```
//! let p = kpk_shakmaty::fen::parse("4k3/8/8/8/8/8/4P3/4K3 w - - 95 1").unwrap();
//! let (plan, moves) = kpk_answers::lesson::plan_and_verdicts(&p.position.as_kpk().unwrap(), 95, 1);
//! // every move draws: the rule comes first
//! assert!(moves.iter().all(|m| m.verdict.result == kpk::Wdl::Draw));
//! assert!(moves.iter().any(|m| m.verdict.plan && m.uci == plan.as_ref().unwrap().uci));
//! ```

use kpk::{Endgame, KpkPosition, Move, Wdl, dtm};
use kpk_rules::{Aim, Plan, Verdict as Kind};

use crate::fifty;
use crate::notation::Notation;
use crate::plan::{JudgedMove, PlannedMove};

/// The plan and every move judged, for a KPK position at move `fullmove` with `halfmoves` on
/// its clock: the rules' plan, a longest defence where the position is lost
/// ([`longest_defence`]), both set right for the 50-move rule ([`fifty::planned`],
/// [`fifty::judged`]); each verdict marks the plan's move, and a plan the answer chose is said
/// as its verdict.
#[must_use]
pub fn plan_and_verdicts(
    pos: &KpkPosition,
    halfmoves: u32,
    fullmove: u32,
) -> (Option<PlannedMove>, Vec<JudgedMove>) {
    let game = Endgame::from(*pos);
    let rules = PlannedMove::of(pos);
    let plan = fifty::planned(&game, halfmoves, longest_defence(pos, halfmoves, rules.clone()));
    let mut moves = fifty::judged(&game, halfmoves, JudgedMove::all(pos, fullmove));
    let chosen = plan.as_ref().filter(|p| rules.as_ref().is_none_or(|r| r.uci != p.uci));
    for m in &mut moves {
        m.verdict.plan = plan.as_ref().is_some_and(|p| p.uci == m.uci);
        let Some(p) = chosen else { continue };
        let v = &mut m.verdict;
        if p.uci == m.uci {
            // the plan the answer chose is said in its words
            v.say(if v.kind == Kind::Only {
                format!("only move: {}", p.reason)
            } else {
                p.reason.clone()
            });
            v.idea = Some(p.idea);
        } else if rules.as_ref().is_some_and(|r| r.uci == m.uci && r.reason == v.reason) {
            // the rules' plan, no longer the plan: said as any other move of its kind
            if v.kind == Kind::Keeps {
                v.say(match v.result {
                    Wdl::Loss => "loses, as every move does".to_string(),
                    w => format!("also keeps the {}", w.as_str()),
                });
                v.idea = None;
            }
        }
    }
    (plan, moves)
}

/// The tables' longest defences of `pos`, lost for its side to move: the moves whose distance
/// to mate is the longest (empty where the position is not lost).
fn longest(pos: &Endgame) -> Vec<Move> {
    let mut outcomes = dtm::outcomes(pos);
    let Some(best) = outcomes.next() else { return Vec::new() };
    // the distance after a defence is the winner's: a win for the other side
    if !best.dtm.is_some_and(dtm::Dtm::is_win) {
        return Vec::new();
    }
    core::iter::once(best.mv)
        .chain(outcomes.take_while(|o| o.dtm == best.dtm).map(|o| o.mv))
        .collect()
}

/// The rules' plan of a lost position (`plan`, `halfmoves` on the clock) where its move is a
/// longest defence by the tables (where the 50-move rule slows the mate, the defence of the
/// quickest mate it allows, [`kpk::dtz::line50`]); else that defence, its point the rules'
/// words for resisting. Any other position's plan as it is.
#[must_use]
pub fn longest_defence(
    pos: &KpkPosition,
    halfmoves: u32,
    plan: Option<PlannedMove>,
) -> Option<PlannedMove> {
    let plan = plan?;
    let game = Endgame::from(*pos);
    let longest = if fifty::slower_mate(&game, halfmoves).is_some() {
        kpk::dtz::line50(&game, halfmoves).first().map(|o| o.mv).into_iter().collect()
    } else {
        longest(&game)
    };
    let Some(&mv) = longest.first() else { return Some(plan) };
    if longest.contains(&plan.mv) {
        return Some(plan);
    }
    let after = game.play(mv).ok()?.as_kpk()?;
    let resist = Plan {
        position: *pos,
        mv,
        aim: Aim::Resist,
        wdl: Wdl::Loss,
        after: kpk_rules::classify(&after),
    };
    Some(PlannedMove {
        mv,
        uci: Notation::uci(mv),
        san: Notation::san(&game, mv),
        aim: Aim::Resist,
        reason: resist.reason(),
        idea: resist.idea(),
        progress: plan.progress,
    })
}
