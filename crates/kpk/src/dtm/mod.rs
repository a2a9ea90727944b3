//! Exact distance to mate for every legal position of at most three men.
//!
//! KQK, KRK and KPK are solved by retrograde analysis at build time ([`solve`]) and embedded
//! (360,448 bytes, one byte a position, see [`solve`] for the layouts); KBK, KNK and bare kings
//! can never mate and are drawn. Either colour may own the extra man.
//!
//! Distances follow the rules of play without the 50-move rule, as tablebases' DTM does. Every
//! distance here is at most 56 plies, so the rule only matters for a position whose halfmove
//! clock is already above 44; a search that cares can downgrade such a mate with
//! `kpk_score::BoundedScore::from_tt`'s guard.
//!
//! ```
//! use kpk::{Color, Position, Role, dtm};
//!
//! let sq = |s: &str| s.parse().unwrap();
//! // White: Ka6, Qb1; Black: Ka8. White mates in one (Qb7#).
//! let pos = Position::new(Color::White, sq("a6"), Some((Role::Queen, sq("b1"))), sq("a8"), Color::White)
//!     .unwrap();
//! assert_eq!(dtm::probe(&pos).map(|d| d.plies()), Some(1));
//! let best = dtm::best_move(&pos).unwrap();
//! assert_eq!(best.to_string(), "b1b7");
//! assert!(pos.play(best).is_checkmate());
//! ```

pub mod solve;

use core::fmt;

use kpk_score::Score;

use crate::{Move, Position, Role, Wdl};

static KQK: &[u8; solve::PAWNLESS_BYTES] = include_bytes!(concat!(env!("OUT_DIR"), "/dtm_kqk.bin"));
static KRK: &[u8; solve::PAWNLESS_BYTES] = include_bytes!(concat!(env!("OUT_DIR"), "/dtm_krk.bin"));
static KPK: &[u8; solve::KPK_BYTES] = include_bytes!(concat!(env!("OUT_DIR"), "/dtm_kpk.bin"));

/// Bytes of all embedded DTM tables.
pub const TABLE_BYTES: usize = 2 * solve::PAWNLESS_BYTES + solve::KPK_BYTES;

/// A distance to mate in plies, from the side to move.
///
/// | value | meaning |
/// |---|---|
/// | `d > 0` | the side to move mates in `d` plies (odd) |
/// | `0` | the side to move is checkmated |
/// | `d < 0` | the side to move is mated in `-d` plies (even) |
///
/// Draws have no distance: [`probe`] returns `None` for them.
///
/// ```
/// use kpk::dtm::Dtm;
/// let d = Dtm::new(-4);
/// assert_eq!(d.uci_mate_moves(), -2);
/// assert_eq!(Dtm::new(7).uci_mate_moves(), 4);
/// assert!(d.is_loss() && !d.is_win());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Dtm(i16);

impl Dtm {
    /// A distance in plies with the sign convention above.
    #[must_use]
    pub const fn new(plies: i16) -> Dtm {
        Dtm(plies)
    }

    /// The signed number of plies.
    #[must_use]
    pub const fn plies(self) -> i32 {
        self.0 as i32
    }

    /// The side to move mates.
    #[must_use]
    pub const fn is_win(self) -> bool {
        self.0 > 0
    }

    /// The side to move is mated (now or later).
    #[must_use]
    pub const fn is_loss(self) -> bool {
        self.0 <= 0
    }

    /// UCI's `mate N`: `N = (plies + 1) / 2` full moves, negative when the side to move is mated
    /// (`0` when it is checkmated now).
    #[must_use]
    pub const fn uci_mate_moves(self) -> i32 {
        let p = self.0 as i32;
        if p > 0 { (p + 1) / 2 } else { -((-p + 1) / 2) }
    }

    /// Win or loss.
    #[must_use]
    pub const fn wdl(self) -> Wdl {
        if self.0 > 0 { Wdl::Win } else { Wdl::Loss }
    }

    /// The search score of this distance found at a node `ply` plies from the root.
    ///
    /// ```
    /// use kpk::dtm::Dtm;
    /// use kpk_score::Score;
    /// assert_eq!(Dtm::new(5).to_score(2), Score::mate_in(7));
    /// assert_eq!(Dtm::new(-4).to_score(1), Score::mated_in(5));
    /// ```
    #[must_use]
    pub const fn to_score(self, ply: u32) -> Score {
        let d = self.0.unsigned_abs() as u32;
        if self.0 > 0 { Score::mate_in(ply + d) } else { Score::mated_in(ply + d) }
    }
}

impl fmt::Display for Dtm {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.0 {
            0 => write!(f, "checkmated"),
            d if d > 0 => write!(f, "mate in {d} plies"),
            d => write!(f, "mated in {} plies", -d),
        }
    }
}

/// The exact distance to mate of any legal position of at most three men, `None` for a draw.
#[must_use]
pub fn probe(pos: &Position) -> Option<Dtm> {
    // Normalise without branches on the position: the strong side becomes White (a vertical
    // flip, xor 56, keeps every rule of these endings) and a pawn goes to files a-d (xor 7).
    let flip = (pos.strong_side() as usize) * 56;
    let wk = usize::from(pos.strong_king().index()) ^ flip;
    let bk = usize::from(pos.weak_king().index()) ^ flip;
    let btm = usize::from(!pos.strong_to_move());
    let (role, man) = pos.extra()?;
    let man = usize::from(man.index()) ^ flip;
    let byte = match role {
        Role::Queen => KQK[solve::pawnless_index(btm, wk, man, bk)],
        Role::Rook => KRK[solve::pawnless_index(btm, wk, man, bk)],
        Role::Pawn => {
            let mirror = ((man >> 2) & 1) * 7;
            KPK[solve::kpk_index(btm, man ^ mirror, wk ^ mirror, bk ^ mirror)]
        }
        Role::Bishop | Role::Knight | Role::King => return None,
    };
    // White to move: a win in `byte` plies; Black to move: a loss in `byte - 1` plies, which is
    // `1 - byte` signed. `btm` is 0 or 1.
    let b = i16::from(byte);
    let signed = b + i16::from(btm == 1) * (1 - 2 * b);
    (byte != 0).then_some(Dtm(signed))
}

/// Win, draw or loss from the DTM tables.
#[must_use]
pub fn wdl(pos: &Position) -> Wdl {
    probe(pos).map_or(Wdl::Draw, Dtm::wdl)
}

/// Orders outcomes for the side to move *before* the move, given the successor's DTM (seen by
/// the opponent): a quick mate is best, then longer mates, draws, long defeats, quick defeats.
fn rank_for_mover(after: Option<Dtm>) -> (u8, i32) {
    match after {
        Some(d) if d.is_loss() => (0, -d.plies()), // we mate: fewer plies is better
        None => (1, 0),
        Some(d) => (2, -d.plies()), // we are mated: more plies is better
    }
}

/// One legal move and the DTM of the position it leads to (from the opponent's side).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MoveOutcome {
    /// The move.
    pub mv: Move,
    /// The position after it.
    pub after: Position,
    /// Its distance to mate, from the side to move after the move; `None` for a draw.
    pub dtm: Option<Dtm>,
}

/// Every legal move with the DTM after it, best first for the side to move.
pub fn outcomes(pos: &Position) -> impl Iterator<Item = MoveOutcome> + use<> {
    let mut list: [Option<MoveOutcome>; 40] = [None; 40];
    let mut n = 0;
    for &mv in &pos.legal_moves() {
        let after = pos.play(mv);
        list[n] = Some(MoveOutcome { mv, after, dtm: probe(&after) });
        n += 1;
    }
    let moves = &mut list[..n];
    moves.sort_by_key(|o| {
        let o = o.expect("filled");
        (rank_for_mover(o.dtm), o.mv.from, o.mv.to, o.mv.promotion)
    });
    list.into_iter().take(n).flatten()
}

/// A best move: the fastest mate, the slowest defeat, or a move that keeps the draw. `None` when
/// there is no legal move.
#[must_use]
pub fn best_move(pos: &Position) -> Option<Move> {
    outcomes(pos).next().map(|o| o.mv)
}

/// The optimal line from a position: best moves until mate. Empty for draws (they never end
/// by force) and for positions without moves.
///
/// ```
/// use kpk::{Color, Position, Role, dtm};
/// let sq = |s: &str| s.parse().unwrap();
/// let pos = Position::new(Color::White, sq("e6"), Some((Role::Pawn, sq("e5"))), sq("e8"), Color::White)
///     .unwrap();
/// let plies = dtm::probe(&pos).unwrap().plies();
/// let line: Vec<_> = dtm::line(&pos).collect();
/// assert_eq!(line.len() as i32, plies);
/// assert!(line.last().unwrap().after.is_checkmate());
/// ```
pub fn line(pos: &Position) -> Line {
    Line { pos: *pos, decisive: probe(pos).is_some() }
}

/// The iterator of [`line()`]: each step is the best move and the position after it.
#[derive(Clone, Debug)]
pub struct Line {
    pos: Position,
    decisive: bool,
}

impl Iterator for Line {
    type Item = MoveOutcome;

    fn next(&mut self) -> Option<MoveOutcome> {
        if !self.decisive {
            return None;
        }
        let best = outcomes(&self.pos).next()?;
        self.pos = best.after;
        Some(best)
    }
}

/// Builds the three tables now (KQK, KRK, KPK), as the build script did.
#[must_use]
pub fn solve_tables() -> (alloc::vec::Vec<u8>, alloc::vec::Vec<u8>, alloc::vec::Vec<u8>) {
    solve::solve_all()
}

/// The embedded tables (KQK, KRK, KPK), for tests and tools.
#[must_use]
pub fn embedded_tables() -> (&'static [u8], &'static [u8], &'static [u8]) {
    (KQK, KRK, KPK)
}
