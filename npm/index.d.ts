// Types of kpk-wasm's main module (index.js).

/** A request the module refuses: the message says what is wrong; the status is the server's. */
export class KpkError extends Error {
  readonly status: number;
}

/** The answers by name, as `Kpk.json` takes them. */
export const ANSWERS: readonly ["standard", "mainline", "map", "line", "probe", "explain", "score"];
export type AnswerName = (typeof ANSWERS)[number];

/** The module from a URL, a path (node), bytes, or an already compiled module. */
export type ModuleSource = URL | string | ArrayBuffer | ArrayBufferView | WebAssembly.Module;

export function compile(source?: ModuleSource): Promise<WebAssembly.Module>;
export function load(source?: ModuleSource): Promise<Kpk>;

/** lichess's categories of a position for its side to move. */
export type Category =
  | "win" | "unknown" | "syzygy-win" | "maybe-win" | "cursed-win" | "draw"
  | "blessed-loss" | "maybe-loss" | "syzygy-loss" | "loss";

/** The facts of a position (or of the position after a move, from the opponent's side). */
export interface Outcome {
  checkmate: boolean;
  stalemate: boolean;
  variant_win: boolean;
  variant_loss: boolean;
  insufficient_material: boolean;
  category: Category;
  dtz: number | null;
  precise_dtz: number | null;
  dtc: null;
  dtm: number | null;
  dtw: null;
}

/** A legal move with its outcome. */
export interface MoveOutcome extends Outcome {
  uci: string;
  san: string;
  zeroing: boolean;
  conversion: boolean;
}

/** `GET /standard`: lichess's tablebase answer, every move best first. */
export interface Standard extends Outcome {
  moves: MoveOutcome[];
}

/** A line of `kpk probe --json`. */
export interface Probe extends Standard {
  fen: string;
}

export interface MainlineStep {
  uci: string;
  san: string;
  dtz: number;
}

/** `GET /standard/mainline`. */
export interface Mainline {
  mainline: MainlineStep[];
  winner: "w" | "b" | null;
  dtz: number | null;
  precise_dtz: number | null;
}

/** A move in UCI and SAN. */
export interface Move {
  uci: string;
  san: string;
}

/** `kpk explain --json`: the why in one sentence, its idea, the plan, every move judged. */
export interface Explanation {
  fen: string;
  category: string;
  dtm: number | null;
  basis: string;
  rule: string | null;
  /** The why: one sentence naming the idea and its squares. */
  reason: string;
  /** The idea's stable identifier (`key_squares`, `opposition`, `distant_opposition`, ...). */
  idea: string | null;
  ideas: string[];
  /** The deciding rule's full conditions. */
  conditions: string | null;
  first_move: Move | null;
  plan: (Move & { aim: string; reason: string; idea: string }) | null;
  moves: Array<Move & { verdict: unknown }>;
  [field: string]: unknown;
}

/** `GET /kpk/map`: the defending king's map (`win`, `draw` or null per square) and the explanation. */
export interface DefenderMap {
  squares: Record<string, "win" | "draw" | null>;
  [field: string]: unknown;
}

/** `GET /kpk/line`: the optimal line to mate. */
export interface Line {
  steps: Array<{ uci: string; san: string; fen: string; [field: string]: unknown }>;
  [field: string]: unknown;
}

/** A score in the Score crate's words. */
export interface ScoreAnswer {
  band: "mate" | "mated" | "known_win" | "known_loss" | "heuristic";
  text: string;
  uci: string;
  value: number;
  mate: number | null;
  pawns: number | null;
}

/** One completed iteration of the engine (one line of several with `lines` above 1). */
export interface Iteration {
  depth: number;
  seldepth: number;
  multipv: number;
  nodes: number;
  time_ms: number;
  tbhits: number;
  score: ScoreAnswer;
  pv: Move[];
}

/** The analysis's last line. */
export interface Done {
  done: true;
  depth: number;
  bestmove: Move | null;
}

export interface AnalyseOptions {
  /** Lines per depth, 1 to 5. */
  lines?: number;
  /** Milliseconds of thinking (0: no limit). */
  movetime?: number;
  /** The deepest iteration (0: no limit). */
  depth?: number;
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
  /** Analyses here, synchronously (run it in a worker in a page: see `Engine`). */
  analyse(fen: string, options?: AnalyseOptions, onLine?: (line: Iteration) => void): Done;
}
