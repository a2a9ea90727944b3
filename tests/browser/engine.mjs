// Any legal position playable, and the engine where no table holds it: a move played in a
// 4-man and in the 32-man position, the engine's depth growing, its line legal, the bar in the
// Score crate's bands; a capture into three men switches to the tables' exact answer; castling
// and en passant played; the engine stopped on request.
import { apiOf, check, driver, frame } from "./lib.mjs";

// The men of a FEN as chessground names them ("black king", "white pawn"), sorted.
function menOf(fen) {
  const roles = { k: "king", q: "queen", r: "rook", b: "bishop", n: "knight", p: "pawn" };
  return [...fen.split(" ")[0]].filter((c) => /[a-z]/i.test(c))
    .map((c) => `${c === c.toUpperCase() ? "white" : "black"} ${roles[c.toLowerCase()]}`).sort().join(" ");
}

// Waits until the engine shows a depth above `above`, and returns it.
async function depthAbove(page, above) {
  try {
    await page.waitForFunction((a) => Number(document.getElementById("engine-depth").dataset.depth || 0) > a, above, { timeout: 20000 });
  } catch {
    throw new Error(`no depth above ${above}: the engine says "${await page.textContent("#engine-note")}" at depth ${await page.getAttribute("#engine-depth", "data-depth")}`);
  }
  return Number(await page.getAttribute("#engine-depth", "data-depth"));
}

export async function checkEngine(page, base) {
  const api = apiOf(base);
  const d = driver(page, base);

  // four men, two pawns: e2-e4 is played, then the engine thinks deeper and deeper
  await d.load("4k3/8/8/8/8/8/3PP3/4K3 w - - 0 1");
  check((await page.textContent("#verdict")).startsWith("Beyond the tables"), `four men: ${await page.textContent("#verdict")}`);
  await d.settle(() => d.drag("e2", "e4"));
  check((await d.fen()) === "4k3/8/8/8/4P3/8/3P4/4K3 b - - 0 1", `e4 played: ${await d.fen()}`);
  check(await page.isVisible("#engine-box"), "the engine's box beyond the tables");
  const first = await depthAbove(page, 0);
  const later = await depthAbove(page, first);
  check(later > first, `the depth grows: ${first} then ${later}`);
  const bar = await page.$eval("#evalbar", (e) => e.dataset.band);
  check(["heuristic", "known", "mate"].includes(bar), `the bar shows a band: ${bar}`);

  // the 32 men, castling rights kept: 1. e4 by clicks, the engine answers for Black
  const start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
  await d.load(start);
  await d.clickSquare("e2");
  check((await d.marked("move-dest")).join() === "e3,e4", "the pawn's two targets are dotted");
  await d.settle(() => d.clickSquare("e4"));
  check((await d.fen()) === "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1", `1. e4: ${await d.fen()}`);
  const deep = await depthAbove(page, 3);
  const pv = await page.textContent("#engine-pv li button");
  check(pv.startsWith("1... "), `the engine's line is Black's, numbered: ${pv}`);
  const score = await page.textContent("#engine-score");
  check(/^[+-]?\d+\.\d$|^0\.0$/.test(score), `a heuristic score in pawns, not a huge number: ${score}`);
  // the engine stops on request, and says where
  await page.click("#engine-stop");
  await page.waitForFunction(() => document.getElementById("engine-note").textContent.startsWith("stopped at depth"));
  const stoppedAt = Number(await page.getAttribute("#engine-depth", "data-depth"));
  await page.waitForTimeout(1500);
  check(Number(await page.getAttribute("#engine-depth", "data-depth")) === stoppedAt && stoppedAt >= deep, "stopped: the depth stays");
  // Go starts it again, from the first depth
  check((await page.textContent("#engine-stop")) === "Go", `the button says Go: ${await page.textContent("#engine-stop")}`);
  await page.click("#engine-stop");
  check((await page.textContent("#engine-stop")) === "Stop", "thinking again: Stop");
  const again = await depthAbove(page, 2);
  check(again > 2, `Go restarts the engine: depth ${again}`);
  // three lines per depth, each with its own first move, each move a button
  await page.selectOption("#engine-lines", "3");
  // read in one go while three lines are shown (a new depth shows its best line first, alone)
  const shown = await page.waitForFunction(() => {
    const lines = [...document.querySelectorAll("#engine-pv li")];
    const deep = Number(document.getElementById("engine-depth").dataset.depth) >= 3;
    return lines.length === 3 && deep ? lines.map((l) => l.querySelector("button")?.dataset.uci) : null;
  }, null, { timeout: 20000 });
  const firsts = await shown.jsonValue();
  check(new Set(firsts).size === 3, `three lines, three first moves: ${firsts}`);
  // stopped, the lines stay; hovering a move shows the position after it, leaving brings the
  // current one back
  await page.click("#engine-stop");
  await page.waitForFunction(() => document.getElementById("engine-stop").textContent === "Go");
  check((await page.$$("#engine-pv li")).length === 3, "the stopped engine keeps its three lines");
  const before = await d.men();
  const second = page.locator("#engine-pv li >> nth=1").locator("button >> nth=1");
  const line2 = await page.$$eval("#engine-pv li:nth-child(2) button", (bs) => bs.slice(0, 2).map((b) => b.textContent.replace(/^\d+\.(\.\.)? /, "")));
  // the position after the hovered move, in a small board beside it (as lichess shows it); the
  // board keeps the position it stands on
  await second.hover();
  await frame(page);
  const hovered = menOf(await second.getAttribute("data-fen"));
  const preview = await page.$$eval("#preview cg-board piece", (ps) => ps.map((p) => p.className).sort().join(" "));
  check(await page.isVisible("#preview") && preview === hovered, `the hovered move's position beside it: ${preview} against ${hovered}`);
  check((await d.men()) === before, "the board keeps its position while a move is hovered");
  await page.mouse.move(0, 0);
  check(await page.isHidden("#preview") && (await d.men()) === before, "leaving the move hides its position");
  // a click plays the line to that move
  const fenBefore = await d.fen();
  await d.settle(() => second.click());
  const played = await page.$$eval("#history button.node", (bs) => bs.map((b) => b.textContent.replace(/^\d+\.(\.\.)? /, "")));
  check((await d.fen()) !== fenBefore, `the line played to its second move: ${await d.fen()}`);
  check(played.slice(-2).join(" ") === line2.join(" "), `the line's two moves played: ${played.slice(-2)} against ${line2}`);
  // back to 1. e4, one line again
  await d.settle(() => page.click("#back"));
  await d.settle(() => page.click("#back"));
  check((await d.fen()) === fenBefore, `back at 1. e4: ${await d.fen()}`);
  await page.selectOption("#engine-lines", "1");

  // castling short after 1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5: the rook follows the king
  for (const [from, to] of [["e7", "e5"], ["g1", "f3"], ["b8", "c6"], ["f1", "c4"], ["f8", "c5"], ["e1", "g1"]]) {
    await d.settle(() => d.drag(from, to));
  }
  check((await d.fen()) === "r1bqk1nr/pppp1ppp/2n5/2b1p3/2B1P3/5N2/PPPP1PPP/RNBQ1RK1 b kq - 5 4", `O-O: ${await d.fen()}`);

  // en passant into three men: exd6 takes the pawn on d5, and the tables answer exactly
  await d.load("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2");
  await d.settle(() => d.drag("e5", "d6"));
  const kpk = "4k3/8/3P4/8/8/8/8/4K3 b - - 0 2";
  check((await d.fen()) === kpk, `exd6 e.p.: ${await d.fen()}`);
  const exact = (await api("/standard", kpk)).body;
  check((await page.$eval("#verdict", (e) => e.dataset.category)) === exact.category, "the tables' verdict after the capture");
  check(await page.isHidden("#engine-box"), "no engine where the tables answer");

  // a capture from four men into three: Kxd4, and the exact answer with its mate count
  const four = "4k3/8/8/8/3p4/4K3/4P3/8 w - - 0 1";
  await d.load(four);
  // the capture's exact answer already decides the four-man position, as lila-tablebase says
  check((await page.$eval("#verdict", (e) => e.dataset.category)) === (await api("/standard", four)).body.category, "four men: the server's verdict");
  await d.settle(() => d.drag("e3", "d4"));
  const after = "4k3/8/8/8/3K4/8/4P3/8 b - - 0 1";
  const tables = (await api("/standard", after)).body;
  check((await d.fen()) === after && tables.category === "loss", `Kxd4: ${await d.fen()} ${tables.category}`);
  check((await page.textContent("#verdict")).startsWith("Black to move loses: mated in"), `the exact verdict: ${await page.textContent("#verdict")}`);
  check((await page.$eval("#evalbar", (e) => e.dataset.band)) === "mate", "the bar in the mate band");
  check((await page.textContent("#evalbar-text")) === "#" + Math.ceil(-tables.dtm / 2), `the bar's mate: ${await page.textContent("#evalbar-text")}`);
  check(await page.isHidden("#engine-box"), "the engine gives way to the tables");
}
