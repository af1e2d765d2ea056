#!/usr/bin/env bash
# The JS suite (tests/js) against the npm package as an app installs it: `npm pack ./pkg`, the
# tarball installed into the JS workspace (the root's node_modules), then vitest with AI SDK 6 on
# this machine's Node (20) and the same suite with AI SDK 7 on Node 22. Builds nothing: pkg/ comes from
# scripts/build-pkg.sh (`make test-js` runs it first).
# The Pydantic AI backend suites (pydantic-backend/, jsdom/pydantic-backend.test.ts) start their server
# on the virtualenv scripts/setup.sh makes in .tools/pydantic-venv (they fail, saying so, without it).
set -uo pipefail
cd "$(dirname "$0")/.."
[ -f scripts/env.sh ] && source scripts/env.sh
PROJECT=tests/js

source scripts/lib/js-suite.sh

# --- the package under test -----------------------------------------------------------------------
require_pkg pkg/package.json pkg/index.js pkg/wasm/adk_stream_wasm_bg.wasm

# --- Node 22 for the AI SDK 7 run, the project's dependencies, the packed package ---------------------
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
  local label=$1 node=$2 ai=$3
  printf '\n==> %s: AI SDK %s on Node %s\n' "$label" "$ai" "$("$node" --version)"
  (cd "$PROJECT" && PATH="$(dirname "$node"):$PATH" AI_SDK=$ai "$node" "$ROOT/node_modules/vitest/vitest.mjs" run \
    --reporter=default --reporter=json --outputFile.json="$results/$label.json") || failed+=("$label")
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

run_suite ai6 "$(command -v node)" 6
run_suite ai7 "$NODE22" 7

# The type checks on their own, so a type error fails this script whatever vitest makes of it:
# tsc --noEmit (strict) over types/, the package's declarations against AI SDK's types and the
# drop-in names against the old helpers' signatures (types/old-helpers.d.ts). Counted as one test.
printf '\n==> types: tsc --noEmit over %s/types\n' "$PROJECT"
if (cd "$PROJECT" && node "$ROOT/node_modules/typescript/bin/tsc" -p tsconfig.json); then
  echo "types: no type error"
  total_passed=$((total_passed + 1))
else
  failed+=("types (tsc)")
  total_failed=$((total_failed + 1))
fi

echo
if [ ${#failed[@]} -gt 0 ]; then
  echo "test-js.sh: FAILED: ${failed[*]}" >&2
  echo "js: $total_passed passed, $total_failed failed, $total_skipped skipped"
  exit 1
fi
echo "js: $total_passed passed, $total_failed failed, $total_skipped skipped"
