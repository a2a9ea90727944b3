#!/usr/bin/env bash
# Checks the page's module graph (module_graph.mjs: no import circle, no file over 600 lines,
# every module loaded and served), starts `kpk serve` on a free loopback port, drives its page
# in Chromium (explorer.mjs, which runs the other *.mjs checks, the first paint's among them),
# then stops the server with Ctrl-C (SIGINT) and checks it shut down cleanly; where Debian's
# Stockfish is installed, the page again with it as the engine beyond the tables (uci-engine.mjs).
#   tests/browser/run.sh [path/to/kpk] [artifact directory]
# (KPK_WEB=dir checks the module graph of another copy of crates/server/web, as the binary under
# test was built from.)
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
. "$here/serve-url.sh"
kpk="$(realpath "${1:-$here/../../target/release/kpk}")"
out="$(realpath -m "${2:-$here/../../target/ci-artifacts}")"
mkdir -p "$out"
(cd "$here" && node module_graph.mjs ${KPK_WEB:+"$KPK_WEB"})
log="$out/kpk-serve.log"
"$kpk" serve --addr 127.0.0.1:0 >"$log" 2>&1 &
pid=$!
trap 'kill "$pid" 2>/dev/null || true' EXIT
url_from "$log" "kpk serve"
(cd "$here" && node explorer.mjs "$url" "$out/kpk-explorer.png")
kill -INT "$pid"
wait "$pid"
grep -q "kpk serve: stopped" "$log" || { echo "kpk serve did not stop cleanly:"; cat "$log"; exit 1; }
echo "kpk serve stopped cleanly on Ctrl-C"
# with a UCI engine beyond the tables, where Debian's Stockfish is installed
stockfish="$(command -v stockfish || ls /usr/games/stockfish 2>/dev/null || true)"
if [ -n "$stockfish" ]; then
  log="$out/kpk-serve-stockfish.log"
  "$kpk" serve --addr 127.0.0.1:0 --engine "$stockfish" >"$log" 2>&1 &
  pid=$!
  url_from "$log" "kpk serve --engine"
  (cd "$here" && node uci-engine.mjs "$url")
  # the page is closed: every analysis it started (one per line count, per navigation) has its
  # engine ended; none is left a child of kpk serve
  for _ in $(seq 50); do pgrep -P "$pid" >/dev/null || break; sleep 0.1; done
  if pgrep -P "$pid" >/dev/null; then echo "kpk serve kept an engine after its page closed"; exit 1; fi
  kill -INT "$pid"
  wait "$pid"
fi
