//! Play by the rules: for every KPK position one move and its point in chess words, chosen from
//! the rules alone (the classifier's verdict on the position after each move, and the geometry
//! of the pawn's key squares), and a coach that judges any move.
//!
//! **The winning plan** (the side with the pawn, in a won position) keeps the win with every
//! move and makes progress by a measure ([`Progress`]) that falls with every plan move against
//! every defence, so no plan game can loop:
//!
//! 1. push the pawn (or promote) when the push keeps the win;
//! 2. else step the king towards the *escort zone* when the step keeps the win: the files of
//!    the pawn and beside it from the rank of its key squares up (for a pawn on its sixth rank,
//!    from the pawn's own rank; for a rook pawn, the knight file in front of the pawn), between
//!    the defender and the pawn's file first (shouldering), then nearest the defender (taking
//!    the opposition), then nearest the pawn's stop square;
//! 3. else, where the defender holds the king off, step aside round him (outflanking): the
//!    winning sideways step after which the king gets on soonest against every defence, found
//!    by a forcing line of at most [`MAX_TEMPI`] such steps (a bounded proof, like the
//!    classifier's).
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

use alloc::format;
use alloc::string::{String, ToString};

use crate::classifier::{Basis, Classification, classify};
use kpk::{Endgame, KpkPosition, Move, Role, Wdl};

pub use aim::Aim;
pub use attack::MAX_TEMPI;
pub use progress::{Progress, plan_score, progress};

/// One plan move: the move, its point, and what the rules say of the position after it.
#[derive(Clone, Copy, Debug)]
pub struct Plan {
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
    /// The reason in chess words, without the move: its point, then why it works.
    ///
    /// ```
    /// use kpk::{Color, KpkPosition, KpkSetup, Square};
    /// use kpk_rules as rules;
    /// // Ke3, Pe2 v Ke6: Kd4 reaches a key square
    /// let pos = KpkPosition::new(KpkSetup {
    ///     strong_side: Color::White,
    ///     strong_king: Square::E3,
    ///     pawn: Square::E2,
    ///     weak_king: Square::E6,
    ///     side_to_move: Color::White,
    /// })
    /// .unwrap();
    /// assert_eq!(
    ///     rules::plan(&pos).unwrap().reason(),
    ///     "the king reaches a key square; from d4 it escorts the pawn in, whoever is to move"
    /// );
    /// ```
    #[must_use]
    pub fn reason(&self) -> String {
        match self.aim {
            Aim::PawnLost => "the pawn cannot be saved; the draw is all that is left".to_string(),
            _ => format!("{}; {}", self.aim.words(), self.why()),
        }
    }

    /// Why the move works, without its point: the second half of [`Plan::reason`].
    ///
    /// ```
    /// use kpk::{Color, KpkPosition, KpkSetup, Square};
    /// use kpk_rules as rules;
    /// let pos = KpkPosition::new(KpkSetup {
    ///     strong_side: Color::White,
    ///     strong_king: Square::E3,
    ///     pawn: Square::E2,
    ///     weak_king: Square::E6,
    ///     side_to_move: Color::White,
    /// })
    /// .unwrap();
    /// assert_eq!(rules::plan(&pos).unwrap().why(), "from d4 it escorts the pawn in, whoever is to move");
    /// ```
    #[must_use]
    pub fn why(&self) -> String {
        match self.aim {
            Aim::Promote(Role::Rook) => "a queen would stalemate, and the rook wins".to_string(),
            Aim::Promote(_) => "the queen wins".to_string(),
            Aim::Run => "the defending king is outside its square and cannot catch it".to_string(),
            Aim::Advance => "the king still escorts it, and the position stays won".to_string(),
            Aim::KeySquare => {
                format!("from {} it escorts the pawn in, whoever is to move", self.mv.to)
            }
            Aim::Opposition | Aim::DistantOpposition if self.wdl == Wdl::Draw => {
                "the strong king cannot pass, and the draw holds".to_string()
            }
            Aim::Opposition | Aim::DistantOpposition => {
                "the defender must give way, and the king gains ground towards the key squares"
                    .to_string()
            }
            Aim::Shoulder => {
                "the king stands between him and the pawn's way on its road to the key squares"
                    .to_string()
            }
            Aim::Approach => {
                "one step nearer the squares in front of and beside the pawn, and the position stays won"
                    .to_string()
            }
            Aim::Outflank => {
                "the king steps round the defender, who cannot hold the opposition and guard the way forward at once"
                    .to_string()
            }
            Aim::ClearTheWay => "the pawn can advance again, and the position stays won".to_string(),
            Aim::Wait => "the defender, to move, must give way".to_string(),
            Aim::GuardPawn if self.wdl == Wdl::Win => {
                "the defender cannot take it, and the position stays won".to_string()
            }
            Aim::TakePawn => "bare kings cannot mate".to_string(),
            Aim::CorrespondingSquare => {
                "whatever the strong king does, the defender answers on the square that corresponds to it, and the draw holds".to_string()
            }
            Aim::StayInFront => "the king blocks its way, and the draw holds".to_string(),
            Aim::HeadForCorner => {
                "a rook pawn cannot drive the king out of its corner".to_string()
            }
            Aim::GuardPawn => "no move wins, but the pawn is safe".to_string(),
            Aim::KeepPawn => "no move wins, and the defender cannot reach the pawn".to_string(),
            Aim::HeadForPawn => format!("the draw holds: {}", self.after_in_words()),
            Aim::KeepDraw | Aim::PawnLost => self.after_in_words(),
            Aim::Resist => {
                "of the moves, it leaves the strong side the most to do by the rules' measure, with the king nearest the pawn's way"
                    .to_string()
            }
        }
    }

    /// What decides the position after the move, in words.
    fn after_in_words(&self) -> String {
        match self.after.basis {
            Basis::Rule(rule) => rule.clause(),
            Basis::Proof { plies } => {
                format!("the rules show it {} ahead", crate::plies(u32::from(plies)))
            }
            Basis::Material | Basis::Bitbase => "the material left decides".to_string(),
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
