// The static site's service worker: every file of the site kept in a cache named by the build's
// hash (tools/site writes both in), answered from there first, so that the board opens and
// answers offline after one visit. A new build, a new hash: its files replace the old cache.
const VERSION = "@VERSION@";
const FILES = [/*@FILES@*/];
const CACHE = "kpk-" + VERSION;

self.addEventListener("install", (event) => {
  event.waitUntil(caches.open(CACHE).then((cache) => cache.addAll(FILES)).then(() => self.skipWaiting()));
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((names) => Promise.all(names.filter((n) => n.startsWith("kpk-") && n !== CACHE).map((n) => caches.delete(n))))
      .then(() => self.clients.claim()),
  );
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET" || new URL(request.url).origin !== location.origin) return;
  // the page opens at any ?fen=: the cached page answers every query
  const navigation = request.mode === "navigate";
  event.respondWith(
    caches.open(CACHE).then(async (cache) => {
      const hit = await cache.match(navigation ? "./" : request, { ignoreSearch: navigation });
      return hit || fetch(request);
    }),
  );
});
