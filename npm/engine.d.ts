// Types of kpk-wasm's engine in a Web Worker (engine.js).
import type { AnalyseOptions, Done, Iteration } from "./index.js";

export interface EngineCallbacks {
  onLine?: (line: Iteration) => void;
  onDone?: (last: Done) => void;
  onError?: (message: string, status: number) => void;
}

export class Engine {
  /** The compiled module (`compile()`), else compiled from the package's kpk.wasm. */
  constructor(module?: WebAssembly.Module);
  /** Starts an analysis; answers the function that stops it at once. */
  analyse(fen: string, options?: AnalyseOptions & EngineCallbacks): () => void;
  /** Ends the analysis under way, if any. */
  stop(): void;
}
