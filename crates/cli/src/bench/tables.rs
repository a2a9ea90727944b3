//! `kpk bench`: generation and probe times and table sizes of the bitbase and the DTM tables,
//! measured here and now.

use std::hint::black_box;
use std::process::ExitCode;
use std::time::Instant;

use kpk::bitbase::{self, Bitbase, GenerationPath, TABLE_BYTES};
use kpk::{Endgame, Role, dtm};
use serde_json::json;

/// Random positions probed per pass.
const PROBES: usize = 1 << 20;

fn median(mut samples: Vec<f64>) -> f64 {
    samples.sort_by(f64::total_cmp);
    samples[samples.len() / 2]
}

/// Median time of one generation in microseconds, over 201 batches of 10 generations into a
/// reused buffer, for the fastest path this machine runs and for the portable path,
/// interleaved batch by batch (the same as the fastest when that is the portable one).
fn generate_us() -> (f64, f64) {
    let best = bitbase::best_generation_path();
    let mut table = Bitbase::from_words([0u64; bitbase::WORDS]);
    let mut samples: [Vec<f64>; 2] = Default::default();
    for _ in 0..201 {
        for (i, path) in [best, GenerationPath::Portable].into_iter().enumerate() {
            let start = Instant::now();
            for _ in 0..10 {
                black_box(&mut table).regenerate_with(path);
            }
            samples[i].push(start.elapsed().as_secs_f64() * 1e6 / 10.0);
            assert_eq!(table, *Bitbase::embedded(), "every path builds the same table");
        }
    }
    let [a, b] = samples.map(median);
    (a, b)
}

/// Median nanoseconds per probe (or per input read) of the loops of [`loops`](super::loops), and
/// the number of wins among the positions.
struct ProbeFigures {
    /// Throughput from squares, bitboards and packed positions.
    throughput: [f64; 3],
    /// Latency from squares, bitboards and packed positions.
    latency: [f64; 3],
    /// Throughput over the first 4,096 inputs (which stay in the caches), 256 times.
    cached: [f64; 3],
    /// Reading the bitboard inputs without probing: the memory floor of their loops.
    bitboards_read: f64,
    /// Won positions among the 1 M (from the squares loop).
    wins: u32,
}

/// Runs the loops of [`loops`](super::loops) interleaved: each of 21 passes runs all of them over
/// the same 1 M positions (the cached loops over the first 4,096, 256 times), so a change of the
/// machine's speed regime hits them alike.
fn probe_ns() -> ProbeFigures {
    use super::loops as pb;
    const CACHED: usize = 4096;
    let (squares, bitboards, packed) = pb::inputs(PROBES, 0x5EED);
    let zero = black_box(0u8);
    let cached = |probe: &dyn Fn() -> u32| (0..PROBES / CACHED).map(|_| probe()).sum::<u32>();
    let mut samples: [Vec<f64>; 10] = Default::default();
    let mut wins = 0;
    for _ in 0..21 {
        let loops: [&dyn Fn() -> u32; 10] = [
            &|| pb::squares_throughput(black_box(&squares)),
            &|| pb::bitboards_throughput(black_box(&bitboards)),
            &|| pb::packed_throughput(black_box(&packed)),
            &|| pb::squares_latency(black_box(&squares), zero),
            &|| pb::bitboards_latency(black_box(&bitboards), zero),
            &|| pb::packed_latency(black_box(&packed), zero),
            &|| cached(&|| pb::squares_throughput(black_box(&squares[..CACHED]))),
            &|| cached(&|| pb::bitboards_throughput(black_box(&bitboards[..CACHED]))),
            &|| cached(&|| pb::packed_throughput(black_box(&packed[..CACHED]))),
            &|| u32::from(pb::bitboards_read(black_box(&bitboards)) != 0),
        ];
        for (i, run) in loops.iter().enumerate() {
            let start = Instant::now();
            let answer = black_box(run());
            samples[i].push(start.elapsed().as_secs_f64() * 1e9 / PROBES as f64);
            if i == 0 {
                wins = answer;
            }
        }
    }
    let m = samples.map(median);
    ProbeFigures {
        throughput: [m[0], m[1], m[2]],
        latency: [m[3], m[4], m[5]],
        cached: [m[6], m[7], m[8]],
        bitboards_read: m[9],
        wins,
    }
}

/// Median time to solve all DTM tables, in milliseconds.
fn dtm_generate_ms() -> f64 {
    let samples = (0..31)
        .map(|_| {
            let start = Instant::now();
            black_box(dtm::Tables::solve());
            start.elapsed().as_secs_f64() * 1e3
        })
        .collect();
    median(samples)
}

/// Median time to solve the DTM tables and then the KPK DTZ table from them, in milliseconds.
fn dtz_generate_ms() -> f64 {
    let samples = (0..31)
        .map(|_| {
            let start = Instant::now();
            black_box(kpk::dtz::solve_kpk_table());
            start.elapsed().as_secs_f64() * 1e3
        })
        .collect();
    median(samples)
}

/// Median nanoseconds of one DTM probe of a position of the ending of `role`:
/// `[from an Endgame, from squares, latency from squares, score from squares, score latency,
/// DTZ from squares, DTZ latency]`, interleaved over 11 passes.
fn dtm_probe_ns(role: Role) -> [f64; 7] {
    use super::loops as pb;
    let positions: Vec<Endgame> = pb::scattered(&pb::every_position(role), PROBES, 0xD7);
    let squares = pb::dtm_inputs(PROBES, 0xD7, role);
    let zero = black_box(0u8);
    let mut samples: [Vec<f64>; 7] = Default::default();
    for _ in 0..11 {
        let loops: [&dyn Fn() -> i32; 7] = [
            &|| {
                black_box(&positions).iter().map(|p| dtm::probe(p).map_or(0, dtm::Dtm::plies)).sum()
            },
            &|| pb::dtm_throughput(black_box(&squares)),
            &|| pb::dtm_latency(black_box(&squares), zero),
            &|| pb::dtm_score_throughput(black_box(&squares)),
            &|| pb::dtm_score_latency(black_box(&squares), zero),
            &|| pb::dtz_throughput(black_box(&squares)),
            &|| pb::dtz_latency(black_box(&squares), zero),
        ];
        for (i, run) in loops.iter().enumerate() {
            let start = Instant::now();
            black_box(run());
            samples[i].push(start.elapsed().as_secs_f64() * 1e9 / PROBES as f64);
        }
    }
    samples.map(median)
}

/// Runs the measurements and prints them.
///
/// # Errors
/// A message when standard output cannot be written.
pub fn run(json: bool) -> Result<ExitCode, String> {
    let mut text = String::new();
    let (generate, generate_portable) = generate_us();
    let path = bitbase::best_generation_path().name();
    let figures = probe_ns();
    let [squares, bitboards, probe] = figures.throughput;
    let [squares_lat, bitboards_lat, packed_lat] = figures.latency;
    let [squares_cached, bitboards_cached, packed_cached] = figures.cached;
    let bitboards_read = figures.bitboards_read;
    let dtm_ms = dtm_generate_ms();
    let dtz_ms = dtz_generate_ms();
    let [dtm_kpk, dtm_kqk, dtm_krk] = [Role::Pawn, Role::Queen, Role::Rook].map(dtm_probe_ns);
    if json {
        outln!(
            text,
            "{}",
            json!({
                "generate_us": generate,
                "generate_path": path,
                "generate_portable_us": generate_portable,
                "probe_ns": probe,
                "probe_squares_ns": squares,
                "probe_bitboards_ns": bitboards,
                "probe_latency_ns": {
                    "squares": squares_lat,
                    "bitboards": bitboards_lat,
                    "packed": packed_lat,
                },
                "probe_cached_inputs_ns": {
                    "squares": squares_cached,
                    "bitboards": bitboards_cached,
                    "packed": packed_cached,
                },
                "probe_bitboards_read_ns": bitboards_read,
                "probe_positions": PROBES,
                "probe_wins": figures.wins,
                "table_bytes": TABLE_BYTES,
                "dtm_generate_ms": dtm_ms,
                "dtm_probe_ns": { "kpk": dtm_kpk[0], "kqk": dtm_kqk[0], "krk": dtm_krk[0] },
                "dtm_probe_squares_ns": { "kpk": dtm_kpk[1], "kqk": dtm_kqk[1], "krk": dtm_krk[1] },
                "dtm_probe_latency_ns": { "kpk": dtm_kpk[2], "kqk": dtm_kqk[2], "krk": dtm_krk[2] },
                "dtm_probe_score_ns": { "kpk": dtm_kpk[3], "kqk": dtm_kqk[3], "krk": dtm_krk[3] },
                "dtm_probe_score_latency_ns": { "kpk": dtm_kpk[4], "kqk": dtm_kqk[4], "krk": dtm_krk[4] },
                "dtm_table_bytes": dtm::TABLE_BYTES,
                "dtz_generate_ms": dtz_ms,
                "dtz_probe_squares_ns": { "kpk": dtm_kpk[5], "kqk": dtm_kqk[5], "krk": dtm_krk[5] },
                "dtz_probe_latency_ns": { "kpk": dtm_kpk[6], "kqk": dtm_kqk[6], "krk": dtm_krk[6] },
                "dtz_table_bytes": kpk::dtz::TABLE_BYTES,
            })
        );
    } else {
        outln!(
            text,
            "generation  {generate:.2} µs on the {path} path, {generate_portable:.2} µs portable (medians of 201 batches of 10, interleaved)"
        );
        outln!(
            text,
            "probe       {probe:.2} ns per position, packed ({PROBES} positions, median of 21 passes)"
        );
        outln!(
            text,
            "            {squares:.2} ns from squares, {bitboards:.2} ns from bitboards (throughput)"
        );
        outln!(
            text,
            "            latency: {squares_lat:.2} ns squares, {bitboards_lat:.2} ns bitboards, {packed_lat:.2} ns packed"
        );
        outln!(
            text,
            "            cached inputs: {squares_cached:.2} ns squares, {bitboards_cached:.2} ns bitboards, {packed_cached:.2} ns packed"
        );
        outln!(
            text,
            "            {bitboards_read:.2} ns to read a bitboard input without probing (the memory floor)"
        );
        outln!(text, "table       {TABLE_BYTES} bytes");
        outln!(text, "DTM solve   {dtm_ms:.3} ms for KQK, KRK and KPK (median of 31)");
        for (what, i) in [
            ("from an Endgame", 0),
            ("from squares", 1),
            ("latency, squares", 2),
            ("as a score, from squares", 3),
            ("latency, score", 4),
        ] {
            outln!(
                text,
                "DTM probe   KPK {:.2} ns, KQK {:.2} ns, KRK {:.2} ns per position ({what})",
                dtm_kpk[i],
                dtm_kqk[i],
                dtm_krk[i]
            );
        }
        outln!(text, "DTM tables  {} bytes", dtm::TABLE_BYTES);
        outln!(
            text,
            "DTZ solve   {dtz_ms:.3} ms for the DTM tables and then KPK's DTZ (median of 31)"
        );
        for (what, i) in [("from squares", 5), ("latency, squares", 6)] {
            outln!(
                text,
                "DTZ probe   KPK {:.2} ns, KQK {:.2} ns, KRK {:.2} ns per position ({what})",
                dtm_kpk[i],
                dtm_kqk[i],
                dtm_krk[i]
            );
        }
        outln!(
            text,
            "DTZ table   {} bytes (KPK; KQK and KRK read their DTM)",
            kpk::dtz::TABLE_BYTES
        );
    }
    crate::emit(&text)?;
    Ok(ExitCode::SUCCESS)
}
