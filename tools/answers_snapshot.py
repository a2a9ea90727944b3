#!/usr/bin/env python3
"""Writes every answer of a `kpk` binary to a directory, for a byte-for-byte comparison of two
builds (`diff -r before after`).

Positions: for every ending of at most three men (KPK, KQK, KRK, KBK, KNK, and KK) a
deterministic sample of legal positions drawn with python-chess (either colour strong, either side
to move, a halfmove clock of 0 or, for one in four, drawn from 1 to 100), plus inputs that must be
refused (four men, malformed FENs, illegal positions).

Answers, each in a file per ending:
  probe.txt, probe.json, probe-rules.txt, probe-rules.json, probe-recognizer.txt,
  probe-recognizer.json   `kpk probe [--json] [--method M]`, one batch on standard input
  line.txt, line.json, explain.txt, explain.json
                          `kpk line [--json] FEN`, `kpk explain [--json] FEN`, one process each
  show.txt                `kpk show FEN`, one process each
  standard.txt, mainline.txt, map.txt, kpk-line.txt, page.txt
                          `/standard`, `/standard/mainline`, `/kpk/map`, `/kpk/line` and the
                          page's first paint `/?fen=` of `kpk serve` (status line and body)
  python.txt              with --python: the Python package's answers (`kpk.probe`,
                          `kpk.best_moves`, `kpk.optimal_line`, `kpk.classify`,
                          `kpk.recognize`, `kpk.explain`, `kpk.plan`, `kpk.judge` of every move)
and once: stats.txt, stats.json, rules.txt, rules.json (`kpk stats [--json]`,
`kpk rules [--json]`), and with --syzygy DIR a sample of 4-man positions answered by
`kpk probe [--json] --syzygy DIR` and `/standard` of `kpk serve --syzygy DIR` (syzygy/).

Usage:
  python3 tools/answers_snapshot.py target/release/kpk OUT_DIR [--per-ending 10000]
      [--syzygy ../shared/syzygy] [--python]
"""

import argparse
import concurrent.futures
import http.client
import os
import random
import re
import subprocess
import sys
import urllib.parse

import chess

ENDINGS = {
    "KPK": chess.PAWN,
    "KQK": chess.QUEEN,
    "KRK": chess.ROOK,
    "KBK": chess.BISHOP,
    "KNK": chess.KNIGHT,
    "KK": None,
}

REFUSED = [
    "",
    "hello",
    "8/8/8/8/8/8/8/8 w - - 0 1",
    "4k3/8/8/8/8/8/3PP3/4K3 w - - 0 1",
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "4k3/8/8/8/8/8/8/4K2P w - - 0 1",
    "4k3/4P3/4K3/8/8/8/8/8 x - - 0 1",
    "4k3/8/4K3/4P3/8/8/8/8 w - - 0",
    "4k3/8/4K3/4P3/8/8/8/8 w - - 150 1",
    "4k3/8/4K3/4P3/8/8/8/8 w - e3 0 1",
    "4k3/8/4K3/4P3/8/8/8/8 w K - 0 1",
    "4kK2/8/8/4P3/8/8/8/8 w - - 0 1",
    "4k3/8/4K3/4P3/8/8/8 w - - 0 1",
    "4k3/8/4K3/4P3/8/8/8/8/8 w - - 0 1",
    "4k3/8/4K3/4P3/8/8/8/8 b - - 0 1",
    "3k4/8/8/8/8/8/8/R3K3 b - - 0 1",
]


def positions(role, count, rng):
    """`count` distinct legal positions of the ending with `role` as the extra man."""
    seen = set()
    out = []
    attempts = 0
    while len(out) < count and attempts < 200 * count:
        attempts += 1
        board = chess.Board(None)
        squares = rng.sample(range(64), 3)
        strong = rng.choice([chess.WHITE, chess.BLACK])
        board.set_piece_at(squares[0], chess.Piece(chess.KING, strong))
        board.set_piece_at(squares[1], chess.Piece(chess.KING, not strong))
        if role is not None:
            board.set_piece_at(squares[2], chess.Piece(role, strong))
        board.turn = rng.choice([chess.WHITE, chess.BLACK])
        if rng.random() < 0.25:
            board.halfmove_clock = rng.randint(1, 100)
        if not board.is_valid():
            continue
        fen = board.fen()
        if fen in seen:
            continue
        seen.add(fen)
        out.append(fen)
    return out


def run(cmd, stdin=None):
    """Exit status, standard output and standard error of a command."""
    done = subprocess.run(cmd, input=stdin, capture_output=True, text=True)
    return done.returncode, done.stdout, done.stderr


def record(code, out, err):
    return f"exit {code}\n{out}{err}--\n"


def snapshot_cli(kpk, fens, out_dir, workers):
    batch = "".join(f + "\n" for f in fens)
    for method in [None, "rules", "recognizer"]:
        for json in [False, True]:
            cmd = [kpk, "probe"] + (["--json"] if json else [])
            if method:
                cmd += ["--method", method]
            name = "probe" + (f"-{method}" if method else "") + (".json" if json else ".txt")
            with open(os.path.join(out_dir, name), "w") as f:
                f.write(record(*run(cmd, batch)))
    for sub in ["line", "explain", "show"]:
        for json in [False, True] if sub != "show" else [False]:
            cmds = [[kpk, sub] + (["--json"] if json else []) + ["--", fen] for fen in fens]
            with concurrent.futures.ThreadPoolExecutor(workers) as pool:
                results = list(pool.map(run, cmds))
            name = sub + (".json" if json else ".txt")
            with open(os.path.join(out_dir, name), "w") as f:
                for fen, res in zip(fens, results):
                    f.write(f"{fen}\n{record(*res)}")


def snapshot_server(kpk, ending_fens, out_dir, routes=None, extra_args=()):
    server = subprocess.Popen(
        [kpk, "serve", "--addr", "127.0.0.1:0", *extra_args], stdout=subprocess.PIPE, text=True
    )
    try:
        line = server.stdout.readline()
        match = re.search(r"http://127\.0\.0\.1:(\d+)/", line)
        if not match:
            sys.exit(f"kpk serve printed no URL: {line!r}")
        port = int(match.group(1))
        conn = http.client.HTTPConnection("127.0.0.1", port)
        routes = routes or [
            ("/standard", "standard.txt"),
            ("/standard/mainline", "mainline.txt"),
            ("/kpk/map", "map.txt"),
            ("/kpk/line", "kpk-line.txt"),
            ("/", "page.txt"),
        ]
        for ending, fens in ending_fens.items():
            for route, name in routes:
                with open(os.path.join(out_dir, ending, name), "w") as f:
                    for fen in fens:
                        conn.request("GET", route + "?fen=" + urllib.parse.quote(fen))
                        resp = conn.getresponse()
                        body = resp.read().decode()
                        f.write(f"{fen}\n{resp.status} {resp.getheader('content-type')}\n{body}\n")
    finally:
        server.terminate()
        server.wait()


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("kpk")
    ap.add_argument("out_dir")
    ap.add_argument("--per-ending", type=int, default=10_000)
    ap.add_argument("--seed", type=int, default=20261125)
    ap.add_argument("--workers", type=int, default=4)
    ap.add_argument("--syzygy", help="a directory of Syzygy files for the 4-man sample")
    ap.add_argument("--python", action="store_true", help="also the Python package's answers")
    args = ap.parse_args()
    rng = random.Random(args.seed)
    ending_fens = {}
    for ending, role in ENDINGS.items():
        ending_fens[ending] = positions(role, args.per_ending, rng)
    ending_fens["refused"] = REFUSED
    for ending, fens in ending_fens.items():
        d = os.path.join(args.out_dir, ending)
        os.makedirs(d, exist_ok=True)
        with open(os.path.join(d, "positions.txt"), "w") as f:
            f.writelines(fen + "\n" for fen in fens)
        snapshot_cli(args.kpk, fens, d, args.workers)
        print(f"{ending}: {len(fens)} positions", flush=True)
    snapshot_server(args.kpk, ending_fens, args.out_dir)
    print("server answers written", flush=True)
    for sub in ["stats", "rules"]:
        for json in [False, True]:
            cmd = [args.kpk, sub] + (["--json"] if json else [])
            with open(os.path.join(args.out_dir, sub + (".json" if json else ".txt")), "w") as f:
                f.write(record(*run(cmd)))
    print("stats and rules written", flush=True)
    if args.syzygy:
        snapshot_syzygy(args.kpk, args.syzygy, rng, args.per_ending, args.out_dir)
        print("4-man answers from the Syzygy files written", flush=True)
    if args.python:
        snapshot_python(ending_fens, args.out_dir)
        print("Python answers written", flush=True)


FOUR_MEN = ["KPKP", "KQKR", "KRKP", "KPPK", "KBNK", "KQKP", "KRKN", "KNKP"]


def snapshot_syzygy(kpk, syzygy, rng, per_ending, out_dir):
    """4-man positions (a quarter of --per-ending from each of a few endings) from the files."""
    fens = []
    for ending in FOUR_MEN:
        white, black = ending[1:].split("K")
        roles = [(chess.Piece.from_symbol(c).piece_type, chess.WHITE) for c in white]
        roles += [(chess.Piece.from_symbol(c).piece_type, chess.BLACK) for c in black]
        count, attempts = 0, 0
        while count < per_ending // 4 and attempts < 200 * per_ending:
            attempts += 1
            board = chess.Board(None)
            squares = rng.sample(range(64), 2 + len(roles))
            board.set_piece_at(squares[0], chess.Piece(chess.KING, chess.WHITE))
            board.set_piece_at(squares[1], chess.Piece(chess.KING, chess.BLACK))
            for sq, (role, color) in zip(squares[2:], roles):
                board.set_piece_at(sq, chess.Piece(role, color))
            board.turn = rng.choice([chess.WHITE, chess.BLACK])
            if not board.is_valid():
                continue
            fens.append(board.fen())
            count += 1
    d = os.path.join(out_dir, "syzygy")
    os.makedirs(d, exist_ok=True)
    batch = "".join(f + "\n" for f in fens)
    for json in [False, True]:
        cmd = [kpk, "probe", "--syzygy", syzygy] + (["--json"] if json else [])
        with open(os.path.join(d, "probe" + (".json" if json else ".txt")), "w") as f:
            f.write(record(*run(cmd, batch)))
    snapshot_server(
        kpk, {"syzygy": fens}, out_dir, [("/standard", "standard.txt")], ["--syzygy", syzygy]
    )


def snapshot_python(ending_fens, out_dir):
    """The Python package's answers: import kpk (installed from crates/python) in this Python."""
    import kpk

    def answer(f, call):
        try:
            f.write(repr(call()) + "\n")
        except Exception as e:  # the error's type and message are part of the answer
            f.write(f"{type(e).__name__}: {e}\n")

    with open(os.path.join(out_dir, "python-rules.txt"), "w") as f:
        answer(f, kpk.rules_report)
    for ending, fens in ending_fens.items():
        with open(os.path.join(out_dir, ending, "python.txt"), "w") as f:
            for fen in fens:
                f.write(fen + "\n")
                try:
                    board = chess.Board(fen)
                except ValueError as e:
                    f.write(f"python-chess refuses: {e}\n")
                    continue
                for name in ["probe", "best_moves", "optimal_line", "classify", "recognize", "explain", "plan"]:
                    fn = getattr(kpk, name, None)
                    if fn is not None:
                        answer(f, lambda: fn(board))
                if len(board.piece_map()) <= 3:
                    for mv in list(board.legal_moves):
                        answer(f, lambda: kpk.judge(board, mv))


if __name__ == "__main__":
    main()
