// The engine's run on the current position, beyond the tables (its stream: engine.ts): started
// once the board rests, shown in its box and the bar as its iterations come, one to five lines
// (the lines control), until stopped: by a newer position, by Stop (Go starts it again), or by
// the server's limit.
import { analyse } from "./engine";
import * as panel from "./panel";
import { type EngineLine, type EngineRun, type LineActions, current, state } from "./state";

/** Stops the engine's analysis, if one runs; `note` says why in its box. */
export function stopEngine(note?: string): void {
  const e = state.engine;
  if (!e) return;
  e.stop?.();
  e.running = false;
  if (note) e.note = note;
}

/**
 * Starts the engine on the current position (beyond the tables), with `state.lines` lines: its
 * iterations update the box and the bar as they come; a newer position stops it.
 */
export function startEngine(actions: LineActions): void {
  const node = current();
  const lines = state.lines || 1;
  const engine: EngineRun = { node, name: "", running: true, depth: 0, lines: [], note: "", stop: null, actions };
  state.engine = engine;
  const shown = (): void => {
    if (state.engine !== engine || current() !== node) return;
    panel.showEngine(engine, actions);
    const best = engine.lines[0];
    if (best) panel.showBar(best.score);
  };
  // a position stepped through quickly is not analysed: the engine starts once the board rests,
  // and a client over its limit (the last analyses not yet ended) tries again
  let stopped = false;
  let retries = 0;
  let cancel = (): void => {};
  const begin = (): void => {
    if (stopped) return;
    cancel = analyse(node.fen, lines, {
      onLine(it) {
        // a new depth starts with its best line; the lines below it follow
        if (it.multipv <= 1) {
          engine.depth = it.depth;
          engine.lines = engine.lines.slice(0, 1);
        }
        // each line's score as the bar shows it, from White's side (the stream's `bar`)
        const line: EngineLine = { score: it.bar, pv: it.pv };
        if (it.tables) line.tables = it.tables.note;
        engine.lines[Math.max(it.multipv, 1) - 1] = line;
        engine.name = it.engine;
        shown();
      },
      onDone(last) {
        engine.running = false;
        // why it ended, in the answers' words
        engine.note = last.note;
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
    }, state.engineChoice);
  };
  const timer = setTimeout(begin, 150);
  engine.stop = () => {
    stopped = true;
    clearTimeout(timer);
    cancel();
  };
  shown();
}
