// Moves into the tree of moves: a legal move of the view (with the coach's verdict on it), the
// steps of a line, or the legal move a typed text names. The position after a move is the one
// the answers give (its FEN): nothing here plays chess. Nothing here draws either: the caller
// shows the new position (analysis.ts: `play`, `playFrom`).
import type { LabelledStep, LegalMove } from "./answers";
import { plainSan } from "./pgn";
import { parseFen } from "./position";
import { current, moves, state } from "./state";
import type { Node } from "./tree";

/**
 * Plays the legal move `uci` of the current position into the tree, the position after it the
 * view's. In a KPK position the coach's verdict on the move, from the rules, goes with it.
 */
export function moveIntoTree(uci: string): void {
  const from = current();
  const legal = moves().find((l) => l.uci === uci);
  if (!legal) return;
  const judged = state.map && state.mapNode === from ? state.map.explanation.moves.find((j) => j.uci === uci) : undefined;
  const node = state.tree.play(legal.uci, legal.san, parseFen(legal.fen), legal.fen);
  if (judged) node.coach = { san: judged.san, ...judged.verdict };
}

/** Plays `steps` (a line's labelled steps) from `node` into the tree. */
export function stepsIntoTree(node: Node, steps: readonly LabelledStep[]): void {
  state.tree.current = node;
  for (const s of steps) state.tree.play(s.uci, s.san, parseFen(s.fen), s.fen);
}

/**
 * The legal move of `legal` a typed text names: UCI (`e2e4`, `e7e8q`) or SAN (`e4`, `Kd6`,
 * `exd6`, `e8=Q`, `O-O`; check marks and annotations ignored), or a message saying why none.
 */
export function typedMove(text: string, legal: readonly LegalMove[]): { move: LegalMove } | { error: string } {
  const t = text.trim().replace(/[+#!?]+$/, "").replace(/0-0-0/g, "O-O-O").replace(/0-0/g, "O-O");
  if (!t) return { error: "type a move, such as e4, Kd6 or e2e4" };
  const byUci = legal.find((m) => m.uci === t.toLowerCase());
  if (byUci) return { move: byUci };
  const bySan = legal.filter((m) => plainSan(m.san) === plainSan(t));
  const [only] = bySan;
  if (only && bySan.length === 1) return { move: only };
  const promotes = legal.some((m) => m.san.replace(/[+#]+$/, "").startsWith(`${t}=`));
  if (promotes) return { error: `${t} promotes: say to what, as ${t}=Q` };
  return { error: `${text.trim()} is not a legal move here` };
}

/**
 * The legal moves a man moved from `orig` to `dest` on the board may be: a king dropped on his
 * own rook castles (the view names the rook's square), and a pawn on the last rank has one move
 * per piece.
 */
export function movesBetween(orig: string, dest: string, legal: readonly LegalMove[]): LegalMove[] {
  const castle = legal.find((m) => m.rook === dest && m.uci.startsWith(orig));
  const to = castle ? castle.uci.slice(2, 4) : dest;
  return legal.filter((m) => m.uci.slice(0, 4) === orig + to);
}
