//! Criterion benchmarks of the bitbase: generation and probes of random positions.
#![allow(missing_docs)]

use std::hint::black_box;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use kpk::Role;
use kpk::bitbase::{self, Bitbase};
use kpk::dtm;
use kpk::random::{XorShift, random_ending, random_position};
use kpk::{KpkPosition, Wdl};

const PROBES: usize = 1 << 20;

fn positions() -> Vec<KpkPosition> {
    let mut rng = XorShift::new(0x5EED);
    (0..PROBES).map(|_| random_position(&mut rng)).collect()
}

fn generate(c: &mut Criterion) {
    // Into a reused buffer, as an engine would at start-up; `Bitbase::generate` adds zeroing
    // and moving the 24 KB value.
    let mut table = Bitbase::from_words([0u64; bitbase::WORDS]);
    table.regenerate();
    assert_eq!(table, *Bitbase::embedded());
    c.bench_function("bitbase/generate", |b| {
        b.iter(|| black_box(&mut table).regenerate());
    });
}

fn probe(c: &mut Criterion) {
    let positions = positions();
    let raw: Vec<(u8, u8, u8, bool)> = positions
        .iter()
        .map(|p| {
            let flip = (p.strong_side() as u8) * 56;
            (
                p.strong_king().index() ^ flip,
                p.pawn().index() ^ flip,
                p.weak_king().index() ^ flip,
                p.strong_to_move(),
            )
        })
        .collect();
    let mut g = c.benchmark_group("bitbase/probe");
    g.throughput(Throughput::Elements(PROBES as u64));
    g.bench_function("position", |b| {
        b.iter(|| {
            let mut wins = 0u32;
            for pos in black_box(&positions) {
                wins += u32::from(bitbase::probe(pos) == Wdl::Win);
            }
            wins
        });
    });
    g.bench_function("raw", |b| {
        b.iter(|| {
            let mut wins = 0u32;
            for &(sk, p, wk, stm) in black_box(&raw) {
                wins += u32::from(bitbase::strong_wins(sk, p, wk, stm));
            }
            wins
        });
    });
    g.finish();
}

fn dtm_tables(c: &mut Criterion) {
    c.bench_function("dtm/solve_all", |b| b.iter(|| black_box(dtm::Tables::solve())));
    let mut g = c.benchmark_group("dtm/probe");
    g.throughput(Throughput::Elements(PROBES as u64));
    for role in [Role::Pawn, Role::Queen, Role::Rook] {
        let mut rng = XorShift::new(0xD7);
        let positions: Vec<kpk::Endgame> =
            (0..PROBES).map(|_| random_ending(&mut rng, role)).collect();
        g.bench_function(role.name(), |b| {
            b.iter(|| {
                let mut sum = 0i32;
                for pos in black_box(&positions) {
                    sum += dtm::probe(pos).map_or(0, dtm::Dtm::plies);
                }
                sum
            });
        });
    }
    g.finish();
}

/// The rule-based recognizers beside the bitbase, on the same random positions (a smaller set:
/// the recognizer costs hundreds of nanoseconds a call). Each loop counts decided positions.
fn rules(c: &mut Criterion) {
    let positions: Vec<KpkPosition> = positions().into_iter().take(1 << 16).collect();
    let mut g = c.benchmark_group("rules");
    g.throughput(Throughput::Elements(positions.len() as u64));
    g.sample_size(20);
    g.bench_function("bitbase_probe", |b| {
        b.iter(|| black_box(&positions).iter().filter(|p| p.probe() != Wdl::Draw).count());
    });
    for depth in [0, 1] {
        g.bench_function(format!("recognize_depth_{depth}"), |b| {
            b.iter(|| {
                black_box(&positions)
                    .iter()
                    .filter(|p| kpk::rules::recognize_with_depth(p, depth).is_some())
                    .count()
            });
        });
    }
    g.bench_function("classify", |b| {
        b.iter(|| {
            black_box(&positions)
                .iter()
                .filter(|p| kpk::rules::classify(p).wdl != Wdl::Draw)
                .count()
        });
    });
    g.finish();
}

criterion_group!(benches, generate, probe, dtm_tables, rules);
criterion_main!(benches);
