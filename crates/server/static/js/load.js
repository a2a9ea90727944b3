// Loading a position: a FEN typed, pasted or linked (the server checks it), and the position of
// the address bar, found in a tree of this visit or loaded afresh.
import { get } from "./api.js";
import { goToNode, navigate, showError } from "./analysis.js";
import { stopEngine } from "./engine-run.js";
import { START, fenOf, parseFen, parsePlacement } from "./fen.js";
import * as panel from "./panel.js";
import { newTree, state, syncUrl } from "./state.js";
import { renderTree } from "./tree.js";
import { drawBoard } from "./view.js";

const $ = (id) => document.getElementById(id);

// Loads a FEN typed, pasted or linked. The server checks it: a bad one clears the analysis and
// says what is wrong.
export async function loadFen(text, { push = true, linked = false } = {}) {
  const ticket = ++state.request;
  const answer = await get("/view", text);
  if (ticket !== state.request) return;
  const fields = text.trim().replace(/_/g, " ").split(/\s+/);
  const placement = parsePlacement(fields[0]);
  if (!answer.ok) {
    // a refused position: its men on the board if its placement reads (an empty board if not),
    // the text as given, nothing of the old position (its map, its moves, its take-back)
    state.view = null;
    state.map = null;
    newTree({ ...parseFen(text), board: placement || new Array(64).fill(null) });
    stopEngine();
    state.engine = null;
    drawBoard();
    renderTree(state.tree, $("history"), goToNode);
    $("takeback").disabled = true;
    $("fen").value = text;
    // the address keeps the text as typed, so that it names what was refused
    if (!linked) syncUrl(true, text);
    panel.clear("No analysis");
    showError(answer.body.error);
    document.body.dataset.busy = "false";
    document.body.dataset.ready = String(ticket);
    return;
  }
  newTree(parseFen(text));
  // the view just answered is the new position's: not asked twice
  state.prefetched = { node: state.tree.current, view: answer.body };
  navigate({ push });
}

// The position of the address bar: a node of a tree of this visit (the current tree first),
// or loaded afresh.
export function fromUrl(push) {
  const params = new URLSearchParams(location.search);
  state.flipped = params.get("flip") === "1";
  const fen = (params.get("fen") || START).replace(/_/g, " ");
  const wanted = fenOf(parseFen(fen));
  for (const tree of [state.tree, ...state.trees.slice().reverse()]) {
    const node = tree && tree.findFen(wanted);
    if (node) {
      state.tree = tree;
      tree.current = node;
      state.line = null;
      navigate({ push });
      return;
    }
  }
  loadFen(fen, { push, linked: true });
}

// The first tree: the linked position's (as the server drew it, so nothing else flashes), or
// the starting one.
export function firstTree() {
  const params = new URLSearchParams(location.search);
  const linked = params.get("fen");
  const first = linked && parsePlacement(linked.trim().replace(/_/g, " ").split(/\s+/)[0]);
  newTree(first ? parseFen(linked) : parseFen(START));
  state.flipped = params.get("flip") === "1";
}
