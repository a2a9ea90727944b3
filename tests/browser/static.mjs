// The analysis board as a static site (tools/site), served by a plain static file server, with
// no `kpk serve` running: the module in the page answers.
//   node static.mjs http://127.0.0.1:PORT [figures.json]
// Checks a KPK position's verdict, why, plan and coach line; stepping the optimal line; the
// engine deepening in its worker on the 32-man start position; a reload with the network off
// (the service worker) that still answers; every kind of move on chessground's board
// (moves.mjs). Prints the first verdict's time after navigation (the median of five fresh visits) and
// the module's answer latency over 1,000 positions of at most three men (median and p99), and
// writes them to figures.json if named (BENCHMARKS.md quotes them). Exits non-zero with a message on the first failure.
import { writeFileSync } from "node:fs";
import { check, driver, firstVerdicts, launch, randomFens } from "./lib.mjs";
import { checkMoveKinds } from "./moves.mjs";
import { checkLichessHabits } from "./lichess.mjs";

const base = process.argv[2];
const figuresFile = process.argv[3];
if (!base) {
  console.error("usage: node static.mjs http://127.0.0.1:PORT [figures.json]");
  process.exit(2);
}

const browser = await launch();

// the time after navigation when the page first shows an answer (body's data-ready set)
const timeFirstAnswer = () => {
  new MutationObserver((_, observer) => {
    if (document.body?.dataset.ready && !window.firstAnswerMs) {
      window.firstAnswerMs = performance.now();
      observer.disconnect();
    }
  }).observe(document, { subtree: true, attributes: true, attributeFilter: ["data-ready"] });
};

const figures = {};
let failed = false;
try {
  const context = await browser.newContext({ viewport: { width: 1366, height: 900 } });
  await context.addInitScript(timeFirstAnswer);
  const page = await context.newPage();
  const outside = [];
  page.on("request", (r) => {
    if (!r.url().startsWith(base) && !r.url().startsWith("data:")) outside.push(r.url());
  });
  const d = driver(page, base);
  const kpkFen = "8/8/8/4k3/8/8/4P3/4K3 w - - 0 1";
  await page.goto(base + "/?fen=" + encodeURIComponent(kpkFen));
  await page.waitForFunction(() => Number(document.body.dataset.ready || 0) > 0 && document.body.dataset.busy === "false");
  figures.first_answer_ms = Math.round(await page.evaluate(() => window.firstAnswerMs));

  // lichess's board with its cburnett men, as kpk serve's page has it
  check((await d.men()) === "Ke1 Pe2 ke5", `chessground's men: ${await d.men()}`);
  const image = await page.$eval("#board cg-board piece.white.king", (p) => getComputedStyle(p).backgroundImage);
  check(image.startsWith('url("data:image/svg+xml;base64,'), `the king drawn by cburnett's image: ${image.slice(0, 40)}`);

  // the KPK lesson, answered by the module: verdict, why, plan; then the coach after a move
  const verdict = await page.textContent("#verdict");
  check(verdict.startsWith("White to move: draw"), `the verdict: ${verdict}`);
  const why = await page.textContent("#why");
  check(why.startsWith("Draw:"), `the why: ${why}`);
  check(await page.isVisible("#plan-box"), "the plan is shown");
  const planMove = await page.textContent("#plan-move");
  check(/^K[a-h][1-8]$/.test(planMove), `the plan's move: ${planMove}`);
  await d.settle(() => d.drag("e1", "d2"));
  const coach = await page.textContent("#coach");
  check(coach.startsWith("Kd2"), `the coach on Kd2: ${coach}`);

  // a won position: the optimal line stepped
  await d.load("8/8/8/8/3k4/8/4P3/4K3 b - - 0 1");
  await d.load("4k3/8/4K3/4P3/8/8/8/8 w - - 0 1");
  check((await page.textContent("#verdict")).startsWith("White to move wins"), `a win: ${await page.textContent("#verdict")}`);
  await d.settle(() => page.click("#line-next"));
  await d.settle(() => page.click("#line-next"));
  check((await d.fen()).startsWith("3k4/8/3K4/4P3/8/8/8/8 w") || (await page.$$("#line li.current")).length === 1, `the line stepped: ${await d.fen()}`);

  // the engine in its worker: deeper and deeper on the 32-man start position
  await d.load("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
  const depth = async (above) => {
    await page.waitForFunction((a) => Number(document.getElementById("engine-depth").dataset.depth || 0) > a, above, { timeout: 30000 });
    return Number(await page.getAttribute("#engine-depth", "data-depth"));
  };
  const first = await depth(0);
  const later = await depth(first + 2);
  check(later > first, `the engine deepens: ${first} then ${later}`);
  const pv = await page.textContent("#engine-pv");
  check(pv.trim().length > 0, "the engine shows its line");

  // every kind of move on chessground's board, answered by the module
  await checkMoveKinds(page, base);
  await checkLichessHabits(browser, base);

  // the module's answers in the page: 1,000 positions of at most three men, each timed
  const candidates = await page.evaluate(randomFens, [2000, 12345]);
  figures.latency = await page.evaluate(async (candidates) => {
    const at = (file) => new URL(`kpk/${file}`, location.href);
    const kpkModule = await import(at("index.js").href);
    const kpk = new kpkModule.Kpk(await kpkModule.compile(at("kpk.wasm")));
    const fens = candidates.filter((fen) => kpk.json("standard", fen).status === 200).slice(0, 1000);
    // the page's clock ticks in 0.1 ms (no cross-origin isolation): each position asked 20 times
    // in a row, its time the twentieth of theirs
    const REPEAT = 20;
    const times = fens.map((fen) => {
      const t = performance.now();
      for (let i = 0; i < REPEAT; i++) kpk.json("standard", fen);
      return (performance.now() - t) / REPEAT;
    });
    times.sort((a, b) => a - b);
    const ms = (x) => Math.round(x * 1000) / 1000;
    return { positions: fens.length, median_ms: ms(times[500]), p99_ms: ms(times[990]) };
  }, candidates);

  // offline: the service worker has kept the site; a reload with the network off still answers
  await page.evaluate(() => navigator.serviceWorker.ready);
  await context.setOffline(true);
  await page.goto(base + "/?fen=" + encodeURIComponent("4k3/8/4K3/4P3/8/8/8/8 w - - 0 1"));
  await page.waitForFunction(() => Number(document.body.dataset.ready || 0) > 0 && document.body.dataset.busy === "false", null, { timeout: 15000 });
  const offline = await page.textContent("#verdict");
  check(offline.startsWith("White to move wins"), `offline, the verdict: ${offline}`);
  check((await page.textContent("#why")).startsWith("White wins"), "offline, the why");
  await context.setOffline(false);
  check(outside.length === 0, `requests outside the site: ${outside.join(", ")}`);
  // the first verdict after navigation, a fresh browser context each time: median of five
  figures.first_verdict = await firstVerdicts(browser, base);
  console.log(`static site: ${JSON.stringify(figures)}`);
  if (figuresFile) writeFileSync(figuresFile, JSON.stringify(figures, null, 2) + "\n");
} catch (e) {
  console.error("static site: " + e.message);
  failed = true;
} finally {
  await browser.close();
}
process.exit(failed ? 1 : 0);
