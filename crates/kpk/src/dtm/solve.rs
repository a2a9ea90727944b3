//! Retrograde solver of exact distance to mate for KQK, KRK and KPK.
//!
//! Compiled twice, like the bitbase generator: by `build.rs`, which embeds the tables, and into
//! the library, where [`solve_all`] rebuilds them at run time (a test checks they agree). It
//! uses `core`, `alloc` and [`crate::geometry`] only.
//!
//! # Method
//! The strong side is White. For each `(white king, white man)` a `u64` holds all 64 black-king
//! squares, and positions are decided in layers of distance:
//!
//! - layer 0: Black to move is checkmated;
//! - odd layer `d`: White to move wins in `d` plies if one move reaches a layer `d - 1` loss
//!   (king steps, the man's moves with the squares between free of the black king, pawn pushes,
//!   and promotions into the KQK and KRK tables) and it was not decided earlier;
//! - even layer `d`: Black to move loses in `d` plies if he cannot take the man and is not
//!   stalemated, and every legal king step lands in an already decided White win (so the
//!   longest is `d - 1`).
//!
//! An odd or even layer that adds nothing ends the solve; what is left is drawn.
//!
//! # Storage (one byte a position)
//! `0` is a draw or an illegal placement; with White to move `d` is a win in `d` plies; with
//! Black to move `d + 1` is a loss in `d` plies (so `1` is checkmate).
//!
//! - KQK and KRK: `((btm * 10 + triangle(wk)) * 64 + man) * 64 + bk`, the white king folded into
//!   the a1-d1-d4 triangle by the board's 8 symmetries: 81,920 bytes each.
//! - KPK: `((btm * 24 + pawn) * 64 + wk) * 64 + bk`, pawn `= (rank - 1) * 4 + file` on files a-d:
//!   196,608 bytes.

use alloc::vec;
use alloc::vec::Vec;

use crate::geometry::{KING, RAYS, king_spread, white_pawn_attacks};

/// Bytes of a pawnless table.
pub const PAWNLESS_BYTES: usize = 2 * 10 * 64 * 64;
/// Bytes of the KPK table.
pub const KPK_BYTES: usize = 2 * 24 * 64 * 64;

const NOT_IN_TRIANGLE: u8 = u8::MAX;

/// The index of each square in the a1-d1-d4 triangle (`file <= 3`, `rank <= file`), or 255.
pub const TRIANGLE: [u8; 64] = {
    let mut t = [NOT_IN_TRIANGLE; 64];
    let mut n = 0;
    let mut sq = 0;
    while sq < 64 {
        let (file, rank) = (sq % 8, sq / 8);
        if file <= 3 && rank <= file {
            t[sq] = n;
            n += 1;
        }
        sq += 1;
    }
    t
};

/// The symmetry of the board that brings `king` into the triangle, as a function of squares:
/// `(xor, transpose)`, applied as `sq ^ xor`, then swapping file and rank if `transpose`.
#[must_use]
pub const fn folding(king: usize) -> (usize, bool) {
    let mut x = 0;
    if king % 8 > 3 {
        x ^= 7;
    }
    if king / 8 > 3 {
        x ^= 56;
    }
    let k = king ^ x;
    (x, k / 8 > k % 8)
}

/// Applies a [`folding`] to a square.
#[inline]
#[must_use]
pub const fn fold(sq: usize, (x, transpose): (usize, bool)) -> usize {
    let s = sq ^ x;
    if transpose { (s % 8) * 8 + s / 8 } else { s }
}

/// The byte index of a pawnless position, any squares (folded here).
#[inline]
#[must_use]
pub const fn pawnless_index(btm: usize, wk: usize, man: usize, bk: usize) -> usize {
    let f = folding(wk);
    let k = fold(wk, f);
    ((btm * 10 + TRIANGLE[k] as usize) * 64 + fold(man, f)) * 64 + fold(bk, f)
}

/// The byte index of a KPK position with the pawn on files a-d, ranks 2-7.
#[inline]
#[must_use]
pub const fn kpk_index(btm: usize, pawn: usize, wk: usize, bk: usize) -> usize {
    let p = (pawn / 8 - 1) * 4 + pawn % 8;
    ((btm * 24 + p) * 64 + wk) * 64 + bk
}

/// All three tables: `(kqk, krk, kpk)`.
#[must_use]
pub fn solve_all() -> (Vec<u8>, Vec<u8>, Vec<u8>) {
    let kqk = solve_pawnless(true);
    let krk = solve_pawnless(false);
    let kpk = solve_kpk(&kqk, &krk);
    (kqk, krk, kpk)
}

/// Per `(white king, white man)` entry: the masks that do not change between layers.
struct Frame {
    /// Black-king squares of legal White-to-move positions, and the squares Black may step to.
    safe: Vec<u64>,
    /// Black to move: legal, cannot take the man, not stalemated.
    base: Vec<u64>,
    /// Black to move is checkmated.
    mates: Vec<u64>,
}

impl Frame {
    fn new(entries: usize) -> Frame {
        Frame { safe: vec![0; entries], base: vec![0; entries], mates: vec![0; entries] }
    }

    /// Fills entry `i` for a white king on `wk`, the man on `man` attacking `attacks` (the black
    /// king not blocking).
    fn set(&mut self, i: usize, wk: usize, man: usize, attacks: u64) {
        let legal_b = !(KING[wk] | 1 << wk | 1 << man);
        let safe = legal_b & !attacks;
        let capture = if KING[wk] & 1 << man == 0 { KING[man] } else { 0 };
        let escapes = king_spread(safe);
        self.safe[i] = safe;
        self.base[i] = legal_b & !capture & (escapes | attacks);
        self.mates[i] = legal_b & !capture & attacks & !escapes;
    }
}

/// The layered solve shared by all materials. `white_step(d, lnew, i)` returns the Black-king
/// squares from which White, to move in entry `i`, reaches a layer `d - 1` loss; `record(btm,
/// i, bits, byte)` stores decided positions.
fn layers(
    frame: &Frame,
    mut white_step: impl FnMut(u8, &[u64], usize) -> u64,
    mut record: impl FnMut(usize, usize, u64, u8),
) {
    let n = frame.safe.len();
    let mut wdone = vec![0u64; n];
    let mut ldone = frame.mates.clone();
    let mut lnew = frame.mates.clone();
    let mut wnew = vec![0u64; n];
    for (i, &m) in frame.mates.iter().enumerate() {
        record(1, i, m, 1);
    }
    let mut d: u8 = 1;
    loop {
        let mut any = 0;
        for i in 0..n {
            let w = white_step(d, &lnew, i) & frame.safe[i] & !wdone[i];
            wnew[i] = w;
            any |= w;
        }
        if any == 0 {
            break;
        }
        for i in 0..n {
            wdone[i] |= wnew[i];
            record(0, i, wnew[i], d);
        }
        d += 1;
        let mut any = 0;
        for i in 0..n {
            let l = frame.base[i] & !king_spread(frame.safe[i] & !wdone[i]) & !ldone[i];
            lnew[i] = l;
            any |= l;
        }
        if any == 0 {
            break;
        }
        for i in 0..n {
            ldone[i] |= lnew[i];
            record(1, i, lnew[i], d + 1);
        }
        d += 1;
    }
}

fn for_each_bit(mut bits: u64, mut f: impl FnMut(usize)) {
    while bits != 0 {
        f(bits.trailing_zeros() as usize);
        bits &= bits - 1;
    }
}

/// Slider attacks from `from` along directions `dirs`, stopped by `blocker` (included).
fn slider(from: usize, blocker: usize, dirs: &[usize]) -> u64 {
    let mut att = 0;
    for &d in dirs {
        let ray = RAYS[from][d];
        att |= if ray & 1 << blocker != 0 { ray & !RAYS[blocker][d] } else { ray };
    }
    att
}

/// Solves KQK (`queen`) or KRK: 81,920 bytes.
#[must_use]
pub fn solve_pawnless(queen: bool) -> Vec<u8> {
    let dirs: &[usize] = if queen { &[0, 1, 2, 3, 4, 5, 6, 7] } else { &[0, 1, 2, 3] };
    let entry = |wk: usize, man: usize| wk * 64 + man;
    let mut frame = Frame::new(64 * 64);
    for wk in 0..64 {
        for man in 0..64 {
            if wk != man {
                frame.set(entry(wk, man), wk, man, slider(man, wk, dirs));
            }
        }
    }
    let mut out = vec![0u8; PAWNLESS_BYTES];
    layers(
        &frame,
        |_, lnew, i| {
            let (wk, man) = (i / 64, i % 64);
            if wk == man {
                return 0;
            }
            let mut acc = 0;
            for_each_bit(KING[wk] & !(1 << man), |to| acc |= lnew[entry(to, man)]);
            for &d in dirs {
                // walk the ray; the black king must not stand on a square passed over
                let mut passed = 0u64;
                let mut ray = RAYS[man][d];
                while ray != 0 {
                    let to = if ray.trailing_zeros() as usize > man {
                        ray.trailing_zeros() as usize
                    } else {
                        63 - ray.leading_zeros() as usize
                    };
                    if to == wk {
                        break;
                    }
                    acc |= lnew[entry(wk, to)] & !passed;
                    passed |= 1 << to;
                    ray &= !(1 << to);
                }
            }
            acc
        },
        |btm, i, bits, byte| {
            let (wk, man) = (i / 64, i % 64);
            if TRIANGLE[wk] != NOT_IN_TRIANGLE {
                for_each_bit(bits, |bk| out[pawnless_index(btm, wk, man, bk)] = byte);
            }
        },
    );
    out
}

/// Solves KPK with promotions into `kqk` and `krk`: 196,608 bytes.
#[must_use]
pub fn solve_kpk(kqk: &[u8], krk: &[u8]) -> Vec<u8> {
    // entry = pawn index * 64 + white king; pawn index = (rank - 1) * 4 + file
    let square = |p: usize| (p / 4 + 1) * 8 + p % 4;
    let mut frame = Frame::new(24 * 64);
    for p in 0..24 {
        let pawn = square(p);
        for wk in 0..64 {
            if wk != pawn {
                frame.set(p * 64 + wk, wk, pawn, white_pawn_attacks(1 << pawn));
            }
        }
    }
    // Shortest loss (in plies) Black suffers after a promotion to a queen or rook, per
    // (white king, file, black king); 255 = no winning promotion.
    let mut promotion = vec![u8::MAX; 64 * 4 * 64];
    for wk in 0..64 {
        for file in 0..4 {
            let q = 56 + file;
            for bk in 0..64 {
                let mut best = u8::MAX;
                for table in [kqk, krk] {
                    if wk != q && bk != q && wk != bk {
                        let b = table[pawnless_index(1, wk, q, bk)];
                        if b > 0 {
                            best = best.min(b - 1);
                        }
                    }
                }
                promotion[(wk * 4 + file) * 64 + bk] = best;
            }
        }
    }
    let mut out = vec![0u8; KPK_BYTES];
    layers(
        &frame,
        |d, lnew, i| {
            let (p, wk) = (i / 64, i % 64);
            let pawn = square(p);
            if wk == pawn {
                return 0;
            }
            let mut acc = 0;
            for_each_bit(KING[wk] & !(1 << pawn), |to| acc |= lnew[p * 64 + to]);
            let stop = pawn + 8;
            if wk != stop {
                if p < 20 {
                    acc |= lnew[(p + 4) * 64 + wk] & !(1 << stop);
                    if p < 4 && wk != stop + 8 {
                        acc |= lnew[(p + 8) * 64 + wk] & !(1 << stop) & !(1 << (stop + 8));
                    }
                } else {
                    let row = &promotion[(wk * 4 + p % 4) * 64..][..64];
                    let mut promotes = 0u64;
                    for (bk, &loss) in row.iter().enumerate() {
                        if loss == d - 1 {
                            promotes |= 1 << bk;
                        }
                    }
                    // the black king must not stand on the promotion square
                    acc |= promotes & !(1 << stop);
                }
            }
            acc
        },
        |btm, i, bits, byte| {
            let (p, wk) = (i / 64, i % 64);
            for_each_bit(bits, |bk| out[kpk_index(btm, square(p), wk, bk)] = byte);
        },
    );
    out
}
