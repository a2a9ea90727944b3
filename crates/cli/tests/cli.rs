//! The `kpk` binary as a person and a script use it.

use std::io::Write;
use std::process::{Command, Output, Stdio};

use kpk::bitbase::{Bitbase, format};

fn kpk(args: &[&str], stdin: Option<&str>) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_kpk"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    if let Some(input) = stdin {
        child.stdin.take().unwrap().write_all(input.as_bytes()).unwrap();
    } else {
        drop(child.stdin.take());
    }
    child.wait_with_output().unwrap()
}

fn stdout(o: &Output) -> String {
    String::from_utf8(o.stdout.clone()).unwrap()
}

fn stderr(o: &Output) -> String {
    String::from_utf8(o.stderr.clone()).unwrap()
}

fn json_lines(o: &Output) -> Vec<serde_json::Value> {
    stdout(o).lines().map(|l| serde_json::from_str(l).expect("one JSON object per line")).collect()
}

#[test]
fn probe_answers_both_colours_with_moves_best_first() {
    // White: Ke6, Pe5 v Ke8, White to move wins; the same with colours swapped.
    for (fen, category) in [
        ("4k3/8/4K3/4P3/8/8/8/8 w - - 0 1", "win"),
        ("8/8/8/8/4p3/4k3/8/4K3 b - - 0 1", "win"),
        ("4k3/8/4K3/4P3/8/8/8/8 b - - 0 1", "loss"),
        ("8/8/8/8/8/4k3/4P3/4K3 w - - 0 1", "draw"),
    ] {
        let out = kpk(&["probe", "--json", fen], None);
        assert!(out.status.success(), "{}", stderr(&out));
        let v = &json_lines(&out)[0];
        assert_eq!(v["fen"], fen);
        assert_eq!(v["category"], category, "{fen}");
        assert!(v["dtm"].is_null());
        let moves = v["moves"].as_array().unwrap();
        assert!(!moves.is_empty());
        // best first: the opponent's outcome after the move, loss < draw < win
        let rank = |c: &str| ["loss", "draw", "win"].iter().position(|x| *x == c).unwrap();
        let ranks: Vec<usize> =
            moves.iter().map(|m| rank(m["category"].as_str().unwrap())).collect();
        assert!(ranks.windows(2).all(|w| w[0] <= w[1]), "{fen}: {ranks:?}");
        // the verdict is the best move's outcome, negated
        let best = ["win", "draw", "loss"][ranks[0]];
        assert_eq!(best, category, "{fen}");
        for m in moves {
            assert!(m["uci"].is_string() && m["san"].is_string());
        }
    }
}

#[test]
fn probe_text_names_the_verdict() {
    let out = kpk(&["probe", "4k3/8/4K3/4P3/8/8/8/8 w - - 0 1"], None);
    assert!(out.status.success());
    assert!(stdout(&out).contains("win with white to move"), "{}", stdout(&out));
}

#[test]
fn stdin_batches_answer_every_line_and_fail_at_the_end() {
    let input = "4k3/8/4K3/4P3/8/8/8/8 w - - 0 1\nnot a fen\n\n8/8/8/8/8/8/8/K1k5 w - - 0 1\n\
                 4k3/8/4K3/4P3/8/8/8/8 w - - 0 1 extra\n8/8/8/8/8/4k3/4P3/4K3 w - - 0 1\n";
    let out = kpk(&["probe", "--json"], Some(input));
    assert!(!out.status.success());
    let lines = json_lines(&out);
    assert_eq!(lines.len(), 5, "{}", stdout(&out));
    assert_eq!(lines[0]["category"], "win");
    assert!(lines[1]["error"].as_str().unwrap().contains("invalid FEN"));
    assert!(lines[2]["error"].as_str().unwrap().contains("unsupported material KvK"));
    assert!(lines[3]["error"].is_string());
    assert_eq!(lines[4]["category"], "draw");
}

#[test]
fn bad_input_gives_one_error_line_and_a_failure_code() {
    for (fen, message) in [
        ("8/8/8/8/8/8/8/8 w - - 0 1", "illegal position"),
        ("3k4/4P3/4K3/8/8/8/8/8 w - - 0 1", "illegal position"),
        ("4k3/8/8/8/8/8/8/4K2R w - - 0 1", "unsupported material KRvK"),
        ("xyz", "invalid FEN"),
    ] {
        let out = kpk(&["probe", fen], None);
        assert!(!out.status.success(), "{fen}");
        let err = stderr(&out);
        assert!(err.starts_with("error: ") && err.contains(message), "{fen}: {err}");
        assert_eq!(err.lines().count(), 1, "{err}");
        assert!(!err.contains("panicked"));
    }
}

#[test]
fn generated_file_reads_back_and_corruption_is_rejected() {
    let dir = std::env::temp_dir().join(format!("kpk-cli-test-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let bin = dir.join("kpk.bin");
    let out = kpk(&["generate", "--out", bin.to_str().unwrap()], None);
    assert!(out.status.success(), "{}", stderr(&out));
    let mut bytes = std::fs::read(&bin).unwrap();
    let table = format::decode(&bytes).unwrap();
    assert_eq!(table, *Bitbase::embedded());
    // same answers for every placement
    for stm in [true, false] {
        for sk in 0..64u8 {
            for p in 8..56u8 {
                for wk in 0..64u8 {
                    assert_eq!(
                        table.strong_wins(sk, p, wk, stm),
                        kpk::bitbase::strong_wins(sk, p, wk, stm)
                    );
                }
            }
        }
    }
    bytes[4000] ^= 1;
    let err = format::decode(&bytes).unwrap_err();
    assert!(err.to_string().contains("corrupt"), "{err}");
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn c_header_compiles_and_counts_every_win() {
    let Ok(cc) = which_cc() else {
        panic!("a C compiler (cc) is needed for this test; .ci/run installs gcc");
    };
    let dir = std::env::temp_dir().join(format!("kpk-cli-c-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let header = dir.join("kpk_bitbase.h");
    let out = kpk(&["generate", "--out", header.to_str().unwrap(), "--format", "c"], None);
    assert!(out.status.success(), "{}", stderr(&out));
    let main = dir.join("main.c");
    std::fs::write(
        &main,
        "#include <stdio.h>\n#include \"kpk_bitbase.h\"\nint main(void) { long n = 0;\n\
         for (int stm = 0; stm < 2; stm++) for (unsigned sk = 0; sk < 64; sk++)\n\
         for (unsigned p = 8; p < 56; p++) for (unsigned wk = 0; wk < 64; wk++)\n\
         n += kpk_strong_wins(sk, p, wk, stm);\nprintf(\"%ld\\n\", n); return 0; }\n",
    )
    .unwrap();
    let exe = dir.join("count");
    let status = Command::new(cc).arg("-O2").arg("-o").arg(&exe).arg(&main).status().unwrap();
    assert!(status.success());
    let counted = Command::new(&exe).output().unwrap();
    // 124,960 wins with the pawn's side to move and 97,604 with the defender to move
    assert_eq!(String::from_utf8(counted.stdout).unwrap().trim(), "222564");
    std::fs::remove_dir_all(&dir).ok();
}

fn which_cc() -> Result<&'static str, ()> {
    for cc in ["cc", "gcc", "clang"] {
        if Command::new(cc).arg("--version").output().is_ok_and(|o| o.status.success()) {
            return Ok(cc);
        }
    }
    Err(())
}

#[test]
fn bench_json_reports_the_three_figures() {
    let out = kpk(&["bench", "--json"], None);
    assert!(out.status.success(), "{}", stderr(&out));
    let v = &json_lines(&out)[0];
    assert!(v["generate_us"].as_f64().unwrap() > 0.0);
    assert!(v["probe_ns"].as_f64().unwrap() > 0.0);
    assert_eq!(v["table_bytes"], 24_576);
}
