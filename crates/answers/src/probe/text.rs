//! The probe's text form, as `kpk probe` prints it: the verdict for the side to move, then
//! every move with its outcome for the side that plays it.

use core::fmt::{self, Write as _};

use kpk::dtm::{self, Dtm};
use kpk::dtz::{self, Dtz};

use super::{Position, Probe};
use crate::category::Category;
use crate::words;

/// The text form: the FEN, the verdict for the side to move, and for the tables every move with
/// its outcome for the side that plays it; for the rules, the basis in words.
impl fmt::Display for Probe {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // the FEN asked, or the position's own when none was echoed
        let own;
        let fen = match self.fen.as_deref() {
            Some(fen) => fen,
            None => {
                own = self.position.to_string();
                &own
            }
        };
        if let Some(method) = self.method.map(super::Method::name) {
            let why = self.rules.0.as_ref().map(|r| format!(" ({})", r.reason)).unwrap_or_default();
            return writeln!(
                f,
                "{fen}\n  {} to move: {} by the {method}{why}",
                self.side_to_move, self.outcome.category
            );
        }
        if let Position::Any(_) = self.position {
            return self.write_beyond(f, fen);
        }
        write!(f, "{fen}\n  {} to move: {}", self.side_to_move, words::describe(self.outcome.dtm))?;
        match self.outcome.dtz.map(Dtz::plies) {
            Some(z) if z != 0 && z != -1 => write!(f, ", DTZ {z}")?,
            _ => {}
        }
        if self.outcome.stalemate {
            f.write_str(" (stalemate)")?;
        } else if self.outcome.insufficient_material {
            f.write_str(" (insufficient material)")?;
        }
        f.write_char('\n')?;
        self.write_rule_note(f)?;
        for m in &self.moves {
            // the move's outcome for the side that plays it
            let mover = match m.after.dtm.map(Dtm::before_move) {
                None => "draw".to_string(),
                Some(d) if d.is_win() => format!("win, mate in {}", d.uci_mate_moves()),
                Some(d) => format!("loss, mated in {}", -d.uci_mate_moves()),
            };
            let mover_dtz = m.after.dtz.map(|z| Dtz::for_mover(z, m.zeroing));
            let dtz = match mover_dtz {
                Some(z) if !z.is_draw() => format!(", DTZ {}", z.plies()),
                _ => String::new(),
            };
            let rule = match m.after.category.flip() {
                Category::CursedWin => ", a cursed win",
                Category::BlessedLoss => ", a blessed loss",
                _ => "",
            };
            writeln!(f, "  {:<8} {:<6} {mover}{dtz}{rule}", m.san, m.uci)?;
        }
        Ok(())
    }
}

impl Probe {
    /// The text form beyond the embedded tables, where no distance to mate is known: the
    /// category and the DTZ of the position and of every move, for the side that plays it.
    fn write_beyond(&self, f: &mut fmt::Formatter<'_>, fen: &str) -> fmt::Result {
        let dtz = |z: Option<Dtz>, precise: Option<Dtz>| match (z.map(Dtz::plies), precise) {
            (Some(z), Some(_)) if z != 0 => format!(", DTZ {z}"),
            (Some(z), None) if z != 0 => format!(", DTZ {z} (the file may round it by one)"),
            _ => String::new(),
        };
        let o = &self.outcome;
        let end = if o.checkmate {
            " (checkmated)"
        } else if o.stalemate {
            " (stalemate)"
        } else if o.insufficient_material {
            " (insufficient material)"
        } else {
            ""
        };
        writeln!(
            f,
            "{fen}\n  {} to move: {}{}{end}",
            self.side_to_move,
            o.category,
            dtz(o.dtz, o.precise_dtz)
        )?;
        for m in &self.moves {
            // the move's outcome and DTZ for the side that plays it
            let mover_dtz = m.after.dtz.map(|z| Dtz::for_mover(z, m.zeroing));
            let precise = m.after.precise_dtz.and(mover_dtz);
            writeln!(
                f,
                "  {:<8} {:<6} {}{}",
                m.san,
                m.uci,
                m.after.category.flip(),
                dtz(mover_dtz, precise)
            )?;
        }
        Ok(())
    }

    /// For the text form: what the 50-move rule does to a decisive position at this clock.
    fn write_rule_note(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let h = self.halfmoves;
        let Some(z) = self.outcome.dtz.map(Dtz::plies).filter(|&z| z != 0 && h > 0) else {
            return Ok(());
        };
        let to_move = self.side_to_move;
        let other = to_move.other();
        match self.outcome.category {
            Category::CursedWin => writeln!(
                f,
                "  a cursed win: the clock stands at {h} and the next capture, pawn move or mate \
                 is {} away, so {other} can claim the 50-move draw first",
                words::plies(z.unsigned_abs())
            ),
            Category::BlessedLoss => writeln!(
                f,
                "  a blessed loss: the clock stands at {h} and the next capture, pawn move or mate \
                 is {} away, so {to_move} can claim the 50-move draw first",
                words::plies(z.unsigned_abs())
            ),
            Category::Win | Category::Loss => {
                let Position::Ending(position) = &self.position else { return Ok(()) };
                let plain = dtm::probe(position);
                match dtz::dtm50(position, h) {
                    Some(d) if Some(d) != plain => writeln!(
                        f,
                        "  with {} on the clock the 50-move rule forbids the quickest mate: {} \
                         under the rule",
                        words::plies(h),
                        words::describe(Some(d))
                    ),
                    _ => Ok(()),
                }
            }
            _ => Ok(()),
        }
    }
}
