#!/usr/bin/env python3
"""Writes the request paths of the server benchmark: N random legal positions of at most three
men (KPK, KQK, KRK, either side to move) and N of four men (every 4-man ending of the Syzygy
directory, either side to move), as `/standard?fen=...` paths, one a line.

Usage: make_urls.py SYZYGY_DIR OUT_DIR [--count N] [--seed S]
"""

import argparse
import os
import random
import re
import urllib.parse

import chess


def random_board(rng, white, black):
    while True:
        board = chess.Board(None)
        squares = rng.sample(range(64), 2 + len(white) + len(black))
        men = [(chess.WHITE, "K"), (chess.BLACK, "K")] + [(chess.WHITE, r) for r in white] + [(chess.BLACK, r) for r in black]
        ok = True
        for sq, (color, role) in zip(squares, men):
            if role == "P" and chess.square_rank(sq) in (0, 7):
                ok = False
                break
            board.set_piece_at(sq, chess.Piece(chess.PIECE_SYMBOLS.index(role.lower()), color))
        board.turn = rng.choice([chess.WHITE, chess.BLACK])
        if ok and board.is_valid():
            return board


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
    three = [("P", ""), ("Q", ""), ("R", ""), ("", "P")]
    four = sorted({(m.group(1)[1:], m.group(2)[1:]) for name in os.listdir(args.syzygy)
                   if (m := re.fullmatch(r"(K[QRBNP]*)v(K[QRBNP]*)\.rtbw", name))
                   and len(m.group(1)) + len(m.group(2)) == 4})
    os.makedirs(args.out, exist_ok=True)
    for name, endings in [("three.txt", three), ("four.txt", four)]:
        with open(os.path.join(args.out, name), "w") as out:
            for i in range(args.count):
                white, black = endings[i % len(endings)]
                out.write(path(random_board(rng, list(white), list(black))) + "\n")


if __name__ == "__main__":
    main()
