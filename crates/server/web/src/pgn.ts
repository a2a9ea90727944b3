// PGN: the moves of this visit with their variations and the coach's words as comments, written
// out; and a PGN read back (its FEN tag, its moves, its variations), each move found among the
// answers' legal moves of its position, so that nothing here needs a move generator.
import type { Answer, LegalMove, View } from "./answers";
import { STANDARD, parseFen } from "./position";
import { type Node, Tree, numberBefore, walk } from "./tree";

/** The coach's verdict as PGN writes it: the mark after the move, the words as a comment. */
function coachOf(node: Node): { mark: string; comment: string } {
  const c = node.coach;
  if (!c) return { mark: "", comment: "" };
  const words = [c.reason, c.refutation?.notation].filter(Boolean).join(" ");
  return { mark: c.mark, comment: words ? ` { ${words.replace(/[{}]/g, "")} }` : "" };
}

/**
 * The PGN of `tree`: the tags (`site` the page's address; the FEN where the game does not start
 * from the usual position), the main line, each variation in brackets after the move it
 * replaces.
 */
export function writePgn(tree: Tree, site: string): string {
  const tags: [string, string][] = [["Event", "kpk explorer"], ["Site", site], ["Result", "*"]];
  if (tree.root.fen !== STANDARD) tags.push(["SetUp", "1"], ["FEN", tree.root.fen]);
  const out: string[] = [];
  walk(tree, {
    move(node, force) {
      const { mark, comment } = coachOf(node);
      out.push(numberBefore(node, force) + (node.san ?? "") + mark + comment);
    },
    open: () => out.push("("),
    close: () => out.push(")"),
  });
  const body = out.join(" ").replace(/\( /g, "(").replace(/ \)/g, ")");
  const head = tags.map(([k, v]) => `[${k} "${v.replace(/"/g, "'")}"]`).join("\n");
  return `${head}\n\n${body ? `${body} ` : ""}*\n`;
}

/**
 * The tokens of a PGN's move text: moves, "(" and ")"; tags, comments, move numbers, NAGs and
 * results left out.
 */
export function tokens(text: string): string[] {
  const body = text
    .replace(/\{[^}]*\}/g, " ")
    .replace(/;[^\n]*/g, " ")
    .replace(/\[[^\]]*\]/g, " ");
  return body
    .replace(/([()])/g, " $1 ")
    .split(/\s+/)
    .map((t) => t.replace(/^\d+\.(\.\.)?/, ""))
    .filter((t) => t && !/^\$\d+$/.test(t) && !/^(1-0|0-1|1\/2-1\/2|\*)$/.test(t));
}

/** A SAN as typed, compared plainly: no check marks or annotations, castling with letters. */
export const plainSan = (san: string): string =>
  san.replace(/[+#!?]+$/, "").replace(/0-0-0/, "O-O-O").replace(/0-0/, "O-O").replace("=", "");

/** The move of `moves` (the answers' legal moves) that the SAN `san` names. */
export function named(moves: readonly LegalMove[], san: string): LegalMove | null {
  return moves.find((m) => plainSan(m.san) === plainSan(san)) ?? null;
}

/** How the reader asks for a position's view. */
export type AskView = (fen: string) => Promise<Answer<View>>;

/**
 * Reads `text` into a new tree: its FEN tag's position (else the usual one), its moves and
 * variations, each move matched among the legal moves `view` answers. Answers `{ tree }` or
 * `{ error }` naming the first move that does not read.
 */
export async function readPgn(text: string, view: AskView): Promise<{ tree: Tree } | { error: string }> {
  const fenTag = /\[FEN\s+"([^"]*)"\]/.exec(text);
  const first = await view(fenTag?.[1] ?? STANDARD);
  if (!first.ok) return { error: `the PGN's position: ${first.body.error}` };
  // the position as the answers write it
  const tree = new Tree(parseFen(first.body.fen), first.body.fen);
  const stack: Node[] = []; // the node each open bracket returns to
  let at = tree.root;
  let before = tree.root;
  for (const t of tokens(text)) {
    if (t === "(") {
      stack.push(at);
      at = before;
      continue;
    }
    if (t === ")") {
      const back = stack.pop();
      if (!back) return { error: "a variation closes that never opened" };
      at = back;
      before = at.parent ?? at;
      continue;
    }
    const answer = await view(at.fen);
    const after = at.san ?? "the start";
    if (!answer.ok) return { error: `after ${after}: ${answer.body.error}` };
    const m = named(answer.body.legal, t);
    if (!m) return { error: `${t} is not a legal move after ${after}` };
    tree.current = at;
    before = at;
    at = tree.play(m.uci, m.san, parseFen(m.fen), m.fen);
  }
  if (stack.length) return { error: "a variation opens that never closes" };
  tree.current = tree.root;
  return { tree };
}
