"""kpk.syzygy: python-chess's Syzygy conventions (WDL under the 50-move rule from a reset
clock, DTZ with its signs) checked against the moves python-chess generates, and against the
Rust library's answer through another path (the FEN reader of kpk.probe)."""

import chess
import chess.variant
import pytest

import kpk
import kpk.syzygy

from conftest import ENDINGS, sample


def successors(board):
    for move in board.legal_moves:
        zeroing = board.is_zeroing(move)
        board.push(move)
        yield move, zeroing, board.copy(stack=False)
        board.pop()


@pytest.mark.parametrize("name", sorted(ENDINGS))
def test_dtz_satisfies_the_syzygy_recursion_on_python_chess_moves(name):
    tb = kpk.syzygy.open_tablebase()
    for board in sample(7 + sum(map(ord, name)), ENDINGS[name], 2000):
        dtz = tb.probe_dtz(board)
        wdl = tb.probe_wdl(board)
        assert wdl == (2 if dtz > 0 else -2 if dtz < 0 else 0), board.fen()
        assert dtz == kpk.probe(board)["dtz"], board.fen()
        after = [(z, b.is_checkmate(), tb.probe_dtz(b)) for _, z, b in successors(board)]
        if board.is_checkmate():
            assert dtz == -1
        elif dtz > 0:
            now = any((z and d < 0) or mate for z, mate, d in after)
            quickest = min((1 - d for z, _, d in after if not z and d < 0), default=None)
            assert dtz == (1 if now else quickest), board.fen()
        elif dtz < 0:
            assert all(d > 0 and not z for z, _, d in after), board.fen()
            assert dtz == -(max(d for _, _, d in after) + 1), board.fen()
        else:
            assert not after or any(d == 0 for _, _, d in after), board.fen()


def test_dtz_many_and_get_dtz():
    tb = kpk.syzygy.open_tablebase("/tables")
    boards = sample(3, chess.ROOK, 200) + [chess.Board()]
    many = kpk.probe_dtz_many(boards)
    assert many[:-1] == [tb.probe_dtz(b) for b in boards[:-1]]
    assert many[-1] is None
    assert tb.get_dtz(chess.Board()) is None


def test_python_chess_signatures_and_variants():
    tb = kpk.syzygy.open_tablebase("/tables", load_wdl=True, load_dtz=True, max_fds=None)
    assert tb.add_directory(directory="/elsewhere") == 10
    assert tb.add_file("/elsewhere/KQvK.rtbw") == 0
    kpk.syzygy.Tablebase(max_fds=None, VariantBoard=chess.Board)
    with pytest.raises(ValueError, match="standard chess"):
        kpk.syzygy.open_tablebase(VariantBoard=chess.variant.AtomicBoard)
    atomic = chess.variant.AtomicBoard("8/8/8/8/8/2k5/1R6/K7 w - - 0 1")
    with pytest.raises(KeyError, match="opened for chess, probed with: atomic"):
        tb.probe_wdl(atomic)
    assert tb.get_dtz(atomic) is None


def test_errors_are_the_ones_python_chess_raises():
    tb = kpk.syzygy.open_tablebase()
    with pytest.raises(KeyError, match="castling rights"):
        tb.probe_wdl(chess.Board())
    with pytest.raises(kpk.syzygy.MissingTableError):
        tb.probe_dtz(chess.Board("4k3/8/8/8/8/8/PP6/4K3 w - - 0 1"))
    with pytest.raises(KeyError, match="up to 7 pieces"):
        tb.probe_dtz(chess.Board("4k3/8/8/8/8/8/PPPPPPP1/4K3 w - - 0 1"))
