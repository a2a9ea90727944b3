//! The 50-move rule in the lesson, over every legal KPK position at halfmove clocks of 0, 50,
//! 90, 99 and 100, and a sample of KQK and KRK (exhaustive for KPK: release profile only, which
//! the README's test command uses). The rule is written out here by hand, from the DTZ and the
//! clock as lichess states it (`by_hand`, `result_by_hand`), apart from the answers' code:
//! - the explanation's category is the rule's, and `/standard`'s (`Probe::from_tables`, what
//!   `kpk probe --json` prints);
//! - where the rule decides (a cursed win, a blessed loss) the why says so first and names the
//!   idea, its counts read back from the DTZ and the clock (the win's moves to its next winning
//!   pawn move or mate, more than its moves before the claim), and nowhere else speaks of it;
//! - every move's verdict is its result under the rule (no "keeps the win" where the rule
//!   draws); the plan's move and the footer's keep the best result the rule allows; in a lost
//!   position the plan is a longest defence by the tables, the move the footer names.
#![cfg(not(debug_assertions))]

use kpk::{Endgame, KpkPosition, Role, Wdl};
use kpk_answers::category::Category;
use kpk_answers::explain::Explanation;
use kpk_answers::probe::Probe;
use kpk_rules::Idea;
use kpk_testkit::{XorShift, random_ending};

/// The clocks every position is explained at.
const CLOCKS: [u32; 5] = [0, 50, 90, 99, 100];

/// The category of `pos` with `clock` on its clock by the rule as lichess states it: a mate
/// stands if the clock before the mating move was below 100; a decisive DTZ is in time if
/// DTZ + clock <= 100 and the clock before the last move was below 100.
fn by_hand(pos: &Endgame, clock: u32) -> Category {
    if pos.is_checkmate() {
        return if clock.saturating_sub(1) < 100 { Category::Loss } else { Category::BlessedLoss };
    }
    let dtz = kpk::dtz::probe(pos).plies();
    if dtz == 0 {
        return Category::Draw;
    }
    let in_time = clock.saturating_sub(1) < 100 && dtz.unsigned_abs() + clock <= 100;
    match (dtz > 0, in_time) {
        (true, true) => Category::Win,
        (true, false) => Category::CursedWin,
        (false, true) => Category::Loss,
        (false, false) => Category::BlessedLoss,
    }
}

/// The result of `mv` for its mover by the rule written out: the position after it, with the
/// clock after it (0 after a pawn move or a capture) and `clock` before it.
fn result_by_hand(pos: &Endgame, clock: u32, mv: kpk::Move) -> Wdl {
    let after = pos.play(mv).unwrap();
    if after.is_checkmate() {
        return if clock < 100 { Wdl::Win } else { Wdl::Draw };
    }
    let dtz = kpk::dtz::probe(&after).plies();
    let clock_after = if pos.is_zeroing(mv) { 0 } else { clock + 1 };
    let in_time = clock < 100 && dtz.unsigned_abs() + clock_after <= 100;
    match (dtz, in_time) {
        (0, _) | (_, false) => Wdl::Draw,
        (d, true) if d < 0 => Wdl::Win,
        _ => Wdl::Loss,
    }
}

/// The number before `words` in `text` (`5` of "is 5 moves away" for " moves away").
fn number_before(text: &str, words: &str) -> Option<u32> {
    let at = text.find(words)?;
    text[..at].rsplit(' ').next()?.parse().ok()
}

/// The KQK and KRK positions sampled, each ending.
const SAMPLE: usize = 3_000;

/// The most words a why may have where the rule decides (its clause, then the why without it,
/// whose line is written whole).
const MAX_RULE_WHY_WORDS: usize = 72;

/// A move's result for its mover, from the category of the position after it.
fn mover_result(after: Category) -> Wdl {
    match after {
        Category::Loss => Wdl::Win,
        Category::Win => Wdl::Loss,
        _ => Wdl::Draw,
    }
}

/// What one share of the positions counted.
#[derive(Default)]
struct Counts {
    explained: u64,
    rule_decides: u64,
    moves: u64,
    rule_judged: u64,
    plans_in_time: u64,
    lost: u64,
    longest_why: usize,
    problems: Vec<String>,
}

fn check(pos: &Endgame, clock: u32, c: &mut Counts) {
    let placement = pos.to_string();
    let fields: Vec<&str> = placement.split(' ').collect();
    let fen = format!("{} {} - - {clock} 1", fields[0], fields[1]);
    let parsed = kpk_shakmaty::fen::parse(&fen).unwrap();
    let e = Explanation::of(&fen, &parsed);
    let probe = Probe::from_tables(pos, clock);
    c.explained += 1;
    let mut problem = |what: String| {
        if c.problems.len() < 20 {
            c.problems.push(format!("{fen}: {what}"));
        }
    };
    let category = by_hand(pos, clock);
    if e.category != category || probe.outcome.category != category {
        problem(format!(
            "category {:?}, /standard {:?}, the rule {category:?}",
            e.category, probe.outcome.category
        ));
    }
    let decided = matches!(category, Category::CursedWin | Category::BlessedLoss);
    if decided {
        c.rule_decides += 1;
        if !e.reason.starts_with("Draw by the 50-move rule: ") || e.idea != Idea::FiftyMoveRule {
            problem(format!("the rule decides, the why says: {}", e.reason));
        }
        // the counts read back: the win's moves to its goal, more than it has before the claim
        if !pos.is_checkmate() {
            let away = kpk::dtz::probe(pos).plies().unsigned_abs().div_ceil(2);
            let said =
                number_before(&e.reason, " move away").or(number_before(&e.reason, " moves away"));
            let before = number_before(&e.reason, " more ").unwrap_or(0);
            if said != Some(away) || before >= away {
                problem(format!("{away} moves away by the DTZ; the why: {}", e.reason));
            }
        }
        c.longest_why = c.longest_why.max(e.reason.split_whitespace().count());
    } else if e.reason.contains("50-move") || e.idea == Idea::FiftyMoveRule {
        problem(format!("the rule decides nothing, the why says: {}", e.reason));
    }
    // each move's verdict is its result under the rule (written out here), and /standard's
    let legal = pos.legal_moves();
    let results: Vec<(String, Wdl)> =
        legal.iter().map(|&mv| (mv.to_string(), result_by_hand(pos, clock, mv))).collect();
    for m in &probe.moves {
        let by_rule = results.iter().find(|(u, _)| u.as_str() == m.uci.as_str()).map(|(_, w)| *w);
        if by_rule != Some(mover_result(m.after.category)) {
            problem(format!("{}: /standard {:?}, the rule {by_rule:?}", m.san, m.after.category));
        }
    }
    let rank = |w: Wdl| match w {
        Wdl::Loss => 0,
        Wdl::Draw => 1,
        Wdl::Win => 2,
    };
    let best = results.iter().map(|(_, w)| rank(*w)).max();
    let result_of = |uci: &str| results.iter().find(|(u, _)| u == uci).map(|(_, w)| *w);
    for m in &e.moves {
        c.moves += 1;
        if m.verdict.idea == Some(Idea::FiftyMoveRule) {
            c.rule_judged += 1;
        }
        match result_of(m.uci.as_str()) {
            Some(w) if w == m.verdict.result => {}
            w => problem(format!(
                "{}: {:?} under the rule, the coach says {}",
                m.san, w, m.verdict.reason
            )),
        }
        let throws = m.verdict.kind == kpk_rules::Verdict::Throws;
        if throws != (Some(rank(m.verdict.result)) < best) {
            problem(format!("{} marked {:?}: {}", m.san, m.verdict.kind, m.verdict.reason));
        }
    }
    if let Some(plan) = &e.plan {
        if result_of(plan.uci.as_str()).map(rank) != best {
            problem(format!(
                "the plan {} does not keep the best result: {}",
                plan.san, plan.reason
            ));
        }
        if plan.idea == Idea::FiftyMoveRule {
            c.plans_in_time += 1;
        }
    }
    if let Some(first) = &e.first_move
        && result_of(first.uci.as_str()).map(rank) != best
    {
        problem(format!("the footer's {} does not keep the best result", first.san));
    }
    // a lost position: the plan is a longest defence by the tables, the footer's move
    if pos.as_kpk().is_some() && probe.outcome.category == Category::Loss && !probe.moves.is_empty()
    {
        c.lost += 1;
        let same = e.plan.as_ref().map(|p| p.uci) == e.first_move.as_ref().map(|f| f.uci);
        let plan = e.plan.as_ref().map(|p| p.uci.to_string());
        // the longest defence: by the plain distance to mate, or where the rule slows the mate
        // the defence of the quickest mate it allows (kpk's line50)
        let longest = if e.dtm50.is_some() {
            kpk::dtz::line50(pos, clock).first().map(|o| o.mv.to_string()) == plan
        } else {
            let longest = probe.moves.iter().map(|m| m.after.dtm.map(kpk::dtm::Dtm::plies)).max();
            let dtm_of = |u: &str| {
                probe
                    .moves
                    .iter()
                    .find(|m| m.uci.as_str() == u)
                    .map(|m| m.after.dtm.map(kpk::dtm::Dtm::plies))
            };
            plan.as_deref().and_then(dtm_of) == longest
        };
        if !longest || !same {
            problem(format!(
                "lost: the plan {:?} is not the longest defence the footer names",
                e.plan.as_ref().map(|p| p.san)
            ));
        }
    }
}

#[test]
fn the_lesson_counts_the_halfmove_clock_as_standard_does() {
    let mut positions: Vec<Endgame> = KpkPosition::all().map(Endgame::from).collect();
    let mut rng = XorShift::new(5050);
    for role in [Role::Queen, Role::Rook] {
        positions.extend((0..SAMPLE).map(|_| random_ending(&mut rng, role)));
    }
    let shares: Vec<Counts> = std::thread::scope(|s| {
        let threads = std::thread::available_parallelism().map_or(2, usize::from).clamp(1, 4);
        let chunk = positions.len().div_ceil(threads);
        let handles: Vec<_> = positions
            .chunks(chunk)
            .map(|part| {
                s.spawn(move || {
                    let mut c = Counts::default();
                    for pos in part {
                        for clock in CLOCKS {
                            check(pos, clock, &mut c);
                        }
                    }
                    c
                })
            })
            .collect();
        handles.into_iter().map(|h| h.join().unwrap()).collect()
    });
    let mut all = Counts::default();
    for c in shares {
        all.explained += c.explained;
        all.rule_decides += c.rule_decides;
        all.moves += c.moves;
        all.rule_judged += c.rule_judged;
        all.plans_in_time += c.plans_in_time;
        all.lost += c.lost;
        all.longest_why = all.longest_why.max(c.longest_why);
        all.problems.extend(c.problems);
    }
    println!(
        "{} explanations (clocks {CLOCKS:?}): the rule decides {}, {} moves judged ({} by the rule), \
         {} plans chosen by the rule, {} lost positions whose plan is the footer's longest \
         defence, the longest why where the rule decides {} words",
        all.explained,
        all.rule_decides,
        all.moves,
        all.rule_judged,
        all.plans_in_time,
        all.lost,
        all.longest_why
    );
    assert!(
        all.problems.is_empty(),
        "{} problems, the first:\n{}",
        all.problems.len(),
        all.problems.join("\n")
    );
    assert_eq!(all.explained, 662_704 * 5 + SAMPLE as u64 * 2 * 5);
    assert!(all.rule_decides > 0 && all.rule_judged > 0 && all.plans_in_time > 0 && all.lost > 0);
    assert!(all.longest_why <= MAX_RULE_WHY_WORDS, "a why of {} words", all.longest_why);
}
