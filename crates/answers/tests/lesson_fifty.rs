//! The 50-move rule in the lesson, over every legal KPK position at halfmove clocks of 0, 50,
//! 90 and 99 (exhaustive: release profile only, which the README's test command uses): the
//! explanation's category is `/standard`'s (`Probe::from_tables`, the category `kpk probe
//! --json` prints); where the rule decides (a cursed win, a blessed loss) the why says so first
//! and names the idea, and nowhere else speaks of it; every move's verdict is its result under
//! the rule, read from the probe's own answer for that move (no "keeps the win" where the rule
//! draws); the plan's move and the footer's keep the best result the rule allows; in a lost
//! position the plan is a longest defence by the tables, the move the footer names.
#![cfg(not(debug_assertions))]

use kpk::{Color, Endgame, KpkPosition, Wdl};
use kpk_answers::category::Category;
use kpk_answers::explain::Explanation;
use kpk_answers::probe::Probe;
use kpk_rules::Idea;

/// The clocks every position is explained at.
const CLOCKS: [u32; 4] = [0, 50, 90, 99];

/// The most words a why may have where the rule decides (its clause, then the why without it).
const MAX_RULE_WHY_WORDS: usize = 60;

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
    if e.category != probe.outcome.category {
        problem(format!("category {:?}, /standard says {:?}", e.category, probe.outcome.category));
    }
    let decided = matches!(probe.outcome.category, Category::CursedWin | Category::BlessedLoss);
    if decided {
        c.rule_decides += 1;
        if !e.reason.starts_with("Draw by the 50-move rule: ") || e.idea != Idea::FiftyMoveRule {
            problem(format!("the rule decides, the why says: {}", e.reason));
        }
        c.longest_why = c.longest_why.max(e.reason.split_whitespace().count());
    } else if e.reason.contains("50-move") || e.idea == Idea::FiftyMoveRule {
        problem(format!("the rule decides nothing, the why says: {}", e.reason));
    }
    // each move's verdict is its result under the rule, as the probe answers that move
    let results: Vec<(String, Wdl)> =
        probe.moves.iter().map(|m| (m.uci.to_string(), mover_result(m.after.category))).collect();
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
    if probe.outcome.category == Category::Loss && !probe.moves.is_empty() {
        c.lost += 1;
        let longest = probe.moves.iter().map(|m| m.after.dtm.map(|d| d.plies())).max();
        let plan_dtm = e
            .plan
            .as_ref()
            .and_then(|p| probe.moves.iter().find(|m| m.uci == p.uci))
            .map(|m| m.after.dtm.map(|d| d.plies()));
        let same = e.plan.as_ref().map(|p| p.uci) == e.first_move.as_ref().map(|f| f.uci);
        if plan_dtm != longest || !same {
            problem(format!(
                "lost: the plan {:?} is not the longest defence the footer names",
                e.plan.as_ref().map(|p| p.san)
            ));
        }
    }
}

#[test]
fn the_lesson_counts_the_halfmove_clock_as_standard_does() {
    let positions: Vec<Endgame> = KpkPosition::all().map(Endgame::from).collect();
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
    assert_eq!(all.explained, 662_704 * 4);
    assert!(all.rule_decides > 0 && all.rule_judged > 0 && all.plans_in_time > 0 && all.lost > 0);
    assert!(all.longest_why <= MAX_RULE_WHY_WORDS, "a why of {} words", all.longest_why);
    // both sides, either to move
    let _ = Color::White;
}
