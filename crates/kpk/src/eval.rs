//! Endgame knowledge as a search score: what an engine calls when a position reaches three men.
//!
//! A win or draw alone does not make progress (the seed's warning): a search that sees every
//! won position scored alike can shuffle forever. These evaluations place a proven win in the
//! known-win band of [`kpk_score`] at [`Score::known_win_in`]`(ply + to_go)`, where `to_go` is an
//! estimate of the plies still needed, so that a search prefers wins that come sooner and
//! positions that are nearer the goal. The estimate counts plies from the node, the `ply` from
//! the root, like a mate distance, so the transposition table's re-rooting keeps it right.
//!
//! Two estimates for KPK:
//! - [`evaluate_kpk`], the baseline that well-known engines use (Stockfish 15: known win plus the
//!   pawn's rank): only the pawn's distance from promotion;
//! - [`progress_score`], which adds the strong king's distance to the pawn's key
//!   squares, so that the king leads the pawn instead of waiting behind it.
//!
//! [`evaluate_endgame`] scores every position of at most three men: KPK with the progress
//! estimate, KQK and KRK as known wins that drive the bare king to the edge and bring the
//! kings together, the rest (KBK, KNK, KK) as draws.

use kpk_score::Score;

use crate::{Color, Endgame, KpkPosition, Role, Square, Wdl};

/// Plies-to-go estimates of the three endings, chosen so that any KQK win scores above any
/// KRK win, and any KRK win above any KPK win: promoting is always progress.
const KQK_BASE: u32 = 60;
const KRK_BASE: u32 = 160;
const KPK_BASE: u32 = 260;

/// The bitbase verdict of a KPK position at `ply` plies from the root, as a score for the side
/// to move: a known win (or loss) counted from the root, or a draw (zero).
///
/// The win is placed `ply` plus the pawn's distance from promotion below the top of the
/// known-win band ([`Score::known_win_in`]): the baseline estimate of the [module docs](self).
///
/// ```
/// use kpk::{Color, KpkPosition, KpkSetup, Square, eval::evaluate_kpk};
/// use kpk_score::Score;
///
/// let setup = KpkSetup {
///     strong_side: Color::White,
///     strong_king: Square::E6,
///     pawn: Square::E5,
///     weak_king: Square::E8,
///     side_to_move: Color::White,
/// };
/// assert!(evaluate_kpk(&KpkPosition::new(setup).unwrap(), 3).is_known_win());
/// let rook_pawn = KpkSetup {
///     strong_king: Square::A6,
///     pawn: Square::A5,
///     weak_king: Square::A8,
///     ..setup
/// };
/// assert_eq!(evaluate_kpk(&KpkPosition::new(rook_pawn).unwrap(), 3), Score::ZERO);
/// ```
#[must_use]
pub fn evaluate_kpk(pos: &KpkPosition, ply: u32) -> Score {
    from_verdict(pos.probe(), ply.saturating_add(pawn_steps(pos)))
}

/// A KPK verdict (the bitbase's, [`KpkPosition::probe`], or one a search knows otherwise, such
/// as the `kpk-rules` recognizer's) with the progress estimate: a win scores higher the further
/// its pawn has advanced and, for the same pawn, the nearer the strong king stands to the pawn's
/// key squares (the squares from which the king escorts the pawn in: two ranks ahead of a pawn
/// on its second to fourth rank, one or two ranks ahead further up, the knight-file squares by
/// the corner for a rook pawn).
///
/// The estimate in plies is `260 + 40 * steps + 4 * key_square_distance + distance_to_pawn`,
/// so one pawn step outweighs any king walk and every KPK win scores below every KRK and KQK
/// win of [`evaluate_endgame`].
///
/// ```
/// use kpk::{Color, KpkPosition, KpkSetup, Square, Wdl, eval::progress_score};
///
/// let near = KpkSetup {
///     strong_side: Color::White,
///     strong_king: Square::D6,
///     pawn: Square::D4,
///     weak_king: Square::H1,
///     side_to_move: Color::White,
/// };
/// let far = KpkSetup { strong_king: Square::A1, ..near };
/// let score = |s| {
///     let pos = KpkPosition::new(s).unwrap();
///     progress_score(&pos, pos.probe(), 0)
/// };
/// assert!(score(near) > score(far) && score(far).is_known_win());
/// // a loss for the side to move scores as its negation
/// let lost = KpkPosition::new(KpkSetup { side_to_move: Color::Black, ..near }).unwrap();
/// assert!(progress_score(&lost, Wdl::Loss, 0).is_known_loss());
/// ```
#[must_use]
pub fn progress_score(pos: &KpkPosition, verdict: Wdl, ply: u32) -> Score {
    let king = pos.strong_king();
    let to_go =
        40 * pawn_steps(pos) + 4 * key_square_distance(pos) + u32::from(king.distance(pos.pawn()));
    kpk_verdict_score(verdict, ply, to_go)
}

/// A KPK verdict at `ply` plies from the root as a score for the side to move, with the plies
/// still needed estimated by the caller: a known win (or loss) at `KPK base + to_go` plies below
/// the top of the band, where the base keeps every KPK win below every KRK and KQK win of
/// [`evaluate_endgame`]; zero for a draw. The scores of this module are this with their own
/// estimates; a plan with a measure of its own (the `kpk-rules` crate's) scores through it too.
///
/// ```
/// use kpk::{Wdl, eval::kpk_verdict_score};
/// assert!(kpk_verdict_score(Wdl::Win, 0, 10) > kpk_verdict_score(Wdl::Win, 0, 11));
/// assert!(kpk_verdict_score(Wdl::Loss, 3, 10).is_known_loss());
/// assert_eq!(kpk_verdict_score(Wdl::Draw, 3, 10), kpk_score::Score::ZERO);
/// ```
#[must_use]
pub fn kpk_verdict_score(verdict: Wdl, ply: u32, to_go: u32) -> Score {
    from_verdict(verdict, ply.saturating_add(KPK_BASE.saturating_add(to_go)))
}

/// King steps from the strong king to the nearest key square of its pawn.
fn key_square_distance(pos: &KpkPosition) -> u32 {
    // ranks counted from the strong side: 0 is its first rank
    let white = pos.strong_side() == Color::White;
    let rel = |sq: Square| if white { sq } else { sq.flip_vertical() };
    let (pawn, king) = (rel(pos.pawn()), rel(pos.strong_king()));
    let (file, rank) = (i32::from(pawn.file().index()), i32::from(pawn.rank().index()));
    let rook = file == 0 || file == 7;
    let ranks = match rank {
        _ if rook => 6..=7,
        0..=3 => rank + 2..=rank + 2,
        4 | 5 => rank + 1..=rank + 2,
        _ => 6..=7,
    };
    let files = if rook {
        let knight = if file == 0 { 1 } else { 6 };
        knight..=knight
    } else {
        file - 1..=file + 1
    };
    let (kf, kr) = (i32::from(king.file().index()), i32::from(king.rank().index()));
    let mut best = 7;
    for r in ranks {
        for f in files.clone() {
            if (f, r) != (file, rank) {
                best = best.min((kf - f).abs().max((kr - r).abs()));
            }
        }
    }
    best.unsigned_abs()
}

/// Every position of at most three men at `ply` plies from the root, as a score for the side to
/// move: KPK by [`progress_score`]; KQK and KRK as known wins whose estimate falls as
/// the bare king nears the edge and the kings near each other (a rook or queen the bare king
/// can take at once is left to the search: this is a static score); KBK, KNK and KK as draws.
///
/// ```
/// use kpk::{Color, Endgame, EndgameSetup, Role, Square, eval::evaluate_endgame};
/// use kpk_score::Score;
///
/// let centre = EndgameSetup {
///     strong_side: Color::White,
///     strong_king: Square::C3,
///     extra: Some((Role::Queen, Square::H1)),
///     weak_king: Square::E5,
///     side_to_move: Color::White,
/// };
/// let edge = EndgameSetup { weak_king: Square::E8, strong_king: Square::E6, ..centre };
/// let score = |s| evaluate_endgame(&Endgame::new(s).unwrap(), 0);
/// assert!(score(edge) > score(centre) && score(centre).is_known_win());
/// let bishop = EndgameSetup { extra: Some((Role::Bishop, Square::H1)), ..centre };
/// assert_eq!(score(bishop), Score::ZERO);
/// ```
#[must_use]
pub fn evaluate_endgame(pos: &Endgame, ply: u32) -> Score {
    let base = match pos.extra() {
        Some((Role::Pawn, _)) => {
            return pos.as_kpk().map_or(Score::ZERO, |k| progress_score(&k, k.probe(), ply));
        }
        Some((Role::Queen, _)) => KQK_BASE,
        Some((Role::Rook, _)) => KRK_BASE,
        _ => return Score::ZERO,
    };
    let (strong, weak) = (pos.strong_king(), pos.weak_king());
    let to_go = base + 10 * edge_distance(weak) + 4 * u32::from(strong.distance(weak));
    let verdict = if pos.strong_to_move() { Wdl::Win } else { Wdl::Loss };
    from_verdict(verdict, ply.saturating_add(to_go))
}

fn from_verdict(verdict: Wdl, plies: u32) -> Score {
    match verdict {
        Wdl::Win => Score::known_win_in(plies),
        Wdl::Loss => Score::known_loss_in(plies),
        Wdl::Draw => Score::ZERO,
    }
}

/// Pawn moves to promotion (a pawn on its second rank counts five: the double step).
fn pawn_steps(pos: &KpkPosition) -> u32 {
    let rank = u32::from(pos.pawn().rank().index());
    let steps = match pos.strong_side() {
        Color::White => 7 - rank,
        Color::Black => rank,
    };
    steps.min(5)
}

/// How many king steps a square is from the board's edge (0 on the edge, 3 in the centre).
fn edge_distance(sq: Square) -> u32 {
    let (f, r) = (u32::from(sq.file().index()), u32::from(sq.rank().index()));
    f.min(7 - f).min(r).min(7 - r)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Color, Endgame, EndgameSetup, KpkPosition, Square};

    /// Every legal position of an ending with `role` for the strong side, White's king on one
    /// of the squares `kings` (to keep the test short).
    fn endings(role: Role, kings: &[Square]) -> impl Iterator<Item = Endgame> {
        kings.iter().flat_map(move |&strong_king| {
            Square::ALL.into_iter().flat_map(move |man| {
                Square::ALL.into_iter().flat_map(move |weak_king| {
                    [Color::White, Color::Black].into_iter().filter_map(move |side_to_move| {
                        Endgame::new(EndgameSetup {
                            strong_side: Color::White,
                            strong_king,
                            extra: Some((role, man)),
                            weak_king,
                            side_to_move,
                        })
                        .ok()
                    })
                })
            })
        })
    }

    #[test]
    fn scores_follow_the_bitbase_and_stay_in_their_bands() {
        for pos in KpkPosition::all().step_by(31) {
            for ply in [0, 9, 255, u32::MAX] {
                for s in [evaluate_kpk(&pos, ply), progress_score(&pos, pos.probe(), ply)] {
                    match pos.probe() {
                        Wdl::Win => assert!(s.is_known_win() && !s.is_mate()),
                        Wdl::Loss => assert!(s.is_known_loss()),
                        Wdl::Draw => assert_eq!(s, Score::ZERO),
                    }
                }
            }
        }
    }

    #[test]
    fn promoting_always_scores_higher() {
        // the best KPK estimate against the worst KRK and KQK ones, at the same ply
        let (kpk_best, krk_worst, kqk_worst) = (KPK_BASE + 40, KRK_BASE + 30 + 28, KQK_BASE + 58);
        // (a pawn on the seventh has key squares around it, the king may stand on one)
        assert!(kqk_worst < KRK_BASE && krk_worst < kpk_best);
        for role in [Role::Queen, Role::Rook] {
            for pos in endings(role, &[Square::A1, Square::D4, Square::G7]) {
                let s = evaluate_endgame(&pos, 4);
                assert_eq!(s.is_known_win(), pos.strong_to_move(), "{pos}");
                assert_eq!(s.is_known_loss(), !pos.strong_to_move(), "{pos}");
            }
        }
    }
}
