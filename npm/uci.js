// Any UCI engine that runs in a Web Worker and speaks UCI by messages (one line a message, as
// Stockfish's WebAssembly builds do), analysing for a page with the same callbacks as `Engine`:
// its output is read by the module (`Kpk#uciReader`: the Score crate's UCI parser, the lines
// that reach three men scored by the tables), so the page gets the stream's lines.

export class UciEngine {
  /**
   * @param {import("./index.js").Kpk} kpk the module that reads the engine's lines
   * @param {() => Worker} start makes the engine's worker (once; it is kept between analyses)
   * @param {{ handshakeMs?: number }} [options] how long the engine may take to say `uciok`
   *   (it compiles its module first; 30 s by default)
   */
  constructor(kpk, start, { handshakeMs = 30000 } = {}) {
    this.kpk = kpk;
    this.start = start;
    this.handshakeMs = handshakeMs;
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
      let settled = false;
      const failed = (message) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        worker.terminate();
        this.ready = null;
        reject(new Error(message));
      };
      const timer = setTimeout(() => failed(`no uciok within ${this.handshakeMs / 1000} s`), this.handshakeMs);
      worker.onerror = (e) => {
        if (settled) this.#fail("the engine's worker failed: " + (e.message || "unknown error"));
        else failed(e.message || "the engine's worker failed");
      };
      worker.onmessage = ({ data }) => {
        if (settled) return;
        const line = String(data);
        if (line.startsWith("id name ")) this.name = line.slice(8).trim();
        if (line.trim() === "uciok") {
          settled = true;
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
    let read;
    try {
      read = run.reader.read(line);
    } catch (e) {
      this.#fail("the engine's lines cannot be read: " + e.message);
      return;
    }
    if (!read) return;
    // a mate the tables disprove where the engine's line reaches them: said in the console,
    // once an analysis
    const contradiction = read.tables?.contradiction;
    if (contradiction && !run.logged.has(contradiction)) {
      run.logged.add(contradiction);
      console.warn(contradiction);
    }
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
   * Analyses `fen` until stopped (`go infinite`: the engine ends only when told to):
   * `onLine(iteration)` for each line, `onError(message, status)`; `onDone(last)` only where
   * the engine ends a search by itself. `lines` 1-5 per depth. Answers the function that stops
   * it (the engine is told `stop`, and kept for the next analysis).
   */
  analyse(fen, { lines = 1, onLine = () => {}, onDone = () => {}, onError = () => {} } = {}) {
    let stopped = false;
    let run = null;
    this.#boot().then(
      (worker) => {
        if (stopped || worker !== this.worker) return;
        this.stop();
        let reader;
        try {
          reader = this.kpk.uciReader(fen, this.name || "UCI engine");
        } catch (e) {
          onError(e.message, e.status || 400);
          return;
        }
        run = { reader, onLine, onDone, onError, logged: new Set() };
        this.current = run;
        const multipv = Math.min(Math.max(Math.trunc(lines) || 1, 1), 5);
        worker.postMessage(`setoption name MultiPV value ${multipv}`);
        worker.postMessage(`position fen ${fen}`);
        worker.postMessage("go infinite");
      },
      (e) => {
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
