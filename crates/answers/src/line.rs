//! The optimal line: the fastest mate for the winner, the longest defence for the loser.

use core::fmt;

use kpk::dtm::{self, Dtm};
use kpk::{Color, Endgame};
use serde::Serialize;

use crate::probe::{Category, describe, dtm_of};

/// One move of the optimal line and the position it leads to.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Step {
    /// The move in UCI notation.
    pub uci: String,
    /// The move in standard algebraic notation.
    pub san: String,
    /// The position after the move.
    pub fen: String,
    /// Its distance to mate in plies, for the side to move then.
    pub dtm: Option<i32>,
}

/// The optimal line from a position to mate (empty for a draw or a position without moves),
/// with the position's category and distance to mate.
///
/// ```
/// use kpk_answers::line::Line;
/// let p = kpk_answers::fen::parse("7k/8/6K1/8/8/8/8/1Q6 w - - 0 1").unwrap();
/// let line = Line::of("7k/8/6K1/8/8/8/8/1Q6 w - - 0 1", &p.position);
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
    /// The moves of the line.
    pub steps: Vec<Step>,
    /// The side to move (for the text form; not in the JSON).
    #[serde(skip)]
    pub side_to_move: Color,
}

impl Line {
    /// The line of `pos`, asked as `fen`.
    #[must_use]
    pub fn of(fen: &str, pos: &Endgame) -> Line {
        let d = dtm::probe(pos);
        let mut before = *pos;
        let steps = dtm::line(pos)
            .map(|o| {
                let mut san = String::new();
                let _ = before.write_san(o.mv, &mut san);
                before = o.after;
                Step {
                    uci: o.mv.to_string(),
                    san,
                    fen: o.after.to_string(),
                    dtm: o.dtm.map(Dtm::plies),
                }
            })
            .collect();
        Line {
            fen: fen.trim().to_string(),
            category: Category::of_dtm(d),
            dtm: d.map(Dtm::plies),
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
