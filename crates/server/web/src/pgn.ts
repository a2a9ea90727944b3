// PGN: the moves of this visit with their variations and the coach's words as comments, written
// out; and a PGN read back (its FEN tag, its moves, its variations), each move found among the
// answers' legal moves of its position, so that nothing here needs a move generator.
import type { Answer, LegalMove, View } from "./answers";
import { STANDARD, parseFen } from "./position";
import { type Node, Tree, numberBefore, walk } from "./tree";

/** The move annotations lichess shows beside a move, by their PGN number. */
export const GLYPHS: Record<number, string> = { 1: "!", 2: "?", 3: "!!", 4: "??", 5: "!?", 6: "?!" };
const NAG_OF: Record<string, number> = Object.fromEntries(Object.entries(GLYPHS).map(([n, g]) => [g, Number(n)]));

/** The limits of a PGN read: a text, a game or a nesting beyond them is refused, not read. */
export const LIMITS = { chars: 500_000, moves: 5_000, depth: 32 } as const;

/**
 * A move's annotations and comment as PGN writes them: the first of `!`, `?`, `!!`, `??`, `!?`,
 * `?!` after the SAN (else the coach's mark), any other NAG as `$n`, then the comment and the
 * coach's words in braces.
 */
function annotations(node: Node): { mark: string; rest: string } {
  const nags = node.nags ?? [];
  const glyph = nags.map((n) => GLYPHS[n]).find(Boolean);
  const mark = glyph ?? node.coach?.mark ?? "";
  const others = nags.filter((n) => !GLYPHS[n] || GLYPHS[n] !== glyph).map((n) => ` $${n}`).join("");
  const c = node.coach;
  const words = [node.comment, c?.reason, c?.refutation?.notation].filter(Boolean).join(" ");
  return { mark, rest: others + (words ? ` { ${words.replace(/[{}]/g, "")} }` : "") };
}

/**
 * The PGN of `tree`: the tags (`site` the page's address; the FEN where the game does not start
 * from the usual position), the main line, each variation in brackets after the move it
 * replaces, with the moves' annotations and comments.
 */
export function writePgn(tree: Tree, site: string): string {
  const tags: [string, string][] = [["Event", "kpk explorer"], ["Site", site], ["Result", "*"]];
  if (tree.root.fen !== STANDARD) tags.push(["SetUp", "1"], ["FEN", tree.root.fen]);
  const out: string[] = [];
  walk(tree, {
    move(node, force) {
      const { mark, rest } = annotations(node);
      out.push(numberBefore(node, force) + (node.san ?? "") + mark + rest);
    },
    open: () => {
      out.push("(");
    },
    close: () => out.push(")"),
  });
  const body = out.join(" ").replace(/\( /g, "(").replace(/ \)/g, ")");
  const head = tags.map(([k, v]) => `[${k} "${v.replace(/"/g, "'")}"]`).join("\n");
  return `${head}\n\n${body ? `${body} ` : ""}*\n`;
}

/** A token of a PGN's move text. */
export type Token =
  | { kind: "move"; san: string }
  | { kind: "nag"; nag: number }
  | { kind: "comment"; text: string }
  | { kind: "open" }
  | { kind: "close" };

/**
 * The tokens of a PGN's move text: moves (a SAN's trailing `!?` read as its NAG), NAGs,
 * comments (`{...}` and `;` to the line's end), brackets; tags, move numbers and the result
 * left out. A comment or tag that never closes is an error naming where it opens.
 */
export function tokens(text: string): Token[] | { error: string } {
  const out: Token[] = [];
  let i = 0;
  const line = (at: number): number => text.slice(0, at).split("\n").length;
  while (i < text.length) {
    const c = text.charAt(i);
    if (/\s/.test(c)) {
      i++;
    } else if (c === "{" || c === "[") {
      const close = text.indexOf(c === "{" ? "}" : "]", i);
      if (close < 0) return { error: `a ${c === "{" ? "comment" : "tag"} opens on line ${line(i)} and never closes` };
      if (c === "{") out.push({ kind: "comment", text: text.slice(i + 1, close).trim() });
      i = close + 1;
    } else if (c === ";") {
      const end = text.indexOf("\n", i);
      out.push({ kind: "comment", text: text.slice(i + 1, end < 0 ? text.length : end).trim() });
      i = end < 0 ? text.length : end;
    } else if (c === "(" || c === ")") {
      out.push({ kind: c === "(" ? "open" : "close" });
      i++;
    } else {
      const word = /^[^\s{}()[\];]+/.exec(text.slice(i))?.[0] ?? c;
      i += word.length;
      const nag = /^\$(\d{1,3})$/.exec(word);
      if (nag) out.push({ kind: "nag", nag: Number(nag[1]) });
      else {
        const move = word.replace(/^\d+\.+/, "");
        if (!move || /^(1-0|0-1|1\/2-1\/2|\*)$/.test(move)) continue;
        const glyph = /(!!|\?\?|!\?|\?!|!|\?)$/.exec(move)?.[0];
        out.push({ kind: "move", san: glyph ? move.slice(0, -glyph.length) : move });
        if (glyph) out.push({ kind: "nag", nag: NAG_OF[glyph] ?? 0 });
      }
    }
  }
  return out;
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
 * variations with their annotations and comments, each move matched among the legal moves
 * `view` answers. Answers `{ tree }` or `{ error }` naming where the text stops reading; a text,
 * a game or a nesting beyond `LIMITS` is refused before any move is read.
 */
export async function readPgn(text: string, view: AskView): Promise<{ tree: Tree } | { error: string }> {
  if (text.length > LIMITS.chars) return { error: `the PGN has ${text.length} characters: at most ${LIMITS.chars} are read` };
  const read = tokens(text);
  if ("error" in read) return read;
  const moves = read.filter((t) => t.kind === "move").length;
  if (moves > LIMITS.moves) return { error: `the PGN has ${moves} moves: at most ${LIMITS.moves} are read` };
  const fenTag = /\[FEN\s+"([^"]*)"\]/.exec(text);
  const first = await view(fenTag?.[1] ?? STANDARD);
  if (!first.ok) return { error: `the PGN's position: ${first.body.error}` };
  // the position as the answers write it
  const tree = new Tree(parseFen(first.body.fen), first.body.fen);
  const stack: Node[] = []; // the node each open bracket returns to
  let at = tree.root;
  let before = tree.root;
  let count = 0;
  // a comment or NAG before a line's first move (at the start, or just after "(") waits for it
  let pending: { nags: number[]; comment: string } | null = { nags: [], comment: "" };
  for (const t of read) {
    if (t.kind === "open") {
      if (stack.length >= LIMITS.depth) return { error: `variations nest deeper than ${LIMITS.depth} after ${at.san ?? "the start"}` };
      if (at === tree.root) return { error: "a variation opens before any move" };
      stack.push(at);
      at = before;
      pending = { nags: [], comment: "" };
    } else if (t.kind === "close") {
      const back = stack.pop();
      if (!back) return { error: `a variation closes that never opened, after ${at.san ?? "the start"}` };
      at = back;
      before = at.parent ?? at;
    } else if (t.kind === "nag") {
      if (pending) pending.nags.push(t.nag);
      else at.nags = [...(at.nags ?? []), t.nag];
    } else if (t.kind === "comment") {
      if (pending) pending.comment = [pending.comment, t.text].filter(Boolean).join(" ");
      else if (t.text) at.comment = at.comment ? `${at.comment} ${t.text}` : t.text;
    } else {
      count++;
      const answer = await view(at.fen);
      const after = at.san ?? "the start";
      if (!answer.ok) return { error: `the PGN's move ${count}, after ${after}: ${answer.body.error}` };
      const m = named(answer.body.legal, t.san);
      if (!m) return { error: `${t.san} (the PGN's move ${count}) is not a legal move after ${after}` };
      tree.current = at;
      before = at;
      at = tree.play(m.uci, m.san, parseFen(m.fen), m.fen);
      if (pending) {
        if (pending.nags.length) at.nags = [...(at.nags ?? []), ...pending.nags];
        if (pending.comment) at.comment = at.comment ? `${pending.comment} ${at.comment}` : pending.comment;
        pending = null;
      }
    }
  }
  if (stack.length) return { error: "a variation opens that never closes" };
  tree.current = tree.root;
  return { tree };
}
