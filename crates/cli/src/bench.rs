//! `kpk bench`: generation time, probe time and table size, measured here and now.

use std::hint::black_box;
use std::process::ExitCode;
use std::time::Instant;

use kpk::bitbase::{self, Bitbase, TABLE_BYTES};
use kpk::random::{XorShift, random_position};
use kpk::{KpkPosition, Wdl};
use serde_json::json;

/// Random positions probed per pass.
const PROBES: usize = 1 << 20;

fn median(mut samples: Vec<f64>) -> f64 {
    samples.sort_by(f64::total_cmp);
    samples[samples.len() / 2]
}

/// Median time of one generation, in microseconds, over batches of generations.
fn generate_us() -> f64 {
    let mut words = [0u64; bitbase::WORDS];
    let samples = (0..201)
        .map(|_| {
            let start = Instant::now();
            for _ in 0..10 {
                bitbase::generate::generate(black_box(&mut words));
            }
            start.elapsed().as_secs_f64() * 1e6 / 10.0
        })
        .collect();
    assert_eq!(Bitbase::from_words(words), *Bitbase::embedded(), "generation is deterministic");
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

/// Runs the measurements and prints them.
pub fn run(json: bool) -> Result<ExitCode, String> {
    let mut rng = XorShift::new(0x5EED);
    let positions: Vec<KpkPosition> = (0..PROBES).map(|_| random_position(&mut rng)).collect();
    let generate = generate_us();
    let (probe, wins) = probe_ns(&positions);
    if json {
        println!(
            "{}",
            json!({
                "generate_us": generate,
                "probe_ns": probe,
                "probe_positions": PROBES,
                "probe_wins": wins,
                "table_bytes": TABLE_BYTES,
            })
        );
    } else {
        println!("generation  {generate:.2} µs (median of 201 batches of 10)");
        println!(
            "probe       {probe:.2} ns per random position ({PROBES} positions, median of 21 passes)"
        );
        println!("table       {TABLE_BYTES} bytes");
    }
    Ok(ExitCode::SUCCESS)
}
