// After any change of position: the address, the board and the moves played, then the answers
// for the position (the board's view, /view, and for KPK the map and the coach, /kpk/map) shown
// beside the board; beyond the tables the engine's run.
import { get } from "./api.js";
import { startEngine, stopEngine } from "./engine-run.js";
import * as panel from "./panel.js";
import { moveIntoTree, stepsIntoTree } from "./play.js";
import { current, lineAt, state, syncUrl } from "./state.js";
import { renderTree } from "./tree.js";
import { parseFen } from "./fen.js";
import { writePgn } from "./pgn.js";
import { board, drawBoard, drawPreview, showRights } from "./view.js";

const $ = (id) => document.getElementById(id);

// Plays a legal move of the view (from its list, the board, or typed) and shows the position
// after it.
export function play(m) {
  moveIntoTree(m);
  navigate();
}

// Plays `steps` (a line's labelled steps, each with the FEN after it) from `node` and shows the
// position after them.
export function playFrom(node, steps) {
  stepsIntoTree(node, steps);
  navigate();
}

// The engine's lines: a click plays a line to the move clicked, a hover shows the position after
// it on the board.
const engineActions = {
  play: (steps) => playFrom(current(), steps),
  preview: (steps) => {
    if (!steps) return drawBoard();
    const last = steps[steps.length - 1];
    drawPreview(parseFen(last.fen), last.uci);
  },
};

// Starts (or starts again) the engine on the current position.
export function goEngine() {
  stopEngine();
  startEngine(engineActions);
}

// Shows the node `n` of the current tree (a click in the moves played).
export function goToNode(n) {
  state.tree.current = n;
  navigate();
}

// Shows the position after `k` steps of the optimal line.
export function goLine(k) {
  const line = state.line;
  if (!line || k < 0 || k > line.steps.length) return;
  playFrom(line.rootNode, line.steps.slice(0, k));
}

// After any change of position: the address bar, the board, the move list, then the answers.
// The address is replaced, never added to, while the user plays and steps through moves: a new
// entry of the browser's history only for a new position loaded (`push`).
export function navigate({ push = false } = {}) {
  stopEngine();
  state.engine = null;
  board.clearShapes();
  state.selected = null;
  state.pending = null;
  $("promotion").hidden = true;
  syncUrl(push);
  analyse();
}

export function showError(message) {
  $("error").textContent = message || "";
}

async function analyse() {
  const node = current();
  const pos = node.pos;
  const ticket = ++state.request;
  $("fen").value = node.fen;
  $("turn").textContent = pos.turn === "w" ? "White to move" : "Black to move";
  showRights(pos);
  $("clock").value = String(pos.clock);
  state.view = null;
  drawBoard();
  renderTree(state.tree, $("history"), goToNode);
  // the PGN of the moves played, unless the user is writing one to load
  if (document.activeElement !== $("pgn")) $("pgn").value = writePgn(state.tree);
  // take back forgets the last move of a line, never the moves after it
  $("takeback").disabled = !node.parent || node.children.length > 0;
  panel.clear("Analysing\u2026");
  document.body.dataset.busy = "true";
  const done = () => {
    document.body.dataset.busy = "false";
    document.body.dataset.ready = String(ticket);
  };
  // a board being set up without its kings is not asked about; any other position is, so that a
  // link names what is wrong in the server's words, as the same FEN loaded in the box does
  if (state.editing && (!pos.board.includes("K") || !pos.board.includes("k"))) {
    panel.clear("No analysis");
    showError("Place both kings.");
    return done();
  }
  const prefetched = state.prefetched && state.prefetched.node === node ? state.prefetched.view : null;
  state.prefetched = null;
  const answer = prefetched ? { ok: true, body: prefetched } : await get("/view", node.fen);
  if (ticket !== state.request) return;
  if (!answer.ok) {
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
    const map = await get("/kpk/map", node.fen);
    if (ticket !== state.request) return;
    if (!map.ok) showError(map.body.error);
    else {
      state.map = map.body;
      state.mapNode = node;
    }
  }
  // the optimal line from here, unless the board stands on the one shown (known for three men)
  if (lineAt() < 0) {
    const line = view.line || { steps: [], note: "", end: "" };
    state.line = { rootNode: node, steps: line.steps, note: line.note, end: line.end };
  }
  render();
  done();
}

function render() {
  const node = current();
  const v = state.view;
  drawBoard();
  panel.showView(v, {
    hover: (uci) => (uci ? board.showArrow(uci) : board.clearArrow()),
    play: (m) => {
      // the focus stays with the list the move was played from
      state.focusMoves = document.activeElement && document.activeElement.closest("#moves") !== null;
      play(m);
    },
  });
  if (state.focusMoves) {
    state.focusMoves = false;
    // the first move of the new list, or the verdict where the game is over
    const first = $("moves").querySelector("button") || $("verdict");
    first.focus();
  }
  panel.showLine(state.line, lineAt(), goLine);
  // the optimal line to mate is known for three men: beyond them no line, and no word of it
  for (const id of ["line-title", "line-controls", "line-note", "line"]) $(id).hidden = !v.line;
  panel.showTeaching(v.teaching, (k) => playFrom(node, v.teaching.proof.slice(0, k)));
  const explanation = state.map && state.map.explanation;
  panel.showPlan(explanation && explanation.plan, play);
  showCoach();
  // beyond the tables the engine analyses; a position a table holds shows the exact answer
  panel.showBar(v.bar);
  const over = !v.legal.length;
  if (!v.bar && !over && !(state.engine && state.engine.node === node)) startEngine(engineActions);
  if (v.bar || over) panel.showEngine(null);
  // the map, the key squares, the square of the pawn and the reason belong to KPK positions
  $("teaching").hidden = !v.teaching;
}

// The coach's line on the move that led to the current position (when the toggle is on), and
// the toggle wherever a plan or a line is shown.
export function showCoach() {
  const node = current();
  const coach = node.coach || null;
  const plan = !!(state.map && state.map.explanation.plan);
  panel.showCoach($("show-coach").checked ? coach : null, plan || !!coach);
}
