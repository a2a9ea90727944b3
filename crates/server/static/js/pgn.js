// PGN: the moves of this visit with their variations and the coach's words as comments, written
// out; and a PGN read back (its FEN tag, its moves, its variations), each move found among the
// answers' legal moves of its position, so that nothing here needs a move generator.
import { get } from "./api.js";
import { parseFen } from "./fen.js";
import { Tree } from "./tree.js";

const STANDARD = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

// The coach's verdict as PGN writes it: the mark after the move, the words as a comment.
function coachOf(node) {
  const c = node.coach;
  if (!c) return { mark: "", comment: "" };
  const words = [c.reason, c.refutation && c.refutation.notation].filter(Boolean).join(" ");
  return { mark: c.mark || "", comment: words ? ` { ${words.replace(/[{}]/g, "")} }` : "" };
}

// The PGN of `tree`: the tags (the FEN where the game does not start from the usual position),
// the main line, each variation in brackets after the move it replaces.
export function writePgn(tree) {
  const root = tree.root;
  const tags = [["Event", "kpk explorer"], ["Site", location.href.split("?")[0]], ["Result", "*"]];
  if (root.fen !== STANDARD) tags.push(["SetUp", "1"], ["FEN", root.fen]);
  const out = [];
  const number = (node, force) => {
    const p = node.parent.pos;
    return p.turn === "w" ? `${p.number}. ` : force ? `${p.number}... ` : "";
  };
  const move = (node, force) => {
    const { mark, comment } = coachOf(node);
    out.push(number(node, force) + node.san + mark + comment);
  };
  // the line from `node`'s children on: the first child continues it, the others branch
  const line = (node, force) => {
    for (let n = node, again = force; n.children.length; n = n.children[0]) {
      const [main, ...others] = n.children;
      move(main, again);
      again = false;
      for (const other of others) {
        out.push("(");
        move(other, true);
        line(other, false);
        out.push(")");
        again = true;
      }
    }
  };
  line(root, true);
  const body = out.join(" ").replace(/\( /g, "(").replace(/ \)/g, ")");
  return tags.map(([k, v]) => `[${k} "${v.replace(/"/g, "'")}"]`).join("\n") + "\n\n" + (body ? body + " " : "") + "*\n";
}

// The tokens of a PGN's move text: moves, "(" and ")"; comments, numbers, NAGs and results
// left out.
function tokens(text) {
  const body = text.replace(/^\s*\[[^\]]*\]\s*$/gm, "").replace(/\{[^}]*\}/g, " ").replace(/;[^\n]*/g, " ");
  return body
    .replace(/([()])/g, " $1 ")
    .split(/\s+/)
    .map((t) => t.replace(/^\d+\.(\.\.)?/, ""))
    .filter((t) => t && !/^\$\d+$/.test(t) && !/^(1-0|0-1|1\/2-1\/2|\*)$/.test(t));
}

// The move of the answer's list `moves` that the SAN `san` names (check marks, annotations and
// castling with zeros allowed).
function named(moves, san) {
  const plain = (s) => s.replace(/[+#!?]+$/, "").replace(/0-0-0/, "O-O-O").replace(/0-0/, "O-O").replace("=", "");
  return moves.find((m) => plain(m.san) === plain(san)) || null;
}

// Reads `text` into a new tree: its FEN tag's position (else the usual one), its moves and
// variations. Answers { tree } or { error } naming the first move that does not read.
export async function readPgn(text) {
  const fenTag = /\[FEN\s+"([^"]*)"\]/.exec(text);
  const start = fenTag ? fenTag[1] : STANDARD;
  const first = await get("/view", start);
  if (!first.ok) return { error: "the PGN's position: " + first.body.error };
  // the position as the answers write it
  const tree = new Tree(parseFen(first.body.fen), first.body.fen);
  // the node a variation starts from, for each bracket open
  const stack = [];
  let at = tree.root;
  let before = tree.root;
  for (const t of tokens(text)) {
    if (t === "(") {
      stack.push(at);
      at = before;
      continue;
    }
    if (t === ")") {
      if (!stack.length) return { error: "a variation closes that never opened" };
      at = stack.pop();
      before = at.parent || at;
      continue;
    }
    const answer = await get("/view", at.fen);
    if (!answer.ok) return { error: `after ${at.san || "the start"}: ${answer.body.error}` };
    const m = named(answer.body.legal, t);
    if (!m) return { error: `${t} is not a legal move after ${at.san ? at.san : "the start"}` };
    tree.current = at;
    before = at;
    at = tree.play(m.uci, m.san, parseFen(m.fen), m.fen);
  }
  tree.current = tree.root;
  return { tree };
}
