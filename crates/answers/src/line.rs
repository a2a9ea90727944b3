//! The optimal line: the fastest mate for the winner, the longest defence for the loser, under
//! the 50-move rule from the clock of the position asked.

use core::fmt;

use kpk::dtm::{self, Dtm};
use kpk::dtz::{self, Dtz};
use kpk::{Color, Endgame};
use serde::Serialize;

use crate::ts_names::Plies;

use crate::category::Category;
use crate::notation::{Notation, numbered};
use crate::words::{self, plies};

/// One move of the optimal line and the position it leads to.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, ts_rs::TS)]
pub struct Step {
    /// The move in UCI notation.
    pub uci: Notation,
    /// The move in standard algebraic notation.
    pub san: Notation,
    /// The position after the move.
    pub fen: String,
    /// Its distance to mate in plies, for the side to move then.
    #[ts(as = "Option<Plies>")]
    pub dtm: Option<Dtm>,
    /// Its distance to zeroing in plies, for the side to move then.
    #[ts(as = "Plies")]
    pub dtz: Dtz,
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
/// assert_eq!(line.steps[0].dtm.map(|d| d.plies()), Some(0));
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Serialize, ts_rs::TS)]
pub struct Line {
    /// The FEN asked, trimmed.
    pub fen: String,
    /// The outcome for the side to move.
    pub category: Category,
    /// Distance to mate in plies (`null` for a draw).
    #[ts(as = "Option<Plies>")]
    pub dtm: Option<Dtm>,
    /// Distance to zeroing in plies (`0` for a draw).
    #[ts(as = "Plies")]
    pub dtz: Dtz,
    /// The halfmove clock of the position asked.
    pub halfmoves: u32,
    /// The shortest mate the 50-move rule allows from that clock, in plies (`null` when the
    /// rule or the position draws).
    #[ts(as = "Option<Plies>")]
    pub dtm50: Option<Dtm>,
    /// What the 50-move rule changes, in words (`null` when it changes nothing).
    pub rule: Option<String>,
    /// The moves of the line.
    pub steps: Vec<Step>,
    /// The side to move (for the text form; not in the JSON).
    #[serde(skip)]
    #[ts(skip)]
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
                    dtm: dtm::probe(&after),
                    dtz: dtz::probe(&after),
                    zeroing,
                }
            })
            .collect();
        Line {
            fen: fen.trim().to_string(),
            category: Category::of_ending(pos, halfmoves),
            dtm: d,
            dtz: z,
            halfmoves,
            dtm50: d50,
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
        writeln!(f, "  {} to move: {}", self.side_to_move, words::describe(self.dtm))?;
        if let Some(rule) = &self.rule {
            writeln!(f, "  {}: {rule}", self.category)?;
        }
        if self.dtm.is_none() {
            return writeln!(
                f,
                "  a draw: no side can force mate, so there is no line to play out"
            );
        }
        let sans: Vec<String> = self.steps.iter().map(|s| s.san.to_string()).collect();
        let san = numbered(1, self.side_to_move == Color::White, &sans);
        writeln!(f, "  SAN: {san}")?;
        let uci: Vec<&str> = self.steps.iter().map(|s| s.uci.as_str()).collect();
        writeln!(f, "  UCI: {}", uci.join(" "))
    }
}
