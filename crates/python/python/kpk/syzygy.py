"""A drop-in for ``chess.syzygy``: positions of at most three men with no table files, and
real Syzygy files for more, read by Rust (kpk-syzygy, through shakmaty-syzygy), not by
python-chess's pure-Python reader.

``open_tablebase(directory=None)`` returns an object with python-chess's Syzygy prober's
methods and conventions (``probe_wdl``, ``get_wdl``, ``probe_dtz``, ``get_dtz``,
``add_directory``, ``add_file``, a context manager, ``close``), and batch forms over numpy
(``probe_wdl_array``, ``probe_dtz_array``): WDL under the 50-move rule as if the clock had
just been reset (2, 1, 0, -1, -2), DTZ in plies (1: a capture, pawn move or mate wins now; -1:
checkmated), exact for three men, as the file stores it beyond; ``KeyError`` for castling
rights or more than 7 pieces, ``MissingTableError`` (a ``KeyError``) for a position whose table
was not added, ``OSError`` naming a damaged file.

>>> import chess
>>> import kpk.syzygy
>>> with kpk.syzygy.open_tablebase() as tablebase:
...     board = chess.Board("8/8/8/8/8/2k5/1R6/K7 w - - 0 1")
...     print(tablebase.probe_wdl(board), tablebase.probe_dtz(board))
2 31
"""

from typing import Any, Optional

from kpk._kpk import SyzygyMissingTableError as MissingTableError
from kpk._kpk import SyzygyTablebase as Tablebase

__all__ = ["MissingTableError", "Tablebase", "open_tablebase"]


def open_tablebase(directory: Optional[str] = None, *, load_wdl: bool = True, load_dtz: bool = True, max_fds: Optional[int] = 128, VariantBoard: Any = None) -> Tablebase:
    """The tablebase: every position of at most three men, and the Syzygy files of
    ``directory`` (when given) for more. The arguments of ``chess.syzygy.open_tablebase`` are
    accepted; ``VariantBoard`` must be ``chess.Board`` (standard chess's tables), else
    ``ValueError``. A board of another variant raises ``KeyError``, as python-chess does."""
    tablebase = Tablebase(max_fds=max_fds, VariantBoard=VariantBoard)
    if directory is not None:
        tablebase.add_directory(directory, load_wdl=load_wdl, load_dtz=load_dtz)
    return tablebase
