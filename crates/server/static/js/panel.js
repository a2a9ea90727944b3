// The analysis beside the board: the verdict, every move with its outcome and badges (as
// lichess's tablebase panel shows them), the optimal line and the reason in chess words.
import { held } from "./api.js";
import { numbered } from "./fen.js";

const $ = (id) => document.getElementById(id);

// The verdict of a position no table holds, and the heading of the moves listed there.
const BEYOND = "Beyond the tables: the engine analyses this position";
const INTO_THE_TABLES = "Moves into the tables";

// The outcome of a move for its mover, as [class, words].
function outcome(m) {
  if (m.checkmate) return ["win-word", "checkmate"];
  if (m.stalemate) return ["draw-word", "stalemate"];
  if (m.category === "loss") return ["win-word", "wins"];
  if (m.category === "win") return ["loss-word", "loses"];
  if (m.category === "blessed-loss") return ["cursed-word", "cursed win: the 50-move rule draws"];
  if (m.category === "cursed-win") return ["cursed-word", "blessed loss: the 50-move rule draws"];
  if (m.category === "syzygy-loss") return ["win-word", "wins, unless the 50-move rule saves"];
  if (m.category === "syzygy-win") return ["loss-word", "loses, unless the 50-move rule saves"];
  if (m.category === "unknown") return ["unknown-word", "beyond the tables"];
  return ["draw-word", m.insufficient_material ? "draws: insufficient material" : "draws"];
}

// The badges of a move: what it is, and its distances as lichess shows them: those of the
// position after the move, without their sign (the outcome's colour says who wins); a zeroing
// move shows what it is instead of its DTZ.
export function badges(m) {
  const out = [];
  if (m.checkmate) out.push(["checkmate", "checkmate"]);
  if (m.stalemate) out.push(["stalemate", "stalemate"]);
  if (m.san.includes("x")) out.push(["capture", "capture"]);
  if (m.uci.length > 4) out.push(["promotion", "promotion"]);
  else if (m.zeroing && !m.san.includes("x")) out.push(["pawn", "pawn move"]);
  if (m.dtz && !m.zeroing && !m.checkmate) out.push(["dtz", "DTZ " + Math.abs(m.dtz)]);
  if (m.dtm) out.push(["dtm", "DTM " + Math.abs(m.dtm)]);
  return out;
}

// A count of plies in words: "1 ply", "3 plies".
export const plies = (n) => n + (Math.abs(n) === 1 ? " ply" : " plies");

export function verdictWords(v, turn, clock) {
  const side = turn === "w" ? "White" : "Black";
  const other = turn === "w" ? "Black" : "White";
  if (v.checkmate) return side + " is checkmated";
  if (v.stalemate) return "Stalemate: a draw";
  if (v.category === "unknown" || !held(v)) return BEYOND;
  const given = (n) => n !== null && n !== undefined;
  // the DTZ where the tables give one (the files of more men may not)
  // as a distance: the heading already says who wins
  const z = given(v.dtz) ? ", DTZ " + Math.abs(v.dtz) : "";
  // the distance to mate, where there is one: ": mate in 11 (21 plies)", ": mated in 12 (24 plies)"
  const mate = !given(v.dtm) ? ""
    : v.dtm > 0 ? ": mate in " + Math.ceil(v.dtm / 2) + " (" + plies(v.dtm) + ")"
    : ": mated in " + (-v.dtm / 2) + " (" + plies(-v.dtm) + ")";
  // beyond three men the files give no distance to mate: the result and the DTZ only
  if (v.category === "win") return side + " to move wins" + mate + z;
  if (v.category === "loss") return side + " to move loses" + mate + z;
  // a win over the board that the 50-move rule spoils: the losing side can claim the draw first
  if (v.category === "cursed-win") {
    return side + " to move has a cursed win" + mate + z + ", but with " + plies(clock) +
      " on the clock " + other + " can claim the 50-move draw first";
  }
  if (v.category === "blessed-loss") {
    return side + " to move has a blessed loss" + mate + z + ", but with " + plies(clock) +
      " on the clock " + side + " can claim the 50-move draw first";
  }
  if (v.category === "syzygy-win") return side + " to move wins, unless the 50-move rule saves " + other + z;
  if (v.category === "syzygy-loss") return side + " to move loses, unless the 50-move rule saves " + side + z;
  if (v.insufficient_material) return "Draw: insufficient material";
  // in KPK who is to move is the whole point: say it
  return side + " to move: draw";
}

// Why a position has no line: the game is over, or nobody can force mate.
export function lineEnd(v) {
  if (v.checkmate) return "checkmate";
  if (v.stalemate) return "stalemate";
  if (v.insufficient_material) return "insufficient material";
  if (v.dtm === null && v.category !== "draw") return "the lines to mate are known for three men";
  return "neither side can force mate";
}

// Empties the analysis, with `message` in the verdict's place.
export function clear(message) {
  const verdict = $("verdict");
  verdict.textContent = message;
  verdict.dataset.category = "";
  verdict.dataset.dtm = "";
  verdict.dataset.dtz = "";
  for (const id of ["why", "squares-note", "line-note", "line-step"]) $(id).textContent = "";
  for (const id of ["moves", "line", "proof"]) $(id).textContent = "";
  // no heading over an empty list
  $("moves-title").hidden = true;
  $("teaching").hidden = true;
  $("plan-box").hidden = true;
  $("coach").textContent = "";
  $("engine-box").hidden = true;
  showBar(null);
}

// The verdict and the moves of a /standard answer; `hover(uci | null)` on a move's hover,
// `play(move)` on its click.
export function showStandard(v, pos, { hover, play }) {
  const verdict = $("verdict");
  verdict.textContent = verdictWords(v, pos.turn, pos.clock);
  verdict.dataset.category = v.category;
  verdict.dataset.dtm = v.dtm === null ? "" : String(v.dtm);
  verdict.dataset.dtz = v.dtz === null ? "" : String(v.dtz);
  const list = $("moves");
  list.textContent = "";
  // grouped as lichess groups them: the moves that win, draw and lose, best first in each;
  // where no table holds the position, only the moves whose outcome a table knows
  const inTables = held(v);
  const group = (m) => {
    if (!inTables) return INTO_THE_TABLES;
    // lichess's names for the results the 50-move rule turns
    if (!m.checkmate && !m.stalemate && m.category === "blessed-loss") return "Win prevented by 50-move rule";
    if (!m.checkmate && !m.stalemate && m.category === "cursed-win") return "Loss saved by 50-move rule";
    const [cls] = outcome(m);
    return cls === "win-word" ? "Winning" : cls === "loss-word" ? "Losing" : "Drawing";
  };
  const listed = v.moves.filter((m) => inTables || m.category !== "unknown");
  // a finished game, or a position beyond the tables whose moves all stay beyond: no list
  $("moves-title").hidden = !listed.length;
  // each group once, in the order its first move comes, its moves in the server's order
  const groups = new Map();
  for (const m of listed) {
    if (!groups.has(group(m))) groups.set(group(m), []);
    groups.get(group(m)).push(m);
  }
  let shown = null;
  for (const m of [...groups.values()].flat()) {
    if (group(m) !== shown) {
      shown = group(m);
      const title = document.createElement("li");
      title.className = "group";
      title.textContent = shown;
      list.appendChild(title);
    }
    const li = document.createElement("li");
    const b = document.createElement("button");
    b.type = "button";
    b.dataset.uci = m.uci;
    b.dataset.dtz = m.dtz === null ? "" : String(m.dtz);
    const san = document.createElement("strong");
    san.textContent = m.san;
    const [cls, words] = outcome(m);
    const word = document.createElement("span");
    word.className = cls;
    word.textContent = words;
    b.append(san, " ", word);
    for (const [kind, text] of badges(m)) {
      const badge = document.createElement("span");
      badge.className = "badge " + kind;
      badge.dataset.badge = kind;
      badge.textContent = text;
      b.append(" ", badge);
    }
    b.addEventListener("mouseenter", () => hover(m.uci));
    b.addEventListener("focus", () => hover(m.uci));
    b.addEventListener("mouseleave", () => hover(null));
    b.addEventListener("blur", () => hover(null));
    b.addEventListener("click", () => play(m));
    li.appendChild(b);
    list.appendChild(li);
  }
}

// A row of numbered moves, each a button: `steps` are { san, uci }, played from `pos`;
// `at` is how many are on the board now; `go(k)` shows the position after k of them.
export function showSteps(list, steps, pos, at, go) {
  list.textContent = "";
  const labels = numbered(steps.map((s) => s.san), pos.turn, pos.number);
  steps.forEach((step, i) => {
    const li = document.createElement("li");
    if (i + 1 === at) li.className = "current";
    const b = document.createElement("button");
    b.type = "button";
    b.textContent = labels[i];
    b.dataset.uci = step.uci;
    if (step.fen) b.dataset.fen = step.fen;
    b.addEventListener("click", () => go(i + 1));
    li.appendChild(b);
    list.appendChild(li);
  });
}

// The optimal line: its steps, where the board stands in it, and why there is none.
export function showLine(line, at, v, go) {
  showSteps($("line"), line.steps, line.rootPos, at, go);
  $("line-note").textContent = line.note || "";
  $("line-step").textContent = line.steps.length ? at + " / " + line.steps.length : "no line: " + lineEnd(v);
  // no dead buttons: each steps only where there is a step
  $("line-prev").disabled = !line.steps.length || at <= 0;
  $("line-next").disabled = !line.steps.length || at >= line.steps.length;
}

// The explanation of a KPK position in chess words, with its proof line to step through.
export function showExplanation(explanation, pos, goProof) {
  const proof = explanation && explanation.proof;
  $("why").textContent = explanation ? explanation.reason : "";
  const list = $("proof");
  list.textContent = "";
  // the proof's moves to step through; what decides its end is the why's own sentence (the
  // rule's conditions are kpk explain --verbose's)
  if (proof) showSteps(list, proof.line.moves, pos, -1, goProof);
  // the tables' first move only where it is the one to play (a drawn position has many)
  const first = explanation && explanation.first_move && explanation.category !== "draw"
    ? (explanation.category === "win" ? ". Fastest win: " : ". Longest defence: ") + explanation.first_move.san
    : "";
  $("squares-note").textContent = explanation && explanation.key_squares
    ? "Key squares: " + explanation.key_squares.join(" ") + first
    : "";
}

// The rules' plan of a KPK position beside the verdict; `play()` plays it.
export function showPlan(plan, play) {
  const box = $("plan-box");
  box.hidden = !plan;
  if (!plan) return;
  const b = $("plan-move");
  b.textContent = plan.san;
  b.setAttribute("aria-label", "play the plan's move " + plan.san);
  b.dataset.uci = plan.uci;
  b.onclick = () => play(plan);
  $("plan-reason").textContent = plan.reason;
}

// The coach's line on the move just played: `coach` is { san, kind, mark, result, reason,
// refutation }, or null (the line is emptied, not hidden, so that screen readers announce the
// next one). The toggle shows where a plan or a coach's line does.
export function showCoach(coach, toggle) {
  const p = $("coach");
  p.textContent = "";
  $("coach-toggle").hidden = !toggle;
  if (!coach) {
    delete p.dataset.kind;
    return;
  }
  p.dataset.kind = coach.kind;
  const head = document.createElement("strong");
  head.textContent = coach.san + coach.mark;
  p.append(head, " ", coach.reason.charAt(0).toUpperCase() + coach.reason.slice(1) + ".");
  if (coach.refutation) {
    const line = document.createElement("span");
    line.className = "coach-line";
    line.textContent = coach.refutation.notation;
    p.append(line);
  }
}

// The evaluation bar: `view` is { band, text, white } (engine.js), or null for none.
export function showBar(view) {
  const bar = $("evalbar");
  const white = view ? Math.round(view.white * 100) : 50;
  // White's share: the fill's width on a phone's horizontal bar, its height beside the board
  bar.style.setProperty("--white", white + "%");
  $("evalbar-text").textContent = view ? view.text : "";
  bar.dataset.band = view ? view.band : "none";
  bar.setAttribute("aria-valuenow", String(white));
  bar.setAttribute("aria-valuetext", view ? view.text : "no evaluation");
}

// The engine's box: `engine` is { running, depth, score (the bar's view), pv: [san], note },
// or null to hide it.
export function showEngine(engine, pos, { play, preview } = {}) {
  const box = $("engine-box");
  box.hidden = !engine;
  if (!engine) return;
  $("engine-depth").textContent = engine.depth ? "depth " + engine.depth : "";
  $("engine-depth").dataset.depth = String(engine.depth || 0);
  const best = engine.lines[0];
  $("engine-score").textContent = best ? best.score.text : engine.running ? "thinking\u2026" : "";
  // Stop while it thinks, Go to think again
  const toggle = $("engine-stop");
  toggle.textContent = engine.running ? "Stop" : "Go";
  toggle.setAttribute("aria-label", engine.running ? "stop the engine" : "start the engine again");
  $("engine-note").textContent = engine.note || "";
  // each line: its score, then its moves, each a button that plays the line to it, and shows
  // the position after it while hovered or focused
  const list = $("engine-pv");
  list.textContent = "";
  for (const line of engine.lines) {
    if (!line) continue;
    const li = document.createElement("li");
    const score = document.createElement("span");
    score.className = "line-score";
    score.textContent = line.score.text;
    li.append(score);
    const labels = numbered(line.pv.map((m) => m.san), pos.turn, pos.number);
    line.pv.forEach((m, k) => {
      const b = document.createElement("button");
      b.type = "button";
      b.textContent = labels[k];
      b.dataset.uci = m.uci;
      const steps = line.pv.slice(0, k + 1);
      if (play) b.addEventListener("click", () => play(steps));
      if (preview) {
        b.addEventListener("mouseenter", () => preview(steps));
        b.addEventListener("focus", () => preview(steps));
        b.addEventListener("mouseleave", () => preview(null));
        b.addEventListener("blur", () => preview(null));
      }
      li.append(" ", b);
    });
    list.append(li);
  }
}
