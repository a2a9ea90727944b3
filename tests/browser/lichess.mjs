// The analysis board as lichess users work: the moves beside the board with the current one in
// view (a 60-move game at 1366x900 and 1920x1080, the page unscrolled), the mouse wheel over the
// board and the space bar, a variation promoted and deleted, a PGN's NAGs and comments kept
// both ways, a hostile PGN refused in bounded time, a tap-tap promotion on a phone, the
// evaluation bar turned with the board, a refused position's reason where the verdict stands.
// Run on kpk serve (explorer.mjs) and the static site (static.mjs).
import { check, driver } from "./lib.mjs";

// a game of 60 moves (python-chess played it at random, no capture where it could avoid one)
export const GAME = "1. c4 g6 2. d3 f5 3. e3 e6 4. Qh5 Nf6 5. Kd2 c5 6. h3 b5 7. Kc2 Bh6 8. d4 a6 9. Qg5 Kf7 10. Kb3 Nd5 11. Qf4 Qg5 12. Nd2 Nc7 13. a4 Bb7 14. Kc2 Ke8 15. g4 Qf6 16. Qg3 d6 17. Bg2 Bc8 18. Kb3 Qf8 19. Rb1 a5 20. g5 Qg8 21. Bc6+ Bd7 22. Ka2 Nd5 23. Ra1 f4 24. Qg4 Qg7 25. f3 Ra7 26. Qh5 Nc3+ 27. Ka3 Nb1+ 28. Kb3 Qf7 29. Ba8 Na6 30. Rh2 e5 31. Kc2 Bf5+ 32. e4 Qe7 33. Ra2 Qf8 34. b3 Qf7 35. Kd3 Bg4 36. Bb2 Rg8 37. Bc6+ Kd8 38. Be8 Nc3 39. Nb1 Rh8 40. Nd2 Nd5 41. Bd7 Ndb4+ 42. Ke2 d5 43. Be6 Kc7 44. Ra3 Qf8 45. Qh4 Qb8 46. Bc3 Rf8 47. Nb1 Ra8 48. Bd7 Ra7 49. Kf1 Rf6 50. Rh1 Rb6 51. Bd2 Re6 52. Be8 Qb6 53. Bc6 Bg7 54. Ra1 Ra8 55. Ke1 Nd3+ 56. Kf1 Rh8 57. Qh6 Rf6 58. Ra3 Be6 59. Bb7 Nb8 60. Bc1 Rf5";

// Whether the current move of the moves played is in the viewport, the page unscrolled.
async function currentInView(page) {
  return page.evaluate(() => {
    const b = document.querySelector("#history button.current");
    if (!b) return "no current move";
    const r = b.getBoundingClientRect();
    if (window.scrollY !== 0) return `the page scrolled by ${window.scrollY}`;
    return r.top >= 0 && r.bottom <= window.innerHeight ? "in view" : `at ${Math.round(r.top)}-${Math.round(r.bottom)} of ${window.innerHeight}`;
  });
}

export async function checkLichessHabits(browser, base) {
  // 1. the moves in view, at two desktop sizes
  for (const [width, height] of [[1366, 900], [1920, 1080]]) {
    const page = await browser.newPage({ viewport: { width, height } });
    const d = driver(page, base);
    await page.goto(`${base}/`);
    await page.waitForFunction(() => Number(document.body.dataset.ready || 0) > 0 && document.body.dataset.busy === "false");
    await page.click("#pgn-box summary");
    await page.fill("#pgn", GAME);
    await d.settle(() => page.click("#pgn-load"));
    check((await page.textContent("#pgn-error")) === "", `the game loads: ${await page.textContent("#pgn-error")}`);
    check((await page.$$("#history button.node")).length === 120, "its 120 moves are listed");
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.locator("#verdict").focus();
    await d.settle(() => page.keyboard.press("End"));
    await page.evaluate(() => window.scrollTo(0, 0));
    const end = await currentInView(page);
    check(end === "in view", `${width}x${height}: the last move ${end}`);
    for (let i = 0; i < 30; i++) await d.settle(() => page.keyboard.press("ArrowLeft"));
    const middle = await currentInView(page);
    check(middle === "in view", `${width}x${height}: the 90th ply ${middle}`);
    await page.close();
  }

  const page = await browser.newPage({ viewport: { width: 1366, height: 900 } });
  const d = driver(page, base);
  await page.goto(`${base}/`);
  await page.waitForFunction(() => Number(document.body.dataset.ready || 0) > 0 && document.body.dataset.busy === "false");

  // 2. the space bar plays the tables' best move; the wheel over the board steps back and on
  const kpk = "4k3/8/4K3/4P3/8/8/8/8 w - - 0 1";
  await d.load(kpk);
  const best = await page.$eval("#moves button", (b) => b.dataset.uci);
  await page.locator("#verdict").focus();
  await d.settle(() => page.keyboard.press(" "));
  const afterBest = await d.fen();
  check(afterBest !== kpk && (await page.$eval("#history button.current", (b) => b.dataset.uci)) === best, `space plays ${best}: ${afterBest}`);
  const c = await d.centre("d4");
  await page.mouse.move(c.x, c.y);
  await d.settle(() => page.mouse.wheel(0, -120));
  check((await d.fen()) === kpk, `the wheel up steps back: ${await d.fen()}`);
  await d.settle(() => page.mouse.wheel(0, 120));
  check((await d.fen()) === afterBest, `the wheel down steps on: ${await d.fen()}`);

  // 3. a variation promoted to the main line, then deleted from its move on
  await d.settle(() => page.click("#first"));
  const [main, other] = await page.$$eval("#moves button", (bs) => bs.slice(0, 2).map((b) => b.dataset.uci));
  await d.settle(() => page.click(`#moves button[data-uci="${other}"]`));
  check(await page.isEnabled("#promote"), "a variation can be promoted");
  const line = () => page.$$eval("#history > button.node", (bs) => bs.map((b) => b.dataset.uci).join(" "));
  check((await line()).startsWith(main), `the main line first: ${await line()}`);
  await d.settle(() => page.click("#promote"));
  check((await line()).startsWith(other) && (await page.$$("#history .variation")).length === 1, `promoted: ${await line()}`);
  check(await page.isDisabled("#promote"), "the main line cannot be promoted");
  await d.settle(() => page.click("#first"));
  await d.settle(() => page.click(`#moves button[data-uci="${main}"]`));
  await d.settle(() => page.click("#delete"));
  check((await d.fen()) === kpk && (await page.$$("#history .variation")).length === 0 && (await line()) === other, `deleted: ${await line()}`);

  // 4. NAGs and comments kept both ways
  await page.click("#pgn-box summary");
  await page.fill("#pgn", `[FEN "${kpk}"]\n\n1. Kd6 $1 {the opposition} Kd8 2. e6?! (2. Kc6 {also}) Ke8 *`);
  await d.settle(() => page.click("#pgn-load"));
  const shown = await page.$$eval("#history button.node", (bs) => bs.map((b) => b.textContent).join(" "));
  check(shown === "1. Kd6! Kd8 2. e6?! 2. Kc6 2... Ke8", `the glyphs beside the moves: ${shown}`);
  const comments = await page.$$eval("#history .comment", (cs) => cs.map((c) => c.textContent).join("|"));
  check(comments === "the opposition|also", `the comments inline: ${comments}`);
  // a variation folds to its first move and unfolds
  await page.click("#history .variation button.fold");
  check(await page.isHidden("#history .variation .comment") && await page.isVisible("#history .variation button.node"), "the variation folded");
  check((await page.getAttribute("#history .variation button.fold", "aria-expanded")) === "false", "and says so");
  await page.click("#history .variation button.fold");
  check(await page.isVisible("#history .variation .comment"), "and unfolded");
  await d.settle(() => page.click("#last"));
  const out = await page.inputValue("#pgn");
  check(/1\. Kd6! \{ the opposition \} Kd8 2\. e6\?! \(2\. Kc6 \{ also \}\) 2\.\.\. Ke8/.test(out), `written back: ${out}`);

  // 5. a hostile PGN: refused with where it stops, the page answering at once
  for (const [text, said] of [
    ["1. e4 ".repeat(6000), "at most 5000 are read"],
    [`[FEN "${kpk}"] 1. Kd6 ${"(1. Kf6 ".repeat(40)}`, "variations nest deeper than 32"],
    [`[FEN "${kpk}"] 1. Kd6 {never closed`, "a comment opens on line 1 and never closes"],
    [`[FEN "${kpk}"] 1. Kd6 Kd8 2. Ke9`, "Ke9 (the PGN's move 3) is not a legal move after Kd8"],
  ]) {
    const t = Date.now();
    await page.fill("#pgn", text);
    await page.click("#pgn-load");
    await page.waitForFunction(() => document.getElementById("pgn-error").textContent.length > 0, null, { timeout: 10000 });
    const error = await page.textContent("#pgn-error");
    check(error.includes(said), `a hostile PGN: ${error}`);
    check(Date.now() - t < 10000, "answered in bounded time");
    await page.fill("#pgn", "");
    await page.evaluate(() => { document.getElementById("pgn-error").textContent = ""; });
  }

  // 6. the evaluation bar turns with the board: White's share at the top when Black is below
  await page.goto(`${base}/?fen=${encodeURIComponent(kpk)}&flip=1`);
  await page.waitForFunction(() => Number(document.body.dataset.ready || 0) > 0 && document.body.dataset.busy === "false");
  await page.waitForTimeout(400); // the bar's fill slides into place
  const bar = await page.locator("#evalbar").boundingBox();
  const fill = await page.locator("#evalbar-fill").boundingBox();
  check(Math.abs(fill.y - bar.y) < 2 && fill.height > 0.9 * bar.height, `White's share from the top: ${JSON.stringify(fill)} in ${JSON.stringify(bar)}`);
  const label = await page.evaluate(() => [document.getElementById("evalbar-text").textContent, document.getElementById("evalbar").getAttribute("aria-valuetext"), document.getElementById("evalbar").title]);
  check(/^#\d+$/.test(label[0]) && label[1] === label[0] && label[2] === label[0], `the bar's label, its words and its title: ${label}`);
  const text = await page.locator("#evalbar-text").boundingBox();
  check(text.x >= bar.x - 1 && text.x + text.width <= bar.x + bar.width + 1, `the label fits the bar: ${JSON.stringify(text)}`);

  // 7. a refused position: its reason where the verdict stands, no line's heading or buttons
  await d.load("4k3/8/8/8/8/8/8/P3K3 w - - 0 1");
  const verdict = await page.locator("#verdict").boundingBox();
  const reason = await page.locator("#error").boundingBox();
  check(reason && reason.y - (verdict.y + verdict.height) < 30 && (await page.textContent("#error")).length > 0, `the reason under the verdict: ${JSON.stringify(reason)}`);
  check(await page.isHidden("#line-title") && await page.isHidden("#line-controls"), "no line's heading or buttons");
  await page.close();

  // 8. a phone's tap-tap promotion opens the chooser and waits for a choice
  const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true, deviceScaleFactor: 2 });
  const tap = await phone.newPage();
  const t = driver(tap, base);
  const promote = "8/4P3/8/8/8/8/8/k1K5 w - - 0 1";
  await tap.goto(`${base}/?fen=${encodeURIComponent(promote)}`);
  await tap.waitForFunction(() => Number(document.body.dataset.ready || 0) > 0 && document.body.dataset.busy === "false");
  const e7 = await t.centre("e7");
  await tap.touchscreen.tap(e7.x, e7.y);
  const e8 = await t.centre("e8");
  await tap.touchscreen.tap(e8.x, e8.y);
  await tap.waitForTimeout(400);
  check(await tap.isVisible("#promotion") && (await t.fen()) === promote, `the chooser waits after a tap-tap: ${await t.fen()}`);
  const rook = await tap.locator('#promotion button[data-promotion="r"]').boundingBox();
  await t.settle(() => tap.touchscreen.tap(rook.x + rook.width / 2, rook.y + rook.height / 2));
  check((await t.fen()) === "4R3/8/8/8/8/8/8/k1K5 b - - 0 1", `a tap on the rook promotes to a rook: ${await t.fen()}`);
  await phone.close();
}

// Three tabs of kpk serve on positions beyond the tables: each analyses (kpk serve runs one
// analysis per tab, four by default), none is told the engine is busy.
export async function checkTabs(browser, base) {
  const context = await browser.newContext({ viewport: { width: 1366, height: 900 } });
  const fens = [
    "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1",
    "rnbqkbnr/pppppppp/8/8/3P4/8/PPP1PPPP/RNBQKBNR b KQkq - 0 1",
    "rnbqkbnr/pppppppp/8/8/2P5/8/PP1PPPPP/RNBQKBNR b KQkq - 0 1",
  ];
  const tabs = [];
  for (const fen of fens) {
    const tab = await context.newPage();
    await tab.goto(`${base}/?fen=${encodeURIComponent(fen)}`);
    tabs.push(tab);
  }
  for (const [i, tab] of tabs.entries()) {
    await tab.waitForFunction(() => Number(document.getElementById("engine-depth").dataset.depth || 0) >= 3, null, { timeout: 20000 })
      .catch(async () => check(false, `tab ${i + 1} does not analyse: ${await tab.textContent("#engine-note")}`));
    check((await tab.textContent("#engine-note")) === "", `tab ${i + 1}: ${await tab.textContent("#engine-note")}`);
  }
  await context.close();
}
