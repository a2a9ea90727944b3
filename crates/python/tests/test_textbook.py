"""The textbook panel (crates/rules/tests/textbook.txt) through the Python package: for every
position from the endgame literature, `kpk.explain` names the book's idea (in its why, its plan or
its moves), marks exactly the book's only moves "!" (a stalemate is said, never "!"), and
`kpk.plan` and `kpk.judge` give the same words as the explanation."""

import pathlib

import chess

import kpk

PANEL = pathlib.Path(__file__).resolve().parents[2] / "rules" / "tests" / "textbook.txt"


def panel():
    entries = []
    for block in PANEL.read_text().split("\n\n"):
        fields = {}
        for line in block.splitlines():
            if line.strip() and not line.lstrip().startswith("#"):
                key, _, value = line.partition(":")
                fields[key.strip()] = value.strip()
        if fields:
            entries.append(fields)
    return entries


def test_the_panel_reads_as_the_books_teach_it():
    entries = panel()
    assert len(entries) >= 40
    for e in entries:
        board = chess.Board(e["fen"])
        explanation = kpk.explain(board)
        plan = kpk.plan(board)
        ideas = set(explanation["ideas"]) | {plan["idea"]}
        judged = [kpk.judge(board, move) for move in board.legal_moves]
        ideas |= {j["verdict"]["idea"] for j in judged if j["verdict"]["idea"]}
        assert e["idea"] in ideas, (e["fen"], explanation["reason"], ideas)
        # the words of the plan and of each move are the explanation's
        assert plan["reason"] == explanation["plan"]["reason"]
        by_uci = {m["uci"]: m["verdict"] for m in explanation["moves"]}
        for j in judged:
            assert j["verdict"] == by_uci[j["uci"]], (e["fen"], j["uci"])
        # "!" exactly on the book's only moves, a stalemate said and never "!"
        stalemates = {j["san"] for j in judged if j["verdict"]["stalemate"]}
        marked = sorted(j["san"] for j in judged if j["verdict"]["mark"] == "!")
        only = sorted(m for m in e["only"].split() if m not in stalemates)
        assert marked == only, (e["fen"], marked, only)
        for j in judged:
            if j["verdict"]["stalemate"]:
                assert "stalemate" in j["verdict"]["reason"] and j["verdict"]["mark"] != "!"
        # the why is one short sentence
        assert explanation["reason"].endswith(".") and len(explanation["reason"].split()) <= 30
