// Moves into the tree of moves: a legal move of the view (with the coach's verdict on it), the
// steps of a line, or the legal move a typed text names. The position after a move is the one
// the answers give (its FEN): nothing here plays chess. Nothing here draws either: the caller
// shows the new position (analysis.js: `play`, `playFrom`).
import { parseFen } from "./fen.js";
import { current, moves, state } from "./state.js";

// Plays a move (its UCI) of the current position into the tree, the position after it the
// view's. In a KPK position the coach's verdict on the move, from the rules, goes with it.
export function moveIntoTree(m) {
  const from = current();
  const legal = moves().find((l) => l.uci === m.uci);
  if (!legal) return;
  const judged = state.map && state.mapNode === from
    ? state.map.explanation.moves.find((j) => j.uci === m.uci)
    : null;
  const node = state.tree.play(legal.uci, legal.san, parseFen(legal.fen), legal.fen);
  if (judged) node.coach = { san: judged.san, ...judged.verdict };
}

// Plays `steps` (each { uci, san, fen }: a line's labelled steps) from `node` into the tree:
// the position after them is the current one.
export function stepsIntoTree(node, steps) {
  state.tree.current = node;
  for (const s of steps) state.tree.play(s.uci, s.san, parseFen(s.fen), s.fen);
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
