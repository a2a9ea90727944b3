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

export function driver(page, base) {
  const ready = () => page.evaluate(() => Number(document.body.dataset.ready || 0));
  // runs `action` and waits until the page shows the answer to a request made after it
  async function settle(action) {
    const before = await ready();
    await action();
    await page.waitForFunction((b) => Number(document.body.dataset.ready || 0) > b && document.body.dataset.busy === "false", before);
  }
  const fen = () => page.inputValue("#fen");
  const square = (name) => page.locator(`rect.sq[data-square="${name}"]`);
  const clickSquare = (name) => square(name).click();
  async function drag(from, to) {
    await page.locator("#board").scrollIntoViewIfNeeded();
    const a = await square(from).boundingBox();
    const b = await square(to).boundingBox();
    await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2);
    await page.mouse.down();
    await page.mouse.move(b.x + b.width / 2, b.y + b.height / 2, { steps: 5 });
    await page.mouse.up();
  }
  async function load(text) {
    await page.fill("#fen", text);
    await settle(() => page.click("#load"));
  }
  // the address's FEN, as lichess writes it (underscores for spaces), read back with spaces
  const urlFen = () => (new URL(page.url()).searchParams.get("fen") || "").replace(/_/g, " ");
  const boardOf = (f) => f.split(" ").slice(0, 2).join(" ");
  const men = () => page.$$eval("#board use.man", (us) => us.map((u) => u.dataset.man + u.dataset.square).sort().join(" "));
  return { ready, settle, fen, square, clickSquare, drag, load, urlFen, boardOf, men, base };
}
