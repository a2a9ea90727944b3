// Loading a position: a FEN typed, pasted or linked (the answers check it), and the position of
// the address bar, found in a tree of this visit or loaded afresh.
import { busy, navigate, showError, showMovesPlayed } from "./analysis";
import type { View } from "./answers";
import { drawBoard } from "./board";
import { $ } from "./dom";
import { stopEngine } from "./engine-run";
import * as panel from "./panel";
import { type Man, START, fenFields, fenOf, parseFen, parsePlacement } from "./position";
import { ROUTES, get } from "./source";
import { newTree, state, syncUrl } from "./state";

/**
 * Loads a FEN typed, pasted or linked. The answers check it: a bad one clears the analysis and
 * says what is wrong.
 */
export async function loadFen(text: string, { push = true, linked = false } = {}): Promise<void> {
  const ticket = ++state.request;
  const answer = await get<View>(ROUTES.view, text);
  if (ticket !== state.request) return;
  if (!answer.ok) {
    // a refused position: its men on the board if its placement reads (an empty board if not),
    // the text as given, nothing of the old position (its map, its moves, its take-back)
    const done = busy(ticket);
    state.view = null;
    state.map = null;
    state.refusedLabel = answer.body.label ?? null;
    const placement = parsePlacement(fenFields(text)[0]);
    newTree({ ...parseFen(text), board: placement ?? new Array<Man>(64).fill(null) });
    stopEngine();
    state.engine = null;
    drawBoard();
    showMovesPlayed();
    $<HTMLButtonElement>("takeback").disabled = true;
    $<HTMLInputElement>("fen").value = text;
    // the address keeps the text as typed, so that it names what was refused
    if (!linked) syncUrl(true, text);
    panel.clear("No analysis");
    showError(answer.body.error);
    done();
    return;
  }
  newTree(parseFen(text));
  // the view just answered is the new position's: not asked twice
  state.prefetched = { node: state.tree.current, view: answer.body };
  navigate({ push });
}

/** The position of the address bar: a node of a tree of this visit, or loaded afresh. */
export function fromUrl(push: boolean): void {
  const params = new URLSearchParams(location.search);
  state.flipped = params.get("flip") === "1";
  const fen = (params.get("fen") ?? START).replace(/_/g, " ");
  const wanted = fenOf(parseFen(fen));
  for (const tree of [state.tree, ...state.trees.slice().reverse()]) {
    const node = tree.findFen(wanted);
    if (node) {
      state.tree = tree;
      tree.current = node;
      state.line = null;
      navigate({ push });
      return;
    }
  }
  void loadFen(fen, { push, linked: true });
}

/** The first tree: the linked position's (so that nothing else flashes), or the starting one. */
export function firstTree(): void {
  const params = new URLSearchParams(location.search);
  const linked = params.get("fen");
  const first = linked ? parsePlacement(fenFields(linked)[0]) : null;
  newTree(linked && first ? parseFen(linked) : parseFen(START));
  state.flipped = params.get("flip") === "1";
}
