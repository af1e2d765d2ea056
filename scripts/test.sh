#!/usr/bin/env bash
# Runs every test step of the project, in order, then prints a summary table. A failing step does not
# stop the run: all steps run, and the exit status is non-zero if any failed. Run scripts/setup.sh
# first (`make test` does).
set -uo pipefail
cd "$(dirname "$0")/.."

# The steps, in order. A trailing `?` marks a step that runs only if its script exists; to add a
# step, add its script here.
STEPS=(
  scripts/test-native.sh
  scripts/build-pkg.sh
  scripts/test-wasm.sh
  scripts/test-transport.sh
  scripts/test-js.sh?
  scripts/test-package.sh
  scripts/test-hardening.sh?
  scripts/test-browser.sh?
  scripts/test-voice.sh?
  scripts/test-integration.sh?
  scripts/test-frameworks.sh
  scripts/test-e2e.sh?
  scripts/test-examples.sh
  scripts/test-readme-paths.sh
  scripts/test-fuzz.sh?
)

names=() results=() times=()
status=0
for entry in "${STEPS[@]}"; do
  script=${entry%\?}
  if [ ! -f "$script" ] && [ "$script" != "$entry" ]; then
    names+=("$script") results+=(skipped) times+=(-)
    continue
  fi
  printf '\n######## %s\n' "$script"
  start=$SECONDS
  if bash "$script"; then
    results+=(pass)
  else
    results+=(FAIL)
    status=1
  fi
  names+=("$script") times+=($((SECONDS - start)))
done

printf '\n%-28s %-8s %s\n' step result seconds
for i in "${!names[@]}"; do
  printf '%-28s %-8s %s\n' "${names[$i]}" "${results[$i]}" "${times[$i]}"
done
[ "$status" -eq 0 ] && echo 'test.sh: all steps passed' || echo 'test.sh: FAILED' >&2
passed=0 failed=0
for result in "${results[@]}"; do
  case $result in pass) passed=$((passed + 1)) ;; FAIL) failed=$((failed + 1)) ;; esac
done
# The closing line: test steps (each one a whole suite) that passed and failed.
echo "steps: $passed passed, $failed failed"
exit "$status"
