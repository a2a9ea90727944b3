import assert from "node:assert/strict";
import { test } from "node:test";
import { parseFen } from "../src/position";
import { Tree, numberBefore, stepsTo } from "../src/tree";
import { LEGAL, START } from "./fixtures";

/** A tree with 1. e4 Kd7 2. Kd2 and the variation 1... Ke7. */
function game(): Tree {
  const tree = new Tree(parseFen(START), START);
  const play = (uci: string): void => {
    const m = (LEGAL[tree.current.fen] ?? []).find((l) => l.uci === uci);
    assert.ok(m, `${uci} is legal in ${tree.current.fen}`);
    tree.play(m.uci, m.san, parseFen(m.fen), m.fen);
  };
  play("e2e4");
  play("e8d7");
  play("e1d2");
  tree.toStart();
  tree.forward();
  play("e8e7");
  return tree;
}

test("a move played again follows the branch already there", () => {
  const tree = game();
  const root = tree.root;
  const e4 = root.children[0];
  assert.equal(root.children.length, 1);
  assert.equal(e4?.children.map((c) => c.san).join(" "), "Kd7 Ke7");
  tree.current = root;
  const again = tree.play("e2e4", "e4", parseFen("4k3/8/8/8/4P3/8/8/4K3 b - - 0 1"), "4k3/8/8/8/4P3/8/8/4K3 b - - 0 1");
  assert.equal(again, e4);
});

test("stepping: back, forward along the main line, start and end", () => {
  const tree = game();
  assert.equal(tree.current.san, "Ke7");
  tree.back();
  assert.equal(tree.current.san, "e4");
  tree.forward();
  assert.equal(tree.current.san, "Kd7", "forward takes the main line");
  tree.toEnd();
  assert.equal(tree.current.san, "Kd2");
  tree.toStart();
  assert.equal(tree.current, tree.root);
  tree.back();
  assert.equal(tree.current, tree.root, "back at the start stays there");
});

test("take back forgets the move and what follows it", () => {
  const tree = game();
  tree.deleteCurrent();
  assert.equal(tree.current.san, "e4");
  assert.deepEqual(tree.current.children.map((c) => c.san), ["Kd7"]);
  tree.current = tree.root;
  tree.deleteCurrent();
  assert.equal(tree.current, tree.root, "the root cannot be taken back");
});

test("findFen prefers the current line, then finds any node", () => {
  const tree = game();
  const kd2 = "8/3k4/8/8/4P3/8/3K4/8 b - - 2 2";
  assert.equal(tree.findFen(kd2)?.san, "Kd2");
  assert.equal(tree.findFen(START), tree.root);
  assert.equal(tree.findFen("8/8/8/8/8/8/8/8 w - - 0 1"), null);
});

test("stepsTo counts the steps of a line to a node, or -1 off it", () => {
  const tree = game();
  const steps = [{ uci: "e2e4" }, { uci: "e8d7" }, { uci: "e1d2" }];
  tree.toStart();
  tree.toEnd();
  assert.equal(stepsTo(tree.root, steps, tree.current), 3);
  assert.equal(stepsTo(tree.root, steps, tree.root), 0);
  const ke7 = tree.root.children[0]?.children[1];
  assert.ok(ke7);
  assert.equal(stepsTo(tree.root, steps, ke7), -1);
});

test("move numbers as a score sheet writes them", () => {
  const tree = game();
  const e4 = tree.root.children[0];
  const kd7 = e4?.children[0];
  assert.ok(e4 && kd7);
  assert.equal(numberBefore(e4, false), "1. ");
  assert.equal(numberBefore(kd7, false), "");
  assert.equal(numberBefore(kd7, true), "1... ");
  assert.equal(numberBefore(tree.root, true), "", "the root has no move");
});

test("promote makes the current move's line the main line; the others keep their order", () => {
  const tree = game();
  assert.equal(tree.current.san, "Ke7");
  assert.equal(tree.onMainLine(), false);
  tree.promote();
  assert.equal(tree.onMainLine(), true);
  const e4 = tree.root.children[0];
  assert.deepEqual(e4?.children.map((c) => c.san), ["Ke7", "Kd7"]);
  tree.toStart();
  tree.toEnd();
  assert.equal(tree.current.san, "Ke7", "the main line now ends with Ke7");
  tree.promote();
  assert.deepEqual(e4?.children.map((c) => c.san), ["Ke7", "Kd7"], "promoting the main line changes nothing");
});
