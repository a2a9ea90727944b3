// Drives the page of `kpk serve` in a real browser (Debian's Chromium, headless, through
// playwright-core) and checks every interaction against the server's own API:
//   node explorer.mjs http://127.0.0.1:PORT screenshot.png
// The first paint without JavaScript, and equal to what the script draws (firstpaint.mjs);
// chessground's board playing every kind of move (moves.mjs); edit mode; the verdict and the
// map; playing moves by click and by drag with legal-move dots
// and the last move marked; taking back and a variation; the address bar (links, back and
// forward); hovering a move draws its arrow; badges; promotion; stepping the optimal line and
// the proof; flip; the 50-move clock; terminal positions; bad FENs; the rules' plan and the
// coach; phone and desktop sizes; no request outside the server. Exits non-zero with a message
// on the first failure.
import { writeFileSync } from "node:fs";
import { check, firstVerdicts, launch } from "./lib.mjs";
import { checkBoard } from "./board.mjs";
import { checkPanel } from "./panel.mjs";
import { checkCoach } from "./coach.mjs";
import { checkEngine } from "./engine.mjs";
import { checkConventions, checkEditor, checkGrouping, checkPgn, checkWords } from "./conventions.mjs";
import { checkAccessibility, checkKeyboard } from "./a11y.mjs";
import { checkPhone } from "./phone.mjs";
import { checkBadgeColours, checkLayout } from "./layout.mjs";
import { checkFirstPaint } from "./firstpaint.mjs";
import { checkMoveKinds } from "./moves.mjs";
import { checkLichessHabits, checkTabs } from "./lichess.mjs";

const base = process.argv[2];
const screenshot = process.argv[3] || "kpk-explorer.png";
if (!base) {
  console.error("usage: node explorer.mjs http://127.0.0.1:PORT [screenshot.png]");
  process.exit(2);
}

const browser = await launch();
let failed = false;
try {
  // 0. the first paint, before and without any script: the verdict and the moves as text (the
  // board is chessground's, drawn by the script, as on lichess)
  const plain = await browser.newContext({ javaScriptEnabled: false });
  const still = await plain.newPage();
  await still.goto(base + "/?fen=" + encodeURIComponent("8/8/8/8/3k4/8/3KP3/8 w - - 0 1"));
  check(await still.isHidden("#board"), "no empty board without the script");
  // the verdict and every move's outcome are in the first paint, and no control that needs the
  // script is shown
  const fenNoScript = "8/8/8/8/3k4/8/3KP3/8 w - - 0 1";
  const expected = await (await fetch(base + "/standard?fen=" + encodeURIComponent(fenNoScript))).json();
  const verdictNoScript = await still.textContent("#verdict");
  check(expected.category === "draw" && verdictNoScript === "White to move: draw", `first paint's verdict: ${verdictNoScript}`);
  // the moves under their groups' rows, each with its outcome and badges
  const listed = await still.$$eval("#moves li:not(.group)", (ls) => ls.map((l) => l.textContent));
  const groups = await still.$$eval("#moves li.group", (ls) => ls.map((l) => l.textContent));
  check(listed.length === expected.moves.length && listed[0].startsWith(expected.moves[0].san + " draws"), `first paint's moves: ${listed}`);
  check(groups.join() === "Drawing", `first paint's groups: ${groups}`);
  for (const sel of ["#nav", "#line-controls", "#move-form"]) {
    check(await still.isHidden(sel), `no dead control without the script: ${sel}`);
  }
  // nor what only the script fills: the bar (it would say 50% whatever the verdict), the moves
  // played, the engine
  for (const sel of ["#evalbar", "#history", "#engine-box"]) {
    check(await still.isHidden(sel), `nothing only the script fills without it: ${sel}`);
  }
  check(await still.isVisible("#fen-form"), "the FEN form works without the script");
  await still.screenshot({ path: screenshot.replace(/\.png$/, "-no-script.png") });
  await plain.close();
  // the first paint of many positions against what the script draws of them
  await checkFirstPaint(browser, base);

  const page = await browser.newPage({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 2 });
  const outside = [];
  const errors = [];
  page.on("request", (r) => { if (!r.url().startsWith(base)) outside.push(r.url()); });
  page.on("pageerror", (e) => errors.push(e.message));
  page.on("console", (m) => {
    // the browser logs every 400 and 404 answer; the bad-FEN steps cause them on purpose
    if (m.type() === "error" && !/status of 40[04]/.test(m.text())) errors.push(m.text());
  });
  await page.goto(base + "/");
  await page.waitForFunction(() => Number(document.body.dataset.ready || 0) > 0);
  await checkAccessibility(browser, base);
  await checkPhone(browser, base, screenshot.replace(/\/[^/]*$/, "") || ".");
  await checkLayout(browser, base);
  await checkBoard(page, base);
  await checkPanel(page, base);
  await checkCoach(page, base);
  await checkEngine(page, base);
  await checkConventions(page, base);
  await checkWords(page, base);
  await checkGrouping(page, base);
  await checkEditor(page, base);
  await checkPgn(page, base);
  await checkBadgeColours(page, base);
  await checkKeyboard(page, base);
  await checkMoveKinds(page, base);
  await checkLichessHabits(browser, base);
  await checkTabs(browser, base);

  check(outside.length === 0, `requests outside the server: ${outside.join(", ")}`);
  check(errors.length === 0, `errors in the page: ${errors.join("; ")}`);

  // the pictures for the README: a KPK position with its plan and map on a desktop, the
  // engine on the 32 men (the phone's, the dark mode's and the one without a script are taken
  // above)
  await page.setViewportSize({ width: 1000, height: 860 });
  await page.goto(base + "/?fen=" + encodeURIComponent("8/8/4k3/8/8/3KP3/8/8 w - - 0 1"));
  await page.waitForFunction(() => document.body.dataset.busy === "false");
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.waitForTimeout(600); // chessground's animation and the bar's slide end
  await page.screenshot({ path: screenshot.replace(/\.png$/, "-desktop.png") });
  await page.screenshot({ path: screenshot });
  await page.goto(base + "/?fen=" + encodeURIComponent("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"));
  await page.waitForFunction(() => Number(document.getElementById("engine-depth").dataset.depth || 0) >= 8, null, { timeout: 20000 });
  await page.click("#engine-stop");
  await page.waitForTimeout(600);
  await page.screenshot({ path: screenshot.replace(/\.png$/, "-engine.png") });
  // the first verdict after navigation (a figure, not a check): the median of five fresh visits
  const first = await firstVerdicts(browser, base);
  writeFileSync(screenshot.replace(/[^/]*$/, "serve-figures.json"), `${JSON.stringify({ first_verdict: first }, null, 2)}\n`);
  console.log(`kpk serve's first verdict after navigation: median ${first.median_ms} ms (${first.all_ms})`);
  console.log(`browser test passed: ${base} (screenshot ${screenshot})`);
} catch (e) {
  failed = true;
  console.error(`browser test failed: ${e.message}`);
  console.error(e.stack.split("\n").filter((l) => l.includes(".mjs")).join("\n"));
} finally {
  await browser.close();
}
process.exit(failed ? 1 : 0);
