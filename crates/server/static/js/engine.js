// The engine's analysis of a position beyond the tables: /engine read as it streams, one JSON
// line per iteration (depth, score, line), then the best move; stopped by aborting the request.
// On the static site the module's engine runs in a Web Worker and sends the same lines.
import { inPage, module } from "./source.js";

// Starts the analysis of `fen` with `lines` lines per depth (MultiPV, 1 to 5), until stopped
// (the server ends it at its own limit): `onLine(iteration)` for each line of each iteration,
// `onDone(last)` at the end, `onError(message, status)` on a failure (the HTTP status where the
// server refused). Returns the function that stops it.
export function analyse(fen, { lines = 1, onLine, onDone, onError }) {
  if (inPage) return analyseInPage(fen, { lines, onLine, onDone, onError });
  const controller = new AbortController();
  (async () => {
    try {
      const url = "/engine?fen=" + encodeURIComponent(fen) + "&multipv=" + lines;
      const response = await fetch(url, { signal: controller.signal });
      if (!response.ok) {
        const body = await response.json().catch(() => ({}));
        onError(body.error || `the engine answered ${response.status}`, response.status);
        return;
      }
      const reader = response.body.getReader();
      const decoder = new TextDecoder();
      let buffer = "";
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        buffer += decoder.decode(value, { stream: true });
        let newline;
        while ((newline = buffer.indexOf("\n")) >= 0) {
          const line = buffer.slice(0, newline).trim();
          buffer = buffer.slice(newline + 1);
          if (!line) continue;
          const v = JSON.parse(line);
          if (v.error) onError(v.error);
          else if (v.done) onDone(v);
          else onLine(v);
        }
      }
    } catch (e) {
      if (e.name !== "AbortError") onError("the engine cannot be reached: " + e.message);
    }
  })();
  return () => controller.abort();
}

// The same analysis by the module's engine in its worker; the function that stops it.
function analyseInPage(fen, { lines, onLine, onDone, onError }) {
  let stop = null;
  let stopped = false;
  module().then(
    ({ engine }) => {
      if (!stopped) stop = engine.analyse(fen, { lines, onLine, onDone, onError });
    },
    (e) => onError("the engine cannot be loaded: " + e.message),
  );
  return () => {
    stopped = true;
    if (stop) stop();
  };
}
