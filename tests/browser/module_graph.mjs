// The page's JavaScript modules as a graph, read from their `import ... from` and
// `export ... from` lines (no browser needed):
//   node module_graph.mjs [crates/server/static]
// Fails on an import circle, on a file over 600 lines, on an import of a file that is not
// there, on a module the page never loads (not reached from index.html's script), and on a
// module the server does not serve (page.rs compiles each into the binary by name, in MODULES),
// and on chess in the page: a module that exports or defines what plays a move, finds check or
// writes SAN or move numbers (the answers carry every legal move's SAN, the FEN after it and
// whether it checks; the lines come labelled). Prints each module with its lines, what it
// imports and what it exports.
import { readFileSync, readdirSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const MAX_LINES = 600; // a hard limit; the aim is files clearly under 400
const AIM_LINES = 400;

const here = dirname(fileURLToPath(import.meta.url));
const root = resolve(process.argv[2] || join(here, "../../crates/server/static"));
const dir = join(root, "js");
const pageRs = join(root, "../src/page.rs");

const problems = [];
const files = readdirSync(dir).filter((f) => f.endsWith(".js")).sort();

// `import { a } from "./x.js"`, `import * as x from "./x.js"`, `import "./x.js"`,
// `export { a } from "./x.js"`, `import("./x.js")`, over one line or several
const IMPORT = /(?:^|[;\n])\s*(?:import|export)\b[^;'"]*?\bfrom\s*["']([^"']+)["']|(?:^|[;\n])\s*import\s*["']([^"']+)["']|\bimport\(\s*["']([^"']+)["']\s*\)/g;

// a module's imports, as file names of this folder
function importsOf(file, text) {
  // comments hold words such as "import" too: read the code only (no string here holds "//")
  const code = text.replace(/\/\*[\s\S]*?\*\//g, "").replace(/(^|[^:"'])\/\/.*$/gm, "$1");
  const out = [];
  for (const m of code.matchAll(IMPORT)) {
    const spec = m[1] || m[2] || m[3];
    if (!spec.startsWith("./")) {
      problems.push(`${file} imports ${spec}: the page's modules import each other by "./name.js" only`);
      continue;
    }
    const target = spec.slice(2);
    if (!files.includes(target)) problems.push(`${file} imports ${spec}, which is not in ${dir}`);
    else out.push(target);
  }
  return [...new Set(out)];
}

// what a module exports: `export function f`, `export const c`, `export class C`, `export { a, b }`
function exportsOf(code) {
  const names = [...code.matchAll(/\bexport\s+(?:async\s+)?(?:function\*?|const|let|class)\s+([A-Za-z_$][\w$]*)/g)].map((m) => m[1]);
  for (const m of code.matchAll(/\bexport\s*\{([^}]*)\}/g)) names.push(...m[1].split(",").map((n) => n.trim().split(/\s+as\s+/).pop()).filter(Boolean));
  return names;
}

// names of chess the page leaves to the answers: playing a move, finding check or mate, writing
// SAN or a line's move numbers, judging legality
const CHESS = /^(afterMove|applyMove|playMove|makeMove|checkedKing|inCheck|isCheck|attacked|attacks|legalMoves|isLegal|toSan|sanOf|writeSan|numbered|labelled|castlingAfter)$/;

const graph = new Map();
const lines = new Map();
const exported = new Map();
for (const file of files) {
  const text = readFileSync(join(dir, file), "utf8");
  const n = text.split("\n").length - (text.endsWith("\n") ? 1 : 0);
  lines.set(file, n);
  if (n > MAX_LINES) problems.push(`${file} has ${n} lines (at most ${MAX_LINES}; aim under ${AIM_LINES})`);
  graph.set(file, importsOf(file, text));
  const code = text.replace(/\/\*[\s\S]*?\*\//g, "").replace(/(^|[^:"'])\/\/.*$/gm, "$1");
  exported.set(file, exportsOf(code));
  const defined = [...code.matchAll(/\b(?:function\s+|const\s+|let\s+)([A-Za-z_$][\w$]*)/g)].map((m) => m[1]);
  for (const name of new Set(defined)) if (CHESS.test(name)) problems.push(`${file} defines ${name}: chess is the answers' (/view), not the page's`);
}

// import circles: a depth-first walk; a module met again while it is on the path closes one
const colour = new Map(); // undefined: not seen; 1: on the path; 2: done
const path = [];
const circles = [];
function walk(file) {
  colour.set(file, 1);
  path.push(file);
  for (const next of graph.get(file) || []) {
    if (colour.get(next) === 1) circles.push([...path.slice(path.indexOf(next)), next].join(" -> "));
    else if (!colour.get(next)) walk(next);
  }
  path.pop();
  colour.set(file, 2);
}
for (const file of files) if (!colour.get(file)) walk(file);
for (const c of circles) problems.push(`import circle: ${c}`);

// every module is loaded by the page: reached from the entry of index.html
const index = readFileSync(join(root, "index.html"), "utf8");
const entries = [...index.matchAll(/<script[^>]*type="module"[^>]*src="(?:\/)?js\/([^"]+)"/g)].map((m) => m[1]);
if (!entries.length) problems.push("index.html loads no module from js/");
const reached = new Set();
const reach = (f) => {
  if (reached.has(f)) return;
  reached.add(f);
  for (const next of graph.get(f) || []) reach(next);
};
entries.forEach(reach);
for (const file of files) if (!reached.has(file)) problems.push(`${file} is never loaded: index.html's ${entries.join(", ")} does not reach it`);

// every module is served: page.rs compiles each into the binary by name
let served = null;
try {
  const rs = readFileSync(pageRs, "utf8");
  served = [...rs.matchAll(/\(\s*"([^"]+\.js)"\s*,\s*include_str!\(\s*"\.\.\/static\/js\/([^"]+)"\s*\)\s*\)/g)];
} catch {
  problems.push(`${pageRs} cannot be read: which modules the server serves is unknown`);
}
if (served) {
  const names = served.map((m) => m[1]);
  for (const m of served) if (m[1] !== m[2]) problems.push(`page.rs serves ${m[1]} with the text of ${m[2]}`);
  for (const file of files) {
    if (!names.includes(file)) problems.push(`${file} is not served: add ("${file}", include_str!("../static/js/${file}")) to MODULES in crates/server/src/page.rs`);
  }
  for (const name of names) if (!files.includes(name)) problems.push(`page.rs serves ${name}, which is not in ${dir}`);
}

for (const file of files) {
  const n = lines.get(file);
  const mark = n > AIM_LINES ? "  (over the aim of " + AIM_LINES + ")" : "";
  console.log(`${String(n).padStart(4)}  ${file.padEnd(14)} imports ${graph.get(file).join(", ") || "nothing"}${mark}`);
  console.log(`      ${"".padEnd(14)} exports ${exported.get(file).join(", ") || "nothing"}`);
}
if (problems.length) {
  console.error(`module graph: ${problems.length} problem(s):\n  ` + problems.join("\n  "));
  process.exit(1);
}
console.log(`module graph: ${files.length} modules, no import circle, none over ${MAX_LINES} lines, each loaded and served, none playing chess`);
