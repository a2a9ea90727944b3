// Play by the rules on the page: the plan beside the verdict, and the coach's line on each move
// the user plays in a KPK position (a toggle, on by default), both as `kpk explain` says them.
import { apiOf, check, driver } from "./lib.mjs";

export async function checkCoach(page, base) {
  const api = apiOf(base);
  const d = driver(page, base);
  // a key-square win by the opposition: the plan is Ke4, as the server's explanation says
  const start = "8/8/4k3/8/8/3KP3/8/8 w - - 0 1";
  await d.load(start);
  const explanation = (await api("/kpk/map", start)).body.explanation;
  check(explanation.plan.san === "Ke4", `the server's plan: ${explanation.plan.san}`);
  check(await page.isVisible("#plan-box"), "the plan is shown in a KPK position");
  check((await page.textContent("#plan-move")) === "Ke4", `the plan's move: ${await page.textContent("#plan-move")}`);
  check((await page.textContent("#plan-reason")) === explanation.plan.reason, `the plan's reason: ${await page.textContent("#plan-reason")}`);
  check(await page.isChecked("#show-coach"), "the coach is on by default");
  check(await page.isVisible("#show-coach"), "its toggle is shown beside the plan");
  check((await page.textContent("#coach")) === "", "no coach line before a move is played");
  check((await page.getAttribute("#plan-move", "aria-label")) === "play the plan's move Ke4", "the plan's button says what it does");

  // a mistake played on the board: Kd4? hands Black the opposition
  await d.settle(() => d.drag("d3", "d4"));
  const kd4 = explanation.moves.find((m) => m.uci === "d3d4").verdict;
  check(kd4.kind === "throws", `the server judges Kd4: ${kd4.kind}`);
  check(await page.isVisible("#coach") && (await page.getAttribute("#coach", "role")) === "status", "the coach speaks after a move, as a status");
  const said = await page.textContent("#coach");
  check((await page.$eval("#coach", (e) => e.dataset.kind)) === "throws", "the coach marks a mistake");
  check(said.startsWith("Kd4? Throws the win away: after Kd6!, the black king takes the opposition."), `the coach on Kd4: ${said}`);
  check(said.includes(kd4.refutation.notation), `the refutation is shown: ${said}`);
  // the position after it is a draw; Black's plan is the opposition
  check((await page.textContent("#plan-move")) === "Kd6", `Black's plan: ${await page.textContent("#plan-move")}`);

  // back, then the plan's own move: the coach approves
  await d.settle(() => page.click("#back"));
  check((await page.textContent("#coach")) === "", "no coach line at the start position");
  await d.settle(() => page.click("#plan-move"));
  check((await d.fen()).startsWith("8/8/4k3/8/4K3/4P3/8/8 b"), `the plan's move is played: ${await d.fen()}`);
  check((await page.$eval("#coach", (e) => e.dataset.kind)) === "only", "the coach marks the only move");
  check((await page.textContent("#coach")).startsWith("Ke4! Only move: the white king takes the opposition"), `the coach on Ke4: ${await page.textContent("#coach")}`);

  // the toggle hides the coach
  await page.uncheck("#show-coach");
  check((await page.textContent("#coach")) === "", "the toggle silences the coach");
  await page.check("#show-coach");
  check((await page.textContent("#coach")).startsWith("Ke4!"), "and brings it back");

  // the knight-pawn stalemate trap: Kc8?? is judged as a stalemate
  await d.load("k7/2K5/1P6/8/8/8/8/8 w - - 0 1");
  await d.settle(() => d.drag("c7", "c8"));
  check((await page.textContent("#coach")) === "Kc8? Throws the win away: stalemate.", `the coach on Kc8: ${await page.textContent("#coach")}`);
  check(await page.isHidden("#plan-box") && await page.isVisible("#show-coach"), "stalemate: no plan, but the coach's toggle stays");
  // beyond KPK: no plan
  await d.load("8/8/8/8/8/4k3/8/4K2R w - - 0 1");
  check(await page.isHidden("#plan-box"), "no plan without a pawn");

  // positions of the textbook panel: the page says the why, the plan and the coach's line on
  // the book's only move as the server's explanation does
  const panel = [
    // the distant opposition: only Ke3 wins
    ["8/4k3/8/8/8/8/2P2K2/8 w - - 0 1", "f2", "e3"],
    // outflanking: only Kd6 wins
    ["8/8/5k2/3K4/4P3/8/8/8 w - - 0 1", "d5", "d6"],
    // the defender steps into the square of the pawn: only Ke4 draws
    ["8/7k/8/5K2/1p6/8/8/8 w - - 0 1", "f5", "e4"],
  ];
  for (const [fen, from, to] of panel) {
    await d.load(fen);
    const e = (await api("/kpk/map", fen)).body.explanation;
    check((await page.textContent("#why")) === e.reason, `${fen}: the why: ${await page.textContent("#why")}`);
    check((await page.textContent("#plan-reason")) === e.plan.reason, `${fen}: the plan: ${await page.textContent("#plan-reason")}`);
    const only = e.moves.find((m) => m.uci === from + to).verdict;
    check(only.mark === "!" && only.kind === "only", `${fen}: the server marks ${from}${to} as the only move`);
    await d.settle(() => d.drag(from, to));
    const said = await page.textContent("#coach");
    check(said.startsWith(e.plan.san + "! Only move: "), `${fen}: the coach on the only move: ${said}`);
  }

  // only what the board shows: the why's line written whole, and a key square of the pawn's
  // next step said so (Kg7? lets White to b5, a key square once the pawn stands on c3)
  const drawn = "6k1/8/8/8/8/8/2P5/5K2 b - - 0 1";
  await d.load(drawn);
  const why = await page.textContent("#why");
  check(why === (await api("/kpk/map", drawn)).body.explanation.reason, `the why as the server's: ${why}`);
  check(why.includes("5. Kc3 Kc5, the black king holds the opposition on c5") && !why.includes(" ..."), `the why's line whole: ${why}`);
  await d.settle(() => d.drag("g8", "g7"));
  const kg7 = await page.textContent("#coach");
  check(kg7.startsWith("Kg7? Loses: the white king is first to b5, a key square once the pawn stands on c3"), `the coach on Kg7: ${kg7}`);
}
