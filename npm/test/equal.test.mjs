// The package answers as the CLI and the server do, byte for byte: `kpk probe --json`,
// `kpk explain --json`, and `kpk serve`'s /standard, /standard/mainline, /kpk/map and /kpk/line,
// on positions of every ending of at most three men (both colours, clocks 0-99), on positions
// beyond the tables, and on inputs they refuse. KPK_BIN names the `kpk` binary
// (default: target/ci/kpk); the module is npm/kpk.wasm (tools/wasm).
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { load } from "../index.js";
import { startServer, xorshift } from "./common.mjs";

const root = fileURLToPath(new URL("../..", import.meta.url));
const bin = process.env.KPK_BIN || root + "target/ci/kpk";
const COUNT = Number(process.env.KPK_POSITIONS || 28000);

// a fixed pseudo-random sequence, so that a failure can be replayed
const random = xorshift(0x2545f491);

// a position of the ending `piece` (null: the two kings alone) with men on distinct squares
// (legal or not: the answers must agree on both)
function position(piece) {
  const board = Array(64).fill(null);
  const put = (man) => {
    let sq;
    do sq = random(64);
    while (board[sq]);
    board[sq] = man;
  };
  put("K");
  put("k");
  if (piece) put(piece);
  const rows = [];
  for (let rank = 7; rank >= 0; rank--) {
    let row = "";
    let empty = 0;
    for (let file = 0; file < 8; file++) {
      const man = board[rank * 8 + file];
      if (!man) empty++;
      else {
        if (empty) row += empty;
        row += man;
        empty = 0;
      }
    }
    rows.push(row + (empty ? empty : ""));
  }
  return `${rows.join("/")} ${random(2) ? "w" : "b"} - - ${random(100)} ${1 + random(80)}`;
}

const ENDINGS = [null, "P", "p", "N", "n", "B", "b", "R", "r", "Q", "q"];
const positions = Array.from({ length: COUNT }, (_, i) => position(ENDINGS[i % ENDINGS.length]));
// refused inputs, and positions beyond the tables (the server answers them; the CLI refuses)
const refused = [
  "", "xx", "8/8/8/8/8/8/8/8 w - - 0 1", "4k3/8/8/8/8/8/8/4K3 x - - 0 1",
  "4k3/8/4K3/4P3/8/8/8/8 w - - -1 1", "4k3/8/4K3/4P3/8/8/8/8 w - - 0", "4K3/8/4k3/8/8/8/8/4P3 w - - 0 1",
  "k7/8/8/8/8/8/8/K6P w - - 0 1", "4k3/4K3/8/8/8/8/8/8 w - - 0 1", "4k3/8/8/8/8/8/3PP3/4K3 w - - 0 1",
  "r3k3/8/8/8/8/8/8/4K3 b q - 0 1", "4k3/8/8/8/8/8/4P3/4K3 w - e3 0 1", "4k3/8/8/8/8/8/4P3/4K3 w - - 200 1",
  "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "8/p1p5/1K6/8/3k4/8/8/8 w - - 0 1",
  "4k3/8/4K3/4P3/8/8/8/8_w_-_-_0_1", " 4k3/8/4K3/4P3/8/8/8/8 w - - 0 1 ", "\u00e9\u00e8",
  "6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1", "8/8/8/8/8/8/8/8/8 w - - 0 1",
];
const inputs = [...positions, ...refused];

let kpk;
let server;
let base;

before(async () => {
  kpk = await load();
  ({ server, base } = await startServer(bin, ["--cache-mib", "0"]));
});

after(() => server?.kill());

// the CLI's lines for every input, in order (blank and non-UTF-8 lines answered too)
function cli(args, lines) {
  const r = spawnSync(bin, args, { input: lines.join("\n") + "\n", maxBuffer: 1 << 30 });
  assert.ok(r.status === 0 || r.status === 1, `${bin} ${args.join(" ")} exited ${r.status}: ${r.stderr}`);
  const out = String(r.stdout).split("\n");
  out.pop();
  assert.equal(out.length, lines.length);
  return out;
}

function differences(name, expected, got, inputs) {
  const diffs = [];
  for (let i = 0; i < inputs.length; i++) {
    if (expected[i] !== got[i]) diffs.push(`${name} '${inputs[i]}':\n  expected ${expected[i].slice(0, 300)}\n  got      ${got[i].slice(0, 300)}`);
  }
  return diffs;
}

// inputs the CLI reads one per line: no newline inside
const lineInputs = inputs.filter((f) => !f.includes("\n"));

test("probe: the package's lines are kpk probe --json's", () => {
  const expected = cli(["probe", "--json"], lineInputs);
  const got = lineInputs.map((f) => kpk.json("probe", f).text);
  const answered = got.filter((t) => !t.includes('"error"')).length;
  console.log(`probe: ${lineInputs.length} inputs, ${answered} answered, ${lineInputs.length - answered} refused`);
  assert.ok(answered >= 20000, `only ${answered} positions answered`);
  assert.deepEqual(differences("probe", expected, got, lineInputs), []);
});

test("explain: the package's objects are kpk explain --json's", () => {
  const expected = cli(["explain", "--json"], lineInputs);
  const got = lineInputs.map((f) => kpk.json("explain", f).text);
  const kpkPositions = got.filter((t) => t.includes('"plan":{')).length;
  console.log(`explain: ${lineInputs.length} inputs, ${kpkPositions} with a plan`);
  assert.deepEqual(differences("explain", expected, got, lineInputs), []);
});

// the server's answer (status and body) to `route?fen=`, `count` requests at a time
async function served(route, fens, count = 8) {
  const out = new Array(fens.length);
  let next = 0;
  const worker = async () => {
    while (next < fens.length) {
      const i = next++;
      const r = await fetch(`${base}${route}?fen=${encodeURIComponent(fens[i])}`);
      out[i] = `${r.status} ${await r.text()}`;
    }
  };
  await Promise.all(Array.from({ length: count }, worker));
  return out;
}

for (const [name, route, every] of [
  ["standard", "/standard", 1],
  ["mainline", "/standard/mainline", 1],
  ["map", "/kpk/map", 4],
  ["line", "/kpk/line", 4],
]) {
  test(`${name}: the package answers as ${route}`, async () => {
    const fens = inputs.filter((_, i) => i % every === 0 || i >= positions.length);
    const expected = await served(route, fens);
    const got = fens.map((f) => {
      const r = kpk.json(name, f);
      return `${r.status} ${r.text}`;
    });
    console.log(`${route}: ${fens.length} requests`);
    assert.deepEqual(differences(name, expected, got, fens), []);
  });
}

test("score: the Score's words for every band", () => {
  const mate = kpk.score(16373);
  assert.deepEqual([mate.band, mate.text, mate.uci, mate.mate], ["mate", "mate in 5", "mate 5", 5]);
  assert.equal(kpk.score(-16370).text, "#-7");
  assert.equal(kpk.score(-135).text, "-1.35");
  assert.throws(() => kpk.score("x"), /not a score: 'x'/);
});
