// The tablebase panel and the teaching: hover arrows, badges, promotion, the optimal line and
// the proof stepped on the board, flip, links, the 50-move clock, terminal positions, errors.
import { apiOf, check, driver } from "./lib.mjs";

export async function checkPanel(page, base) {
  const api = apiOf(base);
  const d = driver(page, base);

  // hovering a move draws its arrow; leaving removes it
  const first = await page.$eval("#moves button", (b) => b.dataset.uci);
  const arrows = () => page.$$eval("#board svg.cg-shapes g line", (ls) => ls.length);
  await page.hover(`#moves button[data-uci="${first}"]`);
  await page.waitForTimeout(100);
  check((await arrows()) === 1, "hovering a move draws its arrow");
  await page.hover("#verdict");
  await page.waitForTimeout(100);
  check((await arrows()) === 0, "the arrow goes when the pointer leaves");

  // badges: a capture, a pawn move, a promotion, each where the API says; a checkmate or a
  // stalemate is the move's outcome, said once (no badge repeats it)
  for (const fen of ["8/8/8/8/8/8/3kP3/6K1 b - - 0 1", "8/4P3/8/8/8/8/8/k1K5 w - - 0 1",
    "k7/8/1K6/8/8/8/7Q/8 w - - 0 1", "k7/P7/2K5/8/8/8/8/8 w - - 0 1"]) {
    await d.load(fen);
    const answer = await api("/standard", fen);
    for (const m of answer.body.moves) {
      const shown = await page.$$eval(`#moves button[data-uci="${m.uci}"] .badge`, (bs) => bs.map((b) => b.dataset.badge));
      const expect = (kind, yes) => check(shown.includes(kind) === yes, `${fen} ${m.san}: badge ${kind} ${yes ? "missing" : "wrong"}: ${shown}`);
      expect("checkmate", false);
      expect("stalemate", false);
      const row = await page.$eval(`#moves button[data-uci="${m.uci}"]`, (b) => b.textContent);
      const said = (word) => row.split(word).length - 1;
      check(said("checkmate") === (m.checkmate ? 1 : 0) && said("stalemate") === (m.stalemate ? 1 : 0), `${fen} ${m.san}: ${row}`);
      expect("capture", m.san.includes("x"));
      expect("promotion", m.uci.length === 5);
      expect("pawn", m.zeroing && !m.san.includes("x") && m.uci.length === 4);
    }
  }
  // the stalemating move is called so, not "draws"; the last position loaded is that one
  const stalemating = await page.$eval('#moves button[data-uci="c6b6"]', (b) => b.textContent);
  check(stalemating.includes("stalemate") && !stalemating.includes("draws"), `Kb6 stalemates: ${stalemating}`);
  // distances as lichess shows them, those of the position after the move without their sign:
  // Qh8# is checkmate, no DTM; a slower queen move shows the DTM after it
  await d.load("k7/8/1K6/8/8/8/7Q/8 w - - 0 1");
  const mate = await page.$eval('#moves button[data-uci="h2h8"]', (b) => b.textContent);
  check(mate.includes("checkmate") && !mate.includes("DTM"), `Qh8#: ${mate}`);
  const queen = await api("/standard", "k7/8/1K6/8/8/8/7Q/8 w - - 0 1");
  const slow = queen.body.moves.find((m) => m.category === "loss" && !m.checkmate);
  const slowText = await page.$eval(`#moves button[data-uci="${slow.uci}"]`, (b) => b.textContent);
  check(slowText.includes(`DTM ${-slow.dtm}`) && slowText.includes(`DTZ ${-slow.dtz}`),
    `${slow.san}: DTM ${-slow.dtm}, DTZ ${-slow.dtz}: ${slowText}`);
  // lichess's numbers for Kd6 in 4k3/8/4K3/4P3/8/8/8/8 w: DTZ 2, DTM 20
  await d.load("4k3/8/4K3/4P3/8/8/8/8 w - - 0 1");
  const kd6 = await page.$eval('#moves button[data-uci="e6d6"]', (b) => b.textContent);
  check(kd6.includes("DTZ 2") && kd6.includes("DTM 20"), `Kd6: ${kd6}`);

  // a king in check is marked, as lichess marks it
  await d.load("4k3/8/8/8/8/8/8/4R1K1 b - - 0 1");
  check((await d.marked("check")).join() === "e8", "the checked king's square is marked");
  await d.load("4k3/8/8/8/8/8/8/R3K3 w Q - 0 1");
  check((await d.marked("check")).length === 0, "no mark without a check");
  // castling by dropping the king on his rook, as lichess allows; the man in hand is drawn on top
  const from = await d.centre("e1");
  const to = await d.centre("a1");
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  await page.mouse.move(to.x, to.y, { steps: 5 });
  await page.waitForTimeout(100);
  const inHand = await page.$eval("#board cg-board piece.dragging", (p) => p.className);
  check(inHand.includes("white king"), `the king is in hand: ${inHand}`);
  await d.settle(() => page.mouse.up());
  check((await d.fen()) === "4k3/8/8/8/8/8/8/2KR4 b - - 1 1", `O-O-O by king onto rook: ${await d.fen()}`);

  // the optimal line, stepped on the board, in score-sheet notation with Black first
  const root = "4k3/8/4K3/4P3/8/8/8/8 b - - 0 1";
  await d.load(root);
  const line = (await api("/kpk/line", root)).body;
  const labels = await page.$$eval("#line button", (bs) => bs.slice(0, 3).map((b) => b.textContent));
  check(labels[0] === `1... ${line.steps[0].san}` && labels[1] === `2. ${line.steps[1].san}` && labels[2] === line.steps[2].san,
    `line numbering: ${labels.join(" | ")}`);
  await d.settle(() => page.click("#line-next"));
  check(d.boardOf(await d.fen()) === d.boardOf(line.steps[0].fen), `line step 1: ${await d.fen()}`);
  await d.settle(() => page.click("#line-next"));
  check(d.boardOf(await d.fen()) === d.boardOf(line.steps[1].fen), "line step 2");
  check((await page.textContent("#line-step")) === `2 / ${line.steps.length}`, "the line says where the board stands");
  check((await page.textContent("#line li.current button")) === `2. ${line.steps[1].san}`, "the current step is marked");
  await d.settle(() => page.click("#line button >> nth=5"));
  check(d.boardOf(await d.fen()) === d.boardOf(line.steps[5].fen), "a click on a step goes there");
  await d.settle(() => page.click("#line-prev"));
  check(d.boardOf(await d.fen()) === d.boardOf(line.steps[4].fen), "line step back");
  const played = await page.$$eval("#history button.node", (bs) => bs.map((b) => b.classList.contains("current")));
  check(played.length === 6 && played[4] && !played[5], `the line's moves are in the moves played, the fifth current: ${played}`);
  check(await page.$eval("#takeback", (b) => b.disabled), "take back is for the last move of a line only");

  // the proof of a drawn position, stepped on the board
  const proven = "8/8/1k6/8/8/8/1K4P1/8 w - - 0 1";
  await d.load(proven);
  const proof = (await api("/kpk/map", proven)).body.explanation.proof;
  const proofLabels = await page.$$eval("#proof button", (bs) => bs.map((b) => b.textContent));
  check(proofLabels.length === proof.line.moves.length && proofLabels[0] === `1. ${proof.line.moves[0].san}`, `the proof line: ${proofLabels}`);
  // what decides the proof's end is the why's sentence, not the rule's conditions
  check((await page.$$("#proof .proof-end")).length === 0 && !(await page.textContent("#teaching")).includes(proof.line.end.reason), "no rule conditions under the proof");
  check((await page.textContent("#why")) === (await api("/kpk/map", proven)).body.explanation.reason, "the why tells the proof's end");
  await d.settle(() => page.click("#proof button >> nth=2"));
  check((await page.$$eval("#history button.node", (bs) => bs.length)) === 3, "three moves of the proof played");

  // flip: a1 at the top right, in the link too; F flips back
  await d.load(proven);
  await page.click("#flip");
  // where chessground draws a man: the centre of his square as the board is turned
  const standsOn = async (selector, square) => {
    const c = await d.centre(square);
    const box = await page.locator(`#board cg-board ${selector}`).boundingBox();
    return Math.abs(box.x + box.width / 2 - c.x) < 2 && Math.abs(box.y + box.height / 2 - c.y) < 2 ? `${c.col},${c.row}` : "elsewhere";
  };
  check(await page.$eval("#board", (b) => b.classList.contains("orientation-black")), "flipped: Black at the bottom");
  check((await standsOn("piece.white.king", "b2")) === "6,1", `flipped: the king on b2 at ${await standsOn("piece.white.king", "b2")}`);
  check(new URL(page.url()).searchParams.get("flip") === "1", "the link keeps the flip");
  // a link opens the same view
  const link = page.url();
  await page.goto("about:blank");
  await page.goto(link);
  await page.waitForFunction(() => document.body.dataset.busy === "false" && Number(document.body.dataset.ready || 0) > 0);
  check((await page.inputValue("#fen")) === proven, "the link opens the position");
  check(await page.$eval("#board", (b) => b.classList.contains("orientation-black")), "the link opens it flipped");
  await page.keyboard.press("f");
  check(await page.$eval("#board", (b) => b.classList.contains("orientation-white")), "F flips back");
  check((await standsOn("piece.white.king", "b2")) === "1,6", `F flips back: the king on b2 at ${await standsOn("piece.white.king", "b2")}`);

  // the 50-move clock: KRK with a mate 31 plies away is a cursed win at a clock of 80
  const rook = "8/8/8/8/8/2k5/1R6/K7 w - - 80 90";
  await d.load(rook);
  const cursed = (await api("/standard", rook)).body;
  const shownRook = await page.$eval("#verdict", (e) => ({ category: e.dataset.category, dtz: e.dataset.dtz, text: e.textContent }));
  check(cursed.category === "cursed-win" && shownRook.category === "cursed-win", `cursed win: ${shownRook.category}`);
  check(shownRook.dtz === String(cursed.dtz) && shownRook.text.includes("50-move"), `the verdict says why: ${shownRook.text}`);
  check((await page.textContent("#line-note")).includes("50-move"), "the line says the rule draws first");
  check(await page.isHidden("#teaching"), "no map or reason without a pawn");

  // the lesson counts the clock too: Ke1, Pe2 against Ke8 with 95 plies on it is a draw by the
  // 50-move rule, and the why says so first; a win that must push its pawn now plays it
  await d.load("4k3/8/8/8/8/8/4P3/4K3 w - - 95 1");
  const ruled = await page.textContent("#why");
  check(ruled.startsWith("Draw by the 50-move rule: White's next winning pawn move is 5 moves away"), `the why names the rule: ${ruled}`);
  await d.load("8/8/8/8/8/7k/2P5/K7 w - - 99 1");
  check((await page.textContent("#plan-move")) === "c4", "the plan pushes the pawn in time");
  check((await page.textContent("#plan-reason")).includes("50-move rule"), "and says why");

  // terminal positions are named
  await d.load("1R4k1/8/6K1/8/8/8/8/8 b - - 0 1");
  check((await page.textContent("#line-step")) === "no line: checkmate", "under a mate the line says checkmate");
  check((await page.textContent("#verdict")) === "Black is checkmated", "checkmate named");
  await d.load("k7/P7/1K6/8/8/8/8/8 b - - 0 1");
  check((await page.textContent("#line-step")) === "no line: stalemate", "stalemate named");

  // a bad FEN clears the analysis and says what is wrong; a position beyond the tables is
  // shown with the server's message
  await d.load("4k3/8/4K3/4P3/8/8/8/8 w - - 0 1");
  for (const bad of ["8/8/8/8/8/8/8/8 w - - 0 1", "4k3/8/4K3/4P3/8/8/8 w - - 0 1"]) {
    await d.load(bad);
    const expected = await api("/standard", bad);
    check(expected.status === 400 && (await page.textContent("#error")) === expected.body.error, `bad FEN ${bad}: ${await page.textContent("#error")}`);
    check((await page.textContent("#verdict")) === "No analysis", "the old verdict is gone");
    check((await page.$$("#moves li")).length === 0 && (await page.$$("#line li")).length === 0, "the old moves and line are gone");
    check((await d.men()) === "" && (await d.marked("map-win")).length === 0, `the old board and its map are gone: ${await d.men()}`);
    check(await page.isDisabled("#takeback") && (await d.fen()) === bad, "a fresh start: the text as typed, nothing to take back");
  }
  // castling rights are kept and played: Black castles long, the rook crosses to d8
  const castling = "r3k3/8/8/8/8/8/8/4K3 b q - 0 1";
  await d.load(castling);
  check((await page.textContent("#error")) === "", `castling accepted: ${await page.textContent("#error")}`);
  await d.settle(() => d.drag("e8", "c8"));
  check((await d.fen()) === "2kr4/8/8/8/8/8/8/4K3 w - - 1 2", `O-O-O played: ${await d.fen()}`);
  // a link to a position the server refuses shows its men and the reason
  await page.goto(base + "/?fen=" + encodeURIComponent("4k3/8/8/8/8/8/8/8 w - - 0 1"));
  await page.waitForFunction(() => Number(document.body.dataset.ready || 0) > 0);
  check((await d.men()) === "ke8" && (await page.textContent("#error")).length > 0, `a refused link: ${await d.men()}`);
  // four men, no files: the server answers every move (the captures and promotions into three
  // men exactly, the others unknown); the page lists only the moves the tables answer, under
  // their own heading, and no line
  const four = "8/8/8/8/8/2k5/6p1/K6Q b - - 0 1";
  await d.load(four);
  const beyond = await api("/standard", four);
  check(beyond.status === 200 && (await page.textContent("#error")) === "", `four men answered: ${await page.textContent("#error")}`);
  check((await d.men()).split(" ").length === 4, "the four men are on the board");
  const known = beyond.body.moves.filter((m) => m.category !== "unknown");
  check(known.length > 0 && known.length < beyond.body.moves.length, `four men: ${known.length} of ${beyond.body.moves.length} moves known`);
  const listed = await page.$$eval("#moves li button strong", (s) => s.map((e) => e.textContent));
  check(listed.join() === known.map((m) => m.san).join(), `the moves into the tables listed: ${listed}`);
  check((await page.$$eval("#moves li.group", (g) => g.map((e) => e.textContent))).join() === "Moves into the tables", "under their own heading");
  check(await page.isHidden("#line-title") && await page.isHidden("#line-controls"), "no optimal line beyond three men");
  check(!(await page.textContent("#verdict")).includes("mate in"), `no mate count without a DTM: ${await page.textContent("#verdict")}`);
  const pawns = "4k3/8/8/8/8/8/3PP3/4K3 w - - 0 1";
  await d.load(pawns);
  check((await page.textContent("#verdict")).startsWith("Beyond the tables"), `two pawns: ${await page.textContent("#verdict")}`);
  check(await page.isHidden("#moves-title") && (await page.$$("#moves li")).length === 0, "no move stays listed when none enters the tables");
  // nine men, a mate in one: lila-tablebase names the position a "win" from its best move, but no
  // table holds it: the verdict says so, only the mate is listed, and the engine analyses
  await d.load("6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1");
  check((await page.textContent("#verdict")).startsWith("Beyond the tables"), `the mate in one: ${await page.textContent("#verdict")}`);
  const mates = await page.$$eval("#moves li button strong", (s) => s.map((e) => e.textContent));
  check(mates.join() === "Ra8#", `only the mate is listed: ${mates}`);
  await page.waitForFunction(() => /#1\b/.test(document.getElementById("evalbar-text").textContent), null, { timeout: 20000 });
  check(await page.isVisible("#engine-box"), "the engine runs on the mate in one");
}
