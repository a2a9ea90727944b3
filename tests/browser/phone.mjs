// Phone first: at 390x844 the board and the verdict above the fold, touch targets of 44 pixels,
// coordinates readable at 320 pixels; dark mode from the system's preference, without a
// serious or critical accessibility violation either.
import { check } from "./lib.mjs";
import { violations } from "./a11y.mjs";

export async function checkPhone(browser, base, shots) {
  const phone = await browser.newContext({
    viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true, bypassCSP: true,
  });
  const page = await phone.newPage();
  const ready = () => page.waitForFunction(() => document.body.dataset.busy === "false" && Number(document.body.dataset.ready || 0) > 0);
  await page.goto(base + "/?fen=" + encodeURIComponent("8/8/4k3/8/8/3KP3/8/8 w - - 0 1"));
  await ready();
  const bottom = async (sel) => {
    const b = await page.locator(sel).boundingBox();
    return b.y + b.height;
  };
  check((await bottom("#board")) <= 844, `the board above the fold: ${await bottom("#board")}`);
  check((await bottom("#verdict")) <= 844, `the verdict above the fold: ${await bottom("#verdict")}`);
  check((await bottom("#evalbar")) <= 844, "the evaluation too");
  await page.waitForTimeout(600); // chessground's animation and the bar's slide end
  await page.screenshot({ path: shots + "/kpk-explorer-phone.png" });
  // every control a finger uses is at least 44 pixels high
  for (const sel of ["#nav button", "#moves li button", "#plan-move", "#move-form button", "#fen-form button"]) {
    const heights = await page.$$eval(sel, (bs) => bs.filter((b) => b.offsetParent !== null).map((b) => b.getBoundingClientRect().height));
    check(heights.length > 0 && heights.every((h) => h >= 44), `${sel}: heights ${heights}`);
  }
  // coordinates readable on the narrowest phones
  await page.setViewportSize({ width: 320, height: 700 });
  const coord = await page.$eval("#board coords coord", (t) => t.getBoundingClientRect().height);
  check(coord >= 9, `coordinates ${coord.toFixed(1)} px high at 320 px`);
  await phone.close();

  // dark mode: the page follows the system, and stays readable
  const dark = await browser.newContext({ viewport: { width: 1000, height: 860 }, colorScheme: "dark", bypassCSP: true });
  const night = await dark.newPage();
  await night.goto(base + "/?fen=" + encodeURIComponent("8/8/4k3/8/8/3KP3/8/8 w - - 0 1"));
  await night.waitForFunction(() => document.body.dataset.busy === "false" && Number(document.body.dataset.ready || 0) > 0);
  const background = await night.evaluate(() => getComputedStyle(document.body).backgroundColor);
  check(background === "rgb(22, 21, 18)", `dark mode: ${background}`);
  const found = await violations(night);
  check(found.length === 0, `dark mode accessibility:\n${found.join("\n")}`);
  // a disabled button reads as one: its text and background apart from an enabled one's
  const look = (sel) => night.$eval(sel, (b) => { const s = getComputedStyle(b); return s.color + " " + s.backgroundColor; });
  check(await night.isDisabled("#takeback") && !(await night.isDisabled("#flip")), "Take back disabled, Flip not");
  const [off, on] = [await look("#takeback"), await look("#flip")];
  check(off.split(" rgb")[0] !== on.split(" rgb")[0] && off.split(" rgb")[1] !== on.split(" rgb")[1], `dark mode's disabled button looks enabled: ${off} against ${on}`);
  await night.waitForTimeout(600);
  await night.screenshot({ path: shots + "/kpk-explorer-dark.png" });
  await dark.close();
}
