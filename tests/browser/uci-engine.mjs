// kpk serve with a UCI engine beyond the tables (`--engine`, Debian's Stockfish in CI): the
// page's engine panel names it, shows three lines when asked, and a line's moves play.
//   node uci-engine.mjs http://127.0.0.1:PORT
import { check, driver, launch } from "./lib.mjs";

const base = process.argv[2];
const browser = await launch();
let failed = false;
try {
  const page = await browser.newPage({ viewport: { width: 1366, height: 900 } });
  const d = driver(page, base);
  await page.goto(`${base}/?fen=${encodeURIComponent("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1")}`);
  await page.waitForFunction(() => Number(document.getElementById("engine-depth").dataset.depth || 0) >= 12, null, { timeout: 20000 });
  const name = await page.textContent("#engine-name");
  check(name.startsWith("Stockfish"), `the panel names the engine: ${name}`);
  await page.selectOption("#engine-lines", "3");
  await page.waitForFunction(() => document.querySelectorAll("#engine-pv li").length === 3, null, { timeout: 20000 });
  // stopped first, as a user reading a line does: the list no longer redrawn under the click
  await page.click("#engine-stop");
  await page.waitForFunction(() => document.getElementById("engine-stop").textContent === "Go");
  const fen = await d.fen();
  await d.settle(() => page.click("#engine-pv li button >> nth=1"));
  check((await d.fen()) !== fen && (await page.$$("#history button.node")).length === 2, `a line's moves play: ${await d.fen()}`);
  console.log(`UCI engine on the page: ${name}, three lines, a line played`);
} catch (e) {
  failed = true;
  console.error(`UCI engine on the page: ${e.message}`);
} finally {
  await browser.close();
}
process.exit(failed ? 1 : 0);
