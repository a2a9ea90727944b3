// Any UCI engine that runs in a Web Worker and speaks UCI by messages (one line a message, as
// Stockfish's WebAssembly builds do), analysing for a page with the same callbacks as `Engine`:
// its output is read by the module (`Kpk#uciReader`: the Score crate's UCI parser, the lines
// that reach three men scored by the tables), so the page gets the stream's lines.

/** The longest the engine may take to say `uciok` (it compiles its module first). */
const HANDSHAKE_MS = 30000;

export class UciEngine {
  /**
   * @param {import("./index.js").Kpk} kpk the module that reads the engine's lines
   * @param {() => Worker} start makes the engine's worker (once; it is kept between analyses)
   */
  constructor(kpk, start) {
    this.kpk = kpk;
    this.start = start;
    this.worker = null;
    this.name = "";
    this.ready = null;
    this.current = null;
    // the `bestmove` lines still owed by searches stopped: what comes before them is theirs
    this.owed = 0;
  }

  #boot() {
    this.ready ??= new Promise((resolve, reject) => {
      const worker = this.start();
      const timer = setTimeout(() => reject(new Error(`no uciok within ${HANDSHAKE_MS / 1000} s`)), HANDSHAKE_MS);
      worker.onerror = (e) => {
        clearTimeout(timer);
        reject(new Error(e.message || "the engine's worker failed"));
        this.#fail("the engine's worker failed: " + (e.message || "unknown error"));
      };
      worker.onmessage = ({ data }) => {
        const line = String(data);
        if (line.startsWith("id name ")) this.name = line.slice(8).trim();
        if (line.trim() === "uciok") {
          clearTimeout(timer);
          this.worker = worker;
          worker.onmessage = ({ data }) => this.#heard(String(data));
          resolve(worker);
        }
      };
      worker.postMessage("uci");
    });
    return this.ready;
  }

  #heard(line) {
    if (this.owed > 0) {
      if (line.startsWith("bestmove")) this.owed -= 1;
      return;
    }
    const run = this.current;
    if (!run) return;
    const read = run.reader.read(line);
    if (!read) return;
    // a mate the tables disprove where the engine's line reaches them: said in the console
    if (read.tables?.contradiction) console.warn(read.tables.contradiction);
    if (read.done) {
      this.current = null;
      run.onDone(read);
    } else {
      run.onLine(read);
    }
  }

  #fail(message) {
    const run = this.current;
    this.current = null;
    this.worker?.terminate();
    this.worker = null;
    this.ready = null;
    this.owed = 0;
    run?.onError(message, 500);
  }

  /**
   * Analyses `fen` until stopped: `onLine(iteration)`, `onDone(last)` where the engine ends
   * by itself (a position without moves), `onError(message, status)`. `lines` 1-5 per depth.
   * Answers the function that stops it (the engine is told `stop`, and kept for the next).
   */
  analyse(fen, { lines = 1, onLine = () => {}, onDone = () => {}, onError = () => {} } = {}) {
    let stopped = false;
    let run = null;
    this.#boot().then(
      (worker) => {
        if (stopped) return;
        this.stop();
        let reader;
        try {
          reader = this.kpk.uciReader(fen, this.name || "UCI engine");
        } catch (e) {
          onError(e.message, e.status || 400);
          return;
        }
        run = { reader, onLine, onDone, onError };
        this.current = run;
        const multipv = Math.min(Math.max(Math.trunc(lines) || 1, 1), 5);
        worker.postMessage(`setoption name MultiPV value ${multipv}`);
        worker.postMessage(`position fen ${fen}`);
        worker.postMessage("go infinite");
      },
      (e) => {
        this.ready = null;
        if (!stopped) onError("the engine cannot start: " + e.message, 500);
      },
    );
    return () => {
      stopped = true;
      if (run && this.current === run) this.stop();
    };
  }

  /** Stops the analysis under way, if any (its last lines are dropped). */
  stop() {
    if (!this.current || !this.worker) return;
    this.current = null;
    this.owed += 1;
    this.worker.postMessage("stop");
  }
}
