//! The `kpk` binary as a person and a script use it.

use std::io::Write;
use std::process::{Command, Output, Stdio};

use kpk::bitbase::{Bitbase, format};

fn kpk(args: &[&str], stdin: Option<&str>) -> Output {
    kpk_bytes(args, stdin.map(str::as_bytes))
}

/// Runs the binary with `stdin` as its standard input (closed at once when `None`).
fn kpk_bytes(args: &[&str], stdin: Option<&[u8]>) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_kpk"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    if let Some(input) = stdin {
        child.stdin.take().unwrap().write_all(input).unwrap();
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
    assert!(stdout(&out).contains("white to move: win, mate in 11 (21 plies)"), "{}", stdout(&out));
}

#[test]
fn stdin_batches_answer_every_line_and_fail_at_the_end() {
    let input = "4k3/8/4K3/4P3/8/8/8/8 w - - 0 1\nnot a fen\n\n8/8/8/8/8/8/8/K1k5 w - - 0 1\n\
                 4k3/8/4K3/4P3/8/8/8/8 w - - 0 1 extra\n8/8/8/8/8/4k3/4P3/4K3 w - - 0 1\n";
    let out = kpk(&["probe", "--json"], Some(input));
    assert!(!out.status.success());
    let lines = json_lines(&out);
    assert_eq!(lines.len(), 6, "one answer per input line: {}", stdout(&out));
    assert_eq!(lines[0]["category"], "win");
    assert!(lines[1]["error"].as_str().unwrap().contains("invalid FEN"));
    assert!(lines[2]["error"].as_str().unwrap().contains("empty FEN"));
    assert_eq!(lines[3]["category"], "draw"); // bare kings
    assert!(lines[3]["insufficient_material"].as_bool().unwrap());
    assert!(lines[4]["error"].is_string());
    assert_eq!(lines[5]["category"], "draw");
}

#[test]
fn bad_input_gives_one_error_line_and_a_failure_code() {
    for (fen, message) in [
        ("8/8/8/8/8/8/8/8 w - - 0 1", "illegal position"),
        ("3k4/4P3/4K3/8/8/8/8/8 w - - 0 1", "illegal position"),
        ("4k3/8/8/8/8/8/8/3QK2R w - - 0 1", "unsupported material KQRvK"),
        ("4k3/8/8/8/8/8/8/4K2R w K - 0 1", "castling rights"),
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
    // the same table bit for bit: every answer the same
    assert_eq!(format::decode(&bytes).unwrap(), *Bitbase::embedded());
    bytes[4000] ^= 1;
    let err = format::decode(&bytes).unwrap_err();
    assert!(err.to_string().contains("corrupt"), "{err}");
    std::fs::remove_dir_all(&dir).ok();
}

/// `kpk generate` writes what the library's emitters write (whose output `kpk/tests/emitted.rs`
/// compiles and checks against the bitbase, in C and in Rust).
#[test]
fn generate_writes_the_emitters_text() {
    let dir = std::env::temp_dir().join(format!("kpk-cli-emit-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    for (name, format) in [("kpk_bitbase.h", "c"), ("kpk_bitbase.rs", "rust")] {
        let file = dir.join(name);
        let out = kpk(&["generate", "--out", file.to_str().unwrap(), "--format", format], None);
        assert!(out.status.success(), "{}", stderr(&out));
        let mut expected = String::new();
        if format == "c" {
            format::write_c(Bitbase::embedded(), &mut expected).unwrap();
        } else {
            format::write_rust(Bitbase::embedded(), &mut expected).unwrap();
        }
        assert_eq!(std::fs::read_to_string(&file).unwrap(), expected, "{format}");
    }
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn bench_json_reports_every_probe_figure() {
    let out = kpk(&["bench", "--json"], None);
    assert!(out.status.success(), "{}", stderr(&out));
    let v = &json_lines(&out)[0];
    assert!(v["generate_us"].as_f64().unwrap() > 0.0);
    assert!(v["probe_ns"].as_f64().unwrap() > 0.0);
    assert_eq!(v["table_bytes"], 24_576);
    for key in ["probe_squares_ns", "probe_bitboards_ns", "probe_bitboards_read_ns"] {
        assert!(v[key].as_f64().is_some_and(|ns| ns > 0.0), "{key}: {}", v[key]);
    }
    for key in ["probe_latency_ns", "probe_cached_inputs_ns"] {
        for input in ["squares", "bitboards", "packed"] {
            let ns = &v[key][input];
            assert!(ns.as_f64().is_some_and(|ns| ns > 0.0), "{key}.{input}: {ns}");
        }
    }
    let (wins, positions) =
        (v["probe_wins"].as_u64().unwrap(), v["probe_positions"].as_u64().unwrap());
    assert!(wins > positions / 4 && wins < positions / 2, "{wins} wins of {positions}");
}

/// Runs `probe --json` on one FEN and returns the object.
fn probe_json(fen: &str) -> serde_json::Value {
    let out = kpk(&["probe", "--json", fen], None);
    assert!(out.status.success(), "{fen}: {}", stderr(&out));
    json_lines(&out).remove(0)
}

#[test]
fn probe_follows_the_contract_for_every_ending() {
    let keys = ["uci", "san", "category", "dtm", "checkmate", "stalemate", "insufficient_material"];
    for (fen, category, dtm) in [
        ("8/8/8/8/8/4k3/8/4K2R w - - 0 1", "win", Some(19)), // KRK
        ("8/8/8/8/8/2k5/8/K6Q b - - 0 1", "loss", Some(-16)), // KQK
        ("8/8/8/8/4p3/4k3/8/4K3 b - - 0 1", "win", None),    // KPK, black pawn
        ("4k3/8/4K3/4P3/8/8/8/8 w - - 0 1", "win", Some(21)), // KPK
        ("8/8/8/8/8/2k5/8/K5B1 w - - 0 1", "draw", None),    // KBK
        ("8/8/8/8/8/2k5/8/K5n1 b - - 0 1", "draw", None),    // KNK, black knight
        ("k7/2Q5/1K6/8/8/8/8/8 b - - 0 1", "draw", None),    // stalemate
        ("k7/1Q6/1K6/8/8/8/8/8 b - - 0 1", "loss", Some(0)), // checkmate
    ] {
        let v = probe_json(fen);
        assert_eq!(v["category"], category, "{fen}");
        if let Some(d) = dtm {
            assert_eq!(v["dtm"], d, "{fen}");
        }
        assert_eq!(v["dtm"].is_null(), category == "draw", "{fen}");
        let moves = v["moves"].as_array().unwrap();
        for m in moves {
            for k in keys {
                assert!(m.get(k).is_some(), "{fen}: move without {k}");
            }
        }
        if let Some(best) = moves.first() {
            // the best move's outcome, seen from the opponent, is the negated verdict and the
            // DTM one ply shorter
            let expected = match category {
                "win" => "loss",
                "loss" => "win",
                _ => "draw",
            };
            assert_eq!(best["category"], expected, "{fen}");
            if let Some(d) = v["dtm"].as_i64() {
                assert_eq!(best["dtm"].as_i64().unwrap().abs(), d.abs() - 1, "{fen}");
            }
        } else {
            assert!(v["checkmate"].as_bool().unwrap() || v["stalemate"].as_bool().unwrap());
        }
    }
}

#[test]
fn line_plays_out_the_mate_and_states_draws() {
    let out = kpk(&["line", "--json", "8/8/8/8/8/4k3/8/4K2R w - - 0 1"], None);
    assert!(out.status.success());
    let v = &json_lines(&out)[0];
    let steps = v["steps"].as_array().unwrap();
    assert_eq!(steps.len(), 19);
    assert_eq!(v["dtm"], 19);
    // each step carries its distance, one ply less each time, mate at the end
    for (i, step) in steps.iter().enumerate() {
        assert_eq!(step["dtm"].as_i64().unwrap().abs(), 18 - i64::try_from(i).unwrap());
    }
    assert!(steps.last().unwrap()["san"].as_str().unwrap().ends_with('#'));
    let text = stdout(&kpk(&["line", "8/8/8/8/8/4k3/8/4K2R w - - 0 1"], None));
    assert!(text.contains("SAN: 1. ") && text.contains("UCI: "), "{text}");
    let drawn = stdout(&kpk(&["line", "8/8/8/8/8/4k3/4P3/4K3 w - - 0 1"], None));
    assert!(drawn.contains("draw"), "{drawn}");
}

#[test]
fn stats_count_every_ending() {
    let out = kpk(&["stats", "--json"], None);
    assert!(out.status.success());
    let lines = json_lines(&out);
    assert_eq!(lines.len(), 12);
    let find = |ending: &str, side: &str| {
        lines.iter().find(|l| l["ending"] == ending && l["side_to_move"] == side).unwrap().clone()
    };
    let kpk_w = find("KPK", "white");
    assert_eq!((kpk_w["legal"].as_u64(), kpk_w["wins"].as_u64()), (Some(163_328), Some(124_960)));
    assert_eq!(kpk_w["longest_dtm"], 55);
    assert_eq!(find("KQK", "white")["longest_dtm"], 19);
    assert_eq!(find("KRK", "white")["longest_dtm"], 31);
    let example = find("KRK", "white")["longest_fen"].as_str().unwrap().to_string();
    assert_eq!(probe_json(&example)["dtm"], 31);
    assert!(find("KNK", "black")["longest_dtm"].is_null());
}

#[test]
fn show_draws_the_board_and_an_svg_with_64_squares() {
    let dir = std::env::temp_dir().join(format!("kpk-cli-svg-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("map.svg");
    let fen = "7k/8/8/8/8/PK6/8/8 w - - 0 1";
    let out = kpk(&["show", fen, "--svg", file.to_str().unwrap()], None);
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    assert!(text.contains("♔") && text.contains("a b c d e f g h"), "{text}");
    assert!(text.contains("Where the black king could stand"), "{text}");
    let svg = std::fs::read_to_string(&file).unwrap();
    let doc = roxmltree::Document::parse(&svg).expect("well-formed SVG");
    let class = |c: &str| doc.descendants().filter(|n| n.attribute("class") == Some(c)).count();
    assert_eq!(class("square"), 64);
    // every square is coloured win or draw, except where the black king cannot stand: the
    // squares marked · on the text map and the two squares of the white men
    let map = text.lines().skip_while(|l| !l.contains("Where")).skip(1).take(8);
    let illegal = map.map(|l| l.matches('·').count()).sum::<usize>();
    assert_eq!(class("win") + class("draw") + illegal + 2, 64);
    assert!(class("win") > 0 && class("draw") > 0);
    assert_eq!(class("legend"), 5);
    // the rook pawn's key squares (b7, b8) framed, and the square of the pawn outlined
    let keys: Vec<&str> = doc
        .descendants()
        .filter(|n| n.attribute("class") == Some("key-square"))
        .filter_map(|n| n.attribute("data-square"))
        .collect();
    assert_eq!(keys, ["b7", "b8"]);
    assert_eq!(class("square-of-the-pawn"), 1);
    // without a pawn there is no map, but still a board
    let out =
        kpk(&["show", "8/8/8/8/8/4k3/8/4K2R w - - 0 1", "--svg", file.to_str().unwrap()], None);
    assert!(out.status.success());
    let svg = std::fs::read_to_string(&file).unwrap();
    let doc = roxmltree::Document::parse(&svg).unwrap();
    assert_eq!(doc.descendants().filter(|n| n.attribute("class") == Some("square")).count(), 64);
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn mangled_fens_never_panic_and_every_line_is_answered() {
    // Deterministic mutations of valid FENs: characters replaced, dropped or duplicated.
    let seeds = [
        "4k3/8/4K3/4P3/8/8/8/8 w - - 0 1",
        "8/8/8/8/8/4k3/8/4K2R w - - 0 1",
        "8/8/8/8/8/2k5/8/K6q b - - 0 1",
    ];
    let alphabet: Vec<char> = "kqrbnpKQRBNP12345678/ wb-0".chars().collect();
    let mut state = 0x9E37_79B9_7F4A_7C15u64;
    let mut next = move || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state
    };
    let mut lines = Vec::new();
    for i in 0..1500 {
        let mut chars: Vec<char> = seeds[i % seeds.len()].chars().collect();
        for _ in 0..(1 + next() % 3) {
            let at = usize::try_from(next() % chars.len() as u64).unwrap();
            let c = alphabet[usize::try_from(next() % alphabet.len() as u64).unwrap()];
            match next() % 3 {
                0 => chars[at] = c,
                1 => {
                    chars.remove(at);
                }
                _ => chars.insert(at, c),
            }
        }
        let line: String = chars.into_iter().collect();
        if !line.trim().is_empty() {
            lines.push(line);
        }
    }
    let out = kpk(&["probe", "--json"], Some(&(lines.join("\n") + "\n")));
    assert!(!stderr(&out).contains("panicked"), "{}", stderr(&out));
    let answers = json_lines(&out);
    assert_eq!(answers.len(), lines.len());
    for (a, line) in answers.iter().zip(&lines) {
        assert_eq!(a["fen"], line.trim());
        assert!(a["category"].is_string() || a["error"].is_string(), "{a}");
    }
    assert!(answers.iter().any(|a| a["error"].is_string()));
    assert!(answers.iter().any(|a| a["category"].is_string()));
}

fn run_with_stdout(args: &[&str], stdout: Stdio) -> Output {
    Command::new(env!("CARGO_BIN_EXE_kpk"))
        .args(args)
        .stdin(Stdio::null())
        .stdout(stdout)
        .stderr(Stdio::piped())
        .output()
        .expect("the binary runs")
}

fn assert_one_error_line(out: &Output, what: &str) {
    let err = stderr(out);
    assert!(!out.status.success(), "{what}: exit {:?}", out.status);
    assert_ne!(out.status.code(), Some(101), "{what}: a panic exits with 101");
    assert!(!err.contains("panicked") && !err.contains("RUST_BACKTRACE"), "{what}: {err}");
    let errors: Vec<&str> = err.lines().filter(|l| l.starts_with("error: ")).collect();
    assert_eq!(errors.len(), 1, "{what}: {err}");
    assert!(errors[0].contains("cannot write output"), "{what}: {err}");
}

#[test]
fn a_full_standard_output_is_one_error_line_not_a_panic() {
    let fen = "4k3/8/4K3/4P3/8/8/8/8 w - - 0 1";
    for args in [
        vec!["line", fen],
        vec!["line", "--json", fen],
        vec!["show", fen],
        vec!["stats"],
        vec!["probe", fen],
        vec!["probe", "--json", fen],
    ] {
        let full = std::fs::OpenOptions::new().write(true).open("/dev/full").unwrap();
        let out = run_with_stdout(&args, Stdio::from(full));
        assert_one_error_line(&out, &args.join(" "));
    }
}

#[test]
fn a_closed_pipe_is_one_error_line_not_a_panic() {
    let fen = "4k3/8/4K3/4P3/8/8/8/8 w - - 0 1";
    for args in [vec!["line", fen], vec!["show", fen], vec!["stats", "--json"]] {
        // the reading end is closed before the command starts, so its first write fails
        let (reader, writer) = std::io::pipe().unwrap();
        drop(reader);
        let out = run_with_stdout(&args, Stdio::from(writer));
        assert_one_error_line(&out, &args.join(" "));
    }
}

#[test]
fn invalid_utf8_in_a_batch_is_answered_and_the_batch_goes_on() {
    let mut input = b"4k3/8/4K3/4P3/8/8/8/8 w - - 0 1\n".to_vec();
    input.extend_from_slice(b"4k3/8/4K3/4P3/8/8/8/8 \xff\xfe w - - 0 1\n");
    input.extend_from_slice(b"8/8/8/8/8/4k3/4P3/4K3 w - - 0 1\r\n");
    input.extend_from_slice(b"8/8/8/8/8/4k3/8/4K2R w - - 0 1"); // no final newline
    let out = kpk_bytes(&["probe", "--json"], Some(&input));
    assert!(!out.status.success());
    let lines = json_lines(&out);
    assert_eq!(lines.len(), 4, "{}", stdout(&out));
    assert_eq!(lines[0]["category"], "win");
    assert!(lines[1]["error"].as_str().unwrap().contains("not valid UTF-8"), "{}", lines[1]);
    assert_eq!(lines[2]["category"], "draw");
    assert_eq!(lines[3]["category"], "win");
    // text mode: the error goes to stderr and the later lines are still answered
    let out = kpk_bytes(&["probe"], Some(&input));
    assert_eq!(stdout(&out).matches(" to move: ").count(), 3, "{}", stdout(&out));
    assert!(stderr(&out).contains("not valid UTF-8"));
}

#[test]
fn an_empty_fen_argument_is_an_error() {
    for args in
        [vec!["probe", ""], vec!["probe", "--json", "  "], vec!["line", ""], vec!["show", ""]]
    {
        let out = kpk(&args, None);
        assert!(!out.status.success(), "{args:?}");
        let text = format!("{}{}", stdout(&out), stderr(&out));
        assert!(text.contains("empty FEN"), "{args:?}: {text}");
    }
}

#[test]
fn illegal_position_is_said_once() {
    let out = kpk(&["probe", "3k4/4P3/4K3/8/8/8/8/8 w - - 0 1"], None);
    let err = stderr(&out);
    assert_eq!(err.matches("illegal position").count(), 1, "{err}");
}

/// Runs `kpk` under a 4 KB file-size limit (SIGXFSZ ignored, so a write fails with EFBIG as it
/// would on a full disk).
fn kpk_with_small_disk(args: &[&str]) -> Output {
    let mut script = String::from("trap '' XFSZ; ulimit -f 4; exec \"$0\"");
    for i in 1..=args.len() {
        script.push_str(&format!(" \"${i}\""));
    }
    Command::new("sh")
        .arg("-c")
        .arg(script)
        .arg(env!("CARGO_BIN_EXE_kpk"))
        .args(args)
        .output()
        .unwrap()
}

#[test]
fn a_failed_write_leaves_the_existing_file_as_it_was() {
    let dir = std::env::temp_dir().join(format!("kpk-cli-atomic-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let before: Vec<u8> = (0..30_000u32).map(|i| (i % 251) as u8).collect();
    for (args, file) in [
        (vec!["generate", "--out"], "kpk.bin"),
        (vec!["generate", "--format", "c", "--out"], "kpk.h"),
        (vec!["show", "7k/8/8/8/8/PK6/8/8 w - - 0 1", "--svg"], "map.svg"),
    ] {
        let path = dir.join(file);
        std::fs::write(&path, &before).unwrap();
        let mut args = args.clone();
        let p = path.to_str().unwrap().to_string();
        args.push(&p);
        let out = kpk_with_small_disk(&args);
        assert!(!out.status.success(), "{args:?} must fail under the limit");
        assert!(stderr(&out).contains("cannot write"), "{}", stderr(&out));
        assert_eq!(std::fs::read(&path).unwrap(), before, "{file} was damaged");
        let leftovers = std::fs::read_dir(&dir).unwrap().count();
        assert_eq!(leftovers, 1, "no temporary file is left behind");
        std::fs::remove_file(&path).unwrap();
    }
    // without the limit the same commands replace the file
    let path = dir.join("kpk.bin");
    std::fs::write(&path, &before).unwrap();
    let out = kpk(&["generate", "--out", path.to_str().unwrap()], None);
    assert!(out.status.success());
    assert!(format::decode(&std::fs::read(&path).unwrap()).is_ok());
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn rules_report_every_rule_as_the_library_measures_it() {
    let out = kpk(&["rules", "--json"], None);
    assert!(out.status.success(), "{}", stderr(&out));
    let rows = json_lines(&out);
    let reports = kpk_rules::measure();
    assert_eq!(rows.len(), reports.len());
    for (row, r) in rows.iter().zip(&reports) {
        assert_eq!(row["id"], r.rule.id);
        assert_eq!(row["positions"], 662_704);
        assert_eq!(row["fires"], r.fires);
        assert_eq!(row["correct"], r.correct);
        assert_eq!(row["wrong"], r.wrong());
        assert!(row["statement"].as_str().is_some_and(|s| !s.is_empty()));
        // an example of an error is a FEN our own probe disagrees with the rule on
        for key in ["false_win_example", "false_draw_example"] {
            if let Some(fen) = row[key].as_str() {
                let probe = kpk(&["probe", "--json", fen], None);
                let verdict = json_lines(&probe)[0]["category"].as_str().unwrap().to_string();
                let claimed_win = key == "false_win_example";
                assert!(claimed_win == (verdict == "draw") || !claimed_win, "{fen}: {verdict}");
                assert!(claimed_win || verdict != "draw", "{fen}: {verdict}");
            }
        }
    }
    let literal_with_errors =
        rows.iter().filter(|r| r["literal"] == true && r["wrong"].as_u64().unwrap() > 0).count();
    assert_eq!(literal_with_errors, 4, "the four literal rules that the literature gets wrong");
    let text = kpk(&["rules"], None);
    assert!(stdout(&text).contains("rule_of_the_square_literal *"));
}

#[test]
fn probe_methods_name_themselves_and_agree_where_they_are_sure() {
    let mut rng = kpk_testkit::XorShift::new(31);
    let fens: Vec<String> = (0..2_000)
        .map(|_| kpk::Endgame::from(kpk_testkit::random_position(&mut rng)).to_string())
        .chain(["7k/8/8/8/8/8/8/K6Q b - - 0 1".to_string()])
        .collect();
    let input = fens.join("\n");
    let run = |method: &str| {
        let out = kpk(&["probe", "--json", "--method", method], Some(&input));
        assert!(out.status.success(), "{method}: {}", stderr(&out));
        json_lines(&out)
    };
    let (tables, rules, recognizer) = (run("bitbase"), run("rules"), run("recognizer"));
    assert_eq!(tables.len(), fens.len());
    let mut unknown = 0;
    for ((t, r), g) in tables.iter().zip(&rules).zip(&recognizer) {
        assert_eq!(r["method"], "rules");
        assert_eq!(g["method"], "recognizer");
        assert!(t.get("method").is_none(), "the default output keeps the lichess shape");
        assert_eq!(r["moves"].as_array().unwrap().len(), t["moves"].as_array().unwrap().len());
        // the rules are always certain and always right
        assert_eq!(r["certain"], true);
        assert_eq!(r["category"], t["category"], "{}", t["fen"]);
        if g["category"] == "unknown" {
            unknown += 1;
        } else {
            assert_eq!(g["category"], t["category"], "{}", t["fen"]);
        }
        // every move the recognizer is sure of agrees with the tables too
        for (tm, gm) in t["moves"].as_array().unwrap().iter().filter_map(|tm| {
            let gm = g["moves"].as_array().unwrap().iter().find(|gm| gm["uci"] == tm["uci"])?;
            Some((tm, gm))
        }) {
            assert!(
                gm["category"] == "unknown" || gm["category"] == tm["category"],
                "{}",
                tm["uci"]
            );
        }
    }
    assert!(unknown > 0 && unknown < fens.len() / 3, "{unknown}");
    assert_eq!(rules.last().unwrap()["basis"], "material");
}

#[test]
fn explain_gives_the_reason_a_player_can_check() {
    let explain = |fen: &str| {
        let out = kpk(&["explain", "--json", fen], None);
        assert!(out.status.success(), "{fen}: {}", stderr(&out));
        json_lines(&out).remove(0)
    };
    // rook pawn, the defender in the corner: a draw however the king stands
    let v = explain("k7/8/K7/P7/8/8/8/8 w - - 0 1");
    assert_eq!(
        (v["category"].as_str(), v["rule"].as_str()),
        (Some("draw"), Some("rook_pawn_corner"))
    );
    assert_eq!(v["key_squares"], serde_json::json!(["b7", "b8"]));
    // the opposition: kings face each other on the e-file, the pawn beside the strong king
    let v = explain("8/8/4k3/8/3PK3/8/8/8 w - - 0 1");
    assert_eq!(
        (v["category"].as_str(), v["rule"].as_str()),
        (Some("draw"), Some("opposition_pawn_beside"))
    );
    assert_eq!((v["strong_king"].as_str(), v["defending_king"].as_str()), (Some("e4"), Some("e6")));
    // the strong king on a key square of its pawn (d6 for a pawn on e4): a win
    let v = explain("8/5k2/3K4/8/4P3/8/8/8 w - - 0 1");
    assert_eq!(
        (v["category"].as_str(), v["rule"].as_str()),
        (Some("win"), Some("key_squares_occupied"))
    );
    let keys: Vec<&str> =
        v["key_squares"].as_array().unwrap().iter().filter_map(|s| s.as_str()).collect();
    assert_eq!(keys, ["d6", "e6", "f6"]);
    assert!(keys.contains(&v["strong_king"].as_str().unwrap()));
    assert!(v["first_move"]["san"].is_string());
    // the knight-pawn stalemate: Ka8 against Kc7 and Pb6, Black to move
    let v = explain("k7/2K5/1P6/8/8/8/8/8 b - - 0 1");
    assert_eq!((v["category"].as_str(), v["rule"].as_str()), (Some("draw"), Some("stalemate")));
    // a race the pawn wins only thanks to its double step: Kb6 is six moves from h8, the pawn
    // five with h2-h4
    let v = explain("8/8/1k6/8/8/8/7P/K7 w - - 0 1");
    assert_eq!(
        (v["category"].as_str(), v["rule"].as_str()),
        (Some("win"), Some("rule_of_the_square"))
    );
    let square: Vec<&str> =
        v["square_of_the_pawn"].as_array().unwrap().iter().filter_map(|s| s.as_str()).collect();
    assert!(square.contains(&"c3") && !square.contains(&"b6") && !square.contains(&"c2"));
    assert_eq!(v["first_move"]["uci"], "h2h4");
    // every explanation agrees with the tables where the rules are certain
    for v in [explain("8/8/8/8/8/4k3/8/4K2R w - - 0 1"), explain("4k3/8/4K3/4P3/8/8/8/8 b - - 0 1")]
    {
        assert!(v["certain"] == true && v["rules_agree"] == true, "{v}");
    }
    let text = kpk(&["explain", "8/8/1k6/8/8/8/7P/K7 w - - 0 1"], None);
    assert!(
        stdout(&text).contains("why: White wins: the black king is outside the square of the pawn")
    );
}

#[test]
fn explain_plans_and_judges_every_move_in_chess_words() {
    let explain = |fen: &str| {
        let out = kpk(&["explain", "--json", fen], None);
        assert!(out.status.success(), "{fen}: {}", stderr(&out));
        json_lines(&out).remove(0)
    };
    // the plan's move, its aim and reason; then one move's verdict, reason and refutation
    let check =
        |fen: &str, plan: [&str; 3], judged: &str, verdict: [&str; 3], line: Option<&str>| {
            let v = explain(fen);
            let p = &v["plan"];
            assert_eq!(
                [&p["san"], &p["aim"], &p["reason"]],
                plan.map(serde_json::Value::from).each_ref(),
                "{fen}"
            );
            let moves = v["moves"].as_array().unwrap();
            assert_eq!(moves.iter().filter(|m| m["verdict"]["plan"] == true).count(), 1, "{fen}");
            let m = moves.iter().find(|m| m["san"] == judged).unwrap();
            let got = &m["verdict"];
            assert_eq!(
                [&got["kind"], &got["result"], &got["reason"]],
                verdict.map(serde_json::Value::from).each_ref(),
                "{fen} {judged}"
            );
            assert_eq!(got["refutation"]["notation"].as_str(), line, "{fen} {judged}");
            v
        };
    // the rule of the square: the pawn runs
    let v = check(
        "8/8/8/8/8/k7/6P1/6K1 w - - 0 1",
        ["g4", "run", "the pawn runs: the black king is outside its square"],
        "Kf1",
        ["keeps", "win", "also keeps the win"],
        None,
    );
    assert_eq!(
        v["plan"]["progress"],
        // the pawn runs: the king's fields are 0
        serde_json::json!({"ranks_to_go": 6, "king_steps": 0, "tempi": 0, "king_ranks_to_go": 0})
    );
    // a key-square win by the opposition; Kd4? hands the opposition to Black
    check(
        "8/8/4k3/8/8/3KP3/8/8 w - - 0 1",
        [
            "Ke4",
            "opposition",
            "the white king takes the opposition, and the black king must give way",
        ],
        "Kd4",
        ["throws", "draw", "throws the win away: after Kd6!, the black king takes the opposition"],
        Some("1. Kd4? Kd6! 2. Ke4 Ke6 3. Kd4 Kd6 4. Ke4"),
    );
    // outflanking: the king goes round the defender on the other side
    check(
        "8/8/5k2/8/4K3/8/3P4/8 w - - 0 1",
        ["Kd5", "outflank", "the white king outflanks the black king"],
        "Ke3",
        ["throws", "draw", "throws the win away: after Ke5!, the black king takes the opposition"],
        Some("1. Ke3? Ke5! 2. Kd3 Kd5 3. Kc3 Kc5 4. Kd3"),
    );
    // a rook-pawn draw: the defender heads for the corner; stepping away lets the pawn run
    check(
        "8/8/8/8/P2k4/8/8/4K3 b - - 0 1",
        ["Kc5", "head_for_corner", "the black king heads for the corner at a8"],
        "Kc3",
        ["throws", "loss", "loses: after a5!, the pawn runs"],
        Some("1... Kc3? 2. a5! Kb4 3. a6 Kb5 4. a7 Kb6"),
    );
    // the defender holds the opposition
    check(
        "8/8/3k4/8/4K3/4P3/8/8 b - - 0 1",
        [
            "Ke6",
            "opposition",
            "the black king takes the opposition, and the white king cannot pass",
        ],
        "Kd7",
        ["throws", "loss", "loses: after Ke5, the white king reaches the key square e5"],
        Some("1... Kd7? 2. Ke5 Ke8 3. Kd6 Kf7 4. e4 Kf6"),
    );
    // the knight-pawn stalemate trap: Kc8?? stalemates
    check(
        "k7/2K5/1P6/8/8/8/8/8 w - - 0 1",
        ["b7+", "advance", "the pawn advances under the king's escort"],
        "Kc8",
        ["throws", "draw", "throws the win away: stalemate"],
        None,
    );
    // a lost defence: the defender holds out longest, by the tables (Kd8 is mated in 12, Kf8
    // in 11), the move the footer names too
    check(
        "4k3/8/4K3/4P3/8/8/8/8 b - - 0 1",
        ["Kd8", "resist", "the black king resists, though every move loses"],
        "Kf8",
        ["keeps", "loss", "loses, as every move does"],
        None,
    );
    let v = explain("4k3/8/4K3/4P3/8/8/8/8 b - - 0 1");
    assert_eq!(v["first_move"]["san"], v["plan"]["san"]);
    // the text form shows the plan and marks the moves
    let text = stdout(&kpk(&["explain", "8/8/4k3/8/8/3KP3/8/8 w - - 0 1"], None));
    assert!(text.contains("\n  plan: Ke4!: the white king takes the opposition, "), "{text}");
    assert!(
        text.contains(
            "\n    Kd4?    throws the win away: after Kd6!, the black king takes the opposition\n"
        ),
        "{text}"
    );
    assert!(text.contains("\n            1. Kd4? Kd6! 2. Ke4 Ke6 3. Kd4 Kd6 4. Ke4\n"), "{text}");
    // beyond KPK: no plan, no verdicts
    let v = explain("8/8/8/8/8/4k3/8/4K2R w - - 0 1");
    assert!(v["plan"].is_null() && v["moves"].as_array().unwrap().is_empty(), "{v}");
}

#[test]
fn bench_conversion_reports_both_evaluations() {
    let o = kpk(&["bench", "conversion", "--json", "--every", "5000", "--depth", "3"], None);
    assert!(o.status.success(), "{}", stderr(&o));
    let lines = json_lines(&o);
    let names: Vec<_> = lines.iter().map(|l| l["evaluation"].as_str().unwrap()).collect();
    assert_eq!(names, ["progress", "pawn-rank"]);
    for l in &lines {
        let games = l["games"].as_u64().unwrap();
        assert!(games > 40, "{l}");
        let parts = ["converted", "drawn", "repeated"].map(|k| l[k].as_u64().unwrap());
        assert_eq!(parts.iter().sum::<u64>(), games, "{l}");
        assert_eq!(l["drawn"], 0, "{l}");
    }
    let o = kpk(&["bench", "conversion", "--depth", "9"], None);
    assert!(!o.status.success());
    assert_eq!(stderr(&o), "error: --depth 9: the benchmark searches 1 to 6 plies\n");
}

#[test]
fn uci_answers_a_conversation() {
    use std::io::{BufRead, BufReader};
    let mut child = Command::new(env!("CARGO_BIN_EXE_kpk"))
        .arg("uci")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    let mut input = child.stdin.take().unwrap();
    let mut output = BufReader::new(child.stdout.take().unwrap());
    let input_lines = "uci\nisready\nposition fen 8/8/8/8/8/3k4/1K4p1/8 w - - 0 1\ngo depth 10\n";
    input.write_all(input_lines.as_bytes()).unwrap();
    let mut text = String::new();
    while !text.contains("bestmove") {
        assert!(output.read_line(&mut text).unwrap() > 0, "{text}");
    }
    writeln!(input, "quit").unwrap();
    assert!(child.wait().unwrap().success());
    assert!(text.contains("option name TTScheme type combo"), "{text}");
    assert!(text.contains("uciok\nreadyok\n"), "{text}");
    // White is mated in 8 plies (the tables agree: kpk probe says dtm -8)
    assert!(text.contains("score mate -4"), "{text}");
    assert!(text.lines().last().unwrap().starts_with("bestmove "), "{text}");
}

#[test]
fn explain_speaks_chess_for_every_kind_of_position() {
    // the whole text, for each kind: a rule, a proof of a win, a proven draw, checkmate,
    // stalemate, a rook pawn, the knight-pawn stalemate, a race won by the double step
    let cases: [(&str, &str); 7] = [
        // a rule: the pawn outruns the king with its double step
        (
            "8/8/1k6/8/8/8/7P/K7 w - - 0 1",
            "8/8/1k6/8/8/8/7P/K7 w - - 0 1\n  white to move: win, mate in 14\n  why: White wins: the black king is outside the square of the pawn.\n  key squares: g7 g8\n  square of the pawn: c3 d3 e3 f3 g3 h3 c4 d4 e4 f4 g4 h4 c5 d5 e5 f5 g5 h5 c6 d6 e6 f6 g6 h6 c7 d7 e7 f7 g7 h7 c8 d8 e8 f8 g8 h8\n  plan: h4!: the pawn runs: the black king is outside its square\n  moves:\n    Kb1?    throws the win away: after Kc5, the black king steps into the square of the pawn and catches it\n            1. Kb1? Kc5 2. Kc1 Kd4 3. Kd1 Kd3 4. Ke1\n    Ka2?    throws the win away: after Kc5, the black king steps into the square of the pawn and catches it\n            1. Ka2? Kc5 2. Kb1 Kd4 3. Kc1 Ke3 4. Kd1\n    Kb2?    throws the win away: after Kc5, the black king steps into the square of the pawn and catches it\n            1. Kb2? Kc5 2. Kc1 Kd4 3. Kd1 Kd3 4. Ke1\n    h3?     throws the win away: after Kc5, the black king steps into the square of the pawn and catches it\n            1. h3? Kc5 2. Kb1 Kd4 3. Kc1 Ke3 4. Kd1\n    h4!     only move: the pawn runs: the black king is outside its square\n  the fastest win starts with h4\n",
        ),
        // a proof of a win: the opposition, then outflanking
        (
            "8/8/4k3/8/8/3KP3/8/8 w - - 0 1",
            "8/8/4k3/8/8/3KP3/8/8 w - - 0 1\n  white to move: win, mate in 19\n  why: White wins: after 1. Ke4 Kd6 2. Kf5, the white king stands on the key square f5 and escorts the pawn in.\n  key squares: d5 e5 f5\n  plan: Ke4!: the white king takes the opposition, and the black king must give way\n  moves:\n    Kc2?    throws the win away: after Ke5, the black king stays in front of the pawn\n            1. Kc2? Ke5 2. Kd3 Kd5 3. e4+ Kd6 4. Kd4\n    Kd2?    throws the win away: the black king guards the key squares d5, e5 and f5 first\n            1. Kd2? Kd6 2. Kd3 Kd5 3. e4+ Kd6 4. Kd4\n    Ke2?    throws the win away: after Kd5, the black king goes to d5, the square that corresponds to e2\n            1. Ke2? Kd5 2. Kd3 Ke5 3. e4 Kd6 4. Kd4\n    Kc3?    throws the win away: after Ke5, the black king stays in front of the pawn\n            1. Kc3? Ke5 2. Kd3 Kd5 3. e4+ Kd6 4. Kd4\n    Kc4?    throws the win away: after Ke5!, the black king stays in front of the pawn\n            1. Kc4? Ke5! 2. Kd3 Kd5 3. e4+ Kd6 4. Kd4\n    Kd4?    throws the win away: after Kd6!, the black king takes the opposition\n            1. Kd4? Kd6! 2. Ke4 Ke6 3. Kd4 Kd6 4. Ke4\n    Ke4!    only move: the white king takes the opposition, and the black king must give way\n    e4?     throws the win away: the black king guards the key squares d6, e6 and f6 first\n            1. e4? Kd7 2. Kd4 Kd6 3. e5+ Kd7 4. Kd5\n  the fastest win starts with Ke4\n",
        ),
        // a proven draw, Black first, numbered from the FEN
        (
            "8/8/k7/8/8/3P4/K7/8 b - - 4 30",
            "8/8/k7/8/8/3P4/K7/8 b - - 4 30\n  black to move: draw\n  why: Draw: after 1... Kb5 2. Ka1, the black king reaches the pawn before the white king can guard it.\n  key squares: c5 d5 e5\n  plan: Kb5: the black king heads for the pawn\n  moves:\n    Kb5     the black king heads for the pawn\n    every other move keeps the draw\n  a move that keeps the draw: Kb5\n",
        ),
        // checkmate
        (
            "7k/6Q1/6K1/8/8/8/8/8 b - - 0 1",
            "7k/6Q1/6K1/8/8/8/8/8 b - - 0 1\n  black to move: checkmated\n  why: White wins: Black is checkmated.\n",
        ),
        // stalemate
        (
            "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1",
            "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1\n  black to move: draw\n  why: Draw: Black is stalemated.\n",
        ),
        // a rook pawn
        (
            "k7/8/K7/P7/8/8/8/8 w - - 0 1",
            "k7/8/K7/P7/8/8/8/8 w - - 0 1\n  white to move: draw\n  why: Draw: the black king holds the corner at a8 against the rook pawn.\n  key squares: b7 b8\n  plan: Kb6: the white king guards the pawn, though no move wins\n  moves:\n    Kb6     the white king guards the pawn, though no move wins\n    every other move keeps the draw\n  a move that keeps the draw: Kb6\n",
        ),
        // the knight-pawn stalemate
        (
            "k7/2K5/1P6/8/8/8/8/8 b - - 0 1",
            "k7/2K5/1P6/8/8/8/8/8 b - - 0 1\n  black to move: draw\n  why: Draw: Black is stalemated.\n  key squares: a7 b7 c7 a8 b8 c8\n",
        ),
    ];
    for (fen, expected) in cases {
        let out = kpk(&["explain", fen], None);
        assert!(out.status.success(), "{fen}: {}", stderr(&out));
        let text = stdout(&out);
        assert_eq!(text, expected, "{fen}");
        // internal identifiers belong in --json, never in the prose people read
        for rule in kpk_rules::RULES.iter().filter(|r| r.id.contains('_')) {
            assert!(!text.contains(rule.id), "{fen}: {}", rule.id);
        }
    }
    // the 50-move rule: with 95 plies on the clock the win of Ke1, Pe2 against Ke8 comes too
    // late; the category is kpk probe's, the why says the rule decides and when it can be claimed
    let fen = "4k3/8/8/8/8/8/4P3/4K3 w - - 95 1";
    let text = stdout(&kpk(&["explain", fen], None));
    assert!(
        text.contains("white to move: draw by the 50-move rule (without it: win, mate in 22)"),
        "{text}"
    );
    assert!(
        text.contains("why: Draw by the 50-move rule: White's next winning pawn move is 5 moves away, but Black can claim the draw after 3 more White moves;"),
        "{text}"
    );
    assert!(!text.contains("keeps the win") && !text.contains("throws the win away"), "{text}");
    let json = stdout(&kpk(&["explain", "--json", fen], None));
    let probe = stdout(&kpk(&["probe", "--json", fen], None));
    assert!(
        json.contains(r#""category":"cursed-win""#) && probe.contains(r#""category":"cursed-win""#)
    );
    // a rule's aside about rook pawns is not read out for another pawn
    let out = kpk(&["explain", "--verbose", "4k3/8/4K3/4P3/8/8/8/8 b - - 0 1"], None);
    let text = stdout(&out);
    assert!(text.contains("why: White wins: the white king stands on the key square e6"), "{text}");
    assert!(
        text.contains("the rule's conditions: The strong king stands on a key square of the pawn"),
        "{text}"
    );
    assert!(!text.contains("rook pawn"), "{text}");
}
