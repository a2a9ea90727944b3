// The board's input (board.ts calls it): a man moved on the board plays the legal move it names,
// a promotion asks for its piece; in edit mode the palette's man is placed where clicked and the
// men dragged are the new position.
import { navigate, play } from "./analysis";
import type { BoardInput } from "./board";
import { drawBoard } from "./board";
import { $ } from "./dom";
import { editBoard } from "./edit";
import { movesBetween } from "./play";
import { type Man, parsePlacement, placeMan, squareIndex } from "./position";
import { askPromotion } from "./promotion";
import { current, moves, state } from "./state";

export const boardInput: BoardInput = {
  moved(orig, dest) {
    const candidates = movesBetween(orig, dest, moves());
    const [only] = candidates;
    if (only && candidates.length === 1) return play(only.uci);
    if (candidates.length > 1) {
      state.pending = candidates;
      drawBoard();
      askPromotion(candidates, current().pos.turn === "w", (m) => {
        state.pending = null;
        if (m) play(m.uci);
        else drawBoard();
      });
      return;
    }
    // not a legal move: the man goes back
    drawBoard();
  },
  selected(square) {
    const placing = state.placing;
    if (!placing) return;
    editBoard((b) => placeMan(b, squareIndex(square), placing), navigate);
  },
  edited(placement) {
    const board = parsePlacement(placement);
    if (!board) return;
    editBoard((b: Man[]) => b.splice(0, 64, ...board), navigate);
  },
  announce(words) {
    $("square-said").textContent = words;
  },
};
