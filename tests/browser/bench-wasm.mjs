// The WebAssembly module against the native binary, measured on this machine (BENCHMARKS.md):
//   node bench-wasm.mjs SITE_URL KPK_SERVE_URL path/to/kpk [rounds]
// (SITE_URL: tools/site's folder on a static file server; KPK_SERVE_URL: `kpk serve` running.)
// 1. The engine: the same search (the 32-man start position to depth DEPTH, a 16 MiB table)
//    by the native `kpk uci` and by the module in a Web Worker in Chromium, alternated A B A B;
//    both report the same nodes, so the time ratio is the nodes-per-second ratio.
// 2. A 3-man answer (/standard): the module in the page against `kpk serve`'s round trip from a
//    page of the server (fetch), over the same 1,000 positions, alternated; median and p99.
// 3. The first verdict after navigation, on the static site and on kpk serve's page.
import { spawn } from "node:child_process";
import { firstVerdictMs, launch, randomFens } from "./lib.mjs";

const [site, served, bin, roundsArg] = process.argv.slice(2);
const rounds = Number(roundsArg || 5);
const DEPTH = 11;
const START = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

function native() {
  return new Promise((resolve, reject) => {
    const p = spawn(bin, ["uci"]);
    let out = "";
    p.stdout.on("data", (d) => {
      out += d;
      if (/bestmove/.test(out)) {
        const last = out.split("\n").filter((l) => l.startsWith(`info depth ${DEPTH} `)).pop();
        p.stdin.end("quit\n");
        resolve({ nodes: Number(/nodes (\d+)/.exec(last)[1]), ms: Number(/time (\d+)/.exec(last)[1]) });
      }
    });
    p.on("error", reject);
    p.stdin.write(`setoption name Hash value 16\nposition fen ${START}\ngo depth ${DEPTH}\n`);
  });
}

const browser = await launch();
const page = await browser.newPage();
await page.goto(site + "/icon.svg");
await page.evaluate(async () => {
  const at = (f) => new URL("kpk/" + f, location.href).href;
  const { compile, Kpk } = await import(at("index.js"));
  const { Engine } = await import(at("engine.js"));
  const module = await compile(new URL(at("kpk.wasm")));
  window.kpk = new Kpk(module);
  window.Engine = Engine;
  window.module = module;
});
const inWorker = () =>
  page.evaluate(
    ([fen, depth]) =>
      new Promise((resolve, reject) => {
        // a fresh worker each time, as native gets a fresh process: both start with an empty table
        const engine = new window.Engine(window.module);
        let last = null;
        engine.analyse(fen, {
          depth,
          onLine: (l) => {
            if (l.depth === depth && l.multipv === 1) last = l;
          },
          onDone: () => {
            engine.stop();
            resolve({ nodes: last.nodes, ms: last.time_ms });
          },
          onError: reject,
        });
      }),
    [START, DEPTH],
  );

const engine = { native: [], wasm: [] };
for (let i = 0; i < rounds; i++) {
  engine.native.push(await native());
  engine.wasm.push(await inWorker());
}
const nps = (r) => Math.round((r.nodes * 1000) / Math.max(r.ms, 1));
const nativeNps = median(engine.native.map(nps));
const wasmNps = median(engine.wasm.map(nps));
console.log(`engine, start position to depth ${DEPTH}: nodes native ${engine.native.map((r) => r.nodes)} wasm ${engine.wasm.map((r) => r.nodes)}`);
console.log(`  native ms ${engine.native.map((r) => r.ms)}; wasm ms ${engine.wasm.map((r) => r.ms)}`);
console.log(`  median nps: native ${nativeNps}, wasm in a worker ${wasmNps}: ${((100 * wasmNps) / nativeNps).toFixed(0)}% of native`);

// 2. 1,000 positions of at most three men: the module in the page, the server's round trip
const candidates = await page.evaluate(randomFens, [2000, 777]);
const fens = await page.evaluate((c) => c.filter((fen) => window.kpk.json("standard", fen).status === 200).slice(0, 1000), candidates);
const server = await browser.newPage();
await server.goto(served + "/page.css");
const moduleTimes = [];
const serverTimes = [];
for (let i = 0; i < rounds; i++) {
  moduleTimes.push(
    await page.evaluate((fens) => {
      const REPEAT = 20;
      return fens.map((f) => {
        const t = performance.now();
        for (let i = 0; i < REPEAT; i++) window.kpk.json("standard", f);
        return (performance.now() - t) / REPEAT;
      });
    }, fens),
  );
  serverTimes.push(
    await server.evaluate(async (fens) => {
      const out = [];
      for (const f of fens) {
        const t = performance.now();
        await (await fetch("/standard?fen=" + encodeURIComponent(f))).text();
        out.push(performance.now() - t);
      }
      return out;
    }, fens),
  );
}
const summary = (runs) => {
  const all = runs.flat().sort((a, b) => a - b);
  const q = (p) => all[Math.floor(p * (all.length - 1))].toFixed(3);
  return `median ${q(0.5)} ms, p99 ${q(0.99)} ms`;
};
console.log(`a 3-man /standard answer, ${fens.length} positions x ${rounds}: module in the page ${summary(moduleTimes)}; kpk serve round trip ${summary(serverTimes)}`);

// 3. the first verdict after navigation
const first = { site: [], served: [] };
for (let i = 0; i < rounds; i++) {
  first.site.push(await firstVerdictMs(browser, site));
  first.served.push(await firstVerdictMs(browser, served));
}
console.log(`first verdict after navigation (a fresh browser context each): static site median ${median(first.site).toFixed(0)} ms (${first.site.map(Math.round)}); kpk serve's page (drawn by the server) median ${median(first.served).toFixed(0)} ms (${first.served.map(Math.round)})`);
await browser.close();
