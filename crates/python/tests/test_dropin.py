"""A short script written for python-chess's probers, run unchanged with kpk's objects in their
place: it plays a won KQK, KRK and KPK position out by the tables (the winner the quickest mate
by DTM, then by DTZ; the defender the longest resistance) and reports how each game ended."""

import chess

import kpk.gaviota
import kpk.syzygy


def play_out(fen, gaviota, syzygy=None, max_plies=120):
    """Written against chess.gaviota / chess.syzygy: returns (result, plies)."""
    board = chess.Board(fen)
    while not board.is_game_over() and board.ply() < max_plies:
        def value(move):
            board.push(move)
            try:
                dtm = gaviota.probe_dtm(board)
                wdl = gaviota.probe_wdl(board)
                dtz = syzygy.probe_dtz(board) if syzygy is not None else 0
            finally:
                board.pop()
            # after our move the opponent is to move: we want his loss, quickest first
            return (wdl, abs(dtm) if wdl < 0 else -abs(dtm), dtz)
        board.push(min(board.legal_moves, key=value))
    return board.result(claim_draw=True), board.ply()


FENS = [
    "8/8/8/8/8/8/8/K2kr3 w - - 0 1",       # KRK, White gets mated
    "8/8/8/8/8/2k5/1R6/K7 w - - 0 1",      # KRK, mate in 31 plies
    "8/8/8/3k4/8/8/8/QK6 b - - 0 1",       # KQK
    "4k3/8/4K3/4P3/8/8/8/8 w - - 0 1",     # KPK, mate in 21
    "8/8/8/8/4p3/4k3/8/4K3 b - - 0 1",     # KPK, Black's pawn
]


def test_the_script_gives_the_same_games_with_kpk_in_place_of_python_chess(native_gaviota):
    native = native_gaviota  # the C library allows one instance per process: the shared one
    ours = kpk.gaviota.open_tablebase()
    for fen in FENS:
        expected = play_out(fen, native)
        assert play_out(fen, ours) == expected, fen
        # with DTZ as the last tie-break the result and the length stay
        result, plies = play_out(fen, ours, kpk.syzygy.open_tablebase())
        assert result == expected[0] and plies == expected[1], fen
        assert result in ("1-0", "0-1"), fen
