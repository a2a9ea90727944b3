// After any change of position: the address, the board and the moves played, then the answers
// for the position (the board's view, /view, and for KPK the map and the coach, /kpk/map) shown
// beside the board; beyond the tables the engine's run.
import type { DefenderMap, LabelledStep, View } from "./answers";
import { clearShapes, drawBoard, showArrow } from "./board";
import { $ } from "./dom";
import { showRights } from "./edit";
import { startEngine, stopEngine } from "./engine-run";
import { showHistory } from "./history";
import * as panel from "./panel";
import { writePgn } from "./pgn";
import { moveIntoTree, stepsIntoTree } from "./play";
import { preview } from "./preview";
import { cancelPromotion } from "./promotion";
import { ROUTES, get } from "./source";
import { type LineActions, current, lineAt, state, syncUrl } from "./state";
import type { Node } from "./tree";

/** Plays a legal move of the view (its UCI; from its list, the board, or typed) and shows it. */
export function play(uci: string): void {
  moveIntoTree(uci);
  navigate();
}

/** Plays `steps` (a line's labelled steps) from `node` and shows the position after them. */
export function playFrom(node: Node, steps: readonly LabelledStep[]): void {
  stepsIntoTree(node, steps);
  navigate();
}

/** The engine's lines: a click plays a line to the move clicked, a hover previews it. */
const engineActions: LineActions = {
  play: (steps) => {
    preview(null, null);
    playFrom(current(), steps);
  },
  preview,
};

/**
 * The best move where the board stands: the tables' first where they hold the position, else
 * the engine's best line's first move (the space bar plays it, as on lichess), or none.
 */
export function bestMove(): string | null {
  const v = state.view;
  if (!v) return null;
  if (v.held) return v.groups[0]?.moves[0]?.uci ?? null;
  const e = state.engine;
  return e?.node === current() ? (e.lines[0]?.pv[0]?.uci ?? null) : null;
}

/** Starts (or starts again) the engine on the current position. */
export function goEngine(): void {
  stopEngine();
  startEngine(engineActions);
}

/** Shows the node `n` of the current tree (a click in the moves played). */
export function goToNode(n: Node): void {
  state.tree.current = n;
  navigate();
}

/** Shows the position after `k` steps of the optimal line. */
export function goLine(k: number): void {
  const line = state.line;
  if (!line || k < 0 || k > line.steps.length) return;
  playFrom(line.rootNode, line.steps.slice(0, k));
}

/**
 * After any change of position: the address bar, the board, the move list, then the answers.
 * The address is replaced, never added to, while the user plays and steps through moves: a new
 * entry of the browser's history only for a new position loaded (`push`).
 */
export function navigate({ push = false } = {}): void {
  stopEngine();
  state.engine = null;
  clearShapes();
  if (state.pending) cancelPromotion();
  preview(null, null);
  syncUrl(push);
  void analyse();
}

export function showError(message: string): void {
  $("error").textContent = message;
}

/** The moves played and their PGN, as the tree stands. */
export function showMovesPlayed(): void {
  showHistory(state.tree, goToNode);
  const pgn = $<HTMLTextAreaElement>("pgn");
  // the PGN of the moves played, unless the user is writing one to load
  if (document.activeElement !== pgn) pgn.value = writePgn(state.tree, location.href.split("?")[0] ?? "");
  // take back forgets the last move of a line, never the moves after it; delete forgets a move
  // and what follows it; promote makes a variation the main line
  const node = current();
  $<HTMLButtonElement>("takeback").disabled = !node.parent || node.children.length > 0;
  $<HTMLButtonElement>("delete").disabled = !node.parent;
  $<HTMLButtonElement>("promote").disabled = state.tree.onMainLine();
}

/** Marks the page busy until `done` (the browser tests wait on it). */
export function busy(ticket: number): () => void {
  document.body.dataset.busy = "true";
  return () => {
    document.body.dataset.busy = "false";
    document.body.dataset.ready = String(ticket);
  };
}

async function analyse(): Promise<void> {
  const node = current();
  const pos = node.pos;
  const ticket = ++state.request;
  $<HTMLInputElement>("fen").value = node.fen;
  $("turn").textContent = pos.turn === "w" ? "White to move" : "Black to move";
  showRights();
  $<HTMLInputElement>("clock").value = String(pos.clock);
  state.view = null;
  state.refusedLabel = null;
  drawBoard();
  showMovesPlayed();
  panel.clear("Analysing\u2026");
  const done = busy(ticket);
  // a board being set up without its kings is not asked about; any other position is, so that a
  // link names what is wrong in the answers' words, as the same FEN loaded in the box does
  if (state.editing && (!pos.board.includes("K") || !pos.board.includes("k"))) {
    panel.clear("No analysis");
    showError("Place both kings.");
    return done();
  }
  const prefetched = state.prefetched?.node === node ? state.prefetched.view : null;
  state.prefetched = null;
  const answer = prefetched ? { ok: true as const, status: 200, body: prefetched } : await get<View>(ROUTES.view, node.fen);
  if (ticket !== state.request) return;
  if (!answer.ok) {
    state.refusedLabel = answer.body.label ?? null;
    drawBoard();
    panel.clear("No analysis");
    showError(answer.body.error);
    return done();
  }
  showError("");
  const view = answer.body;
  state.view = view;
  state.map = null;
  // a KPK position (the view teaches it): the defending king's map and the coach
  if (view.teaching) {
    const map = await get<DefenderMap>(ROUTES.map, node.fen);
    if (ticket !== state.request) return;
    if (!map.ok) showError(map.body.error);
    else {
      state.map = map.body;
      state.mapNode = node;
    }
  }
  // the optimal line from here, unless the board stands on the one shown (known for three men)
  if (lineAt() < 0) {
    const line = view.line ?? { steps: [], note: "", end: "" };
    state.line = { rootNode: node, steps: line.steps, note: line.note, end: line.end };
  }
  render(view);
  done();
}

function render(v: View): void {
  const node = current();
  drawBoard();
  panel.showView(v, {
    hover: showArrow,
    play: (m) => {
      // the focus stays with the list the move was played from
      state.focusMoves = document.activeElement?.closest("#moves") != null;
      play(m.uci);
    },
  });
  if (state.focusMoves) {
    state.focusMoves = false;
    // the first move of the new list, or the verdict where the game is over
    const first = $("moves").querySelector("button") ?? $("verdict");
    first.focus();
  }
  if (state.line) panel.showLine(state.line, lineAt(), goLine);
  // the optimal line to mate is known for three men: beyond them no line, and no word of it
  for (const id of panel.LINE_PARTS) $(id).hidden = !v.line;
  const teaching = v.teaching;
  panel.showTeaching(teaching, (k) => playFrom(node, teaching?.proof.slice(0, k) ?? []));
  panel.showPlan(state.map?.explanation.plan ?? null, play);
  showCoach();
  // beyond the tables the engine analyses; a position a table holds shows the exact answer
  panel.showBar(v.bar);
  const over = !v.legal.length;
  if (!v.bar && !over && state.engine?.node !== node) startEngine(engineActions);
  if (v.bar || over) panel.showEngine(null);
  // the map, the key squares, the square of the pawn and the reason belong to KPK positions
  $("teaching").hidden = !teaching;
}

/**
 * The coach's line on the move that led to the current position (when the toggle is on), and
 * the toggle wherever a plan or a line is shown.
 */
export function showCoach(): void {
  const coach = current().coach ?? null;
  const plan = Boolean(state.map?.explanation.plan);
  panel.showCoach($<HTMLInputElement>("show-coach").checked ? coach : null, plan || Boolean(coach));
}
