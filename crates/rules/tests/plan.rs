//! The plan played over every legal KPK position against the exact tables (exhaustive: release
//! profile only, which the README's test command uses):
//!
//! - from every won position (both pawn colours, the side with the pawn to move), every plan
//!   move keeps the win and the progress measure falls against every defence;
//! - the plan played from every won position against the perfect defender (the longest
//!   resistance by distance to mate) wins every game, with its excess over the fastest mate;
//! - in every drawn position with the defender to move, the plan's move keeps the draw (so no
//!   attacker, perfect or not, wins against it), and the plan played from each against the
//!   trickiest attacker (the move that leaves the defender the fewest drawing replies) holds;
//! - in every drawn position with the side with the pawn to move, the plan keeps the pawn
//!   whenever some move does without stalemating;
//! - no plan move stalemates where another move keeps the same result.
#![cfg(not(debug_assertions))]

use std::collections::HashMap;
use std::time::Instant;

use kpk::{Endgame, KpkPosition, Move, Wdl, dtm};
use kpk_rules as rules;
use kpk_rules::{Aim, MAX_TEMPI, Progress};

/// The plies to mate of a position for its side to move: positive for a win, zero or negative
/// for a loss, `None` for a draw.
fn dtm_plies(pos: &Endgame) -> Option<i32> {
    dtm::probe(pos).map(dtm::Dtm::plies)
}

fn won_positions() -> Vec<KpkPosition> {
    KpkPosition::all().filter(|p| p.strong_to_move() && p.probe() == Wdl::Win).collect()
}

#[test]
fn every_plan_move_keeps_the_win_and_the_measure_falls_against_every_defence() {
    let won = won_positions();
    let mut measure: HashMap<KpkPosition, Progress> = HashMap::with_capacity(won.len());
    let mut by_tempi = [0_u32; MAX_TEMPI as usize + 2];
    for pos in &won {
        let p = rules::progress(pos).expect("a won position has a measure");
        assert!(p.tempi <= MAX_TEMPI, "{pos:?} needs {} tempi", p.tempi);
        by_tempi[usize::from(p.tempi)] += 1;
        measure.insert(*pos, p);
    }
    let (mut checked, mut replies) = (0_u32, 0_u32);
    for pos in &won {
        let plan = rules::plan(pos).expect("a won position has moves");
        assert_eq!(plan.wdl, Wdl::Win);
        let next = Endgame::from(*pos).play(plan.mv).expect("the plan's move is legal");
        // the plan keeps the win, by the tables
        assert!(dtm_plies(&next).is_some_and(|d| d <= 0), "{pos:?}: {} loses the win", plan.mv);
        checked += 1;
        let Some(_) = next.as_kpk() else { continue }; // promoted: the tables take over
        let before = measure[pos];
        for &r in next.legal_moves().iter() {
            let after = next.play(r).unwrap();
            let after = after.as_kpk().expect("no defence takes the pawn of a won position");
            let now = measure[&after];
            assert!(now < before, "{pos:?} {}: {before:?} then {r} gives {now:?}", plan.mv);
            replies += 1;
        }
    }
    println!(
        "plan: {checked} won positions, {replies} defences: the measure falls after every one; \
         positions by tempi needed 0..={MAX_TEMPI}: {:?}",
        &by_tempi[..=usize::from(MAX_TEMPI)]
    );
}

/// The plan's move in every won position, remembered.
struct Memo(HashMap<KpkPosition, Move>);

impl Memo {
    fn mv(&mut self, pos: &KpkPosition) -> Move {
        *self.0.entry(*pos).or_insert_with(|| rules::plan(pos).unwrap().mv)
    }
}

#[test]
fn the_plan_wins_every_won_position_against_the_perfect_defender() {
    let won = won_positions();
    // the cost of a plan move, over every won position
    let t = Instant::now();
    let mut aims: HashMap<&'static str, u32> = HashMap::new();
    for pos in &won {
        *aims.entry(rules::plan(pos).unwrap().aim.name()).or_default() += 1;
    }
    let micros = t.elapsed().as_secs_f64() * 1e6 / won.len() as f64;

    let mut memo = Memo(HashMap::with_capacity(won.len()));
    let (mut games, mut moves, mut optimal) = (0_u64, 0_u64, 0_u64);
    let (mut excess_sum, mut worst_excess, mut worst_start) = (0_i64, 0_i32, None);
    for start in &won {
        let fastest = dtm_plies(&Endgame::from(*start)).unwrap();
        let (mut pos, mut plies) = (*start, 0);
        let total = loop {
            let here = Endgame::from(pos);
            let to_mate = dtm_plies(&here).unwrap();
            let m = memo.mv(&pos);
            let next = here.play(m).unwrap();
            let left = -dtm_plies(&next).expect("the plan keeps the win");
            moves += 1;
            if left + 1 == to_mate {
                optimal += 1;
            }
            plies += 1;
            let Some(_) = next.as_kpk() else { break plies + left };
            // the perfect defender: the longest resistance
            let Some(reply) = next
                .legal_moves()
                .iter()
                .copied()
                .max_by_key(|&r| dtm_plies(&next.play(r).unwrap()).unwrap_or(i32::MAX))
            else {
                break plies; // checkmate by the pawn
            };
            plies += 1;
            pos = next.play(reply).unwrap().as_kpk().expect("the pawn never falls");
            assert!(plies < 200, "{start:?}: the plan loops");
        };
        let excess = total - fastest;
        games += 1;
        excess_sum += i64::from(excess);
        if excess > worst_excess {
            (worst_excess, worst_start) = (excess, Some(*start));
        }
    }
    let mean = excess_sum as f64 / games as f64;
    let share = 100.0 * optimal as f64 / moves as f64;
    let mut aims: Vec<_> = aims.into_iter().collect();
    aims.sort_unstable();
    println!(
        "plan against the perfect defender: {games} won positions, {games} won (100%); \
         excess over the fastest mate: mean {mean:.3} plies, worst {worst_excess} \
         ({worst_start:?}); DTM-optimal plan moves {optimal} of {moves} ({share:.2}%); \
         plan move {micros:.2} us mean over every won position; aims {aims:?}"
    );
    // the goals (BENCHMARKS.md): a mean of at most 0.2 plies, met; 99% DTM-optimal, not met
    // yet, and this floor guards what is measured now
    assert!(mean <= 0.2, "mean excess {mean}");
    assert!(share >= 98.1, "optimal share {share}");
}

#[test]
fn the_defender_keeps_every_draw_and_the_pawn_is_kept_where_it_can_be() {
    let (mut draws, mut kept, mut keepable) = (0_u32, 0_u32, 0_u32);
    for pos in KpkPosition::all().filter(|p| p.probe() == Wdl::Draw) {
        let game = Endgame::from(pos);
        let Some(plan) = rules::plan(&pos) else { continue }; // stalemate
        assert_eq!(plan.wdl, Wdl::Draw, "{pos:?}");
        let next = game.play(plan.mv).unwrap();
        assert!(dtm_plies(&next).is_none(), "{pos:?}: {} throws the draw", plan.mv);
        if pos.strong_to_move() {
            // a move that keeps the pawn and the game going (a stalemate ends it)
            let safe = |m: &Move| {
                let next = game.play(*m).unwrap();
                !next.is_stalemate()
                    && next.as_kpk().is_some_and(|k| {
                        let pawn_falls = k.weak_king().is_adjacent(k.pawn())
                            && !k.strong_king().is_adjacent(k.pawn());
                        !pawn_falls
                    })
            };
            if game.legal_moves().iter().any(safe) {
                keepable += 1;
                if matches!(plan.aim, Aim::GuardPawn | Aim::KeepPawn) && safe(&plan.mv) {
                    kept += 1;
                }
            }
        } else {
            draws += 1;
        }
    }
    println!(
        "plan: the defender keeps the draw in all {draws} drawn positions with him to move; \
         the pawn kept in {kept} of {keepable} drawn positions where a move keeps it"
    );
    assert_eq!(kept, keepable);
}

#[test]
fn the_defender_of_a_lost_position_resists_by_the_measure() {
    let (mut positions, mut longest) = (0_u32, 0_u32);
    let t = Instant::now();
    for pos in KpkPosition::all().filter(|p| !p.strong_to_move() && p.probe() == Wdl::Loss) {
        let game = Endgame::from(pos);
        let plan = rules::plan(&pos).expect("a lost defender has a move");
        assert_eq!((plan.aim, plan.wdl), (Aim::Resist, Wdl::Loss), "{pos:?}");
        let chosen = dtm_plies(&game.play(plan.mv).unwrap()).unwrap();
        let best = game
            .legal_moves()
            .iter()
            .map(|&m| dtm_plies(&game.play(m).unwrap()).unwrap())
            .max()
            .unwrap();
        positions += 1;
        longest += u32::from(chosen == best);
    }
    let micros = t.elapsed().as_secs_f64() * 1e6 / f64::from(positions);
    let share = 100.0 * f64::from(longest) / f64::from(positions);
    println!(
        "plan: the lost defender's move is a longest resistance by the tables in {longest} of \
         {positions} positions ({share:.1}%), {micros:.1} us a move with the check"
    );
    // a floor under what the rules' measure gives now (86.3%)
    assert!(share >= 86.0, "{share}");
}

/// The attacker's trickiest try in a drawn position: the move after which the defender has the
/// fewest moves that keep the draw (by the tables), the pawn kept where it can be.
fn trickiest(game: &Endgame) -> Move {
    game.legal_moves()
        .iter()
        .copied()
        .min_by_key(|&m| {
            let next = game.play(m).unwrap();
            let holding = next
                .legal_moves()
                .iter()
                .filter(|&&r| dtm_plies(&next.play(r).unwrap()).is_none())
                .count();
            (next.as_kpk().is_none(), holding)
        })
        .unwrap()
}

#[test]
fn the_defender_holds_every_draw_against_the_trickiest_attacker() {
    // each side's move in each position, found once
    let mut chosen: HashMap<KpkPosition, Option<Move>> = HashMap::new();
    let (mut games, mut plies_played) = (0_u32, 0_u64);
    let starts: Vec<KpkPosition> =
        KpkPosition::all().filter(|p| !p.strong_to_move() && p.probe() == Wdl::Draw).collect();
    for start in &starts {
        let mut seen: Vec<KpkPosition> = Vec::new();
        let mut pos = *start;
        // until the pawn is gone, a position repeats, the game ends, or 40 plies
        for _ in 0..40 {
            if seen.contains(&pos) {
                break;
            }
            seen.push(pos);
            let game = Endgame::from(pos);
            let choice = *chosen.entry(pos).or_insert_with(|| {
                if game.legal_moves().is_empty() {
                    None
                } else if pos.strong_to_move() {
                    Some(trickiest(&game))
                } else {
                    rules::plan(&pos).map(|p| p.mv)
                }
            });
            let Some(m) = choice else { break };
            let next = game.play(m).unwrap();
            plies_played += 1;
            assert!(dtm_plies(&next).is_none(), "{start:?}: the draw is lost at {pos:?} by {m}");
            let Some(k) = next.as_kpk() else { break };
            pos = k;
        }
        games += 1;
    }
    println!(
        "plan: the defender holds all {games} drawn positions (him to move) against the \
         trickiest attacker ({plies_played} plies played)"
    );
}

#[test]
fn no_plan_move_stalemates_where_another_keeps_the_result() {
    let mut stalemates = 0_u32;
    for pos in KpkPosition::all() {
        let game = Endgame::from(pos);
        let Some(plan) = rules::plan(&pos) else { continue };
        if !game.play_unchecked(plan.mv).is_stalemate() {
            continue;
        }
        stalemates += 1;
        let result = |m: Move| dtm_plies(&game.play_unchecked(m)).map(i32::signum);
        let other = game.legal_moves().iter().copied().find(|&m| {
            m != plan.mv && result(m) == result(plan.mv) && !game.play_unchecked(m).is_stalemate()
        });
        assert!(other.is_none(), "{pos:?}: the plan's {} stalemates, {other:?} does not", plan.mv);
    }
    println!("plan: {stalemates} plan moves stalemate, each the only move keeping its result");
}
