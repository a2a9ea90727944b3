// Where the page's answers come from: this server's routes (`kpk serve`), or, on the static
// site (`tools/site`), the WebAssembly module in the page and the engine in a Web Worker. The
// page says which: `<meta name="kpk-answers" content="module">` marks the static site. The
// same requests, the same JSON: the module answers each route as the server does.

// The module's answer for each route the page asks.
const ROUTES = { "/view": "view", "/kpk/map": "map" };

export const inPage = document.querySelector('meta[name="kpk-answers"]')?.content === "module";

let loaded = null;

// The module and its engine, loaded once (the package's files beside the page, in kpk/): the
// module's compilation starts at once, off the main thread, while the package's scripts load.
export function module() {
  loaded ??= (async () => {
    const at = (file) => new URL("../kpk/" + file, import.meta.url).href;
    const streamed = WebAssembly.compileStreaming?.(fetch(at("kpk.wasm"))).catch(() => null);
    const [kpk, engine] = await Promise.all([import(at("index.js")), import(at("engine.js"))]);
    // a server that does not say application/wasm: the package compiles the bytes
    const compiled = (await streamed) || (await kpk.compile(new URL(at("kpk.wasm"))));
    return { kpk: new kpk.Kpk(compiled), engine: new engine.Engine(compiled) };
  })();
  return loaded;
}

// The module's answer to `path?fen=` as the server's: { ok, status, body }.
export async function answer(path, fen) {
  try {
    const { kpk } = await module();
    const { status, text } = kpk.json(ROUTES[path], fen);
    return { ok: status === 200, status, body: JSON.parse(text) };
  } catch (e) {
    return { ok: false, status: 0, body: { error: "the answers cannot be loaded: " + e.message } };
  }
}

// On the static site the module is loaded at once, while the page's other scripts start.
if (inPage) module();

// On the static site, the service worker (sw.js, beside index.html) keeps the site for use
// offline; a browser without one still answers while online.
if (inPage && "serviceWorker" in navigator) {
  navigator.serviceWorker.register(new URL("../sw.js", import.meta.url)).catch(() => {});
}
