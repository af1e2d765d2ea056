#!/usr/bin/env bash
# The Vue and Svelte suite (tests/frameworks, issue 34) against the npm package as an app installs
# it (`npm pack ./pkg`, the tarball installed into the JS workspace): AI SDK's real Vue and Svelte
# `Chat` classes under vitest with each framework's own Vite plugin, with createAdk, createAutoSend,
# the helpers, both transports against local backends, browser tools, the testing kit and the
# `adk-stream-wasm/vue` and `/svelte` entries. Runs twice: AI SDK 6 (@ai-sdk/vue@3, @ai-sdk/svelte@4)
# on this machine's Node (20) with the `ws` package as the global WebSocket, and AI SDK 7
# (@ai-sdk/vue@4, @ai-sdk/svelte@5) on Node 22 with its own. Builds nothing: pkg/ comes from
# scripts/build-pkg.sh. Ends with `frameworks: N passed, M failed`.
#   vitest arguments after the script name filter the files (e.g. `testing-kit`).
set -uo pipefail
cd "$(dirname "$0")/.."
[ -f scripts/env.sh ] && source scripts/env.sh
PROJECT=tests/frameworks

SUITE=frameworks   # a failure before the tests run still ends with "frameworks: 0 passed, 1 failed"
source scripts/lib/js-suite.sh

require_pkg pkg/package.json pkg/index.js pkg/chat.js pkg/transport.js pkg/testing.js

require_fixtures

ensure_node22
ensure_workspace

run_suite() {
  local label=$1 node=$2 ai=$3 polyfill=$4
  shift 4
  printf '\n==> %s: AI SDK %s on Node %s\n' "$label" "$ai" "$("$node" --version)"
  suite_run "$label" "$node" AI_SDK="$ai" ADK_WS_POLYFILL="$polyfill" ADK_FIXTURES_DIR="$FIXTURES" -- "$@"
}

run_suite ai6 "$(command -v node)" 6 1 "$@"
run_suite ai7 "$NODE22" 7 0 "$@"

suite_end frameworks
