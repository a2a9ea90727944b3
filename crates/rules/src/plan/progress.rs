//! The winning plan's progress measure: the pawn's ranks to go, the king's steps to the escort
//! zone, the sideways steps (tempi) a bounded forcing line needs before the king gets on, and
//! the king's ranks to go (it leads the pawn up the board); once the pawn runs, only its ranks
//! to go.

use kpk::{Endgame, KpkPosition, Wdl};
use kpk_score::Score;

use super::attack::{MAX_TEMPI, forces, zone_steps};
use crate::classifier::classify;
use crate::frame::Coord;
use crate::rule::Rule;

/// How far a won position is from its end, by the rules: compared field by field in order, it
/// falls with every move of the winning plan against every defence. Once the pawn runs alone
/// (the rule of the square, the pawn not yet on its seventh rank) the king's fields are 0: the
/// king is no longer needed to promote.
///
/// ```
/// use kpk::{Color, KpkPosition, KpkSetup, Square};
/// use kpk_rules as rules;
/// // Ke3, Pe2 v Ke6: the pawn has six ranks to go, the king one step to the escort zone
/// let pos = KpkPosition::new(KpkSetup {
///     strong_side: Color::White,
///     strong_king: Square::E3,
///     pawn: Square::E2,
///     weak_king: Square::E6,
///     side_to_move: Color::White,
/// })
/// .unwrap();
/// let p = rules::progress(&pos).unwrap();
/// assert_eq!((p.ranks_to_go, p.king_steps, p.tempi, p.king_ranks_to_go), (6, 1, 0, 5));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Progress {
    /// The ranks the pawn still has to go to its promotion square.
    pub ranks_to_go: u8,
    /// The strong king's steps to the escort zone: the pawn's file and the files beside it,
    /// from the rank of its key squares up (from the pawn's own rank for a pawn on its sixth
    /// rank); for a rook pawn, the knight file in front of the pawn.
    pub king_steps: u8,
    /// The king's sideways steps needed, against every defence, before a push or a step nearer
    /// the zone keeps the win (0: one does now).
    pub tempi: u8,
    /// The strong king's ranks to go to the promotion rank, two more on the pawn's promotion
    /// square (in the pawn's way): a king step up the board that leads the pawn (never onto
    /// the promotion square) makes progress by it, and so does stepping off that square.
    pub king_ranks_to_go: u8,
}

/// The winning plan's progress measure of a position: `None` unless the side with the pawn is
/// to move and wins (by the rules).
///
/// ```
/// use kpk::{Color, KpkPosition, KpkSetup, Square};
/// use kpk_rules as rules;
/// // Ke1, Pe2 v Ke3: a draw, no measure
/// let pos = KpkPosition::new(KpkSetup {
///     strong_side: Color::White,
///     strong_king: Square::E1,
///     pawn: Square::E2,
///     weak_king: Square::E3,
///     side_to_move: Color::White,
/// })
/// .unwrap();
/// assert!(rules::progress(&pos).is_none());
/// ```
#[must_use]
pub fn progress(pos: &KpkPosition) -> Option<Progress> {
    if !pos.strong_to_move() || classify(pos).wdl != Wdl::Win {
        return None;
    }
    Some(measure_of_won(pos))
}

/// The measure of a position the caller knows is won with the side with the pawn to move (the
/// tempi are searched as if it were).
fn measure_of_won(pos: &KpkPosition) -> Progress {
    if runs_alone(pos) {
        return measure_running(pos);
    }
    let game = Endgame::from(*pos);
    let tempi = (0..=MAX_TEMPI).find(|&t| forces(&game, t)).unwrap_or(MAX_TEMPI + 1);
    Progress { tempi, ..measure_escorted(pos) }
}

/// The measure's fields that the position shows at sight, whoever is to move: every one but the
/// tempi (left at 0).
fn measure_at_sight(pos: &KpkPosition) -> Progress {
    if runs_alone(pos) { measure_running(pos) } else { measure_escorted(pos) }
}

/// Whether the pawn runs alone: the rule of the square, with the pawn not yet on its seventh
/// rank (from there a promotion can stalemate, and the king may have to move first).
fn runs_alone(pos: &KpkPosition) -> bool {
    let pawn = Coord::seen_by(pos.pawn(), pos.strong_side());
    pawn.rank < 6 && Rule::RULE_OF_THE_SQUARE.recognize(pos).is_some()
}

/// The measure of a pawn that runs alone: its ranks to go, and nothing for the king.
fn measure_running(pos: &KpkPosition) -> Progress {
    let pawn = Coord::seen_by(pos.pawn(), pos.strong_side());
    #[allow(clippy::cast_sign_loss)] // in 1..7
    Progress { ranks_to_go: (7 - pawn.rank) as u8, king_steps: 0, tempi: 0, king_ranks_to_go: 0 }
}

/// The measure's fields at sight of a pawn the king escorts (the tempi left at 0).
fn measure_escorted(pos: &KpkPosition) -> Progress {
    let strong = pos.strong_side();
    let pawn = Coord::seen_by(pos.pawn(), strong);
    let king = Coord::seen_by(pos.strong_king(), strong);
    // a king on the promotion square must step down and aside before the pawn queens
    let stepping_off = if king.is_promotion_square_of(pawn) { 2 } else { 0 };
    #[allow(clippy::cast_sign_loss)] // all in 0..8: the two extra ranks only on the eighth
    Progress {
        ranks_to_go: (7 - pawn.rank) as u8,
        king_steps: zone_steps(king, pawn) as u8,
        tempi: 0,
        king_ranks_to_go: (7 - king.rank + stepping_off) as u8,
    }
}

/// The winning plan's progress measure ([`Progress`]) as a score
/// for the side to move of a decided KPK position, `ply` plies from the root: a known win (or
/// loss) placed below the top of the band by the pawn's ranks to go (64 each), the strong
/// king's steps to the escort zone (8 each) and, with the side with the pawn to move, the tempi
/// it needs (the bounded search of [`progress`]); zero for a
/// draw. The score leaves out the measure's last field (the king's ranks to go, which the
/// span of the known-win band has no room for): it falls with every push, step nearer the
/// zone or step aside against every defence, and stays level after a step that leads the pawn;
/// with the defender to move the tempi are left out (0).
///
/// ```
/// use kpk::{Color, KpkPosition, KpkSetup, Square, Wdl};
/// use kpk_rules::plan_score;
/// let at = |king| KpkPosition::new(KpkSetup {
///     strong_side: Color::White,
///     strong_king: king,
///     pawn: Square::E3,
///     weak_king: Square::E6,
///     side_to_move: Color::White,
/// })
/// .unwrap();
/// // Kd4 stands nearer the escort zone than Kd3: it scores higher
/// assert!(plan_score(&at(Square::D4), Wdl::Win, 0) > plan_score(&at(Square::D3), Wdl::Win, 0));
/// // a draw scores zero
/// assert_eq!(plan_score(&at(Square::E4), Wdl::Draw, 0), kpk_score::Score::ZERO);
/// ```
#[must_use]
pub fn plan_score(pos: &KpkPosition, verdict: Wdl, ply: u32) -> Score {
    if verdict == Wdl::Draw {
        return Score::ZERO;
    }
    let p = if pos.strong_to_move() { measure_of_won(pos) } else { measure_at_sight(pos) };
    let to_go = 64 * u32::from(p.ranks_to_go) + 8 * u32::from(p.king_steps) + u32::from(p.tempi);
    kpk::eval::kpk_verdict_score(verdict, ply, to_go)
}
