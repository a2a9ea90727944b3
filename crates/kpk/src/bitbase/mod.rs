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
//! Bits of illegal placements are 0. The table is generated at build time by
//! [`generate`](generate::generate) and embedded, so a probe needs no set-up; the same
//! generator can run at run time (about 15 µs, see BENCHMARKS.md).
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
pub mod generate;

use crate::{KpkPosition, Wdl};
pub use generate::WORDS;

/// Size of the table in bytes: 64 * 64 * 24 * 2 bits.
pub const TABLE_BYTES: usize = WORDS * 8;

/// A KPK bitbase table in the [layout](self) above.
#[derive(Clone, PartialEq, Eq)]
pub struct Bitbase {
    words: [u64; WORDS],
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
        generate::generate(&mut words);
        Bitbase { words }
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
        // Files e-h have bit 2 of the file set: mirror them onto a-d with an xor of 7.
        let mirror = ((pawn >> 2) & 1) * 7;
        let sk = usize::from((strong_king ^ mirror) & 63);
        let p = usize::from((pawn ^ mirror) & 63);
        let wk = u32::from((weak_king ^ mirror) & 63);
        let btm = usize::from(!strong_to_move);
        // ((btm * 6 + rank - 1) * 64 + sk) * 4 + file, with rank = p >> 3 and file = p & 3
        let word = ((btm * 6 + (p >> 3)).wrapping_sub(1) * 64 + sk) * 4 + (p & 3);
        // A pawn on rank 1 or 8 breaks the precondition; clamping keeps the load in bounds.
        (self.words[word.min(WORDS - 1)] >> wk) & 1 != 0
    }

    /// Win, draw or loss for the side to move of a validated position.
    #[inline]
    #[must_use]
    pub fn probe(&self, pos: &KpkPosition) -> Wdl {
        // A black pawn is flipped to a white one: xor 56 swaps ranks 1 and 8.
        let flip = (pos.strong_side() as u8) * 56;
        let stm = pos.strong_to_move();
        let win = self.strong_wins(
            pos.strong_king().index() ^ flip,
            pos.pawn().index() ^ flip,
            pos.weak_king().index() ^ flip,
            stm,
        );
        // win and strong to move: 1; win and weak to move: -1; otherwise 0
        let v = i32::from(win) * (2 * i32::from(stm) - 1);
        Wdl::from_signum(v)
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
