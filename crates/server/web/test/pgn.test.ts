import assert from "node:assert/strict";
import { test } from "node:test";
import { named, readPgn, tokens, writePgn } from "../src/pgn";
import { LEGAL, START, view } from "./fixtures";

const PGN = `[Event "t"]
[SetUp "1"]
[FEN "${START}"]

1. e4 $1 {the pawn first} Kd7 (1... Ke7 ; a comment to the line's end
) 2. Kd2 *`;

test("tokens: moves, NAGs (a SAN's glyph too), comments and brackets; tags, numbers and the result left out", () => {
  assert.deepEqual(tokens(PGN), [
    { kind: "move", san: "e4" },
    { kind: "nag", nag: 1 },
    { kind: "comment", text: "the pawn first" },
    { kind: "move", san: "Kd7" },
    { kind: "open" },
    { kind: "move", san: "Ke7" },
    { kind: "comment", text: "a comment to the line's end" },
    { kind: "close" },
    { kind: "move", san: "Kd2" },
  ]);
  assert.deepEqual(tokens("1.e4!? 1-0"), [{ kind: "move", san: "e4" }, { kind: "nag", nag: 5 }]);
  assert.deepEqual(tokens("1. e4 {never closed"), { error: "a comment opens on line 1 and never closes" });
  assert.deepEqual(tokens('[Event "x"\n1. e4'), { error: "a tag opens on line 1 and never closes" });
});

test("a SAN is found among the answers' moves, marks and zeros allowed", () => {
  const legal = LEGAL[START] ?? [];
  assert.equal(named(legal, "e4!?")?.uci, "e2e4");
  assert.equal(named(legal, "e5"), null);
  const castle = [{ uci: "e1g1", san: "O-O+", fen: "", check: true, rook: "h1" }];
  assert.equal(named(castle, "0-0")?.uci, "e1g1");
});

test("a PGN is read into the tree, its variation after the move it replaces", async () => {
  const read = await readPgn(PGN, view);
  assert.ok("tree" in read, "error" in read ? read.error : "");
  const tree = read.tree;
  assert.equal(tree.current, tree.root);
  const e4 = tree.root.children[0];
  assert.deepEqual(e4?.children.map((c) => c.san), ["Kd7", "Ke7"]);
  assert.equal(e4?.children[0]?.children[0]?.san, "Kd2");
});

test("written and read again, the PGN keeps the moves and variations", async () => {
  const first = await readPgn(PGN, view);
  assert.ok("tree" in first);
  const text = writePgn(first.tree, "http://localhost/");
  assert.match(text, /\[FEN "4k3\/8\/8\/8\/8\/8\/4P3\/4K3 w - - 0 1"\]/);
  assert.match(text, /1\. e4! \{ the pawn first \} Kd7 \(1\.\.\. Ke7 \{ a comment to the line's end \}\) 2\. Kd2 \*/);
  const again = await readPgn(text, view);
  assert.ok("tree" in again);
  assert.equal(writePgn(again.tree, "http://localhost/"), text);
});

test("the coach's verdict is written as a mark and a comment", async () => {
  const read = await readPgn(PGN, view);
  assert.ok("tree" in read);
  const e4 = read.tree.root.children[0];
  assert.ok(e4);
  e4.coach = {
    san: "e4",
    kind: "throws",
    mark: "?",
    plan: false,
    stalemate: false,
    result: "draw",
    idea: null,
    reason: "throws the win away {sic}",
    sentence: "Throws the win away.",
    refutation: null,
  };
  // the PGN's own "!" stands; the comments follow each other
  assert.match(writePgn(read.tree, "x"), /1\. e4! \{ the pawn first throws the win away sic \} Kd7/);
  e4.nags = [];
  assert.match(writePgn(read.tree, "x"), /1\. e4\? \{ the pawn first throws the win away sic \} Kd7/);
});

test("a move that is not legal, or a bracket out of place, is named", async () => {
  const bad = await readPgn(`[FEN "${START}"] 1. e4 Ke6`, view);
  assert.deepEqual(bad, { error: "Ke6 (the PGN's move 2) is not a legal move after e4" });
  const close = await readPgn(`[FEN "${START}"] 1. e4 )`, view);
  assert.deepEqual(close, { error: "a variation closes that never opened, after e4" });
  const open = await readPgn(`[FEN "${START}"] 1. e4 (1. e3`, view);
  assert.deepEqual(open, { error: "a variation opens that never closes" });
  const position = await readPgn(`[FEN "8/8/8/8/8/8/8/8 w - - 0 1"]`, view);
  assert.ok("error" in position && position.error.startsWith("the PGN's position: "));
});

test("a hostile PGN is refused where it stops reading, in bounded time", async () => {
  const long = await readPgn("e4 ".repeat(6000), view);
  assert.deepEqual(long, { error: "the PGN has 6000 moves: at most 5000 are read" });
  const huge = await readPgn("x".repeat(600_000), view);
  assert.ok("error" in huge && huge.error.startsWith("the PGN has 600000 characters"));
  const deep = await readPgn(`[FEN "${START}"] 1. e4 ${"(1. e3 ".repeat(40)}`, view);
  assert.deepEqual(deep, { error: "variations nest deeper than 32 after e3" });
  const garbage = await readPgn(`[FEN "${START}"] 1. e4 %%% Kd7`, view);
  assert.deepEqual(garbage, { error: "%%% (the PGN's move 2) is not a legal move after e4" });
});

test("a comment before a line's first move goes with that move, in the line", async () => {
  const read = await readPgn(`[FEN "${START}"] {the game} 1. e4 Kd7 ({wild} $5 1... Ke7) *`, view);
  assert.ok("tree" in read);
  const e4 = read.tree.root.children[0];
  assert.equal(e4?.comment, "the game");
  assert.equal(e4?.children[1]?.comment, "wild");
  assert.deepEqual(e4?.children[1]?.nags, [5]);
  assert.equal(e4?.children[0]?.comment, undefined);
  assert.match(writePgn(read.tree, "x"), /1\. e4 \{ the game \} Kd7 \(1\.\.\. Ke7!\? \{ wild \}\)/);
});
