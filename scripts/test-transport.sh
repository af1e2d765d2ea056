#!/usr/bin/env bash
# The BIDI transport's browser tests (tests/bidi_transport_chromium.rs) in headless Chromium,
# against the scripted local WebSocket backend in tests/ws-server. Starts the server on a free
# 127.0.0.1 port, runs the tests, stops the server (also on failure or Ctrl-C), and exits with
# the tests' status. The server's URL reaches the tests at compile time (ADK_WS_TEST_URL).
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/env.sh

source scripts/lib/js-suite.sh
server_dir=tests/ws-server
npm_ci_locked "$ROOT"   # the server's `ws`, from the JS workspace

log=$(mktemp)
node "$server_dir/server.mjs" --port 0 --idle-ms 120000 >"$log" 2>&1 &
server_pid=$!
cleanup() {
  kill "$server_pid" 2>/dev/null || true
  wait "$server_pid" 2>/dev/null || true
  rm -f "$log"
}
trap cleanup EXIT INT TERM

url=""
for _ in $(seq 1 100); do
  url=$(sed -n 's/^listening \(ws:.*\)$/\1/p' "$log")
  [ -n "$url" ] && break
  kill -0 "$server_pid" 2>/dev/null || { cat "$log" >&2; echo "test-transport.sh: the server did not start" >&2; exit 1; }
  sleep 0.1
done
[ -n "$url" ] || { cat "$log" >&2; echo "test-transport.sh: the server did not say where it listens" >&2; exit 1; }

# A port with nothing listening, for the connection-refused case: bound, then released.
closed_port=$(node -e 'const s=require("net").createServer().listen(0,"127.0.0.1",()=>{console.log(s.address().port);s.close()})')

echo "test-transport.sh: server at $url (closed port $closed_port)"
status=0
# `cargo test --test` with wasm-bindgen's runner, rather than `wasm-pack test`, builds this test
# file alone (`wasm-pack test` adds `--tests`, which builds every test file for wasm32, including
# native-only ones). The runner reads Chromium's flags from webdriver.json.
ADK_WS_TEST_URL="$url" ADK_WS_TEST_CLOSED_URL="ws://127.0.0.1:$closed_port/live" \
  CARGO_TARGET_WASM32_UNKNOWN_UNKNOWN_RUNNER=wasm-bindgen-test-runner \
  cargo test --target wasm32-unknown-unknown --test bidi_transport_chromium || status=$?
exit "$status"
