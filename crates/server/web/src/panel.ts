// The analysis beside the board, drawn from the board's view (/view: kpk_answers::view): the
// verdict, every move with its outcome and badges (as lichess's tablebase panel shows them), the
// optimal line and the reason in chess words. Every word comes from the answers.
import type { Bar, LabelledStep, ListedMove, PlannedMove, Teaching, View } from "./answers";
import { $ } from "./dom";
import type { EngineRun, LineActions, ShownLine } from "./state";
import type { Coached } from "./tree";

/** The optimal line's parts, hidden together where there is no line. */
export const LINE_PARTS = ["line-title", "line-controls", "line-note", "line"];

/** Empties the analysis, with `message` in the verdict's place (and no line's parts). */
export function clear(message: string): void {
  const verdict = $("verdict");
  verdict.textContent = message;
  verdict.dataset.category = "";
  verdict.dataset.dtm = "";
  verdict.dataset.dtz = "";
  for (const id of ["why", "squares-note", "line-note", "line-step", "moves", "line", "proof", "coach"]) {
    $(id).textContent = "";
  }
  // no heading over an empty list
  $("moves-title").hidden = true;
  $("teaching").hidden = true;
  $("plan-box").hidden = true;
  $("engine-box").hidden = true;
  for (const id of LINE_PARTS) $(id).hidden = true;
  showBar(null);
}

/** What a move of the list does when hovered (`null`: left) and when clicked. */
export interface MoveActions {
  hover(uci: string | null): void;
  play(m: ListedMove): void;
}

/** The verdict and the moves of a view. */
export function showView(v: View, { hover, play }: MoveActions): void {
  const verdict = $("verdict");
  verdict.textContent = v.verdict;
  verdict.dataset.category = v.category ?? "";
  verdict.dataset.dtm = v.dtm === null ? "" : String(v.dtm);
  verdict.dataset.dtz = v.dtz === null ? "" : String(v.dtz);
  const list = $("moves");
  list.textContent = "";
  // a finished game, or a position beyond the tables whose moves all stay beyond: no list
  $("moves-title").hidden = !v.groups.length;
  for (const group of v.groups) {
    const title = document.createElement("li");
    title.className = "group";
    title.textContent = group.name;
    list.append(title);
    for (const m of group.moves) {
      const li = document.createElement("li");
      const b = document.createElement("button");
      b.type = "button";
      b.dataset.uci = m.uci;
      const san = document.createElement("strong");
      san.textContent = m.san;
      const word = document.createElement("span");
      word.className = m.class;
      word.textContent = m.outcome;
      b.append(san, " ", word);
      for (const { kind, text } of m.badges) {
        const badge = document.createElement("span");
        badge.className = `badge ${kind}`;
        badge.dataset.badge = kind;
        badge.textContent = text;
        b.append(" ", badge);
      }
      b.addEventListener("mouseenter", () => hover(m.uci));
      b.addEventListener("focus", () => hover(m.uci));
      b.addEventListener("mouseleave", () => hover(null));
      b.addEventListener("blur", () => hover(null));
      b.addEventListener("click", () => play(m));
      li.append(b);
      list.append(li);
    }
  }
}

/**
 * A row of numbered moves, each a button: `steps` are the answers' labelled steps; `at` is how
 * many are on the board now; `go(k)` shows the position after k.
 */
export function showSteps(list: HTMLElement, steps: readonly LabelledStep[], at: number, go: (k: number) => void): void {
  list.textContent = "";
  steps.forEach((step, i) => {
    const li = document.createElement("li");
    if (i + 1 === at) li.className = "current";
    const b = document.createElement("button");
    b.type = "button";
    b.textContent = step.label;
    b.dataset.uci = step.uci;
    b.dataset.fen = step.fen;
    b.addEventListener("click", () => go(i + 1));
    li.append(b);
    list.append(li);
  });
}

/** The optimal line: its steps, where the board stands in it, and why there is none. */
export function showLine(line: ShownLine, at: number, go: (k: number) => void): void {
  showSteps($("line"), line.steps, at, go);
  $("line-note").textContent = line.note;
  $("line-step").textContent = line.steps.length ? `${at} / ${line.steps.length}` : line.end;
  // no dead buttons: each steps only where there is a step
  $<HTMLButtonElement>("line-prev").disabled = !line.steps.length || at <= 0;
  $<HTMLButtonElement>("line-next").disabled = !line.steps.length || at >= line.steps.length;
}

/** The KPK lesson's first part: why, the proof's line to step through, the key squares. */
export function showTeaching(teaching: Teaching | null, goProof: (k: number) => void): void {
  $("why").textContent = teaching?.why ?? "";
  showSteps($("proof"), teaching?.proof ?? [], -1, goProof);
  $("squares-note").textContent = teaching?.squares ?? "";
}

/** The rules' plan of a KPK position beside the verdict; `play()` plays it. */
export function showPlan(plan: PlannedMove | null, play: (uci: string) => void): void {
  const box = $("plan-box");
  box.hidden = !plan;
  if (!plan) return;
  const b = $("plan-move");
  b.textContent = plan.san;
  b.setAttribute("aria-label", `play the plan's move ${plan.san}`);
  b.dataset.uci = plan.uci;
  b.onclick = () => play(plan.uci);
  $("plan-reason").textContent = plan.reason;
}

/**
 * The coach's line on the move just played, or none (the line is emptied, not hidden, so that
 * screen readers announce the next one). The toggle shows where a plan or a coach's line does.
 */
export function showCoach(coach: Coached | null, toggle: boolean): void {
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
  p.append(head, " ", coach.sentence);
  if (coach.refutation) {
    const line = document.createElement("span");
    line.className = "coach-line";
    line.textContent = coach.refutation.notation;
    p.append(line);
  }
}

/** The evaluation bar: a score as the bar shows it (the view's, or an engine line's), or none. */
export function showBar(bar: Bar | null): void {
  const el = $("evalbar");
  const white = bar ? Math.round(bar.white * 100) : 50;
  // White's share: the fill's width on a phone's horizontal bar, its height beside the board
  el.style.setProperty("--white", `${white}%`);
  // the short text where the bar is thin, the whole on hover and for a screen reader
  $("evalbar-text").textContent = bar?.short ?? "";
  el.title = bar?.text ?? "";
  el.dataset.band = bar?.band ?? "none";
  el.setAttribute("aria-valuenow", String(white));
  el.setAttribute("aria-valuetext", bar?.text ?? "no evaluation");
}

/** The engine's box, or none: its depth, its lines, each move a button. */
export function showEngine(engine: EngineRun | null, actions?: LineActions): void {
  const box = $("engine-box");
  box.hidden = !engine;
  if (!engine) return;
  $("engine-name").textContent = engine.name || "Engine";
  const depth = $("engine-depth");
  depth.textContent = engine.depth ? `depth ${engine.depth}` : "";
  depth.dataset.depth = String(engine.depth || 0);
  const best = engine.lines[0];
  $("engine-score").textContent = best ? best.score.text : engine.running ? "thinking\u2026" : "";
  // Stop while it thinks, Go to think again
  const toggle = $("engine-stop");
  toggle.textContent = engine.running ? "Stop" : "Go";
  toggle.setAttribute("aria-label", engine.running ? "stop the engine" : "start the engine again");
  $("engine-note").textContent = engine.note;
  // each line: its score, then its moves, each a button that plays the line to it, and shows
  // the position after it in a small board while hovered or focused
  const list = $("engine-pv");
  list.textContent = "";
  for (const line of engine.lines) {
    if (!line) continue;
    const li = document.createElement("li");
    const score = document.createElement("span");
    score.className = "line-score";
    score.textContent = line.score.text;
    // a line that reaches the tables shows their score: the words say so, and the engine's
    if (line.tables) score.title = line.tables;
    li.append(score);
    line.pv.forEach((m, k) => {
      const b = document.createElement("button");
      b.type = "button";
      b.textContent = m.label;
      b.dataset.uci = m.uci;
      b.dataset.fen = m.fen;
      const steps = line.pv.slice(0, k + 1);
      if (actions) {
        b.addEventListener("click", () => actions.play(steps));
        b.addEventListener("mouseenter", () => actions.preview(steps, b));
        b.addEventListener("focus", () => actions.preview(steps, b));
        b.addEventListener("mouseleave", () => actions.preview(null, null));
        b.addEventListener("blur", () => actions.preview(null, null));
      }
      li.append(" ", b);
    });
    list.append(li);
  }
}
