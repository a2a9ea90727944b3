// The engines of the static site built with --stockfish, measured in Chromium (BENCHMARKS.md):
// the project's engine (the module in its Web Worker) and Stockfish's WebAssembly build (its own
// worker, its lines read by the module), each analysing the start position and five middlegame
// positions (tools/engine_depth.py's) for SECONDS, one line per depth, the engines alternated
// position by position; the last iteration's depth, nodes and nodes per second as a Markdown
// table.
//   node engine-depth-site.mjs SITE_URL [seconds]
import { readFileSync } from "node:fs";
import { launch } from "./lib.mjs";

const [site, secondsArg] = process.argv.slice(2);
const seconds = Number(secondsArg || 10);
// the positions, from tools/engine_depth.py (one list)
const source = readFileSync(new URL("../../tools/engine_depth.py", import.meta.url), "utf8");
const POSITIONS = [...source.matchAll(/\("([^"]+)", "([1-8pnbrqkPNBRQK/]+ [wb] [^"]+)"\)/g)].map((m) => [m[1], m[2]]);

const browser = await launch();
const page = await browser.newPage();
await page.goto(site + "/");
// both engines made once and warmed up on the start position for a second, then used as the
// page uses them: Stockfish's worker kept from one position to the next (its hash too), the
// project's engine's worker started afresh for each analysis (its stop ends the worker)
await page.evaluate(async () => {
  const at = (file) => new URL(file, location.href).href;
  const index = await import(at("kpk/index.js"));
  const compiled = await index.compile(new URL(at("kpk/kpk.wasm")));
  const script = document.querySelector('meta[name="kpk-stockfish"]').content;
  window.engines = {
    kpk: new (await import(at("kpk/engine.js"))).Engine(compiled),
    stockfish: new (await import(at("kpk/uci.js"))).UciEngine(new index.Kpk(compiled), () => new Worker(at(script))),
  };
});
const analyse = (fen, engine, ms) =>
  page.evaluate(
    ([fen, engine, ms]) =>
      new Promise((resolve) => {
        let last = null;
        const stop = window.engines[engine].analyse(fen, { lines: 1, onLine: (it) => (last = it) });
        // the last iteration completed within the time
        setTimeout(() => {
          stop();
          resolve(last && { engine: last.engine, depth: last.depth, nodes: last.nodes, time_ms: Number(last.time_ms) });
        }, ms);
      }),
    [fen, engine, ms],
  );
for (const engine of ["kpk", "stockfish"]) await analyse(POSITIONS[0][1], engine, 1000);
const rows = [];
for (const [name, fen] of POSITIONS) {
  for (const engine of ["kpk", "stockfish"]) {
    const last = await analyse(fen, engine, seconds * 1000);
    if (!last) throw new Error(`${name}: no iteration from ${engine} within ${seconds} s`);
    rows.push({ position: name, ...last });
    console.error(`${name}, ${last?.engine}: depth ${last?.depth}, ${last?.nodes} nodes in ${last?.time_ms} ms`);
  }
}
await browser.close();
console.log(`| position | engine | depth | nodes | nodes/s |\n|---|---|---|---|---|`);
for (const r of rows) {
  const nps = r.time_ms ? Math.round((r.nodes / r.time_ms) * 1000) : 0;
  console.log(`| ${r.position} | ${r.engine} | ${r.depth} | ${r.nodes.toLocaleString("en")} | ${nps.toLocaleString("en")} |`);
}
