// The board: edit mode, the verdict and the map, playing moves by click and by drag, the legal
// targets and the last move, taking back, a variation, and the address bar.
import { apiOf, check, driver } from "./lib.mjs";

export async function checkBoard(page, base) {
  const api = apiOf(base);
  const d = driver(page, base);
  check((await d.fen()) === "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1", "the page starts from its KPK position");
  check(d.urlFen() === "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1", `the address bar carries the position: ${page.url()}`);

  // the board is chessground, lichess's own, with its cburnett men (from its style sheet), on
  // the board and in the palette
  check((await page.$$("#board.cg-wrap cg-container cg-board")).length === 1, "chessground draws the board");
  check((await d.men()) === "Ke1 Pe2 ke8", `the men on the board: ${await d.men()}`);
  const image = await page.$eval("#board cg-board piece.white.king", (p) => getComputedStyle(p).backgroundImage);
  check(image.startsWith('url("data:image/svg+xml;base64,'), `the king drawn by cburnett's image: ${image.slice(0, 40)}`);
  const palette = await page.$$eval("#palette button[data-piece] piece", (ps) => ps.map((p) => getComputedStyle(p).backgroundImage.slice(0, 30)));
  check(palette.length === 12 && palette.every((p) => p.startsWith('url("data:image/svg+xml')), `palette figures: ${palette}`);
  const credit = await page.textContent("footer .credit");
  check(/chessground/.test(credit) && /cburnett/.test(credit) && /GPL-2\.0-or-later/.test(credit), `the footer credits the board and the men: ${credit}`);

  // edit mode: clear, place Ke6, Pe5 v Ke8, Black to move
  check(await page.isHidden("#palette"), "the palette belongs to edit mode");
  await page.click("#edit");
  check(await page.isVisible("#palette"), "edit mode shows the palette");
  await d.settle(() => page.click("#clear"));
  for (const [piece, square] of [["K", "e6"], ["P", "e5"], ["k", "e8"]]) {
    await page.click(`#palette button[data-piece="${piece}"]`);
    await d.settle(() => d.clickSquare(square));
  }
  await page.click('#palette button[data-piece="k"]'); // stop placing
  await d.settle(() => page.click("#turn"));
  const kpk = "4k3/8/4K3/4P3/8/8/8/8 b - - 0 1";
  check((await d.fen()) === kpk, `the clicks set up ${kpk}, the page shows ${await d.fen()}`);
  // in edit mode a drag moves a man anywhere
  await d.settle(() => d.drag("e6", "d6"));
  check((await d.fen()) === "4k3/8/3K4/4P3/8/8/8/8 b - - 0 1", `edit drag to d6: ${await d.fen()}`);
  await d.settle(() => d.drag("d6", "e6"));
  await page.click("#edit");
  check(await page.isHidden("#palette"), "done editing hides the palette");

  // the verdict and the 64 squares of the map agree with the API
  const standard = await api("/standard", kpk);
  const verdict = await page.$eval("#verdict", (e) => ({ category: e.dataset.category, dtm: e.dataset.dtm, text: e.textContent }));
  check(verdict.category === standard.body.category && verdict.dtm === String(standard.body.dtm), `verdict ${JSON.stringify(verdict)}`);
  check(verdict.text.includes("Black to move loses"), `verdict words: ${verdict.text}`);
  const map = await api("/kpk/map", kpk);
  // the map is off until asked for, one meaning per layer: the defending king's colours, then
  // the key squares and the square of the pawn
  const layers = async () => (await d.marked("map-win")).length + (await d.marked("map-draw")).length + (await d.marked("map-none")).length;
  check((await layers()) + (await d.marked("key")).length + (await d.marked("pawn-square")).length === 0, "no map drawn by default");
  check(!(await page.isChecked("#show-map")) && !(await page.isChecked("#show-squares")), "both layers off by default");
  await page.check("#show-map");
  check((await d.marked("key")).length + (await d.marked("pawn-square")).length === 0, "the colours alone: no outlines");
  check((await layers()) === 64, `the map has ${await layers()} squares, not 64`);
  for (const mark of ["win", "draw", "none"]) {
    const shown = await d.marked(`map-${mark}`);
    const squares = [..."abcdefgh"].flatMap((f) => [1, 2, 3, 4, 5, 6, 7, 8].map((r) => f + r));
    const expected = squares.filter((sq) => (map.body.squares[sq] || "none") === mark).sort();
    check(JSON.stringify(shown) === JSON.stringify(expected), `map squares ${mark}: page ${shown}, API ${expected}`);
  }
  await page.uncheck("#show-map");
  await page.check("#show-squares");
  const pawnSquare = await d.marked("pawn-square");
  check((await layers()) === 0 && JSON.stringify(pawnSquare) === JSON.stringify([...map.body.explanation.square_of_the_pawn].sort()), `the outlines alone, no colours; the square of the pawn ${pawnSquare}`);
  const keys = await d.marked("key");
  check(JSON.stringify(keys) === JSON.stringify([...map.body.explanation.key_squares].sort()), `key squares ${keys}`);
  const why = await page.textContent("#why");
  check(why === map.body.explanation.reason, `the explanation is shown: ${why}`);
  check(!/\[|_[a-z]/.test(why), `no rule identifiers in the prose: ${why}`);
  const listed = await page.$$eval("#moves button", (bs) => bs.map((b) => b.dataset.uci));
  check(JSON.stringify(listed) === JSON.stringify(standard.body.moves.map((m) => m.uci)), "every legal move, best first");

  // play by click: pick up the black king, its legal targets are dotted, click one
  await d.clickSquare("e8");
  const dots = await d.marked("move-dest");
  const fromE8 = standard.body.moves.filter((m) => m.uci.startsWith("e8")).map((m) => m.uci.slice(2, 4)).sort();
  check(JSON.stringify(dots) === JSON.stringify(fromE8), `legal-move dots ${dots}, API ${fromE8}`);
  const best = standard.body.moves[0];
  await d.settle(() => d.clickSquare(best.uci.slice(2, 4)));
  const after1 = await d.fen();
  const api1 = await api("/standard", after1);
  check(api1.body.category === best.category && api1.body.dtm === best.dtm, `after ${best.uci}: ${after1}`);
  check(d.urlFen() === after1, `the address bar follows the move: ${page.url()}`);
  const last = await d.marked("last-move");
  check(JSON.stringify(last) === JSON.stringify([best.uci.slice(0, 2), best.uci.slice(2, 4)].sort()), `last move marked: ${last}`);
  const history1 = await page.$$eval("#history button.node", (bs) => bs.map((b) => b.textContent));
  check(JSON.stringify(history1) === JSON.stringify([`1... ${best.san}`]), `the moves played: ${history1}`);

  // play by drag: White's best reply
  const reply = api1.body.moves[0];
  await d.settle(() => d.drag(reply.uci.slice(0, 2), reply.uci.slice(2, 4)));
  const after2 = await d.fen();
  check(after2.split(" ")[5] === "2", `the move number grows after Black's move: ${after2}`);
  const api2 = await api("/standard", after2);
  check(api2.body.category === reply.category && api2.body.dtm === reply.dtm, `after the drag ${reply.uci}: ${after2}`);
  // a drag to an illegal square plays nothing
  const moverKing = after2.split(" ")[1] === "b" ? "k" : "K";
  const kingSquare = (await d.men()).split(" ").find((m) => m[0] === moverKing).slice(1);
  await d.drag(kingSquare, kingSquare[0] === "a" ? "h1" : "a1");
  check((await d.fen()) === after2, "an illegal drag plays nothing");

  // take back with the arrow key and the buttons; forward again
  await d.settle(() => page.keyboard.press("ArrowLeft"));
  check((await d.fen()) === after1, `ArrowLeft takes a move back: ${await d.fen()}`);
  await d.settle(() => page.click("#back"));
  check((await d.fen()) === kpk, "the back button returns to the start");
  await d.settle(() => page.keyboard.press("ArrowRight"));
  check((await d.fen()) === after1, "ArrowRight goes forward");
  await d.settle(() => page.click("#last"));
  check((await d.fen()) === after2, "the last-position button");
  await d.settle(() => page.click("#first"));

  // a variation: another first move from the start
  const other = standard.body.moves[1];
  await d.settle(() => page.click(`#moves button[data-uci="${other.uci}"]`));
  const afterOther = await d.fen();
  const variation = await page.$$eval("#history .variation button.node", (bs) => bs.map((b) => b.textContent));
  check(variation.length === 1 && variation[0] === `1... ${other.san}`, `the variation: ${variation}`);
  const main = await page.$$eval("#history > button.node", (bs) => bs.map((b) => b.textContent));
  check(main[0] === `1... ${best.san}` && main.length === 2, `the main line stays: ${main}`);
  // take back for good: the variation's move is forgotten
  await d.settle(() => page.click("#takeback"));
  check((await page.$$("#history .variation")).length === 0, "take back removes the move");
  check((await d.fen()) === kpk, `after take back: ${await d.fen()}`);
}
