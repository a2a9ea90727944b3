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
//! run time with [`Bitbase::generate`] (about 14 µs, see BENCHMARKS.md).
//!
//! ```
//! use kpk::bitbase;
//!
//! // Kc6, Pc5 v Kc8, the side with the pawn to move: a win.
//! assert!(bitbase::strong_wins(42, 34, 58, true));
//! // The same with the defender to move is also a win (White keeps the opposition).
//! assert!(bitbase::strong_wins(42, 34, 58, false));
//! // Rook pawn with the defender in the corner: a draw.
//! assert!(!bitbase::strong_wins(42, 40, 56, true));
//! ```

pub mod format;
mod generate;

use crate::{KpkPosition, Wdl};
pub use generate::WORDS;

/// Size of the table in bytes: 64 * 64 * 24 * 2 bits.
pub const TABLE_BYTES: usize = WORDS * 8;

/// A KPK bitbase table in the [layout](self) above.
#[derive(Clone, PartialEq, Eq)]
pub struct Bitbase {
    words: [u64; WORDS],
}

/// A [`PAWN_KEYS`] entry holds the parts of the word index and the normalising square xor, laid
/// out to match [`KpkPosition::packed`]: bits 0-1 the pawn file, bits 2-7 the xor for the strong
/// king, bits 8-11 `btm * 6 + pawn_rank - 1`, bit 12 `btm`, bits 24-29 the xor for the weak king.
/// The word index `((btm * 6 + rank - 1) * 64 + king) * 4 + file` is made of disjoint bit fields,
/// so `(packed ^ key) & 0xFFF` is the word and `(packed ^ key) >> 24` the bit.
const WORD_MASK: u32 = 0xFFF;
const BTM_BIT: u32 = 1 << 12;
const WEAK_KING_SHIFT: u32 = 24;

/// Everything a probe derives from the side to move, the pawn's colour and the pawn's square,
/// in one lookup: `PAWN_KEYS[side_to_move << 7 | pawn_color << 6 | pawn]` (colours as
/// `White = 0`). The xor mask is `56` for a black pawn (flip vertically) plus `7` for a pawn on
/// files e-h (mirror); the offset and `btm` are those of the normalised pawn. Pawns on rank 1
/// or 8 get offset 0: no bounds are broken, the answer is meaningless. 1 KB.
const PAWN_KEYS: [u32; 256] = {
    let mut keys = [0u32; 256];
    let mut i: u32 = 0;
    while i < 256 {
        let side = i >> 7;
        let black = (i >> 6) & 1;
        let pawn = i & 63;
        let mirror = if pawn & 7 >= 4 { 7 } else { 0 };
        let x = black * 56 + mirror;
        let p = pawn ^ x;
        let (rank, file) = (p >> 3, p & 7);
        let btm = side ^ black;
        if rank >= 1 && rank <= 6 {
            keys[i as usize] = file
                | (x << 2)
                | ((btm * 6 + rank - 1) << 8)
                | (btm * BTM_BIT)
                | (x << WEAK_KING_SHIFT);
        }
        i += 1;
    }
    keys
};
const _: () = assert!((11 << 8) | 0xFF < WORDS);

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
        generate::generate(&mut words);
        Bitbase { words }
    }

    /// Runs the retrograde generator again into this table, in place (what the generation
    /// benchmarks time: no allocation, no copy).
    ///
    /// ```
    /// use kpk::bitbase::Bitbase;
    /// let mut table = Bitbase::from_words([0; kpk::bitbase::WORDS]);
    /// table.regenerate();
    /// assert!(table == *Bitbase::embedded());
    /// ```
    pub fn regenerate(&mut self) {
        generate::generate(&mut self.words);
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

    /// Whether the side with the pawn wins. See [`strong_wins`] for the arguments.
    #[inline]
    #[must_use]
    pub fn strong_wins(
        &self,
        strong_king: u8,
        pawn: u8,
        weak_king: u8,
        strong_to_move: bool,
    ) -> bool {
        let key = PAWN_KEYS[usize::from(!strong_to_move) << 7 | usize::from(pawn & 63)];
        self.bit(key, u32::from(strong_king), u32::from(weak_king))
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
        // A win for the side with the pawn: +1 when it is to move, -1 otherwise.
        let sign = if key & BTM_BIT == 0 { 1 } else { -1 };
        Wdl::from_signum(i32::from(win) * sign)
    }

    /// The bit for `key` (from [`PAWN_KEYS`]) and the kings' squares (higher bits ignored).
    #[inline(always)]
    fn bit(&self, key: u32, strong_king: u32, weak_king: u32) -> bool {
        let word = ((strong_king & 63) << 2 ^ key) & WORD_MASK;
        // `word < WORDS` for every key; the shift count is taken modulo 64
        (self.words[word as usize].wrapping_shr(weak_king ^ (key >> WEAK_KING_SHIFT)) & 1) != 0
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

/// Whether the side with the pawn wins, from the embedded table: the raw fast path for engines.
///
/// Squares are numbered a1 = 0 ... h8 = 63 *as seen by the side with the pawn*, which moves up
/// the board: for a black pawn, flip every square vertically first (`sq ^ 56`). Any pawn file
/// is accepted. `strong_to_move` says whether the side with the pawn is to move.
///
/// Preconditions: the placement is a legal position (three distinct squares, kings not
/// adjacent, pawn on ranks 2-7, the side not to move not in check). Inputs that break them
/// never panic or read out of bounds, but the answer is meaningless.
#[inline]
#[must_use]
pub fn strong_wins(strong_king: u8, pawn: u8, weak_king: u8, strong_to_move: bool) -> bool {
    EMBEDDED.strong_wins(strong_king, pawn, weak_king, strong_to_move)
}

/// Win, draw or loss for the side to move of a validated position, from the embedded table.
#[inline]
#[must_use]
pub fn probe(pos: &KpkPosition) -> Wdl {
    EMBEDDED.probe(pos)
}
