//! `kpk bench`: generation and probe times and table sizes of the bitbase and the DTM tables,
//! measured here and now.

use std::hint::black_box;
use std::process::ExitCode;
use std::time::Instant;

use kpk::bitbase::{self, Bitbase, TABLE_BYTES};
use kpk::random::{XorShift, random_ending, random_position};
use kpk::{Endgame, KpkPosition, Role, Wdl, dtm};
use serde_json::json;

/// Random positions probed per pass.
const PROBES: usize = 1 << 20;

fn median(mut samples: Vec<f64>) -> f64 {
    samples.sort_by(f64::total_cmp);
    samples[samples.len() / 2]
}

/// Median time of one generation, in microseconds, over batches of generations.
fn generate_us() -> f64 {
    let mut table = Bitbase::from_words([0u64; bitbase::WORDS]);
    let samples = (0..201)
        .map(|_| {
            let start = Instant::now();
            for _ in 0..10 {
                black_box(&mut table).regenerate();
            }
            start.elapsed().as_secs_f64() * 1e6 / 10.0
        })
        .collect();
    assert_eq!(table, *Bitbase::embedded(), "generation is deterministic");
    median(samples)
}

/// Median time of one probe of a random position, in nanoseconds.
fn probe_ns(positions: &[KpkPosition]) -> (f64, u32) {
    let mut wins = 0;
    let samples = (0..21)
        .map(|_| {
            let start = Instant::now();
            let mut w = 0u32;
            for pos in black_box(positions) {
                w += u32::from(bitbase::probe(pos) == Wdl::Win);
            }
            wins = black_box(w);
            start.elapsed().as_secs_f64() * 1e9 / positions.len() as f64
        })
        .collect();
    (median(samples), wins)
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

/// Median time of one DTM probe of a random position of the ending of `role`, in nanoseconds.
fn dtm_probe_ns(role: Role) -> f64 {
    let mut rng = XorShift::new(0xD7);
    let positions: Vec<Endgame> = (0..PROBES).map(|_| random_ending(&mut rng, role)).collect();
    let samples = (0..11)
        .map(|_| {
            let start = Instant::now();
            let mut sum = 0i32;
            for pos in black_box(&positions) {
                sum += dtm::probe(pos).map_or(0, dtm::Dtm::plies);
            }
            black_box(sum);
            start.elapsed().as_secs_f64() * 1e9 / positions.len() as f64
        })
        .collect();
    median(samples)
}

/// Runs the measurements and prints them.
///
/// # Errors
/// A message when standard output cannot be written.
pub fn run(json: bool) -> Result<ExitCode, String> {
    let mut text = String::new();
    let mut rng = XorShift::new(0x5EED);
    let positions: Vec<KpkPosition> = (0..PROBES).map(|_| random_position(&mut rng)).collect();
    let generate = generate_us();
    let (probe, wins) = probe_ns(&positions);
    let dtm_ms = dtm_generate_ms();
    let [dtm_kpk, dtm_kqk, dtm_krk] = [Role::Pawn, Role::Queen, Role::Rook].map(dtm_probe_ns);
    if json {
        outln!(
            text,
            "{}",
            json!({
                "generate_us": generate,
                "probe_ns": probe,
                "probe_positions": PROBES,
                "probe_wins": wins,
                "table_bytes": TABLE_BYTES,
                "dtm_generate_ms": dtm_ms,
                "dtm_probe_ns": { "kpk": dtm_kpk, "kqk": dtm_kqk, "krk": dtm_krk },
                "dtm_table_bytes": dtm::TABLE_BYTES,
            })
        );
    } else {
        outln!(text, "generation  {generate:.2} µs (median of 201 batches of 10)");
        outln!(
            text,
            "probe       {probe:.2} ns per random position ({PROBES} positions, median of 21 passes)"
        );
        outln!(text, "table       {TABLE_BYTES} bytes");
        outln!(text, "DTM solve   {dtm_ms:.3} ms for KQK, KRK and KPK (median of 31)");
        outln!(
            text,
            "DTM probe   KPK {dtm_kpk:.2} ns, KQK {dtm_kqk:.2} ns, KRK {dtm_krk:.2} ns per random position"
        );
        outln!(text, "DTM tables  {} bytes", dtm::TABLE_BYTES);
    }
    crate::emit(&text)?;
    Ok(ExitCode::SUCCESS)
}
