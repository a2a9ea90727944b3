"""kpk.syzygy against python-chess's own chess.syzygy on real 4-man files: probe_dtz and
probe_wdl of the same 3,000 random boards (500 of each of six endings), the two probers
alternating round by round; the median round of three, per probe. Both answer alike (asserted).
Then kpk's batch forms (probe_dtz_array and probe_wdl_array over the same boards) against the
same loop of chess.syzygy probes.

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
    assert ours.probe_dtz_array(boards).tolist() == [theirs.probe_dtz(b) for b in boards]
    assert ours.probe_wdl_array(boards).tolist() == [theirs.probe_wdl(b) for b in boards]

    def one_by_one(tb):
        for b in boards:
            tb.probe_dtz(b)
            tb.probe_wdl(b)

    def batch(tb):
        tb.probe_dtz_array(boards)
        tb.probe_wdl_array(boards)

    rounds = {"kpk": [], "kpk arrays": [], "python-chess": []}
    for _ in range(3):
        for name, run in (("kpk", lambda: one_by_one(ours)), ("kpk arrays", lambda: batch(ours)),
                          ("python-chess", lambda: one_by_one(theirs))):
            start = time.perf_counter()
            run()
            rounds[name].append((time.perf_counter() - start) / (2 * len(boards)))
    k, a, p = (statistics.median(rounds[n]) for n in ("kpk", "kpk arrays", "python-chess"))
    print(f"kpk.syzygy {k * 1e6:.2f} us, chess.syzygy {p * 1e6:.1f} us per probe: {p / k:.1f}x")
    print(f"kpk.syzygy's arrays {a * 1e6:.2f} us per probe: {p / a:.1f}x chess.syzygy")


if __name__ == "__main__":
    main()
