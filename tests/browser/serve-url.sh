# Sourced by run.sh and static.sh: `url_from LOG NAME` waits (up to 10 s) for the loopback URL a
# server started in the background prints into LOG, sets $url to it, or stops the test with
# the log shown, NAME said.
url_from() {
  url=""
  for _ in $(seq 100); do
    url="$(grep -o 'http://127\.0\.0\.1:[0-9]*' "$1" || true)"
    [ -n "$url" ] && return 0
    sleep 0.1
  done
  echo "$2 did not start:"
  cat "$1"
  exit 1
}
