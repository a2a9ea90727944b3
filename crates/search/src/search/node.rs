//! The node search: negamax with principal variation search, and the selective pieces that
//! decide how deep each move is searched (see [`crate::selective`]).

use kpk_score::{BoundedScore, Score};
use shakmaty::{Chess, Position};

use super::{LOSS_THRESHOLD, MAX_SEARCH_PLY, Searcher, key};
use crate::eval::Verdict;
use crate::selective::{
    CHECK_EXTENSION_REPLIES, FIRST_REDUCED, FUTILITY_MARGIN, RAZOR_MARGIN, is_proof,
    late_move_reduction, may_pass, null_move_depth,
};

impl Searcher {
    /// The value of `pos` at `ply` searched `depth` plies deep within `(alpha, beta)`: the draw
    /// test, the tables, mate-distance pruning, the table entry, then the moves by principal
    /// variation search with the selective pieces (fail-soft unless the options say
    /// fail-hard).
    pub(super) fn negamax(
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
        let k = key(pos);
        let draw = self.options.draw.draw(ply);
        let (window_alpha, window_beta) = (alpha, beta);
        if self.drawn_by_rule(pos, ply, Some(k), || self.options.knowledge.verdict(pos, 0)) {
            return self.bounded(draw, window_alpha, window_beta);
        }
        if let Some(exact) = self.table_value(pos, ply) {
            return self.bounded(exact, window_alpha, window_beta);
        }
        let (alpha, beta) = if self.delayed_loss() {
            (alpha, beta)
        } else {
            // mate distance pruning: no line from here beats a mate at the next ply
            (alpha.max(Score::mated_in(ply)), beta.min(Score::mate_in(ply + 1)))
        };
        if alpha >= beta {
            return self.bounded(alpha, window_alpha, window_beta);
        }
        if ply >= MAX_SEARCH_PLY {
            return self.quiesce(pos, -1, ply, alpha, beta);
        }
        let hit = self.probe(k, ply, pos.halfmoves(), draw);
        if let Some(h) = hit
            && ply > 0
            && i32::from(h.depth) >= depth
            && h.score.cuts(alpha, beta)
        {
            // the entry may come from a search with a horizon
            self.iteration.horizon = true;
            return self.bounded(h.score.score, window_alpha, window_beta);
        }
        let mut moves = pos.legal_moves();
        if moves.is_empty() {
            let end = if pos.is_check() { self.mated(ply) } else { draw };
            return self.bounded(end, window_alpha, window_beta);
        }
        let in_check = pos.is_check();
        let sel = self.options.selectivity;
        // a forced reply costs nothing to look at more deeply, and mating lines are made of
        // them (at any ply: the line gains depth, never width)
        let single_reply = sel.single_reply_extension && moves.len() == 1;
        let depth = depth + i32::from(single_reply);
        // the selective pieces prune only at null-window nodes below the root whose bounds
        // are no proofs, and never in check
        let prunable = ply > 0
            && beta.get() - alpha.get() == 1
            && !in_check
            && !is_proof(alpha)
            && !is_proof(beta)
            && (sel.null_move || sel.futility);
        let eval = prunable.then(|| self.static_eval(pos, Verdict::Unknown));
        if let Some(v) = self.razor(pos, depth, ply, alpha, beta, eval) {
            return self.bounded(v, window_alpha, window_beta);
        }
        let pass = self.null_move(pos, k, depth, ply, beta, eval);
        if let NullMove::Cut(v) = pass {
            return self.bounded(v, window_alpha, window_beta);
        }
        // passing lost to a mate: the threat deserves a deeper look
        let threatened =
            sel.threat_extension && pass == NullMove::MateThreat && ply < 2 * self.iteration.depth;
        let depth = depth + i32::from(threatened);
        let futile = sel.futility
            && depth == 1
            && eval.is_some_and(|e| e.get() + FUTILITY_MARGIN <= alpha.get());
        let mut picker = self.ordering.picker(pos, &moves, hit.and_then(|h| h.mv), ply);
        // internal iterative reduction: a node the table knows no move for is searched a ply
        // shallower (the next iteration finds it with a move to try first)
        let unknown = sel.internal_reduction && depth >= 4 && hit.and_then(|h| h.mv).is_none();
        let depth = depth - i32::from(unknown);
        self.path.push(k);
        let (original_alpha, mut alpha) = (alpha, alpha);
        let (mut best, mut best_move) = (Score::NEG_INFINITE, None);
        let excluding = ply == 0 && !self.iteration.excluded.is_empty();
        let mut searched = 0;
        while let Some(m) = picker.next(&mut moves) {
            if excluding && self.iteration.excluded.contains(&m) {
                continue;
            }
            let mut next = pos.clone();
            next.play_unchecked(m);
            self.ordering.note_played(ply, m);
            let gives_check = next.is_check();
            let quiet = !m.is_capture() && !m.is_promotion() && !gives_check;
            if futile && searched > 0 && quiet {
                // futility pruning: this move cannot lift the value to alpha
                let ceiling = eval.map_or(alpha, |e| Score::eval(e.get() + FUTILITY_MARGIN));
                best = best.max(ceiling.min(alpha));
                self.iteration.horizon = true;
                self.iteration.pruned = true;
                continue;
            }
            // a check the other side can barely answer, on a line not yet extended beyond
            // twice the iteration's depth
            let extend = sel.check_extension
                && gives_check
                && ply < 2 * self.iteration.depth
                && next.legal_moves().len() <= CHECK_EXTENSION_REPLIES;
            let depth_after = depth - 1 + i32::from(extend);
            let first = searched == 0;
            searched += 1;
            let score = if first {
                -self.child(&next, depth_after, ply + 1, -beta, -alpha)
            } else {
                // a null window first: most moves only need to be shown no better
                let probe = alpha.checked_add(1).unwrap_or(alpha);
                let reduce = sel.late_move_reductions
                    && searched > FIRST_REDUCED
                    && depth >= 3
                    && !in_check
                    && quiet
                    && !self.ordering.is_killer(ply, m);
                let mut s = if reduce {
                    // a late quiet move, searched shallower; searched again if it beats alpha
                    let r = late_move_reduction(depth, searched - 1);
                    self.iteration.horizon = true;
                    self.iteration.pruned = true;
                    -self.child(&next, depth_after - r, ply + 1, -probe, -alpha)
                } else {
                    -self.child(&next, depth_after, ply + 1, -probe, -alpha)
                };
                if reduce && s > alpha && !self.budget.aborted {
                    s = -self.child(&next, depth_after, ply + 1, -probe, -alpha);
                }
                if s > alpha && s < beta && !self.budget.aborted {
                    -self.child(&next, depth_after, ply + 1, -beta, -alpha)
                } else {
                    s
                }
            };
            if self.budget.aborted {
                self.path.pop();
                return Score::ZERO;
            }
            if score > best {
                (best, best_move) = (score, Some(m));
            }
            if ply == 0 && score > alpha && !excluding && self.to_ply_distance(score).is_mate() {
                self.iteration.mate = Some((score, m));
            }
            if score > alpha {
                alpha = score;
            }
            if alpha >= beta {
                self.ordering.remember_cutoff(m, ply, depth);
                if !m.is_capture() && !m.is_promotion() {
                    // the quiet moves tried before it lose the history it gains
                    self.ordering.punish_quiet_moves(&moves[..picker.picked() - 1], depth);
                }
                break;
            }
        }
        self.path.pop();
        if ply == 0 {
            self.iteration.best = best_move;
        }
        if !excluding {
            // a root searched without some of its moves is not the root's value
            let result = BoundedScore::from_window(best, original_alpha, beta);
            self.store(k, ply, result, depth, best_move);
        }
        self.bounded(best, original_alpha, beta)
    }

    /// Razoring: at depth 2 or less, a static value (`eval`, given at prunable nodes only) so
    /// far below alpha that only the quiescence search could save the node; if it does not,
    /// its value settles the node.
    fn razor(
        &mut self,
        pos: &Chess,
        depth: i32,
        ply: u32,
        alpha: Score,
        beta: Score,
        eval: Option<Score>,
    ) -> Option<Score> {
        let margin = *RAZOR_MARGIN.get(usize::try_from(depth).ok()?)?;
        let e = eval?;
        if !self.options.selectivity.futility || e.get() + margin >= alpha.get() {
            return None;
        }
        let v = self.quiesce(pos, 0, ply, alpha, beta);
        self.iteration.horizon = true;
        self.iteration.pruned |= v <= alpha;
        (v <= alpha || self.budget.aborted).then_some(if self.budget.aborted {
            Score::ZERO
        } else {
            v
        })
    }

    /// Null-move pruning (see [`crate::selective`]): the node fails high without searching
    /// its moves when passing, searched [`null_move_depth`] deep, still holds `beta`. Returns
    /// the value to cut with (never a proof: a pass proves nothing), or whether the pass was
    /// answered by a mate (or a known win) against the side that passed.
    fn null_move(
        &mut self,
        pos: &Chess,
        k: u64,
        depth: i32,
        ply: u32,
        beta: Score,
        eval: Option<Score>,
    ) -> NullMove {
        let ply_index = ply as usize;
        if !self.options.selectivity.null_move
            || depth < 3
            || eval.is_none_or(|e| e < beta)
            || self.passed[ply_index]
            || !may_pass(pos)
        {
            return NullMove::NoCut;
        }
        let (Ok(passed), Some(below)) = (pos.clone().swap_turn(), beta.checked_sub(1)) else {
            return NullMove::NoCut;
        };
        self.path.push(k);
        self.ordering.note_pass(ply);
        self.passed[ply_index + 1] = true;
        let v = -self.child(&passed, null_move_depth(depth), ply + 1, -beta, -below);
        self.passed[ply_index + 1] = false;
        self.path.pop();
        if self.budget.aborted {
            return NullMove::Cut(Score::ZERO);
        }
        self.iteration.horizon = true;
        if v >= beta {
            self.iteration.pruned = true;
            NullMove::Cut(if v.is_heuristic() { v } else { beta })
        } else if v < LOSS_THRESHOLD {
            NullMove::MateThreat
        } else {
            NullMove::NoCut
        }
    }
}

/// What a null move found ([`Searcher::null_move`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum NullMove {
    /// Passing still holds beta: the node fails high with this value.
    Cut(Score),
    /// The opponent answers the pass with a mate (or a known win).
    MateThreat,
    /// No cut and no threat (or no pass tried).
    NoCut,
}
