//! Exact distance to mate for every legal position of at most three men.
//!
//! KQK, KRK and KPK are solved by retrograde analysis at build time and embedded (360,448 bytes,
//! one byte a position; [`Tables`] has the layouts); KBK, KNK and bare kings can never mate and
//! are drawn. Either colour may own the extra man.
//!
//! Distances follow the rules of play without the 50-move rule, as tablebases' DTM does. Every
//! distance here is at most 56 plies, so the rule only matters for a position whose halfmove
//! clock is already above 44; a search that cares can downgrade such a mate with
//! `kpk_score::BoundedScore::from_tt`'s guard.
//!
//! ```
//! use kpk::{Color, Endgame, EndgameSetup, Role, Square, dtm};
//!
//! // White: Ka6, Qb1; Black: Ka8. White mates in one (Qb7#).
//! let pos = Endgame::new(EndgameSetup {
//!     strong_side: Color::White,
//!     strong_king: Square::A6,
//!     extra: Some((Role::Queen, Square::B1)),
//!     weak_king: Square::A8,
//!     side_to_move: Color::White,
//! })
//! .unwrap();
//! assert_eq!(dtm::probe(&pos).map(|d| d.plies()), Some(1));
//! let best = dtm::best_move(&pos).unwrap();
//! assert_eq!(best.to_string(), "b1b7");
//! assert!(pos.play(best).unwrap().is_checkmate());
//! ```

mod index;
pub(crate) mod solve;

pub(crate) use index::kpk_byte_index;

use alloc::borrow::Cow;

use core::fmt;
use core::num::NonZeroI16;

use kpk_score::Score;

use crate::{Color, Endgame, Move, Role, Wdl};

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
/// Arithmetic follows shakmaty-syzygy's `Dtz`: [`Dtm::add_plies_checked`] and
/// [`Dtm::add_plies_saturating`] move the mate further away on its own side, `-dtm` flips the
/// sign, and [`Dtm::before_move`] is the distance of the side that made the move leading here.
/// None of them can panic.
///
/// ```
/// use kpk::dtm::Dtm;
/// let d = Dtm::new(-4);
/// assert_eq!(d.uci_mate_moves(), -2);
/// assert_eq!(Dtm::new(7).uci_mate_moves(), 4);
/// assert!(d.is_loss() && !d.is_win());
/// assert_eq!(d.before_move(), Dtm::new(5)); // the move that led here mates in 5
/// assert_eq!(Dtm::new(0).before_move(), Dtm::new(1)); // mate in one
/// ```
///
/// Inside, a distance is kept as a non-zero number (wins as they are, losses one lower, so that
/// checkmated is `-1`): an `Option<Dtm>` is two bytes, `None` is zero, and the probe builds it
/// from a table byte without a branch.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Dtm(NonZeroI16);

impl Dtm {
    /// A distance in plies with the sign convention above (`i16::MIN` is read as
    /// `-i16::MAX`).
    #[must_use]
    pub const fn new(plies: i16) -> Dtm {
        let p = if plies < -i16::MAX { -i16::MAX } else { plies };
        Dtm::encoded(if p > 0 { p } else { p - 1 })
    }

    /// From the inner encoding, which is never zero where this is called.
    const fn encoded(e: i16) -> Dtm {
        match NonZeroI16::new(e) {
            Some(n) => Dtm(n),
            None => Dtm(NonZeroI16::MIN),
        }
    }

    /// The signed plies as an `i16`: `e` for a win, `e + 1` for a loss, as arithmetic (the
    /// shift is -1 for a negative `e`, else 0), so that a caller's `map_or(0, Dtm::plies)`
    /// compiles without a branch on the answer.
    const fn get(self) -> i16 {
        let e = self.0.get();
        e - (e >> 15)
    }

    /// The signed number of plies.
    #[must_use]
    pub const fn plies(self) -> i32 {
        self.get() as i32
    }

    /// The side to move mates.
    #[must_use]
    pub const fn is_win(self) -> bool {
        self.get() > 0
    }

    /// The side to move is mated (now or later).
    #[must_use]
    pub const fn is_loss(self) -> bool {
        self.get() <= 0
    }

    /// UCI's `mate N`: `N = (plies + 1) / 2` full moves, negative when the side to move is mated
    /// (`0` when it is checkmated now).
    #[must_use]
    pub const fn uci_mate_moves(self) -> i32 {
        let p = self.get() as i32;
        if p > 0 { (p + 1) / 2 } else { -((-p + 1) / 2) }
    }

    /// Win or loss.
    #[must_use]
    pub const fn wdl(self) -> Wdl {
        if self.get() > 0 { Wdl::Win } else { Wdl::Loss }
    }

    /// The search score of this distance found at a node `ply` plies from the root. A distance
    /// beyond the score's mate band saturates at its edge.
    ///
    /// ```
    /// use kpk::dtm::Dtm;
    /// use kpk_score::Score;
    /// assert_eq!(Dtm::new(5).to_score(2), Score::mate_in(7));
    /// assert_eq!(Dtm::new(-4).to_score(1), Score::mated_in(5));
    /// assert_eq!(Dtm::new(5).to_score(u32::MAX), Score::mate_in(256));
    /// ```
    #[must_use]
    pub const fn to_score(self, ply: u32) -> Score {
        let d = ply.saturating_add(self.get().unsigned_abs() as u32);
        if self.get() > 0 { Score::mate_in(d) } else { Score::mated_in(d) }
    }

    /// The mate `plies` further away on its own side (a win stays a win, a loss a loss;
    /// checkmated counts as a loss in 0), or `None` if the distance leaves `i16`.
    ///
    /// ```
    /// use kpk::dtm::Dtm;
    /// assert_eq!(Dtm::new(3).add_plies_checked(2), Some(Dtm::new(5)));
    /// assert_eq!(Dtm::new(0).add_plies_checked(2), Some(Dtm::new(-2)));
    /// assert_eq!(Dtm::new(i16::MAX).add_plies_checked(1), None);
    /// ```
    #[must_use]
    pub const fn add_plies_checked(self, plies: u32) -> Option<Dtm> {
        let d = self.get() as i64;
        let p = plies as i64;
        let v = if d > 0 { d + p } else { d - p };
        if v > i16::MAX as i64 || v < -(i16::MAX as i64) {
            None
        } else {
            #[allow(clippy::cast_possible_truncation)]
            Some(Dtm::new(v as i16)) // range checked
        }
    }

    /// [`Dtm::add_plies_checked`], saturating at `±i16::MAX` plies.
    ///
    /// ```
    /// use kpk::dtm::Dtm;
    /// assert_eq!(Dtm::new(-2).add_plies_saturating(40_000), Dtm::new(-i16::MAX));
    /// ```
    #[must_use]
    pub const fn add_plies_saturating(self, plies: u32) -> Dtm {
        match self.add_plies_checked(plies) {
            Some(d) => d,
            None if self.get() > 0 => Dtm::new(i16::MAX),
            None => Dtm::new(-i16::MAX),
        }
    }

    /// The distance one ply earlier, for the side that made the move leading to a position of
    /// this distance: a loss in `d` plies (checkmated included) is a win in `d + 1` for the
    /// mover, a win in `d` a loss in `d + 1`. Saturates at `±i16::MAX`.
    ///
    /// ```
    /// use kpk::dtm::Dtm;
    /// assert_eq!(Dtm::new(-2).before_move(), Dtm::new(3));
    /// assert_eq!(Dtm::new(3).before_move(), Dtm::new(-4));
    /// ```
    #[must_use]
    pub const fn before_move(self) -> Dtm {
        let d = self.get() as i32;
        let v = if d <= 0 { 1 - d } else { -(d + 1) };
        let max = i16::MAX as i32;
        let v = if v > max {
            max
        } else if v < -max {
            -max
        } else {
            v
        };
        #[allow(clippy::cast_possible_truncation)]
        Dtm::new(v as i16) // clamped into i16
    }
}

/// The same distance with the other sign (saturating: `-i16::MIN` is `i16::MAX`).
impl core::ops::Neg for Dtm {
    type Output = Dtm;
    fn neg(self) -> Dtm {
        Dtm::new(self.get().saturating_neg())
    }
}

impl fmt::Debug for Dtm {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Dtm({})", self.get())
    }
}

impl fmt::Display for Dtm {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.get() {
            0 => write!(f, "checkmated"),
            d if d > 0 => write!(f, "mate in {d} plies"),
            d => write!(f, "mated in {} plies", -d),
        }
    }
}

/// The exact distance to mate of any legal position of at most three men, `None` for a draw.
#[must_use]
pub fn probe(pos: &Endgame) -> Option<Dtm> {
    // Every `Endgame` is legal, so each index lies inside its table; `get` in `probe_squares`
    // keeps even a broken invariant from reading outside it (a draw, never a panic).
    probe_squares(Squares::of(pos)?)
}

/// A position of at most three men as the squares an engine holds (a1 = 0 ... h8 = 63, as on
/// the board: no flipping or mirroring by the caller), each field named so that no two can be
/// swapped unnoticed: the input of [`probe_squares`] and [`probe_squares_score`].
///
/// Preconditions (not checked): a legal position (see [`Endgame::new`]). Other input never
/// panics or reads out of bounds, but the answer is meaningless; validate with
/// [`Endgame::new`] and call [`probe`] for input that may be wrong.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Squares {
    /// The colour of the side with the extra man.
    pub strong_side: Color,
    /// Its king's square.
    pub strong_king: u8,
    /// The extra man (a bishop, a knight or a king as the extra man reads as a draw).
    pub extra: Role,
    /// The extra man's square.
    pub extra_square: u8,
    /// The bare king's square.
    pub weak_king: u8,
    /// The side to move.
    pub side_to_move: Color,
}

impl Squares {
    /// The squares of `pos`, `None` for bare kings (which have no extra man).
    #[must_use]
    pub fn of(pos: &Endgame) -> Option<Squares> {
        let (extra, man) = pos.extra()?;
        Some(Squares {
            strong_side: pos.strong_side(),
            strong_king: pos.strong_king().index(),
            extra,
            extra_square: man.index(),
            weak_king: pos.weak_king().index(),
            side_to_move: pos.side_to_move(),
        })
    }
}

/// The exact distance to mate from the squares an engine holds ([`Squares`]). `None` for a
/// draw (KBK, KNK, KK and drawn KPK positions).
///
/// ```
/// use kpk::{Color, Role, dtm};
/// // White: Ke1, Rh1; Black: Ke3; White to move mates in 19 plies (h1 = 7, e1 = 4, e3 = 20)
/// let d = dtm::probe_squares(dtm::Squares {
///     strong_side: Color::White,
///     strong_king: 4,
///     extra: Role::Rook,
///     extra_square: 7,
///     weak_king: 20,
///     side_to_move: Color::White,
/// });
/// assert_eq!(d.unwrap().plies(), 19);
/// ```
#[inline]
#[must_use]
pub fn probe_squares(squares: Squares) -> Option<Dtm> {
    let (byte, btm) = table_byte(squares);
    // a load, not a test: built with a test, the compiled probe branches on a draw to make
    // `None`, and KPK's draws come unpredictably (see docs/benchmark-history.md)
    FROM_BYTE[btm][usize::from(byte)]
}

/// The distance to mate as a search score, `ply` plies from the root, from the squares an
/// engine holds ([`Squares`]): [`Dtm::to_score`] for a decisive position
/// (`Score::mate_in(ply + plies)` or `Score::mated_in(ply + plies)`, the distance clamped to
/// `MAX_PLY` as those do), `Score::ZERO` for a draw; without a branch, for the interior
/// nodes of a search where wins, losses and draws come unpredictably.
///
/// ```
/// use kpk::{Color, Role, dtm};
/// use kpk_score::Score;
/// // White: Ke1, Rh1; Black: Ke3; White to move mates in 19 plies; 4 plies from the root
/// let rook = dtm::Squares {
///     strong_side: Color::White,
///     strong_king: 4,
///     extra: Role::Rook,
///     extra_square: 7,
///     weak_king: 20,
///     side_to_move: Color::White,
/// };
/// assert_eq!(dtm::probe_squares_score(rook, 4), Score::mate_in(23));
/// // KPK drawn: Ke1, Pe2 v Ke3, Black's king in front of the pawn
/// let pawn = dtm::Squares { extra: Role::Pawn, extra_square: 12, ..rook };
/// assert_eq!(dtm::probe_squares_score(pawn, 0), Score::ZERO);
/// ```
#[inline]
#[must_use]
pub fn probe_squares_score(squares: Squares, ply: u32) -> Score {
    let (byte, btm) = table_byte(squares);
    let byte = i32::from(byte);
    #[allow(clippy::cast_possible_wrap, clippy::cast_possible_truncation)] // btm is 0 or 1
    let btm = btm as i32;
    // a win in `byte` plies with the strong side to move; a loss in `byte - 1` with the
    // defender to move; a draw for 0: sign = +1, -1 or 0
    let sign = i32::from(byte != 0) * (1 - 2 * btm);
    let plies = byte - i32::from(byte != 0) * btm;
    let ply = i32::try_from(ply).unwrap_or(i32::MAX).min(kpk_score::bands::MAX_PLY);
    let distance = (ply + plies).min(kpk_score::bands::MAX_PLY);
    Score::new(sign * (kpk_score::bands::MATE - distance))
}

/// The table byte of a position given as squares and whether the defender is to move (`0` or
/// `1`); byte 0 (a draw) for KBK, KNK and bare kings.
#[inline(always)]
fn table_byte(squares: Squares) -> (u8, usize) {
    let Squares { strong_side, strong_king, extra, extra_square, weak_king, side_to_move } =
        squares;
    let btm = usize::from(strong_side != side_to_move);
    let (wk, bk) = (usize::from(strong_king), usize::from(weak_king));
    let (table, index): (&[u8], usize) = match extra {
        // The pawnless tables are symmetric under every flip and turn of the board, so a black
        // strong side needs no flipping: the fold brings any placement into the table.
        Role::Queen => (KQK, solve::pawnless_index(btm, wk, usize::from(extra_square), bk)),
        Role::Rook => (KRK, solve::pawnless_index(btm, wk, usize::from(extra_square), bk)),
        // squares above 63 break a precondition: the index may leave the table, where `get`
        // answers a draw
        Role::Pawn => (KPK, kpk_byte_index(strong_side, btm, wk, extra_square, bk)),
        Role::Bishop | Role::Knight | Role::King => return (0, btm),
    };
    (table.get(index).copied().unwrap_or(0), btm)
}

/// Every table byte as the signed distance for each side to move (`[btm][byte]`): with the
/// strong side to move a win in `byte` plies, else a loss in `byte - 1` plies; 0 is a draw. In
/// the inner encoding: `+byte` for a win, `1 - byte - 1 = -byte` for a loss, `None` for 0.
static FROM_BYTE: [[Option<Dtm>; 256]; 2] = {
    let mut t = [[None; 256]; 2];
    let mut byte = 0;
    while byte < 256 {
        #[allow(clippy::cast_possible_truncation, clippy::cast_possible_wrap)] // below 256
        let v = byte as i16;
        t[0][byte] = match NonZeroI16::new(v) {
            Some(n) => Some(Dtm(n)),
            None => None,
        };
        t[1][byte] = match NonZeroI16::new(-v) {
            Some(n) => Some(Dtm(n)),
            None => None,
        };
        byte += 1;
    }
    t
};

const _: () = assert!(size_of::<Option<Dtm>>() == 2);

/// Win, draw or loss from the DTM tables.
#[must_use]
pub fn wdl(pos: &Endgame) -> Wdl {
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
    pub after: Endgame,
    /// Its distance to mate, from the side to move after the move; `None` for a draw.
    pub dtm: Option<Dtm>,
}

impl MoveOutcome {
    /// The move's distance to mate for the side that plays it: [`Dtm::before_move`] of
    /// [`MoveOutcome::dtm`]; `None` for a draw.
    ///
    /// ```
    /// use kpk::{Color, Endgame, EndgameSetup, Role, Square, dtm};
    /// let pos = Endgame::new(EndgameSetup {
    ///     strong_side: Color::White,
    ///     strong_king: Square::A6,
    ///     extra: Some((Role::Queen, Square::B1)),
    ///     weak_king: Square::A8,
    ///     side_to_move: Color::White,
    /// })
    /// .unwrap();
    /// let best = dtm::outcomes(&pos).next().unwrap();
    /// assert_eq!(best.mover_dtm(), dtm::probe(&pos)); // Qb7#, mate in one
    /// ```
    #[must_use]
    pub fn mover_dtm(&self) -> Option<Dtm> {
        self.dtm.map(Dtm::before_move)
    }
}

/// Every legal move with the DTM after it, best first for the side to move.
pub fn outcomes(pos: &Endgame) -> impl Iterator<Item = MoveOutcome> + use<> {
    let none = Move { from: pos.strong_king(), to: pos.strong_king(), promotion: None };
    let mut list = [MoveOutcome { mv: none, after: *pos, dtm: None }; 40];
    let mut n = 0;
    for (slot, &mv) in list.iter_mut().zip(&pos.legal_moves()) {
        let after = pos.play_unchecked(mv);
        *slot = MoveOutcome { mv, after, dtm: probe(&after) };
        n += 1;
    }
    list[..n].sort_by_key(|o| (rank_for_mover(o.dtm), o.mv.from, o.mv.to, o.mv.promotion));
    list.into_iter().take(n)
}

/// A best move: the fastest mate, the slowest defeat, or a move that keeps the draw. `None` when
/// there is no legal move.
#[must_use]
pub fn best_move(pos: &Endgame) -> Option<Move> {
    outcomes(pos).next().map(|o| o.mv)
}

/// The optimal line from a position: best moves until mate. Empty for draws (they never end
/// by force) and for positions without moves.
///
/// ```
/// use kpk::{Color, Endgame, EndgameSetup, Role, Square, dtm};
/// let pos = Endgame::new(EndgameSetup {
///     strong_side: Color::White,
///     strong_king: Square::E6,
///     extra: Some((Role::Pawn, Square::E5)),
///     weak_king: Square::E8,
///     side_to_move: Color::White,
/// })
/// .unwrap();
/// let plies = dtm::probe(&pos).unwrap().plies();
/// let line: Vec<_> = dtm::line(&pos).collect();
/// assert_eq!(line.len() as i32, plies);
/// assert!(line.last().unwrap().after.is_checkmate());
/// ```
pub fn line(pos: &Endgame) -> impl Iterator<Item = MoveOutcome> + Clone + use<> {
    // each step is the best move and the position after it, until no move is left
    let mut at = probe(pos).is_some().then_some(*pos);
    core::iter::from_fn(move || {
        let best = outcomes(&at?).next();
        at = best.map(|b| b.after);
        best
    })
}

/// The three DTM tables, one byte a position: KQK, KRK and KPK.
///
/// `0` is a draw or an illegal placement; with the strong side (normalised to White) to move `d`
/// is a win in `d` plies; with the defender to move `d + 1` is a loss in `d` plies (so `1` is
/// checkmate).
///
/// - KQK and KRK: `((btm * 10 + triangle(wk)) * 64 + man) * 64 + bk`, the white king folded into
///   the a1-d1-d4 triangle by the board's 8 symmetries: 81,920 bytes each.
/// - KPK: `((btm * 24 + pawn) * 64 + wk) * 64 + bk`, pawn `= (rank - 1) * 4 + file` on files
///   a-d: 196,608 bytes.
///
/// ```
/// use kpk::dtm::{TABLE_BYTES, Tables};
/// let t = Tables::embedded();
/// assert_eq!(t.kqk().len() + t.krk().len() + t.kpk().len(), TABLE_BYTES);
/// ```
#[derive(Clone, PartialEq, Eq)]
pub struct Tables {
    kqk: Cow<'static, [u8]>,
    krk: Cow<'static, [u8]>,
    kpk: Cow<'static, [u8]>,
}

impl Tables {
    /// The tables embedded in the library (solved at build time); no copy is made.
    #[must_use]
    pub fn embedded() -> Tables {
        Tables { kqk: Cow::Borrowed(KQK), krk: Cow::Borrowed(KRK), kpk: Cow::Borrowed(KPK) }
    }

    /// Solves the three tables now, as the build script did (about 2 ms).
    #[must_use]
    pub fn solve() -> Tables {
        let (kqk, krk, kpk) = solve::solve_all();
        Tables { kqk: Cow::Owned(kqk), krk: Cow::Owned(krk), kpk: Cow::Owned(kpk) }
    }

    /// The KQK table.
    #[must_use]
    pub fn kqk(&self) -> &[u8] {
        &self.kqk
    }

    /// The KRK table.
    #[must_use]
    pub fn krk(&self) -> &[u8] {
        &self.krk
    }

    /// The KPK table.
    #[must_use]
    pub fn kpk(&self) -> &[u8] {
        &self.kpk
    }
}

impl fmt::Debug for Tables {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "Tables {{ kqk: {} bytes, krk: {} bytes, kpk: {} bytes }}",
            self.kqk.len(),
            self.krk.len(),
            self.kpk.len()
        )
    }
}
