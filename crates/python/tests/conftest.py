"""Shared fixtures: random legal boards of every 3-man ending, and python-chess's own Gaviota
prober on Debian's tables (packages gaviotatb and libgaviotatb1, which .ci/run installs)."""

import os
import random

import chess
import chess.gaviota
import pytest

GAVIOTA_TABLES = os.environ.get("KPK_GAVIOTA_TABLES", "/usr/share/gaviotatb/gtb4")
GAVIOTA_LIB = os.environ.get("KPK_GAVIOTA_LIB", "libgaviotatb.so.1")

ENDINGS = {
    "KQK": chess.QUEEN,
    "KRK": chess.ROOK,
    "KPK": chess.PAWN,
    "KBK": chess.BISHOP,
    "KNK": chess.KNIGHT,
}


def random_board(rng: random.Random, role: int, strong: bool, turn: bool) -> chess.Board:
    """A uniformly random legal board: the kings and one man of `role` for colour `strong`."""
    while True:
        board = chess.Board(None)
        squares = rng.sample(range(64), 3)
        board.set_piece_at(squares[0], chess.Piece(chess.KING, chess.WHITE))
        board.set_piece_at(squares[1], chess.Piece(chess.KING, chess.BLACK))
        board.set_piece_at(squares[2], chess.Piece(role, strong))
        board.turn = turn
        if board.is_valid():
            return board


def sample(seed: int, role: int, n: int) -> list:
    """`n` random boards of the ending, both colours of the man, both sides to move."""
    rng = random.Random(seed)
    return [random_board(rng, role, i % 2 == 0, (i // 2) % 2 == 0) for i in range(n)]


@pytest.fixture(scope="session")
def native_gaviota():
    """python-chess's native Gaviota prober (the C library through ctypes)."""
    tb = chess.gaviota.open_tablebase_native(GAVIOTA_TABLES, libgtb=GAVIOTA_LIB)
    yield tb
    tb.close()
