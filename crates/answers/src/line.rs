//! The optimal line: the fastest mate for the winner, the longest defence for the loser, under
//! the 50-move rule from the clock of the position asked.

use core::fmt;

use kpk::dtm::{self, Dtm};
use kpk::dtz;
use kpk::{Color, Endgame};
use serde::Serialize;

use crate::notation::Notation;
use crate::probe::{Category, describe, dtm_of};

/// One move of the optimal line and the position it leads to.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Step {
    /// The move in UCI notation.
    pub uci: Notation,
    /// The move in standard algebraic notation.
    pub san: Notation,
    /// The position after the move.
    pub fen: String,
    /// Its distance to mate in plies, for the side to move then.
    pub dtm: Option<i32>,
    /// Its distance to zeroing in plies, for the side to move then.
    pub dtz: i32,
    /// Whether the move resets the halfmove clock (a capture or a pawn move).
    pub zeroing: bool,
}

/// The optimal line from a position to mate (empty for a draw or a position without moves),
/// with the position's category under the 50-move rule and its distances.
///
/// With room on the clock this is the DTM-optimal line. When the quickest mate would let the
/// clock reach 100 first, the line is the quickest mate the rule allows
/// ([`kpk::dtz::dtm50`], pushing the pawn sooner) and `rule` says so; when no mate fits
/// (a cursed win or blessed loss), the line is the best play under the rule (each side's
/// DTZ-best move) up to the moment the defender claims the draw, and `rule` says so.
///
/// ```
/// use kpk_answers::line::Line;
/// let p = kpk_shakmaty::fen::parse("7k/8/6K1/8/8/8/8/1Q6 w - - 0 1").unwrap();
/// let line = Line::of("7k/8/6K1/8/8/8/8/1Q6 w - - 0 1", &p.position, p.halfmoves);
/// assert_eq!(line.steps.len(), 1);
/// assert_eq!(line.steps[0].san, "Qb8#");
/// assert_eq!(line.steps[0].dtm, Some(0));
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Line {
    /// The FEN asked, trimmed.
    pub fen: String,
    /// The outcome for the side to move.
    pub category: Category,
    /// Distance to mate in plies (`null` for a draw).
    pub dtm: Option<i32>,
    /// Distance to zeroing in plies (`0` for a draw).
    pub dtz: i32,
    /// The halfmove clock of the position asked.
    pub halfmoves: u32,
    /// The shortest mate the 50-move rule allows from that clock, in plies (`null` when the
    /// rule or the position draws).
    pub dtm50: Option<i32>,
    /// What the 50-move rule changes, in words (`null` when it changes nothing).
    pub rule: Option<String>,
    /// The moves of the line.
    pub steps: Vec<Step>,
    /// The side to move (for the text form; not in the JSON).
    #[serde(skip)]
    pub side_to_move: Color,
}

impl Line {
    /// The line of `pos` with `halfmoves` on the clock, asked as `fen`.
    #[must_use]
    pub fn of(fen: &str, pos: &Endgame, halfmoves: u32) -> Line {
        let d = dtm::probe(pos);
        let z = dtz::probe(pos);
        let d50 = dtz::dtm50(pos, halfmoves);
        // (move, position after it) of the line shown
        let (moves, rule): (Vec<(kpk::Move, Endgame)>, Option<String>) = match (d, d50) {
            (Some(d), Some(r)) => {
                // line50 is the DTM line whenever the clock leaves room for it
                let line = dtz::line50(pos, halfmoves).iter().map(|o| (o.mv, o.after)).collect();
                let note = (r != d).then(|| {
                    format!(
                        "the quickest mate ({}) would let the clock reach 100 first: \
                         this line mates in {} within the 50-move rule",
                        plies(d.plies().unsigned_abs()),
                        plies(r.plies().unsigned_abs())
                    )
                });
                (line, note)
            }
            (Some(_), None) => {
                // no mate fits: the best play under the rule (each side's DTZ-best move) until
                // the clock reaches 100 and the defender claims the draw
                let line: Vec<_> =
                    dtz::mainline(pos, halfmoves).iter().map(|o| (o.mv, o.after)).collect();
                let note = format!(
                    "the 50-move rule draws first: with {} on the clock, the best play reaches \
                     no capture, pawn move or mate before the clock reaches 100 (after {} \
                     here), when the defender claims the draw",
                    plies(halfmoves),
                    plies(u32::try_from(line.len()).unwrap_or(u32::MAX))
                );
                (line, Some(note))
            }
            (None, _) => (Vec::new(), None),
        };
        let mut before = *pos;
        let steps = moves
            .iter()
            .map(|&(mv, after)| {
                let san = Notation::san(&before, mv);
                let zeroing = before.is_zeroing(mv);
                before = after;
                Step {
                    uci: Notation::uci(mv),
                    san,
                    fen: after.to_string(),
                    dtm: dtm::probe(&after).map(Dtm::plies),
                    dtz: dtz::probe(&after).plies(),
                    zeroing,
                }
            })
            .collect();
        Line {
            fen: fen.trim().to_string(),
            category: Category::of_wdl50(z.wdl50(halfmoves)),
            dtm: d.map(Dtm::plies),
            dtz: z.plies(),
            halfmoves,
            dtm50: d50.map(Dtm::plies),
            rule,
            steps,
            side_to_move: pos.side_to_move(),
        }
    }
}

/// The text form: the verdict, then the line in SAN with move numbers counted from 1 (the
/// FEN's counters are not used) and in UCI, or the statement that a draw has no line.
impl fmt::Display for Line {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "{}", self.fen)?;
        writeln!(f, "  {} to move: {}", self.side_to_move, describe(dtm_of(self.dtm)))?;
        if let Some(rule) = &self.rule {
            writeln!(f, "  {}: {rule}", self.category)?;
        }
        if self.dtm.is_none() {
            return writeln!(
                f,
                "  a draw: no side can force mate, so there is no line to play out"
            );
        }
        let mut san = String::new();
        let black_first = self.side_to_move == Color::Black;
        for (i, step) in self.steps.iter().enumerate() {
            let ply = i + usize::from(black_first);
            if ply % 2 == 0 {
                san.push_str(&format!("{}. ", ply / 2 + 1));
            } else if i == 0 {
                san.push_str("1... ");
            }
            san.push_str(&step.san);
            san.push(' ');
        }
        writeln!(f, "  SAN: {}", san.trim_end())?;
        let uci: Vec<&str> = self.steps.iter().map(|s| s.uci.as_str()).collect();
        writeln!(f, "  UCI: {}", uci.join(" "))
    }
}

/// A count of plies in words: `1 ply`, `3 plies`.
fn plies(n: u32) -> String {
    if n == 1 { "1 ply".to_string() } else { format!("{n} plies") }
}
