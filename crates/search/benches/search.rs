//! Criterion benchmark of the search from the start position: one fresh searcher (16 MiB table)
//! per iteration, iterative deepening to a fixed depth, PVS and MTD(f). The node count is
//! printed once, so nodes per second = nodes / the median time.
#![allow(missing_docs)]

use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use kpk_search::search::Searcher;
use shakmaty::Chess;

const DEPTH: u8 = 5;

fn search(c: &mut Criterion) {
    let start = Chess::default();
    let pvs = Searcher::new(16).search(&start, DEPTH);
    let mtdf = Searcher::new(16).search_mtdf(&start, DEPTH);
    eprintln!(
        "start position, depth {DEPTH}: PVS {} nodes, MTD(f) {} nodes in {} passes",
        pvs.nodes, mtdf.nodes, mtdf.passes
    );
    let mut g = c.benchmark_group("search");
    g.sample_size(10);
    g.bench_function("pvs_startpos_depth_5", |b| {
        b.iter(|| Searcher::new(16).search(black_box(&start), DEPTH).nodes);
    });
    g.bench_function("mtdf_startpos_depth_5", |b| {
        b.iter(|| Searcher::new(16).search_mtdf(black_box(&start), DEPTH).nodes);
    });
    g.finish();
}

criterion_group!(benches, search);
criterion_main!(benches);
