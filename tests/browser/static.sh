#!/usr/bin/env bash
# Serves the static site (tools/site's folder) with a plain static file server on a free
# loopback port (serve-static.mjs; no kpk serve) and drives it in Chromium (static.mjs), its
# figures written to the artifact directory.
#   tests/browser/static.sh SITE_DIR [artifact directory]
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
. "$here/serve-url.sh"
site="$(realpath "$1")"
out="$(realpath -m "${2:-$here/../../target/ci-artifacts}")"
mkdir -p "$out"
log="$out/static-server.log"
node "$here/serve-static.mjs" "$site" 0 >"$log" 2>&1 &
pid=$!
trap 'kill "$pid" 2>/dev/null || true' EXIT
url_from "$log" "the static file server"
(cd "$here" && node static.mjs "$url" "$out/static-figures.json")
# built with --stockfish: Stockfish on the site, offline too
if [ -d "$site/stockfish" ]; then
  (cd "$here" && node stockfish-site.mjs "$url")
fi
