//! The answer of lichess's `/standard/mainline`: the DTZ-optimal line played out until mate or
//! until the 50-move rule lets the defender claim a draw.

use kpk::dtz;
use kpk::{Color, Endgame};
use kpk_syzygy::{ProbeError, Tablebases};
use serde::Serialize;
use shakmaty::{Chess, Position as _};

use crate::notation::Notation;

/// One move of the main line, in lichess's shape: the move and the DTZ of the position it
/// leads to (from the side to move then).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, ts_rs::TS)]
pub struct MainlineStep {
    /// The move in UCI notation.
    pub uci: Notation,
    /// The move in standard algebraic notation.
    pub san: Notation,
    /// The DTZ after the move.
    pub dtz: i32,
    /// The same where the table stores it exactly (always, for three men); `None` where a
    /// Syzygy file may have rounded it.
    pub precise_dtz: Option<i32>,
}

/// The main line from a position: each side plays the DTZ-optimal move (the winner zeroes or
/// mates as soon as he can, the loser puts it off as long as he can) while the halfmove clock
/// is below 100; the line stops at mate, at a position without moves, or as soon as the clock
/// reaches 100 (the 50-move draw is claimed). Empty for a drawn position. `winner` is `"w"` or
/// `"b"` when the line ends in checkmate, otherwise `null`.
///
/// ```
/// use kpk_answers::mainline::Mainline;
/// let p = kpk_shakmaty::fen::parse("7k/8/6K1/8/8/8/8/1Q6 w - - 0 1").unwrap();
/// let line = Mainline::of(&p.position, p.halfmoves);
/// assert_eq!(line.mainline[0].san, "Qb8#");
/// assert_eq!(line.winner, Some('w'));
/// // the same mate with the clock already at 100: Black claims the draw at once
/// let line = Mainline::of(&p.position, 100);
/// assert!(line.mainline.is_empty() && line.winner.is_none());
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Serialize, ts_rs::TS)]
pub struct Mainline {
    /// The moves.
    pub mainline: Vec<MainlineStep>,
    /// The side that mates at the end of the line, `w` or `b`.
    #[ts(type = r#""w" | "b" | null"#)]
    pub winner: Option<char>,
    /// The DTZ of the position asked.
    pub dtz: i32,
    /// The same where the table stores it exactly; `None` where a Syzygy file may round it.
    pub precise_dtz: Option<i32>,
}

impl Mainline {
    /// The main line of `pos` with `halfmoves` on the clock.
    #[must_use]
    pub fn of(pos: &Endgame, halfmoves: u32) -> Mainline {
        let start = dtz::probe(pos);
        let mut at = *pos;
        let mut steps = Vec::new();
        for best in dtz::mainline(pos, halfmoves) {
            let san = Notation::san(&at, best.mv);
            steps.push(MainlineStep {
                uci: Notation::uci(best.mv),
                san,
                dtz: best.dtz.plies(),
                precise_dtz: Some(best.dtz.plies()),
            });
            at = best.after;
        }
        // the mated side is the one to move
        let winner = at.is_checkmate().then_some(match at.side_to_move() {
            Color::White => 'b',
            Color::Black => 'w',
        });
        Mainline { mainline: steps, winner, dtz: start.plies(), precise_dtz: Some(start.plies()) }
    }

    /// The main line of any position the tables hold, as lila-tablebase plays it: at most
    /// three men exactly as [`Mainline::of`]; more from the Syzygy files of `tables`, each side
    /// playing the files' recommended move ([`Tablebases::best_move`]) while the clock is
    /// below 100, each step's DTZ as the file stores it (`precise_dtz` null where it may
    /// round), until mate or a position without moves. Empty for a drawn position.
    ///
    /// ```
    /// use kpk_answers::mainline::Mainline;
    /// use kpk_syzygy::{ProbeError, Tablebases};
    ///
    /// let pos = kpk_shakmaty::fen::parse_position("7k/8/6K1/8/8/8/8/1Q6 w - - 0 1").unwrap();
    /// let line = Mainline::from_files(&Tablebases::new(), &pos).unwrap();
    /// assert_eq!(line.mainline[0].san, "Qb8#");
    /// // four men need their files
    /// let pos = kpk_shakmaty::fen::parse_position("7k/8/6K1/8/8/8/1P6/1Q6 w - - 0 1").unwrap();
    /// let err = Mainline::from_files(&Tablebases::new(), &pos).unwrap_err();
    /// assert!(matches!(err, ProbeError::TooManyMen { men: 4, max: 3 }));
    /// ```
    ///
    /// # Errors
    /// [`ProbeError`] where no table holds the position (too many men, castling rights, a
    /// table not given) or a file the line needs is damaged.
    pub fn from_files(tables: &Tablebases, pos: &Chess) -> Result<Mainline, ProbeError> {
        if let Some(ending) = kpk_shakmaty::to_endgame(pos) {
            return Ok(Mainline::of(&ending, pos.halfmoves()));
        }
        let start = tables.probe_dtz(pos)?;
        let mut at = pos.clone();
        let mut steps = Vec::new();
        while !start.is_zero() && at.halfmoves() < dtz::FIFTY_MOVES {
            let Some((mv, after_dtz)) = tables.best_move(&at)? else { break };
            let before = at.clone();
            at.play_unchecked(mv);
            let no_move = at.legal_moves().is_empty();
            steps.push(MainlineStep {
                uci: Notation::uci_of(mv),
                san: Notation::san_after(&before, mv, no_move && at.is_check(), at.is_check()),
                dtz: after_dtz.ignore_rounding().0,
                precise_dtz: after_dtz.precise().map(|d| d.0),
            });
        }
        // the mated side is the one to move
        let winner = at.is_checkmate().then_some(match at.turn() {
            shakmaty::Color::White => 'b',
            shakmaty::Color::Black => 'w',
        });
        let (dtz, precise_dtz) = (start.ignore_rounding().0, start.precise().map(|d| d.0));
        Ok(Mainline { mainline: steps, winner, dtz, precise_dtz })
    }
}
