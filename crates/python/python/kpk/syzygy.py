"""A drop-in for ``chess.syzygy`` on positions of at most three men, with no table files.

``open_tablebase()`` returns an object with python-chess's Syzygy prober's methods and
conventions (``probe_wdl``, ``get_wdl``, ``probe_dtz``, ``get_dtz``, a context manager,
``close``): WDL under the 50-move rule as if the clock had just been reset (2, 0, -2), DTZ in
plies (1: a capture, pawn move or mate wins now; -1: checkmated), exact, never rounded;
``KeyError`` for castling rights or more than 7 pieces, ``MissingTableError`` (a
``KeyError``) for 4 to 7 pieces.

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
    """The tablebase: every position of at most three men. The arguments of
    ``chess.syzygy.open_tablebase`` are accepted and nothing is read from disk;
    ``VariantBoard`` must be ``chess.Board`` (standard chess's tables), else ``ValueError``.
    A board of another variant raises ``KeyError``, as python-chess does."""
    return Tablebase(max_fds=max_fds, VariantBoard=VariantBoard)
