//! Distance to zeroing (DTZ) for every legal position of at most three men, and the 50-move
//! rule: which wins it spoils, and the shortest mate it still allows.
//!
//! The conventions are Syzygy's, as python-chess's `probe_dtz` and shakmaty-syzygy's `Dtz`
//! give them: the number of plies to the next zeroing move (a capture or a pawn move) or to
//! checkmate on the best line, signed from the side to move; the winner makes the zeroing move
//! as soon as he can, the loser puts it off as long as he can. Nothing is rounded here: every
//! value is exact.
//!
//! | DTZ | meaning | example |
//! |---|---|---|
//! | `1` | a zeroing move wins now (or a mate in one) | `8/8/8/8/8/k7/4P3/4K3 w` (e2-e3 at once; the mate is 41 plies away) |
//! | `n > 1` | the side to move wins, the zeroing move or mate of the best line is `n` plies away | `7k/8/8/8/8/8/4P3/4K3 w` (9: the king goes first), `8/8/8/8/8/2k5/1R6/K7 w` (31: KRK has no zeroing win, so DTZ = DTM) |
//! | `0` | a draw | `8/8/8/8/8/4k3/8/4K3 w` (bare kings), `4k3/4P3/4K3/8/8/8/8/8 b` (stalemate) |
//! | `-1` | the side to move is checkmated | `1R4k1/8/6K1/8/8/8/8/8 b` |
//! | `n < -1` | the side to move loses, the winner's zeroing move or mate comes after `-n` plies | `8/8/8/8/8/2k5/1R6/K7 b` |
//!
//! The 50-move rule turns a win into a draw when the halfmove clock runs out first: with clock
//! `h`, a win with DTZ `n` can be completed if `n + h <= 100` ([`Wdl50::Win`]), otherwise it is
//! a [`Wdl50::CursedWin`] and the defender's loss a [`Wdl50::BlessedLoss`], as on lichess. At
//! clock 0 every win of at most three men is a plain win (the longest DTZ is 32 plies, a KRK
//! loss; KPK's is 20).
//!
//! ```
//! use kpk::{Color, Endgame, EndgameSetup, Role, Square, dtz};
//! use kpk::dtz::Wdl50;
//!
//! // White: Ka1, Rb2; Black: Kc3, White to move: a mate in 31 plies, no zeroing move before it
//! let pos = Endgame::new(EndgameSetup {
//!     strong_side: Color::White,
//!     strong_king: Square::A1,
//!     extra: Some((Role::Rook, Square::B2)),
//!     weak_king: Square::C3,
//!     side_to_move: Color::White,
//! })
//! .unwrap();
//! let d = dtz::probe(&pos);
//! assert_eq!(d.plies(), 31);
//! assert_eq!(d.wdl50(0), Wdl50::Win);
//! assert_eq!(d.wdl50(80), Wdl50::CursedWin); // 31 + 80 > 100: Black claims the draw first
//! ```

use core::cmp::Ordering;
use core::fmt;
use core::ops::Neg;

use alloc::collections::BTreeMap;

mod fifty;

use fifty::dtm50_plies;

use crate::dtm::solve;
use crate::dtm::{self, Dtm};
use crate::{Endgame, Move, Role, Wdl};

static KPK: &[u8; solve::KPK_BYTES] = include_bytes!(concat!(env!("OUT_DIR"), "/dtz_kpk.bin"));

/// Bytes of the embedded DTZ table (KPK only: in KQK and KRK no zeroing move keeps a win, so
/// their DTZ is their DTM and is read from the DTM tables).
pub const TABLE_BYTES: usize = solve::KPK_BYTES;

/// The number of plies after which the 50-move rule lets a player claim the draw.
pub const FIFTY_MOVES: u32 = 100;

/// The halfmove clock after a move: 0 after a capture or pawn move (`zeroing`), one more
/// otherwise (saturating).
///
/// ```
/// assert_eq!(kpk::dtz::clock_after(41, false), 42);
/// assert_eq!(kpk::dtz::clock_after(41, true), 0);
/// ```
#[must_use]
pub const fn clock_after(halfmoves: u32, zeroing: bool) -> u32 {
    if zeroing { 0 } else { halfmoves.saturating_add(1) }
}

/// A distance to zeroing in plies, from the side to move, with Syzygy's signs (see the
/// [module](self) table): positive wins, `0` draws, negative losses, `-1` checkmated.
///
/// Arithmetic follows shakmaty-syzygy's `Dtz` and this crate's [`Dtm`]:
/// [`Dtz::add_plies_checked`] and [`Dtz::add_plies_saturating`] move the zeroing move further
/// away on its own side, `-dtz` flips the sign, [`Dtz::before_move`] is the value of a
/// non-zeroing move for the side that makes it and [`Dtz::before_zeroing`] that of a zeroing
/// one. None of them can panic.
///
/// ```
/// use kpk::Wdl;
/// use kpk::dtz::Dtz;
/// assert_eq!(Dtz::new(-4).before_move(), Dtz::new(5));
/// assert_eq!(Dtz::new(5).before_move(), Dtz::new(-6));
/// assert_eq!(Dtz::CHECKMATED.before_move(), Dtz::new(1)); // mate in one
/// assert_eq!(Dtz::before_zeroing(Wdl::Win), Dtz::new(1));
/// assert_eq!(Dtz::new(3).add_plies_checked(2), Some(Dtz::new(5)));
/// assert_eq!(-Dtz::new(3), Dtz::new(-3));
/// assert!(Dtz::DRAW.is_draw());
/// ```
#[derive(Clone, Copy, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Dtz(i16);

impl Dtz {
    /// A draw.
    pub const DRAW: Dtz = Dtz(0);
    /// The side to move is checkmated.
    pub const CHECKMATED: Dtz = Dtz(-1);

    /// A distance in plies with the signs above (`i16::MIN` is read as `-i16::MAX`).
    #[must_use]
    pub const fn new(plies: i16) -> Dtz {
        Dtz(if plies < -i16::MAX { -i16::MAX } else { plies })
    }

    /// The signed number of plies.
    #[must_use]
    pub const fn plies(self) -> i32 {
        self.0 as i32
    }

    /// The side to move wins.
    #[must_use]
    pub const fn is_win(self) -> bool {
        self.0 > 0
    }

    /// The side to move loses (now or later).
    #[must_use]
    pub const fn is_loss(self) -> bool {
        self.0 < 0
    }

    /// A draw.
    #[must_use]
    pub const fn is_draw(self) -> bool {
        self.0 == 0
    }

    /// Win, draw or loss, the 50-move rule aside.
    #[must_use]
    pub const fn wdl(self) -> Wdl {
        Wdl::from_signum(self.0 as i32)
    }

    /// The value of a zeroing move for the side that plays it, given the outcome it keeps:
    /// `1` for a win, `-1` for a loss, `0` for a draw.
    #[must_use]
    pub const fn before_zeroing(wdl: Wdl) -> Dtz {
        Dtz(wdl.signum() as i16)
    }

    /// The value of a move for the side that plays it, given the DTZ `after` it (seen by the
    /// opponent) and whether it is `zeroing`: [`Dtz::before_zeroing`] of the outcome it keeps,
    /// or [`Dtz::before_move`].
    ///
    /// ```
    /// use kpk::dtz::Dtz;
    /// assert_eq!(Dtz::for_mover(Dtz::new(-6), true), Dtz::new(1));
    /// assert_eq!(Dtz::for_mover(Dtz::new(-6), false), Dtz::new(7));
    /// ```
    #[must_use]
    pub const fn for_mover(after: Dtz, zeroing: bool) -> Dtz {
        if zeroing { Dtz(-after.0.signum()) } else { after.before_move() }
    }

    /// The value of a non-zeroing move for the side that plays it, given the DTZ of the
    /// position it leads to (seen by the opponent): a loss in `n` plies is a win in `n + 1`
    /// except checkmate (`-1`), which is a win in `1`; a win in `n` is a loss in `n + 1`; a
    /// draw stays a draw. Saturates at `±i16::MAX`.
    #[must_use]
    pub const fn before_move(self) -> Dtz {
        if self.0 == Dtz::CHECKMATED.0 {
            Dtz(1)
        } else {
            Dtz::new(self.0.saturating_neg()).add_plies_saturating(1)
        }
    }

    /// The zeroing move `plies` further away on its own side (a draw stays a draw), or
    /// `None` if the distance leaves `i16`.
    #[must_use]
    pub const fn add_plies_checked(self, plies: u32) -> Option<Dtz> {
        let d = self.0 as i64;
        let p = plies as i64;
        let v = if d > 0 {
            d + p
        } else if d < 0 {
            d - p
        } else {
            0
        };
        if v > i16::MAX as i64 || v < -(i16::MAX as i64) {
            None
        } else {
            #[allow(clippy::cast_possible_truncation)]
            Some(Dtz(v as i16)) // range checked
        }
    }

    /// [`Dtz::add_plies_checked`], saturating at `±i16::MAX` plies.
    #[must_use]
    pub const fn add_plies_saturating(self, plies: u32) -> Dtz {
        match self.add_plies_checked(plies) {
            Some(d) => d,
            None if self.0 > 0 => Dtz(i16::MAX),
            None => Dtz(-i16::MAX),
        }
    }

    /// The outcome under the 50-move rule with `halfmoves` on the clock (plies since the last
    /// capture or pawn move, as a FEN gives it): a win or loss whose zeroing move or mate comes
    /// within `100 - halfmoves` plies stands, a later one is cursed or blessed. A checkmated
    /// position is lost if the clock is at most 100: the mate ended the game before a claim.
    ///
    /// ```
    /// use kpk::dtz::{Dtz, Wdl50};
    /// assert_eq!(Dtz::new(7).wdl50(93), Wdl50::Win);
    /// assert_eq!(Dtz::new(7).wdl50(94), Wdl50::CursedWin);
    /// assert_eq!(Dtz::new(-8).wdl50(93), Wdl50::BlessedLoss);
    /// assert_eq!(Dtz::CHECKMATED.wdl50(100), Wdl50::Loss);
    /// assert_eq!(Dtz::DRAW.wdl50(0), Wdl50::Draw);
    /// ```
    #[must_use]
    pub const fn wdl50(self, halfmoves: u32) -> Wdl50 {
        let n = self.0.unsigned_abs() as u32;
        let in_time = if self.0 == Dtz::CHECKMATED.0 {
            halfmoves <= FIFTY_MOVES
        } else {
            n.saturating_add(halfmoves) <= FIFTY_MOVES
        };
        match (self.0.signum(), in_time) {
            (0, _) => Wdl50::Draw,
            (1, true) => Wdl50::Win,
            (1, false) => Wdl50::CursedWin,
            (_, true) => Wdl50::Loss,
            (_, false) => Wdl50::BlessedLoss,
        }
    }
}

/// The same distance with the other sign (saturating).
impl Neg for Dtz {
    type Output = Dtz;
    fn neg(self) -> Dtz {
        Dtz::new(self.0.saturating_neg())
    }
}

impl From<Dtz> for i32 {
    fn from(d: Dtz) -> i32 {
        d.plies()
    }
}

impl fmt::Debug for Dtz {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Dtz({})", self.0)
    }
}

/// `zeroing in 5 plies`, `draw`, `checkmated`, `loses: zeroing in 6 plies`.
impl fmt::Display for Dtz {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.0 {
            0 => write!(f, "draw"),
            -1 => write!(f, "checkmated"),
            d if d > 0 => write!(f, "zeroing in {d} plies"),
            d => write!(f, "loses: zeroing in {} plies", -d),
        }
    }
}

/// Win, draw or loss under the 50-move rule, from the side to move (shakmaty-syzygy's `Wdl`,
/// lichess's categories). Ordered from the worst to the best.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Wdl50 {
    /// Lost whatever the clock does.
    Loss,
    /// Lost, but the defender can claim the draw first.
    BlessedLoss,
    /// Drawn.
    Draw,
    /// Won, but the defender can claim the draw first.
    CursedWin,
    /// Won within the rule.
    Win,
}

impl Wdl50 {
    /// Lichess's name: `loss`, `blessed-loss`, `draw`, `cursed-win`, `win`.
    #[must_use]
    pub const fn as_str(self) -> &'static str {
        match self {
            Wdl50::Loss => "loss",
            Wdl50::BlessedLoss => "blessed-loss",
            Wdl50::Draw => "draw",
            Wdl50::CursedWin => "cursed-win",
            Wdl50::Win => "win",
        }
    }

    /// The result the rule lets stand: a cursed win and a blessed loss are draws.
    #[must_use]
    pub const fn result(self) -> Wdl {
        match self {
            Wdl50::Win => Wdl::Win,
            Wdl50::Loss => Wdl::Loss,
            _ => Wdl::Draw,
        }
    }
}

/// The same outcome for the other side.
impl Neg for Wdl50 {
    type Output = Wdl50;
    fn neg(self) -> Wdl50 {
        match self {
            Wdl50::Loss => Wdl50::Win,
            Wdl50::BlessedLoss => Wdl50::CursedWin,
            Wdl50::Draw => Wdl50::Draw,
            Wdl50::CursedWin => Wdl50::BlessedLoss,
            Wdl50::Win => Wdl50::Loss,
        }
    }
}

impl fmt::Display for Wdl50 {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// The exact DTZ of any legal position of at most three men (`0` for draws).
#[must_use]
pub fn probe(pos: &Endgame) -> Dtz {
    Squares::of(pos).map_or(Dtz::DRAW, probe_squares)
}

/// The best play under the 50-move rule from `pos` with `halfmoves` on the clock: each side's
/// DTZ-best move ([`outcomes`]'s first) while the clock is below 100, until mate or a position
/// without moves; empty for a draw. This is lichess's main line: it ends in mate, or when the
/// clock reaches 100 and the defender claims the draw.
#[must_use]
pub fn mainline(pos: &Endgame, halfmoves: u32) -> alloc::vec::Vec<MoveOutcome> {
    let mut line = alloc::vec::Vec::new();
    if probe(pos).is_draw() {
        return line;
    }
    let (mut at, mut clock) = (*pos, halfmoves);
    while clock < FIFTY_MOVES {
        let Some(best) = outcomes(&at).next() else { break };
        clock = clock_after(clock, best.zeroing);
        at = best.after;
        line.push(best);
    }
    line
}

/// The exact DTZ from the squares an engine holds ([`Squares`], the input of the DTM probe;
/// the same preconditions: input that breaks them never panics, but the answer is
/// meaningless).
///
/// ```
/// use kpk::{Color, Role, dtz};
/// // White: Ke1, Pe2; Black: Ka3 (e1 = 4, e2 = 12, a3 = 16): the pawn steps on at once
/// let d = dtz::probe_squares(dtz::Squares {
///     strong_side: Color::White,
///     strong_king: 4,
///     extra: Role::Pawn,
///     extra_square: 12,
///     weak_king: 16,
///     side_to_move: Color::White,
/// });
/// assert_eq!(d.plies(), 1);
/// ```
#[inline]
#[must_use]
pub fn probe_squares(squares: Squares) -> Dtz {
    match squares.extra {
        Role::Pawn => {
            let btm = usize::from(squares.strong_side != squares.side_to_move);
            let i = dtm::kpk_byte_index(
                squares.strong_side,
                btm,
                usize::from(squares.strong_king),
                squares.extra_square,
                usize::from(squares.weak_king),
            );
            let byte = i16::from(KPK.get(i).copied().unwrap_or(0));
            Dtz(if btm == 1 { -byte } else { byte })
        }
        // no zeroing move keeps a win: the DTZ is the DTM, checkmated aside
        Role::Queen | Role::Rook => match dtm::probe_squares(squares) {
            None => Dtz::DRAW,
            Some(d) if d.plies() == 0 => Dtz::CHECKMATED,
            #[allow(clippy::cast_possible_truncation)] // at most 56 plies
            Some(d) => Dtz(d.plies() as i16),
        },
        Role::Bishop | Role::Knight | Role::King => Dtz::DRAW,
    }
}

/// The squares of a position: the input of the DTM probe, [`dtm::Squares`].
pub use crate::dtm::Squares;

/// The DTZ solver: solves the KPK DTZ table now, from freshly solved DTM tables, as the build
/// script does. One byte a position in the layout of the KPK DTM table ([`dtm::Tables`]); `0` a
/// draw or an illegal placement, with the strong side to move `d` is DTZ `d`, with the defender
/// to move DTZ `-d`.
///
/// ```
/// assert_eq!(kpk::dtz::solve_kpk_table().len(), kpk::dtz::TABLE_BYTES);
/// ```
#[must_use]
pub fn solve_kpk_table() -> alloc::vec::Vec<u8> {
    let (kqk, krk, kpk) = solve::solve_all();
    solve::solve_kpk_dtz(&kpk, &kqk, &krk)
}

/// One legal move with what it leads to: the DTZ after it (from the opponent's side), whether
/// it resets the clock.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MoveOutcome {
    /// The move.
    pub mv: Move,
    /// The position after it.
    pub after: Endgame,
    /// Its DTZ, from the side to move after the move.
    pub dtz: Dtz,
    /// Whether the move is a capture or a pawn move.
    pub zeroing: bool,
}

impl MoveOutcome {
    /// The move's DTZ for the side that plays it: [`Dtz::before_zeroing`] of the outcome it
    /// keeps for a zeroing move, [`Dtz::before_move`] otherwise.
    #[must_use]
    pub fn mover_dtz(&self) -> Dtz {
        Dtz::for_mover(self.dtz, self.zeroing)
    }
}

/// Orders a mover's DTZ: the quickest zeroing win first, then longer wins, draws, the
/// longest defeats, quick defeats.
fn rank(d: Dtz) -> (u8, i32) {
    match d.plies().cmp(&0) {
        Ordering::Greater => (0, d.plies()),
        Ordering::Equal => (1, 0),
        Ordering::Less => (2, d.plies()),
    }
}

/// Every legal move with its DTZ, best first for the side to move by DTZ (Syzygy's order: the
/// move that zeroes soonest while keeping the win, the one that puts it off longest when
/// losing). Ties keep the order of [`Endgame::legal_moves`] sorted by squares.
pub fn outcomes(pos: &Endgame) -> impl Iterator<Item = MoveOutcome> + use<> {
    let none = Move { from: pos.strong_king(), to: pos.strong_king(), promotion: None };
    let blank = MoveOutcome { mv: none, after: *pos, dtz: Dtz::DRAW, zeroing: false };
    let mut list = [blank; 40];
    let mut n = 0;
    for (slot, &mv) in list.iter_mut().zip(&pos.legal_moves()) {
        let after = pos.play_unchecked(mv);
        *slot = MoveOutcome { mv, after, dtz: probe(&after), zeroing: pos.is_zeroing(mv) };
        n += 1;
    }
    list[..n].sort_by_key(|o| (rank(o.mover_dtz()), o.mv.from, o.mv.to, o.mv.promotion));
    list.into_iter().take(n)
}

/// The distance to mate when the defender claims the 50-move draw as soon as he may: the
/// shortest mate the side to move can force (or the longest he can be held to, if losing)
/// with `halfmoves` already on the clock, `None` when the position is drawn or the rule saves
/// the defender. No public tablebase gives this; it equals [`dtm::probe`] whenever the
/// DTM-optimal mate fits before the clock runs out (always at a clock of 44 or less).
///
/// The game is taken to end in a draw as soon as the clock reaches 100 at a position that is
/// not checkmate; a capture or pawn move sets the clock to 0. A short search over the
/// positions before the next zeroing move, with a table of answers keyed by position and
/// clock, decides the rest.
///
/// ```
/// use kpk::{Color, Endgame, EndgameSetup, Role, Square, dtm, dtz};
/// // White: Ka1, Rb2; Black: Kc3: mate in 31 plies, so from a clock of 69 the mate still
/// // fits (31 + 69 = 100), from 80 the rook cannot mate before Black claims
/// let pos = Endgame::new(EndgameSetup {
///     strong_side: Color::White,
///     strong_king: Square::A1,
///     extra: Some((Role::Rook, Square::B2)),
///     weak_king: Square::C3,
///     side_to_move: Color::White,
/// })
/// .unwrap();
/// assert_eq!(dtz::dtm50(&pos, 0), dtm::probe(&pos));
/// assert_eq!(dtz::dtm50(&pos, 69).map(|d| d.plies()), Some(31));
/// assert_eq!(dtz::dtm50(&pos, 80), None);
/// ```
#[must_use]
pub fn dtm50(pos: &Endgame, halfmoves: u32) -> Option<Dtm> {
    let mut memo = BTreeMap::new();
    let plies = dtm50_plies(pos, halfmoves, &mut memo)?;
    #[allow(clippy::cast_possible_truncation)] // at most 100 + 56 plies
    Some(Dtm::new(plies as i16))
}

/// The line of [`dtm50`]: from `pos` with `halfmoves` on the clock, the winner's quickest mate
/// the rule allows against the longest defence, move by move (each step's [`dtm::MoveOutcome`]
/// carries the plain DTM after it). Empty when [`dtm50`] is `None`. Ties go to the move with
/// the best plain DTM, then by squares, so that with a clock that leaves room this is
/// [`dtm::line`].
#[must_use]
pub fn line50(pos: &Endgame, halfmoves: u32) -> alloc::vec::Vec<dtm::MoveOutcome> {
    let mut steps = alloc::vec::Vec::new();
    let mut memo = BTreeMap::new();
    let (mut pos, mut clock) = (*pos, halfmoves);
    while let Some(d) = dtm50_plies(&pos, clock, &mut memo) {
        if d == 0 {
            break;
        }
        // the move whose successor keeps exactly the distance, best plain DTM first
        let next = dtm::outcomes(&pos).find(|o| {
            let c = clock_after(clock, pos.is_zeroing(o.mv));
            let after = dtm50_plies(&o.after, c, &mut memo);
            if d > 0 { after == Some(1 - d) } else { after == Some(-d - 1) }
        });
        let Some(step) = next else { break };
        clock = clock_after(clock, pos.is_zeroing(step.mv));
        pos = step.after;
        steps.push(step);
    }
    steps
}

#[cfg(test)]
mod tests {
    #[test]
    fn the_embedded_table_equals_a_solve_now() {
        assert!(super::solve_kpk_table() == super::KPK);
    }
}
