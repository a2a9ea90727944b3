//! The KPK bitbase: one bit per position, win or not for the side with the pawn.
//!
//! # Layout
//! The side with the pawn is normalised to White with its pawn on files a-d (other files are
//! mirrored, a black pawn is flipped vertically). The table is 3,072 little-endian `u64` words,
//! 24,576 bytes:
//!
//! ```text
//! word  = ((btm * 6 + (pawn_rank - 1)) * 64 + strong_king) * 4 + pawn_file
//! bit   = weak_king                      (1 = the side with the pawn wins)
//! btm   = 0 if the side with the pawn is to move, else 1
//! pawn_rank = 1..=6 (ranks 2-7 counted from 0), pawn_file = 0..=3 (a-d), squares a1 = 0
//! ```
//!
//! Bits of illegal placements are 0. The table is generated at build time by a bit-parallel
//! retrograde generator and embedded, so a probe needs no set-up; the same generator runs at
//! run time with [`Bitbase::generate`] (about 6 µs on a CPU with AVX2, 10.5 µs on the portable
//! path; BENCHMARKS.md).
//!
//! ```
//! use kpk::{Color, Wdl, bitbase::{self, Squares}};
//!
//! // Kc6, Pc5 v Kc8, White to move: a win.
//! let opposition = Squares {
//!     strong_king: 42,
//!     pawn: 34,
//!     weak_king: 58,
//!     strong_side: Color::White,
//!     side_to_move: Color::White,
//! };
//! assert_eq!(bitbase::probe_squares(opposition), Wdl::Win);
//! // The same with Black to move is also lost for Black (White keeps the opposition).
//! let black_to_move = Squares { side_to_move: Color::Black, ..opposition };
//! assert_eq!(bitbase::probe_squares(black_to_move), Wdl::Loss);
//! // Rook pawn with the defender in the corner: a draw.
//! let corner = Squares { pawn: 40, weak_king: 56, ..opposition };
//! assert_eq!(bitbase::probe_squares(corner), Wdl::Draw);
//! ```

pub mod format;
mod generate;

use crate::{Color, KpkPosition, KpkSetup, PositionError, Square, Wdl};
/// The table's length in 64-bit words.
pub const WORDS: usize = generate::WORDS;

/// A code path of the generator: the same source compiled for a baseline x86-64 (or any
/// target) and, on x86-64, once more with AVX2 enabled, chosen at run time.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum GenerationPath {
    /// The target's baseline instructions (SSE2 on x86-64).
    Portable,
    /// 256-bit AVX2 vectors over the four file lanes (x86-64 with AVX2 only).
    Avx2,
}

impl GenerationPath {
    /// `"portable"` or `"avx2"`.
    ///
    /// ```
    /// assert_eq!(kpk::bitbase::GenerationPath::Avx2.name(), "avx2");
    /// ```
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            GenerationPath::Portable => "portable",
            GenerationPath::Avx2 => "avx2",
        }
    }
}

/// Whether this CPU and its operating system run AVX2 code, asked once and remembered: CPUID
/// is slow under a hypervisor (it leaves the guest; three of them cost about 3 µs here, a
/// quarter of a generation).
#[cfg(target_arch = "x86_64")]
fn avx2_available() -> bool {
    use core::sync::atomic::{AtomicU8, Ordering};
    /// 0: not asked yet, 1: no, 2: yes.
    static KNOWN: AtomicU8 = AtomicU8::new(0);
    match KNOWN.load(Ordering::Relaxed) {
        1 => false,
        2 => true,
        _ => {
            let yes = detect_avx2();
            KNOWN.store(1 + u8::from(yes), Ordering::Relaxed);
            yes
        }
    }
}

/// Whether this CPU and its operating system run AVX2 code: CPUID says the CPU has AVX and
/// AVX2 and the OS uses XSAVE, and XGETBV says the OS saves the vector registers.
#[cfg(target_arch = "x86_64")]
#[allow(unsafe_code)]
fn detect_avx2() -> bool {
    use core::arch::x86_64::{__cpuid, __cpuid_count, _xgetbv};
    let leaf1 = __cpuid(1);
    let (osxsave, avx) = (leaf1.ecx >> 27 & 1 == 1, leaf1.ecx >> 28 & 1 == 1);
    if !(osxsave && avx) || __cpuid(0).eax < 7 {
        return false;
    }
    let avx2 = __cpuid_count(7, 0).ebx >> 5 & 1 == 1;
    // SAFETY: OSXSAVE is set, so the OS has enabled XGETBV, the instruction's only requirement.
    let xcr0 = unsafe { _xgetbv(0) };
    avx2 && xcr0 & 0b110 == 0b110 // SSE and AVX register state saved by the OS
}

#[cfg(not(target_arch = "x86_64"))]
fn avx2_available() -> bool {
    false
}

/// The fastest path this machine runs.
///
/// ```
/// use kpk::bitbase::{GenerationPath, best_generation_path};
/// let path = best_generation_path();
/// assert!(path == GenerationPath::Portable || path == GenerationPath::Avx2);
/// ```
#[must_use]
pub fn best_generation_path() -> GenerationPath {
    if avx2_available() { GenerationPath::Avx2 } else { GenerationPath::Portable }
}

/// Builds the whole table with `path`; `false` (the table untouched) when this machine cannot
/// run it. Every path builds the same table (tested).
fn generate_with(table: &mut [u64; WORDS], path: GenerationPath) -> bool {
    match path {
        GenerationPath::Portable => {
            generate::generate_portable(table);
            true
        }
        #[cfg(target_arch = "x86_64")]
        GenerationPath::Avx2 if avx2_available() => {
            #[allow(unsafe_code)]
            // SAFETY: the CPU and the OS run AVX2 (checked just above), the only requirement
            // of a function compiled with `target_feature(enable = "avx2")`.
            unsafe {
                generate::generate_avx2(table);
            }
            true
        }
        GenerationPath::Avx2 => false,
    }
}

/// Builds the whole table: `table[word_index(btm, rank, wk, file)]` has bit `bk` set when the
/// side with the pawn (White, pawn on `file`, `rank`) wins. Runs [`best_generation_path`].
fn generate(table: &mut [u64; WORDS]) {
    generate_with(table, best_generation_path());
}

/// Size of the table in bytes: 64 * 64 * 24 * 2 bits.
pub const TABLE_BYTES: usize = WORDS * 8;

/// A KPK bitbase table in the [layout](self) above.
#[derive(Clone, PartialEq, Eq)]
pub struct Bitbase {
    words: [u64; WORDS],
}

// A key of [`PAWN_KEYS`] or [`SQUARE_KEYS`] holds the parts of the word index and the
// normalising square xor, laid out to match [`KpkPosition::packed`]: bits 0-1 the pawn file,
// bits 2-7 the xor for the strong king, bits 8-11 `btm * 6 + pawn_rank - 1`, bit 12 `btm`,
// bits 24-29 the xor for the weak king. The word index `((btm * 6 + rank - 1) * 64 + king) * 4
// + file` is made of disjoint bit fields, so `(packed ^ key) & 0xFFF` is the word and
// `(packed ^ key) >> 24` the bit.

/// The word part of `packed ^ key`.
const WORD_MASK: u32 = 0xFFF;
/// The key's bit for "the side with the pawn is not to move".
const BTM_BIT: u32 = 1 << 12;
/// Where the weak king's square (the bit within the word) starts.
const WEAK_KING_SHIFT: u32 = 24;

/// The key of a pawn on `pawn` (0..64) of colour `black` (0 or 1) with `side` (0 White, 1
/// Black) to move: everything a probe derives from the three, in one lookup. The xor mask is
/// `56` for a black pawn (flip vertically) plus `7` for a pawn on files e-h (mirror); the offset
/// and `btm` are those of the normalised pawn. Pawns on rank 1 or 8 get key 0: no bounds are
/// broken, the answer is meaningless.
const fn pawn_key(side: u32, black: u32, pawn: u32) -> u32 {
    let x = crate::geometry::pawn_normaliser(black == 1, pawn);
    let p = pawn ^ x;
    let (rank, file) = (p >> 3, p & 7);
    let btm = side ^ black;
    if rank >= 1 && rank <= 6 {
        file | (x << 2) | ((btm * 6 + rank - 1) << 8) | (btm * BTM_BIT) | (x << WEAK_KING_SHIFT)
    } else {
        0
    }
}

/// [`pawn_key`]s in the order of [`KpkPosition::packed`]'s bits 16-23:
/// `PAWN_KEYS[side_to_move << 7 | strong_side << 6 | pawn]` (colours as `White = 0`). 1 KB.
const PAWN_KEYS: [u32; 256] = {
    let mut keys = [0u32; 256];
    let mut i: u32 = 0;
    while i < 256 {
        keys[i as usize] = pawn_key(i >> 7, (i >> 6) & 1, i & 63);
        i += 1;
    }
    keys
};

/// [`pawn_key`]s for the probe from squares, indexed by
/// `side_to_move << 9 | strong_side << 8 | pawn` with the pawn's whole byte, so that the pawn's
/// square goes straight into the address: no masking on the probe's dependency chain (about
/// 0.3 ns of latency, docs/benchmark-history.md). Entries for a pawn byte above 63 break a precondition and
/// hold key 0. 4 KB, of which the 1 KB for real squares is what a probe touches.
const SQUARE_KEYS: [u32; 1024] = {
    let mut keys = [0u32; 1024];
    let mut i: u32 = 0;
    while i < 1024 {
        if i & 255 < 64 {
            keys[i as usize] = pawn_key(i >> 9, (i >> 8) & 1, i & 255);
        }
        i += 1;
    }
    keys
};
const _: () = assert!((11 << 8) | 0xFF < WORDS);
/// Every key's word part keeps bits 10-11 from being both set, whatever a king's byte adds to
/// bits 2-9: the probes' words stay inside the table.
const _: () = {
    assert!(WORDS == 0xC00);
    let mut i = 0;
    while i < 1024 {
        assert!(SQUARE_KEYS[i] & 0xC00 != 0xC00 && PAWN_KEYS[i & 255] & 0xC00 != 0xC00);
        i += 1;
    }
};

/// The answer for the side to move from the table's bit (`win`: the side with the pawn wins)
/// and whether the side with the pawn is the one *not* to move. A `match` on the two flags
/// compiles to a few flag operations with no branch; it is about 0.6 ns shorter on a probe's
/// dependency chain than building the sign and normalising the product, but costs the packed
/// probe's throughput about 0.15 ns, so [`Bitbase::probe`] keeps the product (docs/benchmark-history.md).
#[inline(always)]
const fn verdict(win: bool, strong_not_to_move: bool) -> Wdl {
    match (win, strong_not_to_move) {
        (false, _) => Wdl::Draw,
        (true, false) => Wdl::Win,
        (true, true) => Wdl::Loss,
    }
}

/// The table generated at build time.
static EMBEDDED: Bitbase =
    Bitbase { words: include!(concat!(env!("OUT_DIR"), "/bitbase_table.rs")) };

impl Bitbase {
    /// The table embedded in the library, generated at build time.
    #[must_use]
    pub fn embedded() -> &'static Bitbase {
        &EMBEDDED
    }

    /// Runs the retrograde generator now.
    ///
    /// ```
    /// use kpk::bitbase::Bitbase;
    /// assert!(Bitbase::generate() == *Bitbase::embedded());
    /// ```
    #[must_use]
    pub fn generate() -> Bitbase {
        let mut words = [0u64; WORDS];
        generate(&mut words);
        Bitbase { words }
    }

    /// Runs the generator on one code path, into this table: `false` (the table untouched)
    /// when this machine cannot run that path (in place: no allocation, no copy, as the
    /// generation benchmarks time it). [`Bitbase::generate`] runs the fastest one,
    /// [`best_generation_path`]; every path builds the same table.
    ///
    /// ```
    /// use kpk::bitbase::{Bitbase, GenerationPath};
    /// let mut table = Bitbase::from_words([0; kpk::bitbase::WORDS]);
    /// assert!(table.regenerate_with(GenerationPath::Portable));
    /// assert!(table == *Bitbase::embedded());
    /// ```
    pub fn regenerate_with(&mut self, path: GenerationPath) -> bool {
        generate_with(&mut self.words, path)
    }

    /// A table from its words.
    #[must_use]
    pub const fn from_words(words: [u64; WORDS]) -> Bitbase {
        Bitbase { words }
    }

    /// The words of the table.
    #[must_use]
    pub const fn words(&self) -> &[u64; WORDS] {
        &self.words
    }

    /// Win, draw or loss for the side to move of a validated position.
    #[inline]
    #[must_use]
    pub fn probe(&self, pos: &KpkPosition) -> Wdl {
        let v = pos.packed();
        // bits 16-23 of the packed position: pawn, pawn colour, side to move
        let key = PAWN_KEYS[(v >> 16) as usize & 255];
        let t = v ^ key;
        // `t & WORD_MASK < WORDS` for every key; the shift count is taken modulo 64
        let win = self.words[(t & WORD_MASK) as usize].wrapping_shr(t >> WEAK_KING_SHIFT) & 1 != 0;
        // A win for the side with the pawn: +1 when it is to move, -1 otherwise. (The
        // `verdict` match would cut latency but costs this path's throughput, the one that
        // matters for a packed position.)
        let sign = if key & BTM_BIT == 0 { 1 } else { -1 };
        Wdl::from_signum(i32::from(win) * sign)
    }

    /// Win, draw or loss for the side to move, from the squares an engine holds ([`Squares`]).
    /// See [`probe_squares`].
    #[inline]
    #[must_use]
    pub fn probe_squares(&self, squares: Squares) -> Wdl {
        let Squares { strong_king, pawn, weak_king, strong_side, side_to_move } = squares;
        let index = usize::from(side_to_move as u8) << 9
            | usize::from(strong_side as u8) << 8
            | usize::from(pawn);
        let key = SQUARE_KEYS[index];
        let win = self.bit(key, strong_king, weak_king);
        verdict(win, key & BTM_BIT != 0)
    }

    /// Win, draw or loss for the side to move, from bitboards as engines store them: the
    /// squares of each colour and of the kings and pawns. See [`probe_bitboards`].
    #[inline]
    #[must_use]
    pub fn probe_bitboards(&self, boards: Bitboards) -> Wdl {
        let Bitboards { white, black, kings, pawns, side_to_move } = boards;
        // The pawn's square first: its key load is on the critical path, and the three bit
        // scans share one execution port, oldest first (about 0.5 ns of latency). Then both
        // kings at once and a conditional swap on the pawn's colour: the king scans do not wait
        // for the colour test.
        let pawn = square_of(pawns);
        let black_pawn = pawns & black != 0;
        let strong_side = if black_pawn { Color::Black } else { Color::White };
        let (white_king, black_king) = (square_of(kings & white), square_of(kings & black));
        let (strong_king, weak_king) =
            if black_pawn { (black_king, white_king) } else { (white_king, black_king) };
        self.probe_squares(Squares { strong_king, pawn, weak_king, strong_side, side_to_move })
    }

    /// The bit for `key` (from [`PAWN_KEYS`] or [`SQUARE_KEYS`]) and the kings' squares (a
    /// byte each; a square above 63 breaks a precondition and gives a meaningless answer).
    #[inline(always)]
    fn bit(&self, key: u32, strong_king: u8, weak_king: u8) -> bool {
        // The king's byte, shifted, touches bits 2-9 only; every key's bits 10-11 are not both
        // set (asserted beside the key tables), so the word stays below 0xC00 = WORDS without
        // masking the king.
        let word = (u32::from(strong_king) << 2 ^ key) & WORD_MASK;
        // the shift count is taken modulo 64
        let shift = u32::from(weak_king) ^ (key >> WEAK_KING_SHIFT);
        (self.words[word as usize].wrapping_shr(shift) & 1) != 0
    }

    /// Number of set bits: positions won by the side with the pawn, files a-d.
    #[must_use]
    pub fn wins(&self) -> u32 {
        self.words.iter().map(|w| w.count_ones()).sum()
    }
}

impl core::fmt::Debug for Bitbase {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        write!(f, "Bitbase {{ {} bytes, {} wins }}", TABLE_BYTES, self.wins())
    }
}

/// A KPK position as the squares an engine holds (a1 = 0 ... h8 = 63, as on the board: no
/// flipping or mirroring by the caller), each field named so that no two can be swapped
/// unnoticed: the input of [`probe_squares`] and [`probe_squares_checked`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Squares {
    /// The square of the king of the side with the pawn.
    pub strong_king: u8,
    /// The pawn's square.
    pub pawn: u8,
    /// The square of the other king.
    pub weak_king: u8,
    /// The side with the pawn (the pawn's colour), as in [`KpkSetup`].
    pub strong_side: Color,
    /// The side to move.
    pub side_to_move: Color,
}

/// A KPK position as bitboards, as engines store them (bit `n` is square `n`, a1 = 0), each
/// board named: the input of [`probe_bitboards`] and [`probe_bitboards_checked`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Bitboards {
    /// White's men.
    pub white: u64,
    /// Black's men.
    pub black: u64,
    /// Both kings.
    pub kings: u64,
    /// The pawn.
    pub pawns: u64,
    /// The side to move.
    pub side_to_move: Color,
}

impl KpkPosition {
    /// Win, draw or loss for the side to move, from the embedded bitbase.
    #[inline]
    #[must_use]
    pub fn probe(&self) -> Wdl {
        EMBEDDED.probe(self)
    }
}

/// The defending king's map of a KPK position: for every square (a1 = index 0), whether the side
/// with the pawn wins with the defending king standing there, the other two men and the side to
/// move unchanged; `None` where he cannot stand (an occupied square, next to the other king, or
/// in check with the other side to move). The position's own defending king is one entry.
///
/// ```
/// use kpk::{Color, KpkPosition, KpkSetup, Square, bitbase};
/// let pos = KpkPosition::new(KpkSetup {
///     strong_side: Color::White,
///     strong_king: Square::E6,
///     pawn: Square::E5,
///     weak_king: Square::E8,
///     side_to_move: Color::Black,
/// })
/// .unwrap();
/// let map = bitbase::defender_map(&pos);
/// assert_eq!(map[usize::from(Square::E8.index())], Some(true)); // Black must give way
/// assert_eq!(map[usize::from(Square::E5.index())], None); // the pawn's square
/// ```
#[must_use]
pub fn defender_map(pos: &KpkPosition) -> [Option<bool>; 64] {
    Square::ALL.map(|sq| {
        let setup = KpkSetup {
            strong_side: pos.strong_side(),
            strong_king: pos.strong_king(),
            pawn: pos.pawn(),
            weak_king: sq,
            side_to_move: pos.side_to_move(),
        };
        KpkPosition::new(setup).ok().map(|p| {
            let wdl = p.probe();
            if p.strong_to_move() { wdl == Wdl::Win } else { wdl == Wdl::Loss }
        })
    })
}

/// The lowest set square of a bitboard (64 for an empty one, which a precondition excludes; the
/// probes from squares take any byte, so no masking lengthens the probe's dependency chain).
#[inline(always)]
fn square_of(bb: u64) -> u8 {
    // trailing_zeros is at most 64: the fallback is never taken (and compiled away)
    u8::try_from(bb.trailing_zeros()).unwrap_or(u8::MAX)
}

/// Win, draw or loss for the side to move, from the squares an engine holds: the fast path.
///
/// Squares are board squares, a1 = 0 ... h8 = 63, whichever colour owns the pawn and whatever
/// its file: the probe flips and mirrors by itself (one lookup in a key table on the pawn, the
/// side to move and the pawn's colour), without a branch.
///
/// Preconditions (not checked): a legal position, that is three distinct squares, kings not
/// adjacent, the pawn on ranks 2-7, the side not to move not in check. Inputs that break them
/// never panic or read out of bounds, but the answer is meaningless: use
/// [`probe_squares_checked`] for input that may be wrong.
///
/// ```
/// use kpk::{Color, Wdl, bitbase::{self, Squares}};
/// // White: Ke6, Pe5; Black: Ke8 (e6 = 44, e5 = 36, e8 = 60), Black to move
/// let white_pawn = Squares {
///     strong_king: 44,
///     pawn: 36,
///     weak_king: 60,
///     strong_side: Color::White,
///     side_to_move: Color::Black,
/// };
/// assert_eq!(bitbase::probe_squares(white_pawn), Wdl::Loss);
/// // Black: Kd3, Pd4; White: Kd1, White to move: the same position for the other colour
/// let black_pawn = Squares {
///     strong_king: 19,
///     pawn: 27,
///     weak_king: 3,
///     strong_side: Color::Black,
///     side_to_move: Color::White,
/// };
/// assert_eq!(bitbase::probe_squares(black_pawn), Wdl::Loss);
/// ```
#[inline]
#[must_use]
pub fn probe_squares(squares: Squares) -> Wdl {
    EMBEDDED.probe_squares(squares)
}

/// [`probe_squares`] for input that may be wrong: the position is validated first.
///
/// # Errors
/// A square above 63, or the first broken rule of a legal position, as a [`PositionError`].
///
/// ```
/// use kpk::{Color, Wdl, bitbase::{self, Squares}};
/// let pos = Squares {
///     strong_king: 44,
///     pawn: 36,
///     weak_king: 60,
///     strong_side: Color::White,
///     side_to_move: Color::Black,
/// };
/// assert_eq!(bitbase::probe_squares_checked(pos), Ok(Wdl::Loss));
/// let adjacent = bitbase::probe_squares_checked(Squares { weak_king: 52, ..pos });
/// assert_eq!(adjacent.unwrap_err().to_string(), "kings on e6 and e7 are adjacent");
/// ```
pub fn probe_squares_checked(squares: Squares) -> Result<Wdl, PositionError> {
    let square = |index: u8| Square::new(index).ok_or(PositionError::SquareOutOfRange { index });
    let pos = KpkPosition::new(KpkSetup {
        strong_side: squares.strong_side,
        strong_king: square(squares.strong_king)?,
        pawn: square(squares.pawn)?,
        weak_king: square(squares.weak_king)?,
        side_to_move: squares.side_to_move,
    })?;
    Ok(EMBEDDED.probe(&pos))
}

/// Win, draw or loss for the side to move, from bitboards as engines store them (bit `n` is
/// square `n`, a1 = 0): the squares of White's men, of Black's men, of both kings and of the
/// pawn. No branch, no normalisation by the caller.
///
/// Preconditions (not checked): the boards describe a legal KPK position (one king of each
/// colour, one pawn, nothing else; see [`probe_squares`]). Other input never panics, but the
/// answer is meaningless: use [`probe_bitboards_checked`] for input that may be wrong.
///
/// ```
/// use kpk::{Color, Wdl, bitbase::{self, Bitboards}};
/// let (e6, e5, e8) = (1u64 << 44, 1u64 << 36, 1u64 << 60);
/// let boards = Bitboards {
///     white: e6 | e5,
///     black: e8,
///     kings: e6 | e8,
///     pawns: e5,
///     side_to_move: Color::White,
/// };
/// assert_eq!(bitbase::probe_bitboards(boards), Wdl::Win);
/// ```
#[inline]
#[must_use]
pub fn probe_bitboards(boards: Bitboards) -> Wdl {
    EMBEDDED.probe_bitboards(boards)
}

/// [`probe_bitboards`] for input that may be wrong: the boards must hold exactly one king of
/// each colour and one pawn, and nothing else, forming a legal position.
///
/// # Errors
/// [`PositionError::NotKpk`] when the boards do not hold exactly those men (overlapping
/// colours, a second pawn, a missing king, another piece), else the first broken rule of a
/// legal position.
///
/// ```
/// use kpk::{Color, Wdl, bitbase::{self, Bitboards}};
/// let (e6, e5, e8) = (1u64 << 44, 1u64 << 36, 1u64 << 60);
/// let boards = Bitboards {
///     white: e6 | e5,
///     black: e8,
///     kings: e6 | e8,
///     pawns: e5,
///     side_to_move: Color::White,
/// };
/// assert_eq!(bitbase::probe_bitboards_checked(boards), Ok(Wdl::Win));
/// let two_pawns = Bitboards { white: boards.white | 1 << 8, pawns: e5 | 1 << 8, ..boards };
/// assert_eq!(bitbase::probe_bitboards_checked(two_pawns), Err(kpk::PositionError::NotKpk));
/// ```
pub fn probe_bitboards_checked(boards: Bitboards) -> Result<Wdl, PositionError> {
    let Bitboards { white, black, kings, pawns, side_to_move } = boards;
    let men = white | black;
    let well_formed = white & black == 0
        && kings & pawns == 0
        && (kings | pawns) == men
        && pawns.count_ones() == 1
        && (kings & white).count_ones() == 1
        && (kings & black).count_ones() == 1;
    if !well_formed {
        return Err(PositionError::NotKpk);
    }
    let strong_side = if pawns & black != 0 { Color::Black } else { Color::White };
    let strong = if strong_side == Color::White { white } else { black };
    probe_squares_checked(Squares {
        strong_king: square_of(kings & strong),
        pawn: square_of(pawns),
        weak_king: square_of(kings & !strong),
        strong_side,
        side_to_move,
    })
}
