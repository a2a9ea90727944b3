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
//! use kpk::{Color, KpkPosition, KpkSetup, Square, rules::{self, Aim}};
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

use alloc::format;
use alloc::string::{String, ToString};
use alloc::vec::Vec;

use super::classifier::{Basis, Classification, classify, classify_endgame};
use super::frame::{Coord, Frame};
use super::rule::Rule;
use crate::{Color, Endgame, IllegalMove, KpkPosition, Move, Role, Square, Wdl};

/// The most sideways steps the winning plan ever needs before the king gets on (a pawn push, or
/// a step nearer the escort zone): the depth of its bounded proof. The exhaustive test in
/// `tests/plan.rs` finds every won position within it.
pub const MAX_TEMPI: u8 = 4;

/// The plies of a refutation the coach writes out.
pub const REFUTATION_PLIES: usize = 6;

/// What a plan move is for: its point, in the words of the rules.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Aim {
    /// The pawn promotes: to a queen, or to a rook where a queen would stalemate.
    Promote(Role),
    /// The pawn runs: the defending king is outside its square.
    Run,
    /// The pawn advances under the king's escort.
    Advance,
    /// The king reaches a key square of the pawn.
    KeySquare,
    /// The king takes the opposition.
    Opposition,
    /// The defender takes the distant opposition: the kings on one file an even number of
    /// ranks apart, the strong side to move.
    DistantOpposition,
    /// The king shoulders the defender away from the pawn's way.
    Shoulder,
    /// The king closes in on the squares in front of and beside its pawn.
    Approach,
    /// The king steps round the defender, who holds it off in front (outflanking).
    Outflank,
    /// The king steps out of its pawn's way.
    ClearTheWay,
    /// A waiting move: the defender, to move, must give way.
    Wait,
    /// The defender takes the pawn.
    TakePawn,
    /// The defender goes to the square that corresponds to the strong king's.
    CorrespondingSquare,
    /// The defender stays in front of the pawn.
    StayInFront,
    /// The defender heads for the rook pawn's promotion corner.
    HeadForCorner,
    /// The defender heads for the pawn.
    HeadForPawn,
    /// The defender keeps the draw near the pawn's way (the rules decide the position after).
    KeepDraw,
    /// The defender of a lost position resists by the rules' measure: the move after which
    /// the winning plan has the most left to do, then the square nearest the pawn's way.
    Resist,
    /// The side with the pawn, in a drawn position, guards its pawn with the king.
    GuardPawn,
    /// The side with the pawn, in a drawn position, keeps its pawn out of the defender's reach.
    KeepPawn,
    /// The side with the pawn, in a drawn position, cannot keep its pawn.
    PawnLost,
}

impl Aim {
    /// The aim in a few words, as a reason starts: `"takes the opposition"`.
    ///
    /// ```
    /// use kpk::rules::Aim;
    /// assert_eq!(Aim::Run.words(), "the pawn runs");
    /// ```
    #[must_use]
    pub const fn words(self) -> &'static str {
        match self {
            Aim::Promote(Role::Rook) => "promotes to a rook",
            Aim::Promote(_) => "promotes to a queen",
            Aim::Run => "the pawn runs",
            Aim::Advance => "the pawn advances",
            Aim::KeySquare => "the king reaches a key square",
            Aim::Opposition => "takes the opposition",
            Aim::DistantOpposition => "takes the distant opposition",
            Aim::Shoulder => "shoulders the defender",
            Aim::Approach => "the king closes in",
            Aim::Outflank => "outflanks",
            Aim::ClearTheWay => "steps out of the pawn's way",
            Aim::Wait => "a waiting move",
            Aim::TakePawn => "takes the pawn",
            Aim::CorrespondingSquare => "goes to the corresponding square",
            Aim::StayInFront => "stays in front of the pawn",
            Aim::HeadForCorner => "heads for the corner",
            Aim::HeadForPawn => "heads for the pawn",
            Aim::KeepDraw => "holds the draw",
            Aim::Resist => "resists",
            Aim::GuardPawn => "guards the pawn",
            Aim::KeepPawn => "keeps the pawn",
            Aim::PawnLost => "the pawn cannot be saved",
        }
    }

    /// The aim as a participle, as a reply is described: `"taking the opposition"`.
    ///
    /// ```
    /// use kpk::rules::Aim;
    /// assert_eq!(Aim::Run.participle(), "running with the pawn");
    /// ```
    #[must_use]
    pub const fn participle(self) -> &'static str {
        match self {
            Aim::Promote(Role::Rook) => "promoting to a rook",
            Aim::Promote(_) => "promoting to a queen",
            Aim::Run => "running with the pawn",
            Aim::Advance => "advancing the pawn",
            Aim::KeySquare => "reaching a key square",
            Aim::Opposition => "taking the opposition",
            Aim::DistantOpposition => "taking the distant opposition",
            Aim::Shoulder => "shouldering the defender",
            Aim::Approach => "closing in",
            Aim::Outflank => "outflanking",
            Aim::ClearTheWay => "stepping out of the pawn's way",
            Aim::Wait => "waiting",
            Aim::TakePawn => "taking the pawn",
            Aim::CorrespondingSquare => "going to the corresponding square",
            Aim::StayInFront => "staying in front of the pawn",
            Aim::HeadForCorner => "heading for the corner",
            Aim::HeadForPawn => "heading for the pawn",
            Aim::KeepDraw => "holding the draw",
            Aim::Resist => "resisting",
            Aim::GuardPawn => "guarding the pawn",
            Aim::KeepPawn => "keeping the pawn",
            Aim::PawnLost => "giving up the pawn",
        }
    }

    /// A short stable name for programs: `"opposition"`, `"key_square"`, ...
    ///
    /// ```
    /// use kpk::rules::Aim;
    /// assert_eq!(Aim::KeySquare.name(), "key_square");
    /// ```
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Aim::Promote(_) => "promote",
            Aim::Run => "run",
            Aim::Advance => "advance",
            Aim::KeySquare => "key_square",
            Aim::Opposition => "opposition",
            Aim::DistantOpposition => "distant_opposition",
            Aim::Shoulder => "shoulder",
            Aim::Approach => "approach",
            Aim::Outflank => "outflank",
            Aim::ClearTheWay => "clear_the_way",
            Aim::Wait => "wait",
            Aim::TakePawn => "take_pawn",
            Aim::CorrespondingSquare => "corresponding_square",
            Aim::StayInFront => "stay_in_front",
            Aim::HeadForCorner => "head_for_corner",
            Aim::HeadForPawn => "head_for_pawn",
            Aim::KeepDraw => "keep_draw",
            Aim::Resist => "resist",
            Aim::GuardPawn => "guard_pawn",
            Aim::KeepPawn => "keep_pawn",
            Aim::PawnLost => "pawn_lost",
        }
    }
}

/// How far a won position is from its end, by the rules: compared field by field in order, it
/// falls with every move of the winning plan against every defence.
///
/// ```
/// use kpk::{Color, KpkPosition, KpkSetup, Square, rules};
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
/// assert_eq!((p.ranks_to_go, p.king_steps, p.tempi), (6, 1, 0));
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
}

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
    /// use kpk::{Color, KpkPosition, KpkSetup, Square, rules};
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
    /// use kpk::{Color, KpkPosition, KpkSetup, Square, rules};
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
            Basis::Rule(rule) => sentence(rule.statement),
            Basis::Proof { plies } => format!(
                "the rules show it {plies} {} ahead",
                if plies == 1 { "ply" } else { "plies" }
            ),
            Basis::Material | Basis::Bitbase => "the material left decides".to_string(),
        }
    }
}

/// A rule's statement as part of a reason: its first letter in lower case, without its full
/// stop.
fn sentence(s: &str) -> String {
    let s = s.strip_suffix('.').unwrap_or(s);
    let mut chars = s.chars();
    match chars.next() {
        Some(c) => c.to_lowercase().chain(chars).collect(),
        None => String::new(),
    }
}

/// King steps from `king` to the escort zone of `pawn` (both seen from the pawn's side).
fn zone_steps(king: Coord, pawn: Coord) -> i8 {
    if pawn.file == 0 || pawn.file == 7 {
        let knight_file = if pawn.file == 0 { 1 } else { 6 };
        return (king.file - knight_file).abs().max(pawn.rank + 1 - king.rank);
    }
    let low = match pawn.rank {
        0..=3 => pawn.rank + 2,
        4 => pawn.rank + 1,
        5 => pawn.rank,
        _ => 6,
    };
    ((king.file - pawn.file).abs() - 1).max(low - king.rank).max(0)
}

/// The frame coordinate of a board square for the side with the pawn.
fn coord(sq: Square, strong: Color) -> Coord {
    Coord::of(if strong == Color::Black { sq.flip_vertical() } else { sq })
}

/// Whether the side to move of `pos` is the defender and is lost (the rules' verdict).
fn lost_for_mover(pos: &Endgame) -> bool {
    classify_endgame(pos).wdl == Wdl::Loss
}

/// The winning pushes and promotions of a won position (strong side to move): the first found
/// in the plan's order (a queen, else a rook; a double step before a single one), with the
/// verdict after it.
fn winning_push(pos: &Endgame, kpk: &KpkPosition) -> Option<(Move, Classification)> {
    let pawn = kpk.pawn();
    let mut pushes: Vec<(u8, Move)> = pos
        .legal_moves()
        .iter()
        .filter(|m| m.from == pawn)
        .filter_map(|&m| {
            let rank = match m.promotion {
                None => 0,
                Some(Role::Queen) => 2,
                Some(Role::Rook) => 1,
                Some(_) => return None,
            };
            Some((rank * 8 + m.from.distance(m.to), m))
        })
        .collect();
    pushes.sort_unstable_by_key(|p| core::cmp::Reverse(p.0));
    pushes.into_iter().find_map(|(_, m)| keeps_win(pos, m).map(|(_, after)| (m, after)))
}

/// The king moves of the side to move, with their frame coordinates.
fn king_moves(pos: &Endgame, king: Square) -> impl Iterator<Item = Move> + use<> {
    let moves = pos.legal_moves();
    (0..moves.len()).map(move |i| moves.as_slice()[i]).filter(move |m| m.from == king)
}

/// The progress move of a won position (strong side to move): a winning push, else a winning
/// step nearer the escort zone, in the plan's order.
fn progress_move(pos: &Endgame, kpk: &KpkPosition) -> Option<(Move, Classification)> {
    if let Some(push) = winning_push(pos, kpk) {
        return Some(push);
    }
    // a step between the defender and the pawn's file first (shouldering him off), then the
    // nearest the defender (taking the opposition), then the nearest the pawn's stop square
    let nearer = king_steps(pos, kpk, core::cmp::Ordering::Less, |c, defender, pawn| {
        let aside = i8::from(!between_files(c.file, defender.file, pawn.file));
        aside * 64 + c.distance(defender) * 8 + c.distance(pawn.offset(0, 1))
    });
    nearer.into_iter().find_map(|m| keeps_win(pos, m).map(|(_, after)| (m, after)))
}

/// The winning sideways steps of a won position (strong side to move): king moves that keep
/// the escort-zone distance and the win, nearest the defender first.
fn sideways_steps(pos: &Endgame, kpk: &KpkPosition) -> Vec<(Move, Endgame, Classification)> {
    king_steps(pos, kpk, core::cmp::Ordering::Equal, |c, defender, _| c.distance(defender))
        .into_iter()
        .filter_map(|m| keeps_win(pos, m).map(|(next, after)| (m, next, after)))
        .collect()
}

/// The strong king's moves whose distance to the escort zone compares with the king's now as
/// `wanted` (nearer, or the same), ordered by `rank` of the square reached (frame coordinates:
/// the square, the defender, the pawn), the least first.
fn king_steps(
    pos: &Endgame,
    kpk: &KpkPosition,
    wanted: core::cmp::Ordering,
    rank: impl Fn(Coord, Coord, Coord) -> i8,
) -> Vec<Move> {
    let x = Frame::of(kpk);
    let here = zone_steps(x.strong_king, x.pawn);
    let strong = kpk.strong_side();
    let mut steps: Vec<(i8, Move)> = king_moves(pos, kpk.strong_king())
        .filter_map(|m| {
            let c = coord(m.to, strong);
            (zone_steps(c, x.pawn).cmp(&here) == wanted).then(|| (rank(c, x.weak_king, x.pawn), m))
        })
        .collect();
    steps.sort_unstable_by_key(|s| s.0);
    steps.into_iter().map(|(_, m)| m).collect()
}

/// The position after `m` and the verdict on it, where `m` keeps the win (the defender, to
/// move, is lost).
fn keeps_win(pos: &Endgame, m: Move) -> Option<(Endgame, Classification)> {
    let next = pos.play_unchecked(m);
    let after = classify_endgame(&next);
    (after.wdl == Wdl::Loss).then_some((next, after))
}

/// Whether the strong side (to move, in a won position) gets a progress move within `tempi`
/// sideways steps against every defence.
fn forces(pos: &Endgame, tempi: u8) -> bool {
    let Some(kpk) = pos.as_kpk() else { return true };
    if progress_move(pos, &kpk).is_some() {
        return true;
    }
    tempi > 0 && sideways_steps(pos, &kpk).iter().any(|(_, next, _)| every_defence(next, tempi - 1))
}

/// Whether every defence in `pos` (defender to move) leaves a position where [`forces`] holds
/// within `tempi`.
fn every_defence(pos: &Endgame, tempi: u8) -> bool {
    pos.legal_moves().iter().all(|&r| forces(&pos.play_unchecked(r), tempi))
}

/// The winning plan's progress measure of a position: `None` unless the side with the pawn is
/// to move and wins (by the rules).
///
/// ```
/// use kpk::{Color, KpkPosition, KpkSetup, Square, rules};
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
pub(crate) fn measure_of_won(pos: &KpkPosition) -> Progress {
    let game = Endgame::from(*pos);
    let tempi = (0..=MAX_TEMPI).find(|&t| forces(&game, t)).unwrap_or(MAX_TEMPI + 1);
    Progress { tempi, ..measure_at_sight(pos) }
}

/// The measure's first two fields, which the position shows at sight, whoever is to move (the
/// tempi left at 0).
pub(crate) fn measure_at_sight(pos: &KpkPosition) -> Progress {
    let strong = pos.strong_side();
    let pawn = coord(pos.pawn(), strong);
    #[allow(clippy::cast_sign_loss)] // both in 0..8
    Progress {
        ranks_to_go: (7 - pawn.rank) as u8,
        king_steps: zone_steps(coord(pos.strong_king(), strong), pawn) as u8,
        tempi: 0,
    }
}

/// The plan's move for any KPK position, with its point; `None` when the side to move has no
/// legal move (checkmate or stalemate).
///
/// ```
/// use kpk::{Color, KpkPosition, KpkSetup, Square, Wdl, rules::{self, Aim}};
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
        (true, Wdl::Win) => winning_plan(&game, pos),
        (true, _) => keep_the_pawn(&game, pos),
        (false, Wdl::Draw) => drawing_plan(&game, pos),
        (false, _) => resist(&game, pos),
    })
}

fn winning_plan(game: &Endgame, pos: &KpkPosition) -> Plan {
    let (mv, after) = progress_move(game, pos)
        .or_else(|| {
            (1..=MAX_TEMPI).find_map(|t| {
                sideways_steps(game, pos)
                    .into_iter()
                    .find(|(_, next, _)| every_defence(next, t - 1))
                    .map(|(m, _, after)| (m, after))
            })
        })
        .unwrap_or_else(|| {
            // never for a legal position (the exhaustive test): any move that keeps the win
            let m = game
                .legal_moves()
                .iter()
                .copied()
                .find(|&m| lost_for_mover(&game.play_unchecked(m)));
            let m = m.unwrap_or_else(|| game.legal_moves().as_slice()[0]);
            (m, classify_endgame(&game.play_unchecked(m)))
        });
    let next = game.play_unchecked(mv);
    let x = next.as_kpk().map(|k| Frame::of(&k));
    let aim = if mv.from == pos.pawn() {
        match mv.promotion {
            Some(role) => Aim::Promote(role),
            None if Rule::RULE_OF_THE_SQUARE.holds_in(&next) => Aim::Run,
            None => Aim::Advance,
        }
    } else {
        let before = Frame::of(pos);
        let here = zone_steps(before.strong_king, before.pawn);
        let pawn_attacked = before.weak_king.distance(before.pawn) == 1
            && before.strong_king.distance(before.pawn) > 1;
        let blocking = before.strong_king.file == before.pawn.file
            && before.strong_king.rank > before.pawn.rank;
        match &x {
            Some(x) if x.keys.contains(x.strong_king) => Aim::KeySquare,
            Some(x) if in_opposition(x.strong_king, x.weak_king) => Aim::Opposition,
            Some(x) if pawn_attacked && x.strong_king.distance(x.pawn) == 1 => Aim::GuardPawn,
            Some(x) if zone_steps(x.strong_king, x.pawn) < here && shoulders(x) => Aim::Shoulder,
            Some(x) if zone_steps(x.strong_king, x.pawn) < here => Aim::Approach,
            Some(x) if blocking && x.strong_king.file != x.pawn.file => Aim::ClearTheWay,
            Some(x) if x.weak_king.rank > x.strong_king.rank => Aim::Outflank,
            _ => Aim::Wait,
        }
    };
    Plan { mv, aim, wdl: Wdl::Win, after }
}

/// Kings in direct opposition: on one file or rank with one square between them.
fn in_opposition(a: Coord, b: Coord) -> bool {
    let (df, dr) = ((a.file - b.file).abs(), (a.rank - b.rank).abs());
    (df == 0 && dr == 2) || (dr == 0 && df == 2)
}

/// Whether file `k` lies between the defender's file `d` (excluded) and the pawn's file `p`
/// (included).
const fn between_files(k: i8, d: i8, p: i8) -> bool {
    (d < k && k <= p) || (p <= k && k < d)
}

/// The strong king stands between the defender and the pawn's file, two steps from him.
fn shoulders(x: &Frame) -> bool {
    x.strong_king.distance(x.weak_king) == 2
        && between_files(x.strong_king.file, x.weak_king.file, x.pawn.file)
}

impl Rule {
    /// Whether the rule holds in a position of at most three men (never without a pawn).
    fn holds_in(&self, pos: &Endgame) -> bool {
        pos.as_kpk().is_some_and(|k| self.recognize(&k).is_some())
    }
}

fn drawing_plan(game: &Endgame, pos: &KpkPosition) -> Plan {
    let strong = pos.strong_side();
    let pawn = coord(pos.pawn(), strong);
    let stop = pawn.offset(0, 1);
    let promotion = Coord { file: pawn.file, rank: 7 };
    let corner = pawn.file == 0 || pawn.file == 7;
    let here = coord(pos.weak_king(), strong);
    let mut best: Option<(i32, Move, Aim, Classification)> = None;
    for m in king_moves(game, pos.weak_king()) {
        let next = game.play_unchecked(m);
        let after = classify_endgame(&next);
        if after.wdl != Wdl::Draw {
            continue;
        }
        let c = coord(m.to, strong);
        let decided_by = |rule: &Rule| matches!(after.basis, Basis::Rule(r) if r.id == rule.id);
        let (aim, rank) = if m.to == pos.pawn() {
            (Aim::TakePawn, 0)
        } else if in_opposition(c, coord(pos.strong_king(), strong)) {
            (Aim::Opposition, 1)
        } else if decided_by(&Rule::DEFENDER_HAS_THE_OPPOSITION) {
            (Aim::DistantOpposition, 1)
        } else if decided_by(&Rule::CORRESPONDING_SQUARES) {
            (Aim::CorrespondingSquare, 2)
        } else if c.file == pawn.file && c.rank > pawn.rank {
            (Aim::StayInFront, 3)
        } else if corner && c.distance(promotion) < here.distance(promotion).max(1) {
            (Aim::HeadForCorner, 4)
        } else if c.distance(pawn) < here.distance(pawn) {
            (Aim::HeadForPawn, 5)
        } else {
            (Aim::KeepDraw, 6)
        };
        let key = rank * 64 + i32::from(c.distance(stop));
        if best.as_ref().is_none_or(|b| key < b.0) {
            best = Some((key, m, aim, after));
        }
    }
    match best {
        Some((_, mv, aim, after)) => Plan { mv, aim, wdl: Wdl::Draw, after },
        // never for a drawn position: some move keeps the draw
        None => resist(game, pos),
    }
}

fn resist(game: &Endgame, pos: &KpkPosition) -> Plan {
    let strong = pos.strong_side();
    let pawn = coord(pos.pawn(), strong);
    let stop = pawn.offset(0, 1);
    // the rules' measure of the attacker's progress after each defence, the largest first;
    // among equals, the square nearest the pawn's way
    let mv = king_moves(game, pos.weak_king())
        .max_by_key(|m| {
            let c = coord(m.to, strong);
            let measure = game.play_unchecked(*m).as_kpk().and_then(|k| progress(&k));
            (measure, core::cmp::Reverse((c.distance(stop), c.distance(pawn))))
        })
        .unwrap_or_else(|| game.legal_moves().as_slice()[0]);
    let after = classify_endgame(&game.play_unchecked(mv));
    Plan { mv, aim: Aim::Resist, wdl: -after.wdl, after }
}

fn keep_the_pawn(game: &Endgame, pos: &KpkPosition) -> Plan {
    let strong = pos.strong_side();
    let pawn = coord(pos.pawn(), strong);
    let mut best: Option<(i32, Move)> = None;
    for &m in game.legal_moves().iter() {
        let next = game.play_unchecked(m);
        let Some(k) = next.as_kpk() else { continue };
        let x = Frame::of(&k);
        if x.pawn_falls() {
            continue;
        }
        let unguarded = i32::from(x.strong_king.distance(x.pawn) > 1);
        let key = unguarded * 64 + i32::from(zone_steps(x.strong_king, pawn).max(0));
        if best.is_none_or(|b| key < b.0) {
            best = Some((key, m));
        }
    }
    let (mv, aim) = match best {
        Some((0..64, m)) if m.from != pos.pawn() => (m, Aim::GuardPawn),
        Some((_, m)) => (m, Aim::KeepPawn),
        None => (game.legal_moves().as_slice()[0], Aim::PawnLost),
    };
    let after = classify_endgame(&game.play_unchecked(mv));
    Plan { mv, aim, wdl: -after.wdl, after }
}

/// The coach's verdict on a move, in one word.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Verdict {
    /// The plan's own move.
    Plan,
    /// Another move that keeps the result.
    Keeps,
    /// A move that throws the result away.
    Throws,
}

impl Verdict {
    /// The verdict's stable name: `"plan"`, `"keeps"` or `"throws"`.
    ///
    /// ```
    /// assert_eq!(kpk::rules::Verdict::Throws.name(), "throws");
    /// ```
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Verdict::Plan => "plan",
            Verdict::Keeps => "keeps",
            Verdict::Throws => "throws",
        }
    }

    /// The annotation a move with this verdict gets: `"!"` for the plan's, `"?"` for a
    /// mistake, nothing for another move that keeps the result.
    ///
    /// ```
    /// assert_eq!(kpk::rules::Verdict::Plan.mark(), "!");
    /// ```
    #[must_use]
    pub const fn mark(self) -> &'static str {
        match self {
            Verdict::Plan => "!",
            Verdict::Keeps => "",
            Verdict::Throws => "?",
        }
    }
}

/// The coach's judgement of one move: the position and the move, the result before and after
/// it for the side that plays it, the plan's own move, what decides the position after it, and
/// where the move throws the result away, the refutation (the other side's plan, then both
/// sides' plans, for up to [`REFUTATION_PLIES`] plies; or the capture of a promoted piece).
#[derive(Clone, Debug)]
pub struct Judgement {
    /// The position judged.
    pub position: KpkPosition,
    /// The move judged.
    pub mv: Move,
    /// The result for the side to move before the move.
    pub before: Wdl,
    /// The result for the same side after it.
    pub after: Wdl,
    /// The classifier's verdict on the position after it (for the other side, to move).
    pub decided: Classification,
    /// The plan's move in the position, if any.
    pub plan: Option<Plan>,
    /// Where the move throws the result away: the line that punishes it.
    pub refutation: Vec<Move>,
    /// The plan of the first move of the refutation, where a plan gives it.
    pub punisher: Option<Plan>,
}

impl Judgement {
    /// Whether the move keeps the result the position had.
    #[must_use]
    pub fn keeps(&self) -> bool {
        self.after == self.before
    }

    /// Whether the move is the plan's.
    #[must_use]
    pub fn is_plan(&self) -> bool {
        self.plan.is_some_and(|p| p.mv == self.mv)
    }

    /// The verdict: the plan's move, another that keeps the result, or one that throws it away.
    #[must_use]
    pub fn verdict(&self) -> Verdict {
        if !self.keeps() {
            Verdict::Throws
        } else if self.is_plan() {
            Verdict::Plan
        } else {
            Verdict::Keeps
        }
    }

    /// The judgement in chess words (moves in SAN).
    ///
    /// ```
    /// use kpk::{Color, KpkPosition, KpkSetup, Move, Square, rules};
    /// // Kd3, Pe3 v Ke6, White to move: Kd4? lets Black take the opposition
    /// let pos = KpkPosition::new(KpkSetup {
    ///     strong_side: Color::White,
    ///     strong_king: Square::D3,
    ///     pawn: Square::E3,
    ///     weak_king: Square::E6,
    ///     side_to_move: Color::White,
    /// })
    /// .unwrap();
    /// let j = rules::judge(&pos, Move { from: Square::D3, to: Square::D4, promotion: None }).unwrap();
    /// assert_eq!(
    ///     j.reason(),
    ///     "throws the win away: Kd6!, taking the opposition; the strong king cannot pass, and the draw holds"
    /// );
    /// ```
    #[must_use]
    pub fn reason(&self) -> String {
        let game = Endgame::from(self.position);
        if self.keeps() {
            return match (&self.plan, self.before) {
                (Some(p), _) if p.mv == self.mv => format!("the plan's move: {}", p.reason()),
                (Some(p), Wdl::Win) => format!(
                    "keeps the win, but the plan's {} makes surer progress",
                    san(&game, p.mv)
                ),
                (Some(p), Wdl::Draw) => {
                    format!("keeps the draw, as the plan's {} does", san(&game, p.mv))
                }
                (Some(p), Wdl::Loss) => format!(
                    "loses, as every move does; the plan's {} resists best by the rules' measure",
                    san(&game, p.mv)
                ),
                (None, w) => format!("keeps the {}", w.as_str()),
            };
        }
        let lost = match self.before {
            Wdl::Win => "throws the win away",
            _ => "loses",
        };
        let next = game.play_unchecked(self.mv);
        if next.is_stalemate() {
            return format!("{lost}: stalemate");
        }
        let why = match (&self.punisher, self.refutation.first(), next.extra()) {
            (Some(p), Some(&r), _) => {
                format!("{}!, {}; {}", san(&next, r), p.aim.participle(), p.why())
            }
            (None, Some(&r), Some((role, _))) => {
                format!("{}! takes the {}", san(&next, r), role.name())
            }
            (_, _, Some((role @ (Role::Bishop | Role::Knight), _))) => {
                format!("a {} cannot mate", role.name())
            }
            _ => match self.decided.basis {
                Basis::Rule(rule) => sentence(rule.statement),
                _ => "the position after it is a draw".to_string(),
            },
        };
        format!("{lost}: {why}")
    }
}

fn san(pos: &Endgame, m: Move) -> String {
    let mut s = String::new();
    let _ = pos.write_san(m, &mut s);
    s
}

/// Judges a move of a KPK position by the rules (see [`Judgement`]).
///
/// # Errors
/// [`IllegalMove`] when the move is not legal in the position.
///
/// ```
/// use kpk::{Color, KpkPosition, KpkSetup, Move, Role, Square, Wdl, rules};
/// // Kc7, Pb6 v Ka8, White to move: Kc8?? stalemates
/// let pos = KpkPosition::new(KpkSetup {
///     strong_side: Color::White,
///     strong_king: Square::C7,
///     pawn: Square::B6,
///     weak_king: Square::A8,
///     side_to_move: Color::White,
/// })
/// .unwrap();
/// let j = rules::judge(&pos, Move { from: Square::C7, to: Square::C8, promotion: None }).unwrap();
/// assert_eq!((j.before, j.after, j.verdict()), (Wdl::Win, Wdl::Draw, rules::Verdict::Throws));
/// assert_eq!(j.reason(), "throws the win away: stalemate");
/// // a move that is not legal is an error
/// assert!(rules::judge(&pos, Move { from: Square::B6, to: Square::B8, promotion: None }).is_err());
///
/// // Kc6, Pe7 v Kd7 (Black's king guards e8): e8=Q+?? Kxe8
/// let pos = KpkPosition::new(KpkSetup {
///     strong_side: Color::White,
///     strong_king: Square::G6,
///     pawn: Square::E7,
///     weak_king: Square::D7,
///     side_to_move: Color::White,
/// })
/// .unwrap();
/// let queen = Move { from: Square::E7, to: Square::E8, promotion: Some(Role::Queen) };
/// let j = rules::judge(&pos, queen).unwrap();
/// assert_eq!(j.reason(), "throws the win away: Kxe8! takes the queen");
/// ```
pub fn judge(pos: &KpkPosition, mv: Move) -> Result<Judgement, IllegalMove> {
    Endgame::from(*pos).play(mv)?;
    Ok(judge_with(pos, mv, plan(pos), classify(pos).wdl))
}

/// Every legal move of a KPK position judged (see [`Judgement`]), in the move generator's
/// order, the plan and the verdict found once.
///
/// ```
/// use kpk::{Color, KpkPosition, KpkSetup, Square, rules};
/// let pos = KpkPosition::new(KpkSetup {
///     strong_side: Color::White,
///     strong_king: Square::D3,
///     pawn: Square::E3,
///     weak_king: Square::E6,
///     side_to_move: Color::White,
/// })
/// .unwrap();
/// let all = rules::judge_all(&pos);
/// assert_eq!(all.len(), 8);
/// assert_eq!(all.iter().filter(|j| j.verdict() == rules::Verdict::Plan).count(), 1);
/// ```
#[must_use]
pub fn judge_all(pos: &KpkPosition) -> Vec<Judgement> {
    let (plan, before) = (plan(pos), classify(pos).wdl);
    Endgame::from(*pos).legal_moves().iter().map(|&m| judge_with(pos, m, plan, before)).collect()
}

/// Judges a legal move, the position's plan and verdict given.
fn judge_with(pos: &KpkPosition, mv: Move, plan: Option<Plan>, before: Wdl) -> Judgement {
    let next = Endgame::from(*pos).play_unchecked(mv);
    let decided = classify_endgame(&next);
    let after = -decided.wdl;
    let (mut refutation, mut punisher) = (Vec::new(), None);
    if after < before {
        if let Some((_, square)) = next.extra().filter(|_| next.as_kpk().is_none()) {
            // a promoted piece that falls: the capture is the refutation
            refutation.extend(next.legal_moves().iter().copied().filter(|m| m.to == square));
        }
        let mut at = next;
        while refutation.is_empty() || punisher.is_some() {
            if refutation.len() >= REFUTATION_PLIES {
                break;
            }
            let Some(k) = at.as_kpk() else { break };
            let Some(p) = self::plan(&k) else { break };
            if refutation.is_empty() {
                punisher = Some(p);
            }
            refutation.push(p.mv);
            at = at.play_unchecked(p.mv);
        }
    }
    Judgement { position: *pos, mv, before, after, decided, plan, refutation, punisher }
}
