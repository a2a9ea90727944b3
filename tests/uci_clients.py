#!/usr/bin/env python3
"""Drives `kpk uci` with python-chess's engine module, as a GUI would.

Usage: uci_clients.py PATH/TO/kpk [SYZYGY_DIR] [--stop-latency N]

1. A full conversation: handshake and options, a KPK and a KQK position whose mate must
   equal the tables' (asked of `kpk probe --json`), `go infinite` then `stop`, a middlegame
   position, quit.
2. Ten short self-play games from varied openings at a fixed node count: every move legal,
   every game finished by the rules.
3. Two games at 1 s + 0.01 s per move on a clock this script keeps: the engine never runs out.
4. With SYZYGY_DIR (real Syzygy files): `SyzygyPath` and `SyzygyProbeLimit` among the options;
   won KQ v KR and KR v KP positions (won by python-chess's own reader, chess.syzygy) scored in
   the known-win band (`cp 14000` to `cp 15000`, never a mate, never an evaluation) with a
   best move that keeps the win, `tbhits` counted, and a whole game against chess.syzygy's
   longest defence won by mate before the 50-move rule; a directory that does not exist is
   named in an `info string`.

With --stop-latency N it only measures N stops of `go infinite` and prints the median and the
largest latency in milliseconds (the benchmark in BENCHMARKS.md).
"""

import json
import statistics
import subprocess
import sys
import time

import chess
import chess.engine

OPENINGS = [
    "e2e4 e7e5 g1f3 b8c6",
    "d2d4 d7d5 c2c4 e7e6",
    "e2e4 c7c5 g1f3 d7d6",
    "c2c4 g8f6 b1c3 e7e5",
    "d2d4 g8f6 c2c4 g7g6",
    "e2e4 e7e6 d2d4 d7d5",
    "g1f3 d7d5 g2g3 c8g4",
    "e2e4 c7c6 d2d4 d7d5",
    "b2b3 e7e5 c1b2 b8c6",
    "f2f4 d7d5 g1f3 g7g6",
]


def check(condition, message):
    if not condition:
        print("FAILED:", message, file=sys.stderr)
        sys.exit(1)


def table_dtm(kpk, fen):
    out = subprocess.run([kpk, "probe", "--json", fen], capture_output=True, text=True, check=True)
    return json.loads(out.stdout)["dtm"]


def uci_mate(dtm_plies):
    """The UCI `mate N` of a distance to mate in plies (negative: the side to move is mated)."""
    moves = (abs(dtm_plies) + 1) // 2
    return moves if dtm_plies > 0 else -moves


def conversation(kpk):
    engine = chess.engine.SimpleEngine.popen_uci([kpk, "uci"])
    check(engine.id.get("name", "").startswith("kpk"), f"id name: {engine.id}")
    for option in ["Hash", "Clear Hash", "Contempt", "DrawPolicy", "Grain", "TTScheme",
                   "Move Overhead", "RootDTM", "Tables", "MultiPV"]:
        check(option in engine.options, f"option {option} missing: {list(engine.options)}")
    engine.configure({"Hash": 32, "Contempt": 10, "DrawPolicy": "Contempt", "Grain": 2,
                      "Move Overhead": 20})
    engine.configure({"Clear Hash": None})

    # the search itself, without the tables it would otherwise answer these from
    engine.configure({"RootDTM": False, "Tables": False})
    for scheme in ["PlyDistance", "DelayedLoss"]:
        engine.configure({"TTScheme": scheme, "DrawPolicy": "Zero"})
        for fen in [
            "8/8/8/8/8/3k4/1K4p1/8 w - - 0 1",   # KPK, White is mated in 8 plies
            "8/2P5/8/8/8/3K4/8/6k1 w - - 0 1",   # KPK, White mates in 9 plies
            "8/8/8/2Q5/8/4K3/k7/8 b - - 0 1",    # KQK, Black is mated in 8 plies
            "8/4k3/8/4K3/8/8/8/7R w - - 0 1",    # KRK, White mates in 13 plies
        ]:
            board = chess.Board(fen)
            dtm = table_dtm(kpk, fen)
            want = uci_mate(dtm)
            depth = 2 * abs(want) + 3
            result = engine.play(board, chess.engine.Limit(depth=depth),
                                 info=chess.engine.INFO_ALL)
            score = result.info["score"].relative
            check(score.is_mate() and score.mate() == want,
                  f"{scheme} {fen}: score {score}, the tables say mate {want}")
            check(result.move in board.legal_moves, f"{fen}: illegal {result.move}")
            after = board.copy()
            after.push(result.move)
            # the move keeps the distance: one ply less, from the other side
            after_dtm = 0 if after.is_checkmate() else table_dtm(kpk, after.fen())
            check(after_dtm == -(dtm - 1 if dtm > 0 else dtm + 1),
                  f"{scheme} {fen}: {result.move} leads to dtm {after_dtm}, was {dtm}")
    engine.configure({"TTScheme": "PlyDistance", "RootDTM": True, "Tables": True})

    # go infinite, then stop
    board = chess.Board()
    with engine.analysis(board) as analysis:
        time.sleep(0.5)
        asked = time.monotonic()
        analysis.stop()
        best = analysis.wait()
        waited = time.monotonic() - asked
    check(best.move in board.legal_moves, f"infinite: {best.move}")
    check(waited < 0.5, f"stop answered after {waited * 1000:.0f} ms")
    print(f"stop during go infinite answered in {waited * 1000:.1f} ms")

    # a middlegame position
    board = chess.Board("r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N1PN2/PP1B1PPP/R2QKB1R w KQ - 0 8")
    result = engine.play(board, chess.engine.Limit(time=0.3), info=chess.engine.INFO_ALL)
    check(result.move in board.legal_moves, f"middlegame: {result.move}")
    check("score" in result.info and "pv" in result.info, f"middlegame info: {result.info}")
    engine.quit()
    print("conversation: ok")


def tables_and_multipv(kpk):
    """The defaults a GUI gets: mates from the tables at once, in 3-man positions and in one
    that converts into them; MultiPV through python-chess's analysis."""
    engine = chess.engine.SimpleEngine.popen_uci([kpk, "uci"])
    board = chess.Board("8/8/8/8/8/2k5/1R6/K7 w - - 0 1")  # KRK, mate in 31 plies
    info = engine.analyse(board, chess.engine.Limit(depth=1))
    check(info["score"].relative.mate() == 16, f"KRK by default: {info['score']}")
    board = chess.Board("8/8/8/3k4/8/8/3p4/3RK3 w - - 0 1")  # KR v KP: a capture leaves KRK
    info = engine.analyse(board, chess.engine.Limit(depth=3))
    check(info["score"].relative.is_mate() and info["score"].relative.mate() > 0,
          f"KR v KP converts into a known mate: {info['score']}")

    for fen, depth in [
        ("r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N1PN2/PP1B1PPP/R2QKB1R w KQ - 0 8", 4),
        ("8/8/8/8/8/2k5/1R6/K7 w - - 0 1", 3),  # answered from the tables at the root
        ("8/8/8/3k4/8/8/3p4/3RK3 w - - 0 1", 3),
    ]:
        board = chess.Board(fen)
        lines = engine.analyse(board, chess.engine.Limit(depth=depth), multipv=3)
        check(len(lines) == 3, f"{fen}: {len(lines)} lines for multipv 3")
        firsts = [line["pv"][0] for line in lines]
        check(len(set(firsts)) == 3 and all(m in board.legal_moves for m in firsts),
              f"{fen}: first moves {firsts}")
        scores = [line["score"].relative for line in lines]
        check(all(a >= b for a, b in zip(scores, scores[1:])), f"{fen}: not best first: {scores}")
    # UCI_ShowWDL: python-chess reads the wdl field; certain for a table mate
    engine.configure({"UCI_ShowWDL": True})
    info = engine.analyse(chess.Board("8/8/8/8/8/2k5/1R6/K7 w - - 0 1"), chess.engine.Limit(depth=1))
    wdl = info["wdl"].relative
    check((wdl.wins, wdl.draws, wdl.losses) == (1000, 0, 0), f"KRK wdl: {wdl}")
    info = engine.analyse(chess.Board(), chess.engine.Limit(depth=3))
    wdl = info["wdl"].relative
    check(wdl.total() == 1000 and wdl.draws > 0, f"the start position's wdl: {wdl}")
    engine.quit()
    print("tables, multipv and wdl: ok")


def self_play(kpk):
    engine = chess.engine.SimpleEngine.popen_uci([kpk, "uci"])
    for i, opening in enumerate(OPENINGS):
        engine.configure({"Clear Hash": None})
        board = chess.Board()
        for uci in opening.split():
            board.push_uci(uci)
        while not board.is_game_over(claim_draw=True):
            result = engine.play(board, chess.engine.Limit(nodes=3000))
            check(result.move is not None and result.move in board.legal_moves,
                  f"game {i}: illegal move {result.move} in {board.fen()}")
            board.push(result.move)
        outcome = board.outcome(claim_draw=True)
        check(outcome is not None, f"game {i} unfinished")
        print(f"game {i + 1}: {outcome.termination.name} {outcome.result()} "
              f"after {board.fullmove_number} moves")
    engine.quit()
    print("self-play: ok")


def clock_games(kpk):
    engine = chess.engine.SimpleEngine.popen_uci([kpk, "uci"])
    for g in range(2):
        board = chess.Board()
        for uci in OPENINGS[g].split():
            board.push_uci(uci)
        clock = {chess.WHITE: 1.0, chess.BLACK: 1.0}
        least = 1.0
        while not board.is_game_over(claim_draw=True) and board.fullmove_number < 80:
            limit = chess.engine.Limit(white_clock=clock[chess.WHITE], black_clock=clock[chess.BLACK],
                                       white_inc=0.01, black_inc=0.01)
            start = time.monotonic()
            result = engine.play(board, limit)
            used = time.monotonic() - start
            clock[board.turn] -= used
            least = min(least, clock[board.turn])
            check(clock[board.turn] > 0, f"game {g}: lost on time at move {board.fullmove_number}")
            clock[board.turn] += 0.01
            board.push(result.move)
        print(f"clock game {g + 1}: {board.fullmove_number} moves, least time left {least * 1000:.0f} ms")
    engine.quit()
    print("clock: ok")


def keeps_win(tablebase, board, move):
    """Whether `move` keeps a win for the side to move, by chess.syzygy: it mates, or leaves a
    position lost for the opponent under the 50-move rule from its clock."""
    after = board.copy()
    after.push(move)
    if after.is_checkmate():
        return True
    if len(after.piece_map()) > 4:
        return False
    dtz = tablebase.probe_dtz(after)
    return dtz < 0 and after.halfmove_clock - dtz <= 100


def longest_defence(tablebase, board):
    """The losing side's move that resists longest by chess.syzygy: one that does not lose if
    there is one, else the one that leaves the winner the longest distance to zeroing."""
    def resistance(move):
        after = board.copy()
        after.push(move)
        return (-tablebase.probe_wdl(after), tablebase.probe_dtz(after))
    return max(board.legal_moves, key=resistance)


def syzygy(kpk, directory):
    import chess.syzygy
    engine = chess.engine.SimpleEngine.popen_uci([kpk, "uci"])
    for option in ["SyzygyPath", "SyzygyProbeLimit"]:
        check(option in engine.options, f"option {option} missing: {list(engine.options)}")
    engine.configure({"SyzygyPath": directory})
    with chess.syzygy.open_tablebase(directory) as tablebase:
        for fen, expected in [
            ("8/8/8/8/8/2k5/1r6/K2Q4 w - - 0 1", True),     # KQ v KR
            ("8/8/1k6/8/8/5p2/8/2K1R3 w - - 0 1", True),    # KR v KP
            ("8/8/1k6/8/8/5p2/8/2K1R3 w - - 99 80", False), # the same, clock at 99: a draw
        ]:
            board = chess.Board(fen)
            wdl = tablebase.probe_wdl(board)
            dtz = tablebase.probe_dtz(board)
            win = wdl == 2 and board.halfmove_clock + dtz <= 100
            check(win == expected, f"{fen}: chess.syzygy says wdl {wdl}, dtz {dtz}")
            result = engine.play(board, chess.engine.Limit(depth=4), info=chess.engine.INFO_ALL)
            score = result.info["score"].relative
            check(result.info.get("tbhits", 0) > 0, f"{fen}: tbhits {result.info.get('tbhits')}")
            if win:
                check(not score.is_mate() and 14_000 <= score.score() <= 15_000,
                      f"{fen}: {score} is not in the known-win band")
                check(keeps_win(tablebase, board, result.move), f"{fen}: {result.move} throws the win away")
            else:
                check(score.score() == 0, f"{fen}: the 50-move rule draws it, scored {score}")
        # a whole game against the longest defence: mate before the 50-move rule
        board = chess.Board("8/8/1k6/8/8/5p2/8/2K1R3 w - - 0 1")
        while not board.is_game_over():
            check(board.halfmove_clock < 100, f"the 50-move rule in {board.fen()}")
            if board.turn == chess.WHITE:
                move = engine.play(board, chess.engine.Limit(depth=4)).move
            else:
                move = longest_defence(tablebase, board)
            board.push(move)
        check(board.is_checkmate() and board.turn == chess.BLACK, f"the game ended {board.fen()}")
        print(f"KR v KP won by mate in {board.ply()} plies against chess.syzygy's defence")
    engine.quit()
    # a directory that does not exist is named
    process = subprocess.run([kpk, "uci"], input="setoption name SyzygyPath value /no/such/dir\nquit\n",
                             capture_output=True, text=True, check=True)
    check("info string" in process.stdout and "/no/such/dir" in process.stdout,
          f"a missing SyzygyPath: {process.stdout}")
    print("syzygy: ok")


def stop_latency(kpk, n):
    engine = chess.engine.SimpleEngine.popen_uci([kpk, "uci"])
    waits = []
    for _ in range(n):
        with engine.analysis(chess.Board()) as analysis:
            time.sleep(0.2)
            asked = time.monotonic()
            analysis.stop()
            analysis.wait()
            waits.append((time.monotonic() - asked) * 1000)
    engine.quit()
    print(f"stop latency over {n} stops: median {statistics.median(waits):.2f} ms, "
          f"max {max(waits):.2f} ms")


def main():
    kpk = sys.argv[1]
    if len(sys.argv) > 3 and sys.argv[2] == "--stop-latency":
        stop_latency(kpk, int(sys.argv[3]))
        return
    conversation(kpk)
    tables_and_multipv(kpk)
    if len(sys.argv) > 2:
        syzygy(kpk, sys.argv[2])
    self_play(kpk)
    clock_games(kpk)


if __name__ == "__main__":
    main()
