"""Exact endgame knowledge for every chess position of at most three men, for python-chess.

No table files: the tables are compiled in. ``kpk.gaviota`` and ``kpk.syzygy`` replace
python-chess's probers for these positions; the functions here give what they do not have.

>>> import chess, kpk
>>> board = chess.Board("4k3/8/4K3/4P3/8/8/8/8 w - - 0 1")
>>> [m.uci() for m in kpk.best_moves(board)]
['e6d6']
>>> len(kpk.optimal_line(board))
21
>>> kpk.probe(board)["category"], kpk.probe(board)["dtm"], kpk.probe(board)["dtz"]
('win', 21, 3)
>>> kpk.classify(board)["wdl"]
'win'
>>> kpk.probe_squares(44, 36, 60, chess.WHITE, chess.WHITE)  # Ke6, Pe5 v Ke8, White to move
1
>>> plan = kpk.plan(chess.Board("8/8/4k3/8/8/3KP3/8/8 w - - 0 1"))
>>> plan["san"], plan["aim"]
('Ke4', 'opposition')
>>> kpk.judge(chess.Board("8/8/4k3/8/8/3KP3/8/8 w - - 0 1"), "d3d4")["verdict"]["kind"]
'throws'
"""

from typing import Any, Optional, Sequence

from kpk._kpk import (
    __version__,
    best_moves,
    classify,
    explain,
    judge,
    optimal_line,
    plan,
    probe,
    probe_dtm_many,
    probe_dtz_many,
    probe_squares,
    probe_squares_bytes,
    recognize,
    rules_report,
)

__all__ = [
    "__version__",
    "best_moves",
    "classify",
    "explain",
    "judge",
    "optimal_line",
    "plan",
    "probe",
    "probe_array",
    "probe_dtm_many",
    "probe_dtz_many",
    "probe_squares",
    "probe_squares_bytes",
    "recognize",
    "rules_report",
]


def _check_row(row: Sequence[int], index: int) -> None:
    """A ValueError naming what is wrong with one position's five numbers."""
    if len(row) != 5:
        raise ValueError(f"position {index}: expected 5 numbers, got {len(row)}: {row!r}")
    for column, name in enumerate(("strong_king", "pawn", "weak_king")):
        if not 0 <= row[column] <= 63:
            raise ValueError(f"position {index}: {name} must be a square from 0 to 63, not {row[column]!r}")
    for column, name in ((3, "pawn is black"), (4, "defender to move")):
        if row[column] not in (0, 1):
            raise ValueError(f"position {index}: {name} must be 0 or 1, not {row[column]!r}")


def probe_array(squares: Any) -> Any:
    """The bitbase over an array of positions, five small integers each: strong king, pawn,
    weak king (squares 0..63), 1 if the pawn is black, 1 if the side without the pawn is to
    move. Returns 1 (win), 0 (draw) or -1 (loss) for the side to move of each position.

    With numpy, ``squares`` is an integer array of shape ``(n, 5)`` and the result a (writable)
    ``int8`` array of ``n``; without, any sequence of 5-tuples and a list of ints. A number
    out of range raises ``ValueError`` naming the position and the column. The positions must
    be legal (``kpk.probe_squares`` checks one); an illegal one is answered without error,
    meaninglessly.

    >>> import numpy as np
    >>> probe_array(np.array([[44, 36, 60, 0, 0], [44, 36, 60, 0, 1]]))
    array([ 1, -1], dtype=int8)
    >>> probe_array([(44, 36, 60, 0, 0)])
    [1]
    """
    try:
        import numpy as np
    except ImportError:  # pragma: no cover - numpy is optional
        np = None
    if np is not None and isinstance(squares, np.ndarray):
        if squares.ndim != 2 or squares.shape[1] != 5:
            raise ValueError(f"expected an array of shape (n, 5), got {squares.shape}")
        if squares.dtype.kind not in "iub":
            raise ValueError(f"expected an integer array, got dtype {squares.dtype}")
        if len(squares):
            low, high = squares.min(axis=0), squares.max(axis=0)
            limits = (63, 63, 63, 1, 1)
            for column in range(5):
                if low[column] < 0 or high[column] > limits[column]:
                    bad = int(np.nonzero((squares[:, column] < 0) | (squares[:, column] > limits[column]))[0][0])
                    _check_row([int(v) for v in squares[bad]], bad)
        raw = np.ascontiguousarray(squares, dtype=np.uint8).tobytes()
        return np.frombuffer(probe_squares_bytes(raw), dtype=np.int8).copy()
    rows: Sequence[Sequence[int]] = list(squares)
    for index, row in enumerate(rows):
        _check_row(row, index)
    raw = bytes(v for row in rows for v in row)
    return [b - 256 if b > 127 else b for b in probe_squares_bytes(raw)]
