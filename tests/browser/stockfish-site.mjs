// The static site built with Stockfish (`tools/site --stockfish`): the engine panel offers it
// beside the project's engine; chosen, it names itself, deepens on the start position, shows
// three lines when asked and a line's moves play; a line that reaches King and Pawn against
// King shows the tables' mate, not Stockfish's evaluation; with the network off (the service
// worker) a reload still runs it, the choice kept. No request leaves the site.
//   node stockfish-site.mjs http://127.0.0.1:PORT
import { check, driver, launch } from "./lib.mjs";

const base = process.argv[2];
const START = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
const browser = await launch();
let failed = false;
try {
  const context = await browser.newContext({ viewport: { width: 1366, height: 900 } });
  const page = await context.newPage();
  const outside = [];
  page.on("request", (r) => {
    if (!r.url().startsWith(base)) outside.push(r.url());
  });
  const d = driver(page, base);
  const depthAtLeast = (n, timeout = 30000) =>
    page.waitForFunction((n) => Number(document.getElementById("engine-depth").dataset.depth || 0) >= n, n, { timeout });
  await page.goto(`${base}/?fen=${encodeURIComponent(START)}`);
  const offered = await page.$$eval("#engine-choice option", (os) => os.map((o) => o.value));
  check(offered.join(" ") === "kpk stockfish", `the engines offered: ${offered}`);
  await depthAtLeast(1);
  check((await page.textContent("#engine-name")) === "kpk", `the project's engine first: ${await page.textContent("#engine-name")}`);
  await page.selectOption("#engine-choice", "stockfish");
  await page.waitForFunction(() => document.getElementById("engine-name").textContent.startsWith("Stockfish"), null, { timeout: 30000 });
  await depthAtLeast(12);
  const name = await page.textContent("#engine-name");
  await page.selectOption("#engine-lines", "3");
  await page.waitForFunction(() => document.querySelectorAll("#engine-pv li").length === 3, null, { timeout: 30000 });
  // stopped first, as a user reading a line does: the list no longer redrawn under the click
  await page.click("#engine-stop");
  await page.waitForFunction(() => document.getElementById("engine-stop").textContent === "Go");
  const fen = await d.fen();
  await d.settle(() => page.click("#engine-pv li button >> nth=1"));
  check((await d.fen()) !== fen && (await page.$$("#history button.node")).length === 2, `a line's moves play: ${await d.fen()}`);

  // White: Kd1, Pe2; Black: Ke8, Rd2: Kxd2 leaves King and Pawn against King, a win the tables
  // know to the move; Stockfish alone sees a material edge
  await d.load("4k3/8/8/8/8/8/3rP3/3K4 w - - 0 1");
  await page.waitForFunction(() => document.getElementById("engine-score").textContent.startsWith("#"), null, { timeout: 30000 });
  const tables = await page.textContent("#engine-score");
  check((await page.textContent("#engine-name")).startsWith("Stockfish"), `Stockfish on the new position: ${await page.textContent("#engine-name")}`);
  // the score is the tables', where the line takes the rook; Stockfish's own beside it
  const note = await page.getAttribute("#engine-pv li .line-score", "title");
  check(/^the tables' score after 1\. Kxd2, where the line reaches three men \(Stockfish [^:]+: [+\-#]/.test(note || ""), `the line's note: ${note}`);

  // offline: the service worker kept Stockfish too; the choice is kept
  await page.evaluate(() => navigator.serviceWorker.ready);
  await context.setOffline(true);
  await page.goto(`${base}/?fen=${encodeURIComponent(START)}`);
  await page.waitForFunction(() => document.getElementById("engine-name").textContent.startsWith("Stockfish"), null, { timeout: 30000 });
  await depthAtLeast(10);
  check((await page.inputValue("#engine-choice")) === "stockfish", "the choice kept");
  const lines = await page.$$eval("#engine-pv li", (li) => li.length);
  check(lines >= 1, "offline, Stockfish's lines");
  await context.setOffline(false);
  check(outside.length === 0, `requests outside the site: ${outside.join(", ")}`);
  console.log(`Stockfish on the static site: ${name}, depth 12 and three lines, the tables' ${tables} where a line reaches three men, offline too`);
} catch (e) {
  failed = true;
  console.error(`Stockfish on the static site: ${e.message}`);
} finally {
  await browser.close();
}
process.exit(failed ? 1 : 0);
