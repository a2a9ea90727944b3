//! The fuzz targets' invariants on the stable toolchain: each check runs over seeded random
//! inputs (random bytes, and mutations of inputs that mean something, such as FENs and UCI
//! scores), so every CI run exercises them. Run with `--release`.

use kpk_invariants::{
    cli_probe, file_decode, position_play, raw_probe, score_ops, score_uci, square_parse,
};
use kpk_testkit::XorShift;

/// `n` inputs of up to `max_len` bytes: random bytes, or a seed from `seeds` with a few bytes
/// changed, cut or repeated.
fn inputs(seed: u64, n: usize, max_len: usize, seeds: &[&[u8]]) -> impl Iterator<Item = Vec<u8>> {
    let mut rng = XorShift::new(seed);
    let seeds: Vec<Vec<u8>> = seeds.iter().map(|s| s.to_vec()).collect();
    (0..n).map(move |_| {
        let r = rng.next_u64();
        let mut v = if seeds.is_empty() || r & 1 == 0 {
            let len = usize::try_from(r >> 8).unwrap_or(0) % (max_len + 1);
            (0..len).map(|_| rng.next_u64().to_le_bytes()[0]).collect()
        } else {
            seeds[usize::try_from(r >> 8).unwrap_or(0) % seeds.len()].clone()
        };
        for _ in 0..(r >> 40) % 4 {
            let x = rng.next_u64();
            if v.is_empty() {
                break;
            }
            let at = usize::try_from(x >> 8).unwrap_or(0) % v.len();
            match x % 3 {
                0 => v[at] = x.to_le_bytes()[5],
                1 => v.truncate(at),
                _ => {
                    let piece = v[at..].to_vec();
                    v.extend_from_slice(&piece);
                }
            }
        }
        v
    })
}

#[test]
fn score_text_round_trips() {
    let seeds: &[&[u8]] = &[
        b"cp 35",
        b"mate 3",
        b"mate -2",
        b"mate 0",
        b"mate +0",
        b"cp -14000 lowerbound",
        b"cp 4000 upperbound",
        b"mate 128",
        b"mate -128 lowerbound",
        b"cp 16126",
    ];
    for data in inputs(1, 200_000, 24, seeds) {
        score_uci(&data);
    }
}

#[test]
fn score_operations_keep_their_laws() {
    for data in inputs(2, 1_000_000, 40, &[]) {
        score_ops(&data);
    }
}

#[test]
fn squares_parse_and_print() {
    for data in inputs(3, 200_000, 4, &[b"e4", b"h8", b"a1"]) {
        square_parse(&data);
    }
}

#[test]
fn positions_validate_play_and_probe() {
    for data in inputs(4, 300_000, 40, &[]) {
        position_play(&data);
    }
}

#[test]
fn files_decode_or_are_rejected() {
    for data in inputs(5, 2_000, 64, &[]) {
        file_decode(&data);
    }
}

#[test]
fn the_cli_answers_every_line() {
    let seeds: &[&[u8]] = &[
        b"4k3/8/4K3/4P3/8/8/8/8 w - - 0 1\n8/8/8/8/4p3/4k3/8/4K3 b - - 0 1",
        b"8/8/8/8/8/4k3/8/4K2R w - - 0 1\r\n\n\xff\xfe\n",
        b"k7/8/1K6/8/8/8/8/7Q w - - 0 1",
        b"7k/5K2/6Q1/8/8/8/8/8 b - - 0 1\n4k3/4P3/4K3/8/8/8/8/8 b - - 0 1",
    ];
    for data in inputs(6, 3_000, 80, seeds) {
        cli_probe(&data);
    }
}

#[test]
fn raw_probes_never_panic_and_agree() {
    for data in inputs(7, 1_000_000, 12, &[]) {
        raw_probe(&data);
    }
}
