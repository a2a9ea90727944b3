//! The answer of lichess's `/standard/mainline`: the DTZ-optimal line played out until mate or
//! until the 50-move rule lets the defender claim a draw.

use kpk::dtz;
use kpk::{Color, Endgame};
use serde::Serialize;

use crate::notation::Notation;

/// One move of the main line, in lichess's shape: the move and the DTZ of the position it
/// leads to (from the side to move then).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct MainlineStep {
    /// The move in UCI notation.
    pub uci: Notation,
    /// The move in standard algebraic notation.
    pub san: Notation,
    /// The DTZ after the move.
    pub dtz: i32,
    /// The same, unrounded (always equal here).
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
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Mainline {
    /// The moves.
    pub mainline: Vec<MainlineStep>,
    /// The side that mates at the end of the line, `w` or `b`.
    pub winner: Option<char>,
    /// The DTZ of the position asked.
    pub dtz: i32,
    /// The same, unrounded (always equal here).
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
}
