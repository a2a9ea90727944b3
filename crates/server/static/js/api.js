// The answers: /view (the board's view of a position), /kpk/map (the map and the coach), from
// the server, or from the module in the page on the static site (source.js).
import { answer, inPage } from "./source.js";

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
