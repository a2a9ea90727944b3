//! Counts over every legal position of an ending: the figures behind `kpk stats`.

use crate::{Color, Endgame, EndgameSetup, Role, Square, dtm};

/// Figures for one ending and one side to move (White owns the extra man).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SideStats {
    /// Legal positions.
    pub legal: u32,
    /// Positions the side to move wins.
    pub wins: u32,
    /// Drawn positions.
    pub draws: u32,
    /// Positions the side to move loses.
    pub losses: u32,
    /// Checkmates (the side to move is mated).
    pub checkmates: u32,
    /// Stalemates.
    pub stalemates: u32,
    /// The longest distance to mate in plies (win or loss), and a position that has it.
    pub longest: Option<(u32, Endgame)>,
}

/// The endings of at most three men, by the strong side's extra man (`None`: bare kings).
pub const ENDINGS: [Option<Role>; 6] = [
    Some(Role::Pawn),
    Some(Role::Queen),
    Some(Role::Rook),
    Some(Role::Bishop),
    Some(Role::Knight),
    None,
];

/// The usual name of an ending: `KPK`, `KQK`, ..., `KK`.
#[must_use]
pub const fn ending_name(extra: Option<Role>) -> &'static str {
    match extra {
        Some(Role::Pawn) => "KPK",
        Some(Role::Queen) => "KQK",
        Some(Role::Rook) => "KRK",
        Some(Role::Bishop) => "KBK",
        Some(Role::Knight) => "KNK",
        Some(Role::King) | None => "KK",
    }
}

/// Counts every legal position of an ending with White owning the extra man:
/// `[White to move, Black to move]`.
///
/// ```
/// use kpk::{Role, stats};
/// let [white, black] = stats::ending(Some(Role::Queen));
/// assert_eq!(white.longest.unwrap().0, 19); // mate in 10 moves
/// assert_eq!(black.wins, 0);
/// ```
#[must_use]
pub fn ending(extra: Option<Role>) -> [SideStats; 2] {
    let mut out = [SideStats::default(); 2];
    for (side, stats) in Color::ALL.into_iter().zip(out.iter_mut()) {
        for wk in Square::ALL {
            for bk in Square::ALL {
                let men: &[Option<(Role, Square)>] = &[None];
                let placements = Square::ALL.map(|sq| extra.map(|r| (r, sq)));
                let candidates = if extra.is_some() { &placements[..] } else { men };
                for &man in candidates {
                    let setup = EndgameSetup {
                        strong_side: Color::White,
                        strong_king: wk,
                        extra: man,
                        weak_king: bk,
                        side_to_move: side,
                    };
                    let Ok(pos) = Endgame::new(setup) else { continue };
                    stats.legal += 1;
                    let d = dtm::probe(&pos);
                    match d {
                        Some(d) if d.is_win() => stats.wins += 1,
                        Some(_) => stats.losses += 1,
                        None => stats.draws += 1,
                    }
                    if pos.legal_moves().is_empty() {
                        if pos.is_check() {
                            stats.checkmates += 1;
                        } else {
                            stats.stalemates += 1;
                        }
                    }
                    if let Some(d) = d {
                        let plies = d.plies().unsigned_abs();
                        if stats.longest.is_none_or(|(best, _)| plies > best) {
                            stats.longest = Some((plies, pos));
                        }
                    }
                }
            }
        }
    }
    out
}
