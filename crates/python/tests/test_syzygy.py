"""kpk.syzygy: python-chess's Syzygy conventions (WDL under the 50-move rule from a reset
clock, DTZ with its signs) checked against the moves python-chess generates, and against the
Rust library's answer through another path (the FEN reader of kpk.probe)."""

import pathlib

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
    tb = kpk.syzygy.open_tablebase()
    boards = sample(3, chess.ROOK, 200) + [chess.Board()]
    many = kpk.probe_dtz_many(boards)
    assert many[:-1] == [tb.probe_dtz(b) for b in boards[:-1]]
    assert many[-1] is None
    assert tb.get_dtz(chess.Board()) is None


def test_python_chess_signatures_and_variants():
    tb = kpk.syzygy.open_tablebase(None, load_wdl=True, load_dtz=True, max_fds=None)
    with pytest.raises(OSError, match="/elsewhere"):
        tb.add_directory(directory="/elsewhere")
    with pytest.raises(OSError, match="/elsewhere/KQvK.rtbw"):
        tb.add_file("/elsewhere/KQvK.rtbw")
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


# the real Syzygy files beside the repository (every 3-man and 4-man ending)
SHARED = pathlib.Path(__file__).resolve().parents[4] / "shared" / "syzygy"


def random_board(rng, white, black):
    while True:
        board = chess.Board(None)
        men = white + black.lower()
        for letter, square in zip(men, rng.sample(chess.SQUARES, len(men))):
            board.set_piece_at(square, chess.Piece.from_symbol(letter))
        board.turn = rng.random() < 0.5
        # a check no move can give (two knights, two pawns) included, as python-chess answers it
        if board.is_valid():
            return board


def test_real_files_answer_four_men_as_python_chess_does():
    import random

    import chess.syzygy

    assert SHARED.is_dir(), f"the real Syzygy files are expected in {SHARED}"
    ours = kpk.syzygy.open_tablebase(str(SHARED))
    assert "from files" in repr(ours)
    theirs = chess.syzygy.open_tablebase(str(SHARED))
    rng = random.Random(33)
    for white, black in [("KQ", "KR"), ("KR", "KP"), ("KP", "KP"), ("KBN", "K"), ("KQ", "KQ")]:
        for _ in range(300):
            board = random_board(rng, white, black)
            assert ours.probe_wdl(board) == theirs.probe_wdl(board), board.fen()
            assert ours.probe_dtz(board) == theirs.probe_dtz(board), board.fen()
    # two pawns giving check at once: no game reaches it, python-chess and lila-tablebase answer it
    two = chess.Board("8/p1p5/1K6/8/3k4/8/8/8 w - - 0 1")
    assert (ours.probe_wdl(two), ours.probe_dtz(two)) == (theirs.probe_wdl(two), theirs.probe_dtz(two))
    # three men still come from the embedded tables, and a table not added is missing
    assert ours.probe_dtz(chess.Board("8/8/8/8/8/2k5/1R6/K7 w - - 0 1")) == 31
    with pytest.raises(kpk.syzygy.MissingTableError):
        ours.probe_dtz(chess.Board("4k3/8/8/8/8/8/PPP5/4K3 w - - 0 1"))
    with pytest.raises(KeyError, match="castling"):
        ours.probe_dtz(chess.Board("4k3/8/8/8/8/8/P7/R3K3 w Q - 0 1"))


def test_batch_forms_and_single_files_read_the_real_files():
    import random

    import chess.syzygy
    import numpy as np

    theirs = chess.syzygy.open_tablebase(str(SHARED))
    ours = kpk.syzygy.open_tablebase()
    # one ending's files added one by one, with those of the endings its captures lead to
    assert ours.add_file(str(SHARED / "KQvKR.rtbw")) == 1
    assert ours.add_file(SHARED / "KQvKR.rtbz") == 1
    for name in ["KQvK.rtbw", "KQvK.rtbz", "KRvK.rtbw", "KRvK.rtbz"]:
        assert ours.add_file(str(SHARED / name)) == 1
    rng = random.Random(7)
    boards = [random_board(rng, "KQ", "KR") for _ in range(200)]
    boards.append(chess.Board("8/8/8/8/8/2k5/1R6/K7 w - - 0 1"))  # three men, embedded
    wdl = ours.probe_wdl_array(boards)
    dtz = ours.probe_dtz_array(boards)
    assert isinstance(wdl, np.ndarray) and wdl.dtype == np.int8 and dtz.dtype == np.int16
    assert wdl.tolist() == [theirs.probe_wdl(b) for b in boards]
    assert dtz.tolist() == [theirs.probe_dtz(b) for b in boards]
    # a table not added raises as probe_wdl does, or takes the default
    other = chess.Board("4k3/8/8/8/8/8/PP6/4K3 w - - 0 1")
    with pytest.raises(kpk.syzygy.MissingTableError):
        ours.probe_wdl_array([boards[0], other])
    assert ours.probe_dtz_array([other, boards[-1]], default=-999).tolist() == [-999, 31]
    # a name that is not a table's, and a file that does not exist
    with pytest.raises(ValueError, match="not named as a Syzygy table"):
        ours.add_file(str(SHARED / "README"))
    with pytest.raises(OSError, match="/no/such/dir/KQvKQ.rtbw: there is no such file"):
        ours.add_file("/no/such/dir/KQvKQ.rtbw")
