// kpk explorer: an analysis board for positions of at most three men (more with Syzygy files),
// drawn from the answers of this server's routes (/view, /kpk/map, /engine) or, on the static
// site, of the WebAssembly module in the page, on lichess's board (chessground).
//
// This module wires the page's controls to the modules that do the work, each with one job:
//   state.ts       the state, the trees of moves of this visit, the address bar
//   board.ts       chessground drawn from the state; promotion.ts its chooser, preview.ts a
//                  small board for a hovered engine line
//   input.ts       the board's moves and edits handed to the page
//   play.ts        moves into the tree (from the list, a line, a typed text)
//   analysis.ts    after each change of position: the answers, shown (panel.ts, history.ts)
//   engine-run.ts  the engine's run beyond the tables (its stream: engine.ts)
//   edit.ts        edit mode
//   load.ts        a FEN loaded, the position of the address bar
// and the pure parts: position.ts (FEN fields), tree.ts (the moves played), pgn.ts, source.ts
// (where the answers come from), answers.ts (their types, generated from the Rust).
import { bestMove, goEngine, goLine, navigate, play, showCoach } from "./analysis";
import { createBoard, drawBoard, putBack } from "./board";
import { $, all } from "./dom";
import { choosePlacing, editBoard, editRights, setEditing } from "./edit";
import { stopEngine } from "./engine-run";
import { boardInput } from "./input";
import { bindKeys } from "./keys";
import { firstTree, fromUrl, loadFen } from "./load";
import * as panel from "./panel";
import { readPgn } from "./pgn";
import { typedMove } from "./play";
import { START, STANDARD } from "./position";
import { bindPromotion, cancelPromotion, choosing } from "./promotion";
import { ROUTES, get, startSite } from "./source";
import { current, lineAt, moves, newTree, state, syncUrl } from "./state";

/** Steps through the tree of moves; shows the position where it changed. */
function step(action: () => void): void {
  const before = current();
  action();
  if (current() !== before) navigate();
}

function setup(): void {
  const click = (id: string, f: () => void): void => $(id).addEventListener("click", f);
  click("first", () => step(() => state.tree.toStart()));
  click("back", () => step(() => state.tree.back()));
  click("forward", () => step(() => state.tree.forward()));
  click("last", () => step(() => state.tree.toEnd()));
  click("takeback", () => step(() => state.tree.deleteCurrent()));
  click("delete", () => step(() => state.tree.deleteCurrent()));
  click("promote", () => {
    state.tree.promote();
    navigate();
  });
  // the mouse wheel over the board steps through the moves, as on lichess (a notch a move; a
  // touchpad's small steps add up to one)
  let wheel = 0;
  $("board").addEventListener(
    "wheel",
    (e) => {
      e.preventDefault();
      wheel += e.deltaY;
      if (Math.abs(wheel) < 40) return;
      const forward = wheel > 0;
      wheel = 0;
      step(() => (forward ? state.tree.forward() : state.tree.back()));
    },
    { passive: false },
  );
  click("flip", () => {
    state.flipped = !state.flipped;
    syncUrl(false);
    drawBoard();
  });
  click("edit", () => setEditing(!state.editing));
  for (const b of all("#palette button[data-piece]")) {
    b.addEventListener("click", () => choosePlacing(b.dataset.piece ?? "x"));
  }
  bindPromotion();
  $("move-form").addEventListener("submit", (e) => {
    e.preventDefault();
    const field = $<HTMLInputElement>("move-input");
    const typed = typedMove(field.value, moves());
    $("move-error").textContent = "error" in typed ? typed.error : "";
    if ("error" in typed) return;
    field.value = "";
    play(typed.move.uci);
  });
  let beforeShortcuts: Element | null = null;
  const shortcuts = (open: boolean): void => {
    $("shortcuts").hidden = !open;
    if (open) {
      beforeShortcuts = document.activeElement;
      $("shortcuts-close").focus();
    } else if (beforeShortcuts instanceof HTMLElement && beforeShortcuts.isConnected) {
      beforeShortcuts.focus();
    }
  };
  click("shortcuts-close", () => shortcuts(false));
  $("clock").addEventListener("change", () => {
    const v = Number($<HTMLInputElement>("clock").value);
    newTree({ ...current().pos, clock: Number.isInteger(v) && v >= 0 ? Math.min(v, 1000) : 0 });
    navigate();
  });
  click("turn", () => {
    const pos = current().pos;
    // the en passant square belongs to the side that just moved: another side to move drops it
    newTree({ ...pos, turn: pos.turn === "w" ? "b" : "w", ep: "-" });
    navigate();
  });
  click("clear", () => editBoard((b) => b.fill(null), navigate));
  click("reset", () => void loadFen(START));
  click("startpos", () => void loadFen(STANDARD));
  for (const box of all("#castling-rights input")) box.addEventListener("change", () => editRights(navigate));
  $("ep-square").addEventListener("change", () => editRights(navigate));
  $("show-map").addEventListener("change", () => drawBoard());
  $("show-squares").addEventListener("change", () => drawBoard());
  $("show-coach").addEventListener("change", showCoach);
  // Stop while the engine thinks, Go to start it again; more lines start it again with them
  click("engine-stop", () => {
    const e = state.engine;
    if (e?.running) {
      stopEngine(`stopped at depth ${e.depth}`);
      panel.showEngine(e, e.actions);
    } else goEngine();
  });
  // the static site's engine: the project's, or Stockfish where the site carries it (the choice
  // kept for the next visit)
  const choice = document.querySelector<HTMLSelectElement>("#engine-choice");
  if (choice) {
    // (storage the browser refuses: the choice lasts the visit)
    const kept = (() => {
      try {
        return localStorage.getItem("kpk-engine");
      } catch {
        return null;
      }
    })();
    if (kept === "kpk" || kept === "stockfish") state.engineChoice = kept;
    choice.value = state.engineChoice;
    choice.addEventListener("change", () => {
      state.engineChoice = choice.value === "stockfish" ? "stockfish" : "kpk";
      try {
        localStorage.setItem("kpk-engine", state.engineChoice);
      } catch {
        // kept for this visit only
      }
      if (state.engine) goEngine();
    });
  }
  $("engine-lines").addEventListener("change", () => {
    state.lines = Number($<HTMLSelectElement>("engine-lines").value) || 1;
    if (state.engine) goEngine();
  });
  let pgnLoads = 0;
  click("pgn-load", async () => {
    // a newer load, or a move or position meanwhile, makes this one stale: it is dropped
    const mine = ++pgnLoads;
    const request = state.request;
    const read = await readPgn($<HTMLTextAreaElement>("pgn").value, (fen) => get(ROUTES.view, fen));
    if (mine !== pgnLoads || request !== state.request) return;
    $("pgn-error").textContent = "error" in read ? read.error : "";
    if ("error" in read) return;
    state.tree = read.tree;
    state.trees.push(read.tree);
    state.line = null;
    navigate({ push: true });
  });
  click("line-next", () => goLine(Math.max(lineAt(), 0) + 1));
  click("line-prev", () => goLine(lineAt() - 1));
  $("fen-form").addEventListener("submit", (e) => {
    e.preventDefault();
    void loadFen($<HTMLInputElement>("fen").value);
  });
  bindKeys({
    back: () => step(() => state.tree.back()),
    forward: () => step(() => state.tree.forward()),
    start: () => step(() => state.tree.toStart()),
    end: () => step(() => state.tree.toEnd()),
    flip: () => $("flip").click(),
    cancel: () => {
      if (!$("shortcuts").hidden) shortcuts(false);
      else if (choosing()) cancelPromotion();
      else putBack();
    },
    help: () => shortcuts($("shortcuts").hidden !== false),
    best: () => {
      const uci = bestMove();
      if (uci) play(uci);
    },
  });
  window.addEventListener("popstate", () => fromUrl(false));
  setEditing(false, false);
  fromUrl(false);
}

// the page's script runs: its controls show (the board among them, before chessground measures it)
document.body.classList.add("js");
startSite();
createBoard(boardInput);
firstTree();
setup();
