// After any change of position: the address, the board and the moves played, then the server's
// answers for the position (/standard, and for KPK /kpk/map and /kpk/line) shown beside the
// board; beyond the tables the engine's run.
import { get } from "./api.js";
import { tableView } from "./engine.js";
import { startEngine, stopEngine } from "./engine-run.js";
import * as panel from "./panel.js";
import { moveIntoTree, stepsIntoTree } from "./play.js";
import { current, lineAt, state, syncUrl } from "./state.js";
import { renderTree } from "./tree.js";
import { afterMove } from "./fen.js";
import { writePgn } from "./pgn.js";
import { board, drawBoard, drawPreview, showRights } from "./view.js";

const $ = (id) => document.getElementById(id);

// Plays a move of /standard's list (or of a line, or typed) and shows the position after it.
export function play(m) {
  moveIntoTree(m);
  navigate();
}

// Plays `steps` (each { uci, san }) from `node` and shows the position after them.
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
    const pos = steps.reduce((p, m) => afterMove(p, m.uci), current().pos);
    drawPreview(pos, steps[steps.length - 1].uci);
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
  state.answer = null;
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
  const standard = await get("/standard", node.fen);
  if (ticket !== state.request) return;
  if (!standard.ok) {
    panel.clear("No analysis");
    showError(standard.body.error);
    return done();
  }
  showError("");
  state.answer = standard.body;
  const pawns = pos.board.filter((m) => m === "P" || m === "p").length;
  // castling rights put a position beyond the tables, whatever its men
  const men = pos.castling ? 32 : pos.board.filter((m) => m).length;
  state.map = null;
  if (pawns === 1 && men === 3) {
    const answer = await get("/kpk/map", node.fen);
    if (ticket !== state.request) return;
    if (!answer.ok) showError(answer.body.error);
    else {
      state.map = answer.body;
      state.mapNode = node;
    }
  }
  if (lineAt() < 0 && men > 3) {
    // the optimal line to mate is known for three men
    state.line = { rootNode: node, rootPos: pos, steps: [], note: "" };
  } else if (lineAt() < 0) {
    const line = await get("/kpk/line", node.fen);
    if (ticket !== state.request) return;
    if (!line.ok) showError(line.body.error);
    state.line = { rootNode: node, rootPos: pos, steps: line.ok ? line.body.steps : [], note: line.ok ? line.body.rule || "" : "" };
  }
  render();
  done();
}

function render() {
  const node = current();
  const v = state.answer;
  drawBoard();
  panel.showStandard(v, node.pos, {
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
  panel.showLine(state.line, lineAt(), v, goLine);
  // the optimal line to mate is known for three men: beyond them no line, and no word of it
  const men = node.pos.castling ? 32 : node.pos.board.filter((m) => m).length;
  for (const id of ["line-title", "line-controls", "line-note", "line"]) $(id).hidden = men > 3;
  const explanation = state.map && state.map.explanation;
  panel.showExplanation(explanation, node.pos, (k) => playFrom(node, explanation.proof.line.moves.slice(0, k)));
  panel.showPlan(explanation && explanation.plan, play);
  showCoach();
  // beyond the tables the engine analyses; a position a table holds shows the exact answer
  const view = tableView(v, node.pos.turn);
  panel.showBar(view);
  const over = v.checkmate || v.stalemate || v.insufficient_material || !v.moves.length;
  if (!view && !over && !(state.engine && state.engine.node === node)) startEngine(engineActions);
  if (view || over) panel.showEngine(null, node.pos);
  // the map, the key squares, the square of the pawn and the reason belong to KPK positions
  $("teaching").hidden = !state.map;
}

// The coach's line on the move that led to the current position (when the toggle is on), and
// the toggle wherever a plan or a line is shown.
export function showCoach() {
  const node = current();
  const coach = node.coach || null;
  const plan = !!(state.map && state.map.explanation.plan);
  panel.showCoach($("show-coach").checked ? coach : null, plan || !!coach);
}
