// The board's input (board.js calls it): a man picked up and put down by click, drag or the
// keyboard plays a legal move, or in edit mode places and moves men; a promotion asks for its
// piece.
import { play } from "./analysis.js";
import { editBoard } from "./edit.js";
import { placeMan, squareIndex, squareName } from "./fen.js";
import { current, moves, state } from "./state.js";
import { drawBoard, ownMan } from "./view.js";

const $ = (id) => document.getElementById(id);

// The callbacks of the board: { announce, putDown, down, drop, click }.
export const boardInput = {
  announce(words) {
    $("square-said").textContent = words;
  },
  putDown() {
    state.selected = null;
    drawBoard();
  },
  down(i) {
    if (state.editing) return state.placing === null;
    const movable = ownMan(i) && moves().some((m) => m.uci.startsWith(squareName(i)));
    state.pickedByDown = null;
    if (movable && state.selected !== i) {
      // the man picked up shows where he may go, and where he came from, while he is dragged
      state.selected = i;
      state.pickedByDown = i;
      drawBoard();
    }
    return movable;
  },
  drop(from, to) {
    if (state.editing) editBoard((b) => { b[to] = b[from]; b[from] = null; });
    else tryMove(from, to);
  },
  click(i) {
    if (state.editing) {
      if (state.placing) return editBoard((b) => placeMan(b, i, state.placing));
      if (state.selected !== null && state.selected !== i) {
        const from = state.selected;
        return editBoard((b) => { b[i] = b[from]; b[from] = null; });
      }
      state.selected = current().pos.board[i] ? i : null;
      return drawBoard();
    }
    if (state.pickedByDown === i) {
      // the tap that picked this man up: he stays picked up
      state.pickedByDown = null;
      return drawBoard();
    }
    const target = state.selected === null ? i : castlingTarget(state.selected, i);
    if (state.selected !== null && moves().some((m) => m.uci.slice(0, 4) === squareName(state.selected) + squareName(target))) {
      return tryMove(state.selected, i);
    }
    state.selected = ownMan(i) && state.selected !== i ? i : null;
    drawBoard();
  },
};

// A king dropped on his own rook castles, as lichess allows: the legal castling move whose rook
// stands there (the view names it), or `to` itself.
function castlingTarget(from, to) {
  const castle = moves().find((m) => m.rook === squareName(to) && m.uci.startsWith(squareName(from)));
  return castle ? squareIndex(castle.uci.slice(2, 4)) : to;
}

// Plays the legal move from `from` to `to`, asking for the piece when it promotes.
function tryMove(from, dropped) {
  const to = castlingTarget(from, dropped);
  const uci = squareName(from) + squareName(to);
  const candidates = moves().filter((m) => m.uci.slice(0, 4) === uci);
  state.selected = null;
  if (candidates.length === 1) return play(candidates[0]);
  if (candidates.length > 1) return askPromotion(candidates);
  drawBoard();
}

function askPromotion(candidates) {
  state.pending = candidates;
  const box = $("promotion");
  box.hidden = false;
  // over the promotion square, as lichess shows it
  const square = document.querySelector(`rect.sq[data-square="${candidates[0].uci.slice(2, 4)}"]`);
  if (square) {
    const r = square.getBoundingClientRect();
    const below = r.top < window.innerHeight / 2;
    box.style.left = Math.max(0, r.left) + "px";
    box.style.top = below ? r.top + "px" : "";
    box.style.bottom = below ? "" : window.innerHeight - r.bottom + "px";
    box.style.width = r.width + "px";
  }
  const colour = current().pos.turn === "w" ? "white" : "black";
  for (const b of box.querySelectorAll("button[data-promotion]")) {
    b.hidden = !candidates.some((m) => m.uci[4] === b.dataset.promotion);
    const use = b.querySelector("use");
    use.setAttribute("class", "man " + colour);
    use.setAttribute("href", `#piece-${colour[0]}${b.dataset.promotion.toUpperCase()}`);
  }
  box.querySelector("button[data-promotion]:not([hidden])").focus();
  drawBoard();
}

// The piece chosen for the promotion waiting (`letter`: q, r, b, n), or none: the move is
// not played.
export function choosePromotion(letter) {
  const m = state.pending && state.pending.find((c) => c.uci[4] === letter);
  state.pending = null;
  $("promotion").hidden = true;
  if (m) play(m);
  else drawBoard();
}
