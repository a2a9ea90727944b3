"""kpk.gaviota against python-chess's own Gaviota prober (C library, Debian's tables): every
answer equal on 5,000 random legal positions of each ending, both colours, both sides to move;
the conventions and exceptions of chess.gaviota."""

import chess
import chess.gaviota
import pytest

import kpk.gaviota

from conftest import ENDINGS, sample


@pytest.mark.parametrize("name", sorted(ENDINGS))
def test_equal_to_python_chess_native_gaviota(name, native_gaviota):
    ours = kpk.gaviota.open_tablebase()
    boards = sample(sum(map(ord, name)), ENDINGS[name], 5000)
    decisive = 0
    for board in boards:
        theirs = native_gaviota.probe_dtm(board)
        assert ours.probe_dtm(board) == theirs, board.fen()
        assert ours.probe_wdl(board) == native_gaviota.probe_wdl(board), board.fen()
        decisive += theirs != 0
    if name in ("KQK", "KRK", "KPK"):
        assert decisive > 1000
    else:
        assert decisive == 0


def test_checkmate_and_draws_are_zero_and_wdl_tells_them_apart():
    tb = kpk.gaviota.open_tablebase()
    mated = chess.Board("1R4k1/8/6K1/8/8/8/8/8 b - - 0 1")
    assert mated.is_checkmate()
    assert (tb.probe_dtm(mated), tb.probe_wdl(mated)) == (0, -1)
    stalemate = chess.Board("4k3/4P3/4K3/8/8/8/8/8 b - - 0 1")
    assert (tb.probe_dtm(stalemate), tb.probe_wdl(stalemate)) == (0, 0)
    bare = chess.Board("8/8/8/8/8/4k3/8/4K3 w - - 0 1")
    assert tb.probe_dtm(bare) == 0


def test_errors_are_the_ones_python_chess_raises():
    tb = kpk.gaviota.open_tablebase("/any/directory")
    with pytest.raises(KeyError, match="castling rights"):
        tb.probe_dtm(chess.Board())
    four = chess.Board("4k3/8/8/8/8/8/PP6/4K3 w - - 0 1")
    with pytest.raises(kpk.gaviota.MissingTableError):
        tb.probe_dtm(four)
    assert issubclass(kpk.gaviota.MissingTableError, KeyError)
    six = chess.Board("4k3/8/8/8/8/8/PPPPP3/4K3 w - - 0 1")
    with pytest.raises(KeyError, match="up to 5 pieces") as raised:
        tb.probe_wdl(six)
    assert not isinstance(raised.value, kpk.gaviota.MissingTableError)
    assert tb.get_dtm(four) is None
    assert tb.get_wdl(chess.Board(), default=7) == 7
    # an illegal board: a KeyError naming the problem, never a crash
    illegal = chess.Board("4k3/8/8/8/8/8/8/4K2P w - - 0 1")
    with pytest.raises(KeyError, match="probe failed"):
        tb.probe_dtm(illegal)


def test_insufficient_material_comes_first_as_in_the_native_prober(native_gaviota):
    tb = kpk.gaviota.open_tablebase()
    # stray castling flags on boards without rooks: python-chess's native prober answers 0 for
    # insufficient material before it looks at castling rights
    for fen in ["4k3/8/8/8/8/8/8/4K3 w KQkq - 0 1", "4k3/8/8/8/8/8/8/4KB2 w K - 0 1"]:
        board = chess.Board(fen)
        assert native_gaviota.probe_dtm(board) == 0
        assert (tb.probe_dtm(board), tb.probe_wdl(board)) == (0, 0), fen
    # with material to mate, the castling rights are refused by both
    board = chess.Board("4k3/8/8/8/8/8/8/R3K3 w Q - 0 1")
    with pytest.raises(KeyError):
        native_gaviota.probe_dtm(board)
    with pytest.raises(KeyError, match="castling"):
        tb.probe_dtm(board)
    assert kpk.gaviota.NativeTablebase is kpk.gaviota.PythonTablebase is kpk.gaviota.Tablebase
    tb.add_directory(directory="/elsewhere")


def test_context_manager_and_close():
    with kpk.gaviota.open_tablebase() as tb:
        assert tb.probe_dtm(chess.Board("8/8/8/8/8/8/8/K2kr3 w - - 0 1")) == -10
    tb.close()
    assert kpk.gaviota.open_tablebase_native("/x").probe_wdl(chess.Board("8/8/8/8/8/8/8/K2kr3 w - - 0 1")) == -1
