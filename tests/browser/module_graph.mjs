// The page's TypeScript modules as a graph, read from their `import ... from` and
// `export ... from` lines (no browser, no build needed):
//   node module_graph.mjs [crates/server/web]
// Fails on an import circle, on a file over 600 lines, on an import of a file that is not
// there, on an import from outside the page but lichess's board (chessground) and the answers'
// generated types (npm/answers.d.ts), on a module the bundle never reaches (from src/app.ts,
// the entry tools/web bundles), and on chess in the page: a module that exports or defines what
// plays a move, finds check or writes SAN or a line's move numbers (the answers carry every
// legal move's SAN, the FEN after it and whether it checks; the lines come labelled). Prints
// each module with its lines, what it imports and what it exports.
import { readFileSync, readdirSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const MAX_LINES = 600; // a hard limit; the aim is files clearly under 400
const AIM_LINES = 400;

const here = dirname(fileURLToPath(import.meta.url));
const root = resolve(process.argv[2] || join(here, "../../crates/server/web"));
const dir = join(root, "src");
const ENTRY = "app.ts";
// what the page may import from outside itself: lichess's board, and the answers' types
const OUTSIDE = /^(@lichess-org\/chessground(\/(api|config|draw|types))?|\.\.\/\.\.\/\.\.\/\.\.\/npm\/answers)$/;

const problems = [];
const files = readdirSync(dir).filter((f) => f.endsWith(".ts")).sort();

// `import { a } from "./x"`, `import type { T } from "./x"`, `import * as x from "./x"`,
// `import "./x"`, `export { a } from "./x"`, `import("./x")`, over one line or several
const IMPORT = /(?:^|[;\n])\s*(?:import|export)\b[^;'"]*?\bfrom\s*["']([^"']+)["']|(?:^|[;\n])\s*import\s*["']([^"']+)["']|\bimport\(\s*["']([^"']+)["']\s*\)/g;

// comments hold words such as "import" too: read the code only (no string here holds "//")
const codeOf = (text) => text.replace(/\/\*[\s\S]*?\*\//g, "").replace(/(^|[^:"'])\/\/.*$/gm, "$1");

// a module's imports: the page's own as file names, the others as written
function importsOf(file, code) {
  const own = [];
  const outside = [];
  for (const m of code.matchAll(IMPORT)) {
    const spec = m[1] || m[2] || m[3];
    if (spec.startsWith("./")) {
      const target = `${spec.slice(2)}.ts`;
      if (!files.includes(target)) problems.push(`${file} imports ${spec}, which is not in ${dir}`);
      else own.push(target);
    } else if (OUTSIDE.test(spec)) outside.push(spec);
    else problems.push(`${file} imports ${spec}: the page imports only itself, chessground and the answers' types`);
  }
  return { own: [...new Set(own)], outside: [...new Set(outside)] };
}

// what a module exports: functions, constants, classes, types and interfaces, `export { a }`
function exportsOf(code) {
  const names = [...code.matchAll(/\bexport\s+(?:async\s+)?(?:function\*?|const|let|class|type|interface)\s+([A-Za-z_$][\w$]*)/g)].map((m) => m[1]);
  for (const m of code.matchAll(/\bexport\s+(?:type\s+)?\{([^}]*)\}/g)) {
    names.push(...m[1].split(",").map((n) => n.trim().split(/\s+as\s+/).pop()).filter(Boolean));
  }
  return names;
}

// names of chess the page leaves to the answers: playing a move, finding check or mate, writing
// SAN or a line's move numbers, judging legality
const CHESS = /^(afterMove|applyMove|playMove|makeMove|checkedKing|inCheck|isCheck|givesCheck|attacked|attacks|legalMoves|generateMoves|isLegal|toSan|sanOf|writeSan|makeSan|numbered|labelled|castlingAfter)$/;

const graph = new Map();
const lines = new Map();
const exported = new Map();
const outside = new Map();
for (const file of files) {
  const text = readFileSync(join(dir, file), "utf8");
  const n = text.split("\n").length - (text.endsWith("\n") ? 1 : 0);
  lines.set(file, n);
  if (n > MAX_LINES) problems.push(`${file} has ${n} lines (at most ${MAX_LINES}; aim under ${AIM_LINES})`);
  const code = codeOf(text);
  const { own, outside: out } = importsOf(file, code);
  graph.set(file, own);
  outside.set(file, out);
  exported.set(file, exportsOf(code));
  const defined = [...code.matchAll(/\b(?:function\s+|const\s+|let\s+|class\s+)([A-Za-z_$][\w$]*)/g)].map((m) => m[1]);
  for (const name of new Set([...defined, ...exported.get(file)])) {
    if (CHESS.test(name)) problems.push(`${file} defines ${name}: chess is the answers' (/view), not the page's`);
  }
}

// import circles: a depth-first walk; a module met again while it is on the path closes one
const colour = new Map(); // undefined: not seen; 1: on the path; 2: done
const path = [];
function walk(file) {
  colour.set(file, 1);
  path.push(file);
  for (const next of graph.get(file) || []) {
    if (colour.get(next) === 1) problems.push(`import circle: ${[...path.slice(path.indexOf(next)), next].join(" -> ")}`);
    else if (!colour.get(next)) walk(next);
  }
  path.pop();
  colour.set(file, 2);
}
for (const file of files) if (!colour.get(file)) walk(file);

// every module is in the bundle: reached from the entry tools/web gives esbuild
const tool = readFileSync(join(root, "../../../tools/web"), "utf8");
if (!tool.includes(`"src/${ENTRY}"`)) problems.push(`tools/web does not bundle src/${ENTRY}`);
const reached = new Set();
const reach = (f) => {
  if (reached.has(f)) return;
  reached.add(f);
  for (const next of graph.get(f) || []) reach(next);
};
reach(ENTRY);
for (const file of files) if (!reached.has(file)) problems.push(`${file} is never bundled: ${ENTRY} does not reach it`);

for (const file of files) {
  const n = lines.get(file);
  const mark = n > AIM_LINES ? `  (over the aim of ${AIM_LINES})` : "";
  const from = [...graph.get(file), ...outside.get(file)];
  console.log(`${String(n).padStart(4)}  ${file.padEnd(14)} imports ${from.join(", ") || "nothing"}${mark}`);
  console.log(`      ${"".padEnd(14)} exports ${exported.get(file).join(", ") || "nothing"}`);
}
if (problems.length) {
  console.error(`module graph: ${problems.length} problem(s):\n  ${problems.join("\n  ")}`);
  process.exit(1);
}
console.log(`module graph: ${files.length} modules, no import circle, none over ${MAX_LINES} lines, each bundled from ${ENTRY}, none playing chess`);
