//! The grain experiment: average MTD(f) passes and nodes per search at grain 1, 2, 4 and 8
//! centipawns, beside PVS nodes, for a fail-soft and a fail-hard search, over a fixed set of
//! positions searched to a fixed depth with a fresh table. Counts, not times: it prints a
//! Markdown table (`cargo bench -p kpk-search --bench grain`).
#![allow(missing_docs)]

use kpk_score::Grain;
use kpk_search::search::Searcher;
use shakmaty::fen::Fen;
use shakmaty::{CastlingMode, Chess};

const DEPTH: u8 = 5;

const POSITIONS: [&str; 8] = [
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4",
    "rnbqkb1r/pp2pppp/3p1n2/8/3NP3/8/PPP2PPP/RNBQKB1R w KQkq - 1 5",
    "rnbqkbnr/ppp2ppp/4p3/3p4/2PP4/8/PP2PPPP/RNBQKBNR w KQkq - 0 3",
    "r2q1rk1/ppp2ppp/2np1n2/2b1p1B1/2B1P1b1/2NP1N2/PPP2PPP/R2Q1RK1 w - - 6 8",
    "8/5pk1/6p1/8/3R4/6P1/r4PK1/8 w - - 0 40",
    "8/8/4k3/8/3PK3/8/8/8 w - - 0 1",
    "8/2p5/3k4/8/3K4/2P5/8/8 w - - 0 1",
];

fn main() {
    let positions: Vec<Chess> = POSITIONS
        .iter()
        .map(|f| f.parse::<Fen>().unwrap().into_position(CastlingMode::Standard).unwrap())
        .collect();
    let n = positions.len() as f64;
    println!("Depth {DEPTH}, {} positions, a fresh 16 MiB table per search.", positions.len());
    println!();
    println!("| search | grain | MTD(f) passes | MTD(f) nodes | PVS nodes |");
    println!("|---|---|---|---|---|");
    for fail_hard in [false, true] {
        for step in [1, 2, 4, 8] {
            let grain = Grain::new(step).unwrap();
            let searcher = || Searcher::new(16).with_grain(grain).with_fail_hard(fail_hard);
            let (mut passes, mut mtdf_nodes, mut pvs_nodes) = (0u64, 0u64, 0u64);
            for pos in &positions {
                let m = searcher().search_mtdf(pos, DEPTH);
                passes += u64::from(m.passes);
                mtdf_nodes += m.nodes;
                pvs_nodes += searcher().search(pos, DEPTH).nodes;
            }
            println!(
                "| {} | {step} | {:.1} | {:.0} | {:.0} |",
                if fail_hard { "fail-hard" } else { "fail-soft" },
                passes as f64 / n,
                mtdf_nodes as f64 / n,
                pvs_nodes as f64 / n
            );
        }
    }
}
