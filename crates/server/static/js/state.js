// The page's state: the trees of moves of this visit and the current position in them, the
// answers shown for it, the modes of the board; and the address bar that names the position.
// Every other module of the page reads and changes this one object.
import { fenOf } from "./fen.js";
import { Tree, stepsTo } from "./tree.js";

export const state = {
  tree: null,
  trees: [], // every tree of this visit, so back and forward find positions of earlier ones
  flipped: false,
  editing: false, // edit mode: the palette places men, drags move them freely
  placing: null, // a palette letter, "x" to remove, or null
  selected: null, // the square of the man picked up
  pickedByDown: null, // the square of the man the last press picked up (the tap that follows keeps him)
  pending: null, // the moves of a promotion waiting for its piece
  view: null, // /view for the current position: the board's words, every legal move
  prefetched: null, // { node, view }: a view already answered for a position just loaded
  map: null, // /kpk/map for the current position (KPK only)
  mapNode: null, // the node the map's explanation belongs to
  line: null, // { rootNode, steps, note, end }: the optimal line from rootNode (the view's)
  engine: null, // { node, running, depth, lines: [{ score, pv }], note, stop }: the engine's analysis
  lines: 1, // the engine's lines per depth (lichess's default: one)
  focusMoves: false, // a move was played from the list: the focus goes back to the new list
  request: 0, // answers to older requests are dropped
};

export const current = () => state.tree.current;
// every legal move of the current position, each with its SAN and the FEN after it
export const moves = () => (state.view ? state.view.legal : []);

// A new tree of moves from `pos`: a position loaded, edited, or given another side or clock.
export function newTree(pos) {
  state.tree = new Tree(pos, fenOf(pos));
  state.trees.push(state.tree);
  state.line = null;
}

// How far the board stands along the optimal line (-1: off it).
export function lineAt() {
  return state.line ? stepsTo(state.line.rootNode, state.line.steps, current()) : -1;
}

// ---- the address bar ----

// The address of `fen` as lichess writes a FEN in a link: underscores for the spaces, the
// slashes as they are (`?fen=8/8/1k6/8/8/8/1K4P1/8_w_-_-_0_1`).
function urlOf(fen) {
  return "?fen=" + encodeURIComponent(fen.trim().replace(/ +/g, "_")).replace(/%2F/g, "/") + (state.flipped ? "&flip=1" : "");
}

// Writes the current position (or `fen`, a text as typed) into the address: a new entry of the
// browser's history (`push`) or in place of the current one.
export function syncUrl(push, fen = current().fen) {
  const url = urlOf(fen);
  if (url === location.search) return;
  if (push) history.pushState(null, "", url);
  else history.replaceState(null, "", url);
}
