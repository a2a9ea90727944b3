// kpk in WebAssembly: the exact answers of King and Pawn against King (and every position of at
// most three men), the rules' why, the plan and the coach, and the engine, with no server. Each
// answer is the JSON `kpk serve` or the `kpk` CLI writes for the same request.

/** A request the module refuses: `message` says what is wrong, `status` as the server's. */
export class KpkError extends Error {
  constructor(message, status) {
    super(message);
    this.name = "KpkError";
    this.status = status;
  }
}

/** The answers by name, as `Kpk#json` takes them. */
export const ANSWERS = ["standard", "mainline", "map", "line", "probe", "explain", "score", "view"];

const encoder = new TextEncoder();
const decoder = new TextDecoder();

const isNode = typeof process !== "undefined" && !!process.versions?.node && typeof window === "undefined";

/** The compiled module from `source`: a URL, a path (node), bytes, or a `WebAssembly.Module`. */
export async function compile(source = new URL("./kpk.wasm", import.meta.url)) {
  if (source instanceof WebAssembly.Module) return source;
  if (source instanceof ArrayBuffer || ArrayBuffer.isView(source)) return WebAssembly.compile(source);
  if (isNode && (typeof source === "string" || source.protocol === "file:")) {
    const { readFile } = await import("node:fs/promises");
    return WebAssembly.compile(await readFile(source));
  }
  const response = fetch(source);
  if (WebAssembly.compileStreaming) {
    try {
      return await WebAssembly.compileStreaming(response);
    } catch {
      // a server that does not say application/wasm: compile the bytes
    }
  }
  const r = await response;
  if (!r.ok) throw new KpkError(`the module cannot be loaded: ${source} answered ${r.status}`, r.status);
  return WebAssembly.compile(await r.arrayBuffer());
}

/** Loads the module (see `compile`) and answers from it. */
export async function load(source) {
  return new Kpk(await compile(source));
}

/** The module, instantiated: every answer, synchronously. */
export class Kpk {
  /** @param {WebAssembly.Module} module */
  constructor(module) {
    this.module = module;
    this.emitted = null;
    this.instance = this.#instantiate();
  }

  #instantiate() {
    const imports = {
      kpk: {
        now: () => performance.now(),
        emit: (ptr, len) => {
          if (this.emitted) this.emitted(this.#read(ptr, len));
        },
      },
    };
    return new WebAssembly.Instance(this.module, imports);
  }

  #read(ptr, len) {
    return decoder.decode(new Uint8Array(this.instance.exports.memory.buffer, ptr, len));
  }

  #write(text) {
    const bytes = encoder.encode(text);
    const ptr = this.instance.exports.kpk_input(bytes.length);
    new Uint8Array(this.instance.exports.memory.buffer, ptr, bytes.length).set(bytes);
  }

  #output() {
    const e = this.instance.exports;
    return this.#read(e.kpk_output(), e.kpk_output_len());
  }

  // a trap leaves the instance unusable: a fresh one, and the failure said
  #guard(call) {
    try {
      return call();
    } catch (e) {
      if (e instanceof WebAssembly.RuntimeError) {
        this.instance = this.#instantiate();
        throw new KpkError("internal error in the module: " + e.message, 500);
      }
      throw e;
    }
  }

  /**
   * The answer `name` (one of `ANSWERS`) for `input` as JSON text, with the status the server
   * would send: `{ status, text }`.
   */
  json(name, input) {
    return this.#guard(() => {
      this.#write(name + "\n" + String(input));
      const status = this.instance.exports.kpk_answer();
      return { status, text: this.#output() };
    });
  }

  #parsed(name, input) {
    const { status, text } = this.json(name, input);
    const value = JSON.parse(text);
    if (status !== 200) throw new KpkError(value.error, status);
    return value;
  }

  /** `GET /standard`: the lichess tablebase answer (category, distances, every move). */
  standard(fen) {
    return this.#parsed("standard", fen);
  }

  /** `GET /standard/mainline`: the DTZ-optimal line, the winner, the DTZ. */
  mainline(fen) {
    return this.#parsed("mainline", fen);
  }

  /** `GET /kpk/map`: the defending king's map and the explanation, for a KPK position. */
  map(fen) {
    return this.#parsed("map", fen);
  }

  /** `GET /kpk/line`: the optimal line to mate, each step with its FEN and distance. */
  line(fen) {
    return this.#parsed("line", fen);
  }

  /** A line of `kpk probe --json`: the FEN, then `/standard`'s fields (three men at most). */
  probe(fen) {
    return this.#parsed("probe", fen);
  }

  /** `kpk explain --json`: the why, the idea, the plan and every move judged by the coach. */
  explain(fen) {
    return this.#parsed("explain", fen);
  }

  /** A raw score value in the Score crate's words: band, text, UCI form, mate, pawns. */
  score(value) {
    return this.#parsed("score", value);
  }

  /**
   * `GET /view`: what the analysis board shows of `fen` (every legal move with its SAN, the FEN
   * after it and whether it checks; the verdict, the moves grouped with their words and badges,
   * the line, the lesson). A FEN that does not read throws, its view's `error` the message.
   */
  view(fen) {
    return this.#parsed("view", fen);
  }

  /**
   * A reader of a UCI engine's analysis of `fen` by `engine` (its `id name`), for an engine the
   * page runs itself (see `UciEngine` in `uci.js`): `read(line)` takes each line the engine
   * prints and answers the analysis stream's line for it (an iteration, read by the Score
   * crate's UCI parser, a line that reaches three men scored by the tables; or the last line at
   * `bestmove`), or `null`. One reader at a time: a new one ends the last. A FEN that does not
   * read throws; so does `read` where the module failed meanwhile (its instance renewed).
   */
  uciReader(fen, engine) {
    this.#guard(() => {
      this.#write(String(fen) + "\n" + String(engine));
      const status = this.instance.exports.kpk_uci_start();
      if (status !== 200) throw new KpkError(JSON.parse(this.#output()).error, status);
    });
    return {
      read: (line) =>
        this.#guard(() => {
          this.#write(String(line));
          const status = this.instance.exports.kpk_uci_read();
          if (status === 204) return null;
          const value = JSON.parse(this.#output());
          if (status !== 200) throw new KpkError(value.error, status);
          return value;
        }),
    };
  }

  /**
   * Analyses `fen` (any legal position) here and now, synchronously: `onLine(iteration)` for
   * each iteration (depth, seldepth, multipv, nodes, time_ms, tbhits, score, pv) as it
   * completes; answers the last line (`done`, `depth`, `bestmove`). `lines` 1-5 per depth;
   * `movetime` in milliseconds and `depth` bound it (0: no bound). In a page, run it in a worker
   * (`Engine` in `engine.js`) so that the page stays live.
   */
  analyse(fen, { lines = 1, movetime = 0, depth = 0 } = {}, onLine = () => {}) {
    return this.#guard(() => {
      this.#write(String(fen));
      this.emitted = (text) => onLine(JSON.parse(text));
      try {
        const status = this.instance.exports.kpk_analyse(lines, movetime, depth);
        const value = JSON.parse(this.#output());
        if (status !== 200) throw new KpkError(value.error, status);
        return value;
      } finally {
        this.emitted = null;
      }
    });
  }
}
