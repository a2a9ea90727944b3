// UciEngine's handling of an engine in a worker, with a scripted fake worker in place of
// Stockfish (one UCI line a message): lines of a stopped search never reach a newer analysis,
// a stop before the engine is up starts nothing, an engine that never says uciok is ended and
// reported, a failure of the reader is reported, and each contradiction is said once.
import { test } from "node:test";
import assert from "node:assert/strict";
import { load } from "../index.js";
import { UciEngine } from "../uci.js";

const START = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
const AFTER_E4 = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1";
const kpk = await load();
const tick = () => new Promise((r) => setTimeout(r, 5));

// a fake engine: answers uci and isready; `go` starts a search whose info lines the test sends
// with `say`; `stop` answers the search's bestmove (after its last info line, as engines do)
class FakeWorker {
  constructor({ silent = false } = {}) {
    this.silent = silent;
    this.sent = [];
    this.terminated = false;
    this.onmessage = null;
    this.onerror = null;
  }
  postMessage(line) {
    this.sent.push(line);
    if (this.silent) return;
    if (line === "uci") this.say("id name Fake 1", "uciok");
    if (line === "stop") this.say("info depth 9 score cp 1 pv a2a3", "bestmove a2a3");
  }
  say(...lines) {
    for (const data of lines) queueMicrotask(() => this.onmessage?.({ data }));
  }
  terminate() {
    this.terminated = true;
  }
}

test("a stopped search's lines never reach the next analysis", async () => {
  const worker = new FakeWorker();
  const engine = new UciEngine(kpk, () => worker);
  const first = [];
  const second = [];
  const stop = engine.analyse(START, { onLine: (it) => first.push(it) });
  await tick();
  worker.say("info depth 5 score cp 20 pv e2e4");
  await tick();
  assert.equal(first.length, 1);
  assert.equal(first[0].engine, "Fake 1");
  // a new position while the first search runs: its late lines and bestmove are dropped
  stop();
  engine.analyse(AFTER_E4, { lines: 2, onLine: (it) => second.push(it) });
  await tick();
  worker.say("info depth 6 multipv 1 score cp -25 pv e7e5");
  await tick();
  assert.equal(first.length, 1, "nothing more for the stopped analysis");
  assert.deepEqual(second.map((it) => it.pv[0].san), ["e5"], "only the new search's line");
  assert.ok(worker.sent.includes("setoption name MultiPV value 2"));
  assert.equal(worker.sent.filter((l) => l === "uci").length, 1, "one engine, kept");
});

test("a stop before the engine is up starts no search", async () => {
  const worker = new FakeWorker();
  const engine = new UciEngine(kpk, () => worker);
  const stop = engine.analyse(START, { onLine: () => assert.fail("no line expected") });
  stop();
  await tick();
  assert.ok(!worker.sent.includes("go infinite"), worker.sent.join(", "));
});

test("an engine that never says uciok is ended and reported", async () => {
  const worker = new FakeWorker({ silent: true });
  const engine = new UciEngine(kpk, () => worker, { handshakeMs: 20 });
  const error = await new Promise((resolve) => engine.analyse(START, { onError: resolve }));
  assert.match(error, /no uciok/);
  assert.ok(worker.terminated, "the worker ended");
});

test("a mate the tables disprove is said once; the line shows the tables' score", async () => {
  const worker = new FakeWorker();
  const engine = new UciEngine(kpk, () => worker);
  const lines = [];
  const warned = [];
  const warn = console.warn;
  console.warn = (m) => warned.push(m);
  try {
    engine.analyse("4k3/8/8/8/8/8/3rP3/3K4 w - - 0 1", { onLine: (it) => lines.push(it) });
    await tick();
    worker.say("info depth 7 score mate -3 pv d1d2", "info depth 8 score mate -3 pv d1d2");
    await tick();
  } finally {
    console.warn = warn;
  }
  assert.equal(lines.length, 2);
  assert.equal(lines[1].score.band, "mate");
  assert.match(lines[1].tables.note, /^the tables' score after 1\. Kxd2/);
  assert.equal(warned.length, 1, warned.join("\n"));
});

test("a reader that fails is reported, the engine ended", async () => {
  const worker = new FakeWorker();
  const engine = new UciEngine(kpk, () => worker);
  const error = new Promise((resolve) => engine.analyse(START, { onError: resolve }));
  await tick();
  engine.current.reader = { read: () => { throw new Error("broken"); } };
  worker.say("info depth 1 score cp 1 pv e2e4");
  assert.match(await error, /cannot be read: broken/);
  assert.ok(worker.terminated);
});
