//! The retrograde generator of the KPK bitbase.
//!
//! This file is compiled twice: by `build.rs`, which runs it to embed the table, and into the
//! library, where [`generate`] builds the same table at run time (and a test checks that the
//! two agree bit for bit). It therefore uses nothing but `core` and [`crate::geometry`].
//!
//! # Method
//! The side with the pawn is White, its pawn on files a-d (the other files mirror). A position
//! is `(side to move, pawn square, white king, black king)`; the table keeps one `u64` per
//! `(side to move, pawn, white king)` whose bit `bk` says whether White wins with the black
//! king on `bk`. All 64 black-king squares are solved at once with bitboard operations.
//!
//! A pawn move only leads to positions with the pawn further up, so the pawn ranks are solved
//! from the 7th down to the 2nd, all four files of a rank side by side (`[u64; 4]` lanes, which
//! the compiler turns into vector operations). Within a rank the win sets grow to a fixed point:
//!
//! - White to move wins if a pawn move wins (a push or double push into an already solved rank,
//!   or a promotion to a queen or rook that Black can neither capture nor answer with stalemate)
//!   or a king move reaches a position that Black to move loses.
//! - Black to move loses if he cannot take the undefended pawn, has a legal move or is in check
//!   (no move and no check is stalemate), and every legal king move lands in a White win.
//!   The second condition is one bitboard expression: the squares a black king may step to that
//!   are *not* White wins, spread to their king neighbours, are the squares he escapes from.
//!
//! Starting from the pawn-move wins, both sets only grow, so the first repetition is the least
//! fixed point: exactly the positions White wins in a finite number of moves.
//!
//! # Order of work
//! Within a rank the generator sweeps over the white-king squares (Gauss-Seidel, alternating
//! direction): the first sweep visits every square in a fixed order, later ones only a
//! worklist of squares whose Black-to-move losses may have grown. A square's new losses are
//! pushed into the White wins of its eight king neighbours, which become candidates. Two
//! streams of squares, files e-h and files a-d, are visited in turn, so that the processor
//! overlaps two independent chains of work instead of waiting on one. At the end of each sweep
//! a candidate is kept only if the White wins it can use grew since its losses were last
//! derived (about 40% fewer visits).

// The four pawn files are lanes indexed together across several arrays; index loops say that
// best.
#![allow(clippy::needless_range_loop)]

/// Number of `u64` words in the table: 2 sides to move x 6 pawn ranks x 64 white-king squares x
/// 4 pawn files.
pub const WORDS: usize = 2 * 6 * 64 * 4;

/// Word index of `(black_to_move: 1 when the defender (Black, after normalising) is to move, pawn rank 1..=6 counted from 0, white king, pawn file 0..=3)`.
#[must_use]
pub const fn word_index(
    black_to_move: usize,
    pawn_rank: usize,
    white_king: usize,
    pawn_file: usize,
) -> usize {
    ((black_to_move * 6 + (pawn_rank - 1)) * 64 + white_king) * 4 + pawn_file
}

use crate::geometry::{KING, RAYS, king_spread as spread, white_pawn_attacks};

type Lanes = [u64; 4];

const fn bit(sq: usize) -> u64 {
    1u64 << sq
}

/// Squares attacked by a white pawn on `sq`.
const fn pawn_attacks(sq: usize) -> u64 {
    white_pawn_attacks(bit(sq))
}

/// All ones if `c`, else zero.
#[inline(always)]
const fn mask(c: bool) -> u64 {
    (c as u64).wrapping_neg()
}

/// All ones unless bit `sq` of `set` is set, then zero. The shift count is the same for every
/// lane, which vector units do in one instruction.
#[inline(always)]
const fn unless_set(set: u64, sq: usize) -> u64 {
    ((set >> sq) & 1).wrapping_sub(1)
}

/// The lines of a new queen on the 8th rank of files a-d (west, east, south and the two
/// southern diagonals) and, per white-king square, the squares he hides on them:
/// `QUEEN_LINES[file]`, `ROOK_LINES[file]`, `SHADOW[wk][file]` (queen lines),
/// `ROOK_SHADOW[wk][file]`. Board geometry, worked out by the compiler like `RAYS` (4 KB):
/// the promotion wins then take two loads per white-king square instead of five masked rays.
// directions 0 (east), 1 (west), 3 (south), 5 (south-east) and 7 (south-west): the rays that
// leave the 8th rank; the rook's are the first three
const QUEEN_LINES: Lanes = lines_from_8th(0b1010_1011);
const ROOK_LINES: Lanes = lines_from_8th(0b0000_1011);
const SHADOW: [Lanes; 64] = shadows(0b1010_1011);
const ROOK_SHADOW: [Lanes; 64] = shadows(0b0000_1011);

/// The rays (bits of `directions`, numbered as in `geometry::DIRECTIONS`) from a8, b8, c8, d8.
const fn lines_from_8th(directions: u32) -> Lanes {
    let mut t = [0u64; 4];
    let mut f = 0;
    while f < 4 {
        let mut d = 0;
        while d < 8 {
            if directions >> d & 1 == 1 {
                t[f] |= RAYS[56 + f][d];
            }
            d += 1;
        }
        f += 1;
    }
    t
}

/// Per white-king square and file: the squares behind him on the rays (bits of `directions`)
/// from the 8th-rank square of the file that pass through him.
const fn shadows(directions: u32) -> [Lanes; 64] {
    let mut t = [[0u64; 4]; 64];
    let mut wk = 0;
    while wk < 64 {
        let mut f = 0;
        while f < 4 {
            let mut d = 0;
            while d < 8 {
                if directions >> d & 1 == 1 && RAYS[56 + f][d] & bit(wk) != 0 {
                    t[wk][f] |= RAYS[wk][d];
                }
                d += 1;
            }
            f += 1;
        }
        wk += 1;
    }
    t
}

/// Black-king squares (Black to move) where White wins after promoting on the 8th rank of each
/// file a-d with the white king on `wk`: the new queen or rook is safe and Black is not
/// stalemated. A rook attacks a subset of the queen's squares, so Black has a move against one
/// of them exactly when he has one against the rook or stands in the queen's check.
#[inline(always)]
fn promotion_wins(wk: usize) -> Lanes {
    let king = bit(wk);
    let near = KING[wk];
    let mut wins = [0u64; 4];
    for f in 0..4 {
        let queen = QUEEN_LINES[f] & !SHADOW[wk][f];
        let rook = ROOK_LINES[f] & !ROOK_SHADOW[wk][f];
        let promoted = bit(56 + f);
        let occupied = king | promoted;
        let capture = KING[56 + f] & mask(near & promoted == 0);
        let rook_moves = spread(!(rook | near | occupied));
        wins[f] = (queen | rook_moves) & !capture & !occupied & !near;
    }
    wins
}

/// Black-to-move losses for one white-king square, given the White-to-move wins `w` there:
/// legal, pawn safe, not stalemate (`base`), and no step to a legal square (`safe`) that is not
/// a White win.
#[inline(always)]
fn black_loses(base: &Lanes, safe: &Lanes, w: &Lanes) -> Lanes {
    let mut out = [0u64; 4];
    for f in 0..4 {
        out[f] = base[f] & !spread(safe[f] & !w[f]);
    }
    out
}

/// The mailbox index of every square: rank and file shifted by one on a 10 x 10 board.
const MAILBOX: [usize; 64] = {
    let mut t = [0usize; 64];
    let mut sq = 0;
    while sq < 64 {
        t[sq] = (sq / 8 + 1) * 10 + sq % 8 + 1;
        sq += 1;
    }
    t
};

/// The eight king steps on the mailbox board, as offsets from `m - 11` for a square `m`: the
/// window `m - 11 ..= m + 11` holds all its neighbours.
const NEIGHBOURS: [usize; 8] = [0, 1, 2, 10, 12, 20, 21, 22];

/// Working memory of one pawn rank, allocated once per generation (about 11 KB on the stack).
/// Aligned so that every `Lanes` entry is one aligned 32-byte vector.
#[repr(C, align(64))]
struct Scratch {
    /// Black-king squares of legal White-to-move positions, per white-king square.
    legal_w: [Lanes; 64],
    /// Black to move: legal, pawn safe, not stalemate.
    base: [Lanes; 64],
    /// Black-to-move losses found so far.
    b: [Lanes; 64],
    /// White-to-move wins found so far, on a 10 x 10 mailbox board (a border of one square
    /// around the 8 x 8 board), so that the eight king steps are fixed offsets and a step off
    /// the board lands in the border, which is never read.
    w: [Lanes; 100],
    /// `w & legal_w` when the losses at each square were last derived. Until the sweeps of the
    /// 7th rank (solved first) write it, it lends its room to the promotion wins: less scratch
    /// to zero, about 1% of a generation.
    seen: [Lanes; 64],
}

/// Builds the whole table with the target's baseline instructions: `table[word_index(btm, rank,
/// wk, file)]` has bit `bk` set when the side with the pawn (White, pawn on `file`, `rank`) wins.
pub fn generate_portable(table: &mut [u64; WORDS]) {
    generate_body(table);
}

/// [`generate_portable`] compiled with AVX2: the caller must know the CPU runs it.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
pub fn generate_avx2(table: &mut [u64; WORDS]) {
    generate_body(table);
}

/// The generator, inlined into each path so that each is compiled for its instructions.
///
/// Rank by rank from the 7th down: set up every white-king square ([`prepare`]), sweep to the
/// fixed point ([`sweeps`]), write the rank out ([`finish`]). Writing a rank out and setting up
/// the one below share one loop: the Black-to-move losses just written are the next rank's
/// pawn-push wins, still in registers.
#[inline(always)]
fn generate_body(table: &mut [u64; WORDS]) {
    let mut s = Scratch {
        legal_w: [[0; 4]; 64],
        base: [[0; 4]; 64],
        b: [[0; 4]; 64],
        w: [[0; 4]; 100],
        seen: [[0; 4]; 64],
    };
    // the promotion wins, in `seen` until the sweeps need it; in a loop of their own, where
    // they take half the time they take inside the one below
    for wk in 0..64 {
        s.seen[wk] = promotion_wins(wk);
    }
    let pawns = PawnMasks::of_rank(6);
    for wk in 0..64 {
        let after = s.seen[wk];
        prepare(&mut s, &pawns, wk, &after);
    }
    clear_pawn_squares(&mut s, 6);
    sweeps(&mut s);
    for rank in (1..6).rev() {
        let pawns = PawnMasks::of_rank(rank);
        for wk in 0..64 {
            let mut after = finish(table, &s, rank + 1, wk);
            if rank == 1 {
                // the double push from the 2nd rank also needs the square two ahead (a4 for
                // the a-pawn) free of the king; `prepare` checks the one ahead for both pushes
                let j = word_index(1, 3, wk, 0);
                for f in 0..4 {
                    after[f] |= table[j + f] & unless_set(bit(24 + f), wk);
                }
            }
            prepare(&mut s, &pawns, wk, &after);
        }
        clear_pawn_squares(&mut s, rank);
        sweeps(&mut s);
    }
    for wk in 0..64 {
        finish(table, &s, 1, wk);
    }
}

/// Sets up white-king square `wk` for the pawns of one rank: the legal Black-king squares,
/// Black's base (legal, pawn safe, not stalemated) and the White wins by a pawn move (`after`:
/// the Black-to-move wins one rank up, or after a promotion). The first sweep writes the
/// Black losses.
#[inline(always)]
fn prepare(s: &mut Scratch, pawns: &PawnMasks, wk: usize, after: &Lanes) {
    let (king, near) = (bit(wk), KING[wk]);
    let m = MAILBOX[wk];
    for f in 0..4 {
        let (pawn, attacks, pawn_zone) = (pawns.pawn[f], pawns.attacks[f], pawns.zone[f]);
        let legal_b = !(near | king | pawn);
        let safe = legal_b & !attacks;
        // an undefended pawn next to the black king can be taken
        let capture = pawn_zone & unless_set(pawn_zone, wk);
        s.legal_w[wk][f] = safe;
        s.base[wk][f] = legal_b & !capture & (spread(safe) | attacks);
        let stop = pawn << 8;
        s.w[m][f] = after[f] & unless_set(stop, wk) & !stop & safe;
    }
}

/// The pawn of each file on one rank: its square, the squares it attacks, its king zone.
/// Worked out once per rank, so that [`prepare`] keeps them in vector registers.
struct PawnMasks {
    pawn: Lanes,
    attacks: Lanes,
    zone: Lanes,
}

impl PawnMasks {
    #[inline(always)]
    fn of_rank(rank: usize) -> PawnMasks {
        let first = rank * 8;
        let mut m = PawnMasks { pawn: [0; 4], attacks: [0; 4], zone: [0; 4] };
        for f in 0..4 {
            m.pawn[f] = bit(first + f);
            m.attacks[f] = pawn_attacks(first + f);
            m.zone[f] = KING[first + f];
        }
        m
    }
}

/// The white king on the pawn's square is no position: empties that square of each file once
/// the rank is set up.
#[inline(always)]
fn clear_pawn_squares(s: &mut Scratch, rank: usize) {
    let first = rank * 8;
    for f in 0..4 {
        s.legal_w[first + f][f] = 0;
        s.base[first + f][f] = 0;
        s.w[MAILBOX[first + f]][f] = 0;
    }
}

/// Writes the solved words of `rank` for white-king square `wk` into the table and returns the
/// Black-to-move losses.
#[inline(always)]
fn finish(table: &mut [u64; WORDS], s: &Scratch, rank: usize, wk: usize) -> Lanes {
    let i = word_index(0, rank, wk, 0);
    let j = word_index(1, rank, wk, 0);
    let won = &s.w[MAILBOX[wk]];
    for f in 0..4 {
        table[i + f] = won[f] & s.legal_w[wk][f];
        table[j + f] = s.b[wk][f];
    }
    s.b[wk]
}

/// Grows the wins of one rank to the fixed point. The first sweep visits every square once,
/// backwards (from the promotion side: fewer visits later). Then `dirty` holds the white-king
/// squares whose usable White-to-move wins grew since the Black-to-move losses there were last
/// derived, and the sweeps alternate direction until it is empty.
#[inline(always)]
fn sweeps(s: &mut Scratch) {
    // The first sweep: the two streams interleaved (h, d, g, c, ... on each rank, the order the
    // worklist would give), in a fixed order with no worklist and nothing to compare: about 8%
    // of a generation.
    for row in (0..8).rev() {
        for file in (0..4).rev() {
            visit_first(s, row * 8 + 4 + file);
            visit_first(s, row * 8 + file);
        }
    }
    let mut dirty = still_dirty(s, u64::MAX);
    let mut forward = true;
    while dirty != 0 {
        if forward {
            sweep::<true>(s, &mut dirty);
        } else {
            sweep::<false>(s, &mut dirty);
        }
        dirty = still_dirty(s, dirty);
        forward = !forward;
    }
}

/// The two streams of a sweep: white-king squares on files e-h and on files a-d.
const STREAM_EH: u64 = 0xF0F0_F0F0_F0F0_F0F0;
const STREAM_AD: u64 = !STREAM_EH;

/// One sweep over the dirty squares in square order (`FORWARD`) or backwards, including the
/// squares that become dirty ahead of it. Each step visits the next square of each stream.
#[inline(always)]
fn sweep<const FORWARD: bool>(s: &mut Scratch, dirty: &mut u64) {
    // the squares of each stream not yet passed
    let (mut ahead_eh, mut ahead_ad) = (STREAM_EH, STREAM_AD);
    loop {
        let (eh, ad) = (*dirty & ahead_eh, *dirty & ahead_ad);
        if eh | ad == 0 {
            return;
        }
        if eh != 0 {
            let wk = next::<FORWARD>(eh);
            ahead_eh &= beyond::<FORWARD>(wk);
            visit(s, wk, dirty);
        }
        if ad != 0 {
            let wk = next::<FORWARD>(ad);
            ahead_ad &= beyond::<FORWARD>(wk);
            visit(s, wk, dirty);
        }
    }
}

/// The first square of a non-empty set in the sweep's direction.
#[inline(always)]
fn next<const FORWARD: bool>(set: u64) -> usize {
    (if FORWARD { set.trailing_zeros() } else { 63 - set.leading_zeros() }) as usize
}

/// The squares a sweep has still to pass after `wk`.
#[inline(always)]
fn beyond<const FORWARD: bool>(wk: usize) -> u64 {
    if FORWARD { (u64::MAX << wk) << 1 } else { !(u64::MAX << wk) }
}

/// Derives the Black-to-move losses at white-king square `wk` again. If they grew, every king
/// step back to `wk` now reaches them: they join the White wins of the eight neighbours, which
/// become dirty.
#[inline(always)]
fn visit(s: &mut Scratch, wk: usize, dirty: &mut u64) {
    *dirty &= !bit(wk);
    let m = MAILBOX[wk];
    let lost = derive(s, wk, m);
    let mut grew = 0;
    for f in 0..4 {
        grew |= lost[f] ^ s.b[wk][f];
    }
    if grew != 0 {
        s.b[wk] = lost;
        *dirty |= KING[wk];
        push(s, m, &lost);
    }
}

/// The first visit of `wk`: there are no losses to compare with yet.
#[inline(always)]
fn visit_first(s: &mut Scratch, wk: usize) {
    let m = MAILBOX[wk];
    let lost = derive(s, wk, m);
    s.b[wk] = lost;
    push(s, m, &lost);
}

/// The Black-to-move losses at `wk` (mailbox square `m`) from the White wins found so far,
/// noting the wins used.
#[inline(always)]
fn derive(s: &mut Scratch, wk: usize, m: usize) -> Lanes {
    for f in 0..4 {
        s.seen[wk][f] = s.w[m][f] & s.legal_w[wk][f];
    }
    black_loses(&s.base[wk], &s.legal_w[wk], &s.w[m])
}

/// Adds `lost` to the White wins of the eight king neighbours of mailbox square `m`.
#[inline(always)]
fn push(s: &mut Scratch, m: usize, lost: &Lanes) {
    // `m` is 11..=88, so the window of its neighbours is inside the board and its border
    let around = &mut s.w[m - 11..=m + 11];
    for k in NEIGHBOURS {
        for f in 0..4 {
            around[k][f] |= lost[f];
        }
    }
}

/// The squares of `candidates` whose usable White wins (`w & legal_w`) grew since their losses
/// were last derived; the others would derive the same losses again. Every square has been
/// visited once before this is asked (the first sweep visits all).
#[inline(always)]
fn still_dirty(s: &Scratch, candidates: u64) -> u64 {
    let mut todo = candidates;
    let mut out = 0;
    while todo != 0 {
        let wk = todo.trailing_zeros() as usize;
        todo &= todo - 1;
        let w = &s.w[MAILBOX[wk]];
        let mut fresh = 0;
        for f in 0..4 {
            fresh |= w[f] & s.legal_w[wk][f] & !s.seen[wk][f];
        }
        out |= u64::from(fresh != 0) << wk;
    }
    out
}
