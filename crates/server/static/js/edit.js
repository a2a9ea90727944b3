// Edit mode: the palette places and removes men, drags move them freely, and every change is a
// new position with a tree of its own.
import { navigate } from "./analysis.js";
import { castlingPossible, epCandidates } from "./fen.js";
import { current, newTree, state } from "./state.js";
import { drawBoard } from "./view.js";

const $ = (id) => document.getElementById(id);

// Changes the board in edit mode: a new position, so a new tree of moves.
export function editBoard(change) {
  const pos = current().pos;
  const b = pos.board.slice();
  change(b);
  // the castling rights the men still allow are kept; an en passant square belongs to a move
  const castling = [...pos.castling].filter((r) => castlingPossible(r, b)).join("");
  newTree({ board: b, turn: pos.turn, castling, ep: "-", clock: pos.clock, number: pos.number });
  state.selected = null;
  // a position being set up replaces its address instead of adding one per man placed
  navigate();
}

export function setEditing(on, draw = true) {
  state.editing = on;
  state.placing = null;
  state.selected = null;
  $("edit").setAttribute("aria-pressed", String(on));
  $("edit").textContent = on ? "Done editing" : "Edit position";
  $("palette").hidden = !on;
  document.body.dataset.mode = on ? "edit" : "play";
  for (const b of document.querySelectorAll("#palette button[data-piece]")) b.classList.remove("active");
  if (draw) drawBoard();
}

// Sets the castling rights and the en passant square from the editor's controls.
export function editRights() {
  const pos = current().pos;
  const castling = [...document.querySelectorAll("#castling-rights input")]
    .filter((box) => box.checked && castlingPossible(box.dataset.right, pos.board))
    .map((box) => box.dataset.right)
    .join("");
  const ep = $("ep-square").value;
  newTree({ ...pos, castling, ep: epCandidates(pos.board, pos.turn).includes(ep) ? ep : "-" });
  navigate();
}

// Picks the palette's letter (a man, or "x" to remove), or puts it back when it was picked.
export function choosePlacing(letter) {
  state.placing = state.placing === letter ? null : letter;
  state.selected = null;
  for (const other of document.querySelectorAll("#palette button[data-piece]")) {
    other.classList.toggle("active", other.dataset.piece === state.placing);
  }
}
