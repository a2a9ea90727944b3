//! What a student reads, over every legal KPK position (exhaustive: release profile only, which
//! the README's test command uses): the why is one sentence naming its idea, at most
//! [`MAX_WHY_WORDS`] words, and no text speaks of the method instead of the chess.
#![cfg(not(debug_assertions))]

use std::collections::BTreeMap;

use kpk::{Endgame, KpkPosition};
use kpk_rules::{Idea, why};

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
        let w = why(&Endgame::from(pos));
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
