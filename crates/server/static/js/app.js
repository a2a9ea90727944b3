// kpk explorer: an analysis board for positions of at most three men, answered by this
// server's /standard (lichess shape), /kpk/map and /kpk/line. Plain JavaScript modules and
// SVG, no dependency, no request outside this server.
//
// This module wires the page's controls to the modules that do the work, each with one job:
//   state.js       the state, the trees of moves of this visit, the address bar
//   view.js        the board drawn from the state
//   input.js       the board's clicks, drags and keys; the promotion's piece
//   play.js        moves into the tree (from the list, a line, a typed text)
//   analysis.js    after each change of position: the server's answers, shown
//   engine-run.js  the engine's run beyond the tables
//   edit.js        edit mode
//   load.js        a FEN loaded, the position of the address bar
// and the page's parts: board.js, panel.js, tree.js, fen.js, api.js, engine.js, keys.js.
import { goEngine, goLine, navigate, play, showCoach } from "./analysis.js";
import { choosePlacing, editBoard, editRights, setEditing } from "./edit.js";
import { stopEngine } from "./engine-run.js";
import { START } from "./fen.js";
import { boardInput, choosePromotion } from "./input.js";
import { bindKeys } from "./keys.js";
import { firstTree, fromUrl, loadFen } from "./load.js";
import * as panel from "./panel.js";
import { readPgn } from "./pgn.js";
import { typedMove } from "./play.js";
import { current, lineAt, newTree, state, syncUrl } from "./state.js";
import { createBoard, drawBoard } from "./view.js";

const $ = (id) => document.getElementById(id);

// Steps through the tree of moves; shows the position where it changed.
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
    b.addEventListener("click", () => choosePlacing(b.dataset.piece));
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
    play(move);
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
  $("startpos").addEventListener("click", () => loadFen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"));
  for (const box of document.querySelectorAll("#castling-rights input")) box.addEventListener("change", editRights);
  $("ep-square").addEventListener("change", editRights);
  $("show-map").addEventListener("change", () => drawBoard());
  $("show-squares").addEventListener("change", () => drawBoard());
  $("show-coach").addEventListener("change", showCoach);
  // Stop while the engine thinks, Go to start it again; more lines start it again with them
  $("engine-stop").addEventListener("click", () => {
    const e = state.engine;
    if (e && e.running) {
      stopEngine("stopped at depth " + e.depth);
      panel.showEngine(e, e.actions);
    } else goEngine();
  });
  $("engine-lines").addEventListener("change", () => {
    state.lines = Number($("engine-lines").value) || 1;
    if (state.engine) goEngine();
  });
  $("pgn-load").addEventListener("click", async () => {
    const { tree, error } = await readPgn($("pgn").value);
    $("pgn-error").textContent = error || "";
    if (!tree) return;
    state.tree = tree;
    state.trees.push(tree);
    state.line = null;
    navigate({ push: true });
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

createBoard(boardInput);
firstTree();
setup();
