//! The 50-move rule in the answers: every clock from 0 to 101 on a sample of every ending, the
//! position's category and every move's against the rule as lichess states it (DTZ + clock <= 100
//! for a plain result; a move's clock is the one after it, 0 after a capture or pawn move; a mate
//! stands if the clock before the mating move was below 100), and lichess's own definition of
//! the position's category, the best move's category seen from the other side.

use kpk::{Endgame, KpkPosition, Role};
use kpk_answers::category::Category;
use kpk_answers::line::Line;
use kpk_answers::probe::Probe;
use kpk_testkit::{XorShift, random_ending};

/// Lichess's category from a DTZ and the clock that counts for it, written out by hand.
fn by_hand(dtz: i32, checkmate: bool, clock_before: i64, clock_after: i64) -> &'static str {
    if dtz == 0 {
        return "draw";
    }
    let in_time = if checkmate {
        clock_before < 100
    } else {
        clock_before < 100 && i64::from(dtz.abs()) + clock_after <= 100
    };
    match (dtz > 0, in_time) {
        (true, true) => "win",
        (true, false) => "cursed-win",
        (false, true) => "loss",
        (false, false) => "blessed-loss",
    }
}

fn sample() -> Vec<Endgame> {
    let mut positions: Vec<Endgame> = KpkPosition::all().step_by(331).map(Endgame::from).collect();
    let mut rng = XorShift::new(50);
    for role in [Role::Queen, Role::Rook, Role::Bishop, Role::Knight] {
        positions.extend((0..300).map(|_| random_ending(&mut rng, role)));
    }
    // checkmates and a stalemate, where the edges of the rule differ
    for fen in ["1R4k1/8/6K1/8/8/8/8/8 b - - 0 1", "k7/1P6/1K6/8/8/8/8/8 b - - 0 1"] {
        positions.push(kpk_shakmaty::fen::parse(fen).unwrap().position);
    }
    positions
}

#[test]
fn categories_follow_dtz_and_the_clock_at_every_clock() {
    let positions = sample();
    assert!(positions.len() > 3_000);
    let mut seen = std::collections::BTreeSet::new();
    for pos in &positions {
        for clock in 0..=101u32 {
            let probe = Probe::from_tables(pos, clock);
            let o = &probe.outcome;
            let dtz = o.dtz.unwrap().plies();
            // the position: its clock counts, and a mate's clock before it is one less
            let expected = by_hand(dtz, o.checkmate, i64::from(clock) - 1, i64::from(clock));
            assert_eq!(probe.outcome.category.as_str(), expected, "{pos} at {clock}");
            seen.insert(expected);
            for m in &probe.moves {
                let after_clock = if m.zeroing { 0 } else { i64::from(clock) + 1 };
                let dtz = m.after.dtz.unwrap().plies();
                let expected = by_hand(dtz, m.after.checkmate, i64::from(clock), after_clock);
                assert_eq!(m.after.category.as_str(), expected, "{pos} at {clock}: {}", m.uci);
            }
            // lichess: the position's category is its best move's, seen from the other side
            if let Some(best) = probe.moves.first() {
                assert_eq!(best.after.category.flip(), probe.outcome.category, "{pos} at {clock}");
            }
        }
    }
    for category in ["win", "cursed-win", "draw", "blessed-loss", "loss"] {
        assert!(seen.contains(category), "the sample never gives {category}");
    }
}

#[test]
fn the_line_never_walks_into_a_fifty_move_draw() {
    let mut rng = XorShift::new(51);
    let mut rerouted = 0;
    for i in 0..400 {
        let pos = Endgame::from(kpk_testkit::random_position(&mut rng));
        let Some(d) = kpk::dtm::probe(&pos) else { continue };
        let clock = 100u32.saturating_sub(d.plies().unsigned_abs()) + u32::try_from(i % 9).unwrap();
        let line = Line::of(&pos.to_string(), &pos, clock);
        match line.category {
            Category::Win | Category::Loss => {
                let d50 = line.dtm50.expect("a win under the rule has a mate under the rule");
                assert_eq!(line.steps.len(), usize::try_from(d50.plies().abs()).unwrap(), "{pos}");
                // replay: no move is made once the clock has reached 100, and it ends in mate
                let mut c = clock;
                for step in &line.steps {
                    assert!(c < 100, "{pos} at {clock}: {} after the clock ran out", step.san);
                    c = if step.zeroing { 0 } else { c + 1 };
                }
                if let Some(last) = line.steps.last() {
                    let end = kpk_shakmaty::fen::parse(&last.fen).unwrap().position;
                    assert!(end.is_checkmate(), "{pos}");
                }
                if d50 != d {
                    assert!(line.rule.is_some(), "{pos}: the rerouting is said");
                    rerouted += 1;
                }
            }
            Category::CursedWin | Category::BlessedLoss => {
                assert!(line.dtm50.is_none() && line.rule.is_some(), "{pos} at {clock}");
                // the best play under the rule, until the clock reaches 100: no mate
                let mut c = clock;
                for step in &line.steps {
                    assert!(c < 100, "{pos} at {clock}: {} after the clock ran out", step.san);
                    c = if step.zeroing { 0 } else { c + 1 };
                }
                assert!(c >= 100, "{pos} at {clock}: the line stops before the claim");
                if let Some(last) = line.steps.last() {
                    let end = kpk_shakmaty::fen::parse(&last.fen).unwrap().position;
                    assert!(!end.is_checkmate(), "{pos}");
                }
            }
            other => panic!("{pos}: decisive, yet {other}"),
        }
    }
    assert!(rerouted > 0, "no line in the sample needed rerouting");
}
