#!/usr/bin/env python3
"""Prints the search tree's size on a fixed set of positions, for showing that a change to the
search keeps the tree node for node (compare two builds' output with `diff`).

For every position and every configuration (PVS, MTD(f), multi-PV 3, the delayed-loss table
scheme, selectivity off, the rules as knowledge, tables off) the engine gets `ucinewgame`, the
position and `go depth D`; the line printed is the configuration, the FEN, the last `info`
line's depth, score, nodes and principal variation, and the best move. One engine process runs
everything, so the table is emptied by `ucinewgame` and not by a new process.

Usage:
  python3 tools/node_counts.py "target/release/kpk uci" > counts.txt
"""

import re
import shlex
import subprocess
import sys

POSITIONS = [
    ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", 7),
    ("r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4", 7),
    ("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", 6),
    ("8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", 9),
    ("r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N1PN2/PP3PPP/R2QKB1R w KQ - 0 8", 7),
    ("6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1", 9),
    ("2r3k1/pp3ppp/8/8/8/8/PP3PPP/2R3K1 b - - 0 1", 8),
    ("8/8/8/4k3/8/8/4P3/4K3 w - - 0 1", 12),
    ("8/8/4k3/8/8/4K3/4P3/8 w - - 0 1", 12),
    ("8/5k2/8/8/2K5/8/1P6/8 w - - 0 1", 12),
    ("8/8/8/8/8/2k5/8/KQ6 w - - 0 1", 8),
    ("8/8/8/8/4k3/8/8/R3K3 w - - 0 1", 8),
    ("8/8/3k4/8/3P4/3K4/8/8 w - - 0 1", 12),
    ("8/pp4k1/8/8/8/8/PP4K1/8 w - - 0 1", 11),
    ("8/8/8/5p2/5k2/8/4K3/8 w - - 0 1", 12),
    ("r5k1/5ppp/8/8/8/8/5PPP/1R4K1 w - - 0 1", 8),
    ("5rk1/5ppp/8/8/8/8/Q4PPP/6K1 w - - 0 1", 8),
    ("4k3/8/8/8/8/8/3PP3/4K3 w - - 0 1", 10),
    ("8/8/8/8/8/8/1k6/R3K3 b Q - 0 1", 8),
    ("rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3", 6),
]

CONFIGS = [
    ("pvs", []),
    ("mtdf", [("Search", "MTDf")]),
    ("multipv3", [("MultiPV", "3")]),
    ("delayed-loss", [("TTScheme", "DelayedLoss")]),
    ("no-selective", [("Selective", "false")]),
    ("rules", [("Knowledge", "Rules")]),
    ("no-tables", [("Tables", "false"), ("RootDTM", "false")]),
    ("contempt", [("DrawPolicy", "Contempt"), ("Contempt", "20"), ("Grain", "5")]),
]

DEFAULTS = {
    "Search": "PVS",
    "MultiPV": "1",
    "TTScheme": "PlyDistance",
    "Selective": "true",
    "Knowledge": "Progress",
    "Tables": "true",
    "RootDTM": "true",
    "DrawPolicy": "Zero",
    "Contempt": "0",
    "Grain": "1",
}


def main():
    engine = subprocess.Popen(
        shlex.split(sys.argv[1]), stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1
    )

    def send(line):
        engine.stdin.write(line + "\n")
        engine.stdin.flush()

    def until(prefix):
        lines = []
        while True:
            line = engine.stdout.readline()
            if not line:
                sys.exit("the engine stopped")
            lines.append(line.rstrip("\n"))
            if line.startswith(prefix):
                return lines

    send("uci")
    until("uciok")
    for name, options in CONFIGS:
        for key, value in {**DEFAULTS, **dict(options)}.items():
            send(f"setoption name {key} value {value}")
        for fen, depth in POSITIONS:
            send("ucinewgame")
            send(f"position fen {fen}")
            send("isready")
            until("readyok")
            send(f"go depth {depth}")
            lines = until("bestmove")
            infos = [l for l in lines if l.startswith("info") and " nodes " in l]
            last = infos[-1] if infos else "(no info)"
            # the time and the speed vary from run to run; everything else is the tree's
            kept = re.sub(r" (time|nps) \d+", "", last)
            print(f"{name} | {fen} | {kept} | {lines[-1]}", flush=True)
    send("quit")
    engine.wait()


if __name__ == "__main__":
    main()
