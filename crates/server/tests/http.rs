//! The server over real loopback connections: answers against the tables, errors that name
//! the problem, malformed requests that never bring it down, and a bounded load test (10,000
//! requests from 64 concurrent clients, 0 errors; latency printed).

mod common;
use common::start;

use std::io::{Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::sync::OnceLock;
use std::time::{Duration, Instant};

use kpk::{Endgame, dtm};
use kpk_server::Limits;
use serde_json::{Value, json};

/// One server for the whole test binary, on a free loopback port, on its own runtime.
fn server() -> SocketAddr {
    static ADDR: OnceLock<SocketAddr> = OnceLock::new();
    *ADDR.get_or_init(|| start(Limits::default()))
}

/// Sends raw bytes, returns the status code and the body (`None` if the server closed the
/// connection without an answer).
fn raw(request: &[u8]) -> Option<(u16, String)> {
    let mut stream = TcpStream::connect(server()).unwrap();
    stream.set_read_timeout(Some(Duration::from_secs(10))).unwrap();
    stream.write_all(request).ok()?;
    let mut response = Vec::new();
    let _ = stream.read_to_end(&mut response);
    let text = String::from_utf8_lossy(&response).into_owned();
    let status = text.split(' ').nth(1)?.parse().ok()?;
    let body = text.split_once("\r\n\r\n").map_or(String::new(), |(_, b)| b.to_string());
    Some((status, body))
}

/// Sends raw bytes and closes the writing side (so an incomplete request ends), returns
/// whatever the server answered.
fn raw_then_close(request: &[u8]) -> Vec<u8> {
    let mut stream = TcpStream::connect(server()).unwrap();
    stream.set_read_timeout(Some(Duration::from_secs(10))).unwrap();
    let _ = stream.write_all(request);
    let _ = stream.shutdown(std::net::Shutdown::Write);
    let mut response = Vec::new();
    let _ = stream.read_to_end(&mut response);
    response
}

fn get(target: &str) -> (u16, String) {
    let request = format!("GET {target} HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n");
    raw(request.as_bytes()).unwrap_or_else(|| panic!("no answer to GET {target}"))
}

fn get_json(target: &str) -> (u16, Value) {
    let (status, body) = get(target);
    (status, serde_json::from_str(&body).unwrap_or_else(|e| panic!("{target}: {e}: {body}")))
}

/// A FEN as a query value (spaces as underscores, as the lichess API allows).
fn query(fen: &str) -> String {
    fen.replace(' ', "_").replace('/', "%2F")
}

fn parse(fen: &str) -> Endgame {
    kpk_shakmaty::fen::parse(fen).unwrap().position
}

#[test]
fn standard_answers_every_sample_position_from_the_tables() {
    let sample = [
        "4k3/8/4K3/4P3/8/8/8/8 w - - 0 1",
        "4k3/8/4K3/4P3/8/8/8/8 b - - 0 1",
        "8/8/8/8/4p3/4k3/8/4K3 b - - 0 1",
        "8/8/8/8/4p3/4k3/8/4K3 w - - 0 1",
        "7k/8/6K1/8/8/8/8/1Q6 w - - 0 1",
        "8/8/8/8/8/2k5/8/R3K3 b - - 0 1",
        "k7/2K5/1P6/8/8/8/8/8 b - - 0 1",
        "k7/2Q5/1K6/8/8/8/8/8 b - - 0 1",
        "4k3/8/8/8/8/8/8/4KB2 w - - 0 1",
        "4k3/8/8/8/8/8/8/4K3 w - - 0 1",
        "8/1P6/8/8/8/k7/8/K7 w - - 0 1",
    ];
    for fen in sample {
        let (status, v) = get_json(&format!("/standard?fen={}", query(fen)));
        assert_eq!(status, 200, "{fen}: {v}");
        let pos = parse(fen);
        let d = dtm::probe(&pos);
        assert_eq!(v["dtm"], serde_json::json!(d.map(dtm::Dtm::plies)), "{fen}");
        assert_eq!(v["category"], dtm::wdl(&pos).as_str(), "{fen}");
        assert_eq!(v["checkmate"], pos.is_checkmate(), "{fen}");
        assert_eq!(v["stalemate"], pos.is_stalemate(), "{fen}");
        assert_eq!(v["insufficient_material"], pos.is_insufficient_material(), "{fen}");
        let z = kpk::dtz::probe(&pos).plies();
        assert_eq!((&v["dtz"], &v["precise_dtz"]), (&json!(z), &json!(z)), "{fen}");
        for key in ["dtc", "dtw"] {
            assert!(v[key].is_null(), "{fen}: {key}");
        }
        let moves = v["moves"].as_array().unwrap();
        assert_eq!(moves.len(), pos.legal_moves().len(), "{fen}");
        for m in moves {
            let o = dtm::outcomes(&pos).find(|o| m["uci"] == o.mv.to_string()).unwrap();
            assert_eq!(m["dtz"], kpk::dtz::probe(&o.after).plies(), "{fen}");
            assert_eq!(m["dtm"], serde_json::json!(o.dtm.map(dtm::Dtm::plies)), "{fen}");
            assert_eq!(m["category"], dtm::wdl(&o.after).as_str(), "{fen}");
            let pawn_moved =
                pos.extra().is_some_and(|(r, sq)| r == kpk::Role::Pawn && sq == o.mv.from);
            let capture =
                o.after.extra().is_none() && pos.extra().is_some() && o.mv.promotion.is_none();
            assert_eq!(m["zeroing"], pawn_moved || capture, "{fen} {}", o.mv);
            assert_eq!(m["conversion"], capture || o.mv.promotion.is_some(), "{fen} {}", o.mv);
        }
        // best first: the first move's outcome is the position's, and the distances of the
        // moves that win come quickest first
        if let Some(first) = moves.first() {
            let flipped = match first["category"].as_str().unwrap() {
                "loss" => "win",
                "win" => "loss",
                other => other,
            };
            assert_eq!(flipped, v["category"], "{fen}");
        }
    }
}

#[test]
fn standard_counts_the_halfmove_clock_as_lichess_does() {
    // KRK, White mates in 31 plies with no zeroing move before: DTZ 31
    let rook = "8/8/8/8/8/2k5/1R6/K7";
    for (clock, white, black) in
        [(0, "win", "loss"), (69, "win", "loss"), (70, "cursed-win", "blessed-loss")]
    {
        let (_, v) =
            get_json(&format!("/standard?fen={}", query(&format!("{rook} w - - {clock} 1"))));
        assert_eq!(v["category"], white, "clock {clock}");
        assert_eq!(v["dtz"], 31);
        assert_eq!(v["moves"][0]["category"], black, "clock {clock}");
    }
    // every clock from 0 to 101 on a sample of positions: the category follows DTZ + clock,
    // and a move's category the clock after it
    let mut rng = kpk_testkit::XorShift::new(20);
    for i in 0..60 {
        let pos = kpk_testkit::random_position(&mut rng);
        let pos = Endgame::from(pos);
        let z = kpk::dtz::probe(&pos).plies();
        for clock in (0..=101).step_by(1 + i % 5) {
            let fen = pos.to_string().replace(" 0 1", &format!(" {clock} 1"));
            let (_, v) = get_json(&format!("/standard?fen={}", query(&fen)));
            // a checkmated position stands if the mating move came before the clock ran out
            let in_time =
                if v["checkmate"] == true { clock <= 100 } else { z.unsigned_abs() + clock <= 100 };
            let expected = match (z.signum(), in_time) {
                (0, _) => "draw",
                (1, true) => "win",
                (1, false) => "cursed-win",
                (_, true) => "loss",
                (_, false) => "blessed-loss",
            };
            assert_eq!(v["category"], expected, "{fen}");
            for m in v["moves"].as_array().unwrap() {
                let mz = m["dtz"].as_i64().unwrap();
                let after_clock = if m["zeroing"] == true { 0 } else { i64::from(clock) + 1 };
                let in_time = if m["checkmate"] == true {
                    clock < 100
                } else {
                    mz.abs() + after_clock <= 100 && clock < 100
                };
                let expected = match (mz.signum(), in_time) {
                    (0, _) => "draw",
                    (1, true) => "win",
                    (1, false) => "cursed-win",
                    (_, true) => "loss",
                    (_, false) => "blessed-loss",
                };
                assert_eq!(m["category"], expected, "{fen} {}", m["uci"]);
            }
        }
    }
}

#[test]
fn mainline_ends_in_mate_or_a_claimed_fifty_move_draw() {
    let mut rng = kpk_testkit::XorShift::new(21);
    let (mut mates, mut claims) = (0, 0);
    for i in 0..80 {
        let pos = Endgame::from(kpk_testkit::random_position(&mut rng));
        let clock = [0, 60, 85, 95, 99][i % 5];
        let fen = pos.to_string().replace(" 0 1", &format!(" {clock} 1"));
        let (status, v) = get_json(&format!("/standard/mainline?fen={}&dtc=true", query(&fen)));
        assert_eq!(status, 200, "{fen}: {v}");
        let z = kpk::dtz::probe(&pos).plies();
        assert_eq!((&v["dtz"], &v["precise_dtz"]), (&json!(z), &json!(z)), "{fen}");
        let steps = v["mainline"].as_array().unwrap();
        // each step legal, replayed on shakmaty, its DTZ that of the position reached
        let mut board: shakmaty::Chess = fen
            .parse::<shakmaty::fen::Fen>()
            .unwrap()
            .into_position(shakmaty::CastlingMode::Standard)
            .unwrap();
        // DTZ-optimal: without a zeroing move the distance counts down by one each ply and
        // changes sides; a zeroing move or mate is the winner's when his DTZ was 1
        let mut before = i64::from(z);
        for step in steps {
            let uci: shakmaty::uci::UciMove = step["uci"].as_str().unwrap().parse().unwrap();
            let m = uci.to_move(&board).unwrap_or_else(|e| panic!("{fen}: {uci}: {e}"));
            board.play_unchecked(m);
            let after = kpk_shakmaty::to_endgame(&board).unwrap();
            let d = i64::from(kpk::dtz::probe(&after).plies());
            assert_eq!(step["dtz"], d, "{fen}");
            if m.is_zeroing() || after.is_checkmate() {
                assert_eq!(before, 1, "{fen}: {uci} zeroes or mates, but DTZ was {before}");
            } else {
                assert_eq!(d, -before.signum() * (before.abs() - 1), "{fen}: {uci}");
            }
            before = d;
        }
        use shakmaty::Position as _;
        if z == 0 {
            assert!(steps.is_empty() && v["winner"].is_null(), "{fen}");
        } else if board.is_checkmate() {
            let winner = if board.turn() == shakmaty::Color::White { "b" } else { "w" };
            assert_eq!(v["winner"], winner, "{fen}");
            mates += 1;
        } else {
            // the line stopped because the clock reached 100: a claimed draw
            assert_eq!(board.halfmoves(), 100, "{fen}");
            assert!(v["winner"].is_null(), "{fen}");
            claims += 1;
        }
    }
    assert!(mates > 10 && claims > 3, "{mates} {claims}");
}

#[test]
fn the_map_agrees_with_standard_on_all_64_squares() {
    let fen = "8/8/8/8/2k5/8/2P5/2K5 w - - 0 1";
    let (status, v) = get_json(&format!("/kpk/map?fen={}", query(fen)));
    assert_eq!(status, 200, "{v}");
    let squares = v["squares"].as_object().unwrap();
    assert_eq!(squares.len(), 64);
    let (mut wins, mut draws) = (0, 0);
    for sq in kpk::Square::ALL {
        let name = sq.to_string();
        // the same placement with the defending king on `sq`
        let mut board = ['.'; 64];
        board[usize::from(kpk::Square::C1.index())] = 'K';
        board[usize::from(kpk::Square::C2.index())] = 'P';
        board[usize::from(sq.index())] =
            if board[usize::from(sq.index())] == '.' { 'k' } else { 'x' };
        let mark = &squares[&name];
        let placement: String = (0..8)
            .rev()
            .map(|rank| (0..8).map(|file| board[rank * 8 + file]).collect::<String>())
            .collect::<Vec<_>>()
            .join("/");
        if placement.contains('x') {
            assert!(mark.is_null(), "{name}");
            continue;
        }
        let fen = format!("{placement} w - - 0 1").replace("........", "8");
        let fen = compress(&fen);
        let (status, s) = get_json(&format!("/standard?fen={}", query(&fen)));
        if status == 400 {
            assert!(mark.is_null(), "{name}: {s}");
            continue;
        }
        let expected = if s["category"] == "win" { "win" } else { "draw" };
        assert_eq!(mark, expected, "{name}");
        if expected == "win" { wins += 1 } else { draws += 1 }
    }
    assert!(wins > 0 && draws > 0, "{wins} {draws}");
    assert_eq!(v["explanation"]["rule"], "corresponding_squares");
    let (status, e) =
        get_json(&format!("/kpk/map?fen={}", query("7k/8/6K1/8/8/8/8/1Q6 w - - 0 1")));
    assert_eq!(status, 400);
    assert!(e["error"].as_str().unwrap().contains("KQvK"), "{e}");
}

/// Runs of dots as digits.
fn compress(fen: &str) -> String {
    let mut out = String::new();
    let mut run = 0;
    for c in fen.chars() {
        if c == '.' {
            run += 1;
            continue;
        }
        if run > 0 {
            out.push_str(&run.to_string());
            run = 0;
        }
        out.push(c);
    }
    out
}

#[test]
fn the_line_walks_to_mate() {
    let fen = "4k3/8/4K3/4P3/8/8/8/8 w - - 0 1";
    let (status, v) = get_json(&format!("/kpk/line?fen={}", query(fen)));
    assert_eq!(status, 200);
    let steps = v["steps"].as_array().unwrap();
    let expected = dtm::probe(&parse(fen)).unwrap().plies();
    assert_eq!(steps.len(), usize::try_from(expected).unwrap());
    let last = parse(steps.last().unwrap()["fen"].as_str().unwrap());
    assert!(last.is_checkmate());
    let (_, draw) = get_json(&format!("/kpk/line?fen={}", query("4k3/8/8/8/8/8/8/4K3 w - - 0 1")));
    assert_eq!(draw["steps"].as_array().unwrap().len(), 0);
}

#[test]
fn a_position_beyond_the_tables_is_unknown_with_every_move_as_lila_tablebase_answers() {
    // more men than the embedded tables hold, and castling rights (the start position): 200,
    // `unknown`, and every legal move, each unknown too (no file is given here)
    for (fen, moves) in [
        ("4k3/8/8/8/8/8/PP6/4K3 w - - 0 1", 9),
        ("r3k3/8/8/8/8/8/8/4K3 w q - 0 1", 5),
        ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", 20),
    ] {
        let (status, v) = get_json(&format!("/standard?fen={}", query(fen)));
        assert_eq!(status, 200, "{fen}: {v}");
        assert_eq!(v["category"], "unknown", "{fen}");
        let list = v["moves"].as_array().unwrap();
        assert_eq!(list.len(), moves, "{fen}");
        assert!(list.iter().all(|m| m["category"] == "unknown" && m["dtz"].is_null()), "{fen}");
    }
    // a capture into three men is answered exactly: Qxh7 wins
    let (status, v) =
        get_json(&format!("/standard?fen={}", query("k7/7p/8/8/8/8/7Q/K7 w - - 0 1")));
    assert_eq!(status, 200);
    let capture = v["moves"].as_array().unwrap().iter().find(|m| m["san"] == "Qxh7").unwrap();
    assert_eq!(capture["category"], "loss", "{capture}");
    assert!(capture["dtm"].is_i64(), "three men after the capture: a DTM");
    assert_eq!(v["category"], "win", "the best move decides the category");
}

#[test]
fn the_view_is_the_first_paints_and_lists_every_legal_move() {
    let (status, v) = get_json(&format!("/view?fen={}", query("4k3/8/4K3/4P3/8/8/8/8 w - - 0 1")));
    assert_eq!(status, 200, "{v}");
    assert_eq!(v["verdict"], "White to move wins: mate in 11 (21 plies), DTZ 3");
    let page = fetch(&format!("/?fen={}", query("4k3/8/4K3/4P3/8/8/8/8 w - - 0 1")));
    assert!(
        page.contains(v["verdict"].as_str().unwrap()),
        "the first paint says the view's verdict"
    );
    for m in v["groups"][0]["moves"].as_array().unwrap() {
        assert!(page.contains(&format!("<strong>{}</strong>", m["san"].as_str().unwrap())), "{m}");
    }
    // any legal position: the starting position's twenty moves, each with the FEN after it
    let (status, v) = get_json(
        "/view?fen=rnbqkbnr%2Fpppppppp%2F8%2F8%2F8%2F8%2FPPPPPPPP%2FRNBQKBNR_w_KQkq_-_0_1",
    );
    assert_eq!(status, 200, "{v}");
    let legal = v["legal"].as_array().unwrap();
    assert_eq!(legal.len(), 20);
    let e4 = legal.iter().find(|m| m["san"] == "e4").unwrap();
    assert_eq!(e4["fen"], "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1");
    // without a FEN, the position the page opens with
    let (status, v) = get_json("/view");
    assert_eq!((status, v["fen"].as_str()), (200, Some("4k3/8/8/8/8/8/4P3/4K3 w - - 0 1")));
}

#[test]
fn bad_requests_get_an_error_that_names_the_problem() {
    let cases = [
        ("/standard", 400, "missing parameter 'fen'"),
        ("/standard?fen=", 400, "empty FEN"),
        ("/standard?fen=hello", 400, "invalid FEN"),
        ("/standard?fen=8%2F8%2F8%2F8%2F8%2F8%2F8%2F8_w_-_-_0_1", 400, "illegal position"),
        (
            "/standard/mainline?fen=4k3%2F8%2F8%2F8%2F8%2F8%2FPP6%2F4K3_w_-_-_0_1",
            404,
            "tables hold at most 3",
        ),
        ("/standard/mainline?fen=r3k3%2F8%2F8%2F8%2F8%2F8%2F8%2F4K3_w_q_-_0_1", 404, "castling"),
        ("/standard/mainline?fen=hello", 400, "invalid FEN"),
        ("/standard?fen=%ZZ", 400, "invalid FEN"),
        ("/standard?fen=a&fen=b", 400, "malformed query"),
        ("/kpk/map?fen=4k3%2F8%2F8%2F8%2F8%2F8%2F8%2F4K3_w_-_-_0_1", 400, "KPK position"),
        ("/view?fen=hello", 400, "invalid FEN"),
        ("/view?fen=a&fen=b", 400, "malformed query"),
        ("/nowhere", 404, "not found"),
    ];
    for (target, status, words) in cases {
        let (got, v) = get_json(target);
        assert_eq!(got, status, "{target}: {v}");
        assert!(v["error"].as_str().unwrap().contains(words), "{target}: {v}");
    }
    let long = format!("/standard?fen={}", "8".repeat(200));
    let (got, v) = get_json(&long);
    assert_eq!(got, 400);
    assert!(v["error"].as_str().unwrap().contains("too long"), "{v}");
    let post =
        b"POST /standard HTTP/1.1\r\nHost: x\r\nContent-Length: 2\r\nConnection: close\r\n\r\n{}";
    let (got, body) = raw(post).unwrap();
    assert_eq!(got, 405, "{body}");
}

#[test]
fn garbage_never_brings_the_server_down() {
    let garbage: [&[u8]; 7] = [
        b"\x00\x01\x02\r\n\r\n",
        b"GET\r\n\r\n",
        b"GET /standard?fen=\xff\xfe HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n",
        b"GET / HTTP/9.9\r\n\r\n",
        b"GET / HTTP/1.1\r\nHost: x\r\nContent-Length: -1\r\n\r\n",
        b"GET / HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n",
        b"",
    ];
    for g in garbage {
        // any answer or a closed connection is fine (a GET with a broken body may still be
        // answered); a crash is not: the request after them all must be answered
        let _ = raw_then_close(g);
    }
    let huge_header = format!(
        "GET / HTTP/1.1\r\nHost: x\r\nX-Big: {}\r\nConnection: close\r\n\r\n",
        "a".repeat(1 << 20)
    );
    let answer = raw_then_close(huge_header.as_bytes());
    assert!(answer.is_empty() || answer.starts_with(b"HTTP/1.1 431"), "{answer:?}");
    // a connection opened and dropped half-way
    let mut half = TcpStream::connect(server()).unwrap();
    half.write_all(b"GET /standard?fen=4k3").unwrap();
    drop(half);
    let (status, v) =
        get_json(&format!("/standard?fen={}", query("4k3/8/4K3/4P3/8/8/8/8 w - - 0 1")));
    assert_eq!((status, v["category"].as_str()), (200, Some("win")));
}

/// GET `path` on a new connection: the whole response as text.
fn fetch(path: &str) -> String {
    let request = format!("GET {path} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n");
    let mut stream = TcpStream::connect(server()).unwrap();
    stream.write_all(request.as_bytes()).unwrap();
    let mut text = String::new();
    stream.read_to_string(&mut text).unwrap();
    text
}

#[test]
fn the_page_and_its_assets_are_served_without_external_references() {
    let assets = [("/", "text/html"), ("/page.css", "text/css"), ("/page.js", "text/javascript")];
    for (path, kind) in assets {
        let text = fetch(path);
        assert!(text.starts_with("HTTP/1.1 200"), "{path}");
        assert!(text.to_ascii_lowercase().contains(&format!("content-type: {kind}")), "{path}");
        assert!(text.contains("content-security-policy: default-src 'self'"), "{path}");
        // nothing loaded from elsewhere: no absolute URL in the page or its assets
        let body = text.split_once("\r\n\r\n").unwrap().1;
        assert!(!body.contains("https://") && !body.contains("//cdn"), "{path}");
        assert!(!body.contains("\nimport ") && !body.contains("from \"./"), "{path} is one module");
    }
    // the page names its one script and one style sheet, nothing else
    let page = fetch("/");
    assert!(page.contains(r#"<script type="module" src="page.js"></script>"#));
    assert!(page.contains(r#"<link rel="stylesheet" href="page.css">"#));
    assert_eq!(page.matches("<script").count(), 1);
    assert!(fetch("/js/app.js").starts_with("HTTP/1.1 404"));
    // the first paint: the verdict and every move of the link (or the starting position) before
    // any script runs; the board is chessground's, drawn by the script
    let linked = fetch("/?fen=8/8/8/8/3k4/8/3KP3/8_w_-_-_0_1&flip=1");
    assert!(linked.contains(">White to move: draw<"), "{linked}");
    assert!(linked.contains("<strong>Kc1</strong>"), "{linked}");
    assert!(linked.contains(
        r#"aria-label="chess board. White: king d2, pawn e2. Black: king d4. White to move.""#
    ));
    // a FEN that does not read lists no move, and says what is wrong
    let refused = fetch("/?fen=not-a-fen");
    assert!(!refused.contains("<strong>"), "{refused}");
    assert!(refused.contains("invalid FEN"), "{refused}");
}

#[test]
fn clients_that_never_finish_a_request_head_are_dropped() {
    // a server of its own with a one-second limit for the head; the default is five seconds
    let header_time = Duration::from_secs(1);
    let addr = start(Limits { header_time, ..Limits::default() });
    // 1,000 connections (more than the 64 requests handled at once): half of them send half a
    // request head, the others connect and send nothing
    let started = Instant::now();
    let mut slow: Vec<TcpStream> = (0..1000)
        .map(|i| {
            let mut stream = TcpStream::connect(addr).unwrap();
            if i % 2 == 0 {
                stream
                    .write_all(b"GET /standard?fen=8/8/8/8/8/8/8/8 HTTP/1.1\r\nHost: kp")
                    .unwrap();
            }
            stream
        })
        .collect();
    // every one of them is closed by the server, without an answer, soon after the limit (a
    // connection the kernel's accept queue could not take at once is accepted when its client
    // sends again, after a retransmission delay, so the deadline leaves room for that)
    for (i, stream) in slow.iter_mut().enumerate() {
        let left =
            (header_time * 15).saturating_sub(started.elapsed()).max(Duration::from_millis(1));
        stream.set_read_timeout(Some(left)).unwrap();
        let mut buf = [0u8; 256];
        match stream.read(&mut buf) {
            Ok(n) => {
                // an answer, if any, may only be the 408 hyper sends for a late head
                let text = String::from_utf8_lossy(&buf[..n]);
                assert!(n == 0 || text.starts_with("HTTP/1.1 408"), "connection {i}: {text}");
            }
            Err(e) => assert_eq!(
                e.kind(),
                std::io::ErrorKind::ConnectionReset,
                "connection {i} still open after {:?}",
                started.elapsed()
            ),
        }
    }
    let closed_after = started.elapsed();
    assert!(closed_after >= header_time, "closed before the limit: {closed_after:?}");
    // and the server still answers a complete request at once
    let mut stream = TcpStream::connect(addr).unwrap();
    stream.set_read_timeout(Some(Duration::from_secs(5))).unwrap();
    stream.write_all(b"GET / HTTP/1.1\r\nHost: kpk\r\nConnection: close\r\n\r\n").unwrap();
    let mut response = Vec::new();
    let _ = stream.read_to_end(&mut response);
    assert!(response.starts_with(b"HTTP/1.1 200"), "{}", String::from_utf8_lossy(&response));
    println!("1,000 half-open connections closed within {closed_after:?} (limit {header_time:?})");
}

#[test]
fn load_10000_requests_from_64_clients_without_an_error() {
    const CLIENTS: usize = 64;
    const PER_CLIENT: usize = 157; // 10,048 requests
    let fens: Vec<String> = {
        let mut rng = kpk_testkit::XorShift::new(7);
        (0..256)
            .map(|_| {
                let pos = Endgame::from(kpk_testkit::random_position(&mut rng));
                query(&pos.to_string())
            })
            .collect()
    };
    let started = Instant::now();
    let threads: Vec<_> = (0..CLIENTS)
        .map(|c| {
            let fens = fens.clone();
            std::thread::spawn(move || {
                let mut latencies = Vec::with_capacity(PER_CLIENT);
                let mut errors = 0u32;
                for i in 0..PER_CLIENT {
                    let target =
                        format!("/standard?fen={}", fens[(c * PER_CLIENT + i) % fens.len()]);
                    let t = Instant::now();
                    let request =
                        format!("GET {target} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n");
                    match raw(request.as_bytes()) {
                        Some((200, body)) if body.starts_with("{\"checkmate\"") => {}
                        _ => errors += 1,
                    }
                    latencies.push(t.elapsed());
                }
                (latencies, errors)
            })
        })
        .collect();
    let mut all = Vec::new();
    let mut errors = 0;
    for t in threads {
        let (l, e) = t.join().unwrap();
        all.extend(l);
        errors += e;
    }
    let wall = started.elapsed();
    all.sort();
    let pick = |q: f64| {
        #[allow(
            clippy::cast_possible_truncation,
            clippy::cast_sign_loss,
            clippy::cast_precision_loss
        )]
        let i = ((all.len() - 1) as f64 * q).round() as usize;
        all[i]
    };
    println!(
        "load: {} requests from {CLIENTS} clients in {wall:.2?}: {errors} errors, p50 {:.2?}, p99 {:.2?}, max {:.2?}",
        all.len(),
        pick(0.5),
        pick(0.99),
        all[all.len() - 1]
    );
    assert_eq!(all.len(), CLIENTS * PER_CLIENT);
    assert_eq!(errors, 0);
}
