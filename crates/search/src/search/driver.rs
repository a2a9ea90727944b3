//! The root: iterative deepening with aspiration windows or MTD(f), multi-PV lines, a root of
//! at most three men answered from the tables, and what is reported after each iteration.

use std::sync::Arc;

use kpk_score::{Bound, Score};
use shakmaty::uci::UciMove;
use shakmaty::{Chess, Move, Position};

use super::{Budget, Driver, Info, Iteration, Limits, MAX_SEARCH_PLY, SearchResult, Searcher, key};
use crate::selective::ASPIRATION_WINDOW;
use crate::tt::PackedMove;
use kpk_shakmaty::to_endgame;

impl Searcher {
    /// The path starts again at the root, after the game's positions `history`.
    fn restart_path(&mut self, history: &[u64]) {
        self.path.clear();
        self.path.extend_from_slice(history);
    }

    /// Searches `root`, reached after the game positions whose keys are `history` (oldest
    /// first; repeating one of them is a draw), until a limit is reached or the stop flag is
    /// raised (see [`Searcher::stop_flag`]). `on_info` hears of every completed iteration (and MTD(f) pass).
    pub fn run(
        &mut self,
        root: &Chess,
        history: &[u64],
        limits: Limits,
        on_info: &mut dyn FnMut(&Info),
    ) -> SearchResult {
        self.tt.new_search();
        self.budget = Budget::new(limits, Arc::clone(&self.budget.stop));
        let max_depth = limits.depth.map_or(MAX_SEARCH_PLY, u32::from).clamp(1, MAX_SEARCH_PLY);
        let legal = root.legal_moves();
        let mut result = SearchResult {
            score: Score::ZERO,
            best: legal.first().copied(),
            pv: legal.first().copied().into_iter().collect(),
            depth: 0,
            seldepth: 0,
            nodes: 0,
            passes: 0,
        };
        if self.options.root_dtm
            && let Some(answer) = self.root_from_tables(root, on_info)
        {
            return answer;
        }
        if let Some(answer) = self.root_from_syzygy(root, on_info) {
            return answer;
        }
        if let Some(answer) = self.root_from_plan(root, on_info) {
            return answer;
        }
        let mut guess = Score::ZERO;
        // the last mate reported, with its line: a deeper iteration that finds the same adds
        // nothing and is not reported again (the search goes on: it may find a quicker mate)
        let mut reported_mate: Option<(Score, Vec<Move>)> = None;
        for d in 1..=max_depth {
            let d8 = u8::try_from(d).unwrap_or(u8::MAX);
            self.iteration = Iteration::new(d);
            self.restart_path(history);
            let raw = match self.options.driver {
                Driver::Pvs => self.aspirated(root, d.cast_signed(), guess),
                Driver::Mtdf => self.mtdf(root, d8, guess, &mut result.passes, on_info),
            };
            if self.budget.aborted {
                self.stopped_on_a_mate(root, d8, &mut result, on_info);
                break;
            }
            guess = raw;
            let score = self.to_ply_distance(raw);
            let pv = self.principal_variation(root, d + 8);
            result = SearchResult {
                score,
                best: pv.first().copied().or(result.best),
                pv: if pv.is_empty() { result.pv } else { pv },
                depth: d8,
                seldepth: self.budget.seldepth,
                nodes: self.budget.nodes,
                passes: result.passes,
            };
            if self.options.multi_pv > 1 && !legal.is_empty() {
                // every line of the iteration, reported best first: with the table and the
                // selective pieces a later line's search can find more than an earlier one
                let mut lines = vec![(score, result.pv.clone())];
                self.more_lines(root, history, d, &result, &mut lines);
                lines.sort_by_key(|(s, _)| core::cmp::Reverse(*s));
                for (rank, (s, pv)) in (1..).zip(&lines) {
                    let mut info = self.info(d8, *s, Bound::Exact, pv.clone());
                    info.multipv = rank;
                    on_info(&info);
                }
                result.score = lines[0].0;
                result.best = lines[0].1.first().copied().or(result.best);
                result.pv = lines.swap_remove(0).1;
                if self.budget.aborted {
                    break;
                }
            } else {
                let same_mate =
                    reported_mate.as_ref().is_some_and(|(s, pv)| *s == score && *pv == result.pv);
                if !same_mate {
                    on_info(&self.info(d8, score, Bound::Exact, result.pv.clone()));
                }
            }
            reported_mate = result.score.mate().map(|_| (result.score, result.pv.clone()));
            self.budget.can_abort = true;
            // an exhausted tree (every line ended in a position decided exactly: mate,
            // stalemate, a draw by rule or by the endgame knowledge) gives the same answer at
            // every depth: a drawn KPK root answers at depth 1, not 120 times
            if legal.is_empty() || !self.iteration.horizon || self.done_after_iteration(score, d) {
                break;
            }
        }
        result.nodes = self.budget.nodes;
        result
    }

    /// A search stopped during the iteration at `depth` after one of the root's moves was
    /// shown to mate: that mate, a lower bound on the root's value (it is real: no piece of
    /// the selective search skips a defence at a proof bound), replaces a lesser result and is
    /// reported, so the nodes spent finding it are not lost.
    fn stopped_on_a_mate(
        &mut self,
        root: &Chess,
        depth: u8,
        result: &mut SearchResult,
        on_info: &mut dyn FnMut(&Info),
    ) {
        let Some((raw, m)) = self.iteration.mate else { return };
        let score = self.to_ply_distance(raw);
        if score <= result.score {
            return;
        }
        let pv = self.line_from(root, m, u32::from(depth) + 7);
        *result = SearchResult {
            score,
            best: Some(m),
            pv,
            depth,
            seldepth: self.budget.seldepth,
            nodes: self.budget.nodes,
            passes: result.passes,
        };
        on_info(&self.info(depth, score, Bound::Lower, result.pv.clone()));
    }

    /// One PVS iteration at `depth`: with aspiration windows on, from depth 4 and a heuristic
    /// `guess`, a window of [`ASPIRATION_WINDOW`] around it, four times wider after each
    /// failure, and the full window once it would span 1,000 centipawns or the guess is a
    /// proof; otherwise the full window at once.
    fn aspirated(&mut self, root: &Chess, depth: i32, guess: Score) -> Score {
        let full = (Score::NEG_INFINITE, Score::INFINITE);
        let aspire = self.options.selectivity.aspiration && depth >= 4 && guess.is_heuristic();
        let mut width = ASPIRATION_WINDOW;
        let (mut alpha, mut beta) = if aspire {
            (Score::eval(guess.get() - width), Score::eval(guess.get() + width))
        } else {
            full
        };
        loop {
            let v = self.negamax(root, depth, 0, alpha, beta);
            if self.budget.aborted || (alpha < v && v < beta) || (alpha, beta) == full {
                return v;
            }
            width *= 4;
            if width >= 500 {
                (alpha, beta) = full;
            } else if v <= alpha {
                // a window bound at the edge of the evaluations lets a proof through
                alpha = if v.is_heuristic() { Score::eval(v.get() - width) } else { full.0 };
            } else {
                beta = if v.is_heuristic() { Score::eval(v.get() + width) } else { full.1 };
            }
            // an evaluation bound at the band's edge would hide a proof beyond it
            if alpha == Score::EVAL_MIN {
                alpha = full.0;
            }
            if beta == Score::EVAL_MAX {
                beta = full.1;
            }
        }
    }

    /// The lines after the first of a multi-PV iteration at depth `d`: each a full-window
    /// search of the root with the first moves of the lines before it excluded, added to
    /// `lines` (value and line), until [`Options::multi_pv`] lines or the legal moves are used
    /// up, or the search is stopped.
    fn more_lines(
        &mut self,
        root: &Chess,
        history: &[u64],
        d: u32,
        first: &SearchResult,
        lines: &mut Vec<(Score, Vec<Move>)>,
    ) {
        let legal = root.legal_moves().len();
        self.iteration.excluded = first.best.into_iter().collect();
        for _ in 2..=self.options.multi_pv {
            if self.iteration.excluded.len() >= legal {
                break;
            }
            self.restart_path(history);
            self.iteration.best = None;
            let raw = self.negamax(root, d.cast_signed(), 0, Score::NEG_INFINITE, Score::INFINITE);
            let Some(best) = self.iteration.best.filter(|_| !self.budget.aborted) else { break };
            let pv = self.line_from(root, best, d + 7);
            lines.push((self.to_ply_distance(raw), pv));
            self.iteration.excluded.push(best);
        }
        self.iteration.excluded.clear();
    }

    /// The tables' answer for a root of at most three men, under the 50-move rule from the
    /// root's clock: the quickest mate the rule allows ([`kpk::dtz::dtm50`]) with its line and
    /// exact mate score; where the rule or the position draws, the draw policy's draw and the
    /// DTZ-optimal move (a cursed win still presses, a drawn position keeps its draw).
    fn root_from_tables(
        &mut self,
        root: &Chess,
        on_info: &mut dyn FnMut(&Info),
    ) -> Option<SearchResult> {
        let ending = to_endgame(root)?;
        let clock = root.halfmoves();
        let mate = kpk::dtz::dtm50(&ending, clock);
        let line: Vec<kpk::Move> = match mate {
            Some(_) => kpk::dtz::line50(&ending, clock).iter().map(|o| o.mv).collect(),
            None => kpk::dtz::outcomes(&ending).next().map(|o| o.mv).into_iter().collect(),
        };
        let mut pv = Vec::new();
        let mut pos = root.clone();
        for mv in line.into_iter().take(usize::try_from(MAX_SEARCH_PLY).unwrap_or(usize::MAX)) {
            let uci = mv.to_string();
            let Some(found) = pos
                .legal_moves()
                .into_iter()
                .find(|c| UciMove::from_standard(*c).to_string() == uci)
            else {
                break;
            };
            pos.play_unchecked(found);
            pv.push(found);
        }
        let score = match mate {
            Some(d) if d.plies() > 0 => Score::mate_in(d.plies().unsigned_abs()),
            Some(d) if d.plies() < 0 => Score::mated_in(d.plies().unsigned_abs()),
            Some(_) => Score::mated_in(0),
            None => self.options.draw.draw(0),
        };
        let best = pv.first().copied().or_else(|| root.legal_moves().first().copied());
        let lines = self.options.multi_pv.max(1);
        let mut info = self.info(1, score, Bound::Exact, pv.clone());
        info.multipv = u8::from(lines > 1);
        on_info(&info);
        if lines > 1 {
            // the other moves by their exact values, best first, each with its first move
            let mut others: Vec<(Score, Move)> = root
                .legal_moves()
                .into_iter()
                .filter(|m| Some(*m) != best)
                .filter_map(|m| {
                    let mut after = root.clone();
                    after.play_unchecked(m);
                    let v = self.table_exact(&after, 1)?;
                    Some((self.to_ply_distance(-v), m))
                })
                .collect();
            others.sort_by_key(|&(v, _)| core::cmp::Reverse(v));
            for (rank, (v, m)) in (2..=lines).zip(others) {
                let mut info = self.info(1, v, Bound::Exact, vec![m]);
                info.multipv = rank;
                on_info(&info);
            }
        }
        Some(SearchResult { score, best, pv, depth: 1, seldepth: 0, nodes: 0, passes: 0 })
    }

    pub(super) fn info(&self, depth: u8, score: Score, bound: Bound, pv: Vec<Move>) -> Info {
        Info {
            depth,
            // an iteration of depth d looks d plies ahead at least, even where it stops early
            // (a root answered by the tables, a line cut by a table value)
            seldepth: self.budget.seldepth.max(u32::from(depth)),
            score: self.options.draw.report(score),
            bound,
            nodes: self.budget.nodes,
            time: self.budget.start.elapsed(),
            hashfull: self.tt.hashfull(),
            pv,
            tbhits: self.budget.tbhits,
            multipv: 0,
        }
    }

    /// Whether a completed iteration ends the search.
    fn done_after_iteration(&self, score: Score, depth: u32) -> bool {
        if let Some(m) = score.mate() {
            // a mate within the horizon of a full-width iteration: deeper iterations cannot
            // shorten it (after reductions or pruning they may)
            if m.plies() <= depth && !self.iteration.pruned {
                return true;
            }
            if let (Some(limit), Some(n)) = (self.budget.limits.mate, score.uci_mate_moves())
                && n > 0
                && n.unsigned_abs() <= limit
            {
                return true;
            }
        }
        // the next iteration takes longer than all before it: do not start what cannot end
        self.budget.limits.time.is_some_and(|t| self.budget.start.elapsed() * 2 > t)
    }

    /// One MTD(f) iteration: null-window passes `(beta - 1, beta)` from `guess` until the
    /// bounds `lower` and `upper` on the root's value meet.
    ///
    /// **The rule for passes that contradict each other.** With a transposition table the
    /// passes are not searches of one fixed tree: an entry of greater depth than the pass
    /// needs (the usual cause), an entry replaced between passes, or a result that depends on
    /// what the key does not hold (the path for repetition draws, the ply for Cray Blitz
    /// draws, the halfmove clock for the 50-move rule and its guard) can make a pass return a
    /// fail-soft value beyond a bound an earlier pass proved: a fail low below `lower`, a fail
    /// high above `upper`. So a pass is trusted only for the direction of its test, and its
    /// magnitude is clipped into the bounds already known:
    ///
    /// - fail high (`g >= beta`): `lower = max(beta, min(g, upper))`;
    /// - fail low (`g < beta`): `upper = min(beta - 1, max(g, lower))`.
    ///
    /// Since every probe satisfies `lower < beta <= upper`, both updates keep
    /// `lower <= upper` and move one bound strictly past its old place, so the interval
    /// narrows at every pass and the loop ends. When the passes are consistent the clipping
    /// changes nothing, and the result is the value a full-window search finds.
    fn mtdf(
        &mut self,
        root: &Chess,
        depth: u8,
        guess: Score,
        passes: &mut u32,
        on_info: &mut dyn FnMut(&Info),
    ) -> Score {
        let (mut lower, mut upper) = (Score::NEG_INFINITE, Score::INFINITE);
        let mut guess = guess;
        while lower < upper {
            // a probe strictly above the lower bound and not above the upper one
            let beta = guess.max(lower.checked_add(1).unwrap_or(upper)).min(upper);
            let below = beta.checked_sub(1).unwrap_or(beta);
            let g = self.negamax(root, i32::from(depth), 0, below, beta);
            if self.budget.aborted {
                return lower;
            }
            *passes += 1;
            // the rule above: the test's direction is kept, g is clipped into the known bounds
            let bound = if g < beta {
                upper = g.max(lower).min(below);
                Bound::Upper
            } else {
                lower = g.min(upper).max(beta);
                Bound::Lower
            };
            debug_assert!(lower <= upper, "{lower:?} > {upper:?} after g = {g:?} at {beta:?}");
            guess = g.clamp(lower, upper);
            if lower < upper {
                let reported = if bound == Bound::Upper { upper } else { lower };
                let pv = self.principal_variation(root, u32::from(depth));
                on_info(&self.info(depth, self.to_ply_distance(reported), bound, pv));
            }
        }
        lower
    }

    /// The line that starts with the root move `m`, then follows the table for at most
    /// `max_len` more moves.
    fn line_from(&self, root: &Chess, m: Move, max_len: u32) -> Vec<Move> {
        let mut after = root.clone();
        after.play_unchecked(m);
        let mut line = vec![m];
        line.extend(self.principal_variation(&after, max_len));
        line
    }

    /// The moves the table holds from the root on, as long as they are legal and do not
    /// repeat a position.
    fn principal_variation(&self, root: &Chess, max_len: u32) -> Vec<Move> {
        let mut pv = Vec::new();
        let mut pos = root.clone();
        let mut seen = vec![key(root)];
        while pv.len() < max_len as usize {
            let Some(stored) = self.tt.probe_stored(key(&pos)).and_then(|h| h.mv) else { break };
            let Some(m) =
                pos.legal_moves().into_iter().find(|&m| PackedMove::of(m) == Some(stored))
            else {
                break;
            };
            pos.play_unchecked(m);
            pv.push(m);
            let k = key(&pos);
            if seen.contains(&k) {
                break;
            }
            seen.push(k);
        }
        pv
    }
}
