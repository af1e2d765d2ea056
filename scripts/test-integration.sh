#!/usr/bin/env bash
# The integration suite (tests/integration) against the npm package as an app installs it
# (`npm pack ./pkg`, the tarball installed with --no-save into the JS workspace after `npm ci`): the
# real BidiTransport against a local ws backend, DefaultChatTransport against a local HTTP backend and useAdkChat under
# jsdom, all with AI SDK's real Chat. Runs vitest twice: on this machine's Node (20) with the `ws`
# package as the global WebSocket (ADK_WS_POLYFILL=1), and on Node 22 with its own WebSocket.
# Builds nothing: pkg/ comes from scripts/build-pkg.sh. Ends with `integration: N passed, M failed`.
set -uo pipefail
cd "$(dirname "$0")/.."
[ -f scripts/env.sh ] && source scripts/env.sh
PROJECT=tests/integration

SUITE=integration   # a failure before the tests run still ends with "integration: 0 passed, 1 failed"
source scripts/lib/js-suite.sh

# --- the package under test -----------------------------------------------------------------------
require_pkg pkg/package.json pkg/index.js pkg/transport.js pkg/react.js pkg/wasm/adk_stream_wasm_bytes.js pkg/wasm/adk_stream_wasm_bg.wasm

# --- the shared fixtures --------------------------------------------------------------------------
require_fixtures

# --- Node 22 for the run without the polyfill, the project's dependencies, the packed package ---------
ensure_node22
ensure_workspace

# --- the two runs -----------------------------------------------------------------------------------
run_suite() {
  local label=$1 node=$2 polyfill=$3
  printf '\n==> %s: Node %s, global WebSocket: %s\n' "$label" "$("$node" --version)" \
    "$([ "$polyfill" = 1 ] && echo 'the ws package' || echo "Node's own")"
  suite_run "$label" "$node" ADK_WS_POLYFILL="$polyfill" ADK_FIXTURES_DIR="$FIXTURES"
}

run_suite node20-ws "$(command -v node)" 1
run_suite node22-native "$NODE22" 0

suite_end integration
