//! Criterion benchmarks of the bitbase: generation and probes of random positions.
#![allow(missing_docs)]

use std::hint::black_box;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use kpk::Role;
use kpk::bitbase::{self, Bitbase, best_generation_path};
use kpk::dtm;
use kpk::{Color, KpkPosition, KpkSetup, Square, Wdl};
use kpk_testkit::{XorShift, random_ending, random_position};

const PROBES: usize = 1 << 20;

fn positions() -> Vec<KpkPosition> {
    let mut rng = XorShift::new(0x5EED);
    (0..PROBES).map(|_| random_position(&mut rng)).collect()
}

fn generate(c: &mut Criterion) {
    // Into a reused buffer, as an engine would at start-up; `Bitbase::generate` adds zeroing
    // and moving the 24 KB value.
    let mut table = Bitbase::from_words([0u64; bitbase::WORDS]);
    table.regenerate_with(best_generation_path());
    assert_eq!(table, *Bitbase::embedded());
    c.bench_function("bitbase/generate", |b| {
        b.iter(|| black_box(&mut table).regenerate_with(best_generation_path()));
    });
}

/// The same 1 M random positions as squares, bitboards and packed positions; throughput
/// (independent probes) and latency (each input waits for the previous answer). See
/// `kpk_cli::bench::loops` for what each loop does.
fn probe(c: &mut Criterion) {
    use kpk_cli::bench::loops as pb;
    let (squares, bitboards, packed) = pb::inputs(PROBES, 0x5EED);
    let zero = black_box(0u8);
    let mut g = c.benchmark_group("bitbase/probe");
    g.throughput(Throughput::Elements(PROBES as u64));
    g.bench_function("squares", |b| b.iter(|| pb::squares_throughput(black_box(&squares))));
    g.bench_function("bitboards", |b| b.iter(|| pb::bitboards_throughput(black_box(&bitboards))));
    g.bench_function("packed", |b| b.iter(|| pb::packed_throughput(black_box(&packed))));
    g.bench_function("squares_latency", |b| {
        b.iter(|| pb::squares_latency(black_box(&squares), zero));
    });
    g.bench_function("bitboards_latency", |b| {
        b.iter(|| pb::bitboards_latency(black_box(&bitboards), zero));
    });
    g.bench_function("packed_latency", |b| b.iter(|| pb::packed_latency(black_box(&packed), zero)));
    // Reading the bitboard inputs without probing: the memory floor of the streamed loops.
    g.bench_function("bitboards_read", |b| b.iter(|| pb::bitboards_read(black_box(&bitboards))));
    g.finish();
    // The first 4,096 of the same positions, which stay in the caches (20 KB as squares, 160 KB
    // as bitboards): the probe without the cost of streaming 40-byte bitboard inputs from
    // memory.
    let n = 4096;
    let mut g = c.benchmark_group("bitbase/probe_cached_inputs");
    g.throughput(Throughput::Elements(n as u64));
    g.bench_function("squares", |b| b.iter(|| pb::squares_throughput(black_box(&squares[..n]))));
    g.bench_function("bitboards", |b| {
        b.iter(|| pb::bitboards_throughput(black_box(&bitboards[..n])));
    });
    g.bench_function("packed", |b| b.iter(|| pb::packed_throughput(black_box(&packed[..n]))));
    g.bench_function("bitboards_latency", |b| {
        b.iter(|| pb::bitboards_latency(black_box(&bitboards[..n]), zero));
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
        let squares = kpk_cli::bench::loops::dtm_inputs(PROBES, 0xD7, role);
        g.bench_function(format!("{}_squares", role.name()), |b| {
            b.iter(|| kpk_cli::bench::loops::dtm_throughput(black_box(&squares)));
        });
        g.bench_function(format!("{}_squares_latency", role.name()), |b| {
            b.iter(|| kpk_cli::bench::loops::dtm_latency(black_box(&squares), black_box(0)));
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
                    .filter(|p| kpk_rules::recognize_with_depth(p, depth).is_some())
                    .count()
            });
        });
    }
    g.bench_function("classify", |b| {
        b.iter(|| {
            black_box(&positions).iter().filter(|p| kpk_rules::classify(p).wdl != Wdl::Draw).count()
        });
    });
    g.finish();
    // the plan: every won position with the side with the pawn to move, as the exhaustive test
    // plays them (the mean cost of a winning plan move), and every position of the sample
    let won: Vec<KpkPosition> = KpkPosition::all()
        .filter(|p| p.strong_to_move() && p.probe() == Wdl::Win)
        .step_by(7)
        .collect();
    let mut g = c.benchmark_group("rules/plan");
    g.sample_size(10);
    g.throughput(Throughput::Elements(won.len() as u64));
    g.bench_function("winning_moves", |b| {
        b.iter(|| black_box(&won).iter().filter_map(kpk_rules::plan).count());
    });
    g.throughput(Throughput::Elements(positions.len() as u64));
    g.bench_function("any_position", |b| {
        b.iter(|| black_box(&positions).iter().filter_map(kpk_rules::plan).count());
    });
    g.finish();
    // the slowest position to classify, found by timing every legal position (the slowest
    // 300 again, the least of seven runs each): Kb2, Pg3 v Kb7 with White to move (a proof of
    // 12 plies), and a deepest proof, Ka4, Pg3 v Ka6 with Black to move (14 plies)
    let slowest = [
        (Square::B2, Square::G3, Square::B7, Color::White),
        (Square::A4, Square::G3, Square::A6, Color::Black),
    ];
    let mut g = c.benchmark_group("rules/slowest");
    g.sample_size(10);
    for (king, pawn, defender, side_to_move) in slowest {
        let pos = KpkPosition::new(KpkSetup {
            strong_side: Color::White,
            strong_king: king,
            pawn,
            weak_king: defender,
            side_to_move,
        })
        .unwrap();
        assert!(matches!(kpk_rules::classify(&pos).basis, kpk_rules::Basis::Proof { .. }));
        g.bench_function(format!("classify_{king}{pawn}{defender}"), |b| {
            b.iter(|| kpk_rules::classify(black_box(&pos)).wdl);
        });
    }
    g.finish();
}

criterion_group!(benches, generate, probe, dtm_tables, rules);
criterion_main!(benches);
