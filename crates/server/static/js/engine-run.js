// The engine's run on the current position, beyond the tables (its stream: engine.js): started
// once the board rests, shown in its box and the bar as its iterations come, stopped by a
// newer position or the Stop button.
import * as panel from "./panel.js";
import { analyse as think, whiteView } from "./engine.js";
import { current, state } from "./state.js";

// Stops the engine's analysis, if one runs; `note` says why in its box.
export function stopEngine(note) {
  const e = state.engine;
  if (!e) return;
  if (e.stop) e.stop();
  e.running = false;
  if (note) e.note = note;
}

// Starts the engine on the current position (beyond the tables): its iterations update the
// box and the bar as they come; a newer position stops it.
export function startEngine() {
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
