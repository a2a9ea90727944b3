// lichess's conventions where a lichess user has habits: the right button draws (a right-drag
// an arrow, a right-click a circle; again removes it; a left click clears) and never plays; the
// browser's history does not grow while moves are played and stepped, only when a position is
// loaded, and Back never brings a taken-back move back.
import { check, driver } from "./lib.mjs";

export async function checkConventions(page, base) {
  const d = driver(page, base);
  const kpk = "4k3/8/4K3/4P3/8/8/8/8 w - - 0 1";
  await d.load(kpk);
  async function rightDrag(from, to) {
    const a = await d.centre(from);
    const b = await d.centre(to);
    await page.mouse.move(a.x, a.y);
    await page.mouse.down({ button: "right" });
    await page.mouse.move(b.x, b.y, { steps: 5 });
    await page.mouse.up({ button: "right" });
    await page.waitForTimeout(100); // chessground draws on the next frame
  }
  // chessground's drawing layer: each shape an arrow (a line) or a circle, green as lichess's
  const shapes = () => page.$$eval("#board svg.cg-shapes g line, #board svg.cg-shapes g circle", (ns) => ns.map((n) => `${n.tagName} ${n.getAttribute("stroke")}`).sort());
  // a right-drag from the king draws an arrow: Kd6 is not played
  await page.locator("#board").scrollIntoViewIfNeeded();
  await rightDrag("e6", "d6");
  check((await d.fen()) === kpk, `a right-drag plays nothing: ${await d.fen()}`);
  check(JSON.stringify(await shapes()) === JSON.stringify(["line #15781B"]), `the arrow: ${await shapes()}`);
  // a right-click draws a circle; drawing the arrow again removes it
  await rightDrag("d7", "d7");
  await rightDrag("e6", "d6");
  check(JSON.stringify(await shapes()) === JSON.stringify(["circle #15781B"]), `the circle alone: ${await shapes()}`);
  // a left click clears them
  await d.clickSquare("a1");
  await page.waitForTimeout(100);
  check((await shapes()).length === 0, "a left click clears the drawing");

  // the history: playing and stepping replace the address, loading a position adds one
  const length = () => page.evaluate(() => history.length);
  const before = await length();
  const first = (await page.$$eval("#moves button", (bs) => bs.map((b) => b.dataset.uci)))[0];
  await d.settle(() => page.click(`#moves button[data-uci="${first}"]`));
  const reply = (await page.$$eval("#moves button", (bs) => bs.map((b) => b.dataset.uci)))[0];
  await d.settle(() => page.click(`#moves button[data-uci="${reply}"]`));
  for (const button of ["#back", "#back", "#forward", "#last", "#first", "#last"]) {
    await d.settle(() => page.click(button));
  }
  check((await length()) === before, `playing and stepping add no history entry: ${before} then ${await length()}`);
  check(d.urlFen() === (await d.fen()), "the address still shows the position");
  // take the last move back, load another position, and go back: the taken-back move stays gone
  await d.settle(() => page.click("#takeback"));
  const kept = await d.fen();
  await d.load("8/8/8/8/8/2k5/1R6/K7 w - - 0 1");
  check((await length()) === before + 1, "a loaded position adds one entry");
  await d.settle(() => page.goBack());
  check((await d.fen()) === kept, `Back shows the position as it was left: ${await d.fen()}`);
  check((await page.$$("#history button.node")).length === 1, "and the taken-back move is not there");
}

// The words and marks a lichess user expects: who is to move in a draw, "1 ply", the mated
// king marked, no dead controls in a finished game, moves that keep their number on one line.
export async function checkWords(page, base) {
  const d = driver(page, base);
  await d.load("4k3/8/4K3/4P3/8/8/8/8 b - - 0 1");
  await d.load("8/8/8/8/8/4k3/4P3/4K3 w - - 0 1");
  check((await page.textContent("#verdict")) === "White to move: draw", `a draw names the side to move: ${await page.textContent("#verdict")}`);
  check(!(await page.textContent("#squares-note")).includes("Best move"), `no single "best" among equal draws: ${await page.textContent("#squares-note")}`);
  await d.load("7k/8/6K1/8/8/8/8/1Q6 w - - 0 1");
  check((await page.textContent("#verdict")).startsWith("White to move wins: mate in 1 (1 ply)"), `one ply: ${await page.textContent("#verdict")}`);
  await d.load("1R4k1/8/6K1/8/8/8/8/8 b - - 0 1");
  check((await d.marked("mated")).join() === "g8", "the mated king is marked");
  check(await page.isHidden("#moves-title"), "a finished game lists no moves under a heading");
  check(await page.isDisabled("#line-prev") && await page.isDisabled("#line-next"), "and has no line to step");
  // a move keeps its number on its line
  await d.load("8/8/4k3/8/8/3KP3/8/8 w - - 0 1");
  await d.settle(() => page.click("#plan-move"));
  const wrap = await page.$eval("#history button.node", (b) => getComputedStyle(b).whiteSpace);
  check(wrap === "nowrap", `a move and its number stay together: ${wrap}`);
}

// The moves grouped as lichess groups them; a man being dragged shows his targets and where he
// came from; stepping along the optimal line adds no history entry; a link to a bad FEN shows
// the text, no men, nothing to take back.
export async function checkGrouping(page, base) {
  const d = driver(page, base);
  await d.load("4k3/8/4K3/4P3/8/8/8/8 w - - 0 1");
  const groups = await page.$$eval("#moves li.group", (ls) => ls.map((l) => l.textContent));
  check(JSON.stringify(groups) === JSON.stringify(["Winning", "Drawing"]), `the groups: ${groups}`);
  const words = await page.$$eval("#moves li", (ls) => ls.map((l) => (l.classList.contains("group") ? l.textContent : l.querySelector("span").textContent)));
  const draws = words.indexOf("Drawing");
  check(words.slice(1, draws).every((w) => w === "wins") && words.slice(draws + 1).every((w) => w === "draws"), `each group's moves: ${words}`);
  // a drag shows the targets and the origin while the man is held
  await page.locator("#board").scrollIntoViewIfNeeded();
  const c = await d.centre("e6");
  await page.mouse.move(c.x, c.y);
  await page.mouse.down();
  await page.mouse.move(c.x + 8, c.y + 8, { steps: 3 });
  await page.waitForTimeout(100);
  const dots = (await d.marked("move-dest")).length;
  const origin = (await d.marked("selected")).join() === "e6";
  await page.mouse.move(c.x, c.y, { steps: 3 });
  await page.mouse.up();
  check(dots > 0 && origin, `while dragging: ${dots} targets, origin marked ${origin}`);
  // the optimal line stepped through: the address replaced, no entry added
  const length = () => page.evaluate(() => history.length);
  const before = await length();
  for (let i = 0; i < 3; i++) await d.settle(() => page.click("#line-next"));
  check((await length()) === before && d.urlFen() === (await d.fen()), "stepping the line adds no history entry");
  // a link to a FEN that is not one: the text in its box, an empty board, nothing to take back
  await page.goto(base + "/?fen=hello");
  await page.waitForFunction(() => Number(document.body.dataset.ready || 0) > 0);
  check((await page.inputValue("#fen")) === "hello" && (await d.men()) === "", `?fen=hello: ${await page.inputValue("#fen")} ${await d.men()}`);
  check(await page.isDisabled("#takeback") && (await page.textContent("#error")).length > 0, "nothing to take back, the reason shown");
  // links as lichess writes them: underscores for spaces, slashes as they are
  await d.load("8/8/1k6/8/8/8/1K4P1/8 w - - 0 1");
  check(new URL(page.url()).search === "?fen=8/8/1k6/8/8/8/1K4P1/8_w_-_-_0_1", `the link's form: ${new URL(page.url()).search}`);
  // a refused FEN typed in the box stays in the address as typed, not an empty board's FEN
  await d.load("8/8/1k6/8/8/8/1K6/6P1 w - - 0 1");
  check((await page.textContent("#error")).length > 0 && d.urlFen() === "8/8/1k6/8/8/8/1K6/6P1 w - - 0 1", `a refused FEN in the address: ${page.url()}`);
  // the results the 50-move rule turns, under lichess's names; the heading's DTZ a distance
  await d.load("8/8/8/8/8/2k5/1R6/K7 w - - 80 90");
  const cursed = await page.$$eval("#moves li.group", (ls) => ls.map((l) => l.textContent));
  check(cursed[0] === "Win prevented by 50-move rule", `a cursed win's groups: ${cursed}`);
  await d.load("8/8/8/8/8/2k5/1R6/K7 b - - 0 1");
  check(!(await page.textContent("#verdict")).includes("DTZ -"), `no signed DTZ in the heading: ${await page.textContent("#verdict")}`);
}

// The editor as lichess's: it keeps the castling rights the men allow, sets them and the en
// passant square, and has the starting position and an empty board.
export async function checkEditor(page, base) {
  const d = driver(page, base);
  await d.load("4k3/8/8/8/8/8/4P3/4K3 w - - 0 1");
  await page.click("#edit");
  await d.settle(() => page.click("#startpos"));
  check((await d.fen()) === "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", `the starting position: ${await d.fen()}`);
  // a man moved where it leaves the kings and rooks home keeps every right
  await d.settle(() => d.drag("g1", "f3"));
  check((await d.fen()) === "rnbqkbnr/pppppppp/8/8/8/5N2/PPPPPPPP/RNBQKB1R w KQkq - 0 1", `the rights kept: ${await d.fen()}`);
  // a right switched off, then the rook moved: the other rights stay
  await d.settle(() => page.uncheck('#castling-rights input[data-right="q"]'));
  check((await d.fen()).split(" ")[2] === "KQk", `Black's O-O-O off: ${await d.fen()}`);
  await d.settle(() => d.drag("h1", "g1"));
  check((await d.fen()).split(" ")[2] === "Qk", `the rook gone from h1 takes White's O-O: ${await d.fen()}`);
  check(await page.isDisabled('#castling-rights input[data-right="K"]'), "a right the men do not allow cannot be set");
  // the rook back home: the right comes back with it, as in lichess's editor
  await d.settle(() => d.drag("g1", "h1"));
  check((await d.fen()).split(" ")[2] === "KQk", `the rook home again gives White's O-O back: ${await d.fen()}`);
  // an en passant square behind a pawn that can just have double-stepped
  await d.settle(() => page.click("#clear"));
  check((await d.fen()).startsWith("8/8/8/8/8/8/8/8"), `an empty board: ${await d.fen()}`);
  await d.load("4k3/8/8/3pP3/8/8/8/4K3 w - - 0 1");
  check(await page.isVisible("#palette"), "still editing after a FEN loaded");
  const options = await page.$$eval("#ep-square option", (os) => os.map((o) => o.value));
  check(options.join() === "-,d6", `the en passant squares offered: ${options}`);
  await d.settle(() => page.selectOption("#ep-square", "d6"));
  check((await d.fen()) === "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1", `en passant set: ${await d.fen()}`);
  await page.click("#edit");
}

// PGN out and back: the moves played with a variation and the coach's words as comments, the
// FEN tag of a position that is not the usual start; loaded again, the same tree of moves.
export async function checkPgn(page, base) {
  const d = driver(page, base);
  const start = "8/8/4k3/8/8/3KP3/8/8 w - - 0 1";
  await d.load(start);
  await d.settle(() => page.click("#plan-move"));
  await d.settle(() => page.click("#plan-move"));
  await d.settle(() => page.click("#back"));
  await d.settle(() => page.click("#back"));
  // a variation: Kd4 instead of the plan's Ke4
  await d.settle(() => d.drag("d3", "d4"));
  const history = () => page.$$eval("#history button.node", (bs) => bs.map((b) => b.textContent).join(" "));
  const played = await history();
  await page.click("#pgn-box summary");
  const pgn = await page.inputValue("#pgn");
  check(pgn.includes(`[FEN "${start}"]`) && pgn.includes("[SetUp \"1\"]"), `the FEN tag: ${pgn}`);
  check(/1\. Ke4!? \{[^}]+\} Kd6 \(1\.\.\. /.test(pgn) || /\(1\. Kd4/.test(pgn), `the moves, a variation: ${pgn}`);
  check(pgn.includes("{") && pgn.includes("("), `comments and a variation: ${pgn}`);
  // somewhere else, then the PGN loaded back
  await d.load("4k3/8/4K3/4P3/8/8/8/8 w - - 0 1");
  await page.fill("#pgn", pgn);
  await d.settle(() => page.click("#pgn-load"));
  check((await page.textContent("#pgn-error")) === "", `the PGN loads: ${await page.textContent("#pgn-error")}`);
  check((await d.fen()) === start, `back at the PGN's position: ${await d.fen()}`);
  // the same moves, the coach's marks now the PGN's annotations beside them, his words comments
  const glyphless = (await history()).replace(/[!?]+/g, "");
  check(glyphless === played, `the same moves: ${glyphless} against ${played}`);
  check((await history()).includes("Kd4?"), `the coach's mark kept as an annotation: ${await history()}`);
  check((await page.$$("#history .comment")).length > 0, "his words kept as comments");
  // a move that is not legal is named
  await page.fill("#pgn", `[FEN "${start}"]\n\n1. Ke4 Kd6 2. Kh8 *`);
  await page.click("#pgn-load");
  await page.waitForFunction(() => document.getElementById("pgn-error").textContent.length > 0);
  check((await page.textContent("#pgn-error")).startsWith("Kh8 (the PGN's move 3) is not a legal move"), `a bad move named: ${await page.textContent("#pgn-error")}`);
}
