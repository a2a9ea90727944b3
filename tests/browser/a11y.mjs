// An automated accessibility check of the page (axe-core from the npm registry): no serious or
// critical violation on the start page, a KPK position, a 4-man position and the editor.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { check } from "./lib.mjs";

const require = createRequire(import.meta.url);
const AXE = readFileSync(require.resolve("axe-core/axe.min.js"), "utf8");

// The serious and critical violations on the page as it stands, as "rule: target" lines.
export async function violations(page) {
  await page.addScriptTag({ content: AXE });
  const result = await page.evaluate(async () => {
    // eslint-disable-next-line no-undef
    const r = await axe.run(document, { resultTypes: ["violations"] });
    return r.violations
      .filter((v) => v.impact === "serious" || v.impact === "critical")
      .flatMap((v) => v.nodes.map((n) => `${v.id} (${v.impact}): ${n.target.join(" ")}: ${n.failureSummary.split("\n")[1] || ""}`));
  });
  return result;
}

// Each page in a context that lets the check's script in (the server's policy admits only its
// own scripts).
export async function checkAccessibility(browser, base) {
  const context = await browser.newContext({ bypassCSP: true, viewport: { width: 1000, height: 860 } });
  const page = await context.newPage();
  const ready = () => page.waitForFunction(() => document.body.dataset.busy === "false" && Number(document.body.dataset.ready || 0) > 0);
  const pages = [
    ["the start page", "/"],
    ["a KPK position", "/?fen=" + encodeURIComponent("8/8/4k3/8/8/3KP3/8/8 w - - 0 1")],
    ["a 4-man position", "/?fen=" + encodeURIComponent("4k3/8/8/8/8/8/3PP3/4K3 w - - 0 1")],
    ["the editor", "/"],
  ];
  const found = [];
  for (const [name, path] of pages) {
    await page.goto(base + path);
    await ready();
    if (name === "the editor") await page.click("#edit");
    for (const v of await violations(page)) found.push(`${name}: ${v}`);
  }
  await context.close();
  check(found.length === 0, `accessibility violations:\n${found.join("\n")}`);
}

// The board by keyboard and screen reader: it takes the focus, names its men, walks its squares
// with the arrows (each announced), plays with Enter; a move can be typed; the focus stays where
// the user acted; ? lists the shortcuts.
export async function checkKeyboard(page, base) {
  const { driver } = await import("./lib.mjs");
  const d = driver(page, base);
  const kpk = "4k3/8/4K3/4P3/8/8/8/8 w - - 0 1";
  await d.load(kpk);
  const label = await page.getAttribute("#board", "aria-label");
  check(label === "chess board. White: king e6, pawn e5. Black: king e8. White to move.", `the board names its men: ${label}`);
  // Shift+Tab from the move field reaches the board; the arrows walk from e1
  await page.focus("#move-input");
  await page.keyboard.press("Shift+Tab");
  check(await page.evaluate(() => document.activeElement.id) === "board", "the board takes the focus with Tab");
  const said = () => page.textContent("#square-said");
  for (let i = 0; i < 5; i++) await page.keyboard.press("ArrowUp");
  check((await said()) === "e6, white king", `the square announces its man: ${await said()}`);
  await page.keyboard.press("ArrowLeft");
  check((await said()) === "d6, empty", `an empty square: ${await said()}`);
  // pick the king up on e6 and put him on d6 with Enter
  await page.keyboard.press("ArrowRight");
  await page.keyboard.press("Enter");
  await page.keyboard.press("ArrowLeft");
  await d.settle(() => page.keyboard.press("Enter"));
  check((await d.fen()) === "4k3/8/3K4/4P3/8/8/8/8 b - - 1 1", `Kd6 by keyboard: ${await d.fen()}`);
  // a typed move: SAN, then UCI; a wrong one is named
  await page.fill("#move-input", "Kd9");
  await page.press("#move-input", "Enter");
  check((await page.textContent("#move-error")) === "Kd9 is not a legal move here", `a typed mistake: ${await page.textContent("#move-error")}`);
  await page.fill("#move-input", "Kd8");
  await d.settle(() => page.press("#move-input", "Enter"));
  check((await d.fen()).startsWith("3k4/8/3K4/4P3/8/8/8/8 w"), `Kd8 typed: ${await d.fen()}`);
  check(await page.evaluate(() => document.activeElement.id) === "move-input", "the focus stays in the field");
  await page.fill("#move-input", "e5e6");
  await d.settle(() => page.press("#move-input", "Enter"));
  check((await d.fen()).startsWith("3k4/8/3KP3/8/8/8/8/8 b"), `e5e6 typed: ${await d.fen()}`);
  // Enter on a move of the list: the focus stays in the list
  await page.focus("#moves button");
  await d.settle(() => page.keyboard.press("Enter"));
  const inList = await page.evaluate(() => document.activeElement.closest("#moves") !== null || document.activeElement.id === "moves-title");
  check(inList, `after Enter on a move the focus stays with the list: ${await page.evaluate(() => document.activeElement.outerHTML.slice(0, 60))}`);
  // ? lists the shortcuts, Escape closes the list
  await page.focus("#history");
  await page.keyboard.press("?");
  check(await page.isVisible("#shortcuts"), "? opens the shortcuts");
  check((await page.textContent("#shortcuts")).includes("flip the board"), "they name F");
  await page.keyboard.press("Escape");
  check(await page.isHidden("#shortcuts"), "Escape closes them");
}
