// Real answers type-check against the types generated from the Rust types (answers.d.ts): every
// answer of the module (standard, mainline, map, line, probe, explain, score, view, the engine's lines
// and its last line, Debian Stockfish's output read by `uciReader`), `kpk serve --syzygy`'s /standard, /standard/mainline and /view,
// `kpk probe --json --method rules|recognizer` and `kpk rules --json`'s rows, refusals included, each
// written as a TypeScript constant of its declared type and checked by `tsc --noEmit --strict
// --exactOptionalPropertyTypes`. A control proves the check can fail: each answer kind with a
// field the types lack, and with a field they declare left out, must be refused.
// KPK_BIN names the `kpk` binary (default: target/ci/kpk); KPK_SYZYGY the Syzygy files
// (default: ../shared/syzygy).
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { spawn, spawnSync } from "node:child_process";
import { mkdirSync, writeFileSync, existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { load } from "../index.js";
import { startServer, xorshift } from "./common.mjs";

const here = fileURLToPath(new URL("..", import.meta.url));
const root = fileURLToPath(new URL("../..", import.meta.url));
const bin = process.env.KPK_BIN || root + "target/ci/kpk";
const syzygy = process.env.KPK_SYZYGY || root + "../shared/syzygy";
const tsc = here + "node_modules/.bin/tsc";
const stockfish = process.env.STOCKFISH || "/usr/games/stockfish";

// positions of every kind the answers distinguish: each ending, both colours, wins, losses,
// draws, mates, stalemates, the 50-move rule's cursed wins and blessed losses, captures,
// promotions, en passant, and positions beyond three men
const POSITIONS = [
  "4k3/8/4K3/4P3/8/8/8/8 w - - 0 1", "4k3/8/4K3/4P3/8/8/8/8 b - - 0 1",
  "8/8/8/8/8/4k3/4P3/4K3 w - - 0 1", "4k3/8/8/8/8/8/4P3/4K3 w - - 95 1",
  "8/8/4k3/8/8/3KP3/8/8 w - - 0 1", "5k2/8/8/8/8/P7/8/6K1 w - - 0 1", "8/1P6/8/7K/8/8/3k4/8 b - - 0 1",
  "8/8/8/8/8/4K3/4p3/4k3 w - - 0 1", "k7/P7/1K6/8/8/8/8/8 b - - 0 1", "7k/8/6K1/8/8/8/8/1Q6 w - - 0 1",
  "7k/8/6K1/8/8/8/8/1Q6 w - - 100 1", "7k/1Q6/6K1/8/8/8/8/8 b - - 0 1", "k7/2Q5/1K6/8/8/8/8/8 b - - 0 1",
  "8/8/8/3k4/8/8/8/R3K3 w - - 0 1", "8/8/8/3k4/8/8/8/r3K3 w - - 60 1", "8/8/8/3k4/8/8/2K5/1n6 w - - 0 1",
  "8/8/8/3k4/8/8/2K5/1B6 b - - 0 1", "4k3/8/8/8/8/8/8/4K3 w - - 0 1", "8/8/8/8/3k4/8/3Kp3/8 w - - 0 1",
  "8/8/8/8/2k5/3p4/3K4/8 b - - 0 1", "8/4P3/8/8/8/8/2k5/4K3 w - - 0 1", "8/8/8/2k5/3Pp3/8/8/4K3 b - d3 0 1",
];
// beyond three men: answered from the Syzygy files by the server, refused by the module
const BEYOND = [
  "8/8/8/8/8/3k4/3PP3/4K3 w - - 0 1", "8/8/8/3k4/8/8/3P4/R3K3 w - - 0 1", "4k3/8/8/8/8/8/3Pp3/4K3 w - - 0 1",
  "8/8/8/8/2k5/8/1r6/K2Q4 w - - 90 1", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
];
const REFUSED = ["", "not a fen", "8/8/8/8/8/8/8/8 w - - 0 1", "4k3/8/4K3/4P3/8/8/8/8 x - - 0 1", "k7/8/8/8/8/8/8/K6P w - - 0 1"];

// a fixed pseudo-random sequence, for a sample of every ending
const random = xorshift(0x9e3779b9);
function randomPosition(piece) {
  const board = Array(64).fill("1");
  for (const man of ["K", "k", piece]) {
    let sq;
    do sq = random(64);
    while (board[sq] !== "1");
    board[sq] = man;
  }
  const rows = [];
  for (let rank = 7; rank >= 0; rank--) rows.push(board.slice(rank * 8, rank * 8 + 8).join("").replace(/1+/g, (m) => String(m.length)));
  return `${rows.join("/")} ${random(2) ? "w" : "b"} - - ${random(100)} 1`;
}
const SAMPLE = Array.from({ length: 120 }, (_, i) => randomPosition("PpQqRrBbNn"[i % 10]));
const FENS = [...POSITIONS, ...SAMPLE];

let kpk;
let server;
let base;

before(async () => {
  kpk = await load();
  ({ server, base } = await startServer(bin, ["--syzygy", syzygy]));
});

after(() => server?.kill());

// every answer gathered, as [type, JSON text, where it came from]
async function gather() {
  const answers = [];
  const add = (type, text, from) => answers.push([type, text, from]);
  const byStatus = (ok, refused) => (status) => (status === 200 ? ok : refused);
  for (const [name, type] of [
    ["standard", "Probe"], ["mainline", "Mainline"], ["map", "DefenderMap"], ["line", "Line"],
  ]) {
    for (const fen of [...FENS, ...BEYOND, ...REFUSED]) {
      const r = kpk.json(name, fen);
      add(byStatus(type, "ErrorAnswer")(r.status), r.text, `module ${name} '${fen}'`);
    }
  }
  // the board's view answers any legal position (32 men too); a FEN that does not read is a
  // view with its error
  for (const fen of [...FENS, ...BEYOND, ...REFUSED]) add("View", kpk.json("view", fen).text, `module view '${fen}'`);
  for (const [name, type] of [["probe", "Probe"], ["explain", "Explanation"]]) {
    for (const fen of [...FENS, ...REFUSED]) {
      const r = kpk.json(name, fen);
      add(byStatus(type, "LineError")(r.status), r.text, `module ${name} '${fen}'`);
    }
  }
  for (const value of ["16373", "-16370", "-135", "0", "15000", "-15000", "x"]) {
    const r = kpk.json("score", value);
    add(byStatus("ScoreAnswer", "ErrorAnswer")(r.status), r.text, `module score ${value}`);
  }
  for (const fen of ["4k3/8/4K3/4P3/8/8/8/8 w - - 0 1", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "7k/1Q6/6K1/8/8/8/8/8 b - - 0 1"]) {
    const done = kpk.analyse(fen, { lines: 2, depth: 5 }, (line) => add("Iteration", JSON.stringify(line), `analyse '${fen}'`));
    add("Done", JSON.stringify(done), `analyse '${fen}' (last line)`);
  }
  // a real UCI engine's output read by the module (Debian's Stockfish, where installed): the
  // start position, and a line that takes the rook into King and Pawn against King (the tables'
  // score, the engine's kept beside it)
  if (existsSync(stockfish)) {
    let met = 0;
    for (const fen of ["rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "4k3/8/8/8/8/8/3rP3/3K4 w - - 0 1"]) {
      const reader = kpk.uciReader(fen, "Stockfish");
      for (const line of await engineOutput(fen, 10, 2)) {
        const read = reader.read(line);
        if (!read) continue;
        if (read.tables) met += 1;
        add(read.done ? "Done" : "Iteration", JSON.stringify(read), `Stockfish's '${line}' read from '${fen}'`);
      }
    }
    assert.ok(met > 0, "no line of Stockfish's reached the tables");
  }
  for (const [route, type] of [["/standard", "Probe"], ["/standard/mainline", "Mainline"], ["/view", "View"]]) {
    for (const fen of [...BEYOND, ...POSITIONS.slice(0, 4), "", "not a fen"]) {
      const r = await fetch(`${base}${route}?fen=${encodeURIComponent(fen)}`);
      add(r.status === 200 || type === "View" ? type : "ErrorAnswer", await r.text(), `kpk serve ${route} '${fen}'`);
    }
  }
  for (const method of ["rules", "recognizer"]) {
    const lines = [...FENS, ...REFUSED.filter((f) => f)];
    const r = spawnSync(bin, ["probe", "--json", "--method", method], { input: lines.join("\n") + "\n", maxBuffer: 1 << 28 });
    const out = String(r.stdout).trimEnd().split("\n");
    assert.equal(out.length, lines.length, `kpk probe --method ${method}: ${r.stderr}`);
    out.forEach((text, i) => add(text.includes('"error"') ? "LineError" : "Probe", text, `kpk probe --method ${method} '${lines[i]}'`));
  }
  const rules = spawnSync(bin, ["rules", "--json"], { maxBuffer: 1 << 28 });
  assert.equal(rules.status, 0, String(rules.stderr));
  String(rules.stdout).trimEnd().split("\n").forEach((row, i) => add("RuleRow", row, `kpk rules --json, row ${i + 1}`));
  return answers;
}

// what `stockfish` prints analysing `fen` to `depth` with `multipv` lines, up to its bestmove
function engineOutput(fen, depth, multipv) {
  return new Promise((resolve, reject) => {
    const engine = spawn(stockfish, [], { stdio: ["pipe", "pipe", "ignore"] });
    let text = "";
    let ended = false;
    engine.stdout.on("data", (chunk) => {
      text += chunk;
      if (!ended && /^bestmove/m.test(text)) {
        ended = true;
        engine.stdin.end("quit\n");
        resolve(text.split("\n").map((l) => l.trim()).filter((l) => l));
      }
    });
    engine.on("error", reject);
    engine.stdin.write(`uci\nsetoption name MultiPV value ${multipv}\nposition fen ${fen}\ngo depth ${depth}\n`);
  });
}

// `answers` written as constants of their types, one per line; tsc's complaints by line
function typeCheck(name, answers) {
  const dir = root + "target/types-check";
  mkdirSync(dir, { recursive: true });
  const file = `${dir}/${name}.ts`;
  const lines = [`import type * as T from "${here}answers.js";`];
  // one line each (the text as the answer gave it, with its line breaks taken out)
  answers.forEach(([type, text], i) => lines.push(`export const a${i}: T.${type} = ${JSON.stringify(JSON.parse(text))};`));
  writeFileSync(file, lines.join("\n") + "\n");
  const r = spawnSync(tsc, ["--ignoreConfig", "--noEmit", "--strict", "--exactOptionalPropertyTypes", "--target", "es2022", "--module", "nodenext", "--skipLibCheck", "false", file], { encoding: "utf8", maxBuffer: 1 << 28 });
  const complaints = new Map();
  for (const m of r.stdout.matchAll(/\.ts\((\d+),\d+\): error (TS\d+: .*)/g)) {
    const i = Number(m[1]) - 2;
    complaints.set(i, [...(complaints.get(i) || []), m[2]]);
  }
  return { status: r.status, complaints, output: r.stdout + r.stderr };
}

test("every answer type-checks against the generated types; a wrong field is refused", async () => {
  assert.ok(existsSync(tsc), "npm ci in npm/ first (TypeScript, pinned by package-lock.json)");
  const answers = await gather();
  const kinds = new Map();
  for (const [type] of answers) kinds.set(type, (kinds.get(type) || 0) + 1);
  console.log(`${answers.length} answers: ${[...kinds].map(([t, n]) => `${t} ${n}`).join(", ")}`);
  for (const kind of ["Probe", "Mainline", "DefenderMap", "Line", "Explanation", "ScoreAnswer", "Iteration", "Done", "RuleRow", "View", "ErrorAnswer", "LineError"]) {
    assert.ok(kinds.get(kind) > 0, `no answer of type ${kind} gathered`);
  }
  // the rules method's fields and the categories of the 50-move rule and of the files are there
  const texts = answers.map(([, t]) => t).join("\n");
  for (const needle of ['"basis":"rule"', '"method":"recognizer"', '"category":"cursed-win"', '"category":"blessed-loss"', '"category":"unknown"']) {
    assert.ok(texts.includes(needle), `no answer carries ${needle}`);
  }
  const real = typeCheck("answers", answers);
  const wrong = [...real.complaints].slice(0, 10).map(([i, e]) => `${answers[i]?.[2] ?? `line ${i + 2}`}: ${e.join("; ")}`);
  assert.deepEqual(wrong, [], real.output.slice(0, 3000));
  assert.equal(real.status, 0, real.output.slice(0, 3000));

  // the control: for the first answer of each kind, one field too many and one field missing
  const controls = [];
  for (const kind of kinds.keys()) {
    const [type, text, from] = answers.find(([t]) => t === kind);
    const value = JSON.parse(text);
    controls.push([type, JSON.stringify({ ...value, not_in_the_types: 1 }), `${from} with a field too many`]);
    const [first] = Object.keys(value).filter((k) => !["fen", "method"].includes(k) || type !== "Probe");
    const { [first]: _, ...lacking } = value;
    controls.push([type, JSON.stringify(lacking), `${from} without '${first}'`]);
  }
  const control = typeCheck("control", controls);
  const passed = controls.filter((_, i) => !control.complaints.has(i)).map(([, , from]) => from);
  assert.deepEqual(passed, [], "answers the types should refuse");
});
