// Types of uci.js: a UCI engine in a Web Worker, its lines read by the module.
import type { Kpk } from "./index.js";
import type { EngineCallbacks } from "./engine.js";

export class UciEngine {
  /** `start` makes the engine's worker (Stockfish's WebAssembly build, for one). */
  constructor(kpk: Kpk, start: () => Worker, options?: { handshakeMs?: number });
  /** The engine's `id name`, once it has said `uciok`. */
  readonly name: string;
  /** Analyses until stopped; answers the function that stops it. */
  analyse(fen: string, options?: { lines?: number } & EngineCallbacks): () => void;
  /** Stops the analysis under way, if any. */
  stop(): void;
}
