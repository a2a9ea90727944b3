#!/usr/bin/env python3
"""Plays a match between two engines with python-chess as the referee, from varied openings,
each opening twice with colours swapped, at a fixed time per move; writes the games as PGN and
prints the score.

Usage: tools/match.py "ENGINE [ARGS]" "OPPONENT [ARGS]" [--xboard-opponent] [--games N]
       [--movetime S] [--pgn FILE]
(the first engine speaks UCI; the opponent UCI, or XBoard with --xboard-opponent, as Debian's
phalanx does.)
"""
import argparse
import shlex
import sys
import time

import chess
import chess.engine
import chess.pgn

# Short opening lines, each from a different family, played by both colours.
OPENINGS = [
    "e2e4 e7e5 g1f3 b8c6 f1b5 a7a6",          # Ruy Lopez
    "e2e4 e7e5 g1f3 b8c6 f1c4 f8c5",          # Italian
    "e2e4 c7c5 g1f3 d7d6 d2d4 c5d4 f3d4",     # Sicilian, open
    "e2e4 c7c5 b1c3 b8c6 g2g3",               # Sicilian, closed
    "e2e4 e7e6 d2d4 d7d5 b1c3 g8f6",          # French
    "e2e4 c7c6 d2d4 d7d5 e4e5 c8f5",          # Caro-Kann, advance
    "e2e4 d7d6 d2d4 g8f6 b1c3 g7g6",          # Pirc
    "e2e4 d7d5 e4d5 d8d5 b1c3 d5a5",          # Scandinavian
    "d2d4 d7d5 c2c4 e7e6 b1c3 g8f6",          # Queen's Gambit declined
    "d2d4 d7d5 c2c4 d5c4 g1f3 g8f6",          # Queen's Gambit accepted
    "d2d4 g8f6 c2c4 g7g6 b1c3 f8g7 e2e4",     # King's Indian
    "d2d4 g8f6 c2c4 e7e6 b1c3 f8b4",          # Nimzo-Indian
    "d2d4 f7f5 g2g3 g8f6 f1g2",               # Dutch
    "c2c4 e7e5 b1c3 g8f6 g1f3 b8c6",          # English
    "g1f3 d7d5 g2g3 g8f6 f1g2 c7c6",          # Reti
    "d2d4 g8f6 c2c4 c7c5 d4d5 b7b5",          # Benko
    "e2e4 e7e5 f2f4 e5f4 g1f3",               # King's Gambit
    "d2d4 d7d5 c1f4 g8f6 e2e3 c7c5",          # London
    "e2e4 g8f6 e4e5 f6d5 d2d4 d7d6",          # Alekhine
    "d2d4 g8f6 c2c4 g7g6 b1c3 d7d5",          # Gruenfeld
]


def open_engine(command, xboard):
    argv = shlex.split(command)
    if xboard:
        return chess.engine.SimpleEngine.popen_xboard(argv)
    return chess.engine.SimpleEngine.popen_uci(argv)


def play(white, black, opening, movetime, names):
    board = chess.Board()
    for uci in opening.split():
        board.push_uci(uci)
    game = chess.pgn.Game()
    game.headers["White"], game.headers["Black"] = names
    game.headers["Opening"] = opening
    node = game
    for m in board.move_stack:
        node = node.add_variation(m)
    engines = {chess.WHITE: white, chess.BLACK: black}
    result = None
    while result is None:
        outcome = board.outcome(claim_draw=True)
        if outcome is not None:
            result = outcome.result()
            game.headers["Termination"] = outcome.termination.name.lower()
            break
        try:
            played = engines[board.turn].play(board, chess.engine.Limit(time=movetime))
        except chess.engine.EngineError as e:
            result = "0-1" if board.turn == chess.WHITE else "1-0"
            game.headers["Termination"] = f"engine error: {e}"
            break
        if played.move is None or played.move not in board.legal_moves:
            result = "0-1" if board.turn == chess.WHITE else "1-0"
            game.headers["Termination"] = f"illegal or no move: {played.move}"
            break
        board.push(played.move)
        node = node.add_variation(played.move)
    game.headers["Result"] = result
    return game, result


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("engine")
    ap.add_argument("opponent")
    ap.add_argument("--xboard-opponent", action="store_true")
    ap.add_argument("--games", type=int, default=40)
    ap.add_argument("--movetime", type=float, default=0.1)
    ap.add_argument("--pgn", default="match.pgn")
    args = ap.parse_args()
    points = 0.0
    tally = {"win": 0, "draw": 0, "loss": 0}
    started = time.time()
    with open(args.pgn, "w") as out:
        for g in range(args.games):
            opening = OPENINGS[(g // 2) % len(OPENINGS)]
            engine_white = g % 2 == 0
            ours = open_engine(args.engine, False)
            theirs = open_engine(args.opponent, args.xboard_opponent)
            try:
                if engine_white:
                    game, result = play(ours, theirs, opening, args.movetime, ("kpk", args.opponent))
                else:
                    game, result = play(theirs, ours, opening, args.movetime, (args.opponent, "kpk"))
            finally:
                ours.quit()
                theirs.quit()
            ours_won = result == ("1-0" if engine_white else "0-1")
            if result == "1/2-1/2":
                points += 0.5
                tally["draw"] += 1
            elif ours_won:
                points += 1
                tally["win"] += 1
            else:
                tally["loss"] += 1
            print(game, file=out, end="\n\n", flush=True)
            print(f"game {g + 1}: {result} ({game.headers['Termination']}), kpk {points}/{g + 1}", flush=True)
    n = args.games
    print(f"kpk against {args.opponent}: {points}/{n} ({100 * points / n:.1f}%), "
          f"+{tally['win']} ={tally['draw']} -{tally['loss']}, {time.time() - started:.0f} s")


if __name__ == "__main__":
    sys.exit(main())
