// Drives the page of `kpk serve` in a real browser (Debian's Chromium, headless, through
// playwright-core) on a phone-sized screen, and checks it against the server's own API:
//   node explorer.mjs http://127.0.0.1:PORT screenshot.png
// Sets up a KPK position by clicking, checks the verdict and all 64 squares of the map, plays
// the best move and the reply, steps the optimal line, shows the halfmove clock's effect (a
// cursed win), pastes a bad FEN, and makes no request outside the server. Exits non-zero with a message on the first failure.
import { chromium } from "playwright-core";

const base = process.argv[2];
const screenshot = process.argv[3] || "kpk-explorer.png";
if (!base) {
  console.error("usage: node explorer.mjs http://127.0.0.1:PORT [screenshot.png]");
  process.exit(2);
}

function check(condition, message) {
  if (!condition) throw new Error(message);
}

async function api(path, fen) {
  const response = await fetch(base + path + "?fen=" + encodeURIComponent(fen));
  return { status: response.status, body: await response.json() };
}

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM || "/usr/bin/chromium",
  args: [
    "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
  ],
});
let failed = false;
try {
  const page = await browser.newPage({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 2 });
  const outside = [];
  const errors = [];
  page.on("request", (r) => { if (!r.url().startsWith(base)) outside.push(r.url()); });
  page.on("pageerror", (e) => errors.push(e.message));
  page.on("console", (m) => {
    // the browser logs every 400 answer; the bad-FEN step causes one on purpose
    if (m.type() === "error" && !m.text().includes("status of 400")) errors.push(m.text());
  });

  // waits until the page shows the answer to a request made after `before`
  const ready = () => page.evaluate(() => Number(document.body.dataset.ready || 0));
  async function settle(before, action) {
    await action();
    await page.waitForFunction((b) => Number(document.body.dataset.ready || 0) > b, before);
  }
  const fen = () => page.inputValue("#fen");

  await page.goto(base + "/");
  await page.waitForFunction(() => Number(document.body.dataset.ready || 0) > 0);
  check((await fen()) === "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1", "the page starts from its KPK position");

  // 1. set up Ke6, Pe5 v Ke8, Black to move, by clicking
  await settle(await ready(), () => page.click("#clear"));
  for (const [piece, square] of [["K", "e6"], ["P", "e5"], ["k", "e8"]]) {
    await page.click(`#palette button[data-piece="${piece}"]`);
    await settle(await ready(), () => page.click(`rect.sq[data-square="${square}"]`));
  }
  await page.click('#palette button[data-piece="k"]'); // stop placing
  await settle(await ready(), () => page.click("#turn"));
  const kpk = "4k3/8/4K3/4P3/8/8/8/8 b - - 0 1";
  check((await fen()) === kpk, `the clicks set up ${kpk}, the page shows ${await fen()}`);

  // dragging a man moves it: the white king e6 -> d6 and back
  async function drag(from, to) {
    const a = await page.locator(`rect.sq[data-square="${from}"]`).boundingBox();
    const b = await page.locator(`rect.sq[data-square="${to}"]`).boundingBox();
    await settle(await ready(), async () => {
      await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2);
      await page.mouse.down();
      await page.mouse.move(b.x + b.width / 2, b.y + b.height / 2, { steps: 5 });
      await page.mouse.up();
    });
  }
  await drag("e6", "d6");
  check((await fen()) === "4k3/8/3K4/4P3/8/8/8/8 b - - 0 1", `dragged to d6: ${await fen()}`);
  await drag("d6", "e6");
  check((await fen()) === kpk, `dragged back: ${await fen()}`);

  // 2. the verdict and the 64 squares of the map agree with the API
  const standard = await api("/standard", kpk);
  const verdict = await page.$eval("#verdict", (e) => ({ category: e.dataset.category, dtm: e.dataset.dtm, text: e.textContent }));
  check(verdict.category === standard.body.category, `verdict ${verdict.category}, API ${standard.body.category}`);
  check(verdict.dtm === String(standard.body.dtm), `dtm ${verdict.dtm}, API ${standard.body.dtm}`);
  check(verdict.text.includes("Black to move loses"), `verdict words: ${verdict.text}`);
  const map = await api("/kpk/map", kpk);
  const shown = await page.$$eval("rect.map", (rects) => rects.map((r) => [r.dataset.square, r.dataset.map]));
  check(shown.length === 64, `the map has ${shown.length} squares, not 64`);
  for (const [square, mark] of shown) {
    const expected = map.body.squares[square] || "none";
    check(mark === expected, `map square ${square}: page ${mark}, API ${expected}`);
  }
  const keys = await page.$$eval("rect.key", (rects) => rects.map((r) => r.dataset.key).sort());
  check(JSON.stringify(keys) === JSON.stringify([...map.body.explanation.key_squares].sort()), `key squares ${keys}`);
  const why = await page.textContent("#why");
  check(why.includes(map.body.explanation.reason), `the explanation is shown: ${why}`);
  const listed = await page.$$eval("#moves button", (bs) => bs.map((b) => b.dataset.uci));
  check(JSON.stringify(listed) === JSON.stringify(standard.body.moves.map((m) => m.uci)), "every legal move, best first");

  // 3. play the defender's best move, then White's best reply
  for (let ply = 0; ply < 2; ply++) {
    const before = await fen();
    const answer = await api("/standard", before);
    const best = answer.body.moves[0];
    await settle(await ready(), () => page.click(`#moves button[data-uci="${best.uci}"]`));
    const after = await api("/standard", await fen());
    check(after.body.category === best.category && after.body.dtm === best.dtm,
      `after ${best.uci} the page shows a position the API rates ${after.body.category} ${after.body.dtm}, expected ${best.category} ${best.dtm}`);
    const shownVerdict = await page.$eval("#verdict", (e) => e.dataset.category);
    check(shownVerdict === best.category, `verdict after ${best.uci}: ${shownVerdict}`);
  }

  // 4. step through the optimal line
  const root = await fen();
  const line = await api("/kpk/line", root);
  check(line.body.steps.length > 0, "a won position has a line");
  await settle(await ready(), () => page.click("#line-next"));
  // the steps' FENs carry no clock; the page counts it from the root's
  const board = (f) => f.split(" ").slice(0, 2).join(" ");
  const clockOf = (f) => Number(f.split(" ")[4]);
  const expectedClock = line.body.steps[0].zeroing ? 0 : clockOf(root) + 1;
  check(board(await fen()) === board(line.body.steps[0].fen), `line step 1: ${await fen()} vs ${line.body.steps[0].fen}`);
  check(clockOf(await fen()) === expectedClock, `line step 1's clock: ${await fen()}, expected ${expectedClock}`);
  await settle(await ready(), () => page.click("#line-prev"));
  check((await fen()) === root, "line step back to the root");

  // 5. the halfmove clock: KRK with a mate 31 plies away is a cursed win from a clock of 80,
  // a win again once the clock is set to 0; the DTZ shown is the API's
  const rook = "8/8/8/8/8/2k5/1R6/K7 w - - 80 90";
  await page.fill("#fen", rook);
  await settle(await ready(), () => page.click("#load"));
  const cursed = await api("/standard", rook);
  const shownRook = await page.$eval("#verdict", (e) => ({ category: e.dataset.category, dtz: e.dataset.dtz, text: e.textContent }));
  check(cursed.body.category === "cursed-win" && shownRook.category === "cursed-win", `cursed win: page ${shownRook.category}, API ${cursed.body.category}`);
  check(shownRook.dtz === String(cursed.body.dtz), `DTZ shown ${shownRook.dtz}, API ${cursed.body.dtz}`);
  check(shownRook.text.includes("50-move") && shownRook.text.includes("DTZ 31"), `the verdict says why: ${shownRook.text}`);
  check((await page.inputValue("#clock")) === "80", "the clock field shows the FEN's clock");
  const firstMove = await page.$eval("#moves button", (b) => b.textContent);
  check(firstMove.includes("cursed win") && firstMove.includes("DTZ 31"), `the moves say it too: ${firstMove}`);
  const lineNote = await page.textContent("#line-note");
  check(lineNote.includes("50-move"), `the line says the rule draws first: ${lineNote}`);
  await page.fill("#clock", "0");
  await settle(await ready(), () => page.press("#clock", "Enter"));
  const plain = await page.$eval("#verdict", (e) => e.dataset.category);
  check(plain === "win" && (await fen()) === "8/8/8/8/8/2k5/1R6/K7 w - - 0 1", `clock 0: ${plain}, ${await fen()}`);
  await page.fill("#fen", rook);
  await settle(await ready(), () => page.click("#load"));
  await page.screenshot({ path: screenshot.replace(/\.png$/, "-fifty-moves.png"), fullPage: true });

  // the line's move numbers as a score sheet writes them, Black first too
  await page.fill("#fen", "8/8/8/8/8/2k5/1R6/K7 b - - 0 1");
  await settle(await ready(), () => page.click("#load"));
  const numbered = await page.$$eval("#line button", (bs) => bs.slice(0, 3).map((b) => b.textContent));
  check(/^1\.\.\. K/.test(numbered[0]) && /^2\. /.test(numbered[1]) && !/\d/.test(numbered[2][0]),
    `line numbering with Black first: ${numbered.join(" | ")}`);
  // without a pawn there is no map to show
  check(await page.$eval("#show-map", (b) => b.disabled), "the map box is disabled without a pawn");
  check(await page.$eval("#legend", (l) => l.hidden), "the map's legend is hidden without a pawn");
  // a checkmate is named, not called a draw
  await page.fill("#fen", "1R4k1/8/6K1/8/8/8/8/8 b - - 0 1");
  await settle(await ready(), () => page.click("#load"));
  const noLine = await page.textContent("#line-step");
  check(noLine === "no line: checkmate", `under a mate the line says: ${noLine}`);

  // 6. a bad FEN: the server's message, the board unchanged
  await page.fill("#fen", "8/8/8/8/8/8/8/8 w - - 0 1");
  await settle(await ready(), () => page.click("#load"));
  const error = await page.textContent("#error");
  const expected = await api("/standard", "8/8/8/8/8/8/8/8 w - - 0 1");
  check(expected.status === 400 && error === expected.body.error, `error shown: "${error}"`);
  check((await page.$$("g.man")).length === 3, "the board keeps its three men");

  // back to the position with its map for the picture
  await page.fill("#fen", kpk);
  await settle(await ready(), () => page.click("#load"));
  await page.screenshot({ path: screenshot, fullPage: true });
  await page.setViewportSize({ width: 960, height: 720 });
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: screenshot.replace(/\.png$/, "-desktop.png") });

  check(outside.length === 0, `requests outside the server: ${outside.join(", ")}`);
  check(errors.length === 0, `errors in the page: ${errors.join("; ")}`);
  console.log(`browser test passed: ${base} (screenshot ${screenshot})`);
} catch (e) {
  failed = true;
  console.error(`browser test failed: ${e.message}`);
} finally {
  await browser.close();
}
process.exit(failed ? 1 : 0);
