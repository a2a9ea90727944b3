#!/usr/bin/env python3
"""The analysis board's view (`/view` of `kpk serve`) against python-chess, on positions of
every size: the page plays no move and finds no check itself, so every legal move the view
lists, with its SAN, the FEN after it and whether it checks, must be exactly python-chess's.

Positions: games of random legal moves from the starting position and from positions with
castling rights and en passant squares on the board (every position of each game, so 32 men
down to a handful), plus the positions of every 3-man ending python-chess draws at random;
for each, the set of legal moves (UCI, castling as the king's two-square step), each move's SAN
with its `+` or `#`, the FEN after it (en passant square only where a capture is legal, as
python-chess writes it), the check flag, the rook's square of a castling move, the king in
check, checkmate, and the side to move. A FEN that does not read answers 400 with its error.

Usage: tests/view_crosscheck.py KPK_BINARY [--games N] [--seed S]
"""

import argparse
import json
import random
import re
import subprocess
import sys
import urllib.error
import urllib.parse
import urllib.request

import chess

STARTS = [
    chess.STARTING_FEN,
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    "r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1",
]


def serve(binary):
    proc = subprocess.Popen([binary, "serve", "--addr", "127.0.0.1:0"], stdout=subprocess.PIPE, text=True)
    for line in proc.stdout:
        m = re.search(r"http://127\.0\.0\.1:\d+", line)
        if m:
            return proc, m.group(0)
    sys.exit("kpk serve did not start")


def view(url, fen):
    try:
        with urllib.request.urlopen(f"{url}/view?fen={urllib.parse.quote(fen)}") as r:
            return r.status, json.load(r)
    except urllib.error.HTTPError as e:
        return e.code, json.load(e)


def expected(board):
    moves = {}
    for m in board.legal_moves:
        san = board.san(m)
        board.push(m)
        fen = board.fen(en_passant="legal")
        check = board.is_check()
        board.pop()
        rook = None
        if board.is_castling(m):
            rook = chess.square_name(chess.H1 if chess.square_file(m.to_square) == 6 else chess.A1)
            if board.turn == chess.BLACK:
                rook = rook[0] + "8"
        moves[m.uci()] = {"san": san, "fen": fen, "check": check, "rook": rook}
    return moves


def compare(url, board, failures):
    fen = board.fen()
    status, v = view(url, fen)
    where = f"/view {fen}"
    if status != 200:
        failures.append(f"{where}: status {status} {v.get('error')}")
        return 0
    got = {m["uci"]: {"san": m["san"], "fen": m["fen"], "check": m["check"], "rook": m["rook"]} for m in v["legal"]}
    want = expected(board)
    if got != want:
        missing = sorted(set(want) - set(got))
        extra = sorted(set(got) - set(want))
        wrong = [(u, got[u], want[u]) for u in want if u in got and got[u] != want[u]][:3]
        failures.append(f"{where}: missing {missing} extra {extra} differing {wrong}")
    king = board.king(board.turn)
    check = chess.square_name(king) if board.is_check() else None
    facts = (v["turn"], v["check"], v["checkmate"])
    if facts != ("w" if board.turn else "b", check, board.is_checkmate()):
        failures.append(f"{where}: turn, check, checkmate {facts}")
    return len(want)


def random_3man(rng):
    while True:
        board = chess.Board(None)
        squares = rng.sample(range(64), 3)
        board.set_piece_at(squares[0], chess.Piece(chess.KING, chess.WHITE))
        board.set_piece_at(squares[1], chess.Piece(chess.KING, chess.BLACK))
        piece = rng.choice([chess.PAWN, chess.KNIGHT, chess.BISHOP, chess.ROOK, chess.QUEEN])
        board.set_piece_at(squares[2], chess.Piece(piece, rng.choice([chess.WHITE, chess.BLACK])))
        board.turn = rng.choice([chess.WHITE, chess.BLACK])
        board.halfmove_clock = rng.randrange(100)
        if board.is_valid():
            return board


def main():
    p = argparse.ArgumentParser()
    p.add_argument("binary")
    p.add_argument("--games", type=int, default=40)
    p.add_argument("--seed", type=int, default=20261206)
    args = p.parse_args()
    rng = random.Random(args.seed)
    proc, url = serve(args.binary)
    failures = []
    positions = moves = 0
    try:
        for g in range(args.games):
            board = chess.Board(STARTS[g % len(STARTS)])
            while not board.is_game_over() and board.ply() < 300:
                moves += compare(url, board, failures)
                positions += 1
                board.push(rng.choice(list(board.legal_moves)))
            moves += compare(url, board, failures)
            positions += 1
        for _ in range(400):
            moves += compare(url, random_3man(rng), failures)
            positions += 1
        status, v = view(url, "8/8/8/8/8/8/8/8 w - - 0 1")
        if status != 400 or not v.get("error") or v.get("legal") != []:
            failures.append(f"an empty board: status {status}, {v.get('error')}")
    finally:
        proc.terminate()
    print(f"/view against python-chess: {positions} positions, {moves} legal moves, {len(failures)} differences")
    for f in failures[:20]:
        print("  " + f)
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
