//! Words every answer shares, declared once.

use alloc::format;
use alloc::string::{String, ToString};
use alloc::vec::Vec;
use core::fmt::Write;

use crate::frame::{Coord, Frame, KeySquares};
use crate::idea::Idea;
use kpk::{Color, Endgame, KpkPosition, Move, Square};

/// A count of plies in words: `"1 ply"`, `"3 plies"`.
///
/// ```
/// assert_eq!(kpk_rules::plies(1), "1 ply");
/// assert_eq!(kpk_rules::plies(4), "4 plies");
/// ```
#[must_use]
pub fn plies(n: u32) -> String {
    if n == 1 { "1 ply".to_string() } else { format!("{n} plies") }
}

/// A side's name: `"White"` or `"Black"`, or in lower case as an adjective (`"the white king"`).
pub(crate) const fn side(color: Color, capital: bool) -> &'static str {
    match (color, capital) {
        (Color::White, true) => "White",
        (Color::Black, true) => "Black",
        (Color::White, false) => "white",
        (Color::Black, false) => "black",
    }
}

/// Squares in a list as a sentence writes them: `"d5"`, `"d5 and e5"`, `"d5, e5 and f5"`.
pub(crate) fn square_list(squares: &[Square]) -> String {
    let mut s = String::new();
    for (i, sq) in squares.iter().enumerate() {
        if i > 0 {
            s.push_str(if i + 1 == squares.len() { " and " } else { ", " });
        }
        let _ = write!(s, "{sq}");
    }
    s
}

/// The square of `keys` nearest `from` (the first of equals), those the defending king does
/// not guard first, on the board.
fn nearest(x: &Frame, keys: KeySquares, from: Coord, strong: Color) -> Option<Square> {
    keys.iter()
        .min_by_key(|&c| (c.distance(x.weak_king) <= 1, c.distance(from)))
        .and_then(|c| x.square(c, strong))
}

/// A template with a position's squares and sides filled in: `{strong}` and `{weak}` (the
/// sides' colours, `white`/`black`; `{Strong}`, `{Weak}` as names, `White`/`Black`), `{sk}` and
/// `{wk}` (the kings' squares), `{pawn}`, `{stop}` (the square in front of the pawn), `{queen}`
/// (its promotion square), `{key}` (the key square nearest the strong king), `{keys}` (every
/// key square), `{opposition}` (the kind the kings stand in: `the distant opposition`, ...)
/// and `{next_key}` (the nearest key square of the pawn a step further on, said so: `d5, a key
/// square once the pawn stands on e3`).
pub(crate) fn fill(template: &str, pos: &KpkPosition) -> String {
    let x = Frame::of(pos);
    let (strong, weak) = (pos.strong_side(), !pos.strong_side());
    let board = |c: Coord| x.square(c, strong).map(|s| s.to_string()).unwrap_or_default();
    let mut out = String::new();
    let mut rest = template;
    while let Some(open) = rest.find('{') {
        out.push_str(&rest[..open]);
        let Some(close) = rest[open..].find('}') else { break };
        let name = &rest[open + 1..open + close];
        let word = match name {
            "strong" => side(strong, false).to_string(),
            "weak" => side(weak, false).to_string(),
            "Strong" => side(strong, true).to_string(),
            "Weak" => side(weak, true).to_string(),
            "sk" => pos.strong_king().to_string(),
            "wk" => pos.weak_king().to_string(),
            "pawn" => pos.pawn().to_string(),
            "opposition" => {
                x.strong_king.opposition(x.weak_king).unwrap_or(Idea::Opposition).name().to_string()
            }
            "stop" => board(x.pawn.offset(0, 1)),
            "queen" => board(x.promotion()),
            "key" => nearest(&x, x.keys, x.strong_king, strong)
                .map(|s| s.to_string())
                .unwrap_or_default(),
            "keys" => {
                let mut keys: Vec<Square> =
                    x.keys.iter().filter_map(|c| x.square(c, strong)).collect();
                keys.sort_unstable();
                square_list(&keys)
            }
            "next_key" => {
                let ahead = if x.pawn.rank < 6 { x.pawn.offset(0, 1) } else { x.pawn };
                let next = KeySquares::of(ahead);
                let key = nearest(&x, next, x.strong_king, strong).map(|s| s.to_string());
                let key = key.unwrap_or_default();
                // a key square of the pawn a step further on is said to be one of that pawn's
                if ahead == x.pawn {
                    format!("the key square {key}")
                } else {
                    format!("{key}, a key square once the pawn stands on {}", board(ahead))
                }
            }
            other => format!("{{{other}}}"),
        };
        out.push_str(&word);
        rest = &rest[open + close + 1..];
    }
    out.push_str(rest);
    out
}

/// A move in standard algebraic notation.
pub(crate) fn san(pos: &Endgame, m: Move) -> String {
    let mut s = String::new();
    let _ = pos.write_san(m, &mut s);
    s
}

/// A line in standard notation with move numbers counted from 1 (`"1. Ke4 Ke6 2. Kd4"`,
/// `"1... Kd6 2. Ke4"`), cut after `max` plies with `"..."`. `marks` gives the annotation of
/// each ply it covers (`"!"`, `"?"` or nothing).
pub(crate) fn line(start: &Endgame, moves: &[Move], max: usize, marks: &[&str]) -> String {
    let mut out = String::new();
    let mut pos = *start;
    let mut number = 1;
    for (i, &m) in moves.iter().enumerate() {
        if i == max {
            out.push_str(" ...");
            break;
        }
        let white = pos.side_to_move() == Color::White;
        if i > 0 {
            out.push(' ');
        }
        if white {
            let _ = write!(out, "{number}. ");
        } else if i == 0 {
            let _ = write!(out, "{number}... ");
        }
        out.push_str(&san(&pos, m));
        out.push_str(marks.get(i).copied().unwrap_or(""));
        if !white {
            number += 1;
        }
        pos = pos.play_unchecked(m);
    }
    out
}
