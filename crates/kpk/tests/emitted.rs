//! The bitbase as other engines receive it: the emitted Rust source and C header are compiled
//! here, run on every input of the probe's domain (squares as bytes, garbage included), and
//! compared with the library on every legal position. Needs `rustc` and a C compiler (`.ci/run`
//! installs gcc).

use std::path::{Path, PathBuf};
use std::process::Command;

use kpk::bitbase::{Bitbase, format};
use kpk::{Color, KpkPosition, KpkSetup, Square, Wdl};

fn temp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("kpk-emitted-{name}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn run(exe: &Path) -> Vec<u8> {
    let out = Command::new(exe).output().expect("the compiled probe runs");
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    out.stdout
}

/// `answers[(stm * 64 + sk) * 4096 + pawn * 64 + wk]` for squares below 64, as `b'0'`/`b'1'`,
/// with `stm = 1` when the side with the pawn is to move; compared with the library on every
/// legal position, both pawn colours, all files, both sides to move.
fn compare_with_library(answers: &[u8]) {
    assert_eq!(answers.len(), 2 * 64 * 64 * 64);
    let mut compared = 0u32;
    for strong in Color::ALL {
        for stm in Color::ALL {
            for sk in Square::ALL {
                for pawn in Square::ALL {
                    for wk in Square::ALL {
                        let setup = KpkSetup {
                            strong_side: strong,
                            strong_king: sk,
                            pawn,
                            weak_king: wk,
                            side_to_move: stm,
                        };
                        let Ok(pos) = KpkPosition::new(setup) else { continue };
                        let strong_to_move = strong == stm;
                        let strong_wins = match pos.probe() {
                            Wdl::Win => strong_to_move,
                            Wdl::Loss => !strong_to_move,
                            Wdl::Draw => false,
                        };
                        // the emitted probe takes the strong side's view: flip a black pawn
                        let flip = if strong == Color::Black { 56 } else { 0 };
                        let i = (usize::from(strong_to_move) * 64 + usize::from(sk.index() ^ flip))
                            * 4096
                            + usize::from(pawn.index() ^ flip) * 64
                            + usize::from(wk.index() ^ flip);
                        assert_eq!(answers[i] == b'1', strong_wins, "{pos:?}");
                        compared += 1;
                    }
                }
            }
        }
    }
    assert_eq!(compared, 2 * 331_352);
}

#[test]
fn emitted_rust_compiles_in_debug_and_agrees_everywhere() {
    let dir = temp_dir("rust");
    let mut src = String::new();
    format::write_rust(Bitbase::embedded(), &mut src).unwrap();
    src.push_str(
        r#"
fn main() {
    use std::io::Write;
    let mut out = Vec::with_capacity(2 * 64 * 64 * 64);
    for stm in [false, true] {
        for sk in 0..64u8 {
            for pawn in 0..64u8 {
                for wk in 0..64u8 {
                    out.push(if kpk_strong_wins(sk, pawn, wk, stm) { b'1' } else { b'0' });
                }
            }
        }
    }
    // every other byte value too: the probe must not panic or overflow on any input
    let mut wins = 0u32;
    for sk in 0..=255u8 {
        for pawn in 0..=255u8 {
            for wk in (0..=255u8).step_by(5) {
                wins += u32::from(kpk_strong_wins(sk, pawn, wk, sk & 1 == 0));
            }
        }
    }
    std::hint::black_box(wins);
    std::io::stdout().write_all(&out).unwrap();
}
"#,
    );
    let file = dir.join("kpk_bitbase.rs");
    std::fs::write(&file, src).unwrap();
    let exe = dir.join("probe_rust");
    let rustc = std::env::var("RUSTC").unwrap_or_else(|_| "rustc".into());
    // no -O: a debug build, with overflow checks and debug assertions on
    let status = Command::new(rustc)
        .args(["--edition", "2021", "-C", "overflow-checks=on", "-C", "debug-assertions=on"])
        .arg("-o")
        .arg(&exe)
        .arg(&file)
        .status()
        .expect("rustc runs");
    assert!(status.success(), "the emitted Rust compiles");
    compare_with_library(&run(&exe));
    std::fs::remove_dir_all(&dir).unwrap();
}

fn c_compiler() -> &'static str {
    ["cc", "gcc", "clang"]
        .into_iter()
        .find(|cc| Command::new(cc).arg("--version").output().is_ok_and(|o| o.status.success()))
        .expect("a C compiler (cc) is needed for this test; .ci/run installs gcc")
}

#[test]
fn emitted_c_compiles_with_warnings_as_errors_and_agrees_everywhere() {
    let dir = temp_dir("c");
    let mut header = String::new();
    format::write_c(Bitbase::embedded(), &mut header).unwrap();
    std::fs::write(dir.join("kpk_bitbase.h"), header).unwrap();
    let main = dir.join("main.c");
    std::fs::write(
        &main,
        r#"#include <stdio.h>
#include "kpk_bitbase.h"
int main(void) {
    unsigned wins = 0;
    for (int stm = 0; stm < 2; stm++)
        for (unsigned sk = 0; sk < 64; sk++)
            for (unsigned pawn = 0; pawn < 64; pawn++)
                for (unsigned wk = 0; wk < 64; wk++)
                    putchar(kpk_strong_wins(sk, pawn, wk, stm) ? '1' : '0');
    for (unsigned sk = 0; sk < 256; sk++)
        for (unsigned pawn = 0; pawn < 256; pawn++)
            for (unsigned wk = 0; wk < 256; wk += 5)
                wins += (unsigned)kpk_strong_wins(sk, pawn, wk, (int)(sk & 1));
    return wins == 0xFFFFFFFFu;
}
"#,
    )
    .unwrap();
    let exe = dir.join("probe_c");
    let status = Command::new(c_compiler())
        .args([
            "-std=c99",
            "-Wall",
            "-Wextra",
            "-Werror",
            "-fsanitize=undefined",
            "-fno-sanitize-recover=all",
            "-O1",
        ])
        .arg(format!("-I{}", dir.display()))
        .arg("-o")
        .arg(&exe)
        .arg(&main)
        .status()
        .expect("the C compiler runs");
    assert!(status.success(), "the emitted C compiles");
    compare_with_library(&run(&exe));
    std::fs::remove_dir_all(&dir).unwrap();
}
