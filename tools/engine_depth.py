#!/usr/bin/env python3
"""tools/engine_depth.py: the depth and the speed of kpk serve's engine after 10 s, the
project's own against a UCI engine the operator chooses (`kpk serve --engine PATH`), on the
start position and five middlegame positions: each position analysed for 10 s by `/engine`
(one line per depth, a fresh server per engine), the last iteration's depth, nodes and
nodes per second printed as a Markdown table (BENCHMARKS.md quotes it).

  python3 tools/engine_depth.py target/ci/kpk /usr/games/stockfish [seconds]
"""
import json
import subprocess
import sys
import time
import urllib.parse
import urllib.request

POSITIONS = [
    ("start", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"),
    ("Sicilian, Najdorf", "rnbqkb1r/1p2pppp/p2p1n2/8/3NP3/2N5/PPP2PPP/R1BQKB1R w KQkq - 0 6"),
    ("Ruy Lopez, closed", "r1bq1rk1/2p1bppp/p1np1n2/1p2p3/4P3/1BP2N1P/PP1P1PP1/RNBQR1K1 b - - 0 9"),
    ("Queen's Gambit Declined", "rnbq1rk1/ppp1bppp/4pn2/3p2B1/2PP4/2N1PN2/PP3PPP/R2QKB1R b KQ - 3 6"),
    ("King's Indian", "rnbq1rk1/ppp1ppbp/3p1np1/8/2PPP3/2N2N2/PP2BPPP/R1BQK2R b KQ - 3 6"),
    ("an endgame of rooks", "8/5pk1/6p1/1R5p/5P2/6PP/r5K1/8 w - - 0 40"),
]


def serve(kpk, extra):
    p = subprocess.Popen([kpk, "serve", "--addr", "127.0.0.1:0", *extra], stdout=subprocess.PIPE, text=True)
    for line in p.stdout:
        if "listening on" in line:
            return p, line.split("listening on ")[1].split()[0].rstrip("/")
    sys.exit(f"kpk serve did not start: {extra}")


def analyse(base, fen, seconds):
    url = f"{base}/engine?fen={urllib.parse.quote(fen)}&movetime={seconds * 1000}"
    last = None
    with urllib.request.urlopen(url, timeout=seconds + 30) as r:
        for raw in r:
            line = raw.decode().strip()
            if not line:
                continue
            v = json.loads(line)
            if "depth" in v and "nodes" in v:
                last = v
    return last


def main():
    if len(sys.argv) < 3:
        sys.exit(__doc__)
    kpk, engine = sys.argv[1], sys.argv[2]
    seconds = int(sys.argv[3]) if len(sys.argv) > 3 else 10
    rows = {}
    for label, extra in [("kpk", []), ("uci", ["--engine", engine])]:
        p, base = serve(kpk, extra)
        try:
            for name, fen in POSITIONS:
                it = analyse(base, fen, seconds)
                nps = it["nodes"] * 1000 // max(it["time_ms"], 1)
                rows.setdefault(name, {})[label] = (it["depth"], it["nodes"], nps, it["engine"])
        finally:
            p.terminate()
            p.wait()
            time.sleep(0.5)
    names = {k: next(iter(rows.values()))[k][3] for k in ("kpk", "uci")}
    print(f"| position | {names['kpk']}: depth, nodes/s | {names['uci']}: depth, nodes/s |")
    print("|---|---|---|")
    for name, _ in POSITIONS:
        a, b = rows[name]["kpk"], rows[name]["uci"]
        print(f"| {name} | {a[0]}, {a[2]:,} | {b[0]}, {b[2]:,} |")


if __name__ == "__main__":
    main()
