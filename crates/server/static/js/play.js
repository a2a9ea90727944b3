// Moves into the tree of moves: a move of /standard's list (with the coach's verdict on it),
// the steps of a line, or the legal move a typed text names. Nothing here draws: the caller
// shows the new position (analysis.js: `play`, `playFrom`).
import { afterMove, fenOf } from "./fen.js";
import { current, moves, state } from "./state.js";

// Plays a move of /standard's list (or of a line) into the tree. In a KPK position the coach's
// verdict on the move, from the rules, goes with the new position.
export function moveIntoTree(m) {
  const from = current();
  const judged = state.map && state.mapNode === from
    ? state.map.explanation.moves.find((j) => j.uci === m.uci)
    : null;
  const pos = afterMove(from.pos, m.uci);
  const node = state.tree.play(m.uci, m.san, pos, fenOf(pos));
  if (judged) node.coach = { san: judged.san, ...judged.verdict };
}

// Plays `steps` (each { uci, san }) from `node` into the tree: the position after them is the
// current one.
export function stepsIntoTree(node, steps) {
  state.tree.current = node;
  for (const s of steps) {
    const pos = afterMove(current().pos, s.uci);
    state.tree.play(s.uci, s.san, pos, fenOf(pos));
  }
}

// The legal move a typed text names: UCI (`e2e4`, `e7e8q`) or SAN (`e4`, `Kd6`, `exd6`,
// `e8=Q`, `O-O`; check marks and annotations ignored), or a message saying why none.
export function typedMove(text) {
  const t = text.trim().replace(/[+#!?]+$/, "").replace(/0-0-0/g, "O-O-O").replace(/0-0/g, "O-O");
  if (!t) return { error: "type a move, such as e4, Kd6 or e2e4" };
  const plain = (san) => san.replace(/[+#]+$/, "");
  const byUci = moves().filter((m) => m.uci === t.toLowerCase());
  if (byUci.length) return { move: byUci[0] };
  const bySan = moves().filter((m) => plain(m.san) === t || plain(m.san).replace("=", "") === t);
  if (bySan.length === 1) return { move: bySan[0] };
  const promotions = moves().filter((m) => plain(m.san).startsWith(t + "="));
  if (promotions.length) return { error: `${t} promotes: say to what, as ${t}=Q` };
  return { error: `${text.trim()} is not a legal move here` };
}
