//! The quiescence search: captures, queen promotions and, at its first ply, quiet checks,
//! from a stand-pat score, until the position is quiet.

use kpk_score::{BoundedScore, Score};
use shakmaty::{Chess, MoveList, Position, Role};

use super::ordering::gives_check;
use super::{MAX_SEARCH_PLY, Searcher, key};
use crate::eval::material;
use crate::see::see;
use crate::selective::{DELTA_MARGIN, is_proof};

impl Searcher {
    /// The quiescence search; at its first ply (`depth` 0), with the check extension on, quiet
    /// moves that give check are searched too, so a mate just past the horizon is seen.
    pub(super) fn quiesce(
        &mut self,
        pos: &Chess,
        depth: i32,
        ply: u32,
        alpha: Score,
        beta: Score,
    ) -> Score {
        self.count_node(ply);
        if self.budget.aborted {
            return Score::ZERO;
        }
        let original_alpha = alpha;
        let draw = self.options.draw.draw(ply);
        if let Some(exact) = self.table_value(pos, ply) {
            return self.bounded(exact, original_alpha, beta);
        }
        let in_check = pos.is_check();
        let evasions = in_check.then(|| pos.legal_moves());
        if evasions.as_ref().is_some_and(MoveList::is_empty) {
            return self.bounded(self.mated(ply), original_alpha, beta);
        }
        // one verdict serves the draw test and the stand-pat score
        let verdict = self.options.knowledge.verdict(pos, self.score_ply(ply));
        if self.drawn_by_rule(pos, ply, None, || verdict) {
            return self.bounded(draw, original_alpha, beta);
        }
        // from here the value rests on an estimate that a deeper search would replace
        self.iteration.horizon = true;
        // the table: any entry is as deep as the quiescence search
        let table = self.options.selectivity.quiescence_table;
        let k = if table { key(pos) } else { 0 };
        let hit = if table { self.probe(k, ply, pos.halfmoves(), draw) } else { None };
        if let Some(h) = hit
            && h.score.cuts(alpha, beta)
        {
            return self.bounded(h.score.score, original_alpha, beta);
        }
        let mut best = if in_check { self.mated(ply) } else { self.static_eval(pos, verdict) };
        if best >= beta || ply >= MAX_SEARCH_PLY {
            return self.bounded(best, original_alpha, beta);
        }
        let mut alpha = alpha.max(best);
        // in check every evasion; otherwise only captures and queen promotions, generated only
        // now that the stand-pat score has not settled the node (a stalemate is not looked for
        // here: the stand-pat score is an estimate anyway)
        let mut moves = evasions.unwrap_or_else(|| {
            let mut tactical = pos.capture_moves();
            tactical.extend(
                pos.promotion_moves()
                    .into_iter()
                    .filter(|m| !m.is_capture() && m.promotion() == Some(Role::Queen)),
            );
            if depth == 0 && self.options.selectivity.check_extension {
                tactical.extend(
                    pos.legal_moves()
                        .into_iter()
                        .filter(|&m| !m.is_capture() && !m.is_promotion() && gives_check(pos, m)),
                );
            }
            tactical
        });
        let mut picker = self.ordering.picker(pos, &moves, hit.and_then(|h| h.mv), ply);
        let mut best_move = None;
        let delta = self.options.selectivity.delta_pruning && best.is_heuristic();
        let stand_pat = best;
        while let Some(m) = picker.next(&mut moves) {
            // a capture that loses material in the exchange it starts cannot lift the
            // stand-pat score
            if !in_check && m.is_capture() && see(pos, &m) < 0 {
                continue;
            }
            let mut next = pos.clone();
            next.play_unchecked(m);
            // delta pruning: even winning the man and a margin leaves the node below alpha
            if delta
                && !in_check
                && m.promotion().is_none()
                && let Some(victim) = m.capture()
                && let Some(ceiling) = stand_pat.checked_add(material(victim) + DELTA_MARGIN)
                && ceiling.is_heuristic()
                && ceiling <= alpha
                && !is_proof(alpha)
                && !next.is_check()
            {
                best = best.max(ceiling);
                continue;
            }
            self.ordering.note_played(ply, m);
            let score = -self.child(&next, depth - 1, ply + 1, -beta, -alpha);
            if self.budget.aborted {
                return Score::ZERO;
            }
            if score > best {
                best = score;
                best_move = Some(m);
            }
            alpha = alpha.max(score);
            if alpha >= beta {
                break;
            }
        }
        if table {
            let result = BoundedScore::from_window(best, original_alpha, beta);
            self.store(k, ply, result, 0, best_move);
        }
        self.bounded(best, original_alpha, beta)
    }
}
