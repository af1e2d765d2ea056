#!/usr/bin/env bash
# Native checks of the crate: formatting, lints (warnings are errors) and the native tests.
# Every step runs even if an earlier one fails, so one run shows all problems; the exit status is
# non-zero if any step failed.
set -uo pipefail
cd "$(dirname "$0")/.."
source scripts/env.sh

failed=()
run() {
  printf '\n==> %s\n' "$*"
  "$@" || failed+=("$*")
}

run cargo fmt --all -- --check
run cargo clippy --all-targets -- -D warnings
run cargo test

if [ ${#failed[@]} -gt 0 ]; then
  printf '\ntest-native.sh: FAILED: %s\n' "${failed[@]}" >&2
  exit 1
fi
printf '\ntest-native.sh: all passed\n'
