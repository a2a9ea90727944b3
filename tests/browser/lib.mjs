// What the browser tests share: checks, the server's API, Chromium, and driving the page.
import { chromium } from "playwright-core";

// Debian's Chromium, headless, with nothing reaching beyond this machine.
export function launch() {
  return chromium.launch({
    executablePath: process.env.CHROMIUM || "/usr/bin/chromium",
    args: [
      "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
      "--disable-background-networking", "--disable-component-update", "--disable-sync",
    ],
  });
}

// `count` FENs of at most three men drawn from `seed` (two kings and one man of any kind and
// colour, either side to move; legal or not). Self-contained, so that a page can run it:
// page.evaluate(randomFens, [count, seed]).
export function randomFens([count, seed]) {
  let s = seed >>> 0;
  const rnd = (n) => ((s = (s * 1103515245 + 12345) >>> 0) >>> 8) % n;
  const out = [];
  while (out.length < count) {
    const squares = new Set();
    while (squares.size < 3) squares.add(rnd(64));
    const [wk, bk, p] = [...squares];
    const board = Array(64).fill("1");
    board[wk] = "K";
    board[bk] = "k";
    board[p] = "PNBRQpnbrq"[rnd(10)];
    const rows = [];
    for (let r = 7; r >= 0; r--) rows.push(board.slice(r * 8, r * 8 + 8).join("").replace(/1+/g, (x) => x.length));
    out.push(`${rows.join("/")} ${rnd(2) ? "w" : "b"} - - 0 1`);
  }
  return out;
}

// The first verdict after navigation to `base`'s page on a KPK position, in milliseconds: the
// time the verdict's heading first names the side to move, in a fresh browser context (nothing
// cached, no service worker yet).
export async function firstVerdictMs(browser, base) {
  const context = await browser.newContext();
  await context.addInitScript(() => {
    new MutationObserver(() => {
      const v = document.getElementById("verdict");
      if (v && !window.verdictMs && /^(White|Black) to move/.test(v.textContent)) window.verdictMs = performance.now();
    }).observe(document, { subtree: true, childList: true, characterData: true });
  });
  const p = await context.newPage();
  await p.goto(`${base}/?fen=${encodeURIComponent("8/8/8/4k3/8/8/4P3/4K3 w - - 0 1")}`);
  await p.waitForFunction(() => window.verdictMs && document.body.dataset.ready);
  const ms = await p.evaluate(() => window.verdictMs);
  await context.close();
  return ms;
}

// The median of five first verdicts (`firstVerdictMs`) and the five, rounded.
export async function firstVerdicts(browser, base) {
  const all = [];
  for (let i = 0; i < 5; i++) all.push(Math.round(await firstVerdictMs(browser, base)));
  return { median_ms: [...all].sort((a, b) => a - b)[2], all_ms: all };
}

export function check(condition, message) {
  if (!condition) throw new Error(message);
}

// The server's answer to `path?fen=`.
export function apiOf(base) {
  return async (path, fen) => {
    const response = await fetch(base + path + "?fen=" + encodeURIComponent(fen));
    return { status: response.status, body: await response.json() };
  };
}

// Waits for the browser's next two frames: chessground draws what it is told on the next one.
export function frame(page) {
  return page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(() => done()))));
}

// The men on chessground's board as FEN and the square name write them (`Ke1`, `pd7`), sorted:
// its pieces' classes are colour and role, their square chessground's `cgKey` (the ghost of a
// dragged man and a captured one fading out left aside).
export async function menOnBoard(page) {
  await frame(page);
  return page.$$eval("#board cg-board piece:not(.ghost):not(.fading)", (ps) => {
    const letters = { king: "k", queen: "q", rook: "r", bishop: "b", knight: "n", pawn: "p" };
    return ps.map((p) => {
      const letter = letters[[...p.classList].find((c) => c in letters)];
      return (p.classList.contains("white") ? letter.toUpperCase() : letter) + p.cgKey;
    }).sort();
  });
}

export function driver(page, base) {
  const ready = () => page.evaluate(() => Number(document.body.dataset.ready || 0));
  // runs `action` and waits until the page shows the answer to a request made after it
  async function settle(action) {
    const before = await ready();
    await action();
    try {
      await page.waitForFunction((b) => Number(document.body.dataset.ready || 0) > b && document.body.dataset.busy === "false", before);
    } catch (e) {
      const now = await page.evaluate(() => [document.body.dataset.ready, document.body.dataset.busy, document.getElementById("fen").value, document.getElementById("error").textContent]);
      throw new Error(`${e.message} (ready ${before} then ${now.join(" | ")})`);
    }
  }
  const fen = () => page.inputValue("#fen");
  // chessground's board: a square's centre on the screen, from the board's box and its
  // orientation (chessground adds orientation-white or orientation-black to #board)
  async function centre(name) {
    await page.locator("#board").scrollIntoViewIfNeeded();
    // a scroll reaches chessground (which keeps the board's place) with the next frame's scroll
    // event: a click before it would land where the board stood
    await frame(page);
    const box = await page.locator("#board cg-board").boundingBox();
    const black = await page.$eval("#board", (b) => b.classList.contains("orientation-black"));
    const file = name.charCodeAt(0) - 97;
    const rank = Number(name[1]) - 1;
    const size = box.width / 8;
    const col = black ? 7 - file : file;
    const row = black ? rank : 7 - rank;
    return { x: box.x + (col + 0.5) * size, y: box.y + (row + 0.5) * size, size, col, row };
  }
  async function clickSquare(name) {
    const c = await centre(name);
    await page.mouse.click(c.x, c.y);
  }
  async function drag(from, to) {
    const a = await centre(from);
    const b = await centre(to);
    await page.mouse.move(a.x, a.y);
    await page.mouse.down();
    await page.mouse.move(b.x, b.y, { steps: 8 });
    await page.mouse.up();
  }
  // the squares chessground marks with `cls` (last-move, check, move-dest, selected, or a
  // class of the page's layers: map-win, key, pawn-square, mated, cursor)
  const marked = async (cls) => (await frame(page)) || page.$$eval("#board cg-board square", (ss, c) => ss
    .filter((s) => s.classList.contains(c) && s.style.display !== "none").map((s) => s.cgKey).sort(), cls);
  async function load(text) {
    await page.fill("#fen", text);
    await settle(() => page.click("#load"));
  }
  // the address's FEN, as lichess writes it (underscores for spaces), read back with spaces
  const urlFen = () => (new URL(page.url()).searchParams.get("fen") || "").replace(/_/g, " ");
  const boardOf = (f) => f.split(" ").slice(0, 2).join(" ");
  const men = () => menOnBoard(page).then((ms) => ms.join(" "));
  return { ready, settle, fen, centre, clickSquare, drag, marked, load, urlFen, boardOf, men, base };
}
