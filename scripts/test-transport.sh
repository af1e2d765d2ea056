#!/usr/bin/env bash
# The BIDI transport in a real Chromium (tests/browser/transport.test.mjs, playwright-core) against
# the scripted local WebSocket backend in tests/ws-server: every fault of SPEC §5 the backend
# scripts, on Chromium's own WebSocket, streams and timers. The test starts the backend on a free
# 127.0.0.1 port and the page server, and both stop by themselves. Twice: the socket on the main
# thread, then in the package's worker (`socket: 'worker'`). Builds pkg/ when it is missing
# or older than the sources; exits with the tests' status.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/env.sh

wasm=pkg/wasm/adk_stream_wasm_bg.wasm
if [ ! -f "$wasm" ] || [ ! -f pkg/transport.js ] ||
  [ -n "$(find src js Cargo.toml Cargo.lock -newer "$wasm" -print -quit)" ]; then
  bash scripts/build-pkg.sh
fi

source scripts/lib/js-suite.sh
# playwright-core and the server's `ws` from the JS workspace; the packed package, whose testing kit
# splits the server's recorded conversations.
ensure_workspace

cd tests/browser
export CHROMIUM="${CHROMIUM:-/usr/bin/chromium}"
node --test --test-reporter=spec transport.test.mjs
echo "--- again with the socket in a worker (socket: 'worker')"
ADK_BIDI_SOCKET=worker exec node --test --test-reporter=spec transport.test.mjs
