// The engine in a Web Worker, for a page: an analysis streams its iterations and is stopped at
// once (the worker is ended, and a fresh one takes the next analysis).
import { compile } from "./index.js";

export class Engine {
  /** @param {WebAssembly.Module} [module] the compiled module (`compile()`); else compiled here */
  constructor(module) {
    this.module = module ? Promise.resolve(module) : compile();
    this.worker = null;
    this.next = 1;
  }

  async #worker() {
    if (!this.worker) {
      const module = await this.module;
      this.worker = new Worker(new URL("./worker.js", import.meta.url), { type: "module" });
      this.worker.postMessage({ module });
    }
    return this.worker;
  }

  /**
   * Analyses `fen`: `onLine(iteration)` for each iteration, `onDone(last)` at the end,
   * `onError(message, status)` on a refusal. `lines` 1-5, `movetime` and `depth` (0: none).
   * Returns the function that stops it (at once: the worker is ended).
   */
  analyse(fen, { lines = 1, movetime = 0, depth = 0, onLine = () => {}, onDone = () => {}, onError = () => {} } = {}) {
    const id = this.next++;
    let stopped = false;
    this.#worker().then((worker) => {
      if (stopped) return;
      worker.onmessage = ({ data }) => {
        if (data.id !== id || stopped) return;
        if (data.line) onLine(data.line);
        else if (data.done) onDone(data.done);
        else if (data.error) onError(data.error, data.status);
      };
      worker.onerror = (e) => {
        if (!stopped) onError("the engine's worker failed: " + (e.message || "unknown error"), 500);
      };
      worker.postMessage({ id, fen, lines, movetime, depth });
    }, (e) => onError("the engine cannot start: " + e.message, 500));
    return () => {
      if (stopped) return;
      stopped = true;
      this.stop();
    };
  }

  /** Ends the analysis under way, if any. */
  stop() {
    if (this.worker) {
      this.worker.terminate();
      this.worker = null;
    }
  }
}
