"""Speed of kpk's Python probes beside python-chess's native Gaviota prober, in one run.

    python3 crates/python/bench/speed.py [tables directory] [libgtb]

1. ``probe_dtm`` from a ``chess.Board``: the same 20,000 random boards (KQK, KRK, KPK of both
   colours, both sides to move), kpk and python-chess's native prober (libgaviotatb through
   ctypes) timed alternately, 7 rounds each; the loop is one ``probe_dtm`` call per board.
2. The bitbase over a numpy array of shape (n, 5): ``kpk.probe_array`` on 20,000,000 legal KPK
   positions (repeated from 1,000,000 random ones), 7 rounds; the timed call includes the
   conversion to bytes and back to an int8 array.
Prints medians, and checks that both probers agree on every board timed.
"""

import random
import statistics
import sys
import time

import chess
import chess.gaviota
import numpy as np

import kpk
import kpk.gaviota

TABLES = sys.argv[1] if len(sys.argv) > 1 else "/usr/share/gaviotatb/gtb4"
LIBGTB = sys.argv[2] if len(sys.argv) > 2 else "libgaviotatb.so.1"


def random_boards(n, seed):
    rng = random.Random(seed)
    roles = [chess.QUEEN, chess.ROOK, chess.PAWN]
    boards = []
    while len(boards) < n:
        board = chess.Board(None)
        a, b, c = rng.sample(range(64), 3)
        board.set_piece_at(a, chess.Piece(chess.KING, chess.WHITE))
        board.set_piece_at(b, chess.Piece(chess.KING, chess.BLACK))
        board.set_piece_at(c, chess.Piece(rng.choice(roles), rng.random() < 0.5))
        board.turn = rng.random() < 0.5
        if board.is_valid():
            boards.append(board)
    return boards


def time_per_call(f, items):
    start = time.perf_counter()
    for item in items:
        f(item)
    return (time.perf_counter() - start) / len(items)


def main():
    boards = random_boards(20_000, 1)
    native = chess.gaviota.open_tablebase_native(TABLES, libgtb=LIBGTB)
    ours = kpk.gaviota.open_tablebase()
    assert [native.probe_dtm(b) for b in boards] == [ours.probe_dtm(b) for b in boards]
    kpk_times, native_times = [], []
    for _ in range(7):
        kpk_times.append(time_per_call(ours.probe_dtm, boards))
        native_times.append(time_per_call(native.probe_dtm, boards))
    k, n = statistics.median(kpk_times), statistics.median(native_times)
    print(f"probe_dtm from a chess.Board: kpk {k * 1e6:.3f} us, python-chess native gaviota "
          f"{n * 1e6:.3f} us (medians of 7 rounds over {len(boards)} boards): {n / k:.1f}x")

    rng = np.random.default_rng(2)
    rows = []
    while len(rows) < 1_000_000:
        sk, pawn, wk = (int(v) for v in rng.integers(0, 64, 3))
        black, defender = (int(v) for v in rng.integers(0, 2, 2))
        if pawn // 8 in (0, 7):
            continue
        try:
            kpk.probe_squares(sk, pawn, wk, not black, bool(black) == bool(defender))
        except ValueError:
            continue
        rows.append((sk, pawn, wk, black, defender))
    base = np.array(rows, dtype=np.uint8)
    squares = np.tile(base, (20, 1))
    times = []
    for _ in range(7):
        start = time.perf_counter()
        out = kpk.probe_array(squares)
        times.append(time.perf_counter() - start)
    assert out.shape == (len(squares),)
    t = statistics.median(times)
    print(f"probe_array over a numpy array: {len(squares) / t / 1e6:.1f} million positions a second "
          f"({len(squares):,} positions in {t * 1e3:.1f} ms, median of 7)")


if __name__ == "__main__":
    main()
