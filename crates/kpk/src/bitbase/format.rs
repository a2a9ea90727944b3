//! The bitbase on disk and as source code for other engines.
//!
//! # Binary file (`.bin`), version 1
//! All integers little-endian; 24,608 bytes in all.
//!
//! | offset | size | field |
//! |---|---|---|
//! | 0 | 8 | magic `KPKBITBS` |
//! | 8 | 4 | format version, `1` |
//! | 12 | 4 | index layout, `1`: the [layout](super) of this crate |
//! | 16 | 4 | number of words, `3072` |
//! | 20 | 4 | reserved, `0` |
//! | 24 | 24,576 | the words, `u64` each |
//! | 24,600 | 8 | FNV-1a 64-bit checksum of bytes `0..24600` |
//!
//! [`decode`] checks every field and reports the first that is wrong.
//!
//! ```
//! use kpk::bitbase::{Bitbase, format};
//!
//! let bytes = format::encode(Bitbase::embedded());
//! assert_eq!(format::decode(&bytes).unwrap(), *Bitbase::embedded());
//! let mut corrupt = bytes;
//! corrupt[1000] ^= 4;
//! assert!(matches!(format::decode(&corrupt), Err(format::FormatError::ChecksumMismatch { .. })));
//! ```

use core::fmt;

use super::{Bitbase, TABLE_BYTES, WORDS};

/// The first eight bytes of a bitbase file.
const MAGIC: [u8; 8] = *b"KPKBITBS";
/// The format version this crate writes and reads.
const VERSION: u32 = 1;
/// The index layout this crate writes and reads.
const LAYOUT: u32 = 1;
/// The number of words, as stored in the header.
const WORD_COUNT: u32 = 3072;
const _: () = assert!(WORD_COUNT as usize == WORDS);

/// Size of the header in bytes.
const HEADER_BYTES: usize = 24;
/// Size of a whole file in bytes.
pub const FILE_BYTES: usize = HEADER_BYTES + TABLE_BYTES + 8;

/// Why bytes are not a bitbase file.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum FormatError {
    /// The file has the wrong length.
    Size {
        /// [`FILE_BYTES`].
        expected: usize,
        /// The length given.
        got: usize,
    },
    /// The file does not start with the magic `KPKBITBS`.
    Magic,
    /// An unknown format version.
    Version {
        /// The version this crate reads, `1`.
        expected: u32,
        /// The version in the file.
        got: u32,
    },
    /// An unknown index layout.
    Layout {
        /// The layout this crate reads, `1`.
        expected: u32,
        /// The layout in the file.
        got: u32,
    },
    /// The reserved header field is not zero: a file from a later writer, or corrupt.
    Reserved {
        /// The value in the file.
        got: u32,
    },
    /// A word count other than [`WORDS`].
    WordCount {
        /// [`WORDS`].
        expected: u32,
        /// The count in the file.
        got: u32,
    },
    /// The checksum does not match the contents: the file is corrupt.
    ChecksumMismatch {
        /// The checksum stored in the file.
        stored: u64,
        /// The checksum of the contents.
        computed: u64,
    },
}

impl fmt::Display for FormatError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            FormatError::Size { expected, got } => {
                write!(f, "bitbase file is {got} bytes long, expected {expected}")
            }
            FormatError::Magic => write!(f, "not a KPK bitbase file (magic bytes differ)"),
            FormatError::Version { expected, got } => {
                write!(f, "bitbase file version {got} is not supported (expected {expected})")
            }
            FormatError::Layout { expected, got } => {
                write!(f, "bitbase index layout {got} is not supported (expected {expected})")
            }
            FormatError::Reserved { got } => {
                write!(f, "bitbase file header: reserved field at byte 20 is {got:#x}, expected 0")
            }
            FormatError::WordCount { expected, got } => {
                write!(f, "bitbase file has {got} words, expected {expected}")
            }
            FormatError::ChecksumMismatch { stored, computed } => write!(
                f,
                "bitbase file is corrupt: checksum {computed:#018x} does not match stored {stored:#018x}"
            ),
        }
    }
}

impl core::error::Error for FormatError {}

const FNV_OFFSET: u64 = 0xcbf2_9ce4_8422_2325;

/// FNV-1a, 64 bits.
fn fnv1a64(bytes: &[u8]) -> u64 {
    fnv1a64_continue(FNV_OFFSET, bytes)
}

/// FNV-1a, 64 bits, continuing from the hash `h` of the bytes before.
fn fnv1a64_continue(mut h: u64, bytes: &[u8]) -> u64 {
    for &b in bytes {
        h ^= u64::from(b);
        h = h.wrapping_mul(0x0100_0000_01b3);
    }
    h
}

/// The file for a table.
#[must_use]
pub fn encode(bitbase: &Bitbase) -> [u8; FILE_BYTES] {
    let mut out = [0u8; FILE_BYTES];
    out[0..8].copy_from_slice(&MAGIC);
    out[8..12].copy_from_slice(&VERSION.to_le_bytes());
    out[12..16].copy_from_slice(&LAYOUT.to_le_bytes());
    out[16..20].copy_from_slice(&WORD_COUNT.to_le_bytes());
    for (chunk, word) in
        out[HEADER_BYTES..HEADER_BYTES + TABLE_BYTES].chunks_exact_mut(8).zip(bitbase.words())
    {
        chunk.copy_from_slice(&word.to_le_bytes());
    }
    let sum = fnv1a64(&out[..FILE_BYTES - 8]);
    out[FILE_BYTES - 8..].copy_from_slice(&sum.to_le_bytes());
    out
}

fn u32_at(bytes: &[u8], at: usize) -> u32 {
    let mut b = [0u8; 4];
    b.copy_from_slice(&bytes[at..at + 4]);
    u32::from_le_bytes(b)
}

/// Reads a file, checking size, magic, version, layout, word count, the reserved field and the
/// checksum.
///
/// # Errors
/// The first field that is wrong, as a [`FormatError`].
pub fn decode(bytes: &[u8]) -> Result<Bitbase, FormatError> {
    if bytes.len() != FILE_BYTES {
        return Err(FormatError::Size { expected: FILE_BYTES, got: bytes.len() });
    }
    if bytes[0..8] != MAGIC {
        return Err(FormatError::Magic);
    }
    let version = u32_at(bytes, 8);
    if version != VERSION {
        return Err(FormatError::Version { expected: VERSION, got: version });
    }
    let layout = u32_at(bytes, 12);
    if layout != LAYOUT {
        return Err(FormatError::Layout { expected: LAYOUT, got: layout });
    }
    let count = u32_at(bytes, 16);
    if count as usize != WORDS {
        return Err(FormatError::WordCount { expected: WORD_COUNT, got: count });
    }
    let reserved = u32_at(bytes, 20);
    if reserved != 0 {
        return Err(FormatError::Reserved { got: reserved });
    }
    let mut stored = [0u8; 8];
    stored.copy_from_slice(&bytes[FILE_BYTES - 8..]);
    let stored = u64::from_le_bytes(stored);
    let computed = fnv1a64(&bytes[..FILE_BYTES - 8]);
    if stored != computed {
        return Err(FormatError::ChecksumMismatch { stored, computed });
    }
    let mut words = [0u64; WORDS];
    for (word, chunk) in
        words.iter_mut().zip(bytes[HEADER_BYTES..HEADER_BYTES + TABLE_BYTES].chunks_exact(8))
    {
        let mut b = [0u8; 8];
        b.copy_from_slice(chunk);
        *word = u64::from_le_bytes(b);
    }
    Ok(Bitbase::from_words(words))
}

const LAYOUT_DOC: [&str; 8] = [
    "KPK bitbase, generated by kpk (layout 1): 3072 words, 24576 bytes.",
    "The side with the pawn is White, pawn on files a-d; mirror other files (sq ^ 7),",
    "flip a black pawn's position vertically (sq ^ 56). Squares: a1 = 0 ... h8 = 63.",
    "word = ((btm * 6 + (pawn_rank - 1)) * 64 + strong_king) * 4 + pawn_file",
    "bit  = weak_king; 1 = the side with the pawn wins, 0 = draw (or illegal).",
    "btm  = 0 if the side with the pawn is to move, 1 otherwise.",
    "pawn_rank = pawn >> 3 (1..6), pawn_file = pawn & 7 (0..3).",
    "FNV-1a-64 of the words as little-endian bytes:",
];

/// FNV-1a-64 of the words as little-endian bytes (quoted in the source emitters' headers).
fn words_checksum(bitbase: &Bitbase) -> u64 {
    bitbase.words().iter().fold(FNV_OFFSET, |h, w| fnv1a64_continue(h, &w.to_le_bytes()))
}

/// Writes the layout comment (each line between `comment.0` and `comment.1`), the checksum,
/// `prologue`, then the words as an array: `open`, four words a line with `suffix`, `close`.
fn write_array(
    bitbase: &Bitbase,
    out: &mut impl fmt::Write,
    comment: (&str, &str),
    prologue: &str,
    open: &fmt::Arguments<'_>,
    suffix: &str,
    close: &str,
) -> fmt::Result {
    let (start, end) = comment;
    for line in LAYOUT_DOC {
        writeln!(out, "{start}{line}{end}")?;
    }
    writeln!(out, "{start}{:#018x}{end}", words_checksum(bitbase))?;
    write!(out, "{prologue}")?;
    writeln!(out, "{open}")?;
    for chunk in bitbase.words().chunks(4) {
        out.write_str("   ")?;
        for w in chunk {
            write!(out, " {w:#018x}{suffix},")?;
        }
        out.write_str("\n")?;
    }
    writeln!(out, "{close}\n")
}

/// Writes the table as Rust source: a `static` and a probe function.
///
/// # Errors
/// Whatever the writer returns.
pub fn write_rust(bitbase: &Bitbase, out: &mut impl fmt::Write) -> fmt::Result {
    write_array(
        bitbase,
        out,
        ("// ", ""),
        "",
        &format_args!("pub static KPK_BITBASE: [u64; {WORDS}] = ["),
        "",
        "];",
    )?;
    writeln!(
        out,
        "/// Whether the side with the pawn wins (White's view, pawn moving up, any file)."
    )?;
    writeln!(
        out,
        "pub fn kpk_strong_wins(strong_king: u8, pawn: u8, weak_king: u8, strong_to_move: bool) -> bool {{"
    )?;
    writeln!(out, "    let m = ((pawn >> 2) & 1) * 7;")?;
    writeln!(
        out,
        "    let (sk, p) = (usize::from((strong_king ^ m) & 63), usize::from((pawn ^ m) & 63));"
    )?;
    writeln!(out, "    let btm = usize::from(!strong_to_move);")?;
    writeln!(out, "    // ranks 2-7 only; the clamp keeps any other input inside the table")?;
    writeln!(out, "    let rank = (p >> 3).clamp(1, 6);")?;
    writeln!(out, "    let word = ((btm * 6 + rank - 1) * 64 + sk) * 4 + (p & 3);")?;
    writeln!(out, "    (KPK_BITBASE[word] >> ((weak_king ^ m) & 63)) & 1 != 0")?;
    writeln!(out, "}}")
}

/// Writes the table as a C header: an array and a probe function.
///
/// # Errors
/// Whatever the writer returns.
pub fn write_c(bitbase: &Bitbase, out: &mut impl fmt::Write) -> fmt::Result {
    write_array(
        bitbase,
        out,
        ("/* ", " */"),
        "#ifndef KPK_BITBASE_H\n#define KPK_BITBASE_H\n#include <stdint.h>\n\n",
        &format_args!("static const uint64_t kpk_bitbase[{WORDS}] = {{"),
        "ULL",
        "};",
    )?;
    writeln!(
        out,
        "/* Whether the side with the pawn wins (White's view, pawn moving up, any file). */"
    )?;
    writeln!(
        out,
        "static inline int kpk_strong_wins(unsigned strong_king, unsigned pawn, unsigned weak_king, int strong_to_move) {{"
    )?;
    writeln!(out, "    unsigned m = ((pawn >> 2) & 1) * 7;")?;
    writeln!(out, "    unsigned sk = (strong_king ^ m) & 63, p = (pawn ^ m) & 63;")?;
    writeln!(out, "    unsigned btm = strong_to_move ? 0 : 1;")?;
    writeln!(out, "    /* ranks 2-7 only; the clamp keeps any other input inside the table */")?;
    writeln!(out, "    unsigned rank = p >> 3 < 1 ? 1 : p >> 3 > 6 ? 6 : p >> 3;")?;
    writeln!(out, "    unsigned word = ((btm * 6 + rank - 1) * 64 + sk) * 4 + (p & 3);")?;
    writeln!(out, "    return (int)((kpk_bitbase[word] >> ((weak_king ^ m) & 63)) & 1);")?;
    writeln!(out, "}}\n\n#endif")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_header_field_is_checked() {
        let good = encode(Bitbase::embedded());
        assert_eq!(decode(&good[..100]), Err(FormatError::Size { expected: FILE_BYTES, got: 100 }));
        let mut bad = good;
        bad[0] = b'X';
        assert_eq!(decode(&bad), Err(FormatError::Magic));
        let mut bad = good;
        bad[8] = 2;
        assert_eq!(decode(&bad), Err(FormatError::Version { expected: 1, got: 2 }));
        let mut bad = good;
        bad[12] = 9;
        assert_eq!(decode(&bad), Err(FormatError::Layout { expected: 1, got: 9 }));
        let mut bad = good;
        bad[17] = 0;
        assert!(matches!(decode(&bad), Err(FormatError::WordCount { .. })));
        let mut bad = good;
        bad[21] = 1;
        assert_eq!(decode(&bad), Err(FormatError::Reserved { got: 0x100 }));
        for at in [24, 5000, FILE_BYTES - 9, FILE_BYTES - 1] {
            let mut bad = good;
            bad[at] ^= 0x10;
            assert!(matches!(decode(&bad), Err(FormatError::ChecksumMismatch { .. })), "{at}");
        }
    }
}
