// The first paint (page.rs renders it into the HTML, for readers without JavaScript) equals
// what the script draws (panel.ts): for each position, the page is loaded once with JavaScript
// off and once with it on, and both must show the same verdict, the same moves (SAN and
// outcome, in the same order), the same headings, and the same error, FEN box, board label and
// optimal line. (The board itself is chessground's, drawn by the script alone, as on lichess.)
//   node firstpaint.mjs http://127.0.0.1:PORT        (or run by explorer.mjs)
// Any difference fails the test, each printed with both texts.
import { chromium } from "playwright-core";
import { pathToFileURL } from "node:url";

// The positions: [name, FEN (null: none in the address), flipped].
export const CASES = [
  ["KPK win", "4k3/8/4K3/4P3/8/8/8/8 w - - 0 1"],
  ["KPK loss", "4k3/8/4K3/4P3/8/8/8/8 b - - 0 1"],
  ["KPK draw", "8/8/8/8/3k4/8/3KP3/8 w - - 0 1"],
  ["stalemate", "k7/P7/1K6/8/8/8/8/8 b - - 0 1"],
  ["KQK mate in 2", "k7/8/1K6/8/8/8/7Q/8 w - - 0 1"],
  // DTZ 31 with 60 plies on the clock: still a win (91 <= 100); at 80 a cursed win
  ["KRK win, 60 plies on the clock", "8/8/8/8/8/2k5/1R6/K7 w - - 60 1"],
  ["KRK cursed win", "8/8/8/8/8/2k5/1R6/K7 w - - 80 90"],
  ["KRK blessed loss", "8/8/8/8/8/2k5/1R6/K7 b - - 80 90"],
  ["insufficient material", "4N3/8/8/8/8/8/8/k1K5 b - - 0 1"],
  ["four men", "8/8/8/8/8/2k5/6p1/K6Q b - - 0 1"],
  ["beyond the tables", "4k3/8/8/8/8/8/3PP3/4K3 w - - 0 1"],
  ["start position", null],
  ["checkmated", "1R4k1/8/6K1/8/8/8/8/8 b - - 0 1"],
  ["flipped", "8/8/4k3/8/8/3KP3/8/8 w - - 0 1", true],
  ["refused position", "4k3/8/8/8/8/8/8/8 w - - 0 1"],
  ["not a FEN", "hello"],
];

// What the page shows where the first paint and the script should agree (run in the page).
function shown() {
  const visible = (e) => !!e && e.checkVisibility();
  const text = (e) => (e ? e.textContent.replace(/\s+/g, " ").trim() : "");
  // a move's outcome: its words, without its SAN and its badges
  const outcome = (li) => {
    const copy = li.cloneNode(true);
    for (const e of copy.querySelectorAll("strong, .badge")) e.remove();
    return text(copy);
  };
  const items = [...document.querySelectorAll("#moves > li")].filter(visible);
  const board = document.getElementById("board");
  return {
    verdict: text(document.getElementById("verdict")),
    moves: items.filter((li) => !li.classList.contains("group")).map((li) => `${text(li.querySelector("strong"))} ${outcome(li)}`),
    groups: items.filter((li) => li.classList.contains("group")).map(text),
    badges: items.filter((li) => li.querySelector(".badge")).map((li) =>
      text(li.querySelector("strong")) + ": " + [...li.querySelectorAll(".badge")].map(text).join(", ")),
    // the parts only the script can fill (marked js-only: the moves played, the engine) are
    // not compared; without the script they are not shown
    headings: [...document.querySelectorAll("h1, h2, h3")].filter((h) => visible(h) && h.id !== "verdict" && !h.closest(".js-only"))
      .map(text),
    "optimal line": [...document.querySelectorAll("#line > li"), document.getElementById("line-note")].filter(visible).map(text).filter((t) => t),
    "board label": board.getAttribute("aria-label"),
    "FEN box": document.getElementById("fen").value,
    // for KPK, why: the reason, the proof's line and the key squares
    why: [document.getElementById("why"), ...document.querySelectorAll("#proof > li"), document.getElementById("squares-note")]
      .filter(visible).map(text).filter((t) => t),
    error: text(document.getElementById("error")),
  };
}

const show = (v) => (Array.isArray(v) ? (v.length ? v.join(" | ") : "(none)") : JSON.stringify(v));

// Loads every case with and without the script; returns the differences, each
// { name, aspect, plain, script }.
export async function firstPaintDifferences(browser, base) {
  const plain = await browser.newContext({ javaScriptEnabled: false });
  const live = await browser.newContext();
  const still = await plain.newPage();
  const page = await live.newPage();
  const differences = [];
  try {
    for (const [name, fen, flip] of CASES) {
      const url = base + "/" + (fen === null ? "" : "?fen=" + encodeURIComponent(fen)) + (flip ? "&flip=1" : "");
      await still.goto(url);
      await page.goto(url);
      await page.waitForFunction(() => Number(document.body.dataset.ready || 0) > 0 && document.body.dataset.busy === "false");
      const a = await still.evaluate(shown);
      const b = await page.evaluate(shown);
      for (const aspect of Object.keys(a)) {
        if (show(a[aspect]) !== show(b[aspect])) differences.push({ name, aspect, plain: a[aspect], script: b[aspect] });
      }
    }
  } finally {
    await plain.close();
    await live.close();
  }
  return differences;
}

// The check: no difference at all.
export async function checkFirstPaint(browser, base) {
  const differences = await firstPaintDifferences(browser, base);
  for (const d of differences) {
    console.log(`first paint differs: ${d.name}, ${d.aspect}:\n  first paint: ${show(d.plain)}\n  script:      ${show(d.script)}`);
  }
  console.log(`first paint: ${CASES.length} positions, ${differences.length} differences`);
  if (differences.length) {
    throw new Error(`the first paint differs from the script: ${differences.map((d) => d.name + ": " + d.aspect).join("; ")}`);
  }
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  const base = process.argv[2];
  if (!base) {
    console.error("usage: node firstpaint.mjs http://127.0.0.1:PORT");
    process.exit(2);
  }
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM || "/usr/bin/chromium", args: ["--no-sandbox", "--disable-gpu"] });
  try {
    await checkFirstPaint(browser, base);
    console.log("first paint test passed");
  } catch (e) {
    console.error(`first paint test failed: ${e.message}`);
    process.exitCode = 1;
  } finally {
    await browser.close();
  }
}
