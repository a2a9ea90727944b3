//! The retrograde generator of the KPK bitbase.
//!
//! This file is compiled twice: by `build.rs`, which runs it to embed the table, and into the
//! library, where [`generate`] builds the same table at run time (and a test checks that the
//! two agree bit for bit). It therefore uses nothing but `core`.
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

/// Number of `u64` words in the table: 2 sides to move x 6 pawn ranks x 64 white-king squares x
/// 4 pawn files.
pub const WORDS: usize = 2 * 6 * 64 * 4;

/// Word index of `(white to move?, pawn rank 1..=6 counted from 0, white king, pawn file 0..=3)`.
#[must_use]
pub const fn word_index(black_to_move: usize, pawn_rank: usize, white_king: usize, pawn_file: usize) -> usize {
    ((black_to_move * 6 + (pawn_rank - 1)) * 64 + white_king) * 4 + pawn_file
}

type Lanes = [u64; 4];

const NOT_FILE_A: u64 = !0x0101_0101_0101_0101;
const NOT_FILE_H: u64 = !0x8080_8080_8080_8080;

/// Squares a king on the squares of `b` attacks, excluding `b` itself.
#[inline(always)]
const fn spread(b: u64) -> u64 {
    let h = ((b << 1) & NOT_FILE_A) | ((b >> 1) & NOT_FILE_H);
    let v = b | h;
    h | (v << 8) | (v >> 8)
}

const fn bit(sq: usize) -> u64 {
    1u64 << sq
}

/// King attacks of every square.
const KING: [u64; 64] = {
    let mut t = [0u64; 64];
    let mut sq = 0;
    while sq < 64 {
        t[sq] = spread(bit(sq));
        sq += 1;
    }
    t
};

/// Padding of [`NEIGHBOURS`]: an index whose lanes stay zero.
const NO_SQUARE: u8 = 64;

/// King neighbours of every square, padded with [`NO_SQUARE`].
const NEIGHBOURS: [[u8; 8]; 64] = {
    let mut t = [[0u8; 8]; 64];
    let mut sq = 0;
    while sq < 64 {
        let mut n = 0;
        let mut k = 0;
        while k < 8 {
            t[sq][k] = NO_SQUARE;
            k += 1;
        }
        let mut to = 0;
        while to < 64 {
            if KING[sq] & bit(to) != 0 {
                t[sq][n] = to as u8;
                n += 1;
            }
            to += 1;
        }
        sq += 1;
    }
    t
};

/// Squares attacked by a white pawn on `sq`.
const fn pawn_attacks(sq: usize) -> u64 {
    let b = bit(sq);
    ((b << 7) & NOT_FILE_H) | ((b << 9) & NOT_FILE_A)
}

/// The eight ray directions as (file step, rank step): the first four are rook directions.
const DIRECTIONS: [(i32, i32); 8] = [(1, 0), (-1, 0), (0, 1), (0, -1), (1, 1), (1, -1), (-1, 1), (-1, -1)];

/// `RAYS[sq][d]`: the squares from `sq` (exclusive) to the board's edge in direction `d`.
const RAYS: [[u64; 8]; 64] = {
    let mut t = [[0u64; 8]; 64];
    let mut sq = 0;
    while sq < 64 {
        let mut d = 0;
        while d < 8 {
            let (df, dr) = DIRECTIONS[d];
            let mut f = (sq % 8) as i32 + df;
            let mut r = (sq / 8) as i32 + dr;
            while f >= 0 && f < 8 && r >= 0 && r < 8 {
                t[sq][d] |= bit((r * 8 + f) as usize);
                f += df;
                r += dr;
            }
            d += 1;
        }
        sq += 1;
    }
    t
};

/// All ones if `c`, else zero.
#[inline(always)]
const fn mask(c: bool) -> u64 {
    (c as u64).wrapping_neg()
}

/// Black-king squares (Black to move) where White wins after promoting on `queen_sq` with the
/// white king on `wk`: the new queen or rook is safe and Black is not stalemated.
#[inline(always)]
fn promotion_wins(queen_sq: usize, wk: usize) -> u64 {
    let mut lines = [0u64; 2]; // rook lines, bishop lines; the black king does not block
    for d in 0..8 {
        let ray = RAYS[queen_sq][d];
        lines[d / 4] |= ray & !(RAYS[wk & 63][d] & mask(ray & bit(wk) != 0));
    }
    let occupied = bit(wk) | bit(queen_sq);
    let capture = KING[queen_sq] & mask(KING[wk] & bit(queen_sq) == 0);
    let mut wins = 0;
    for piece in [lines[0] | lines[1], lines[0]] {
        let can_move = spread(!(piece | KING[wk]) & !occupied);
        wins |= (can_move | piece) & !capture;
    }
    wins & !occupied & !KING[wk]
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

/// White-to-move wins for one white-king square (legal or not): a winning pawn move, or a king
/// step to a square where Black to move loses.
#[inline(always)]
fn white_wins(pushes: &Lanes, b: &[Lanes; 128], wk: usize) -> Lanes {
    let mut acc = *pushes;
    for &n in &NEIGHBOURS[wk & 63] {
        let from = &b[usize::from(n) & 127];
        for f in 0..4 {
            acc[f] |= from[f];
        }
    }
    acc
}

/// Builds the whole table: `table[word_index(btm, rank, wk, file)]` has bit `bk` set when the
/// side with the pawn (White, pawn on `file`, `rank`) wins.
pub fn generate(table: &mut [u64; WORDS]) {
    let mut rank = 6;
    while rank >= 1 {
        solve_rank(table, rank);
        rank -= 1;
    }
}

/// Solves the four pawn squares of `rank` (1..=6), the ranks above already solved in `table`.
fn solve_rank(table: &mut [u64; WORDS], rank: usize) {
    // Per-file constants of this rank.
    let first = rank * 8;
    let pawn: Lanes = [bit(first), bit(first + 1), bit(first + 2), bit(first + 3)];
    let attacks: Lanes = [
        pawn_attacks(first),
        pawn_attacks(first + 1),
        pawn_attacks(first + 2),
        pawn_attacks(first + 3),
    ];
    let pawn_zone: Lanes = [KING[first], KING[first + 1], KING[first + 2], KING[first + 3]];

    let mut legal_w = [[0u64; 4]; 64]; // Black-king squares of legal White-to-move positions
    let mut base = [[0u64; 4]; 64]; // Black to move: legal, pawn safe, not stalemate
    let mut pushes = [[0u64; 4]; 64]; // White to move: a pawn move wins
    for wk in 0..64 {
        let king = bit(wk);
        let near = KING[wk];
        // Black-to-move wins of the rank above (or promotions), for this king square.
        let mut after: Lanes = [0; 4];
        if rank == 6 {
            for f in 0..4 {
                after[f] = promotion_wins(first + 8 + f, wk);
            }
        } else {
            let i = word_index(1, rank + 1, wk, 0);
            after.copy_from_slice(&table[i..i + 4]);
            if rank == 1 {
                let j = word_index(1, 3, wk, 0);
                for f in 0..4 {
                    // the double push needs both squares in front of the pawn free of the king
                    after[f] |= table[j + f] & mask(king & (pawn[f] << 16) == 0);
                }
            }
        }
        for f in 0..4 {
            let legal_b = !(near | king | pawn[f]);
            let safe = legal_b & !attacks[f];
            let capture = pawn_zone[f] & mask(near & pawn[f] == 0);
            legal_w[wk][f] = safe;
            base[wk][f] = legal_b & !capture & (spread(safe) | attacks[f]);
            let stop = pawn[f] << 8;
            pushes[wk][f] = after[f] & mask(king & stop == 0) & !stop & safe;
        }
    }
    // The white king cannot stand on the pawn.
    for f in 0..4 {
        legal_w[first + f][f] = 0;
        base[first + f][f] = 0;
        pushes[first + f][f] = 0;
    }

    // 128 entries so that a neighbour index masked with 127 needs no bounds check; the entries
    // from 64 on (the padding) stay zero.
    let mut b = [[0u64; 4]; 128];
    for wk in 0..64 {
        b[wk] = black_loses(&base[wk], &legal_w[wk], &pushes[wk]);
    }

    // `dirty`: white-king squares whose White-to-move wins may grow because a neighbour's
    // Black-to-move losses grew. Sweeps alternate direction so that wins travel both ways.
    let mut dirty = u64::MAX;
    let mut forward = true;
    while dirty != 0 {
        for i in 0..64 {
            let wk = if forward { i } else { 63 - i };
            if dirty & bit(wk) == 0 {
                continue;
            }
            dirty &= !bit(wk);
            let acc = white_wins(&pushes[wk], &b, wk);
            let lost = black_loses(&base[wk], &legal_w[wk], &acc);
            let mut grew = 0;
            for f in 0..4 {
                grew |= lost[f] ^ b[wk][f];
            }
            if grew != 0 {
                b[wk] = lost;
                dirty |= KING[wk];
            }
        }
        forward = !forward;
    }
    // White to move wins: a pawn move or a king move to a Black loss.
    for wk in 0..64 {
        let w = white_wins(&pushes[wk], &b, wk);
        let i = word_index(0, rank, wk, 0);
        let j = word_index(1, rank, wk, 0);
        for f in 0..4 {
            table[i + f] = w[f] & legal_w[wk][f];
            table[j + f] = b[wk][f];
        }
    }
}
