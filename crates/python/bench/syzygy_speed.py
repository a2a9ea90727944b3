"""kpk.syzygy against python-chess's own chess.syzygy on real 4-man files: probe_dtz and
probe_wdl of the same 3,000 random boards (500 of each of six endings), the two probers
alternating round by round; the median round of three, per probe. Both answer alike (asserted).

    python3 crates/python/bench/syzygy_speed.py [SYZYGY_DIR]   # default: ../shared/syzygy
"""

import pathlib
import random
import statistics
import sys
import time

import chess
import chess.syzygy

import kpk.syzygy

HERE = pathlib.Path(__file__).resolve()
DIRECTORY = sys.argv[1] if len(sys.argv) > 1 else str(HERE.parents[4] / "shared" / "syzygy")
# the random legal boards of the test that holds kpk.syzygy equal to chess.syzygy
sys.path.insert(0, str(HERE.parents[1] / "tests"))
from test_syzygy import random_board  # noqa: E402

ENDINGS = [("KQ", "KR"), ("KR", "KP"), ("KP", "KP"), ("KBN", "K"), ("KQ", "KQ"), ("KR", "KN")]


def main():
    rng = random.Random(5)
    boards = [random_board(rng, w, b) for w, b in ENDINGS for _ in range(500)]
    ours = kpk.syzygy.open_tablebase(DIRECTORY)
    theirs = chess.syzygy.open_tablebase(DIRECTORY)
    for b in boards:
        assert (ours.probe_dtz(b), ours.probe_wdl(b)) == (theirs.probe_dtz(b), theirs.probe_wdl(b)), b.fen()
    rounds = {"kpk": [], "python-chess": []}
    for _ in range(3):
        for name, tb in (("kpk", ours), ("python-chess", theirs)):
            start = time.perf_counter()
            for b in boards:
                tb.probe_dtz(b)
                tb.probe_wdl(b)
            rounds[name].append((time.perf_counter() - start) / (2 * len(boards)))
    k, p = statistics.median(rounds["kpk"]), statistics.median(rounds["python-chess"])
    print(f"kpk.syzygy {k * 1e6:.2f} us, chess.syzygy {p * 1e6:.1f} us per probe: {p / k:.1f}x")


if __name__ == "__main__":
    main()
