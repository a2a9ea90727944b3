//! The probe benchmarks' inputs and timed loops, shared by the criterion benchmarks and
//! `kpk bench`, so both measure the same thing.
//!
//! **Inputs.** The same legal positions (both pawn colours, all files, both sides to move),
//! drawn from every legal position in a fixed scattered order ([`scattered`]), stored three ways: as the squares an engine holds ([`SquareInput`], 5 bytes), as
//! bitboards ([`BitboardInput`], 40 bytes), and packed ([`KpkPosition`], 4 bytes, made by
//! `KpkPosition::new` outside the timing).
//!
//! **Throughput loops** probe every input in order and count the wins: independent probes
//! that the processor overlaps. **Latency loops** make each probe's input depend on the
//! previous answer (the answer, masked with a zero the compiler cannot see, is or-ed into the
//! next input), so probes run one after another, as in a search that waits for each answer.
//! The inputs are read in order in both, so the hardware prefetcher hides their memory.
//! [`bitboards_read`] reads the bitboard inputs the same way without probing: what streaming
//! them costs by itself.

use kpk::bitbase::{self, Bitboards, Squares};
use kpk::{Color, Endgame, EndgameSetup, KpkPosition, Role, Square, Wdl};

/// A position as squares (a1 = 0), as an engine holds it: the bitbase's [`Squares`].
pub type SquareInput = Squares;

/// A position as bitboards (bit `n` is square `n`): the bitbase's [`Bitboards`].
pub type BitboardInput = Bitboards;

/// `n` positions drawn from `all` with replacement, each equally likely, in an order fixed by
/// `seed`: the `i`-th is `all[h(seed + i) mod len]` with `h` a SplitMix64-style mix, so that
/// neighbouring inputs lie at unrelated places in the tables (no stride for a prefetcher to
/// follow) and a run is the same on every machine.
///
/// ```
/// use kpk_cli::bench::loops::scattered;
/// let picked = scattered(&[10, 20, 30], 1000, 7);
/// assert_eq!(picked.len(), 1000);
/// assert!([10, 20, 30].iter().all(|x| picked.iter().filter(|&p| p == x).count() > 250));
/// assert_eq!(picked, scattered(&[10, 20, 30], 1000, 7));
/// ```
#[must_use]
pub fn scattered<T: Copy>(all: &[T], n: usize, seed: u64) -> Vec<T> {
    assert!(!all.is_empty(), "no position to draw from");
    let len = all.len() as u64;
    (0..n as u64)
        .map(|i| {
            let mut z = seed.wrapping_add(i).wrapping_mul(0x9E37_79B9_7F4A_7C15);
            z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
            z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
            all[usize::try_from((z ^ (z >> 31)) % len).unwrap_or(0)]
        })
        .collect()
}

/// Every legal position with `role` as the extra man: either colour strong, either side to
/// move.
#[must_use]
pub fn every_position(role: Role) -> Vec<Endgame> {
    let mut all = Vec::new();
    for strong_side in [Color::White, Color::Black] {
        for side_to_move in [Color::White, Color::Black] {
            for strong_king in Square::ALL {
                for extra in Square::ALL {
                    for weak_king in Square::ALL {
                        let setup = EndgameSetup {
                            strong_side,
                            strong_king,
                            extra: Some((role, extra)),
                            weak_king,
                            side_to_move,
                        };
                        all.extend(Endgame::new(setup).ok());
                    }
                }
            }
        }
    }
    all
}

/// `n` legal KPK positions in the three forms, in the same order, scattered over every legal
/// position from `seed`.
#[must_use]
pub fn inputs(n: usize, seed: u64) -> (Vec<SquareInput>, Vec<BitboardInput>, Vec<KpkPosition>) {
    let every: Vec<KpkPosition> = KpkPosition::all().collect();
    let packed = scattered(&every, n, seed);
    let squares = packed
        .iter()
        .map(|p| SquareInput {
            strong_king: p.strong_king().index(),
            pawn: p.pawn().index(),
            weak_king: p.weak_king().index(),
            strong_side: p.strong_side(),
            side_to_move: p.side_to_move(),
        })
        .collect();
    let bitboards = packed
        .iter()
        .map(|p| {
            let strong = p.strong_king().bit() | p.pawn().bit();
            let weak = p.weak_king().bit();
            let (white, black) =
                if p.strong_side() == Color::White { (strong, weak) } else { (weak, strong) };
            BitboardInput {
                white,
                black,
                kings: p.strong_king().bit() | p.weak_king().bit(),
                pawns: p.pawn().bit(),
                side_to_move: p.side_to_move(),
            }
        })
        .collect();
    (squares, bitboards, packed)
}

fn from_squares(s: &SquareInput) -> Wdl {
    bitbase::probe_squares(*s)
}

fn from_bitboards(b: &BitboardInput) -> Wdl {
    bitbase::probe_bitboards(*b)
}

/// Throughput loop over squares: the number of wins.
#[must_use]
pub fn squares_throughput(inputs: &[SquareInput]) -> u32 {
    inputs.iter().map(|s| u32::from(from_squares(s) == Wdl::Win)).sum()
}

/// Throughput loop over bitboards: the number of wins.
#[must_use]
pub fn bitboards_throughput(inputs: &[BitboardInput]) -> u32 {
    inputs.iter().map(|b| u32::from(from_bitboards(b) == Wdl::Win)).sum()
}

/// The memory floor of [`bitboards_throughput`]: reads every field of every input in the same
/// order and probes nothing (the xor of all of them). Over inputs that do not fit in the caches,
/// this is what reading them costs, which a probe loop over them pays too.
#[must_use]
pub fn bitboards_read(inputs: &[BitboardInput]) -> u64 {
    inputs.iter().fold(0, |acc, b| {
        acc ^ b.white ^ b.black ^ b.kings ^ b.pawns ^ u64::from(b.side_to_move as u8)
    })
}

/// Throughput loop over packed positions: the number of wins.
#[must_use]
pub fn packed_throughput(inputs: &[KpkPosition]) -> u32 {
    inputs.iter().map(|p| u32::from(p.probe() == Wdl::Win)).sum()
}

/// The previous answer as a value that changes nothing when or-ed into an input: `zero` is
/// zero at run time, which the compiler cannot know.
#[inline(always)]
fn dependency(answer: Wdl, zero: u8) -> u8 {
    (answer as i8).cast_unsigned() & zero
}

/// Latency loop over squares: each input waits for the previous answer. `zero` must be 0.
#[must_use]
pub fn squares_latency(inputs: &[SquareInput], zero: u8) -> u32 {
    let (mut wins, mut last) = (0u32, Wdl::Draw);
    for s in inputs {
        let d = dependency(last, zero);
        last = bitbase::probe_squares(Squares {
            strong_king: s.strong_king | d,
            pawn: s.pawn | d,
            weak_king: s.weak_king | d,
            ..*s
        });
        wins += u32::from(last == Wdl::Win);
    }
    wins
}

/// Latency loop over bitboards: each input waits for the previous answer. `zero` must be 0.
#[must_use]
pub fn bitboards_latency(inputs: &[BitboardInput], zero: u8) -> u32 {
    let (mut wins, mut last) = (0u32, Wdl::Draw);
    for b in inputs {
        let d = u64::from(dependency(last, zero));
        last = bitbase::probe_bitboards(Bitboards {
            white: b.white | d,
            black: b.black | d,
            kings: b.kings | d,
            pawns: b.pawns | d,
            side_to_move: b.side_to_move,
        });
        wins += u32::from(last == Wdl::Win);
    }
    wins
}

/// Latency loop over packed positions: each input waits for the previous answer, which selects
/// between the input and the first one without a branch (a packed position cannot take the
/// dependency in its bits without being validated again; the select costs what the or of the
/// other loops costs). `zero` must be 0.
#[must_use]
pub fn packed_latency(inputs: &[KpkPosition], zero: u8) -> u32 {
    let (mut wins, mut last) = (0u32, Wdl::Draw);
    let Some(&first) = inputs.first() else { return 0 };
    for p in inputs {
        let d = dependency(last, zero);
        let pos = core::hint::select_unpredictable(d == 0, *p, first);
        last = pos.probe();
        wins += u32::from(last == Wdl::Win);
    }
    wins
}

/// A position of at most three men as squares, for the DTM probe: the DTM tables'
/// [`kpk::dtm::Squares`].
pub type DtmInput = kpk::dtm::Squares;

/// `n` legal positions with `role` as the extra man, as squares, scattered over every legal
/// position from `seed`.
#[must_use]
pub fn dtm_inputs(n: usize, seed: u64, role: Role) -> Vec<DtmInput> {
    scattered(&every_position(role), n, seed)
        .into_iter()
        .map(|e| {
            let (role, extra) = e.extra().unwrap_or((role, e.strong_king()));
            DtmInput {
                strong_side: e.strong_side(),
                strong_king: e.strong_king().index(),
                extra: role,
                extra_square: extra.index(),
                weak_king: e.weak_king().index(),
                side_to_move: e.side_to_move(),
            }
        })
        .collect()
}

/// The input with `bits` or-ed into its squares (the latency loops' dependency).
#[inline(always)]
fn or_squares(d: &DtmInput, bits: u8) -> DtmInput {
    DtmInput {
        strong_king: d.strong_king | bits,
        extra_square: d.extra_square | bits,
        weak_king: d.weak_king | bits,
        ..*d
    }
}

#[inline(always)]
fn dtm_of(d: &DtmInput, bits: u8) -> i32 {
    kpk::dtm::probe_squares(or_squares(d, bits)).map_or(0, kpk::dtm::Dtm::plies)
}

/// Throughput loop of the DTM probe from squares: the sum of the distances.
#[must_use]
pub fn dtm_throughput(inputs: &[DtmInput]) -> i32 {
    inputs.iter().map(|d| dtm_of(d, 0)).sum()
}

/// Latency loop of the DTM probe from squares: each input waits for the previous answer.
/// `zero` must be 0.
#[must_use]
pub fn dtm_latency(inputs: &[DtmInput], zero: u8) -> i32 {
    chained(inputs, zero, dtm_of)
}

/// The latency loop of a DTM entry point `probe`: each input has the previous answer, masked
/// with `zero` (which must be 0), or-ed into its squares; the wrapping sum of the answers.
#[inline(always)]
fn chained(inputs: &[DtmInput], zero: u8, probe: impl Fn(&DtmInput, u8) -> i32) -> i32 {
    let (mut sum, mut last) = (0i32, 0i32);
    for d in inputs {
        #[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)] // masked to zero
        let bits = (last as u8) & zero;
        last = probe(d, bits);
        sum = sum.wrapping_add(last);
    }
    sum
}

#[inline(always)]
fn dtz_of(d: &DtmInput, bits: u8) -> i32 {
    kpk::dtz::probe_squares(or_squares(d, bits)).plies()
}

/// Throughput loop of the DTZ probe from squares ([`kpk::dtz::probe_squares`]): the sum of
/// the distances.
#[must_use]
pub fn dtz_throughput(inputs: &[DtmInput]) -> i32 {
    inputs.iter().map(|d| dtz_of(d, 0)).sum()
}

/// Latency loop of the DTZ probe from squares: each input waits for the previous answer.
/// `zero` must be 0.
#[must_use]
pub fn dtz_latency(inputs: &[DtmInput], zero: u8) -> i32 {
    chained(inputs, zero, dtz_of)
}

#[inline(always)]
fn score_of(d: &DtmInput, bits: u8) -> i32 {
    kpk::dtm::probe_squares_score(or_squares(d, bits), 0).get()
}

/// Throughput loop of the score entry point ([`kpk::dtm::probe_squares_score`] at ply 0): the
/// sum of the scores.
#[must_use]
pub fn dtm_score_throughput(inputs: &[DtmInput]) -> i32 {
    inputs.iter().fold(0i32, |sum, d| sum.wrapping_add(score_of(d, 0)))
}

/// Latency loop of the score entry point: each input waits for the previous answer. `zero`
/// must be 0.
#[must_use]
pub fn dtm_score_latency(inputs: &[DtmInput], zero: u8) -> i32 {
    chained(inputs, zero, score_of)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_loop_counts_the_same_wins() {
        let (s, b, p) = inputs(20_000, 3);
        let wins = p.iter().filter(|x| x.probe() == Wdl::Win).count();
        let wins = u32::try_from(wins).unwrap();
        assert!(wins > 3_000);
        assert_eq!(squares_throughput(&s), wins);
        assert_eq!(bitboards_throughput(&b), wins);
        assert_eq!(packed_throughput(&p), wins);
        assert_eq!(squares_latency(&s, 0), wins);
        assert_eq!(bitboards_latency(&b, 0), wins);
        assert_eq!(packed_latency(&p, 0), wins);
        // Each input's four boards cancel (white ^ black and kings ^ pawns are both every man),
        // so the read loop leaves the parity of the inputs with Black to move.
        for k in 0..=64 {
            let black_to_move = b[..k].iter().filter(|x| x.side_to_move == Color::Black).count();
            assert_eq!(bitboards_read(&b[..k]), u64::from(black_to_move % 2 == 1), "{k} inputs");
        }
        for role in [Role::Pawn, Role::Queen, Role::Rook] {
            let inputs = dtm_inputs(5_000, 4, role);
            assert_eq!(dtm_throughput(&inputs), dtm_latency(&inputs, 0));
            assert_ne!(dtm_throughput(&inputs), 0);
        }
    }
}
