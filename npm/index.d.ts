// Types of kpk-wasm's main module (index.js).

/** A request the module refuses: the message says what is wrong; the status is the server's. */
export class KpkError extends Error {
  readonly status: number;
}

/** The answers by name, as `Kpk.json` takes them. */
export const ANSWERS: readonly ["standard", "mainline", "map", "line", "probe", "explain", "score", "view"];
export type AnswerName = (typeof ANSWERS)[number];

/** The module from a URL, a path (node), bytes, or an already compiled module. */
export type ModuleSource = URL | string | ArrayBuffer | ArrayBufferView | WebAssembly.Module;

export function compile(source?: ModuleSource): Promise<WebAssembly.Module>;
export function load(source?: ModuleSource): Promise<Kpk>;

// The answers' types are generated from the Rust types (answers.d.ts, by tools/typescript).
import type {
  Done, Explanation, DefenderMap, Iteration, Line, Mainline, MoveProbe, Notated, Probe, ScoreAnswer,
  View,
} from "./answers.js";
export type * from "./answers.js";

/** `GET /standard`: lichess's tablebase answer, every move best first (a `Probe` without the FEN). */
export type Standard = Probe;
/** A legal move with its outcome (lichess's move object). */
export type MoveOutcome = MoveProbe;
/** A move in UCI and SAN. */
export type Move = Notated;

export interface AnalyseOptions {
  /** Lines per depth, 1 to 5. */
  lines?: number;
  /** Milliseconds of thinking (0: no limit). */
  movetime?: number;
  /** The deepest iteration (0: no limit). */
  depth?: number;
}

/** A UCI engine's output read line by line (see `Kpk.uciReader`). */
export interface UciReader {
  read(line: string): Iteration | Done | null;
}

export class Kpk {
  constructor(module: WebAssembly.Module);
  readonly module: WebAssembly.Module;
  /** The answer as JSON text with the server's status: the same bytes as the server or the CLI. */
  json(name: AnswerName, input: string | number): { status: number; text: string };
  standard(fen: string): Standard;
  mainline(fen: string): Mainline;
  map(fen: string): DefenderMap;
  line(fen: string): Line;
  probe(fen: string): Probe;
  explain(fen: string): Explanation;
  score(value: number | string): ScoreAnswer;
  /** `GET /view`: what the analysis board shows of a position. */
  view(fen: string): View;
  /**
   * Reads a UCI engine's analysis of `fen` by `engine` (its `id name`): each line it prints to
   * the stream's line (an iteration, or the last line at `bestmove`), else `null`. One reader at
   * a time.
   */
  uciReader(fen: string, engine: string): UciReader;
  /** Analyses here, synchronously (run it in a worker in a page: see `Engine`). */
  analyse(fen: string, options?: AnalyseOptions, onLine?: (line: Iteration) => void): Done;
}
