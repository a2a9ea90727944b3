"""What python-chess does not have: best moves, the optimal line, the rules, the explanation,
the raw bitbase from squares and the batch probes."""

import doctest

import chess
import numpy as np
import pytest

import kpk
import kpk.gaviota
import kpk.syzygy

from conftest import sample


def test_best_moves_keep_the_distance_and_the_line_ends_in_mate():
    tb = kpk.gaviota.open_tablebase()
    for board in sample(11, chess.PAWN, 300) + sample(12, chess.ROOK, 100):
        dtm = tb.probe_dtm(board)
        best = kpk.best_moves(board)
        if board.is_checkmate() or board.is_stalemate():
            assert best == []
            continue
        assert best and all(m in board.legal_moves for m in best)
        for move in best:
            board.push(move)
            after = tb.probe_dtm(board)
            board.pop()
            if dtm > 0:
                assert after == -(dtm - 1), board.fen()  # the opponent is mated one ply sooner
            elif dtm < 0:
                assert after == -dtm - 1, board.fen()  # the winner mates one ply sooner
            else:
                assert after == 0 and tb.probe_wdl(board) == 0, board.fen()
        line = kpk.optimal_line(board)
        if dtm != 0:
            assert len(line) == abs(dtm), board.fen()
            end = board.copy()
            for move in line:
                assert move in end.legal_moves
                end.push(move)
            assert end.is_checkmate(), board.fen()
        else:
            assert line == []


def test_the_line_follows_the_clock():
    board = chess.Board("8/8/8/4k3/8/5K2/6P1/8 w - - 92 1")
    line = kpk.optimal_line(board)
    assert len(line) == 45  # the quickest mate (41 plies) would be drawn by the rule first
    assert kpk.probe(board)["category"] == "win"
    assert kpk.probe(chess.Board("8/8/8/8/8/2k5/1R6/K7 w - - 80 90"))["category"] == "cursed-win"


def test_rules_agree_with_the_tables():
    tb = kpk.gaviota.open_tablebase()
    names = {1: "win", 0: "draw", -1: "loss"}
    for board in sample(13, chess.PAWN, 600):
        truth = names[tb.probe_wdl(board)]
        c = kpk.classify(board)
        assert c["wdl"] == truth, board.fen()
        assert c["basis"] in ("rule", "proof", "material")
        assert (c["rule"] is None) == (c["basis"] != "rule")
        assert (c["plies"] is None) == (c["basis"] != "proof")
        r = kpk.recognize(board)
        assert r is None or r == truth, board.fen()


def test_explain_is_structured():
    e = kpk.explain(chess.Board("8/8/1k6/8/8/8/7P/K7 w - - 0 1"))
    for key in ("category", "basis", "rule", "reason", "key_squares", "square_of_the_pawn"):
        assert key in e
    assert isinstance(e["reason"], str) and e["reason"]
    assert all(isinstance(s, str) and len(s) == 2 for s in e["key_squares"])
    with pytest.raises(KeyError, match="castling"):
        kpk.explain(chess.Board())


def test_plan_keeps_the_result_by_python_chess_gaviota(native_gaviota):
    """The plan's move keeps the result in sampled KPK positions, by python-chess's own Gaviota
    prober; the coach's verdict on every move agrees with the prober's verdict after it."""
    checked = 0
    for board in sample(35, chess.PAWN, 400):
        if board.is_game_over():
            continue
        before = native_gaviota.probe_wdl(board)
        plan = kpk.plan(board)
        assert plan is not None and plan["move"] in board.legal_moves
        assert plan["uci"] == plan["move"].uci() and plan["reason"]
        board.push(plan["move"])
        after = 0 if board.is_stalemate() else -native_gaviota.probe_wdl(board)
        board.pop()
        # a win stays a win, a draw a draw (a loss may only get no worse)
        assert after == before or before < 0, board.fen()
        for move in board.legal_moves:
            judged = kpk.judge(board, move)
            board.push(move)
            ended = board.is_stalemate() or board.is_insufficient_material()
            pawnless = not board.pieces(chess.PAWN, chess.WHITE) | board.pieces(chess.PAWN, chess.BLACK)
            after = 0 if ended else -native_gaviota.probe_wdl(board)
            board.pop()
            assert judged["move"] == move and judged["uci"] == move.uci()
            verdict = judged["verdict"]
            assert verdict["result"] == {1: "win", 0: "draw", -1: "loss"}[after], (board.fen(), move)
            assert (verdict["kind"] == "throws") == (after < before), (board.fen(), move)
            # a refutation is written out unless the game ends or the pawn is gone
            assert (verdict["refutation"] is not None) == (after < before and not ended and not pawnless)
        checked += 1
    assert checked > 100


def test_plan_and_judge_in_chess_words():
    board = chess.Board("8/8/4k3/8/8/3KP3/8/8 w - - 0 1")
    plan = kpk.plan(board)
    assert (plan["san"], plan["aim"]) == ("Ke4", "opposition")
    assert plan["reason"] == "the white king takes the opposition, and the black king must give way"
    assert plan["idea"] == "opposition"
    assert plan["progress"] == {"ranks_to_go": 5, "king_steps": 2, "tempi": 0, "king_ranks_to_go": 5}
    judged = kpk.judge(board, chess.Move.from_uci("d3d4"))
    assert judged["verdict"]["kind"] == "throws"
    assert judged["verdict"]["idea"] == "opposition"
    assert judged["verdict"]["refutation"]["notation"] == "1. Kd4? Kd6! 2. Ke4 Ke6 3. Kd4 Kd6 4. Ke4"
    # the only move that keeps the win, marked as the books mark it
    best = kpk.judge(board, "d3e4")["verdict"]
    assert (best["kind"], best["mark"], best["plan"]) == ("only", "!", True)
    # the knight-pawn stalemate: Kc8 is said to stalemate, and is never "!"
    trap = kpk.judge(chess.Board("k7/2K5/1P6/8/8/8/8/8 w - - 0 1"), "c7c8")["verdict"]
    assert trap["stalemate"] and trap["mark"] == "?" and "stalemate" in trap["reason"]
    assert trap["sentence"] == trap["reason"][0].upper() + trap["reason"][1:] + "."
    # errors name what is wrong
    with pytest.raises(ValueError, match="d3d5 is not a legal move"):
        kpk.judge(board, "d3d5")
    with pytest.raises(ValueError, match="needs a KPK position"):
        kpk.plan(chess.Board("8/8/8/8/8/4k3/8/4K2R w - - 0 1"))
    # no legal move: no plan
    assert kpk.plan(chess.Board("k7/2K5/1P6/8/8/8/8/8 b - - 0 1")) is None


def test_the_lesson_counts_the_halfmove_clock():
    """With 95 plies on the clock the win of Ke1, Pe2 against Ke8 comes too late: the category is
    the probe's, the why names the rule and when the draw can be claimed, every move draws."""
    board = chess.Board("4k3/8/8/8/8/8/4P3/4K3 w - - 95 1")
    e = kpk.explain(board)
    assert e["category"] == kpk.probe(board)["category"] == "cursed-win"
    assert e["reason"].startswith("Draw by the 50-move rule: White's next winning pawn move is 5 moves away")
    assert e["idea"] == "fifty_move_rule"
    for move in board.legal_moves:
        verdict = kpk.judge(board, move)["verdict"]
        assert verdict["result"] == "draw" and verdict["kind"] != "throws", (move, verdict)
    # a win that must push its pawn in time: the plan does, and a slower move throws the win
    board = chess.Board("8/8/8/8/8/7k/2P5/K7 w - - 99 1")
    plan = kpk.plan(board)
    assert (plan["san"], plan["aim"], plan["idea"]) == ("c4", "in_time", "fifty_move_rule"), plan
    slow = kpk.judge(board, "a1b2")["verdict"]
    assert (slow["kind"], slow["result"]) == ("throws", "draw"), slow
    assert "50-move rule" in slow["reason"]
    # with no clock, the same position is the rules' own
    assert kpk.plan(chess.Board("8/8/8/8/8/7k/2P5/K7 w - - 0 1"))["aim"] != "in_time"


def test_probe_squares_and_its_errors():
    assert kpk.probe_squares(chess.E6, chess.E5, chess.E8, chess.WHITE, chess.WHITE) == 1
    assert kpk.probe_squares(chess.E6, chess.E5, chess.E8, chess.WHITE, chess.BLACK) == -1
    for bad in (64, -1, 300, 2**70, "e4"):
        with pytest.raises(ValueError, match="strong_king must be a square from 0"):
            kpk.probe_squares(bad, chess.E5, chess.E8, chess.WHITE, chess.WHITE)
    # colours read as true or false, as python-chess's are booleans
    assert kpk.probe_squares(chess.E6, chess.E5, chess.E8, 1, 0) == -1
    with pytest.raises(ValueError):
        kpk.probe_squares(chess.E5, chess.E5, chess.E8, chess.WHITE, chess.WHITE)


def test_probe_array_equals_python_chess_gaviota(native_gaviota):
    boards = sample(14, chess.PAWN, 2000)
    rows = []
    for b in boards:
        pawn = b.pawns.bit_length() - 1
        color = b.color_at(pawn)
        rows.append((b.king(color), pawn, b.king(not color), int(color == chess.BLACK), int(b.turn != color)))
    got = kpk.probe_array(np.array(rows, dtype=np.int64))
    assert got.dtype == np.int8 and got.shape == (len(rows),)
    expected = [native_gaviota.probe_wdl(b) for b in boards]
    assert got.tolist() == expected
    got[0] = 5  # a writable array of its own
    assert kpk.probe_array(rows) == expected
    assert kpk.probe_squares_bytes(bytearray(bytes(v for row in rows for v in row))) == \
        kpk.probe_squares_bytes(memoryview(bytes(v for row in rows for v in row)))
    with pytest.raises(ValueError, match="shape"):
        kpk.probe_array(np.zeros((3, 4), dtype=np.uint8))
    bad = np.array(rows[:3], dtype=np.int64)
    bad[2, 1] = 300
    with pytest.raises(ValueError, match="position 2: pawn must be a square from 0 to 63, not 300"):
        kpk.probe_array(bad)
    bad[2, 1] = -20
    with pytest.raises(ValueError, match="position 2: pawn"):
        kpk.probe_array(bad)
    with pytest.raises(ValueError, match="integer array"):
        kpk.probe_array(np.array(rows[:3], dtype=np.float64))
    with pytest.raises(ValueError, match="position 0: defender to move must be 0 or 1"):
        kpk.probe_array([(44, 36, 60, 0, 2)])
    with pytest.raises(ValueError, match="5 bytes"):
        kpk.probe_squares_bytes(b"\x00" * 7)


def test_probe_dtm_many():
    tb = kpk.gaviota.open_tablebase()
    boards = sample(15, chess.QUEEN, 100)
    assert kpk.probe_dtm_many(boards) == [tb.probe_dtm(b) for b in boards]


def test_rules_report():
    report = kpk.rules_report()
    assert report["rows"] and report["decided"] > 500_000
    sound = [r for r in report["rows"] if not r["literal"]]
    assert sound and all(r["wrong"] == 0 for r in sound)


@pytest.mark.parametrize("module", [kpk, kpk.gaviota, kpk.syzygy])
def test_docstring_examples(module):
    failures, tried = doctest.testmod(module, extraglobs={"kpk": kpk})
    assert tried > 0 and failures == 0


def test_version_is_the_workspace_version():
    import re
    from pathlib import Path

    workspace = (Path(__file__).resolve().parents[3] / "Cargo.toml").read_text()
    package = workspace[workspace.index("[workspace.package]"):]
    version = re.search(r'^version = "([^"]+)"', package, re.MULTILINE).group(1)
    assert kpk.__version__ == version


def test_the_lesson_says_only_what_the_board_shows():
    """A key square of the pawn's next step is said to be one; the why's line is written whole;
    a rook pawn's draw is said by the corner, not by a king that is far from it."""
    board = chess.Board("6k1/8/8/8/8/8/2P5/5K2 b - - 0 1")
    verdict = kpk.judge(board, chess.Move.from_uci("g8g7"))["verdict"]
    assert verdict["reason"] == "loses: the white king is first to b5, a key square once the pawn stands on c3"
    why = kpk.explain(board)["reason"]
    assert "5. Kc3 Kc5, the black king holds the opposition on c5" in why and " ..." not in why
    corner = kpk.explain(chess.Board("5k2/8/8/8/8/P7/8/6K1 w - - 0 1"))["reason"]
    assert corner == "Draw: the black king gets to the bishop file in time to hold the corner."
