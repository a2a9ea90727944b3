//! `kpk serve` as a person starts it: the URL printed, `/standard` answering what `kpk probe
//! --json` answers, and a clean stop on Ctrl-C.

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::process::{Command, Stdio};

fn get(addr: &str, target: &str) -> (u16, serde_json::Value) {
    let mut stream = TcpStream::connect(addr).unwrap();
    let request = format!("GET {target} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n\r\n");
    stream.write_all(request.as_bytes()).unwrap();
    let mut text = String::new();
    stream.read_to_string(&mut text).unwrap();
    let status = text.split(' ').nth(1).unwrap().parse().unwrap();
    let body = text.split_once("\r\n\r\n").unwrap().1;
    (status, serde_json::from_str(body).unwrap_or_else(|e| panic!("{target}: {e}: {body}")))
}

#[test]
fn serve_answers_as_probe_does_and_stops_on_ctrl_c() {
    let mut child = Command::new(env!("CARGO_BIN_EXE_kpk"))
        .args(["serve", "--addr", "127.0.0.1:0"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut out = BufReader::new(child.stdout.take().unwrap());
    let mut first = String::new();
    out.read_line(&mut first).unwrap();
    let addr = first
        .split("http://")
        .nth(1)
        .and_then(|rest| rest.split('/').next())
        .unwrap_or_else(|| panic!("no URL in {first:?}"))
        .to_string();
    // both colours, KPK, KQK, KRK, KBK, stalemate, checkmate, a loss, a draw
    let sample = [
        "4k3/8/4K3/4P3/8/8/8/8 w - - 0 1",
        "4k3/8/4K3/4P3/8/8/8/8 b - - 0 1",
        "8/8/8/8/4p3/4k3/8/4K3 b - - 0 1",
        "8/8/8/4k3/8/8/4P3/4K3 w - - 0 1",
        "7k/8/6K1/8/8/8/8/1Q6 w - - 0 1",
        "8/8/8/8/8/2k5/8/R3K3 b - - 0 1",
        "8/8/8/8/8/2K5/8/r3k3 w - - 0 1",
        "k7/2K5/1P6/8/8/8/8/8 b - - 0 1",
        "k7/2Q5/1K6/8/8/8/8/8 b - - 0 1",
        "4k3/8/8/8/8/8/8/4KB2 w - - 0 1",
        // the halfmove clock counts: a cursed win, and a blessed loss
        "8/8/8/8/8/2k5/1R6/K7 w - - 80 90",
        "8/8/8/8/8/2k5/1R6/K7 b - - 75 90",
    ];
    for fen in sample {
        let (status, api) = get(&addr, &format!("/standard?fen={}", fen.replace(' ', "_")));
        assert_eq!(status, 200, "{fen}: {api}");
        let parsed = kpk_cli::fen::parse(fen).unwrap();
        let bitbase = kpk_answers::probe::Method::Tables;
        let probe = kpk_answers::batch::probe(fen, &parsed.position, parsed.halfmoves, bitbase);
        let mut probe = serde_json::to_value(probe).unwrap();
        // one definition of the answer: `kpk probe --json` is `/standard` with the FEN echoed
        assert_eq!(probe.as_object_mut().unwrap().remove("fen").unwrap(), fen);
        assert_eq!(api, probe, "{fen}");
    }
    let (status, bad) = get(&addr, "/standard?fen=not_a_fen");
    assert_eq!(status, 400);
    let probe_error = kpk_cli::fen::parse("not a fen").unwrap_err().to_string();
    assert_eq!(bad["error"], probe_error, "the same message as kpk probe");
    // Ctrl-C: finish, say so, exit 0
    let pid = child.id().to_string();
    assert!(Command::new("kill").args(["-INT", &pid]).status().unwrap().success());
    let status = child.wait().unwrap();
    let mut rest = String::new();
    out.read_to_string(&mut rest).unwrap();
    assert!(status.success(), "{status:?}");
    assert!(rest.contains("kpk serve: stopped"), "{rest}");
}

#[test]
fn serve_on_a_taken_port_says_so() {
    let taken = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let addr = taken.local_addr().unwrap().to_string();
    let o =
        Command::new(env!("CARGO_BIN_EXE_kpk")).args(["serve", "--addr", &addr]).output().unwrap();
    assert!(!o.status.success());
    let err = String::from_utf8(o.stderr).unwrap();
    assert!(err.starts_with("error: cannot listen on"), "{err}");
    let o = Command::new(env!("CARGO_BIN_EXE_kpk"))
        .args(["serve", "--addr", "nowhere"])
        .output()
        .unwrap();
    assert!(!o.status.success());
    assert!(String::from_utf8(o.stderr).unwrap().starts_with("error: cannot listen on nowhere"));
}
