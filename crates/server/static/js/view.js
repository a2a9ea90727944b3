// The board as the state shows it: the current position, the last move, the man picked up and
// where he may go, the map of a KPK position, the checkmated king.
import { castlingPossible, epCandidates, squareIndex, squareName } from "./fen.js";
import { Board } from "./board.js";
import { current, moves, state } from "./state.js";

const $ = (id) => document.getElementById(id);

// The board (board.js), made once by `createBoard` with the callbacks of its input (input.js).
export let board = null;

export function createBoard(input) {
  board = new Board($("board"), input);
}

export function drawBoard(arrow = null) {
  const node = current();
  const view = state.view;
  const targets = state.selected === null || state.editing ? []
    : moves().filter((m) => m.uci.startsWith(squareName(state.selected))).map((m) => squareIndex(m.uci.slice(2, 4)));
  // two layers, one meaning each, both off until asked for: the defending king's map (colours),
  // the strong king's key squares and the square of the pawn (outlines)
  const colours = $("show-map").checked;
  const outlines = $("show-squares").checked;
  const map = state.map && state.mapNode === node && (colours || outlines)
    ? {
      squares: colours ? state.map.squares : null,
      keySquares: outlines ? state.map.explanation.key_squares : [],
      pawnSquare: outlines ? state.map.explanation.square_of_the_pawn : [],
    }
    : null;
  board.draw({
    board: node.pos.board,
    turn: node.pos.turn,
    flipped: state.flipped,
    lastMove: node.uci ? [squareIndex(node.uci.slice(0, 2)), squareIndex(node.uci.slice(2, 4))] : null,
    selected: state.selected,
    targets,
    map,
    arrow,
    // the checkmated king is marked, as lichess marks it, and a king in check: as the view says
    mated: view && view.checkmate ? squareIndex(view.check) : null,
    checked: view && view.check ? squareIndex(view.check) : null,
  });
}

// The board of `pos` for a moment (the position a hovered line leads to), its last move `uci`
// marked; drawBoard() brings the current position back.
export function drawPreview(pos, uci) {
  board.draw({
    board: pos.board,
    turn: pos.turn,
    flipped: state.flipped,
    lastMove: [squareIndex(uci.slice(0, 2)), squareIndex(uci.slice(2, 4))],
    selected: null,
    targets: [],
    map: null,
    arrow: null,
    mated: null,
  });
}

// Whether square `i` holds a man of the side to move.
export function ownMan(i) {
  const man = current().pos.board[i];
  if (!man) return false;
  return (man === man.toUpperCase()) === (current().pos.turn === "w");
}

// The editor's controls as the position stands: each castling right on where it holds, off where
// the men do not allow it; the en passant squares the position can have.
export function showRights(pos) {
  for (const box of document.querySelectorAll("#castling-rights input")) {
    box.disabled = !castlingPossible(box.dataset.right, pos.board);
    box.checked = pos.castling.includes(box.dataset.right);
  }
  const select = $("ep-square");
  select.textContent = "";
  for (const square of ["-", ...epCandidates(pos.board, pos.turn)]) {
    const option = document.createElement("option");
    option.value = square;
    option.textContent = square === "-" ? "none" : square;
    select.append(option);
  }
  select.value = pos.ep;
}
