//! What a student reads, over every legal KPK position (exhaustive: release profile only,
//! which the README's test command uses), each explanation checked against the tables:
//!
//! - one answer everywhere: the plan, the list of every move, the footer and the JSON name the
//!   same move and never contradict each other or the tables (the page and Python show these
//!   same values: they read this JSON);
//! - the why is one sentence of at most [`MAX_WHY_WORDS`] words, its line written whole;
//! - every text is whole: no move hidden behind `...`, no clause that ends mid-phrase;
//! - every move is marked as the books mark moves: `!` only for the only move that keeps the
//!   result, `?` for a move that changes it, a stalemate said and never `!`, a refutation's
//!   reply `!` only where it alone punishes; each verdict in at most [`MAX_VERDICT_WORDS`] words;
//! - no text speaks of the method instead of the chess.
#![cfg(not(debug_assertions))]

use kpk::{Color, Endgame, KpkPosition, Move, dtm};
use kpk_answers::explain::Explanation;
use kpk_answers::notation::Notation;
use kpk_rules::Verdict;

/// The most words a why may have: its line is written whole (a why of 42 words walks the
/// kings through seven moves of corresponding squares).
const MAX_WHY_WORDS: usize = 42;

/// Words a clause never ends on: a sentence cut mid-phrase (`in` may: the pawn walks in).
const DANGLING: [&str; 15] = [
    "the", "a", "an", "to", "of", "on", "at", "and", "or", "with", "by", "for", "from", "that",
    "which",
];

/// A text is whole: no move hidden behind ` ...`, no clause that stops mid-phrase.
fn whole(text: &str, fen: &str) {
    assert!(!text.contains(" ..."), "{fen}: a line cut short: {text}");
    for clause in text.trim_end_matches('.').split([';', ':', ',']) {
        let last = clause.split_whitespace().last().unwrap_or_default();
        assert!(!DANGLING.contains(&last), "{fen}: a clause that stops mid-phrase: {text}");
    }
}

/// The most words a move's verdict may have (a list of six key squares counts six).
const MAX_VERDICT_WORDS: usize = 24;

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

/// The result of a move for its mover by the tables: 1 win, 0 draw, -1 loss.
fn result_after(game: &Endgame, m: Move) -> i32 {
    // the DTM after the move is the opponent's: a win for him is a loss
    match dtm::probe(&game.play_unchecked(m)) {
        None => 0,
        Some(d) if d.is_win() => -1,
        Some(_) => 1,
    }
}

/// What one half of the positions counted.
#[derive(Default)]
struct Counts {
    positions: u32,
    footer_is_plan: u32,
    only: u32,
    throws: u32,
    stalemates: u32,
    moves: u32,
    why_words: Vec<usize>,
    verdict_words: Vec<usize>,
    max_why: usize,
    max_verdict: usize,
    longest_why: String,
    longest_verdict: String,
}

/// The median and the largest of some counts.
fn median_and_max(counts: &mut [usize]) -> (usize, usize) {
    counts.sort_unstable();
    (counts[counts.len() / 2], counts[counts.len() - 1])
}

fn no_method_prose(text: &str, fen: &str) {
    for phrase in METHOD_PROSE {
        assert!(!text.contains(phrase), "{fen}: {text}");
    }
}

// the positions in two halves, which the test harness runs on two threads
#[test]
fn what_a_student_reads_with_white_to_move() {
    agree(Color::White);
}

#[test]
fn what_a_student_reads_with_black_to_move() {
    agree(Color::Black);
}

fn agree(to_move: Color) {
    let mut n = Counts::default();
    for pos in KpkPosition::all().filter(|p| p.side_to_move() == to_move) {
        let game = Endgame::from(pos);
        let mut fen = String::new();
        game.write_fen(&mut fen).unwrap();
        let parsed = kpk_shakmaty::fen::parse(&fen).unwrap();
        let e = Explanation::of(&fen, &parsed);
        n.positions += 1;
        read(&game, &e, &fen, &mut n);
        let Some(plan) = &e.plan else {
            assert!(e.moves.is_empty() && e.first_move.is_none(), "{fen}");
            continue;
        };
        // the list marks exactly the plan's move as the plan's, and never as a mistake
        let planned: Vec<_> = e.moves.iter().filter(|m| m.verdict.plan).collect();
        assert_eq!(planned.len(), 1, "{fen}");
        assert_eq!(planned[0].uci, plan.uci, "{fen}");
        assert_ne!(planned[0].verdict.kind, Verdict::Throws, "{fen}");
        // the footer: the plan's move wherever the tables rank it with the best, else the
        // tables' best, which the list never calls a mistake
        let first = e.first_move.as_ref().expect("a legal move");
        let outcome =
            |uci: &str| dtm::outcomes(&game).find(|o| Notation::uci(o.mv) == uci).map(|o| o.dtm);
        let best = dtm::outcomes(&game).next().unwrap().dtm;
        if outcome(&plan.uci).unwrap() == best {
            assert_eq!(
                first.uci, plan.uci,
                "{fen}: the footer names another move as good as the plan's"
            );
            n.footer_is_plan += 1;
        } else {
            assert_eq!(outcome(&first.uci).unwrap(), best, "{fen}");
        }
        let footer = e.moves.iter().find(|m| m.uci == first.uci).unwrap();
        assert_ne!(footer.verdict.kind, Verdict::Throws, "{fen}");
        // the JSON carries the same values
        let json = serde_json::to_value(&e).unwrap();
        assert_eq!(json["plan"]["uci"], plan.uci.as_str(), "{fen}");
        assert_eq!(json["first_move"]["uci"], first.uci.as_str(), "{fen}");
        let marked: Vec<&str> = json["moves"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|m| m["verdict"]["plan"] == true)
            .map(|m| m["uci"].as_str().unwrap())
            .collect();
        assert_eq!(marked, [plan.uci.as_str()], "{fen}");
    }
    let (why_median, why_max) = median_and_max(&mut n.why_words);
    let (verdict_median, verdict_max) = median_and_max(&mut n.verdict_words);
    println!(
        "{to_move} to move: {} positions; one answer: the footer names the plan's move in {} \
         (everywhere the tables rank it with the best); the why: words median {why_median}, max \
         {why_max}; {} moves judged: {} only moves (!), {} mistakes (?), {} stalemates; verdict \
         words median {verdict_median}, max {verdict_max}",
        n.positions, n.footer_is_plan, n.moves, n.only, n.throws, n.stalemates
    );
    println!("  longest why: {}\n  longest verdict: {}", n.longest_why, n.longest_verdict);
    assert!(why_max <= MAX_WHY_WORDS, "{why_max} words: {}", n.longest_why);
    assert!(verdict_max <= MAX_VERDICT_WORDS, "{verdict_max} words: {}", n.longest_verdict);
}

/// The why and every move's verdict of one explanation, held to the tables.
fn read(game: &Endgame, e: &Explanation, fen: &str, n: &mut Counts) {
    let words = e.reason.split_whitespace().count();
    assert!(e.reason.ends_with('.'), "{fen}: {}", e.reason);
    no_method_prose(&e.reason, fen);
    whole(&e.reason, fen);
    if let Some(plan) = &e.plan {
        whole(&plan.reason, fen);
    }
    if words > n.max_why {
        n.max_why = words;
        n.longest_why.clone_from(&e.reason);
    }
    n.why_words.push(words);
    let legal = game.legal_moves();
    let results: Vec<(String, i32)> =
        legal.iter().map(|&m| (Notation::uci(m).to_string(), result_after(game, m))).collect();
    let best = results.iter().map(|r| r.1).max().unwrap_or(0);
    let keeping = results.iter().filter(|r| r.1 == best).count();
    for m in &e.moves {
        n.moves += 1;
        let v = &m.verdict;
        let mv = legal.iter().copied().find(|&x| Notation::uci(x) == m.uci).unwrap();
        let result = results.iter().find(|r| r.0 == m.uci.as_str()).unwrap().1;
        let stalemate = game.play_unchecked(mv).is_stalemate();
        assert_eq!(v.stalemate, stalemate, "{fen} {}", m.san);
        match v.kind {
            Verdict::Only => {
                n.only += 1;
                assert!(result == best && keeping == 1 && legal.len() > 1, "{fen} {}", m.san);
                assert!(!stalemate && v.mark == "!", "{fen} {}: {}", m.san, v.reason);
            }
            Verdict::Throws => {
                n.throws += 1;
                assert!(result < best && v.mark == "?", "{fen} {}: {}", m.san, v.reason);
            }
            Verdict::Keeps => {
                assert!(result == best && v.mark.is_empty(), "{fen} {}: {}", m.san, v.reason);
                assert!(keeping > 1 || legal.len() == 1 || stalemate, "{fen} {}", m.san);
            }
        }
        if stalemate {
            n.stalemates += 1;
            assert!(v.reason.contains("stalemate"), "{fen} {}: {}", m.san, v.reason);
        }
        // a reply marked "!" is the only one that punishes, by the tables
        if let Some(line) = &v.refutation {
            let reply = &line.moves[0];
            if line.notation.contains(&format!(" {}!", reply.san)) {
                let next = game.play_unchecked(mv);
                let punishing = |r: &Move| result_after(&next, *r) == -result;
                let replies = next.legal_moves();
                let punisher: Vec<_> = replies.iter().filter(|r| punishing(r)).collect();
                assert_eq!(punisher.len(), 1, "{fen} {}: {}", m.san, line.notation);
                assert_eq!(Notation::uci(*punisher[0]), reply.uci, "{fen} {}", m.san);
            }
        }
        no_method_prose(&v.reason, fen);
        whole(&v.reason, fen);
        if let Some(line) = &v.refutation {
            whole(&line.notation, fen);
        }
        let words = v.reason.split_whitespace().count();
        if words > n.max_verdict {
            n.max_verdict = words;
            n.longest_verdict.clone_from(&v.reason);
        }
        n.verdict_words.push(words);
    }
}
