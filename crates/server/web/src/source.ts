// Where the page's answers come from: this server's routes (`kpk serve`), or, on the static
// site (`tools/site`), the WebAssembly module in the page and the engine in a Web Worker. The
// page says which: `<meta name="kpk-answers" content="module">` marks the static site. The
// same requests, the same JSON: the module answers each route as the server does.
import type { Answer } from "./answers";
import { ROUTES } from "./routes";

export { ROUTES };
/** A route that answers a position (declared in Rust: kpk_answers::routes). */
export type Route = (typeof ROUTES)[keyof typeof ROUTES];

export const inPage = document.querySelector<HTMLMetaElement>('meta[name="kpk-answers"]')?.content === "module";

/**
 * Stockfish's WebAssembly build on the static site, where `tools/site --stockfish` put it: its
 * worker script's path (`<meta name="kpk-stockfish">`), else `null`.
 */
export const stockfishScript = document.querySelector<HTMLMetaElement>('meta[name="kpk-stockfish"]')?.content ?? null;

/** What the npm package's modules give the page (kpk/index.js and kpk/engine.js). */
interface ModuleKpk {
  json(name: string, input: string): { status: number; text: string };
}
export interface ModuleEngine {
  analyse(fen: string, options: object): () => void;
}
interface Loaded {
  kpk: ModuleKpk;
  engine: ModuleEngine;
  /** Stockfish in its worker, its lines read by the module (kpk/uci.js), where the site has it. */
  stockfish: ModuleEngine | null;
}

let loaded: Promise<Loaded> | null = null;

/**
 * The module and its engine, loaded once (the package's files beside the page, in kpk/): the
 * module's compilation starts at once, off the main thread, while the package's scripts load.
 */
export function module(): Promise<Loaded> {
  loaded ??= (async () => {
    const at = (file: string): string => new URL(`kpk/${file}`, document.baseURI).href;
    const streamed = WebAssembly.compileStreaming?.(fetch(at("kpk.wasm"))).catch(() => null);
    const [kpk, engine, uci] = await Promise.all([
      import(at("index.js")),
      import(at("engine.js")),
      stockfishScript ? import(at("uci.js")) : null,
    ]);
    // a server that does not say application/wasm: the package compiles the bytes
    const compiled = (await streamed) ?? (await kpk.compile(new URL(at("kpk.wasm"))));
    const answers = new kpk.Kpk(compiled);
    const script = stockfishScript ? new URL(stockfishScript, document.baseURI).href : "";
    const stockfish = uci ? new uci.UciEngine(answers, () => new Worker(script)) : null;
    return { kpk: answers, engine: new engine.Engine(compiled), stockfish };
  })();
  return loaded;
}

/** The module's answer to `route?fen=` as the server's. */
async function fromModule<T>(route: Route, fen: string): Promise<Answer<T>> {
  const name = route.module;
  if (!name) return { ok: false, status: 0, body: { error: `the module does not answer ${route.path}` } };
  try {
    const { kpk } = await module();
    const { status, text } = kpk.json(name, fen);
    const body = JSON.parse(text);
    return status === 200 ? { ok: true, status, body } : { ok: false, status, body };
  } catch (e) {
    return { ok: false, status: 0, body: { error: `the answers cannot be loaded: ${(e as Error).message}` } };
  }
}

/**
 * GET `route?fen=`: a failure of the network or of the answer's JSON becomes an error body
 * that says so (the page shows it; nothing is swallowed).
 */
export async function get<T>(route: Route, fen: string): Promise<Answer<T>> {
  if (inPage) return fromModule<T>(route, fen);
  try {
    const response = await fetch(`${route.path}?fen=${encodeURIComponent(fen)}`);
    const text = await response.text();
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      return { ok: false, status: response.status, body: { error: `the server answered ${response.status} without JSON` } };
    }
    return response.ok
      ? { ok: true, status: response.status, body: body as T }
      : { ok: false, status: response.status, body: body as { error: string } };
  } catch (e) {
    return { ok: false, status: 0, body: { error: `the server cannot be reached: ${(e as Error).message}` } };
  }
}

/** On the static site the module is loaded at once, and the service worker keeps the site. */
export function startSite(): void {
  if (!inPage) return;
  void module();
  if ("serviceWorker" in navigator) {
    navigator.serviceWorker.register(new URL("sw.js", document.baseURI)).catch(() => {});
  }
}
