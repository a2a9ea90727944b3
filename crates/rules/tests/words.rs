//! What a student reads, over every legal KPK position (exhaustive: release profile only, which
//! the README's test command uses): the why is one sentence naming its idea, at most
//! [`MAX_WHY_WORDS`] words; every move's verdict is marked as the books mark moves (checked
//! against the tables: `!` for the only move that keeps the result, `?` for a move that changes
//! it, a stalemate said and never `!`) in at most [`MAX_VERDICT_WORDS`] words; and no text
//! speaks of the method instead of the chess.
#![cfg(not(debug_assertions))]

use std::collections::BTreeMap;

use kpk::{Endgame, KpkPosition, dtm};
use kpk_rules::{Idea, Verdict, judge_all, plan, why, why_playing};

/// The most words a why may have.
const MAX_WHY_WORDS: usize = 30;

/// Phrases about the method, not the chess, that no text may contain.
const METHOD_PROSE: [&str; 8] = [
    "no rule",
    "plies ahead",
    "ply ahead",
    "rules' measure",
    "rules show",
    "forcing line of",
    "the tables decide",
    "by the rules",
];

fn words(text: &str) -> usize {
    text.split_whitespace().count()
}

/// The median and the largest of some counts.
fn median_and_max(mut counts: Vec<usize>) -> (usize, usize) {
    counts.sort_unstable();
    (counts[counts.len() / 2], counts[counts.len() - 1])
}

#[test]
fn every_why_is_one_short_sentence_that_names_its_idea() {
    let mut lengths = Vec::new();
    let mut by_idea: BTreeMap<Idea, (u32, String)> = BTreeMap::new();
    let mut longest = (0, String::new());
    for pos in KpkPosition::all() {
        // the why as the explanation writes it: its line starts with the plan's move
        let game = Endgame::from(pos);
        let w = plan(&pos).map_or_else(|| why(&game), |p| why_playing(&game, p.mv));
        let n = words(&w.text);
        assert!(w.text.ends_with('.'), "{pos:?}: {}", w.text);
        for phrase in METHOD_PROSE {
            assert!(!w.text.contains(phrase), "{pos:?}: {}", w.text);
        }
        if n > longest.0 {
            longest = (n, w.text.clone());
        }
        lengths.push(n);
        let e = by_idea.entry(w.idea()).or_insert((0, w.text.clone()));
        e.0 += 1;
    }
    let (median, max) = median_and_max(lengths);
    println!("why: {} positions, words median {median}, max {max}", 2 * 331_352);
    println!("  longest: {}", longest.1);
    for (idea, (n, example)) in &by_idea {
        println!("  {:<22} {n:>7}  e.g. {example}", idea.id());
    }
    assert!(max <= MAX_WHY_WORDS, "the longest why has {max} words: {}", longest.1);
}

/// The most words a move's verdict may have.
const MAX_VERDICT_WORDS: usize = 20;

/// The result of a move for its mover by the tables: 1 win, 0 draw, -1 loss.
fn result_after(game: &Endgame, m: kpk::Move) -> i32 {
    // the DTM after the move is for the opponent: a win for him (plies > 0) is a loss
    match dtm::probe(&game.play_unchecked(m)) {
        None => 0,
        Some(d) if d.is_win() => -1,
        Some(_) => 1,
    }
}

#[test]
fn every_mark_is_as_the_books_use_it_and_every_verdict_is_short() {
    let (mut only, mut throws, mut stalemates, mut judged) = (0_u32, 0_u32, 0_u32, 0_u32);
    let mut lengths = Vec::new();
    let mut longest = (0, String::new());
    for pos in KpkPosition::all() {
        let game = Endgame::from(pos);
        let moves = game.legal_moves();
        let results: Vec<i32> = moves.iter().map(|&m| result_after(&game, m)).collect();
        let best = results.iter().copied().max().unwrap_or(0);
        let keeping = results.iter().filter(|&&r| r == best).count();
        for (j, &result) in judge_all(&pos).iter().zip(&results) {
            judged += 1;
            let reason = j.reason();
            let stalemate = game.play_unchecked(j.mv).is_stalemate();
            match j.verdict() {
                Verdict::Only => {
                    only += 1;
                    assert!(
                        result == best && keeping == 1 && moves.len() > 1,
                        "{pos:?} {}: {reason}",
                        j.mv
                    );
                    assert!(!stalemate, "{pos:?} {}: a stalemate marked !", j.mv);
                }
                Verdict::Throws => {
                    throws += 1;
                    assert!(result < best, "{pos:?} {}: ? on a move that keeps the result", j.mv);
                }
                Verdict::Keeps => assert!(
                    result == best && (keeping > 1 || moves.len() == 1 || stalemate),
                    "{pos:?} {}: {reason}",
                    j.mv
                ),
            }
            if stalemate {
                stalemates += 1;
                assert!(reason.contains("stalemate"), "{pos:?} {}: {reason}", j.mv);
            }
            if j.reply_only {
                let next = game.play_unchecked(j.mv);
                let reply = j.refutation[0];
                let punishes = |m: kpk::Move| result_after(&next, m) == -result;
                assert!(punishes(reply), "{pos:?} {}: the reply does not punish", j.mv);
                let n = next.legal_moves().iter().filter(|&&m| punishes(m)).count();
                assert_eq!(n, 1, "{pos:?} {}: the reply marked ! is not the only one", j.mv);
            }
            for phrase in METHOD_PROSE {
                assert!(!reason.contains(phrase), "{pos:?} {}: {reason}", j.mv);
            }
            let n = words(&reason);
            if n > longest.0 {
                longest = (n, reason.clone());
            }
            lengths.push(n);
        }
    }
    let (median, max) = median_and_max(lengths);
    println!(
        "coach: {judged} moves judged: {only} only moves (!), {throws} mistakes (?), {stalemates} stalemates; verdict words median {median}, max {max}"
    );
    println!("  longest: {}", longest.1);
    assert!(max <= MAX_VERDICT_WORDS, "the longest verdict has {max} words: {}", longest.1);
}
