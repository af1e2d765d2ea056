#!/usr/bin/env bash
# End-to-end tests of the demo app (www/) in real Chromium, driven by playwright-core under node's
# test runner: every user-visible flow of SPEC §3 over SSE and BIDI, and a replay of every recorded
# backend stream in ../shared/fixtures. Builds what is out of date (pkg/, www deps, www/dist), starts
# the local backend on a free loopback port, runs the tests one file at a time against it, and stops
# it. Failure screenshots go to test-results/e2e/.
#   E2E_FILTER=regex   only the tests whose name matches
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/env.sh
source www/scripts/ensure-built.sh

[ -x /usr/bin/chromium ] || { echo "test-e2e.sh: /usr/bin/chromium is missing: run scripts/setup.sh" >&2; exit 1; }
export ADK_FIXTURES_DIR="${ADK_FIXTURES_DIR:-$PWD/../shared/fixtures}"
[ -d "$ADK_FIXTURES_DIR" ] || { echo "test-e2e.sh: no fixtures at $ADK_FIXTURES_DIR" >&2; exit 1; }

ensure_pkg
ensure_www_deps
ensure_app

rm -rf test-results/e2e
mkdir -p test-results/e2e
url_file=$(mktemp)
log=test-results/e2e/backend.log
# Short chunk delay for speed; the idle timeout ends the backend even if this script is killed hard.
node www/server/main.mjs --port 0 --url-file "$url_file" --chunk-delay-ms 5 --idle-timeout-ms 120000 >"$log" 2>&1 &
backend_pid=$!
cleanup() {
  kill "$backend_pid" 2>/dev/null || true
  wait "$backend_pid" 2>/dev/null || true
  rm -f "$url_file"
}
trap cleanup EXIT

for _ in $(seq 1 100); do
  [ -s "$url_file" ] && break
  kill -0 "$backend_pid" 2>/dev/null || { cat "$log" >&2; echo "test-e2e.sh: the backend did not start" >&2; exit 1; }
  sleep 0.1
done
[ -s "$url_file" ] || { echo "test-e2e.sh: the backend did not start within 10 s" >&2; exit 1; }
E2E_BASE_URL=$(head -n 1 "$url_file")
export E2E_BASE_URL
echo "backend: $E2E_BASE_URL (log: $log)"

filter=()
[ -n "${E2E_FILTER:-}" ] && filter=(--test-name-pattern="$E2E_FILTER")
start=$SECONDS
status=0
(cd www && node --test --test-concurrency=1 --test-reporter=spec "${filter[@]}" server/backend.test.mjs e2e/harness.test.mjs e2e/sse.test.mjs e2e/bidi.test.mjs e2e/replay.test.mjs e2e/voice.test.mjs e2e/interleavings.test.mjs) || status=$?
echo "test-e2e.sh: $((SECONDS - start)) s; failure screenshots (if any) in test-results/e2e/"
exit "$status"
