//! Play by the rules: for every KPK position one move and its point in chess words, chosen from
//! the rules alone (the classifier's verdict on the position after each move, and the geometry
//! of the pawn's key squares), and a coach that judges any move.
//!
//! **The winning plan** (the side with the pawn, in a won position) keeps the win with every
//! move and makes progress by a measure ([`Progress`]) that falls with every plan move against
//! every defence, so no plan game can loop:
//!
//! 1. where the king stands on its pawn's stop square and a winning step aside lets the pawn
//!    run (the defender outside its square), step aside, the nearest the defender, then the
//!    nearest his file (clearing the way);
//! 2. push the pawn (or promote) when the push keeps the win, unless the king goes first with
//!    a winning step up the board (no farther from the escort zone): while the pawn is on its
//!    second or third rank and the king below its fifth; where the push would be the spare
//!    tempo (the pawn keeps the choice of one step or two); straight up from a key square on a
//!    file next to the pawn's, two ranks ahead of it, to shut out a defender coming from above
//!    on the far side of the king; or where the king stands at most two ranks ahead of the
//!    pawn (not on a key square of a pawn on its fifth rank), the push would let the defender
//!    step in front of the pawn and the step keeps him off its path (the measure's last field,
//!    the king's ranks to go, falls; never onto the promotion square);
//! 3. else step the king towards the *escort zone* when the step keeps the win: the files of
//!    the pawn and beside it from the rank of its key squares up (for a pawn on its sixth rank,
//!    from the pawn's own rank; for a rook pawn, the knight file in front of the pawn), between
//!    the defender and the pawn's file first (shouldering), then nearest the defender (taking
//!    the opposition), then nearest the pawn's stop square, then nearest the pawn's file;
//! 4. else, where the defender holds the king off, step aside round him (outflanking): the
//!    winning sideways step after which the king gets on soonest against every defence, found
//!    by a forcing line of at most [`MAX_TEMPI`] such steps (a bounded proof, like the
//!    classifier's); among equals, one off the pawn's path before one in its way.
//!
//! **The drawing plan** (the defender, in a drawn position) takes the pawn if he can, else
//! takes the opposition (direct, or distant where the rule of the defender's opposition
//! decides), else goes to the corresponding square, else stays in front of the pawn, else heads
//! for the rook pawn's corner, else heads for the pawn, else keeps nearest the pawn's stop
//! square, always with a move that keeps the draw.
//! The defender of a lost position resists by the move after which the winning plan's measure
//! stays highest, then by standing as near the pawn's way as he can; the side with the pawn in
//! a drawn position keeps its pawn.
//!
//! ```
//! use kpk::{Color, KpkPosition, KpkSetup, Square};
//! use kpk_rules as rules;
//! use kpk_rules::Aim;
//!
//! // Kd3, Pe3 v Ke6: White steps up and takes the opposition
//! let pos = KpkPosition::new(KpkSetup {
//!     strong_side: Color::White,
//!     strong_king: Square::D3,
//!     pawn: Square::E3,
//!     weak_king: Square::E6,
//!     side_to_move: Color::White,
//! })
//! .unwrap();
//! let plan = rules::plan(&pos).unwrap();
//! assert_eq!(plan.mv.to, Square::E4);
//! assert_eq!(plan.aim, Aim::Opposition);
//! ```

mod aim;
mod attack;
mod defence;
mod progress;

use alloc::string::{String, ToString};

use crate::classifier::{Classification, classify};
use crate::frame::Coord;
use crate::idea::Idea;
use crate::why::main_clause;
use crate::words::fill;
use kpk::{Endgame, KpkPosition, Move, Wdl};

pub use aim::Aim;
pub use attack::MAX_TEMPI;
pub use progress::{Progress, plan_score, progress};

/// One plan move: the move, its point, and what the rules say of the position after it.
#[derive(Clone, Copy, Debug)]
pub struct Plan {
    /// The position the move is played in.
    pub position: KpkPosition,
    /// The move.
    pub mv: Move,
    /// Its point.
    pub aim: Aim,
    /// The result it keeps for the side that plays it.
    pub wdl: Wdl,
    /// The classifier's verdict on the position after it (for the other side, to move).
    pub after: Classification,
}

impl Plan {
    /// The move's point in one clause that names its idea, with the position's sides and
    /// squares, without the move.
    ///
    /// ```
    /// use kpk::{Color, KpkPosition, KpkSetup, Square};
    /// use kpk_rules as rules;
    /// // Ke3, Pe2 v Ke6: Ke4 reaches a key square, facing the defender
    /// let pos = KpkPosition::new(KpkSetup {
    ///     strong_side: Color::White,
    ///     strong_king: Square::E3,
    ///     pawn: Square::E2,
    ///     weak_king: Square::E6,
    ///     side_to_move: Color::White,
    /// })
    /// .unwrap();
    /// assert_eq!(rules::plan(&pos).unwrap().reason(), "the white king reaches the key square e4");
    /// ```
    #[must_use]
    pub fn reason(&self) -> String {
        let next = Endgame::from(self.position).play_unchecked(self.mv);
        if self.aim == Aim::KeepDraw {
            return main_clause(&next).1;
        }
        let at = next.as_kpk().unwrap_or(self.position);
        let template = match self.aim {
            Aim::Advance => advance_template(&at),
            // a step off the pawn's path that comes no nearer the key squares clears the way
            Aim::Approach if in_the_way(&self.position) && !in_the_way(&at) => {
                Aim::ClearTheWay.template(self.wdl)
            }
            // a step from one key square to the next pawn's: the king goes up the board first
            Aim::Approach if on_next_key_square(&at) => {
                "the {strong} king steps up to {sk}, a key square once the pawn stands on {stop}"
            }
            // a step that comes no nearer the key squares: up the board, or back to the pawn
            Aim::Approach if !nearer_the_keys(&self.position, &at) => {
                if goes_up(&self.position, &at) {
                    "the {strong} king goes up the board, ahead of its pawn"
                } else {
                    "the {strong} king comes back towards its pawn"
                }
            }
            aim => aim.template(self.wdl),
        };
        fill(template, &at).replace("{to}", &self.mv.to.to_string())
    }

    /// The idea the move is an instance of: its aim's, with the kind of opposition named by
    /// where the kings stand after it.
    ///
    /// ```
    /// use kpk::{Color, KpkPosition, KpkSetup, Square};
    /// use kpk_rules::{Idea, plan};
    /// // Kf2, Pc2 v Ke7: only Ke3 wins, taking the distant opposition
    /// let pos = KpkPosition::new(KpkSetup {
    ///     strong_side: Color::White,
    ///     strong_king: Square::F2,
    ///     pawn: Square::C2,
    ///     weak_king: Square::E7,
    ///     side_to_move: Color::White,
    /// })
    /// .unwrap();
    /// let p = plan(&pos).unwrap();
    /// assert_eq!((p.mv.to, p.idea()), (Square::E3, Idea::DistantOpposition));
    /// ```
    #[must_use]
    pub fn idea(&self) -> Idea {
        let next = Endgame::from(self.position).play_unchecked(self.mv);
        match (self.aim, next.as_kpk()) {
            // the idea of the position the move keeps
            (Aim::KeepDraw | Aim::Resist, _) => main_clause(&next).0,
            (Aim::Opposition | Aim::DistantOpposition | Aim::Wait, Some(k)) => {
                let strong = k.strong_side();
                Coord::seen_by(k.strong_king(), strong)
                    .opposition(Coord::seen_by(k.weak_king(), strong))
                    .unwrap_or(Idea::Opposition)
            }
            (aim, _) => aim.idea(),
        }
    }
}

/// The plan's move for any KPK position, with its point; `None` when the side to move has no
/// legal move (checkmate or stalemate).
///
/// ```
/// use kpk::{Color, KpkPosition, KpkSetup, Square, Wdl};
/// use kpk_rules as rules;
/// use kpk_rules::Aim;
/// // Ke1, Pe2 v Ke3, Black to move: a draw; Black keeps the opposition in front
/// let pos = KpkPosition::new(KpkSetup {
///     strong_side: Color::White,
///     strong_king: Square::E1,
///     pawn: Square::E2,
///     weak_king: Square::E3,
///     side_to_move: Color::Black,
/// })
/// .unwrap();
/// let plan = rules::plan(&pos).unwrap();
/// assert_eq!(plan.wdl, Wdl::Draw);
/// assert_eq!(rules::classify(&pos).wdl, Wdl::Draw);
/// ```
#[must_use]
pub fn plan(pos: &KpkPosition) -> Option<Plan> {
    let game = Endgame::from(*pos);
    if game.legal_moves().is_empty() {
        return None;
    }
    let wdl = classify(pos).wdl;
    Some(match (pos.strong_to_move(), wdl) {
        (true, Wdl::Win) => attack::winning_plan(&game, pos),
        (true, _) => attack::keep_the_pawn(&game, pos),
        (false, Wdl::Draw) => defence::drawing_plan(&game, pos),
        (false, _) => defence::resist(&game, pos),
    })
}

/// The words of a pawn's step by where its king stands after it: beside it or just in front
/// (a rank or two ahead, on its file or the next), the escort; behind it, following; else ahead.
fn advance_template(at: &KpkPosition) -> &'static str {
    let strong = at.strong_side();
    let (king, pawn) =
        (Coord::seen_by(at.strong_king(), strong), Coord::seen_by(at.pawn(), strong));
    let ahead = king.rank - pawn.rank;
    if king.distance(pawn) <= 1 || ((1..=2).contains(&ahead) && (king.file - pawn.file).abs() <= 1)
    {
        "the pawn advances under the king's escort"
    } else if ahead <= 0 {
        "the pawn advances, and the {strong} king follows it"
    } else {
        "the pawn advances, the {strong} king ahead of it"
    }
}

/// Whether the strong king stands on its pawn's file in front of it.
fn in_the_way(at: &KpkPosition) -> bool {
    let strong = at.strong_side();
    let (king, pawn) =
        (Coord::seen_by(at.strong_king(), strong), Coord::seen_by(at.pawn(), strong));
    king.file == pawn.file && king.rank > pawn.rank
}

/// Whether the strong king stands on a key square of its pawn a step further on.
fn on_next_key_square(at: &KpkPosition) -> bool {
    let strong = at.strong_side();
    let (king, pawn) =
        (Coord::seen_by(at.strong_king(), strong), Coord::seen_by(at.pawn(), strong));
    pawn.rank < 7 && crate::frame::KeySquares::of(pawn.offset(0, 1)).contains(king)
}

/// Whether the strong king stands nearer its pawn's key squares in `after` than in `before`:
/// fewer king steps to the nearest, or as many and fewer squares along the file and rank.
fn nearer_the_keys(before: &KpkPosition, after: &KpkPosition) -> bool {
    let near = |at: &KpkPosition| {
        let strong = at.strong_side();
        let (king, pawn) =
            (Coord::seen_by(at.strong_king(), strong), Coord::seen_by(at.pawn(), strong));
        crate::frame::KeySquares::of(pawn)
            .iter()
            .map(|k| (k.distance(king), (k.file - king.file).abs() + (k.rank - king.rank).abs()))
            .min()
    };
    near(after) < near(before)
}

/// Whether the strong king's step takes it up the board, ahead of its pawn.
fn goes_up(before: &KpkPosition, after: &KpkPosition) -> bool {
    let strong = after.strong_side();
    let rank = |at: &KpkPosition| Coord::seen_by(at.strong_king(), strong).rank;
    rank(after) > rank(before) && rank(after) > Coord::seen_by(after.pawn(), strong).rank
}
