//! `/engine` over real loopback connections: the stream of iterations (depth growing, every
//! line's moves legal, the score in its band, the tables' exact answer where they hold the
//! position), errors that name the problem, the limit per client, and the server's tablebase
//! routes staying quick while 50 analyses run and wait.

mod common;
mod stream;
use common::start;
use stream::{get, lines, query};

use std::io::{BufRead, BufReader, Write};
use std::net::{SocketAddr, TcpStream};
use std::time::{Duration, Instant};

use kpk_server::{EngineLimits, Limits};
use serde_json::Value;
use shakmaty::fen::Fen;
use shakmaty::uci::UciMove;
use shakmaty::{CastlingMode, Chess, Position};

fn position(fen: &str) -> Chess {
    fen.parse::<Fen>().unwrap().into_position(CastlingMode::Standard).unwrap()
}

/// Every move of `pv` legal in turn from `fen`.
fn assert_legal(fen: &str, pv: &Value) {
    let mut pos = position(fen);
    for m in pv.as_array().unwrap() {
        let uci: UciMove = m["uci"].as_str().unwrap().parse().unwrap();
        let mv = uci.to_move(&pos).unwrap_or_else(|e| panic!("{fen}: {m}: {e}"));
        pos.play_unchecked(mv);
    }
}

#[test]
fn the_engine_streams_its_iterations_deeper_and_deeper_with_legal_lines() {
    let addr = start(Limits::default());
    // 32 men with castling rights, and KPKP: a real search, depth growing
    for fen in [
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "8/8/4k3/4p3/8/4P3/4K3/8 w - - 0 1",
    ] {
        let (status, body) = get(addr, &format!("/engine?fen={}&movetime=800", query(fen)));
        assert_eq!(status, 200, "{fen}: {body}");
        let lines = lines(&body);
        let (last, iterations) = lines.split_last().unwrap();
        assert_eq!(last["done"], true, "{fen}");
        assert!(iterations.len() >= 3, "{fen}: {} iterations", iterations.len());
        let depths: Vec<u64> = iterations.iter().map(|l| l["depth"].as_u64().unwrap()).collect();
        assert!(depths.windows(2).all(|w| w[0] < w[1]), "{fen}: depths {depths:?}");
        for it in iterations {
            assert_legal(fen, &it["pv"]);
            assert!(
                ["heuristic", "mate", "mated", "known_win", "known_loss"]
                    .contains(&it["score"]["band"].as_str().unwrap())
            );
        }
        let best = last["bestmove"]["uci"].as_str().unwrap();
        assert_eq!(best, iterations.last().unwrap()["pv"][0]["uci"], "{fen}");
    }
    // three men: the tables' exact answer at the root, a mate in the mate band
    let fen = "8/8/4k3/8/8/3KP3/8/8 w - - 0 1";
    let (_, body) = get(addr, &format!("/engine?fen={}", query(fen)));
    let lines = lines(&body);
    assert_eq!(lines[0]["score"]["band"], "mate");
    assert_eq!(lines[0]["score"]["text"], "mate in 19");
    assert_eq!(lines[0]["pv"][0]["san"], "Ke4");
    assert_legal(fen, &lines[0]["pv"]);
}

#[test]
fn several_lines_come_per_depth_each_with_its_own_first_move() {
    let addr = start(Limits::default());
    let fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    let (status, body) = get(addr, &format!("/engine?fen={}&movetime=800&multipv=3", query(fen)));
    assert_eq!(status, 200, "{body}");
    let lines = lines(&body);
    let (last, iterations) = lines.split_last().unwrap();
    assert_eq!(last["done"], true);
    // each completed depth: lines 1, 2, 3 in order, three different first moves, best first
    let depth = iterations.last().unwrap()["depth"].as_u64().unwrap();
    let at: Vec<&Value> =
        iterations.iter().filter(|l| l["depth"].as_u64() == Some(depth - 1)).collect();
    let ranks: Vec<u64> = at.iter().map(|l| l["multipv"].as_u64().unwrap()).collect();
    assert_eq!(ranks, [1, 2, 3], "depth {}: {ranks:?}", depth - 1);
    let firsts: std::collections::HashSet<&str> =
        at.iter().map(|l| l["pv"][0]["uci"].as_str().unwrap()).collect();
    assert_eq!(firsts.len(), 3);
    for l in &at {
        assert_legal(fen, &l["pv"]);
    }
    let value = |l: &Value| l["score"]["value"].as_i64().unwrap();
    assert!(value(at[0]) >= value(at[1]) && value(at[1]) >= value(at[2]));
    let (status, body) = get(addr, &format!("/engine?fen={}&multipv=6", query(fen)));
    assert_eq!(status, 400, "{body}");
    assert!(body.contains("1 to 5 lines"), "{body}");
}

#[test]
fn engine_errors_name_the_problem() {
    let addr = start(Limits::default());
    for (target, status, words) in [
        ("/engine?fen=hello", 400, "invalid FEN"),
        ("/engine", 400, "FEN"),
        ("/engine?fen=8%2F8%2F8%2F8%2F8%2F8%2F8%2F8_w_-_-_0_1", 400, "king"),
        (
            "/engine?fen=4k3%2F8%2F8%2F8%2F8%2F8%2F8%2F4K3_w_-_-_0_1&movetime=soon",
            400,
            "malformed query",
        ),
    ] {
        let (got, body) = get(addr, target);
        let v: Value =
            serde_json::from_str(&body).unwrap_or_else(|e| panic!("{target}: {e}: {body}"));
        assert_eq!(got, status, "{target}: {body}");
        assert!(v["error"].as_str().unwrap().contains(words), "{target}: {body}");
    }
}

/// Starts an analysis and reads its first line, leaving the connection open (the analysis
/// goes on until its time is up or the connection closes).
fn open_analysis(addr: SocketAddr, fen: &str, movetime: u64) -> (BufReader<TcpStream>, u16) {
    let mut stream = TcpStream::connect(addr).unwrap();
    stream.set_read_timeout(Some(Duration::from_secs(30))).unwrap();
    let request = format!(
        "GET /engine?fen={}&movetime={movetime} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n",
        query(fen)
    );
    stream.write_all(request.as_bytes()).unwrap();
    let mut reader = BufReader::new(stream);
    let mut status_line = String::new();
    reader.read_line(&mut status_line).unwrap();
    let status = status_line.split(' ').nth(1).and_then(|s| s.parse().ok()).unwrap_or(0);
    (reader, status)
}

#[test]
fn one_client_gets_one_analysis_per_tab_up_to_its_limit_and_a_429_beyond() {
    let addr = start(Limits::default());
    let fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    let tabs = usize::from(EngineLimits::ANALYSES);
    assert!(tabs >= 4, "at least four tabs analyse at once by default");
    let open: Vec<_> = (0..tabs).map(|_| open_analysis(addr, fen, 10_000)).collect();
    assert!(open.iter().all(|(_, status)| *status == 200));
    // each is searching, none waiting for a turn: its first iteration comes at once
    let mut open: Vec<_> = open.into_iter().map(|(reader, _)| reader).collect();
    for reader in &mut open {
        let started = Instant::now();
        let mut line = String::new();
        while !line.contains("\"depth\"") {
            line.clear();
            assert!(
                reader.read_line(&mut line).unwrap() > 0,
                "an analysis ended before its first line"
            );
            assert!(!line.contains("error"), "{line}");
        }
        assert!(started.elapsed() < Duration::from_secs(5), "an analysis waited for its turn");
    }
    let (status, body) = get(addr, &format!("/engine?fen={}&movetime=100", query(fen)));
    assert_eq!(status, 429, "{body}");
    assert!(body.contains("too many analyses") && body.contains("--analyses"), "{body}");
    let (first, second) = (open.pop(), open.pop());
    // a client that goes away frees its turn and its slot long before its 10 s are up: the
    // next analysis is admitted within 3 s
    drop(first);
    drop(second);
    let deadline = Instant::now() + Duration::from_secs(3);
    loop {
        let (status, _) = get(addr, &format!("/engine?fen={}&movetime=50", query(fen)));
        if status == 200 {
            break;
        }
        assert!(Instant::now() < deadline, "the closed analyses never ended");
        std::thread::sleep(Duration::from_millis(100));
    }
}

#[test]
fn fifty_analyses_at_once_leave_the_tablebase_answering_quickly() {
    // every analysis admitted (one client address here), one search at a time: 49 wait
    let engine = EngineLimits {
        per_client: 64,
        searches: 1,
        queue_time: Duration::from_secs(3),
        ..EngineLimits::default()
    };
    let addr = start(Limits { engine, ..Limits::default() });
    let fen = "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4";
    let analyses: Vec<_> = (0..50)
        .map(|_| {
            std::thread::spawn(move || {
                let (status, body) = get(addr, &format!("/engine?fen={}&movetime=400", query(fen)));
                // searched (its last line names the best move) or told the engine is busy
                (status, body.contains("\"done\":true"), body.contains("the engine is busy"))
            })
        })
        .collect();
    std::thread::sleep(Duration::from_millis(200));
    let mut latencies = Vec::new();
    for i in 0..60 {
        let fen = ["8/8/4k3/8/8/3KP3/8/8 w - - 0 1", "8/8/8/8/8/2k5/1R6/K7 w - - 0 1"][i % 2];
        let t = Instant::now();
        let (status, body) = get(addr, &format!("/standard?fen={}", query(fen)));
        latencies.push(t.elapsed());
        assert_eq!(status, 200, "{body}");
        std::thread::sleep(Duration::from_millis(50));
    }
    let answers: Vec<(u16, bool, bool)> = analyses.into_iter().map(|t| t.join().unwrap()).collect();
    latencies.sort();
    let median = latencies[latencies.len() / 2];
    let searched = answers.iter().filter(|a| a.1).count();
    let busy = answers.iter().filter(|a| a.2).count();
    println!(
        "engine load: 50 analyses asked at once ({searched} searched in turn, {busy} told the engine is busy after 3 s), /standard meanwhile: median {median:.2?}, max {:.2?}",
        latencies[latencies.len() - 1]
    );
    assert!(answers.iter().all(|a| a.0 == 200 && (a.1 || a.2)), "{answers:?}");
    assert!(searched >= 5 && searched + busy == 50, "{searched} searched, {busy} busy");
    assert!(median < Duration::from_millis(100), "median {median:?}");
}
