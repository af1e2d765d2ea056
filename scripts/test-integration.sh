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

fail() {
  echo "test-integration.sh: FAILED: $*" >&2
  echo "integration: 0 passed, 1 failed"
  exit 1
}
source scripts/lib/js-suite.sh

# --- the package under test -----------------------------------------------------------------------
require_pkg pkg/package.json pkg/index.js pkg/transport.js pkg/react.js pkg/wasm/adk_stream_wasm_bytes.js pkg/wasm/adk_stream_wasm_bg.wasm

# --- the shared fixtures --------------------------------------------------------------------------
FIXTURES=${ADK_FIXTURES_DIR:-$ROOT/../shared/fixtures}
[ -f "$FIXTURES/process_payment-approved-bidi-baseline.json" ] \
  || fail "the recorded fixtures are not in $FIXTURES: ../shared/fixtures must lie beside the repository (or set ADK_FIXTURES_DIR)"

# --- Node 22 for the run without the polyfill, the project's dependencies, the packed package ---------
ensure_node22
ensure_workspace

# --- the two runs -----------------------------------------------------------------------------------
results=$(mktemp -d)
trap 'rm -rf "$results"' EXIT
failed=()
total_passed=0
total_failed=0
total_skipped=0

run_suite() {
  local label=$1 node=$2 polyfill=$3
  printf '\n==> %s: Node %s, global WebSocket: %s\n' "$label" "$("$node" --version)" \
    "$([ "$polyfill" = 1 ] && echo 'the ws package' || echo "Node's own")"
  (cd "$PROJECT" && PATH="$(dirname "$node"):$PATH" ADK_WS_POLYFILL=$polyfill ADK_FIXTURES_DIR="$FIXTURES" \
    timeout 300 "$node" "$ROOT/node_modules/vitest/vitest.mjs" run \
    --reporter=default --reporter=json --outputFile.json="$results/$label.json" </dev/null) || failed+=("$label")
  if [ -f "$results/$label.json" ]; then
    local passed failed_count skipped
    read -r passed failed_count skipped < <(vitest_counts "$node" "$results/$label.json")
    total_passed=$((total_passed + passed))
    total_failed=$((total_failed + failed_count))
    total_skipped=$((total_skipped + skipped))
  else
    failed+=("$label (no results)")
    total_failed=$((total_failed + 1))
  fi
}

run_suite node20-ws "$(command -v node)" 1
run_suite node22-native "$NODE22" 0

echo
if [ ${#failed[@]} -gt 0 ]; then
  echo "test-integration.sh: FAILED: ${failed[*]}" >&2
  echo "integration: $total_passed passed, $total_failed failed, $total_skipped skipped"
  exit 1
fi
echo "integration: $total_passed passed, $total_failed failed, $total_skipped skipped"
