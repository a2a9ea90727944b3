// The engine's worker: receives the compiled module once, then analyses one position at a time,
// posting each iteration as it completes. The page stops an analysis by ending the worker.
import { Kpk } from "./index.js";

let kpk = null;

self.onmessage = ({ data }) => {
  if (data.module) {
    kpk = new Kpk(data.module);
    return;
  }
  const { id, fen, lines, movetime, depth } = data;
  try {
    const done = kpk.analyse(fen, { lines, movetime, depth }, (line) => self.postMessage({ id, line }));
    self.postMessage({ id, done });
  } catch (e) {
    self.postMessage({ id, error: e.message, status: e.status || 500 });
  }
};
