//! Criterion benchmarks of score packing and transposition-table adjustment.
#![allow(missing_docs)]

use std::hint::black_box;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use kpk_score::{Bound, BoundedScore, Ibv, Score};

/// A mix of every band: heuristic values, known wins, mates and their negations.
fn sample() -> Vec<Score> {
    let mut v: Vec<Score> = (-4000..=4000).step_by(7).map(Score::new).collect();
    v.extend((0..=256).map(Score::mate_in));
    v.extend((0..=256).map(Score::mated_in));
    v.extend((0..=1000).step_by(3).map(Score::known_win_in));
    v.extend((0..=1000).step_by(3).map(Score::known_loss_in));
    v
}

fn packing(c: &mut Criterion) {
    let scores = sample();
    let packed: Vec<u16> = scores.iter().map(|s| s.pack15().unwrap()).collect();
    let mut g = c.benchmark_group("packing");
    g.throughput(Throughput::Elements(scores.len() as u64));
    g.bench_function("pack15", |b| {
        b.iter(|| {
            let mut acc = 0u32;
            for s in black_box(&scores) {
                acc = acc.wrapping_add(u32::from(s.pack15().unwrap_or(0)));
            }
            acc
        });
    });
    g.bench_function("unpack15", |b| {
        b.iter(|| {
            let mut acc = 0i32;
            for &bits in black_box(&packed) {
                acc = acc.wrapping_add(Score::unpack15(bits).get());
            }
            acc
        });
    });
    g.bench_function("unpack15_offset", |b| {
        b.iter(|| {
            let mut acc = 0i32;
            for &bits in black_box(&packed) {
                acc = acc.wrapping_add(Score::unpack15_offset(bits).get());
            }
            acc
        });
    });
    g.bench_function("ibv_exact_compare", |b| {
        b.iter(|| {
            let mut best = Ibv::at_most(Score::NEG_INFINITE);
            for &s in black_box(&scores) {
                best = best.max(Ibv::exact(s));
            }
            best
        });
    });
    g.finish();
}

fn tt_adjustment(c: &mut Criterion) {
    let scores = sample();
    let mut g = c.benchmark_group("tt");
    g.throughput(Throughput::Elements(scores.len() as u64));
    g.bench_function("to_tt_from_tt", |b| {
        b.iter(|| {
            let mut acc = 0i32;
            for (i, &s) in black_box(&scores).iter().enumerate() {
                let ply = u32::try_from(i & 63).unwrap_or(0);
                let stored = BoundedScore::new(s, Bound::Exact).to_tt(ply);
                let back = BoundedScore::from_tt(stored, ply, 20, Score::ZERO);
                acc = acc.wrapping_add(back.score.get());
            }
            acc
        });
    });
    g.finish();
}

criterion_group!(benches, packing, tt_adjustment);
criterion_main!(benches);
