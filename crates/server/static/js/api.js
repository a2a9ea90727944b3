// The answers: /standard (the lichess shape), /standard/mainline, /kpk/map and /kpk/line, from
// the server, or from the module in the page on the static site (source.js).
import { answer, inPage } from "./source.js";

// Whether a table holds the position of a /standard answer itself, not only moves from it: the
// game is over, or a distance is known. Where none does, lila-tablebase still names a category
// from the best move (a mate in one is a "win" with no distance): the engine answers it.
export function held(v) {
  return v.checkmate || v.stalemate || v.insufficient_material || v.dtz !== null || v.dtm !== null;
}

// GET `path?fen=`: { ok, status, body }, where a failure of the network or of the answer's
// JSON becomes an error body that says so (the page shows it; nothing is swallowed).
export async function get(path, fen) {
  if (inPage) return answer(path, fen);
  try {
    const response = await fetch(path + "?fen=" + encodeURIComponent(fen));
    const text = await response.text();
    let body;
    try {
      body = JSON.parse(text);
    } catch {
      body = { error: `the server answered ${response.status} without JSON` };
    }
    return { ok: response.ok, status: response.status, body };
  } catch (e) {
    return { ok: false, status: 0, body: { error: "the server cannot be reached: " + e.message } };
  }
}
