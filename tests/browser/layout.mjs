// The desktop layout as a lichess user expects it, at 1366x900: the board takes at least 70% of
// the viewport's height, the evaluation bar stands upright beside it, the analysis to its right;
// in a KPK position the verdict, the why, the plan and (after a move) the coach's line are all
// above the fold.
import { check, driver } from "./lib.mjs";

export async function checkLayout(browser, base) {
  const page = await browser.newPage({ viewport: { width: 1366, height: 900 } });
  try {
    const d = driver(page, base);
    await page.goto(base + "/?fen=" + encodeURIComponent("8/8/4k3/8/8/3KP3/8/8 w - - 0 1"));
    await page.waitForFunction(() => Number(document.body.dataset.ready || 0) > 0 && document.body.dataset.busy === "false");
    const box = (id) => page.evaluate((i) => {
      const r = document.getElementById(i).getBoundingClientRect();
      return { x: r.x, y: r.y, w: r.width, h: r.height, bottom: r.bottom, right: r.right };
    }, id);
    const board = await box("board");
    check(board.h >= 0.7 * 900, `the board is ${Math.round(board.h)} px high, under 70% of 900`);
    const bar = await box("evalbar");
    check(bar.h > 5 * bar.w && bar.right <= board.x + 1 && bar.y >= board.y - 1, `the bar stands beside the board: ${JSON.stringify(bar)}`);
    const verdict = await box("verdict");
    check(verdict.x >= board.right, "the analysis is to the board's right");
    await d.settle(() => page.click("#plan-move"));
    for (const id of ["verdict", "why", "plan-box", "coach"]) {
      const b = await box(id);
      check(b.h > 0 && b.bottom <= 900, `${id} above the fold: ${JSON.stringify(b)}`);
    }
    check((await page.textContent("#coach")).length > 0, "the coach speaks after the plan's move");
    // the map is a toggle, off by default
    check(!(await page.isChecked("#show-map")) && (await page.$$("rect.map")).length === 0, "the map off by default");
  } finally {
    await page.close();
  }
}

// The distance badges coloured by the move's result (green for a win, red for a loss), in the
// first paint as in the script.
export async function checkBadgeColours(page, base) {
  await page.goto(base + "/?fen=" + encodeURIComponent("4k3/8/4K3/4P3/8/8/8/8 b - - 0 1"));
  await page.waitForFunction(() => Number(document.body.dataset.ready || 0) > 0 && document.body.dataset.busy === "false");
  const colour = (sel) => page.$eval(sel, (e) => getComputedStyle(e).backgroundColor);
  // Black to move loses: every move loses, its distance badges red
  const loss = await colour("#moves .loss-word ~ .badge.dtm");
  await page.goto(base + "/?fen=" + encodeURIComponent("4k3/8/4K3/4P3/8/8/8/8 w - - 0 1"));
  await page.waitForFunction(() => Number(document.body.dataset.ready || 0) > 0 && document.body.dataset.busy === "false");
  const win = await colour("#moves .win-word ~ .badge.dtm");
  const grey = "rgb(226, 232, 240)"; // .badge's own colour
  if (!(win !== loss && win !== grey && loss !== grey)) throw new Error(`badge colours: win ${win}, loss ${loss}, other ${grey}`);
}
