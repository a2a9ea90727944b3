#!/usr/bin/env python3
"""Writes the request paths of the server benchmark: N random legal positions of three men (KPK,
KQK, KRK) and N of four men (every 4-man ending of the Syzygy directory), either colour, either
side to move, as `/standard?fen=...` paths, one a line.

Usage: make_urls.py SYZYGY_DIR OUT_DIR [--count N] [--seed S]
"""

import argparse
import os
import random
import re
import sys
import urllib.parse

# the random legal positions of the Syzygy cross-check (either colour, clocks 0 to 99)
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "tests"))
from syzygy_crosscheck import random_position  # noqa: E402


def path(board):
    return "/standard?fen=" + urllib.parse.quote(board.fen().replace(" ", "_"), safe="/_-")


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("syzygy")
    parser.add_argument("out")
    parser.add_argument("--count", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    three = [("KP", "K"), ("KQ", "K"), ("KR", "K")]
    four = sorted({(m.group(1), m.group(2)) for name in os.listdir(args.syzygy)
                   if (m := re.fullmatch(r"(K[QRBNP]*)v(K[QRBNP]*)\.rtbw", name))
                   and len(m.group(1)) + len(m.group(2)) == 4})
    os.makedirs(args.out, exist_ok=True)
    for name, endings in [("three.txt", three), ("four.txt", four)]:
        with open(os.path.join(args.out, name), "w") as out:
            for i in range(args.count):
                white, black = endings[i % len(endings)]
                out.write(path(random_position(rng, white, black)) + "\n")


if __name__ == "__main__":
    main()
