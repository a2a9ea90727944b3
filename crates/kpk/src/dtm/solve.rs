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

use crate::geometry::{
    KING, RAYS, flip_vertical, king_spread, mirror_horizontal, transpose, white_pawn_attacks,
};

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

/// `FOLDED[code][sq]`: the square `sq` under folding `code` (bits 0-2: the xor's file part is 7,
/// bit 1: its rank part is 56, bit 2: transpose), for a lookup instead of arithmetic.
#[allow(clippy::cast_possible_truncation)]
const FOLDED: [[u8; 64]; 8] = {
    let mut t = [[0u8; 64]; 8];
    let mut code = 0;
    while code < 8 {
        let f =
            (if code & 1 != 0 { 7 } else { 0 } | if code & 2 != 0 { 56 } else { 0 }, code & 4 != 0);
        let mut sq = 0;
        while sq < 64 {
            t[code][sq] = fold(sq, f) as u8; // a square: below 64
            sq += 1;
        }
        code += 1;
    }
    t
};

/// Per white-king square: its folding code (see [`FOLDED`]) and the offset of its folded square
/// in a pawnless table, `triangle * 4096`.
const KING_FOLD: [(u8, u32); 64] = {
    let mut t = [(0u8, 0u32); 64];
    let mut wk = 0;
    while wk < 64 {
        let (x, transpose) = folding(wk);
        let code = (x & 7 != 0) as u8 | ((x & 56 != 0) as u8) << 1 | (transpose as u8) << 2;
        t[wk] = (code, TRIANGLE[fold(wk, (x, transpose))] as u32 * 4096);
        wk += 1;
    }
    t
};

/// The byte index of a pawnless position, any squares (folded here).
#[inline]
#[must_use]
pub const fn pawnless_index(btm: usize, wk: usize, man: usize, bk: usize) -> usize {
    let (code, offset) = KING_FOLD[wk & 63];
    let folded = &FOLDED[code as usize];
    btm * 40_960 + offset as usize + (folded[man & 63] as usize) * 64 + folded[bk & 63] as usize
}

/// The byte index of a KPK position with the pawn on files a-d, ranks 2-7.
#[inline]
#[must_use]
pub const fn kpk_index(btm: usize, pawn: usize, wk: usize, bk: usize) -> usize {
    // saturating: a pawn on rank 1 (never in a legal position) cannot underflow the index
    let p = (pawn / 8).saturating_sub(1) * 4 + pawn % 8;
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

/// The layered solve shared by all materials, driven by frontiers: only entries whose Black
/// losses grew in the last layer are expanded, and only entries whose White wins grew are
/// re-examined for Black losses.
///
/// - `predecessors(i, bits, emit)`: White moves that reach entry `i` (Black king on `bits`);
///   `emit(j, mask)` offers entry `j` the Black-king squares `mask` as wins.
/// - `promotions(d, emit)`: wins in `d` plies through a promotion (KPK only).
/// - `record(btm, i, bits, byte)`: stores decided positions.
/// - `last_promotion`: the last odd layer `promotions` can add to; the solve does not stop
///   before it.
fn layers(
    frame: &Frame,
    mut predecessors: impl FnMut(usize, u64, &mut dyn FnMut(usize, u64)),
    mut promotions: impl FnMut(u8, &mut dyn FnMut(usize, u64)),
    last_promotion: u8,
    mut record: impl FnMut(usize, usize, u64, u8),
) {
    let n = frame.safe.len();
    let mut wdone = vec![0u64; n];
    let mut ldone = frame.mates.clone();
    let mut lnew = frame.mates.clone();
    let mut cand = vec![0u64; n];
    let mut touched: Vec<usize> = Vec::new();
    let mut wfront: Vec<usize> = Vec::new();
    let mut lfront: Vec<usize> = (0..n).filter(|&i| frame.mates[i] != 0).collect();
    for &i in &lfront {
        record(1, i, frame.mates[i], 1);
    }
    let mut d: u8 = 1;
    loop {
        // odd layer d: White wins in d plies
        touched.clear();
        {
            // an entry is queued when its candidate set turns non-empty
            let mut emit = |j: usize, mask: u64| {
                if mask != 0 {
                    if cand[j] == 0 {
                        touched.push(j);
                    }
                    cand[j] |= mask;
                }
            };
            for &i in &lfront {
                predecessors(i, lnew[i], &mut emit);
            }
            promotions(d, &mut emit);
        }
        wfront.clear();
        for &j in &touched {
            let w = cand[j] & frame.safe[j] & !wdone[j];
            cand[j] = 0;
            if w != 0 {
                wdone[j] |= w;
                record(0, j, w, d);
                wfront.push(j);
            }
        }
        if wfront.is_empty() && d >= last_promotion {
            break;
        }
        // even layer d + 1: Black loses in d + 1 plies (only where White's wins just grew)
        d += 1;
        lfront.clear();
        for &j in &wfront {
            let l = frame.base[j] & !king_spread(frame.safe[j] & !wdone[j]) & !ldone[j];
            if l != 0 {
                ldone[j] |= l;
                lnew[j] = l;
                record(1, j, l, d + 1);
                lfront.push(j);
            }
        }
        if lfront.is_empty() && d >= last_promotion {
            break;
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

/// Applies a [`folding`] to a bitboard of squares.
#[inline]
const fn fold_bits(b: u64, (x, t): (usize, bool)) -> u64 {
    let b = if x & 7 != 0 { mirror_horizontal(b) } else { b };
    let b = if x & 56 != 0 { flip_vertical(b) } else { b };
    if t { transpose(b) } else { b }
}

/// The squares of the triangle, in [`TRIANGLE`] order.
const TRIANGLE_SQUARES: [usize; 10] = {
    let mut t = [0usize; 10];
    let mut sq = 0;
    while sq < 64 {
        if TRIANGLE[sq] != NOT_IN_TRIANGLE {
            t[TRIANGLE[sq] as usize] = sq;
        }
        sq += 1;
    }
    t
};

/// Solves KQK (`queen`) or KRK: 81,920 bytes.
///
/// Only White-king squares of the triangle are solved (640 entries per side). A king step out
/// of the triangle is folded back with the board symmetry that returns it, Black-king squares
/// included; positions with the king on the a1-h8 diagonal come in reflected pairs, so a
/// folded win offered to such an entry is offered to its reflection too, which keeps every
/// pair decided alike.
#[must_use]
pub fn solve_pawnless(queen: bool) -> Vec<u8> {
    let dirs: &[usize] = if queen { &[0, 1, 2, 3, 4, 5, 6, 7] } else { &[0, 1, 2, 3] };
    let entry = |wk: usize, man: usize| usize::from(TRIANGLE[wk]) * 64 + man;
    let mut frame = Frame::new(10 * 64);
    for wk in TRIANGLE_SQUARES {
        for man in 0..64 {
            if wk != man {
                frame.set(entry(wk, man), wk, man, slider(man, wk, dirs));
            }
        }
    }
    let on_diagonal = |wk: usize| wk.is_multiple_of(9);
    let transposed = |sq: usize| (sq % 8) * 8 + sq / 8;
    let mut out = vec![0u8; PAWNLESS_BYTES];
    layers(
        &frame,
        |i, bits, emit| {
            let (wk, man) = (TRIANGLE_SQUARES[i / 64], i % 64);
            // the white king stepped to `wk` from a neighbour, folded into the triangle; a
            // king on the diagonal is offered the reflected position too
            for_each_bit(KING[wk] & !(1 << man), |from| {
                let f = folding(from);
                let (k, m, b) = (fold(from, f), fold(man, f), fold_bits(bits, f));
                emit(entry(k, m), b);
                if on_diagonal(k) {
                    emit(entry(k, transposed(m)), transpose(b));
                }
            });
            // the man slid to `man` along a line the black king does not stand on (the
            // reflected entry of a diagonal king pushes its own, reflected, moves)
            let row = i - man;
            for &d in dirs {
                let mut passed = 0u64;
                let mut ray = RAYS[man][d];
                while ray != 0 {
                    let from = nearest(ray, man);
                    if from == wk {
                        break;
                    }
                    emit(row + from, bits & !passed);
                    passed |= 1 << from;
                    ray &= !(1 << from);
                }
            }
        },
        |_, _| {},
        0,
        |btm, i, bits, byte| {
            let base = ((btm * 10 + i / 64) * 64 + i % 64) * 64;
            for_each_bit(bits, |bk| out[base + bk] = byte);
        },
    );
    out
}

/// The square of `ray` (a ray from `from`) nearest to `from`.
#[inline]
fn nearest(ray: u64, from: usize) -> usize {
    let low = ray.trailing_zeros() as usize;
    if low > from { low } else { 63 - ray.leading_zeros() as usize }
}

/// The square of a KPK pawn index (`(rank - 1) * 4 + file` on files a-d).
const fn pawn_square(p: usize) -> usize {
    (p / 4 + 1) * 8 + p % 4
}

/// The KPK frame: entry `pawn index * 64 + white king`.
fn kpk_frame() -> Frame {
    let mut frame = Frame::new(24 * 64);
    for p in 0..24 {
        let pawn = pawn_square(p);
        for wk in 0..64 {
            if wk != pawn {
                frame.set(p * 64 + wk, wk, pawn, white_pawn_attacks(1 << pawn));
            }
        }
    }
    frame
}

/// Shortest loss (in plies) Black suffers after a promotion to a queen or rook, per
/// `(white king * 4 + file) * 64 + black king`; 255 = no winning promotion.
fn winning_promotions(kqk: &[u8], krk: &[u8]) -> Vec<u8> {
    let mut promotion = vec![u8::MAX; 64 * 4 * 64];
    for wk in 0..64 {
        // the folding depends on the white king only: one per king square
        let f = folding(wk);
        let tri = usize::from(TRIANGLE[fold(wk, f)]);
        for file in 0..4 {
            let q = 56 + file;
            if wk == q {
                continue;
            }
            let at = ((10 + tri) * 64 + fold(q, f)) * 64;
            let row = &mut promotion[(wk * 4 + file) * 64..][..64];
            for (bk, best) in row.iter_mut().enumerate() {
                if bk == q || bk == wk {
                    continue;
                }
                let i = at + fold(bk, f);
                for b in [kqk[i], krk[i]] {
                    if b > 0 {
                        *best = (*best).min(b - 1);
                    }
                }
            }
        }
    }
    promotion
}

/// Solves KPK with promotions into `kqk` and `krk`: 196,608 bytes.
#[must_use]
pub fn solve_kpk(kqk: &[u8], krk: &[u8]) -> Vec<u8> {
    // entry = pawn index * 64 + white king; pawn index = (rank - 1) * 4 + file
    let square = pawn_square;
    let frame = kpk_frame();
    let promotion = winning_promotions(kqk, krk);
    // The same, as Black-king masks per (white king, file) and distance.
    let mut by_distance = vec![[0u64; 33]; 64 * 4];
    let mut last_promotion = 0;
    for (k, row) in promotion.chunks(64).enumerate() {
        for (bk, &loss) in row.iter().enumerate() {
            if usize::from(loss) < 33 {
                by_distance[k][usize::from(loss)] |= 1 << bk;
                last_promotion = last_promotion.max(loss + 1);
            }
        }
    }
    let mut out = vec![0u8; KPK_BYTES];
    layers(
        &frame,
        |i, bits, emit| {
            let (p, wk) = (i / 64, i % 64);
            let pawn = square(p);
            for_each_bit(KING[wk] & !(1 << pawn), |from| emit(p * 64 + from, bits));
            // the pawn came from one square behind (its stop square `pawn` was free: the Black
            // king is never on the man's square) or, from the 2nd rank, two squares behind
            if p >= 4 && wk != pawn - 8 {
                emit((p - 4) * 64 + wk, bits);
                if (8..12).contains(&p) && wk != pawn - 16 {
                    emit((p - 8) * 64 + wk, bits & !(1 << (pawn - 8)));
                }
            }
        },
        |d, emit| {
            if usize::from(d) > 33 {
                return;
            }
            for (k, masks) in by_distance.iter().enumerate() {
                let (wk, file) = (k / 4, k % 4);
                let bits = masks[usize::from(d) - 1] & !(1 << (56 + file));
                if bits != 0 && wk != 56 + file && wk != 48 + file {
                    emit((20 + file) * 64 + wk, bits);
                }
            }
        },
        last_promotion,
        |btm, i, bits, byte| {
            // entry i = pawn * 64 + white king: the bytes of an entry are contiguous
            let base = (btm * 24 * 64 + i) * 64;
            for_each_bit(bits, |bk| out[base + bk] = byte);
        },
    );
    out
}

/// Solves distance to zeroing for KPK: 196,608 bytes in the layout of the KPK DTM table, whose
/// wins and losses `kpk` supplies (with `kqk` and `krk` for promotions).
///
/// A zeroing move is a pawn move (push, double step or promotion); the strong side has no
/// capture, and the defender's only capture, of the pawn, draws. So White's winning pawn moves
/// are layer 1, and the layers go on through king moves alone: an odd layer `d` holds White to
/// move reaching a Black loss of layer `d - 1` by a king step, an even layer `d` Black to move
/// with every step into a White win already decided. A king step never gives check in KPK, so
/// every checkmate comes from a pawn move and Black's checkmated positions stand alone.
///
/// Bytes: `0` a draw or an illegal placement; with White to move `d` is DTZ `+d`; with Black to
/// move `d` is DTZ `-d` (`1`: checkmated, whose DTZ is `-1` by Syzygy's convention).
#[must_use]
pub fn solve_kpk_dtz(kpk: &[u8], kqk: &[u8], krk: &[u8]) -> Vec<u8> {
    let frame = kpk_frame();
    let promotion = winning_promotions(kqk, krk);
    // Black-king squares where Black to move loses, for pawn index `p` and white king `wk`
    let lost = |p: usize, wk: usize| -> u64 {
        let row = &kpk[kpk_index(1, pawn_square(p), wk, 0)..][..64];
        row.iter().enumerate().fold(0u64, |m, (bk, &b)| m | u64::from(b != 0) << bk)
    };
    let mut out = vec![0u8; KPK_BYTES];
    layers(
        &frame,
        |i, bits, emit| {
            let (p, wk) = (i / 64, i % 64);
            let pawn = pawn_square(p);
            for_each_bit(KING[wk] & !(1 << pawn), |from| emit(p * 64 + from, bits));
        },
        |d, emit| {
            if d != 1 {
                return;
            }
            // layer 1: a pawn move that keeps the win (the stop squares free)
            for p in 0..24 {
                let (pawn, file) = (pawn_square(p), p % 4);
                for wk in 0..64 {
                    let stop = pawn + 8;
                    if wk == pawn || wk == stop {
                        continue;
                    }
                    let wins = if p >= 20 {
                        let row = &promotion[(wk * 4 + file) * 64..][..64];
                        row.iter()
                            .enumerate()
                            .fold(0u64, |m, (bk, &l)| m | u64::from(l != u8::MAX) << bk)
                    } else {
                        let mut w = lost(p + 4, wk);
                        if p < 4 && wk != stop + 8 {
                            w |= lost(p + 8, wk) & !(1 << stop);
                        }
                        w
                    };
                    emit(p * 64 + wk, wins);
                }
            }
        },
        1,
        |btm, i, bits, byte| {
            // Black's layer-`d` loss arrives as byte `d + 1`, checkmate as byte 1
            let v = if btm == 1 { byte.saturating_sub(1).max(1) } else { byte };
            let base = (btm * 24 * 64 + i) * 64;
            for_each_bit(bits, |bk| out[base + bk] = v);
        },
    );
    out
}
