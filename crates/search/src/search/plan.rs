//! The rules' plan at the root: with [`Knowledge::Rules`] (no table), a KPK root is answered by
//! [`kpk_rules::plan`], the move the rules choose with a measure of progress that falls
//! against every defence, instead of a search. The search then only converts what follows the
//! promotion. A won root is answered this way only while the 50-move rule leaves room for the
//! plan: between two of its pawn moves the measure allows at most [`PLAN_STRETCH_PLIES`]
//! plies (the king's steps to the escort zone, at most 7, each after at most 4 sideways steps).

use kpk::Wdl;
use kpk_rules::plan_score;
use kpk_score::Bound;
use kpk_shakmaty::{to_endgame, to_shakmaty_move};
use shakmaty::{Chess, Move, Position};

use super::{Info, SearchResult, Searcher};
use crate::eval::Knowledge;

/// The plies of the plan's line reported as the principal variation.
const PLAN_LINE_PLIES: usize = 8;

/// The most plies the winning plan plays between two pawn moves: 7 steps nearer the escort
/// zone and 4 sideways steps before each and before the push, 40 moves of the strong side and
/// the defender's replies.
pub(super) const PLAN_STRETCH_PLIES: u32 = 80;

impl Searcher {
    /// The plan's answer for a KPK root under [`Knowledge::Rules`] with one line asked: its
    /// move, its line (each side's plan in turn), and the plan's measure as the score (a known
    /// win or loss, or the draw policy's draw). `None` for any other root, knowledge, or
    /// `MultiPV` above one (the search answers).
    pub(super) fn root_from_plan(
        &mut self,
        root: &Chess,
        on_info: &mut dyn FnMut(&Info),
    ) -> Option<SearchResult> {
        if self.options.knowledge != Knowledge::Rules || self.options.multi_pv > 1 {
            return None;
        }
        let kpk = to_endgame(root)?.as_kpk()?;
        let plan = kpk_rules::plan(&kpk)?;
        if plan.wdl == Wdl::Win && root.halfmoves() + PLAN_STRETCH_PLIES >= 100 {
            // the clock may run out before the plan's next pawn move: the search answers
            return None;
        }
        let score = match plan.wdl {
            Wdl::Draw => self.options.draw.draw(0),
            w => plan_score(&kpk, w, 0),
        };
        let pv = plan_line(root);
        let best = pv.first().copied();
        on_info(&self.info(1, score, Bound::Exact, pv.clone()));
        Some(SearchResult { score, best, pv, depth: 1, seldepth: 0, nodes: 0, passes: 0 })
    }
}

/// Each side's plan in turn from `root`, while the position is KPK, up to [`PLAN_LINE_PLIES`].
fn plan_line(root: &Chess) -> Vec<Move> {
    let mut line = Vec::new();
    let mut pos = root.clone();
    while line.len() < PLAN_LINE_PLIES {
        let Some(kpk) = to_endgame(&pos).and_then(|e| e.as_kpk()) else { break };
        let Some(plan) = kpk_rules::plan(&kpk) else { break };
        let Some(m) = to_shakmaty_move(&pos, plan.mv) else { break };
        pos.play_unchecked(m);
        line.push(m);
    }
    line
}

#[cfg(test)]
mod tests {
    use crate::eval::Knowledge;
    use crate::search::{Options, Searcher};

    #[test]
    fn a_kpk_root_is_answered_by_the_plan_without_a_search() {
        let mut searcher = Searcher::new(1)
            .with_options(Options { knowledge: Knowledge::Rules, ..Options::default() });
        // Kd3, Pe3 v Ke6: the plan takes the opposition
        let pos = kpk_shakmaty::fen::parse_position("8/8/4k3/8/8/3KP3/8/8 w - - 0 1").unwrap();
        let result = searcher.search(&pos, 6);
        assert_eq!(result.best.map(|m| m.to_string()), Some("Kd3-e4".to_string()));
        assert!(result.score.is_known_win() && result.nodes == 0);
        // a drawn root: the draw, the plan's move
        let pos = kpk_shakmaty::fen::parse_position("8/8/3k4/8/4K3/4P3/8/8 b - - 0 1").unwrap();
        let result = searcher.search(&pos, 6);
        assert_eq!(result.score, kpk_score::Score::ZERO);
        assert_eq!(result.best.map(|m| m.to_string()), Some("Kd6-e6".to_string()));
        // a clock that leaves the plan too little room: the search answers
        let pos = kpk_shakmaty::fen::parse_position("8/8/4k3/8/8/3KP3/8/8 w - - 30 40").unwrap();
        let result = searcher.search(&pos, 2);
        assert!(result.nodes > 0);
        // other knowledge searches
        let mut searcher = Searcher::new(1);
        let pos = kpk_shakmaty::fen::parse_position("8/8/4k3/8/8/3KP3/8/8 w - - 0 1").unwrap();
        assert!(searcher.search(&pos, 2).nodes > 0);
    }
}
