#!/usr/bin/env bash
# Fuzzing (cargo-fuzz / libFuzzer) of the integer records of the JS→WASM boundary (`records`) and the auto-send decision engine with the runner and the approval
# helpers (`records`, `messages`); the targets are in fuzz/fuzz_targets, what they check in
# RELIABILITY.md.
#
#   1. installs cargo-fuzz if it is missing (the targets build on stable Rust with RUSTC_BOOTSTRAP=1);
#   2. runs the fuzz crate's own tests (the properties on fixed samples of chats and of records, the
#      SPEC rows of the seeds, every committed seed);
#   3. replays every input kept under fuzz/regressions/<target>/: each must pass;
#   4. fuzzes each target for FUZZ_SECONDS (default 45) from the committed seeds (fuzz/seeds/) plus
#      the local corpus (fuzz/corpus/, not committed), with an RSS limit. A crash input is copied to
#      fuzz/regressions/<target>/ (commit it: from then on it is replayed by step 3) and fails the run;
#   5. runs INTERLEAVINGS (default 3000) random BIDI interleavings against the reference model of
#      SPEC §5 W5-W12 and F-a-F-f (tests/js/interleavings/), on AI SDK's real Chat and pkg/.
#
# Exits non-zero on any failure and ends with a line `fuzz: N passed, M failed`.
set -uo pipefail
cd "$(dirname "$0")/.."
[ -f scripts/env.sh ] && source scripts/env.sh
export PATH="$HOME/.cargo/bin:$PATH"
export RUSTC_BOOTSTRAP=1

FUZZ_SECONDS=${FUZZ_SECONDS:-45}
RSS_LIMIT_MB=${RSS_LIMIT_MB:-512}
TARGETS=(records messages)
# Safe Rust only natively (src/'s one `unsafe`, the core module's allocator, is wasm32 only), so no
# sanitizer: ten times the executions per second.
# Debug assertions stay on, so integer overflows panic.
BUILD_FLAGS=(-O -a -s none)

passed=0
failed=0
failures=()
pass() { passed=$((passed + 1)); echo "test-fuzz.sh: ok: $*"; }
fail() { failed=$((failed + 1)); failures+=("$*"); echo "test-fuzz.sh: FAILED: $*" >&2; }
finish() {
  echo
  [ ${#failures[@]} -gt 0 ] && printf 'test-fuzz.sh: failed: %s\n' "${failures[@]}" >&2
  echo "fuzz: $passed passed, $failed failed"
  [ "$failed" -eq 0 ]
  exit $?
}

# --- 1. cargo-fuzz -----------------------------------------------------------------------------------
if ! cargo fuzz --version >/dev/null 2>&1; then
  echo "test-fuzz.sh: installing cargo-fuzz"
  cargo install cargo-fuzz --locked </dev/null || { fail "cargo install cargo-fuzz"; finish; }
fi
echo "test-fuzz.sh: $(cargo fuzz --version)"

host=$(rustc -vV | sed -n 's/^host: //p')
bin_dir=fuzz/target/$host/release
if ! (cd fuzz && timeout 900 cargo fuzz build "${BUILD_FLAGS[@]}" </dev/null); then
  fail "cargo fuzz build"
  finish
fi

# --- 2. the fuzz crate's own tests ----------------------------------------------------------------
# (The `records` target fuzzes the one reader, `records::decode`, on arbitrary words; the `messages`
# target builds model values with handles and sends each through `encode`/`decode`. Their seeds are
# written by the fuzz crate: `cargo test --lib -- --ignored write_seeds`.)
if (cd fuzz && timeout 600 cargo test --lib --quiet </dev/null); then
  pass "the fuzz crate's tests (properties on 2000 fixed chats and 2000 fixed records, the seeds)"
else
  fail "the fuzz crate's tests (fuzz/src/tests.rs)"
fi

# --- 3. regressions ----------------------------------------------------------------------------------
for target in "${TARGETS[@]}"; do
  for input in fuzz/regressions/"$target"/*; do
    [ -f "$input" ] || continue
    log=$(mktemp)
    if timeout 60 "$bin_dir/$target" -rss_limit_mb="$RSS_LIMIT_MB" "$input" >"$log" 2>&1; then
      pass "regression $input"
    else
      grep -m1 -A2 'panicked at' "$log" >&2 || tail -n 5 "$log" >&2
      fail "regression $input (replay: $bin_dir/$target $input)"
    fi
    rm -f "$log"
  done
done

# --- 4. fuzzing --------------------------------------------------------------------------------------
summary_rows=()
for target in "${TARGETS[@]}"; do
  corpus=fuzz/corpus/$target
  artifacts=fuzz/artifacts/$target
  mkdir -p "$corpus" "$artifacts" "fuzz/regressions/$target"
  max_len=4096
  log=$(mktemp)
  before=$(ls "$artifacts" | wc -l)
  echo "test-fuzz.sh: fuzzing $target for ${FUZZ_SECONDS}s"
  # Known faults (each kept as a failing input in fuzz/regressions/) are let through while fuzzing,
  # so the run looks for new ones; see RELIABILITY.md "Findings".
  timeout $((FUZZ_SECONDS + 120)) "$bin_dir/$target" "$corpus" "fuzz/seeds/$target" \
    -max_total_time="$FUZZ_SECONDS" -rss_limit_mb="$RSS_LIMIT_MB" -timeout=10 -max_len="$max_len" \
    -artifact_prefix="$artifacts/" -print_final_stats=1 >"$log" 2>&1
  status=$?
  runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log")
  rss=$(sed -n 's/^stat::peak_rss_mb: *//p' "$log")
  corpus_size=$(ls "$corpus" | wc -l)
  summary_rows+=("$(printf '%-9s %10s runs  peak RSS %4s MB  corpus %5s  exit %s' "$target" "${runs:-?}" "${rss:-?}" "$corpus_size" "$status")")
  if [ "$status" -eq 0 ]; then
    pass "fuzzed $target: ${runs:-?} inputs in ${FUZZ_SECONDS}s, peak RSS ${rss:-?} MB"
  else
    grep -m1 -A3 -E 'panicked at|ERROR: libFuzzer|out-of-memory|timeout' "$log" >&2 || tail -n 20 "$log" >&2
    for artifact in $(ls -t "$artifacts" | head -n $(( $(ls "$artifacts" | wc -l) - before ))); do
      cp "$artifacts/$artifact" "fuzz/regressions/$target/$artifact"
      echo "test-fuzz.sh: kept fuzz/regressions/$target/$artifact (commit it)" >&2
    done
    fail "fuzzing $target found a failing input (exit $status)"
  fi
  rm -f "$log"
done

# --- 5. the interleaving test's long run (issue 40, SPEC §5 W13) ----------------------------------------
# INTERLEAVINGS random interleavings (default 3000; the figure in RELIABILITY.md is of 100,000) of the
# user's actions, the backend's chunks, closes and faults, on AI SDK's real Chat and the packed
# package (tests/js/interleavings/long-run.ts); `make test` runs a fixed seed set of the same test.
INTERLEAVINGS=${INTERLEAVINGS:-3000}
if [ ! -f pkg/package.json ]; then
  fail "interleavings: pkg/ is not built (bash scripts/build-pkg.sh)"
else
  source scripts/lib/js-suite.sh
  ensure_workspace
  log=$(mktemp)
  (cd tests/js && INTERLEAVINGS=$INTERLEAVINGS AI_SDK=6 timeout 3600 npx vitest run --config vitest.long-run.config.ts </dev/null) >"$log" 2>&1
  status=$?
  grep '^interleavings:' "$log"
  line=$(grep '^interleavings: [0-9]* in' "$log")
  summary_rows+=("$(printf '%-9s %s  exit %s' interleavings "${line#interleavings: }" "$status")")
  if [ "$status" -eq 0 ]; then
    pass "interleavings: $INTERLEAVINGS, no violation"
  else
    tail -n 30 "$log" >&2
    fail "interleavings: a violation of the reference model (the seed above replays it)"
  fi
  rm -f "$log"
fi

echo
printf '%s\n' "${summary_rows[@]}"
finish
