// kpk explorer: an analysis board for positions of at most three men, answered by this
// server's /standard (lichess shape), /kpk/map and /kpk/line. Plain JavaScript modules and
// SVG, no dependency, no request outside this server.
import { START, afterMove, fenOf, parseFen, parsePlacement, placeMan, squareIndex, squareName } from "./fen.js";
import { Board } from "./board.js";
import { Tree, renderTree, stepsTo } from "./tree.js";
import * as panel from "./panel.js";
import { get } from "./api.js";
import { bindKeys } from "./keys.js";
import { analyse as think, tableView, whiteView } from "./engine.js";

const $ = (id) => document.getElementById(id);


const state = {
  tree: null,
  trees: [], // every tree of this visit, so back and forward find positions of earlier ones
  flipped: false,
  editing: false, // edit mode: the palette places men, drags move them freely
  placing: null, // a palette letter, "x" to remove, or null
  selected: null, // the square of the man picked up
  pending: null, // the moves of a promotion waiting for its piece
  answer: null, // /standard for the current position
  map: null, // /kpk/map for the current position (KPK only)
  mapNode: null, // the node the map's explanation belongs to
  line: null, // { rootNode, rootPos, steps, note }: the optimal line from rootNode
  engine: null, // { node, running, depth, score, pv, note, stop }: the engine's analysis
  request: 0, // answers to older requests are dropped
};

const current = () => state.tree.current;
const moves = () => (state.answer ? state.answer.moves : []);

function newTree(pos) {
  state.tree = new Tree(pos, fenOf(pos));
  state.trees.push(state.tree);
  state.line = null;
}

// ---- the board ----

function drawBoard(arrow = null) {
  const node = current();
  const targets = state.selected === null || state.editing ? []
    : moves().filter((m) => m.uci.startsWith(squareName(state.selected))).map((m) => squareIndex(m.uci.slice(2, 4)));
  const map = state.map && $("show-map").checked && state.mapNode === node
    ? { squares: state.map.squares, keySquares: state.map.explanation.key_squares, pawnSquare: state.map.explanation.square_of_the_pawn }
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
    // the checkmated king is marked, as lichess marks it
    mated: state.answer && state.answer.checkmate ? node.pos.board.indexOf(node.pos.turn === "w" ? "K" : "k") : null,
  });
}

function ownMan(i) {
  const man = current().pos.board[i];
  if (!man) return false;
  return (man === man.toUpperCase()) === (current().pos.turn === "w");
}

const board = new Board($("board"), {
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
    if (state.selected !== null && moves().some((m) => m.uci.slice(0, 4) === squareName(state.selected) + squareName(i))) {
      return tryMove(state.selected, i);
    }
    state.selected = ownMan(i) && state.selected !== i ? i : null;
    drawBoard();
  },
});

// Plays the legal move from `from` to `to`, asking for the piece when it promotes.
function tryMove(from, to) {
  const uci = squareName(from) + squareName(to);
  const candidates = moves().filter((m) => m.uci.slice(0, 4) === uci);
  state.selected = null;
  if (candidates.length === 1) return playMove(candidates[0]);
  if (candidates.length > 1) return askPromotion(candidates);
  drawBoard();
}

function askPromotion(candidates) {
  state.pending = candidates;
  const box = $("promotion");
  box.hidden = false;
  const colour = current().pos.turn === "w" ? "white" : "black";
  for (const b of box.querySelectorAll("button[data-promotion]")) {
    b.hidden = !candidates.some((m) => m.uci[4] === b.dataset.promotion);
    b.querySelector("use").setAttribute("class", "man " + colour);
  }
  box.querySelector("button[data-promotion]:not([hidden])").focus();
  drawBoard();
}

function choosePromotion(letter) {
  const m = state.pending && state.pending.find((c) => c.uci[4] === letter);
  state.pending = null;
  $("promotion").hidden = true;
  if (m) playMove(m);
  else drawBoard();
}

// The legal move a typed text names: UCI (`e2e4`, `e7e8q`) or SAN (`e4`, `Kd6`, `exd6`,
// `e8=Q`, `O-O`; check marks and annotations ignored), or a message saying why none.
function typedMove(text) {
  const t = text.trim().replace(/[+#!?]+$/, "").replace(/0-0-0/g, "O-O-O").replace(/0-0/g, "O-O");
  if (!t) return { error: "type a move, such as e4, Kd6 or e2e4" };
  const plain = (san) => san.replace(/[+#]+$/, "");
  const byUci = moves().filter((m) => m.uci === t.toLowerCase());
  if (byUci.length) return { move: byUci[0] };
  const bySan = moves().filter((m) => plain(m.san) === t || plain(m.san).replace("=", "") === t);
  if (bySan.length === 1) return { move: bySan[0] };
  const promotions = moves().filter((m) => plain(m.san).startsWith(t + "="));
  if (promotions.length) return { error: `${t} promotes: say to what, as ${t}=Q` };
  return { error: `${text.trim()} is not a legal move here` };
}

// Plays a move of /standard's list (or of a line) into the tree. In a KPK position the coach's
// verdict on the move, from the rules, goes with the new position.
function playMove(m) {
  const from = current();
  const judged = state.map && state.mapNode === from
    ? state.map.explanation.moves.find((j) => j.uci === m.uci)
    : null;
  const pos = afterMove(from.pos, m.uci);
  const node = state.tree.play(m.uci, m.san, pos, fenOf(pos));
  if (judged) node.coach = { san: judged.san, ...judged.verdict };
  navigate();
}

// Plays `steps` (each { uci, san }) from `node` and shows the position after them.
function playFrom(node, steps) {
  state.tree.current = node;
  for (const s of steps) {
    const pos = afterMove(current().pos, s.uci);
    state.tree.play(s.uci, s.san, pos, fenOf(pos));
  }
  navigate();
}

// ---- editing ----

// Changes the board in edit mode: a new position, so a new tree of moves.
function editBoard(change) {
  const pos = current().pos;
  const b = pos.board.slice();
  change(b);
  newTree({ board: b, turn: pos.turn, clock: pos.clock, number: pos.number });
  state.selected = null;
  // a position being set up replaces its address instead of adding one per man placed
  navigate();
}

function setEditing(on, draw = true) {
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

// ---- the address bar ----

function urlOf() {
  const params = new URLSearchParams({ fen: current().fen });
  if (state.flipped) params.set("flip", "1");
  return "?" + params.toString();
}

function syncUrl(push) {
  const url = urlOf();
  if (url === location.search) return;
  if (push) history.pushState(null, "", url);
  else history.replaceState(null, "", url);
}

// ---- analysis ----

// How far the board stands along the optimal line (-1: off it).
function lineAt() {
  return state.line ? stepsTo(state.line.rootNode, state.line.steps, current()) : -1;
}

function goLine(k) {
  const line = state.line;
  if (!line || k < 0 || k > line.steps.length) return;
  playFrom(line.rootNode, line.steps.slice(0, k));
}

// Stops the engine's analysis, if one runs.
function stopEngine(note) {
  const e = state.engine;
  if (!e) return;
  if (e.stop) e.stop();
  e.running = false;
  if (note) e.note = note;
}

// Starts the engine on the current position (beyond the tables): its iterations update the
// box and the bar as they come; a newer position stops it.
function startEngine() {
  const node = current();
  const engine = { node, running: true, depth: 0, score: null, pv: [], note: "", stop: null };
  state.engine = engine;
  const shown = () => {
    if (state.engine !== engine || current() !== node) return;
    panel.showEngine(engine, node.pos);
    if (engine.score) panel.showBar(engine.score);
  };
  // a position stepped through quickly is not analysed: the engine starts once the board rests,
  // and a client over its limit (the last analyses not yet ended) tries again
  let stopped = false;
  let retries = 0;
  let cancel = () => {};
  const begin = () => {
    if (stopped) return;
    cancel = think(node.fen, {
      onLine(it) {
        engine.depth = it.depth;
        engine.score = whiteView(it.score, node.pos.turn);
        engine.pv = it.pv.map((m) => m.san);
        shown();
      },
      onDone() {
        engine.running = false;
        engine.note = "done at depth " + engine.depth;
        shown();
      },
      onError(message, status) {
        if (status === 429 && retries < 8 && !stopped) {
          retries += 1;
          setTimeout(begin, 300);
          return;
        }
        engine.running = false;
        engine.note = message;
        shown();
      },
    });
  };
  const timer = setTimeout(begin, 150);
  engine.stop = () => {
    stopped = true;
    clearTimeout(timer);
    cancel();
  };
  shown();
}

// After any change of position: the address bar, the board, the move list, then the answers.
// The address is replaced, never added to, while the user plays and steps through moves: a new
// entry of the browser's history only for a new position loaded (`push`).
function navigate({ push = false } = {}) {
  stopEngine();
  state.engine = null;
  board.clearShapes();
  state.selected = null;
  state.pending = null;
  $("promotion").hidden = true;
  syncUrl(push);
  analyse();
}

function showError(message) {
  $("error").textContent = message || "";
}

async function analyse() {
  const node = current();
  const pos = node.pos;
  const ticket = ++state.request;
  $("fen").value = node.fen;
  $("turn").textContent = pos.turn === "w" ? "White to move" : "Black to move";
  $("clock").value = String(pos.clock);
  state.answer = null;
  drawBoard();
  renderTree(state.tree, $("history"), (n) => { state.tree.current = n; navigate(); });
  // take back forgets the last move of a line, never the moves after it
  $("takeback").disabled = !node.parent || node.children.length > 0;
  panel.clear("Analysing\u2026");
  document.body.dataset.busy = "true";
  const done = () => {
    document.body.dataset.busy = "false";
    document.body.dataset.ready = String(ticket);
  };
  if (!pos.board.includes("K") || !pos.board.includes("k")) {
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
      playMove(m);
    },
  });
  if (state.focusMoves) {
    state.focusMoves = false;
    // the first move of the new list, or the verdict where the game is over
    const first = $("moves").querySelector("button") || $("verdict");
    first.focus();
  }
  panel.showLine(state.line, lineAt(), v, goLine);
  const explanation = state.map && state.map.explanation;
  panel.showExplanation(explanation, node.pos, (k) => playFrom(node, explanation.proof.line.moves.slice(0, k)));
  panel.showPlan(explanation && explanation.plan, playMove);
  showCoach();
  // beyond the tables the engine analyses; a position a table holds shows the exact answer
  const view = tableView(v, node.pos.turn);
  panel.showBar(view);
  const over = v.checkmate || v.stalemate || v.insufficient_material || !v.moves.length;
  if (!view && !over && !(state.engine && state.engine.node === node)) startEngine();
  if (view || over) panel.showEngine(null, node.pos);
  // the map, the key squares, the square of the pawn and the reason belong to KPK positions
  $("teaching").hidden = !state.map;
}

// The coach's line on the move that led to the current position (when the toggle is on), and
// the toggle wherever a plan or a line is shown.
function showCoach() {
  const node = current();
  const coach = node.coach || null;
  const plan = !!(state.map && state.map.explanation.plan);
  panel.showCoach($("show-coach").checked ? coach : null, plan || !!coach);
}

// ---- loading a FEN ----

// Loads a FEN typed, pasted or linked. The server checks it: a bad one clears the analysis and
// says what is wrong.
async function loadFen(text, { push = true, linked = false } = {}) {
  const ticket = ++state.request;
  const answer = await get("/standard", text);
  if (ticket !== state.request) return;
  const fields = text.trim().replace(/_/g, " ").split(/\s+/);
  const placement = parsePlacement(fields[0]);
  if (!answer.ok) {
    // a refused position: its men on the board if its placement reads (an empty board if not),
    // the text as given, nothing of the old position (its map, its moves, its take-back)
    state.answer = null;
    state.map = null;
    newTree({ ...parseFen(text), board: placement || new Array(64).fill(null) });
    stopEngine();
    state.engine = null;
    drawBoard();
    renderTree(state.tree, $("history"), (n) => { state.tree.current = n; navigate(); });
    $("takeback").disabled = true;
    $("fen").value = text;
    if (!linked) syncUrl(true);
    panel.clear("No analysis");
    showError(answer.body.error);
    document.body.dataset.busy = "false";
    document.body.dataset.ready = String(ticket);
    return;
  }
  newTree(parseFen(text));
  navigate({ push });
}

// The position of the address bar: a node of a tree of this visit (the current tree first),
// or loaded afresh.
function fromUrl(push) {
  const params = new URLSearchParams(location.search);
  state.flipped = params.get("flip") === "1";
  const fen = params.get("fen") || START;
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

// ---- controls ----

function step(action) {
  const before = current();
  action();
  if (current() !== before) navigate();
}

function setup() {
  $("first").addEventListener("click", () => step(() => state.tree.toStart()));
  $("back").addEventListener("click", () => step(() => state.tree.back()));
  $("forward").addEventListener("click", () => step(() => state.tree.forward()));
  $("last").addEventListener("click", () => step(() => state.tree.toEnd()));
  $("takeback").addEventListener("click", () => step(() => state.tree.deleteCurrent()));
  $("flip").addEventListener("click", () => {
    state.flipped = !state.flipped;
    syncUrl(false);
    drawBoard();
  });
  $("edit").addEventListener("click", () => setEditing(!state.editing));
  for (const b of document.querySelectorAll("#palette button[data-piece]")) {
    b.addEventListener("click", () => {
      state.placing = state.placing === b.dataset.piece ? null : b.dataset.piece;
      state.selected = null;
      for (const other of document.querySelectorAll("#palette button[data-piece]")) {
        other.classList.toggle("active", other.dataset.piece === state.placing);
      }
    });
  }
  for (const b of document.querySelectorAll("#promotion button")) {
    b.addEventListener("click", () => choosePromotion(b.dataset.promotion || null));
  }
  $("move-form").addEventListener("submit", (e) => {
    e.preventDefault();
    const { move, error } = typedMove($("move-input").value);
    $("move-error").textContent = error || "";
    if (!move) return;
    $("move-input").value = "";
    playMove(move);
  });
  let beforeShortcuts = null;
  const shortcuts = (open) => {
    $("shortcuts").hidden = !open;
    if (open) {
      beforeShortcuts = document.activeElement;
      $("shortcuts-close").focus();
    } else if (beforeShortcuts && beforeShortcuts.isConnected) {
      beforeShortcuts.focus();
    }
  };
  $("shortcuts-close").addEventListener("click", () => shortcuts(false));
  $("clock").addEventListener("change", () => {
    const v = Number($("clock").value);
    const pos = current().pos;
    newTree({ ...pos, clock: Number.isInteger(v) && v >= 0 ? Math.min(v, 1000) : 0 });
    navigate();
  });
  $("turn").addEventListener("click", () => {
    const pos = current().pos;
    // the en passant square belongs to the side that just moved: another side to move drops it
    newTree({ ...pos, turn: pos.turn === "w" ? "b" : "w", ep: "-" });
    navigate();
  });
  $("clear").addEventListener("click", () => editBoard((b) => b.fill(null)));
  $("reset").addEventListener("click", () => loadFen(START));
  $("show-map").addEventListener("change", () => drawBoard());
  $("show-coach").addEventListener("change", showCoach);
  $("engine-stop").addEventListener("click", () => {
    stopEngine("stopped at depth " + (state.engine ? state.engine.depth : 0));
    if (state.engine) panel.showEngine(state.engine, current().pos);
  });
  $("line-next").addEventListener("click", () => goLine(Math.max(lineAt(), 0) + 1));
  $("line-prev").addEventListener("click", () => goLine(lineAt() - 1));
  document.body.classList.add("js");
  $("fen-form").addEventListener("submit", (e) => {
    e.preventDefault();
    loadFen($("fen").value);
  });
  bindKeys({
    back: () => step(() => state.tree.back()),
    forward: () => step(() => state.tree.forward()),
    start: () => step(() => state.tree.toStart()),
    end: () => step(() => state.tree.toEnd()),
    flip: () => $("flip").click(),
    cancel: () => {
      if (!$("shortcuts").hidden) shortcuts(false);
      else choosePromotion(null);
    },
    help: () => shortcuts($("shortcuts").hidden),
  });
  window.addEventListener("popstate", () => fromUrl(false));
  setEditing(false, false);
  fromUrl(false);
}

// the first tree is the linked position's (as the server drew it), so nothing else flashes
{
  const linked = new URLSearchParams(location.search).get("fen");
  const first = linked && parsePlacement(linked.trim().replace(/_/g, " ").split(/\s+/)[0]);
  newTree(first ? parseFen(linked) : parseFen(START));
  state.flipped = new URLSearchParams(location.search).get("flip") === "1";
}
setup();
