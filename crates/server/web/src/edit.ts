// Edit mode: the palette places and removes men, drags move them freely, and every change is a
// new position with a tree of its own.
import { drawBoard } from "./board";
import { $, all } from "./dom";
import { type Man, castlingPossible, epCandidates } from "./position";
import { current, newTree, state } from "./state";

/**
 * The castling rights the user wants, as lichess's editor keeps them: a right the men no longer
 * allow is left out of the position but not forgotten, and comes back with its king and rook.
 */
let wanted = "";

/** Changes the board in edit mode: a new position, so a new tree of moves; then `shown()`. */
export function editBoard(change: (board: Man[]) => void, shown: () => void): void {
  const pos = current().pos;
  const b = pos.board.slice();
  change(b);
  // the rights wanted that the men allow; an en passant square belongs to a move
  for (const r of pos.castling) if (!wanted.includes(r)) wanted += r;
  const castling = [..."KQkq"].filter((r) => wanted.includes(r) && castlingPossible(r, b)).join("");
  newTree({ board: b, turn: pos.turn, castling, ep: "-", clock: pos.clock, number: pos.number });
  shown();
}

export function setEditing(on: boolean, draw = true): void {
  state.editing = on;
  wanted = current().pos.castling;
  state.placing = null;
  const edit = $("edit");
  edit.setAttribute("aria-pressed", String(on));
  edit.textContent = on ? "Done editing" : "Edit position";
  $("palette").hidden = !on;
  document.body.dataset.mode = on ? "edit" : "play";
  for (const b of all("#palette button[data-piece]")) b.classList.remove("active");
  if (draw) drawBoard();
}

/** Sets the castling rights and the en passant square from the editor's controls. */
export function editRights(shown: () => void): void {
  const pos = current().pos;
  const castling = all<HTMLInputElement>("#castling-rights input")
    .filter((box) => box.checked && castlingPossible(box.dataset.right ?? "", pos.board))
    .map((box) => box.dataset.right)
    .join("");
  wanted = castling;
  const ep = $<HTMLSelectElement>("ep-square").value;
  newTree({ ...pos, castling, ep: epCandidates(pos.board, pos.turn).includes(ep) ? ep : "-" });
  shown();
}

/** The editor's controls as the position stands: each castling right, the en passant squares. */
export function showRights(): void {
  const pos = current().pos;
  for (const box of all<HTMLInputElement>("#castling-rights input")) {
    const right = box.dataset.right ?? "";
    box.disabled = !castlingPossible(right, pos.board);
    box.checked = pos.castling.includes(right);
  }
  const select = $<HTMLSelectElement>("ep-square");
  select.textContent = "";
  for (const square of ["-", ...epCandidates(pos.board, pos.turn)]) {
    const option = document.createElement("option");
    option.value = square;
    option.textContent = square === "-" ? "none" : square;
    select.append(option);
  }
  select.value = pos.ep;
}

/** Picks the palette's letter (a man, or "x" to remove), or puts it back when it was picked. */
export function choosePlacing(letter: string): void {
  state.placing = state.placing === letter ? null : letter;
  for (const other of all("#palette button[data-piece]")) {
    other.classList.toggle("active", other.dataset.piece === state.placing);
  }
  drawBoard();
}
