// Every kind of move played on chessground's board, by drag and by click, each checked against
// the FEN the answers give after it: a quiet move and a capture, castling both ways (the king's
// two-square step, and the king dropped on his rook), en passant, and every promotion of either
// colour on either side of the board, the chooser over the promotion square with the queen on it
// and the others toward the centre; Escape and a click beside it cancel; the click of the tap
// that opened it does not choose. Run on kpk serve (explorer.mjs) and the static site (static.mjs).
import { check, driver } from "./lib.mjs";

export async function checkMoveKinds(page, base) {
  const d = driver(page, base);
  // plays `from`-`to` by drag or by click on the position `fen`, expects the FEN after
  async function play(fen, how, from, to, after) {
    await d.load(fen);
    if (how === "drag") await d.settle(() => d.drag(from, to));
    else {
      await d.clickSquare(from);
      await d.settle(() => d.clickSquare(to));
    }
    check((await d.fen()) === after, `${how} ${from}-${to} on ${fen}: ${await d.fen()}, expected ${after}`);
    const last = (await d.marked("last-move")).join();
    check(last.length === 5, `the last move marked: ${last}`);
  }
  const castles = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1";
  await play(castles, "drag", "e1", "g1", "r3k2r/8/8/8/8/8/8/R4RK1 b kq - 1 1");
  await play(castles, "click", "e1", "c1", "r3k2r/8/8/8/8/8/8/2KR3R b kq - 1 1");
  await play(castles, "drag", "e1", "h1", "r3k2r/8/8/8/8/8/8/R4RK1 b kq - 1 1");
  await play(castles, "click", "e1", "a1", "r3k2r/8/8/8/8/8/8/2KR3R b kq - 1 1");
  const black = "r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1";
  await play(black, "drag", "e8", "g8", "r4rk1/8/8/8/8/8/8/R3K2R w KQ - 1 2");
  await play(black, "click", "e8", "a8", "2kr3r/8/8/8/8/8/8/R3K2R w KQ - 1 2");
  // en passant, by drag and by click; a capture; a quiet move
  const ep = "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2";
  await play(ep, "drag", "e5", "d6", "4k3/8/3P4/8/8/8/8/4K3 b - - 0 2");
  await play(ep, "click", "e5", "d6", "4k3/8/3P4/8/8/8/8/4K3 b - - 0 2");
  await play("4k3/8/8/8/8/8/3p4/4K3 w - - 0 1", "drag", "e1", "d2", "4k3/8/8/8/8/8/3K4/8 b - - 0 1");
  await play("4k3/8/8/8/8/8/3p4/4K3 w - - 0 1", "click", "e1", "f1", "4k3/8/8/8/8/8/3p4/5K2 b - - 1 1");

  // promotions: White at the top, Black at the bottom, and White on a turned board
  const promotions = [
    ["8/4P3/8/8/8/8/8/k1K5 w - - 0 1", "e7", "e8", "4{}3/8/8/8/8/8/8/k1K5 b - - 0 1", false],
    ["4K3/8/2k5/8/8/8/4p3/8 b - - 0 1", "e2", "e1", "4K3/8/2k5/8/8/8/8/4{}3 w - - 0 2", false],
    ["1r6/P7/8/8/8/8/8/k1K5 w - - 0 1", "a7", "b8", "1{}6/8/8/8/8/8/8/k1K5 b - - 0 1", true],
  ];
  for (const [fen, from, to, after, flip] of promotions) {
    for (const [k, piece] of ["q", "n", "r", "b"].entries()) {
      await d.load(fen);
      if (flip) await page.click("#flip");
      if (k % 2) await d.drag(from, to);
      else {
        await d.clickSquare(from);
        await d.clickSquare(to);
      }
      await page.waitForSelector("#promotion:not([hidden])");
      // the chooser's column: the queen on the promotion square, the others toward the centre
      const square = await d.centre(to);
      const column = [];
      for (const p of ["q", "n", "r", "b"]) {
        const b = await page.locator(`#promotion button[data-promotion="${p}"]`).boundingBox();
        column.push(Math.round((b.y + b.height / 2 - square.y) / square.size));
        check(Math.abs(b.x + b.width / 2 - square.x) < 2 && Math.abs(b.width - square.size) < 2, `the chooser over ${to}: ${JSON.stringify(b)} against the square ${JSON.stringify(square)}`);
      }
      const down = square.y < (await page.locator("#board cg-board").boundingBox()).y + 4 * square.size;
      const expected = down ? "0,1,2,3" : "0,-1,-2,-3";
      check(column.join() === expected, `the chooser's order from ${to} (${flip ? "turned" : "upright"}): ${column}, expected ${expected}`);
      const letter = fen.split(" ")[1] === "w" ? piece.toUpperCase() : piece;
      await d.settle(() => page.click(`#promotion button[data-promotion="${piece}"]`));
      check((await d.fen()) === after.replace("{}", letter), `promoted to ${piece}: ${await d.fen()}`);
      check(await page.isHidden("#promotion"), "the chooser closes");
    }
  }

  // the click that opened the chooser does not choose, Escape cancels, and so does a click beside
  const promote = "8/4P3/8/8/8/8/8/k1K5 w - - 0 1";
  await d.load(promote);
  await d.clickSquare("e7");
  await d.clickSquare("e8");
  await page.waitForTimeout(300);
  check(await page.isVisible("#promotion") && (await d.fen()) === promote, "the chooser waits for a choice after a tap-tap");
  await page.keyboard.press("Escape");
  check(await page.isHidden("#promotion") && (await d.fen()) === promote, "Escape cancels the promotion");
  check((await d.men()) === "Kc1 Pe7 ka1", `the pawn is back on e7: ${await d.men()}`);
  await d.drag("e7", "e8");
  await page.waitForSelector("#promotion:not([hidden])");
  await d.clickSquare("a4");
  check(await page.isHidden("#promotion") && (await d.fen()) === promote, "a click beside the chooser cancels");
  check((await d.men()) === "Kc1 Pe7 ka1", `the pawn is back on e7: ${await d.men()}`);
}
