#!/usr/bin/env bash
# The demo: the app in www/ and its local ADK-protocol backend (a scripted agent, no language model)
# on one loopback port. Builds what is out of date first (pkg/ via scripts/build-pkg.sh, www's npm
# dependencies, the app), then serves in the foreground until Ctrl-C.
#   PORT=5173                  the port (0 = a free one)
#   ADK_MODE=replay ADK_FIXTURE=process_payment-approved-sse-baseline
#                              replay a recording of ../shared/fixtures instead of the scripted agent
#   ADK_APPROVAL_TIMEOUT_MS    how long BIDI waits for an approval (default 60000)
#   DEMO_SMOKE=1               start, check the page and one /stream answer, stop, exit 0 (for CI)
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/env.sh
source www/scripts/ensure-built.sh

ensure_pkg
ensure_www_deps
ensure_app

if [ "${DEMO_SMOKE:-0}" != 1 ]; then
  port=${PORT:-5173}
  where="http://127.0.0.1:$port/"
  [ "$port" = 0 ] && where='the URL printed below'
  echo
  echo "adk-stream-wasm demo: open $where  (Ctrl-C to stop)"
  echo "  ?mode=bidi&pattern=B picks BIDI with Pattern B; ?backend=http://HOST:PORT points the app at another backend"
  echo "  the server stops by itself after 30 minutes without use (ADK_IDLE_TIMEOUT_MS=0: never)"
  echo
  exec node www/server/main.mjs --port "$port"
fi

# --- DEMO_SMOKE=1: start, check, stop ----------------------------------------------------------------
url_file=$(mktemp)
log=$(mktemp)
node www/server/main.mjs --port "${PORT:-0}" --url-file "$url_file" --idle-timeout-ms 60000 >"$log" 2>&1 &
pid=$!
trap 'kill "$pid" 2>/dev/null || true; wait "$pid" 2>/dev/null || true; rm -f "$url_file" "$log"' EXIT
for _ in $(seq 1 100); do
  [ -s "$url_file" ] && break
  kill -0 "$pid" 2>/dev/null || break
  sleep 0.1
done
[ -s "$url_file" ] || { cat "$log" >&2; echo "demo.sh: the server did not start" >&2; exit 1; }
base=$(head -n 1 "$url_file")

fail() {
  echo "demo.sh smoke: FAILED: $*" >&2
  cat "$log" >&2
  exit 1
}
page=$(curl -fsS "$base/") || fail "GET / failed"
grep -q '<div id="root">' <<<"$page" || fail "GET / is not the app's page"
script=$(grep -o 'src="/assets/[^"]*\.js"' <<<"$page" | head -n 1 | sed 's/^src="//; s/"$//')
[ -n "$script" ] || fail "the page names no script"
curl -fsS -o /dev/null "$base$script" || fail "GET $script failed"
# The package embeds its WebAssembly module (hex of "\0asm\1\0\0\0" is 0061736d01000000): the app's
# scripts carry it, and nothing references a .wasm asset.
# The page's scripts: its entry, the chunks it preloads, and the chunks the entry names (as
# `assets/x.js` or, for static imports between chunks, `./x.js`).
scripts=$(curl -fsS "$base$script")
for chunk in $( (grep -o '/assets/[A-Za-z0-9_.-]*\.js' <<<"$page"; grep -oE '(assets|\.)/[A-Za-z0-9_.-]*\.js' <<<"$scripts" | sed 's|^\./|/assets/|; s|^assets/|/assets/|') | sort -u); do
  scripts+=$(curl -fsS "$base$chunk") || fail "GET $chunk failed"
done
grep -q '0061736d01000000' <<<"$scripts" || fail "the app's scripts do not embed the WebAssembly module"
! grep -q '\.wasm"' <<<"$scripts" || fail "the app's scripts reference a .wasm asset"
answer=$(curl -fsS -X POST "$base/stream" -H 'content-type: application/json' \
  -d '{"id":"smoke","messages":[{"id":"m1","role":"user","parts":[{"type":"text","text":"Send $50 to Hanako"}]}],"trigger":"submit-message"}') \
  || fail "POST /stream failed"
grep -q '"type":"tool-approval-request"' <<<"$answer" || fail "POST /stream did not ask for approval: $answer"
[ "$(grep -v '^$' <<<"$answer" | tail -n 1)" = 'data: [DONE]' ] || fail "POST /stream did not end with [DONE]"
echo "demo.sh smoke: OK ($base: page, script with the embedded module, /stream approval request and [DONE])"
