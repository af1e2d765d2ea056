#!/usr/bin/env bash
# The wasm32 tests, run by wasm-bindgen-test through wasm-pack:
#   tests/wasm_node*.rs     in Node.js           (files without `wasm_bindgen_test_configure!`)
#   tests/wasm_browser*.rs  in headless Chromium (files with `wasm_bindgen_test_configure!(run_in_browser)`)
# Each file is passed as its own `--test <name>` (cargo takes no globs), which also keeps the native
# unit tests in src/ out of the wasm runs. Chromium's flags come from webdriver.json in the crate root.
# Both runs happen even if the first fails; the exit status is non-zero if either failed.
set -uo pipefail
cd "$(dirname "$0")/.."
source scripts/env.sh
shopt -s nullglob

# Prints `--test <name>` for each tests/<pattern>.rs.
test_args() {
  local file
  for file in tests/$1.rs; do
    printf -- '--test\n%s\n' "$(basename "$file" .rs)"
  done
}

failed=()
run_suite() {
  local label=$1 pattern=$2
  shift 2
  local args
  mapfile -t args < <(test_args "$pattern")
  printf '\n==> wasm tests in %s (tests/%s.rs)\n' "$label" "$pattern"
  if [ ${#args[@]} -eq 0 ]; then
    echo "no tests/$pattern.rs files: nothing to run"
    return
  fi
  "$@" -- "${args[@]}" || failed+=("$label")
}

run_suite Node.js 'wasm_node*' wasm-pack test --node
run_suite Chromium 'wasm_browser*' wasm-pack test --headless --chrome --chromedriver "$CHROMEDRIVER"

if [ ${#failed[@]} -gt 0 ]; then
  printf '\ntest-wasm.sh: FAILED in %s\n' "${failed[*]}" >&2
  exit 1
fi
printf '\ntest-wasm.sh: all passed\n'
