"""A drop-in for ``chess.gaviota`` on positions of at most three men, with no table files.

``open_tablebase()`` returns an object with python-chess's Gaviota prober's methods and
conventions (``probe_dtm``, ``get_dtm``, ``probe_wdl``, ``get_wdl``, a context manager,
``close``): depth to mate in plies, positive when the side to move wins, 0 for draws and for
a checkmated position; 0 at once for insufficient material (as python-chess's native prober
answers, before any other check); ``KeyError`` for castling rights or more than 5 pieces,
``MissingTableError`` (a ``KeyError``) for 4 or 5 pieces.

>>> import chess
>>> import kpk.gaviota
>>> with kpk.gaviota.open_tablebase() as tablebase:
...     board = chess.Board("8/8/8/8/8/8/8/K2kr3 w - - 0 1")
...     print(tablebase.probe_dtm(board))
-10
"""

from typing import Any, Optional

from kpk._kpk import GaviotaMissingTableError as MissingTableError
from kpk._kpk import GaviotaTablebase as Tablebase

#: python-chess's two prober classes: here one class answers for both.
NativeTablebase = Tablebase
PythonTablebase = Tablebase

__all__ = ["MissingTableError", "NativeTablebase", "PythonTablebase", "Tablebase", "open_tablebase", "open_tablebase_native"]


def open_tablebase(directory: Optional[str] = None, *, libgtb: Optional[str] = None, LibraryLoader: Any = None) -> Tablebase:
    """The tablebase: every position of at most three men. ``directory``, ``libgtb`` and
    ``LibraryLoader`` are accepted for compatibility with ``chess.gaviota.open_tablebase`` and
    ignored: nothing is read from disk."""
    return Tablebase()


def open_tablebase_native(directory: Optional[str] = None, *, libgtb: Optional[str] = None, LibraryLoader: Any = None) -> Tablebase:
    """The same as :func:`open_tablebase` (python-chess's name for its C-library prober)."""
    return Tablebase()
