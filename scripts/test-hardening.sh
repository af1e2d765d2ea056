#!/usr/bin/env bash
# The hardening suite (tests/hardening, see RELIABILITY.md) against the npm package as an app
# installs it: `npm pack ./pkg`, the tarball installed with --no-save into the JS workspace after
# `npm ci`. Runs each test file with Node 22's test runner (Node 22 has the global WebSocket the
# transport tests need):
#   loop-freedom, approval-safety, transport-faults, hostile-input, security (Chromium), findings.
# Builds nothing: pkg/ comes from scripts/build-pkg.sh. Prints the figures of the run, then
# `hardening: N passed, M failed`; exits non-zero if any test failed.
#
# Knobs: LOOP_SECONDS (default 40), SAFETY_RUNS (150), SOAK_ROUNDS (150), HARDENING_SEED (replay).
set -uo pipefail
cd "$(dirname "$0")/.."
[ -f scripts/env.sh ] && source scripts/env.sh
PROJECT=tests/hardening
FILES=(loop-freedom approval-safety transport-faults hostile-input security findings production-build)

SUITE=hardening   # a failure before the tests run still ends with "hardening: 0 passed, 1 failed"
source scripts/lib/js-suite.sh

# --- the package under test, Node 22, the project's dependencies ------------------------------------
require_pkg pkg/package.json pkg/index.js pkg/wasm/adk_stream_wasm_bytes.js pkg/wasm/adk_stream_wasm_bg.wasm
ensure_node22
ensure_workspace
rm -rf "$PROJECT/.results"
echo "test-hardening.sh: Node $("$NODE22" --version)"

# --- the test files, one after the other -------------------------------------------------------------
total_passed=0
total_failed=0
failed_files=()
rows=()
for name in "${FILES[@]}"; do
  file=$name.test.mjs
  log=$(mktemp)
  start=$SECONDS
  printf '\n==> %s\n' "$file"
  (cd "$PROJECT" && timeout 600 "$NODE22" --test --test-reporter=spec --test-reporter-destination=stdout \
    --test-reporter=tap --test-reporter-destination="$log" "$file")
  status=$?
  passed=$(sed -n 's/^# pass \([0-9]*\)$/\1/p' "$log" | tail -n 1)
  failed=$(sed -n 's/^# fail \([0-9]*\)$/\1/p' "$log" | tail -n 1)
  passed=${passed:-0}
  failed=${failed:-0}
  if [ "$status" -ne 0 ] && [ "$failed" -eq 0 ]; then failed=1; fi
  total_passed=$((total_passed + passed))
  total_failed=$((total_failed + failed))
  [ "$failed" -gt 0 ] && failed_files+=("$file")
  rows+=("$(printf '%-26s %4s passed %4s failed %5ss' "$file" "$passed" "$failed" "$((SECONDS - start))")")
  rm -f "$log"
done

# --- the figures of the run (RELIABILITY.md quotes them) -----------------------------------------------
echo
echo "Figures of this run:"
(cd "$PROJECT" && "$NODE22" -e '
  const fs = require("fs");
  const read = (n) => { try { return JSON.parse(fs.readFileSync(`.results/${n}.json`, "utf8")); } catch { return null; } };
  const loop = read("loop-freedom"), safety = read("approval-safety"), faults = read("transport-faults"), hostile = read("hostile-input"), security = read("security");
  if (loop) console.log(`  loop-freedom: ${loop.runs} chats (sse ${loop.sse}, bidi A ${loop.bidiA}, bidi B ${loop.bidiB}) in ${loop.seconds} s, base seed ${loop.baseSeed}; ${loop.requests} requests, ${loop.automaticSends} automatic sends for ${loop.userActions} user actions + ${loop.backendRequests} backend requests; most requests in one chat ${loop.maxRequestsInOneRun}; runs hitting known findings ${JSON.stringify(loop.knownFindings)}`);
  if (safety) console.log(`  approval-safety: ${safety.scenarios} scenarios + ${safety.randomRuns} random interleavings (seed ${safety.baseSeed}), ${safety.triggers} runner triggers, ${safety.executorRuns} tool runs, ${safety.violations} ordering violations; re-attach runs hitting B2: ${safety.knownFindingB2 ?? 0}`);
  if (faults) console.log(`  transport-faults: ${faults.faultsInjected} faults injected, ${faults.chunksChecked} chunks checked, ${faults.soakRounds} soak rounds (seed ${faults.soakSeed}), 100,000-frame burst in ${faults.burstMs} ms; memory over ${faults.memory?.cycles} cycles: WASM ${faults.memory?.before.wasmBytes} -> ${faults.memory?.after.wasmBytes} bytes, JS heap ${faults.memory?.before.heapUsed} -> ${faults.memory?.after.heapUsed} bytes`);
  if (hostile) console.log(`  hostile-input: ${hostile.calls} calls with ${hostile.values} hostile values (${hostile.returned} returned, ${hostile.threw} threw, ${hostile.callersOwnRethrown} rethrew the caller'"'"'s own exception), ${hostile.healthChecks} health checks, ${hostile.problems} problems`);
  if (security) console.log(`  security: ${security.scan?.files} files / ${security.scan?.lines} lines scanned; CSP page decision ${security.csp?.decision}, position ${security.csp?.location ? "granted" : "missing"}, violations ${security.csp?.violations?.length}; outputs verbatim over ${(security.outputsVerbatim ?? []).join(", ")}`);
')
echo
printf '%s\n' "${rows[@]}"
echo
if [ ${#failed_files[@]} -gt 0 ]; then
  echo "test-hardening.sh: FAILED: ${failed_files[*]}" >&2
  echo "hardening: $total_passed passed, $total_failed failed"
  exit 1
fi
echo "hardening: $total_passed passed, $total_failed failed"
