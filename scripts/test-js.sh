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

# --- the two runs (no time bound: the whole suite on a busy machine) ---------------------------------
SUITE_TIMEOUT=0
printf '\n==> ai6: AI SDK 6 on Node %s\n' "$(node --version)"
suite_run ai6 "$(command -v node)" AI_SDK=6
printf '\n==> ai7: AI SDK 7 on Node %s\n' "$("$NODE22" --version)"
suite_run ai7 "$NODE22" AI_SDK=7

# The type checks on their own, so a type error fails this script whatever vitest makes of it:
# tsc --noEmit (strict) over types/, the package's declarations against AI SDK's types and the
# drop-in names against the old helpers' signatures (types/old-helpers.d.ts). Counted as one test.
printf '\n==> types: tsc --noEmit over %s/types\n' "$PROJECT"
if (cd "$PROJECT" && node "$ROOT/node_modules/typescript/bin/tsc" -p tsconfig.json); then
  echo "types: no type error"
  suite_count types 1 0 0
else
  suite_count 'types (tsc)' 0 1 0
fi

suite_end js
