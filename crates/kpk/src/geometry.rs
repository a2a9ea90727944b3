//! Board geometry as `const` tables: king and knight steps, rays, slider attacks.
//!
//! Plain `core` only: `build.rs` compiles this file too (the DTM solver uses it).

// Board coordinates are below 64: the casts in the table builders cannot truncate or wrap.
#![allow(clippy::cast_possible_truncation, clippy::cast_possible_wrap, clippy::cast_sign_loss)]

/// Bits of the a-file cleared.
pub const NOT_FILE_A: u64 = !0x0101_0101_0101_0101;
/// Bits of the h-file cleared.
pub const NOT_FILE_H: u64 = !0x8080_8080_8080_8080;

/// The square xor that normalises a KPK position for the tables: `56` for a black pawn (flip
/// the board vertically, so the pawn moves up) plus `7` for a pawn on files e-h (mirror, so it
/// stands on files a-d). Xor-ing every square with it gives the position from the pawn's side,
/// pawn on files a-d: the one definition of the normalisation both tables' key tables use.
#[inline(always)]
#[must_use]
pub const fn pawn_normaliser(black_pawn: bool, pawn: u32) -> u32 {
    (if black_pawn { 56 } else { 0 }) | (if pawn & 7 >= 4 { 7 } else { 0 })
}

/// The squares a king on any square of `b` attacks, excluding `b` itself.
#[inline(always)]
#[must_use]
pub const fn king_spread(b: u64) -> u64 {
    let h = ((b << 1) & NOT_FILE_A) | ((b >> 1) & NOT_FILE_H);
    let v = b | h;
    h | (v << 8) | (v >> 8)
}

/// King attacks of every square.
pub const KING: [u64; 64] = {
    let mut t = [0u64; 64];
    let mut sq = 0;
    while sq < 64 {
        t[sq] = king_spread(1 << sq);
        sq += 1;
    }
    t
};

/// Knight attacks of every square.
pub const KNIGHT: [u64; 64] = {
    let mut t = [0u64; 64];
    let steps: [(i32, i32); 8] =
        [(1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2)];
    let mut sq = 0;
    while sq < 64 {
        let mut k = 0;
        while k < 8 {
            let f = (sq % 8) as i32 + steps[k].0;
            let r = (sq / 8) as i32 + steps[k].1;
            if f >= 0 && f < 8 && r >= 0 && r < 8 {
                t[sq] |= 1 << (r * 8 + f);
            }
            k += 1;
        }
        sq += 1;
    }
    t
};

/// The eight directions as (file step, rank step): rook directions first, then bishop ones.
pub const DIRECTIONS: [(i32, i32); 8] =
    [(1, 0), (-1, 0), (0, 1), (0, -1), (1, 1), (1, -1), (-1, 1), (-1, -1)];

/// `RAYS[sq][d]`: the squares from `sq` (exclusive) to the edge in direction `d`, nearest first
/// in the sense of [`DIRECTIONS`].
pub const RAYS: [[u64; 8]; 64] = {
    let mut t = [[0u64; 8]; 64];
    let mut sq = 0;
    while sq < 64 {
        let mut d = 0;
        while d < 8 {
            let (df, dr) = DIRECTIONS[d];
            let mut f = (sq % 8) as i32 + df;
            let mut r = (sq / 8) as i32 + dr;
            while f >= 0 && f < 8 && r >= 0 && r < 8 {
                t[sq][d] |= 1 << (r * 8 + f);
                f += df;
                r += dr;
            }
            d += 1;
        }
        sq += 1;
    }
    t
};

/// Whether direction `d` runs towards higher square numbers.
const fn ascending(d: usize) -> bool {
    let (df, dr) = DIRECTIONS[d];
    dr > 0 || (dr == 0 && df > 0)
}

/// The attacks along directions `first..first + 4` from `from` with `occupied` blocking
/// (a blocker's own square is attacked).
#[inline]
#[must_use]
pub const fn slider_attacks(from: usize, occupied: u64, first: usize) -> u64 {
    let mut att = 0;
    let mut d = first;
    while d < first + 4 {
        let ray = RAYS[from][d];
        let blockers = ray & occupied;
        if blockers == 0 {
            att |= ray;
        } else {
            let nearest = if ascending(d) {
                blockers.trailing_zeros()
            } else {
                63 - blockers.leading_zeros()
            } as usize;
            att |= ray & !RAYS[nearest][d];
        }
        d += 1;
    }
    att
}

/// Rook attacks from `from` with `occupied` blocking.
#[inline]
#[must_use]
pub const fn rook_attacks(from: usize, occupied: u64) -> u64 {
    slider_attacks(from, occupied, 0)
}

/// Bishop attacks from `from` with `occupied` blocking.
#[inline]
#[must_use]
pub const fn bishop_attacks(from: usize, occupied: u64) -> u64 {
    slider_attacks(from, occupied, 4)
}

/// Squares attacked by a white pawn on any square of `b`.
#[inline(always)]
#[must_use]
pub const fn white_pawn_attacks(b: u64) -> u64 {
    ((b << 7) & NOT_FILE_H) | ((b << 9) & NOT_FILE_A)
}

/// Squares attacked by a black pawn on any square of `b`.
#[inline(always)]
#[must_use]
pub const fn black_pawn_attacks(b: u64) -> u64 {
    ((b >> 9) & NOT_FILE_H) | ((b >> 7) & NOT_FILE_A)
}

/// The bitboard seen with ranks 1 and 8 swapped (`sq ^ 56`).
#[inline(always)]
#[must_use]
pub const fn flip_vertical(b: u64) -> u64 {
    b.swap_bytes()
}

/// The bitboard seen with files a and h swapped (`sq ^ 7`).
#[inline(always)]
#[must_use]
pub const fn mirror_horizontal(b: u64) -> u64 {
    const K1: u64 = 0x5555_5555_5555_5555;
    const K2: u64 = 0x3333_3333_3333_3333;
    const K4: u64 = 0x0f0f_0f0f_0f0f_0f0f;
    let b = ((b >> 1) & K1) | ((b & K1) << 1);
    let b = ((b >> 2) & K2) | ((b & K2) << 2);
    ((b >> 4) & K4) | ((b & K4) << 4)
}

/// The bitboard reflected in the a1-h8 diagonal: file and rank swap.
#[inline(always)]
#[must_use]
pub const fn transpose(b: u64) -> u64 {
    const K1: u64 = 0x5500_5500_5500_5500;
    const K2: u64 = 0x3333_0000_3333_0000;
    const K4: u64 = 0x0f0f_0f0f_0000_0000;
    let mut b = b;
    let t = K4 & (b ^ (b << 28));
    b ^= t ^ (t >> 28);
    let t = K2 & (b ^ (b << 14));
    b ^= t ^ (t >> 14);
    let t = K1 & (b ^ (b << 7));
    b ^= t ^ (t >> 7);
    b
}
