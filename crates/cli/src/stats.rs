//! `kpk stats`: legal positions, wins, draws, mates, stalemates and the longest mate of every
//! ending, counted over every legal position from the tables.

use std::process::ExitCode;

use serde_json::json;

use kpk::{Color, Endgame, EndgameSetup, Role, Square, dtm};

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

/// An ending of at most three men, named by the strong side's extra man.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Ending {
    /// King and pawn against king.
    Kpk,
    /// King and queen against king.
    Kqk,
    /// King and rook against king.
    Krk,
    /// King and bishop against king.
    Kbk,
    /// King and knight against king.
    Knk,
    /// Bare kings.
    Kk,
}

impl Ending {
    /// Every ending, KPK first.
    pub const ALL: [Ending; 6] =
        [Ending::Kpk, Ending::Kqk, Ending::Krk, Ending::Kbk, Ending::Knk, Ending::Kk];

    /// The strong side's extra man (`None` for bare kings).
    #[must_use]
    pub const fn extra(self) -> Option<Role> {
        match self {
            Ending::Kpk => Some(Role::Pawn),
            Ending::Kqk => Some(Role::Queen),
            Ending::Krk => Some(Role::Rook),
            Ending::Kbk => Some(Role::Bishop),
            Ending::Knk => Some(Role::Knight),
            Ending::Kk => None,
        }
    }

    /// The usual name: `KPK`, `KQK`, ..., `KK`.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Ending::Kpk => "KPK",
            Ending::Kqk => "KQK",
            Ending::Krk => "KRK",
            Ending::Kbk => "KBK",
            Ending::Knk => "KNK",
            Ending::Kk => "KK",
        }
    }
}

/// Counts every legal position of an ending with White owning the extra man:
/// `[White to move, Black to move]`.
///
/// ```
/// use kpk_cli::stats::{self, Ending};
/// let [white, black] = stats::ending(Ending::Kqk);
/// assert_eq!(white.longest.unwrap().0, 19); // mate in 10 moves
/// assert_eq!(black.wins, 0);
/// ```
#[must_use]
pub fn ending(ending: Ending) -> [SideStats; 2] {
    let extra = ending.extra();
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

/// Prints one line (or JSON object) per ending and side to move.
///
/// # Errors
/// A message when standard output cannot be written.
pub fn run(json: bool) -> Result<ExitCode, String> {
    let mut text = String::new();
    if !json {
        outln!(text, "White owns the extra man; wins and losses are for the side to move.");
        outln!(
            text,
            "{:<6} {:<6} {:>8} {:>8} {:>8} {:>8} {:>6} {:>6} {:>8}  example of the longest",
            "ending",
            "move",
            "legal",
            "wins",
            "draws",
            "losses",
            "mates",
            "stale",
            "longest"
        );
    }
    for kind in Ending::ALL {
        for (side, s) in Color::ALL.into_iter().zip(ending(kind)) {
            let (longest, example) = match s.longest {
                Some((plies, pos)) => (Some(plies), Some(pos.to_string())),
                None => (None, None),
            };
            if json {
                outln!(
                    text,
                    "{}",
                    json!({
                        "ending": kind.name(),
                        "side_to_move": side.to_string(),
                        "legal": s.legal,
                        "wins": s.wins,
                        "draws": s.draws,
                        "losses": s.losses,
                        "checkmates": s.checkmates,
                        "stalemates": s.stalemates,
                        "longest_dtm": longest,
                        "longest_fen": example,
                    })
                );
            } else {
                outln!(
                    text,
                    "{:<6} {:<6} {:>8} {:>8} {:>8} {:>8} {:>6} {:>6} {:>8}  {}",
                    kind.name(),
                    side.to_string(),
                    s.legal,
                    s.wins,
                    s.draws,
                    s.losses,
                    s.checkmates,
                    s.stalemates,
                    longest.map_or("-".to_string(), |p| format!("{p} plies")),
                    example.unwrap_or_default(),
                );
            }
        }
    }
    crate::emit(&text)?;
    Ok(ExitCode::SUCCESS)
}
