import assert from "node:assert/strict";
import { test } from "node:test";
import type { LegalMove } from "../src/answers";
import { destsOf } from "../src/board";
import { movesBetween, typedMove } from "../src/play";
import { epCandidates, fenOf, parseFen, parsePlacement, placeMan } from "../src/position";

const m = (uci: string, san: string, rook: string | null = null): LegalMove => ({ uci, san, fen: "", check: false, rook });
const LEGAL = [
  m("e1g1", "O-O", "h1"),
  m("e1c1", "O-O-O", "a1"),
  m("e1d1", "Kd1"),
  m("b7b8q", "b8=Q+"),
  m("b7b8r", "b8=R"),
  m("b7b8b", "b8=B"),
  m("b7b8n", "b8=N"),
  m("b7a8q", "bxa8=Q"),
];

test("a king dropped on his rook castles; a pawn on the last rank has a move per piece", () => {
  assert.deepEqual(movesBetween("e1", "h1", LEGAL).map((x) => x.uci), ["e1g1"]);
  assert.deepEqual(movesBetween("e1", "g1", LEGAL).map((x) => x.uci), ["e1g1"]);
  assert.deepEqual(movesBetween("e1", "a1", LEGAL).map((x) => x.uci), ["e1c1"]);
  assert.equal(movesBetween("b7", "b8", LEGAL).length, 4);
  assert.equal(movesBetween("e1", "e2", LEGAL).length, 0);
});

test("the board's destinations: a promotion's square once, castling's king and rook squares", () => {
  const dests = destsOf(LEGAL);
  assert.deepEqual(dests.get("e1"), ["g1", "h1", "c1", "a1", "d1"]);
  assert.deepEqual(dests.get("b7"), ["b8", "a8"]);
});

test("a typed move: UCI or SAN, marks and zeros allowed, a promotion asks for its piece", () => {
  const uci = (text: string): string => {
    const r = typedMove(text, LEGAL);
    return "move" in r ? r.move.uci : r.error;
  };
  assert.equal(uci("0-0"), "e1g1");
  assert.equal(uci("O-O-O!"), "e1c1");
  assert.equal(uci("b8=Q"), "b7b8q");
  assert.equal(uci("b8Q"), "b7b8q");
  assert.equal(uci("e1d1"), "e1d1");
  assert.equal(uci("b8"), "b8 promotes: say to what, as b8=Q");
  assert.equal(uci("Kf2"), "Kf2 is not a legal move here");
  assert.equal(uci("  "), "type a move, such as e4, Kd6 or e2e4");
});

test("FEN fields read and written back; lichess's underscores read", () => {
  const fen = "r3k2r/8/8/3pP3/8/8/8/R3K2R w KQkq d6 12 40";
  assert.equal(fenOf(parseFen(fen)), fen);
  assert.equal(fenOf(parseFen(fen.replace(/ /g, "_"))), fen);
  assert.equal(fenOf(parseFen("8/8/8/8/8/8/8/K6k")), "8/8/8/8/8/8/8/K6k w - - 0 1");
  assert.equal(parsePlacement("8/8/8/8/8/8/8/9"), null);
  assert.equal(parsePlacement("8/8/8/8/8/8/8"), null);
});

test("the editor: one king of each colour, en passant squares behind a double step", () => {
  const board = parseFen("4k3/8/8/3pP3/8/8/8/4K3 w - - 0 1").board;
  placeMan(board, 0, "K");
  assert.equal(board.filter((x) => x === "K").length, 1);
  assert.equal(board[0], "K");
  assert.deepEqual(epCandidates(board, "w"), ["d6"]);
  assert.deepEqual(epCandidates(board, "b"), []);
});
