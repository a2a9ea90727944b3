// What the browser tests share: checks, the server's API, and driving the page.

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
