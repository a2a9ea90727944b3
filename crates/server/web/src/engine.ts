// The engine's analysis of a position beyond the tables: /engine read as it streams, one JSON
// line per iteration (depth, score, line), then the best move; stopped by aborting the request.
// On the static site the module's engine runs in a Web Worker and sends the same lines; so does
// Stockfish's WebAssembly build where the site carries it (its output read by the module).
import type { Done, Iteration } from "./answers";
import { ROUTES, inPage, module } from "./source";

export interface Listener {
  onLine(iteration: Iteration): void;
  onDone(last: Done): void;
  /** A failure, with the HTTP status where the server refused. */
  onError(message: string, status?: number): void;
}

/** The engines a page can run: the project's, or Stockfish where the static site carries it. */
export type EngineChoice = "kpk" | "stockfish";

/**
 * Starts the analysis of `fen` with `lines` lines per depth (MultiPV, 1 to 5), until stopped
 * (the server ends it at its own limit): on the static site by the engine `choice`, on kpk serve
 * by the engine the server runs. Returns the function that stops it.
 */
export function analyse(fen: string, lines: number, listener: Listener, choice: EngineChoice = "kpk"): () => void {
  return inPage ? analyseInPage(fen, lines, listener, choice) : analyseOnServer(fen, lines, listener);
}

function analyseOnServer(fen: string, lines: number, { onLine, onDone, onError }: Listener): () => void {
  const controller = new AbortController();
  const read = async (): Promise<void> => {
    const url = `${ROUTES.engine.path}?fen=${encodeURIComponent(fen)}&multipv=${lines}`;
    const response = await fetch(url, { signal: controller.signal });
    if (!response.ok || !response.body) {
      const body = (await response.json().catch(() => ({}))) as { error?: string };
      onError(body.error ?? `the engine answered ${response.status}`, response.status);
      return;
    }
    const reader = response.body.getReader();
    const decoder = new TextDecoder();
    let buffer = "";
    let ended = false;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      buffer += decoder.decode(value, { stream: true });
      for (let newline = buffer.indexOf("\n"); newline >= 0; newline = buffer.indexOf("\n")) {
        const line = buffer.slice(0, newline).trim();
        buffer = buffer.slice(newline + 1);
        if (!line) continue;
        const v = JSON.parse(line) as Iteration | Done | { error: string };
        if ("error" in v) onError(v.error);
        else if ("done" in v) onDone(v);
        else onLine(v);
        ended ||= "error" in v || "done" in v;
      }
    }
    // the stream ended without its last line: the server or the connection failed
    if (!ended) onError("the engine's answer ended before its last line");
  };
  read().catch((e: Error) => {
    if (e.name !== "AbortError") onError(`the engine cannot be reached: ${e.message}`);
  });
  return () => controller.abort();
}

/** The same analysis by the module's engine in its worker, or by Stockfish in its own. */
function analyseInPage(fen: string, lines: number, listener: Listener, choice: EngineChoice): () => void {
  let stop: (() => void) | null = null;
  let stopped = false;
  module().then(
    ({ engine, stockfish }) => {
      const chosen = choice === "stockfish" && stockfish ? stockfish : engine;
      if (!stopped) stop = chosen.analyse(fen, { lines, ...listener });
    },
    (e: Error) => listener.onError(`the engine cannot be loaded: ${e.message}`),
  );
  return () => {
    stopped = true;
    stop?.();
  };
}
