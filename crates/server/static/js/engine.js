// The engine's analysis of a position beyond the tables: /engine read as it streams, one JSON
// line per iteration (depth, score, line), then the best move; stopped by aborting the request.
// On the static site the module's engine runs in a Web Worker and sends the same lines.
import { held } from "./api.js";
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

// A score of the side to move (the server's ScoreAnswer) as the bar shows it, from White's
// side: { band, text, white } where `white` is White's share of the bar, 0 to 1.
export function whiteView(score, turn) {
  const sign = turn === "w" ? 1 : -1;
  switch (score.band) {
    case "mate":
      return { band: "mate", text: "#" + (sign > 0 ? "" : "-") + score.mate, white: sign > 0 ? 1 : 0 };
    case "mated":
      return { band: "mate", text: "#" + (sign > 0 ? "-" : "") + Math.abs(score.mate), white: sign > 0 ? 0 : 1 };
    case "known_win":
      return { band: "known", text: (sign > 0 ? "White" : "Black") + " wins (known)", white: sign > 0 ? 0.97 : 0.03 };
    case "known_loss":
      return { band: "known", text: (sign > 0 ? "Black" : "White") + " wins (known)", white: sign > 0 ? 0.03 : 0.97 };
    default: {
      const pawns = sign * score.pawns;
      const text = pawns === 0 ? "0.0" : (pawns > 0 ? "+" : "") + pawns.toFixed(1);
      return { band: "heuristic", text, white: 1 / (1 + Math.exp(-0.75 * pawns)) };
    }
  }
}

// The tables' verdict (/standard, for the side to move `turn`) as the bar shows it, or null
// where no table holds the position.
export function tableView(v, turn) {
  const side = turn === "w" ? 1 : -1;
  const wins = { win: 1, loss: -1, "syzygy-win": 1, "syzygy-loss": -1 }[v.category];
  if (v.checkmate) return { band: "mate", text: turn === "w" ? "0-1" : "1-0", white: turn === "w" ? 0 : 1 };
  if (v.category === "unknown" || !held(v)) return null;
  if (!wins) return { band: "draw", text: "draw", white: 0.5 };
  const white = side * wins > 0;
  if (v.dtm !== null && v.dtm !== undefined) {
    const moves = Math.ceil(Math.abs(v.dtm) / 2);
    return { band: "mate", text: "#" + (white ? "" : "-") + moves, white: white ? 1 : 0 };
  }
  return { band: "known", text: (white ? "White" : "Black") + " wins (tables)", white: white ? 0.97 : 0.03 };
}
