//! The textbook panel (`tests/textbook.txt`): positions from the endgame literature, each with
//! its source, the idea the book names and the only moves it marks. For each, the rules'
//! explanation names that idea (among the ideas of its why, its plan and its moves), marks
//! exactly those moves `!`, and the tables agree that each is the only move keeping the result.

use kpk::{Color, Endgame, KpkPosition, KpkSetup, Move, Square, dtm};
use kpk_rules::{Idea, Verdict, judge_all, plan, why};

/// One entry of the panel.
struct Entry {
    source: String,
    fen: String,
    idea: Idea,
    only: Vec<String>,
}

/// The panel's entries, read from its text: `key: value` lines, `#` comments, a blank line
/// between entries.
fn panel() -> Vec<Entry> {
    let text = include_str!("textbook.txt");
    let mut entries = Vec::new();
    for block in text.split("\n\n") {
        let mut fields = std::collections::HashMap::new();
        for line in
            block.lines().filter(|l| !l.trim_start().starts_with('#') && !l.trim().is_empty())
        {
            let (key, value) =
                line.split_once(':').unwrap_or_else(|| panic!("not a field: {line}"));
            fields.insert(key.trim().to_string(), value.trim().to_string());
        }
        if fields.is_empty() {
            continue;
        }
        let field = |k: &str| fields.get(k).unwrap_or_else(|| panic!("no {k} in {block}")).clone();
        let idea = field("idea");
        entries.push(Entry {
            source: field("source"),
            fen: field("fen"),
            idea: Idea::from_id(&idea).unwrap_or_else(|| panic!("no idea named {idea}")),
            only: field("only").split_whitespace().map(str::to_string).collect(),
        });
    }
    entries
}

/// A KPK position from a FEN (the board and the side to move).
fn kpk_from_fen(fen: &str) -> KpkPosition {
    let mut fields = fen.split_whitespace();
    let board = fields.next().unwrap();
    let white_to_move = fields.next() == Some("w");
    let (mut kings, mut pawn) = ([None, None], None);
    for (r, row) in board.split('/').enumerate() {
        let mut file = 0_u8;
        for c in row.chars() {
            if let Some(n) = c.to_digit(10) {
                file += u8::try_from(n).unwrap();
                continue;
            }
            let sq = Square::new((7 - u8::try_from(r).unwrap()) * 8 + file).unwrap();
            match c {
                'K' => kings[0] = Some(sq),
                'k' => kings[1] = Some(sq),
                'P' => pawn = Some((Color::White, sq)),
                'p' => pawn = Some((Color::Black, sq)),
                _ => panic!("{fen}: not a KPK man: {c}"),
            }
            file += 1;
        }
    }
    let (strong_side, pawn) = pawn.unwrap_or_else(|| panic!("{fen}: no pawn"));
    let (white, black) = (kings[0].unwrap(), kings[1].unwrap());
    let (strong_king, weak_king) =
        if strong_side == Color::White { (white, black) } else { (black, white) };
    let side_to_move = if white_to_move { Color::White } else { Color::Black };
    KpkPosition::new(KpkSetup { strong_side, strong_king, pawn, weak_king, side_to_move })
        .unwrap_or_else(|e| panic!("{fen}: {e}"))
}

fn san(game: &Endgame, m: Move) -> String {
    let mut s = String::new();
    game.write_san(m, &mut s).unwrap();
    s
}

#[test]
fn the_explanations_name_the_books_ideas_and_mark_their_only_moves() {
    let entries = panel();
    assert!(entries.len() >= 40, "the panel has {} positions", entries.len());
    let mut covered = std::collections::BTreeSet::new();
    let mut black_pawns = 0;
    let mut failures = Vec::new();
    for e in &entries {
        let pos = kpk_from_fen(&e.fen);
        let game = Endgame::from(pos);
        black_pawns += usize::from(pos.strong_side() == Color::Black);
        covered.insert(e.idea);
        // the ideas the explanation names
        let w = why(&game);
        let judged = judge_all(&pos);
        let mut ideas: Vec<Idea> = w.ideas.clone();
        ideas.extend(plan(&pos).map(|p| p.idea()));
        ideas.extend(judged.iter().filter_map(kpk_rules::Judgement::idea));
        if !ideas.contains(&e.idea) {
            ideas.sort();
            ideas.dedup();
            failures.push(format!(
                "{}: the book's idea {} is not named; the why says {:?}; the ideas named: {:?}",
                e.fen,
                e.idea.id(),
                w.text,
                ideas.iter().map(|i| i.id()).collect::<Vec<_>>()
            ));
        }
        // the moves marked "!" are exactly the book's only moves, but for a stalemate, which is
        // never "!" and is said
        let stalemates: Vec<String> =
            judged.iter().filter(|j| j.stalemate).map(|j| san(&game, j.mv)).collect();
        for j in judged.iter().filter(|j| j.stalemate) {
            assert!(j.verdict().mark().is_empty() || j.verdict() == Verdict::Throws, "{}", e.fen);
            assert!(j.reason().contains("stalemate"), "{}: {}", e.fen, j.reason());
        }
        let mut marked: Vec<String> = judged
            .iter()
            .filter(|j| j.verdict() == Verdict::Only)
            .map(|j| san(&game, j.mv))
            .collect();
        marked.sort();
        let mut only: Vec<String> =
            e.only.iter().filter(|m| !stalemates.contains(m)).cloned().collect();
        only.sort();
        if marked != only {
            failures
                .push(format!("{}: marked ! {marked:?}, the book's only moves {only:?}", e.fen));
        }
        // and the tables agree that each is the only move keeping the result
        for m in &e.only {
            let keeps = |o: &dtm::MoveOutcome| {
                o.dtm.map(|d| !d.is_win())
                    == dtm::outcomes(&game).next().unwrap().dtm.map(|d| !d.is_win())
            };
            let keeping: Vec<String> =
                dtm::outcomes(&game).filter(|o| keeps(o)).map(|o| san(&game, o.mv)).collect();
            assert_eq!(
                keeping,
                std::slice::from_ref(m),
                "{} ({}): the tables' moves keeping the result",
                e.fen,
                e.source
            );
        }
    }
    assert!(
        failures.is_empty(),
        "{} of {}:\n{}",
        failures.len(),
        entries.len(),
        failures.join("\n")
    );
    assert!(black_pawns >= 10, "only {black_pawns} positions with a black pawn");
    println!("textbook panel: {} positions, {} ideas covered", entries.len(), covered.len());
}
