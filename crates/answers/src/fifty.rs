//! The 50-move rule in the lesson: the rules know no clock, so the explanation, the plan and
//! the coach's verdicts are set right here for the halfmove clock of the position asked. The
//! category is `/standard`'s ([`Category::of_ending`]); where the rule decides (a cursed win,
//! a blessed loss) the why says so, and when the draw can be claimed; each move is judged by
//! its result under the rule; where the win must push its pawn in time, the plan is a move that
//! does.
//!
//! ```
//! use kpk_answers::category::Category;
//! use kpk_answers::fifty;
//! let pos = kpk_shakmaty::fen::parse("4k3/8/8/8/8/8/4P3/4K3 w - - 95 1").unwrap().position;
//! assert_eq!(Category::of_ending(&pos, 95), Category::CursedWin);
//! let why = fifty::why(&pos, 95).unwrap();
//! assert_eq!(
//!     why,
//!     "Draw by the 50-move rule: White's next winning pawn move is 5 moves away, but Black can claim the draw after 3 more White moves"
//! );
//! ```

use kpk::dtz::{self, FIFTY_MOVES};
use kpk::{Endgame, Move, Wdl, dtm};
use kpk_rules::{Aim, Idea, Verdict as Kind};

use crate::category::{Category, Standing};
use crate::notation::Notation;
use crate::plan::{JudgedMove, PlannedMove};
use crate::words;

/// The result under the rule for the side that plays `mv` in `pos` with `halfmoves` on the
/// clock: the category of the position after it (from the other side) turned round.
fn result_of(pos: &Endgame, halfmoves: u32, mv: Move) -> Option<Wdl> {
    let after = pos.play(mv).ok()?;
    let clock = dtz::clock_after(halfmoves, pos.is_zeroing(mv));
    let category = Standing::of_ending(&after, dtz::probe(&after)).category(halfmoves, clock);
    Some(match category {
        Category::Loss => Wdl::Win,
        Category::Win => Wdl::Loss,
        _ => Wdl::Draw,
    })
}

/// What the side with the extra man must reach in time: a pawn move that keeps the win (a
/// pawn pushed too soon may be lost, or draw), or mate.
fn goal(pos: &Endgame) -> &'static str {
    match pos.extra() {
        Some((kpk::Role::Pawn, _)) => "next winning pawn move",
        _ => "mate",
    }
}

/// `n` moves in words: `1 move`, `3 moves`.
fn moves_word(n: u32) -> String {
    if n == 1 { "1 move".to_string() } else { format!("{n} moves") }
}

/// Where the rule decides `pos` with `halfmoves` on the clock (a cursed win or a blessed loss:
/// the tables' win comes too late), the clause that says so: how many moves away the winning
/// side's next pawn move that keeps the win is (or its mate), against the best defence, and
/// when the defender can claim the draw; `None` where the rule decides nothing.
#[must_use]
pub fn why(pos: &Endgame, halfmoves: u32) -> Option<String> {
    let category = Category::of_ending(pos, halfmoves);
    if !matches!(category, Category::CursedWin | Category::BlessedLoss) {
        return None;
    }
    let strong = words::side(pos.strong_side());
    let weak = words::side(pos.strong_side().other());
    let strong_to_move = pos.side_to_move() == pos.strong_side();
    // the strong side's moves until it zeroes (or mates) against the best defence
    let away = dtz::probe(pos).plies().unsigned_abs().div_ceil(2);
    // the strong side's moves before the clock reaches a hundred
    let left = FIFTY_MOVES.saturating_sub(halfmoves);
    let before = if strong_to_move { left.div_ceil(2) } else { left / 2 };
    let goal = goal(pos);
    Some(if pos.is_checkmate() {
        // a mate that comes after the clock has reached a hundred: the draw came first
        "Draw by the 50-move rule: the draw could be claimed before this mate".to_string()
    } else if before == 0 {
        format!(
            "Draw by the 50-move rule: the draw can already be claimed, and {strong}'s {goal} is {} \
             away",
            moves_word(away)
        )
    } else {
        format!(
            "Draw by the 50-move rule: {strong}'s {goal} is {} away, but {weak} can claim the \
             draw after {} more {strong} {}",
            moves_word(away),
            before,
            if before == 1 { "move" } else { "moves" }
        )
    })
}

/// The why of `pos` with `halfmoves` on the clock: where the rule decides, its clause and then
/// what would decide without it (`why_text`, the rules' why, which knows no clock); else the
/// rules' why as it is.
#[must_use]
pub fn reason(pos: &Endgame, halfmoves: u32, why_text: &str) -> String {
    match why(pos, halfmoves) {
        None => why_text.to_string(),
        Some(rule) => {
            let wins = format!("{} wins: ", words::side(pos.strong_side()));
            match why_text.strip_prefix(&wins) {
                Some(rest) => format!("{rule}; without the rule, {rest}"),
                None => format!("{rule}. Without the rule: {why_text}"),
            }
        }
    }
}

/// The coach's verdicts on every move of `pos` (`moves`, judged by the rules, which know no
/// clock) set right for `halfmoves` on the clock: where the rule changes any move's result,
/// every move is judged by its result under the rule (the only move that keeps the best result
/// is marked `!`, one that throws it `?`), and a move whose result or verdict changes is said in
/// the rule's words.
#[must_use]
pub fn judged(pos: &Endgame, halfmoves: u32, mut moves: Vec<JudgedMove>) -> Vec<JudgedMove> {
    let legal = pos.legal_moves();
    let results: Vec<Option<Wdl>> = moves
        .iter()
        .map(|m| {
            let mv = legal.iter().copied().find(|&l| Notation::uci(l) == m.uci.as_str())?;
            result_of(pos, halfmoves, mv)
        })
        .collect();
    if moves.iter().zip(&results).all(|(m, r)| *r == Some(m.verdict.result)) {
        return moves;
    }
    let rank = |w: Wdl| match w {
        Wdl::Loss => 0,
        Wdl::Draw => 1,
        Wdl::Win => 2,
    };
    let best = results.iter().flatten().map(|&w| rank(w)).max().unwrap_or(0);
    let keeping = results.iter().flatten().filter(|&&w| rank(w) == best).count();
    let goal = goal(pos);
    let strong = words::side(pos.strong_side());
    for (m, r) in moves.iter_mut().zip(results) {
        let Some(result) = r else { continue };
        let kind = if rank(result) < best {
            Kind::Throws
        } else if keeping == 1 && legal.len() > 1 {
            Kind::Only
        } else {
            Kind::Keeps
        };
        let v = &mut m.verdict;
        if kind == v.kind && result == v.result {
            continue;
        }
        let tables = v.result;
        v.say(match (kind, result, tables) {
            (Kind::Throws, Wdl::Draw, _) => {
                format!("throws the win away: the {goal} comes after the 50-move rule draws")
            }
            (Kind::Throws, Wdl::Loss, _) => {
                format!("loses: {strong} wins in time, before the 50-move rule can draw")
            }
            (Kind::Only, Wdl::Win, _) => {
                format!("only move: the {goal} comes in time, before the 50-move rule draws")
            }
            (Kind::Only, Wdl::Draw, Wdl::Loss) => {
                "only move: it holds the draw by the 50-move rule".to_string()
            }
            (_, Wdl::Draw, Wdl::Win) => {
                format!("draws by the 50-move rule, as every move does: the {goal} comes too late")
            }
            (_, Wdl::Draw, Wdl::Loss) => "holds the draw by the 50-move rule".to_string(),
            (_, Wdl::Draw, _) => "draws, as every move does under the 50-move rule".to_string(),
            (_, Wdl::Win, _) => {
                format!("also wins: the {goal} comes before the 50-move rule draws")
            }
            (_, Wdl::Loss, _) => "loses, as every move does".to_string(),
        });
        v.kind = kind;
        v.mark = kind.mark();
        v.result = result;
        v.idea = Some(Idea::FiftyMoveRule);
        v.refutation = None;
    }
    moves
}

/// The best result under the rule for the side to move in `pos`, and the first move that keeps
/// it in `/standard`'s order (the quickest win the rule allows, the longest defence, a move that
/// keeps the draw), where the rule changes the result of any move; `None` where it changes none.
fn best_under_rule(pos: &Endgame, halfmoves: u32) -> Option<(Wdl, Move)> {
    let changed = dtm::outcomes(pos).any(|o| {
        let plain = match o.dtm {
            None => Wdl::Draw,
            Some(d) if d.is_win() => Wdl::Loss,
            Some(_) => Wdl::Win,
        };
        result_of(pos, halfmoves, o.mv) != Some(plain)
    });
    if !changed {
        return None;
    }
    let probe = crate::probe::Probe::from_tables(pos, halfmoves);
    let first = probe.moves.first()?;
    let mv = pos.legal_moves().iter().copied().find(|&m| Notation::uci(m) == first.uci.as_str())?;
    Some((result_of(pos, halfmoves, mv)?, mv))
}

/// The quickest mate the rule allows `pos` with `halfmoves` on the clock ([`dtz::dtm50`]),
/// where it is slower than the plain one (the win must push its pawn sooner than the fastest
/// mate would); `None` where the rule changes nothing of the mate, or allows none.
#[must_use]
pub fn slower_mate(pos: &Endgame, halfmoves: u32) -> Option<dtm::Dtm> {
    let plain = dtm::probe(pos)?;
    // the whole plain line fits before the clock reaches a hundred: nothing to change
    if halfmoves == 0 || halfmoves + plain.plies().unsigned_abs() <= FIFTY_MOVES {
        return None;
    }
    dtz::dtm50(pos, halfmoves).filter(|d| *d != plain)
}

/// The tables' first move of `pos` (`first`, chosen without the clock) set right for
/// `halfmoves` on the clock: where the rule slows the fastest mate, the first move of the
/// quickest mate it allows ([`dtz::line50`]); where `first` does not keep the best result the
/// rule allows, the first move in `/standard`'s order that does.
#[must_use]
pub fn first_move(pos: &Endgame, halfmoves: u32, first: Option<Move>) -> Option<Move> {
    let first = first?;
    if slower_mate(pos, halfmoves).is_some() {
        return dtz::line50(pos, halfmoves).first().map(|o| o.mv);
    }
    match best_under_rule(pos, halfmoves) {
        Some((best, mv)) if result_of(pos, halfmoves, first) != Some(best) => Some(mv),
        _ => Some(first),
    }
}

/// The plan of `pos` (`plan`, the rules', which know no clock) set right for `halfmoves` on
/// the clock: where its move keeps the best result the rule allows, it stays; where it does not
/// (the win must push its pawn sooner, or the defence can hold out until the draw is claimed),
/// the plan is the first move in `/standard`'s order that does, said in the rule's words.
#[must_use]
pub fn planned(pos: &Endgame, halfmoves: u32, plan: Option<PlannedMove>) -> Option<PlannedMove> {
    let plan = plan?;
    let Some((best, mv)) = best_under_rule(pos, halfmoves) else { return Some(plan) };
    if result_of(pos, halfmoves, plan.mv) == Some(best) {
        return Some(plan);
    }
    let reason = match best {
        Wdl::Win if pos.is_zeroing(mv) => {
            "the pawn moves in time: any slower move lets the 50-move rule draw".to_string()
        }
        Wdl::Win => format!("the quickest way to the {} before the 50-move rule draws", goal(pos)),
        _ => "the defence holds out until the 50-move rule draws".to_string(),
    };
    Some(PlannedMove {
        mv,
        uci: Notation::uci(mv),
        san: Notation::san(pos, mv),
        aim: Aim::InTime,
        reason,
        idea: Idea::FiftyMoveRule,
        progress: plan.progress,
    })
}
