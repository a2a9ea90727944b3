#!/usr/bin/env python3
"""Runs a UCI engine over a mate suite in vondele/matetrack's EPD format (`FEN bm #N;`) with a
node limit per position and counts, as matetrack does:

- found: the last score reported is a mate for the side the suite says mates;
- best: that mate is as short as the suite's best known mate;
- wrong: any `info` line, at any iteration, reports a mate shorter than the best known, or of
  the wrong sign (a mate for the side that is mated).

Usage: tools/matetrack.py "ENGINE [ARGS]" SUITE.epd [--nodes N] [--step K [--offset J]] [--limit M] [--hash MB]
       [--option Name=Value ...] [--log FILE]
(--step K takes every K-th position, so a sample spreads over the whole suite, from the
J-th with --offset J, so samples can be disjoint; --log writes one
line a position: FEN, best known mate, the last mate reported or -, the last depth, nodes,
the first mate for the right side reported and its depth or -.)
"""
import argparse
import re
import shlex
import sys
import time

import chess
import chess.engine


def read_suite(path, step, limit, offset=0):
    cases = []
    with open(path) as f:
        for i, line in enumerate(f):
            m = re.search(r"bm #(-?\d+);", line)
            if not m or (i - offset) % step or i < offset:
                continue
            fields = line.split()
            cases.append((" ".join(fields[:4]) + " 0 1", int(m.group(1))))
            if limit and len(cases) >= limit:
                break
    return cases


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("engine")
    ap.add_argument("suite")
    ap.add_argument("--nodes", type=int, default=1_000_000)
    ap.add_argument("--step", type=int, default=1)
    ap.add_argument("--offset", type=int, default=0)
    ap.add_argument("--limit", type=int, default=0)
    ap.add_argument("--hash", type=int, default=16)
    ap.add_argument("--option", action="append", default=[])
    ap.add_argument("--log")
    args = ap.parse_args()
    cases = read_suite(args.suite, args.step, args.limit, args.offset)
    engine = chess.engine.SimpleEngine.popen_uci(shlex.split(args.engine))
    options = {"Hash": args.hash}
    for o in args.option:
        name, value = o.split("=", 1)
        options[name] = value
    engine.configure(options)
    found = best = wrong = 0
    log = open(args.log, "w") if args.log else None
    wrongs = []
    started = time.time()
    for n, (fen, bm) in enumerate(cases, 1):
        board = chess.Board(fen)
        last = None
        bad = None
        depth = nodes = None
        first_mate = None  # (mate, depth) of the first right-signed mate reported
        with engine.analysis(board, chess.engine.Limit(nodes=args.nodes), game=object()) as analysis:
            for info in analysis:
                score = info.get("score")
                if score is None:
                    continue
                last = score.relative
                depth, nodes = info.get("depth"), info.get("nodes")
                mate = last.mate()
                if mate is not None and first_mate is None and (mate > 0) == (bm > 0):
                    first_mate = (mate, depth)
                if mate is not None and bad is None:
                    if (mate > 0) != (bm > 0) or abs(mate) < abs(bm):
                        bad = (mate, info.get("depth"), [m.uci() for m in info.get("pv", [])])
        mate = last.mate() if last is not None else None
        if log:
            first = "-" if first_mate is None else f"{first_mate[0]}@{first_mate[1]}"
            print(f"{fen}\t{bm}\t{'-' if mate is None else mate}\t{depth}\t{nodes}\t{first}",
                  file=log, flush=True)
        if mate is not None and (mate > 0) == (bm > 0):
            found += 1
            if abs(mate) == abs(bm):
                best += 1
        if bad is not None:
            wrong += 1
            wrongs.append((fen, bm, bad))
            print(f"WRONG {fen} bm #{bm}: reported mate {bad[0]} at depth {bad[1]} pv {' '.join(bad[2])}", flush=True)
        if n % 50 == 0:
            print(f"{n}/{len(cases)}: found {found} best {best} wrong {wrong} ({time.time() - started:.0f} s)", flush=True)
    engine.quit()
    total = len(cases)
    print(f"positions {total}, nodes {args.nodes}: found {found} ({100 * found / total:.1f}%), "
          f"best {best} ({100 * best / total:.1f}%), wrong {wrong}, {time.time() - started:.0f} s")
    return 1 if wrong else 0


if __name__ == "__main__":
    sys.exit(main())
