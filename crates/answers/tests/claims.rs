//! Every claim the lesson makes, checked on the board: over every legal KPK position (all
//! 662,704, exhaustive: release profile only, which the README's test command uses) and every
//! legal move, each sentence a student reads (the why, the plan's reason, every move's verdict
//! and its refutation's motive) is read for what it states, and each statement is checked in
//! the position it speaks of, by this file's own chess: shakmaty's moves and the books'
//! geometry written out here (the key squares, the square of the pawn, the three oppositions),
//! and the tables for results, never the rules' own predicates.
//!
//! Where a sentence speaks: a why decided at sight speaks of its position; `after LINE, ...`
//! of the position at the end of the line it rests on (`kpk_rules::Why::line`); a plan's
//! reason of the position after its move; a refutation's `after REPLY!, ...` of the position
//! after the reply (or along the refutation, for what falls and the stalemate it ends in).
//!
//! The claims, by kind:
//! - `key square`: each square named a key square is one of the pawn there (the three squares
//!   two ranks in front of a pawn on its second to fourth rank; the six one and two ranks in
//!   front from the fifth; on the seventh, the squares beside it and on the promotion rank;
//!   for a rook pawn, the two knight-file squares by the corner); `stands on` one: the king
//!   is there;
//! - `opposition`: the kind named (direct: one square between on a file or rank; distant: three
//!   or five; diagonal: an odd number on a diagonal) is how the kings stand, the side that
//!   holds it not to move; `keeps the opposition`: some kind, the other side to move;
//! - `square of the pawn`: outside (or inside) the square, the side to move counted (the pawn
//!   to move: the king inside reaches its promotion square in time; the defender to move: a
//!   step more), the double step counted from the second rank;
//! - `pawn falls`: the line takes the pawn (or the queen, the rook); `takes the pawn on X`: a
//!   capture of the pawn on X is legal there; `the pawn stays safe`: no capture of it is legal
//!   after the move; `guards the pawn`: the king beside it;
//! - `stalemate`: the move or the line named stalemates; `is stalemated`: no legal move, no
//!   check; `a queen would stalemate`: the queen's promotion stalemates;
//! - `corner`: a rook pawn, the square named its promotion square; `holds the corner`: the
//!   defending king on it or beside it; `heads for the corner`: the move brings him nearer;
//!   `shut in`: the strong king on the rook file in front of its pawn, every square of the
//!   next file beside him guarded by the defending king;
//! - `escort`: after the pawn's step the king stands beside it or in front of it, a rank or
//!   two ahead on its file or the next;
//! - `in front`: `blocks the pawn on X` / `stays in front of the pawn`: the defending king on
//!   the pawn's file ahead of it; `stands in front of its pawn`: the strong king so;
//! - `mutual zugzwang`: the tables give the other side to move the result named;
//! - `result`: the why's result is the tables'.
#![cfg(not(debug_assertions))]

use std::collections::BTreeMap;

use kpk::{Endgame, KpkPosition, dtm};
use kpk_answers::explain::Explanation;
use shakmaty::fen::Fen;
use shakmaty::san::San;
use shakmaty::uci::UciMove;
use shakmaty::{CastlingMode, Chess, Color, Move, Position, Role, Square};

/// What the checker counted: claims checked and false claims, by kind; a few false ones shown.
#[derive(Default)]
struct Tally {
    checked: BTreeMap<&'static str, u64>,
    false_claims: BTreeMap<&'static str, u64>,
    examples: BTreeMap<&'static str, Vec<String>>,
    /// False claims by kind and sentence shape (squares as `#`, sides as `S`).
    shapes: BTreeMap<(&'static str, String), u64>,
}

/// A sentence's shape: its squares and sides blanked, so that false claims group by template.
fn shape(text: &str) -> String {
    let mut out = String::new();
    let b = text.as_bytes();
    let mut i = 0;
    while i < b.len() {
        if i + 1 < b.len() && (b'a'..=b'h').contains(&b[i]) && (b'1'..=b'8').contains(&b[i + 1]) {
            out.push('#');
            i += 2;
        } else {
            out.push(char::from(b[i]));
            i += 1;
        }
    }
    out.replace("white", "S").replace("black", "S").replace("White", "S").replace("Black", "S")
}

impl Tally {
    fn claim(&mut self, kind: &'static str, holds: bool, what: impl FnOnce() -> String) {
        *self.checked.entry(kind).or_default() += 1;
        if !holds {
            *self.false_claims.entry(kind).or_default() += 1;
            let text = what();
            let sentence = text.split(" | ").nth(1).unwrap_or_default();
            *self.shapes.entry((kind, shape(sentence))).or_default() += 1;
            let shown = self.examples.entry(kind).or_default();
            if shown.len() < 12 {
                shown.push(text);
            }
        }
    }
}

// ---- the board, by this file's own chess -------------------------------------------------

fn chess(fen: &str) -> Chess {
    fen.parse::<Fen>().unwrap().into_position(CastlingMode::Standard).unwrap()
}

fn played(pos: &Chess, m: &Move) -> Chess {
    let mut next = pos.clone();
    next.play_unchecked(*m);
    next
}

fn uci_move(pos: &Chess, uci: &str) -> Move {
    UciMove::from_ascii(uci.as_bytes()).unwrap().to_move(pos).unwrap()
}

fn san_move(pos: &Chess, san: &str) -> Option<Move> {
    let san = san.trim_end_matches(['+', '#', '!', '?']);
    San::from_ascii(san.as_bytes()).ok()?.to_move(pos).ok()
}

/// The pawn's square and colour (the strong side), if a pawn is left.
fn pawn(pos: &Chess) -> Option<(Square, Color)> {
    let pawns = pos.board().pawns();
    let sq = pawns.first()?;
    Some((sq, pos.board().color_at(sq)?))
}

fn king(pos: &Chess, color: Color) -> Square {
    pos.board().king_of(color).unwrap()
}

fn distance(a: Square, b: Square) -> u32 {
    a.distance(b)
}

fn manhattan(a: Square, b: Square) -> u32 {
    let (df, dr) =
        (file_of(a) - file_of(b), i32::from(u8::from(a.rank())) - i32::from(u8::from(b.rank())));
    df.unsigned_abs() + dr.unsigned_abs()
}

/// A square's rank counted from `side`'s first rank (1 to 8).
fn rank_of(sq: Square, side: Color) -> i32 {
    let r = i32::from(u8::from(sq.rank())) + 1;
    if side == Color::White { r } else { 9 - r }
}

/// The square at file `file` (0-7) and rank `rank` (1-8, from `side`'s side), if on the board.
fn at(file: i32, rank: i32, side: Color) -> Option<Square> {
    if !(0..8).contains(&file) || !(1..=8).contains(&rank) {
        return None;
    }
    let r = if side == Color::White { rank - 1 } else { 8 - rank };
    Some(Square::from_coords(
        shakmaty::File::new(u32::try_from(file).ok()?),
        shakmaty::Rank::new(u32::try_from(r).ok()?),
    ))
}

fn file_of(sq: Square) -> i32 {
    i32::from(u8::from(sq.file()))
}

/// The pawn's key squares, as the books give them.
fn key_squares(pawn: Square, side: Color) -> Vec<Square> {
    let (f, r) = (file_of(pawn), rank_of(pawn, side));
    let mut keys = Vec::new();
    if f == 0 || f == 7 {
        let knight = if f == 0 { 1 } else { 6 };
        keys.extend([at(knight, 7, side), at(knight, 8, side)].into_iter().flatten());
        return keys;
    }
    let ranks: &[i32] = match r {
        2..=4 => &[r + 2],
        5 | 6 => &[r + 1, r + 2],
        _ => &[7, 8],
    };
    for &rank in ranks {
        for file in f - 1..=f + 1 {
            if let Some(sq) = at(file, rank, side).filter(|&s| s != pawn) {
                keys.push(sq);
            }
        }
    }
    keys
}

/// How the kings stand: `direct`, `distant`, `diagonal` (the three oppositions), or none.
fn opposition(a: Square, b: Square) -> Option<&'static str> {
    let dx = (file_of(a) - file_of(b)).abs();
    let dy = (i32::from(u8::from(a.rank())) - i32::from(u8::from(b.rank()))).abs();
    match (dx.min(dy), dx.max(dy)) {
        (0, 2) => Some("the opposition"),
        (0, 4 | 6) => Some("the distant opposition"),
        (d, e) if d == e && matches!(d, 2 | 4 | 6) => Some("the diagonal opposition"),
        _ => None,
    }
}

/// Whether the defending king is inside the square of the pawn, the side to move counted.
fn inside_square(pos: &Chess) -> bool {
    let Some((p, side)) = pawn(pos) else { return false };
    let promotion = at(file_of(p), 8, side).unwrap();
    let r = rank_of(p, side);
    let free = |rank| at(file_of(p), rank, side).is_some_and(|s| pos.board().piece_at(s).is_none());
    let mut steps = 8 - r;
    if r == 2 && free(3) && free(4) {
        steps -= 1;
    }
    let spare = i32::from(pos.turn() != side);
    i32::try_from(distance(king(pos, !side), promotion)).unwrap() <= steps + spare
}

fn is_stalemate(pos: &Chess) -> bool {
    pos.legal_moves().is_empty() && !pos.is_check()
}

/// Whether a legal move of `pos` takes the pawn.
fn pawn_can_be_taken(pos: &Chess) -> bool {
    pos.legal_moves().iter().any(|m| m.capture() == Some(Role::Pawn))
}

/// The squares named in `text` (`d4`, `c7`), in order.
fn squares_in(text: &str) -> Vec<Square> {
    let b = text.as_bytes();
    let mut out = Vec::new();
    for i in 0..b.len().saturating_sub(1) {
        let boundary_before = i == 0 || !b[i - 1].is_ascii_lowercase();
        let boundary_after = i + 2 >= b.len() || !b[i + 2].is_ascii_alphanumeric();
        if (b'a'..=b'h').contains(&b[i])
            && (b'1'..=b'8').contains(&b[i + 1])
            && boundary_before
            && boundary_after
        {
            out.push(Square::from_ascii(&b[i..i + 2]).unwrap());
        }
    }
    out
}

/// The squares listed right after `words` in `text` (`d4`, `d4 and e4`, `d4, e4 and f4`).
fn listed_after(text: &str, words: &str) -> Vec<Square> {
    let mut out = Vec::new();
    for (at, _) in text.match_indices(words) {
        let mut rest = &text[at + words.len()..];
        while let Some(sq) = rest.get(..2).and_then(|s| Square::from_ascii(s.as_bytes()).ok()) {
            out.push(sq);
            rest = &rest[2..];
            let Some(next) = rest.strip_prefix(", ").or_else(|| rest.strip_prefix(" and ")) else {
                break;
            };
            rest = next;
        }
    }
    out
}

/// The tables' result for the side to move: 1 win, 0 draw, -1 loss.
fn result(pos: &Chess) -> i32 {
    let ending = kpk_shakmaty::to_endgame(pos).unwrap();
    match dtm::probe(&ending) {
        None => 0,
        Some(d) if d.is_win() => 1,
        Some(_) => -1,
    }
}

/// Whether the side to move in `pos` does worse than it would with the other side to move
/// (a mutual zugzwang, by the tables); `None` where the other side to move is not legal.
fn worse_off_to_move(pos: &Chess) -> Option<bool> {
    let fen = Fen::from_position(pos, shakmaty::EnPassantMode::Legal).to_string();
    let board = fen.split(' ').next()?;
    let other = if pos.turn() == Color::White { "b" } else { "w" };
    let turned: Chess = format!("{board} {other} - - 0 1")
        .parse::<Fen>()
        .ok()?
        .into_position(CastlingMode::Standard)
        .ok()?;
    Some(result(pos) < -result(&turned))
}

/// Whether `after` is reached from `before` by the only move that keeps the mover's result.
fn only_move_to(before: &Chess, after: &Chess) -> bool {
    let results: Vec<(i32, bool)> = before
        .legal_moves()
        .iter()
        .map(|m| {
            let next = played(before, m);
            (-result(&next), next.board() == after.board())
        })
        .collect();
    let best = results.iter().map(|r| r.0).max().unwrap_or(0);
    results.iter().filter(|r| r.0 == best).count() == 1
        && results.iter().any(|r| r.1 && r.0 == best)
}

fn side_name(c: Color) -> &'static str {
    if c == Color::White { "White" } else { "Black" }
}

// ---- the sentences ------------------------------------------------------------------------

/// Where a clause speaks: the position before the move it is about (if any), the position it
/// describes, and the line after it (a refutation's moves from `said`, for what falls).
struct Scene<'a> {
    before: Option<&'a Chess>,
    said: &'a Chess,
    line: &'a [Chess],
    fen: &'a str,
    text: &'a str,
}

/// Checks every claim of `clause` in its scene.
fn check_clause(clause: &str, s: &Scene, t: &mut Tally) {
    let q = s.said;
    let what = || {
        format!(
            "{} | {} | at {}",
            s.fen,
            s.text,
            Fen::from_position(q, shakmaty::EnPassantMode::Legal)
        )
    };
    let pawn_now = pawn(q);
    // key squares named: `the key square X`, `the key squares X, Y and Z` (of the pawn there),
    // `X, a key square once the pawn stands on Y` (of the pawn a step on)
    if let Some((p, side)) = pawn_now {
        let keys = key_squares(p, side);
        for named in listed_after(clause, "key squares ")
            .into_iter()
            .chain(listed_after(clause, "key square "))
        {
            t.claim("key square", keys.contains(&named), || {
                format!("{named} is not a key square: {}", what())
            });
        }
        if let Some((before, after)) = clause.split_once(", a key square once the pawn stands on ")
        {
            let (named, on) =
                (squares_in(before).last().copied(), squares_in(after).first().copied());
            let holds = named.zip(on).is_some_and(|(k, on)| key_squares(on, side).contains(&k));
            t.claim("key square", holds, || format!("not a key square of that pawn: {}", what()));
        }
        if clause.contains("stands on the key square") {
            let named = listed_after(clause, "key square ");
            t.claim("key square", named.first() == Some(&king(q, side)), || {
                format!("the king is not there: {}", what())
            });
        }
        if let Some(named) = listed_after(clause, "the promotion square ").first() {
            let promotion = at(file_of(p), 8, side);
            t.claim("key square", promotion == Some(*named), || {
                format!("not the promotion square: {}", what())
            });
        }
    }
    // the oppositions
    for (words, kind) in [
        ("takes the distant opposition", Some("the distant opposition")),
        ("takes the diagonal opposition", Some("the diagonal opposition")),
        ("takes the opposition", Some("the opposition")),
        ("holds the distant opposition", Some("the distant opposition")),
        ("holds the diagonal opposition", Some("the diagonal opposition")),
        ("holds the opposition", Some("the opposition")),
        ("keeps the opposition", None),
    ] {
        if !clause.contains(words) {
            continue;
        }
        let (w, b) = (king(q, Color::White), king(q, Color::Black));
        let stands = opposition(w, b);
        // the side that takes or holds it is the one named; it is the other side's move
        let holder = if clause.contains("the white king takes")
            || clause.contains("the white king holds")
            || clause.contains("the white king blocks")
        {
            Color::White
        } else {
            Color::Black
        };
        let holds = match kind {
            Some(k) => stands == Some(k),
            None => stands.is_some(),
        } && q.turn() != holder;
        t.claim("opposition", holds, || format!("the kings stand {stands:?}: {}", what()));
        // and it is the point: the side to move there is worse off for having to move, or the
        // move that took it was the only one to keep its result
        let only = s.before.is_some_and(|b| only_move_to(b, q));
        if let Some(zugzwang) = worse_off_to_move(q) {
            t.claim("opposition is the point", zugzwang || only, || {
                format!("no zugzwang, not the only move: {}", what())
            });
        }
        if let Some(on) = clause
            .strip_prefix("the black king holds")
            .or(clause.strip_prefix("the white king holds"))
        {
            let sq = squares_in(on);
            t.claim("opposition", sq.first() == Some(&king(q, holder)), || {
                format!("not on the square named: {}", what())
            });
        }
        break;
    }
    // a draw whoever is to move: the tables with either side to move
    if let Some(rest) =
        clause.split(" king on ").nth(1).filter(|r| r.contains("holds the draw whoever is to move"))
    {
        let named = squares_in(rest).first().copied();
        let defender = pawn_now.map(|(_, side)| king(q, !side));
        let both = worse_off_to_move(q).is_some_and(|worse| !worse) && result(q) == 0;
        t.claim("opposition is the point", both && named == defender, || {
            format!("not a draw either way: {}", what())
        });
    }
    // the square of the pawn
    if clause.contains("outside the square")
        || clause.contains("outside the pawn's square")
        || clause.contains("outside its square")
        || clause.contains("the pawn runs")
    {
        t.claim("square of the pawn", pawn_now.is_some() && !inside_square(q), || {
            format!("the king is inside: {}", what())
        });
    }
    if clause.contains("steps into the square") || clause.contains("deep in the square") {
        t.claim("square of the pawn", pawn_now.is_some() && inside_square(q), || {
            format!("the king is outside: {}", what())
        });
    }
    // the pawn (or a piece) falls
    for piece in ["pawn", "queen", "rook"] {
        if clause.contains(&format!("the {piece} falls")) {
            let role = match piece {
                "pawn" => Role::Pawn,
                "queen" => Role::Queen,
                _ => Role::Rook,
            };
            let mut chain = std::iter::once(q).chain(s.line.iter());
            let had = |p: &Chess| p.board().by_role(role).any();
            let falls = s.before.is_some_and(had) && chain.any(|p| !had(p));
            t.claim("pawn falls", falls, || format!("nothing falls: {}", what()));
        }
    }
    if clause.contains("takes the pawn on") {
        let named = squares_in(clause.split("takes the pawn on").nth(1).unwrap_or(""));
        let on = pawn_now.map(|(p, _)| p);
        t.claim("pawn falls", pawn_can_be_taken(q) && named.first() == on.as_ref(), || {
            format!("the pawn cannot be taken there: {}", what())
        });
    }
    if clause.contains("takes the pawn, and bare kings") {
        let took = s.before.is_some_and(|b| pawn(b).is_some()) && pawn_now.is_none();
        t.claim("pawn falls", took, || format!("the move takes no pawn: {}", what()));
    }
    if clause.contains("the pawn stays safe") {
        t.claim("pawn safe", pawn_now.is_some() && !pawn_can_be_taken(q), || {
            format!("the pawn can be taken: {}", what())
        });
    }
    if clause.contains("guards the pawn") && !clause.contains("guards the pawn's way") {
        let guarded = pawn_now.is_some_and(|(p, side)| distance(king(q, side), p) == 1);
        t.claim("pawn safe", guarded, || format!("the king is not beside the pawn: {}", what()));
    }
    // stalemate
    if clause.contains("is stalemated") {
        t.claim("stalemate", is_stalemate(q), || format!("not stalemate: {}", what()));
    }
    if clause.contains("it ends in stalemate") {
        let end = s.line.last().unwrap_or(q);
        t.claim("stalemate", is_stalemate(end), || {
            format!("the line does not end in stalemate: {}", what())
        });
    }
    if clause.contains("for a queen would stalemate") {
        let before = s.before.unwrap_or(q);
        let queen = before
            .legal_moves()
            .iter()
            .find(|m| m.promotion() == Some(Role::Queen))
            .map(|m| played(before, m));
        t.claim("stalemate", queen.as_ref().is_some_and(is_stalemate), || {
            format!("a queen does not stalemate: {}", what())
        });
    }
    // the corner
    if clause.contains("corner") {
        let Some((p, side)) = pawn_now else {
            t.claim("corner", false, || format!("no pawn: {}", what()));
            return;
        };
        let rook_pawn = file_of(p) == 0 || file_of(p) == 7;
        let promotion = at(file_of(p), 8, side).unwrap();
        let named = squares_in(clause.split("corner").nth(1).unwrap_or(""));
        t.claim("corner", rook_pawn && named.first().is_none_or(|&sq| sq == promotion), || {
            format!("not the rook pawn's corner: {}", what())
        });
        let defender = king(q, !side);
        if clause.contains("holds the corner") {
            t.claim("corner", distance(defender, promotion) <= 1, || {
                format!("the king is not in the corner: {}", what())
            });
        }
        if clause.contains("heads for the corner") {
            let nearer = s.before.is_some_and(|b| {
                distance(king(b, !side), promotion) > distance(defender, promotion)
            });
            t.claim("corner", nearer, || format!("the move does not near the corner: {}", what()));
        }
        if clause.contains("shut in") || clause.contains("shuts the") {
            let strong = king(q, side);
            let ahead = file_of(strong) == file_of(p) && rank_of(strong, side) > rank_of(p, side);
            let next_file = if file_of(p) == 0 { 1 } else { 6 };
            let exits: Vec<Square> =
                (-1..=1).filter_map(|d| at(next_file, rank_of(strong, side) + d, side)).collect();
            let shut = ahead && exits.iter().all(|&e| distance(defender, e) <= 1);
            t.claim("corner", shut, || format!("the king is not shut in: {}", what()));
        }
    }
    if clause.contains("the pawn has promoted") {
        let promoted = pawn_now.is_none()
            && (q.board().queens().any()
                || q.board().rooks().any()
                || q.board().bishops().any()
                || q.board().knights().any());
        t.claim("pawn falls", promoted, || format!("no promotion: {}", what()));
    }
    // squares named for what they are, and where a king heads
    if let Some((p, side)) = pawn_now {
        let promotion = at(file_of(p), 8, side).unwrap();
        for words in ["guards the pawn's way to ", "which runs to "] {
            if let Some(named) = listed_after(clause, words).first() {
                t.claim("promotion square", *named == promotion, || {
                    format!("not the promotion square: {}", what())
                });
            }
        }
        if clause.contains("is left behind the pawn") {
            let behind = rank_of(king(q, !side), side) < rank_of(p, side);
            t.claim("in front", behind, || format!("the king is not behind the pawn: {}", what()));
        }
        if let Some(named) = listed_after(clause, "the square that corresponds to ").first() {
            t.claim("corresponding squares", *named == king(q, side), || {
                format!("not the king's square: {}", what())
            });
        }
        if let Some(named) = listed_after(clause, "is much nearer ").first() {
            let nearer = distance(king(q, !side), *named) < distance(king(q, side), *named);
            t.claim("corner", nearer, || format!("not nearer: {}", what()));
        }
        if let Some(b) = s.before.filter(|b| pawn(b).is_some()) {
            let (pb, _) = pawn(b).unwrap();
            // nearer: fewer king moves, or as many and fewer squares along the file and rank
            let near = |from: Square, to: Square| (distance(from, to), manhattan(from, to));
            if clause.contains("king heads for the pawn") {
                let nearer = near(king(q, !side), p) < near(king(b, !side), pb);
                t.claim("heads for", nearer, || format!("no nearer the pawn: {}", what()));
            }
            if clause.contains("king heads for the key squares") {
                let nearest = |pos: &Chess, pawn_sq: Square| {
                    key_squares(pawn_sq, side)
                        .iter()
                        .map(|&k| near(king(pos, side), k))
                        .min()
                        .unwrap_or((0, 0))
                };
                t.claim("heads for", nearest(q, p) < nearest(b, pb), || {
                    format!("no nearer the key squares: {}", what())
                });
            }
            if clause.contains("goes up the board, ahead of its pawn") {
                let (r0, r1) = (rank_of(king(b, side), side), rank_of(king(q, side), side));
                t.claim("heads for", r1 > r0 && r1 > rank_of(p, side), || {
                    format!("not up the board: {}", what())
                });
            }
            if clause.contains("comes back towards its pawn") {
                let nearer = near(king(q, side), p) < near(king(b, side), pb);
                t.claim("heads for", nearer, || format!("no nearer its pawn: {}", what()));
            }
            if clause.contains("steps out of the pawn's way") {
                let in_way = |pos: &Chess| {
                    file_of(king(pos, side)) == file_of(p)
                        && rank_of(king(pos, side), side) > rank_of(p, side)
                };
                t.claim("in front", in_way(b) && !in_way(q), || {
                    format!("not out of the way: {}", what())
                });
            }
        }
    }
    // the king's escort
    if clause.contains("under the king's escort") {
        let escorted = pawn_now.is_some_and(|(p, side)| {
            let k = king(q, side);
            let ahead = rank_of(k, side) - rank_of(p, side);
            distance(k, p) <= 1
                || ((1..=2).contains(&ahead) && (file_of(k) - file_of(p)).abs() <= 1)
        });
        t.claim("escort", escorted, || format!("the king is not by the pawn: {}", what()));
    }
    for (words, behind) in
        [("king follows it", true), ("king ahead of it", false), ("king behind it", true)]
    {
        if clause.contains(words) {
            let holds = pawn_now.is_some_and(|(p, side)| {
                let ahead = rank_of(king(q, side), side) - rank_of(p, side);
                let straight = words != "king behind it" || file_of(king(q, side)) == file_of(p);
                straight
                    && if behind {
                        ahead <= 0 && (words == "king follows it" || ahead < 0)
                    } else {
                        ahead > 0
                    }
            });
            t.claim("escort", holds, || format!("the king is not where it is said: {}", what()));
        }
    }
    // in front of the pawn
    let in_front = clause.contains("blocks the pawn on")
        || clause.contains("stays in front of the pawn")
        || clause.contains("stands in front of its pawn");
    if in_front && let Some((p, side)) = pawn_now {
        let k = if clause.contains("stands in front of its pawn") {
            king(q, side)
        } else {
            king(q, !side)
        };
        let front = file_of(k) == file_of(p) && rank_of(k, side) > rank_of(p, side);
        t.claim("in front", front, || format!("the king is not in front: {}", what()));
        if clause.contains("blocks the pawn on") {
            let named = squares_in(clause.split("blocks the pawn on").nth(1).unwrap_or(""));
            t.claim("in front", named.first() == Some(&k), || {
                format!("not on the square named: {}", what())
            });
        }
    }
}

/// Checks a why: its result, its clause in the position it speaks of, its stalemate trap and
/// its mutual zugzwang in the position itself.
fn check_why(pos: &Chess, why: &kpk_rules::Why, fen: &str, t: &mut Tally) {
    let (head, rest) = why.text.trim_end_matches('.').split_once(": ").unwrap();
    let expected = match result(pos) {
        0 => "Draw".to_string(),
        1 => format!("{} wins", side_name(pos.turn())),
        _ => format!("{} wins", side_name(!pos.turn())),
    };
    t.claim("result", head == expected, || format!("{fen} | {}", why.text));
    let mut end = pos.clone();
    let mut before = None;
    for m in &why.line {
        let shak = kpk_shakmaty::to_shakmaty_move(&end, *m).unwrap();
        before = Some(end.clone());
        end = played(&end, &shak);
    }
    let mut parts = rest.split("; ");
    let clause = parts.next().unwrap();
    let clause =
        clause.split_once(", ").filter(|_| clause.starts_with("after ")).map_or(clause, |(_, c)| c);
    let scene = Scene { before: before.as_ref(), said: &end, line: &[], fen, text: &why.text };
    // a clause after a `;` that is neither extra belongs to the gist
    let mut extras = Vec::new();
    let mut gist = clause.to_string();
    for part in parts {
        if part.ends_with("would be stalemate") || part.starts_with("mutual zugzwang") {
            extras.push(part);
        } else {
            gist.push_str("; ");
            gist.push_str(part);
        }
    }
    check_clause(&gist, &scene, t);
    for part in extras {
        if let Some(san) = part.strip_suffix(" would be stalemate") {
            let m = san_move(pos, san);
            t.claim("stalemate", m.is_some_and(|m| is_stalemate(&played(pos, &m))), || {
                format!("{fen} | {}", why.text)
            });
        } else if let Some(other) = part.strip_prefix("mutual zugzwang: ") {
            // the same men, the other side to move
            let turned = format!(
                "{} {}",
                fen.split(' ').next().unwrap(),
                if pos.turn() == Color::White { "b - - 0 1" } else { "w - - 0 1" }
            );
            let holds = turned
                .parse::<Fen>()
                .ok()
                .and_then(|f| f.into_position::<Chess>(CastlingMode::Standard).ok())
                .is_some_and(|o| {
                    let r = result(&o);
                    let named = if other.ends_with("loses") { -1 } else { 0 };
                    other.starts_with(side_name(o.turn())) && r == named && result(pos) != -r
                });
            t.claim("mutual zugzwang", holds, || format!("{fen} | {}", why.text));
        }
    }
}

/// Checks a plan's reason (or the reason the coach gives for a move that keeps the result,
/// which quotes it), said of the position after `mv`.
fn check_move_reason(pos: &Chess, mv: &Move, reason: &str, fen: &str, text: &str, t: &mut Tally) {
    let after = played(pos, mv);
    let scene = Scene { before: Some(pos), said: &after, line: &[], fen, text };
    check_clause(reason, &scene, t);
}

/// Checks a move's verdict: a reason that keeps the result speaks of the position after the
/// move; a refutation's `after REPLY!, ...` of the position after the reply, its line for what
/// falls; another clause of the position after the move.
fn check_verdict(pos: &Chess, m: &kpk_answers::plan::JudgedMove, fen: &str, t: &mut Tally) {
    let mv = uci_move(pos, m.uci.as_str());
    let after = played(pos, &mv);
    let reason = m.verdict.reason.as_str();
    let text = format!("{}: {reason}", m.san);
    if reason.contains("stalemate") && m.verdict.stalemate {
        t.claim("stalemate", is_stalemate(&after), || format!("{fen} | {text}"));
    }
    let clause = reason.strip_prefix("only move: ").unwrap_or(reason);
    let Some((_, motive)) = clause.split_once(": ").filter(|(head, _)| {
        matches!(*head, "throws the win away" | "loses" | "throws the draw away")
    }) else {
        check_move_reason(pos, &mv, clause, fen, &text, t);
        return;
    };
    if let Some(rest) = motive.strip_prefix("after ") {
        let (_, said) = rest.split_once(", ").unwrap();
        let moves = &m.verdict.refutation.as_ref().unwrap().moves;
        let mut line = Vec::new();
        let mut at = after.clone();
        for n in moves {
            at = played(&at, &uci_move(&at, n.uci.as_str()));
            line.push(at.clone());
        }
        let scene =
            Scene { before: Some(&after), said: &line[0], line: &line[1..], fen, text: &text };
        check_clause(said, &scene, t);
    } else {
        let scene = Scene { before: Some(pos), said: &after, line: &[], fen, text: &text };
        check_clause(motive, &scene, t);
    }
}

#[test]
fn every_claim_of_the_lesson_holds_on_the_board() {
    let mut t = Tally::default();
    let mut positions = 0u32;
    for kpk_pos in KpkPosition::all() {
        let game = Endgame::from(kpk_pos);
        let mut fen = String::new();
        game.write_fen(&mut fen).unwrap();
        let parsed = kpk_shakmaty::fen::parse(&fen).unwrap();
        let e = Explanation::of(&fen, &parsed);
        let pos = chess(&fen);
        positions += 1;
        // the why the explanation shows, with the line it rests on
        let why = match &e.plan {
            Some(p) => kpk_rules::why_playing(&game, p.mv),
            None => kpk_rules::why(&game),
        };
        assert_eq!(why.text, e.reason, "{fen}");
        check_why(&pos, &why, &fen, &mut t);
        if let Some(p) = &e.plan {
            let mv = uci_move(&pos, p.uci.as_str());
            check_move_reason(&pos, &mv, &p.reason, &fen, &p.reason, &mut t);
        }
        for m in &e.moves {
            check_verdict(&pos, m, &fen, &mut t);
        }
    }
    println!("{positions} positions; claims checked, by kind (false ones in brackets):");
    for (kind, n) in &t.checked {
        println!("  {kind}: {n} [{}]", t.false_claims.get(kind).copied().unwrap_or(0));
    }
    for ((kind, shape), n) in &t.shapes {
        println!("  {n} false [{kind}]: {shape}");
    }
    for (kind, shown) in &t.examples {
        for e in shown {
            println!("  [{kind}] {e}");
        }
    }
    assert!(t.false_claims.is_empty(), "false claims: {:?}", t.false_claims);
}
