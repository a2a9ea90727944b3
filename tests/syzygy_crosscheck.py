#!/usr/bin/env python3
"""kpk's answers from real Syzygy files against python-chess's own reader (chess.syzygy).

For every ending of four men in DIR, random legal positions (either side to move, halfmove
clocks of 0 and near the 50-move boundary) are answered by `kpk probe --json --syzygy DIR` in
one batch, and each answer is held against python-chess:

  - the legal moves, and (of every move for one position in four, of the best move for the
    others) their SAN, zeroing and conversion flags;
  - the DTZ of the position and of the position after every move (equal where both read the
    same file; where kpk answers three men from its exact embedded tables and the file stores
    the DTZ rounded, the same sign and at most one ply less);
  - the category of the position and of every move, against python-chess's WDL (a win is a
    win, syzygy-win or cursed-win, and so on), and exactly where nothing is ambiguous;
  - the moves best first: no move is in a better category than one before it.

Then `kpk serve --syzygy DIR` answers a sample of the same positions on /standard with the same
objects (without the FEN the command line echoes), a position of five men answers `unknown`
with the exact answer of the capture into four men, and /standard/mainline of decisive and
drawn positions is replayed with python-chess (every step's DTZ, the result kept, the end).

Usage: tests/syzygy_crosscheck.py KPK_BINARY SYZYGY_DIR [--per-ending N] [--seed S]
"""

import argparse
import json
import multiprocessing
import os
import random
import re
import subprocess
import sys
import time
import urllib.request

import chess
import chess.syzygy

WIN_LIKE = {"win", "syzygy-win", "cursed-win"}
LOSS_LIKE = {"loss", "syzygy-loss", "blessed-loss"}
RANK = ["loss", "unknown", "syzygy-loss", "blessed-loss", "draw", "cursed-win", "syzygy-win", "win"]

failures = []


def check(ok, message):
    if not ok:
        failures.append(message)
        if len(failures) <= 20:
            print("FAIL:", message, file=sys.stderr)
    return ok


def endings(directory, men):
    names = set()
    for name in os.listdir(directory):
        m = re.fullmatch(r"(K[QRBNP]*)v(K[QRBNP]*)\.rtbw", name)
        if m and len(m.group(1)) + len(m.group(2)) == men:
            names.add((m.group(1), m.group(2)))
    return sorted(names)


def random_position(rng, white, black):
    """A random legal position with `white` and `black` men (either colour may hold either side)."""
    if rng.random() < 0.5:
        white, black = black, white
    while True:
        board = chess.Board(None)
        squares = rng.sample(chess.SQUARES, len(white) + len(black))
        ok = True
        for letter, sq in zip(white + black.lower(), squares):
            piece = chess.Piece.from_symbol(letter)
            if piece.piece_type == chess.PAWN and chess.square_rank(sq) in (0, 7):
                ok = False
                break
            board.set_piece_at(sq, piece)
        if not ok:
            continue
        board.turn = rng.random() < 0.5
        board.halfmove_clock = rng.choice([0, 0, rng.randint(1, 99), rng.randint(85, 99)])
        board.fullmove_number = 1
        # a check no move can give (two knights, two pawns) is answered, as python-chess and
        # lila-tablebase answer it
        if board.is_valid():
            return board


def expected_category(wdl):
    return {2: WIN_LIKE, 1: {"cursed-win"}, 0: {"draw"}, -1: {"blessed-loss"}, -2: LOSS_LIKE}[wdl]


def compare_dtz(kpk_dtz, chess_dtz, men, where):
    if kpk_dtz == chess_dtz:
        return
    # three men: kpk's embedded tables are exact, a file may store the DTZ one ply longer
    rounded = men <= 3 and kpk_dtz * chess_dtz > 0 and abs(chess_dtz) - abs(kpk_dtz) == 1
    check(rounded, f"{where}: DTZ {kpk_dtz}, python-chess {chess_dtz}")


def verify(answer, board, tb, every_move):
    fen = board.fen()
    check(answer.get("fen") == fen, f"{fen}: echoed {answer.get('fen')}")
    wdl = tb.probe_wdl(board)
    dtz = tb.probe_dtz(board)
    category = answer["category"]
    men = chess.popcount(board.occupied)
    if board.is_checkmate():
        check(category in LOSS_LIKE, f"{fen}: checkmate, category {category}")
    else:
        compare_dtz(answer["dtz"], dtz, men, fen)
        # the clock only turns a result into its cursed or blessed form, or leaves it ambiguous
        allowed = expected_category(wdl) | ({"cursed-win"} if wdl == 2 else set()) | (
            {"blessed-loss"} if wdl == -2 else set())
        check(category in allowed, f"{fen}: category {category}, python-chess WDL {wdl}")
    moves = {m.uci(): m for m in board.legal_moves}
    check(sorted(moves) == sorted(m["uci"] for m in answer["moves"]),
          f"{fen}: moves {[m['uci'] for m in answer['moves']]} against {sorted(moves)}")
    previous = -1
    for m in answer["moves"] if every_move else answer["moves"][:1]:
        move = moves.get(m["uci"])
        if move is None:
            continue
        where = f"{fen} {m['san']}"
        check(m["san"] == board.san(move), f"{where}: SAN {m['san']}, python-chess {board.san(move)}")
        check(m["zeroing"] == board.is_zeroing(move), f"{where}: zeroing")
        conversion = board.is_capture(move) or move.promotion is not None
        check(m["conversion"] == conversion, f"{where}: conversion")
        rank = RANK.index(m["category"])
        check(rank >= previous, f"{where}: {m['category']} after a worse move")
        previous = rank
        board.push(move)
        try:
            after_men = chess.popcount(board.occupied)
            if board.is_checkmate():
                check(m["checkmate"] and m["category"] in LOSS_LIKE, f"{where}: mates")
            elif board.is_stalemate() or board.is_insufficient_material():
                check(m["category"] == "draw", f"{where}: {m['category']} for a dead draw")
            else:
                compare_dtz(m["dtz"], tb.probe_dtz(board), after_men, where)
                after_wdl = tb.probe_wdl(board)
                # from a clock of 100 no move keeps a plain result
                allowed = expected_category(after_wdl) | (
                    {"cursed-win", "blessed-loss"} if after_wdl != 0 else set())
                check(m["category"] in allowed,
                      f"{where}: category {m['category']}, python-chess WDL {after_wdl}")
            if after_men <= 3:
                check(m["dtm"] is not None or m["category"] == "draw",
                      f"{where}: no DTM for three men")
            else:
                check(m["dtm"] is None, f"{where}: a DTM beyond three men")
        finally:
            board.pop()


def verify_share(work):
    """Verifies one share of the answers (`answers[i]` for `fens[i]`, position `first + i *
    step` of the batch) with a reader of its own; returns the moves checked and the failures."""
    directory, answers, fens, first, step = work
    tb = chess.syzygy.open_tablebase(directory)
    moves = 0
    for i, (line, fen) in enumerate(zip(answers, fens)):
        answer = json.loads(line)
        # every move of one position in four, the best move of the others
        every_move = (first + i * step) % 4 == 0
        moves += len(answer["moves"]) if every_move else min(1, len(answer["moves"]))
        verify(answer, chess.Board(fen), tb, every_move)
    tb.close()
    return moves, failures


def serve(binary, directory):
    proc = subprocess.Popen([binary, "serve", "--addr", "127.0.0.1:0", "--syzygy", directory],
                            stdout=subprocess.PIPE, text=True)
    line = proc.stdout.readline()
    url = re.search(r"http://[0-9.:]+/", line).group(0)
    return proc, url


def get(url):
    try:
        with urllib.request.urlopen(url, timeout=10) as r:
            return r.status, json.loads(r.read())
    except urllib.error.HTTPError as e:
        return e.code, json.loads(e.read())


def check_mainlines(url, boards, tb):
    """/standard/mainline of decisive 4-man positions, replayed with python-chess: the DTZ of
    the position and after every step as chess.syzygy reads it (compare_dtz's allowance where
    kpk answers three men exactly), every step keeping the result, the line ending in mate by
    the winner or with the clock at 100; a drawn position has an empty line."""
    decisive = [b for b in boards if b.halfmove_clock == 0 and tb.probe_wdl(b) in (-2, 2)][:80]
    drawn = [b for b in boards if tb.probe_wdl(b) == 0][:10]
    steps = 0
    for board in decisive + drawn:
        status, body = get(url + "standard/mainline?fen=" + board.fen().replace(" ", "_"))
        where = f"/standard/mainline {board.fen()}"
        if not check(status == 200, f"{where}: {status} {body}"):
            continue
        compare_dtz(body["dtz"], tb.probe_dtz(board), 4, where)
        if board in drawn:
            check(body["mainline"] == [] and body["winner"] is None, f"{where}: a draw has a line")
            continue
        winner = board.turn if tb.probe_wdl(board) > 0 else not board.turn
        at = board.copy()
        for step in body["mainline"]:
            move = chess.Move.from_uci(step["uci"])
            if not check(move in at.legal_moves, f"{where}: {step['uci']} illegal in {at.fen()}"):
                break
            check(step["san"] == at.san(move), f"{where}: SAN {step['san']}")
            mover_wins = at.turn == winner
            at.push(move)
            steps += 1
            if at.is_checkmate():
                break
            men = len(at.piece_map())
            compare_dtz(step["dtz"], tb.probe_dtz(at), men, f"{where} after {step['uci']}")
            check((tb.probe_wdl(at) < 0) == mover_wins, f"{where}: {step['uci']} gives the result away")
        ended = at.is_checkmate() or at.halfmove_clock >= 100
        check(ended, f"{where}: the line stops in {at.fen()}")
        check(body["winner"] == ("w" if winner == chess.WHITE else "b") if at.is_checkmate()
              else body["winner"] is None, f"{where}: winner {body['winner']}")
    print(f"/standard/mainline: {len(decisive)} decisive positions ({steps} steps) and "
          f"{len(drawn)} drawn ones replayed with python-chess")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("binary")
    ap.add_argument("directory")
    ap.add_argument("--per-ending", type=int, default=700)
    ap.add_argument("--seed", type=int, default=20261125)
    args = ap.parse_args()
    rng = random.Random(args.seed)
    tb = chess.syzygy.open_tablebase(args.directory)
    boards = []
    for white, black in endings(args.directory, 4):
        boards += [random_position(rng, white, black) for _ in range(args.per_ending)]
    # two pawns giving check at once: no game reaches it, lila-tablebase answers it
    boards.append(chess.Board("8/p1p5/1K6/8/3k4/8/8/8 w - - 0 1"))
    start = time.time()
    out = subprocess.run([args.binary, "probe", "--json", "--syzygy", args.directory],
                         input="".join(b.fen() + "\n" for b in boards), capture_output=True,
                         text=True, check=True).stdout.splitlines()
    took = time.time() - start
    check(len(out) == len(boards), f"{len(out)} answers for {len(boards)} positions")
    # python-chess's pure-Python probes are the cost: one process per core, each with its own
    # reader, takes every n-th position
    jobs = max(1, os.cpu_count() or 1)
    work = [(args.directory, out[k::jobs], [b.fen() for b in boards[k::jobs]], k, jobs)
            for k in range(jobs)]
    with multiprocessing.Pool(jobs) as pool:
        done = pool.map(verify_share, work)
    moves = sum(m for m, _ in done)
    for _, found in done:
        for message in found:
            check(False, message)
    print(f"kpk probe --syzygy: {len(boards)} positions of {len(endings(args.directory, 4))} "
          f"endings and {moves} of their moves checked against python-chess "
          f"(kpk answered them in {took:.2f} s)")

    proc, url = serve(args.binary, args.directory)
    try:
        sample = list(zip(out, boards))[:: max(1, len(boards) // 300)]
        for line, board in sample:
            status, body = get(url + "standard?fen=" + board.fen().replace(" ", "_"))
            expected = json.loads(line)
            expected.pop("fen")
            check(status == 200 and body == expected, f"/standard {board.fen()}: {status} differs")
        # five men: unknown (every quiet move stays beyond the files, and the capture only
        # draws), and Bxc3 takes the rook into KB v KP, which the files hold
        five = chess.Board("7k/p7/8/8/8/2r5/1B6/6K1 w - - 0 1")
        status, body = get(url + "standard?fen=" + five.fen().replace(" ", "_"))
        check(status == 200 and body["category"] == "unknown", f"five men: {status} {body}")
        capture = next(m for m in body["moves"] if m["san"].startswith("Bxc3"))
        five.push_uci(capture["uci"])
        check(capture["dtz"] == tb.probe_dtz(five), f"Bxc3: DTZ {capture['dtz']}")
        check(capture["category"] in expected_category(tb.probe_wdl(five)), f"Bxc3: {capture}")
        others = [m for m in body["moves"] if m["uci"] != capture["uci"] and "x" not in m["san"]]
        check(all(m["category"] == "unknown" for m in others), "five men: quiet moves unknown")
        print(f"/standard: {len(sample)} positions as kpk probe; five men unknown, "
              f"Bxc3 {capture['category']} (DTZ {capture['dtz']})")
        check_mainlines(url, boards, tb)
        status, body = get(url + "standard?fen=rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR_w_KQkq_-_0_1")
        check(status == 200 and body["category"] == "unknown" and len(body["moves"]) == 20,
              f"the start position: {status}")
    finally:
        proc.terminate()
        proc.wait(timeout=10)

    if failures:
        print(f"{len(failures)} differences", file=sys.stderr)
        sys.exit(1)
    print("0 differences")


if __name__ == "__main__":
    main()
