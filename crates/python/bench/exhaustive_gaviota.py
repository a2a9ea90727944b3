"""Every legal position of at most three men (KQK, KRK, KPK and KBK, KNK with either colour
owning the man, both sides to move): kpk.gaviota against python-chess's native Gaviota
prober on Debian's tables, probe_dtm and probe_wdl. Prints the count per ending and every
difference (none expected); exits 1 on a difference. A few minutes.

    python3 crates/python/bench/exhaustive_gaviota.py [tables directory] [libgtb]
"""

import sys

import chess
import chess.gaviota

import kpk.gaviota

TABLES = sys.argv[1] if len(sys.argv) > 1 else "/usr/share/gaviotatb/gtb4"
LIBGTB = sys.argv[2] if len(sys.argv) > 2 else "libgaviotatb.so.1"


def main():
    native = chess.gaviota.open_tablebase_native(TABLES, libgtb=LIBGTB)
    ours = kpk.gaviota.open_tablebase()
    differences = 0
    for name, role in [("KQK", chess.QUEEN), ("KRK", chess.ROOK), ("KPK", chess.PAWN),
                       ("KBK", chess.BISHOP), ("KNK", chess.KNIGHT)]:
        count = 0
        for color in chess.COLORS:
            for wk in chess.SQUARES:
                for bk in chess.SQUARES:
                    if chess.square_distance(wk, bk) < 2:
                        continue
                    for man in chess.SQUARES:
                        if man in (wk, bk):
                            continue
                        board = chess.Board(None)
                        board.set_piece_at(wk, chess.Piece(chess.KING, chess.WHITE))
                        board.set_piece_at(bk, chess.Piece(chess.KING, chess.BLACK))
                        board.set_piece_at(man, chess.Piece(role, color))
                        for turn in chess.COLORS:
                            board.turn = turn
                            if not board.is_valid():
                                continue
                            count += 1
                            theirs = (native.probe_dtm(board), native.probe_wdl(board))
                            mine = (ours.probe_dtm(board), ours.probe_wdl(board))
                            if theirs != mine:
                                differences += 1
                                print(f"{board.fen()}: native {theirs}, kpk {mine}")
        print(f"{name}: {count} positions, both colours of the man, both sides to move")
    print(f"{differences} differences")
    return 1 if differences else 0


if __name__ == "__main__":
    sys.exit(main())
