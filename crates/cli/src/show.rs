//! `kpk show`: the board in the terminal and, for KPK, the map of every square where the
//! defending king could stand, coloured win or draw; `--svg` writes the same as a picture.

use std::fmt::Write as _;
use std::io::Write as _;
use std::path::Path;
use std::process::ExitCode;

use kpk::{Color, Endgame, Role, Square};

use crate::fen;
use kpk_answers::words::describe;

/// What a square of the map says about the defending king standing there.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Mark {
    /// The side with the pawn wins.
    Win,
    /// Draw.
    Draw,
    /// The defending king cannot stand there (occupied, next to the other king, or in check
    /// with the other side to move).
    Illegal,
}

/// The map for a KPK position: the verdict for every square of the defending king, the other
/// two men and the side to move unchanged.
fn kpk_map(pos: &Endgame) -> Option<[Mark; 64]> {
    let map = kpk::bitbase::defender_map(&pos.as_kpk()?);
    Some(map.map(|m| match m {
        Some(true) => Mark::Win,
        Some(false) => Mark::Draw,
        None => Mark::Illegal,
    }))
}

fn glyph(color: Color, role: Role) -> char {
    let white = ['♔', '♕', '♖', '♗', '♘', '♙'];
    let black = ['♚', '♛', '♜', '♝', '♞', '♟'];
    let i = match role {
        Role::King => 0,
        Role::Queen => 1,
        Role::Rook => 2,
        Role::Bishop => 3,
        Role::Knight => 4,
        Role::Pawn => 5,
    };
    if color == Color::White { white[i] } else { black[i] }
}

/// The man on a square, if any.
fn man_at(pos: &Endgame, sq: Square) -> Option<(Color, Role)> {
    if sq == pos.strong_king() {
        Some((pos.strong_side(), Role::King))
    } else if sq == pos.weak_king() {
        Some((pos.strong_side().other(), Role::King))
    } else {
        pos.extra().filter(|&(_, s)| s == sq).map(|(r, _)| (pos.strong_side(), r))
    }
}

fn text_board(pos: &Endgame, map: Option<&[Mark; 64]>) -> String {
    let mut s = String::new();
    for rank in (0..8u8).rev() {
        let _ = write!(s, "  {} ", rank + 1);
        for file in 0..8u8 {
            let sq = Square::ALL[usize::from(rank * 8 + file)];
            let c = match (man_at(pos, sq), map) {
                (Some((color, role)), _) if !(map.is_some() && sq == pos.weak_king()) => {
                    glyph(color, role)
                }
                (_, Some(m)) => match m[usize::from(sq.index())] {
                    Mark::Win => 'W',
                    Mark::Draw => '=',
                    Mark::Illegal => '·',
                },
                _ => {
                    if (rank + file) % 2 == 0 {
                        '·'
                    } else {
                        ' '
                    }
                }
            };
            let _ = write!(s, " {c}");
        }
        s.push('\n');
    }
    s.push_str("     a b c d e f g h\n");
    s
}

const CELL: usize = 60;
const MARGIN: usize = 30;

/// The top-left corner of a square's cell in the picture (White at the bottom).
fn cell(sq: Square) -> (usize, usize) {
    let (file, rank) = (usize::from(sq.file().index()), usize::from(sq.rank().index()));
    (MARGIN + file * CELL, MARGIN + (7 - rank) * CELL)
}

fn svg(pos: &Endgame, map: Option<&[Mark; 64]>, title: &str) -> String {
    let board = 8 * CELL;
    let legend_h = if map.is_some() { 156 } else { 40 };
    let (w, h) = (board + 2 * MARGIN, board + 2 * MARGIN + legend_h);
    let mut s = String::new();
    let _ = writeln!(
        s,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" viewBox="0 0 {w} {h}" font-family="DejaVu Sans, Arial, sans-serif">"#
    );
    let _ = writeln!(s, r#"  <title>{}</title>"#, escape(title));
    let _ = writeln!(s, r##"  <rect x="0" y="0" width="{w}" height="{h}" fill="#ffffff"/>"##);
    for rank in 0..8usize {
        for file in 0..8usize {
            let sq = Square::ALL[rank * 8 + file];
            let x = MARGIN + file * CELL;
            let y = MARGIN + (7 - rank) * CELL;
            let light = (rank + file) % 2 == 1;
            let fill = if light { "#f0d9b5" } else { "#b58863" };
            let _ = writeln!(
                s,
                r#"  <rect class="square" data-square="{sq}" x="{x}" y="{y}" width="{CELL}" height="{CELL}" fill="{fill}"/>"#
            );
            if let Some(m) = map {
                let (class, colour) = match m[rank * 8 + file] {
                    Mark::Win => ("win", "#2e8b57"),
                    Mark::Draw => ("draw", "#4169e1"),
                    Mark::Illegal => ("illegal", ""),
                };
                if !colour.is_empty() {
                    let _ = writeln!(
                        s,
                        r#"  <rect class="{class}" x="{x}" y="{y}" width="{CELL}" height="{CELL}" fill="{colour}" fill-opacity="0.55"/>"#
                    );
                }
            }
            let shown = man_at(pos, sq).filter(|_| !(map.is_some() && sq == pos.weak_king()));
            if let Some((color, role)) = shown {
                let _ = writeln!(
                    s,
                    r#"  <text class="piece" x="{}" y="{}" font-size="46" text-anchor="middle" dominant-baseline="central">{}</text>"#,
                    x + CELL / 2,
                    y + CELL / 2 + 2,
                    glyph(color, role)
                );
            }
        }
    }
    for i in 0..8usize {
        let file = char::from(b'a' + u8::try_from(i).unwrap_or(0));
        let _ = writeln!(
            s,
            r#"  <text x="{}" y="{}" font-size="14" text-anchor="middle">{file}</text>"#,
            MARGIN + i * CELL + CELL / 2,
            MARGIN + board + 18
        );
        let _ = writeln!(
            s,
            r#"  <text x="{}" y="{}" font-size="14" text-anchor="middle" dominant-baseline="central">{}</text>"#,
            MARGIN / 2,
            MARGIN + (7 - i) * CELL + CELL / 2,
            i + 1
        );
    }
    // KPK: the pawn's key squares (gold frames) and the square of the pawn (dashed outline)
    let kpk = pos.as_kpk();
    if let Some(k) = kpk {
        for sq in kpk_rules::key_squares(&k) {
            let (x, y) = cell(sq);
            let _ = writeln!(
                s,
                r##"  <rect class="key-square" data-square="{sq}" x="{}" y="{}" width="{}" height="{}" fill="none" stroke="#d4a017" stroke-width="5"/>"##,
                x + 3,
                y + 3,
                CELL - 6,
                CELL - 6
            );
        }
        let region = kpk_rules::square_of_the_pawn(&k);
        let files = region.iter().map(|q| usize::from(q.file().index()));
        let ranks = region.iter().map(|q| usize::from(q.rank().index()));
        if let (Some(f0), Some(f1), Some(r0), Some(r1)) =
            (files.clone().min(), files.max(), ranks.clone().min(), ranks.max())
        {
            let _ = writeln!(
                s,
                r##"  <rect class="square-of-the-pawn" x="{}" y="{}" width="{}" height="{}" fill="none" stroke="#b22222" stroke-width="3" stroke-dasharray="10 6"/>"##,
                MARGIN + f0 * CELL + 1,
                MARGIN + (7 - r1) * CELL + 1,
                (f1 - f0 + 1) * CELL - 2,
                (r1 - r0 + 1) * CELL - 2
            );
        }
    }
    let y0 = MARGIN + board + 34;
    let _ = writeln!(
        s,
        r#"  <text x="{MARGIN}" y="{}" font-size="14">{}</text>"#,
        y0 + 10,
        escape(title)
    );
    if map.is_some() {
        let defender = pos.strong_side().other();
        let entries = [
            ("#2e8b57", format!("{} wins with the {defender} king here", pos.strong_side()), false),
            ("#4169e1", format!("draw with the {defender} king here"), false),
            ("#f0d9b5", format!("the {defender} king cannot stand here"), false),
            ("#d4a017", "a key square of the pawn".to_string(), true),
            ("#b22222", "the square of the pawn (dashed)".to_string(), true),
        ];
        for (i, (colour, label, outline)) in entries.iter().enumerate() {
            let y = y0 + 22 + i * 22;
            let paint = if *outline {
                format!(r#"fill="none" stroke="{colour}" stroke-width="3""#)
            } else {
                format!(r#"fill="{colour}" fill-opacity="0.55""#)
            };
            let _ = writeln!(
                s,
                r#"  <rect class="legend" x="{MARGIN}" y="{y}" width="16" height="16" {paint}/>"#
            );
            let _ = writeln!(
                s,
                r#"  <text x="{}" y="{}" font-size="14">{}</text>"#,
                MARGIN + 24,
                y + 13,
                escape(label)
            );
        }
    }
    s.push_str("</svg>\n");
    s
}

fn escape(text: &str) -> String {
    text.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;")
}

/// Prints the board (and map), and writes the SVG if asked (atomically).
///
/// # Errors
/// A message for a bad FEN, an SVG file that cannot be written, or standard output that cannot
/// be written.
pub fn run(fen_text: &str, svg_out: Option<&Path>) -> Result<ExitCode, String> {
    let mut text = String::new();
    let parsed = fen::parse(fen_text).map_err(|e| e.to_string())?;
    let pos = parsed.position;
    let map = kpk_map(&pos);
    outln!(text, "{}", fen_text.trim());
    outln!(text, "  {} to move: {}", pos.side_to_move(), describe(kpk::dtm::probe(&pos)));
    outln!(text);
    out!(text, "{}", text_board(&pos, None));
    let title = match map {
        Some(_) => format!(
            "Where the {} king could stand, {} to move",
            pos.strong_side().other(),
            pos.side_to_move()
        ),
        None => format!("{} to move", pos.side_to_move()),
    };
    if let Some(m) = &map {
        outln!(text);
        outln!(text, "  {title}: W = {} wins, = draw, · cannot stand there", pos.strong_side());
        out!(text, "{}", text_board(&pos, Some(m)));
    }
    if let Some(path) = svg_out {
        crate::write_atomically(path, svg(&pos, map.as_ref(), &title).as_bytes())?;
        let _ = writeln!(std::io::stderr(), "wrote {}", path.display());
    }
    crate::emit(&text)?;
    Ok(ExitCode::SUCCESS)
}
