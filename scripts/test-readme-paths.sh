#!/usr/bin/env bash
# The paths the npm README (js/README.md) documents, built from its code AS WRITTEN and run in
# headless Chromium against the demo backend (www/server) (tests/readme-paths/, issue 32):
# useChat over SSE and BIDI, useAdkChat over SSE and BIDI, createAdk with a Chat, and the voice.
# Each block is read from js/README.md when the test runs (tools/readme-blocks.mjs), so a README
# change is what is tested; all pages are built by one `vite build` of a host app that has the
# PACKED package installed, outside the repository as scripts/test-examples.sh builds its apps
# (scripts/lib/examples.sh says why). The host has examples/vite's dependencies (its package.json
# and lock). Chromium gets a granted position and a fake microphone (espeak-ng + sox, as
# scripts/test-voice.sh). Builds nothing of the package: pkg/ comes from scripts/build-pkg.sh.
# proxy-faults.test.mjs serves the useAdkChat blocks through Vite's DEV server with the README's
# server.proxy and makes the backend behind it fail (issue 41: what the user sees, SPEC §5 F-e to F-h).
#   READMEPATHS_FILTER=regex   only the tests whose name matches
#   READMEPATHS_README=FILE    the blocks from FILE (a draft of js/README.md) instead
#   READMEPATHS_FILES="a b"    which test files (default: paths.test.mjs proxy-faults.test.mjs)
set -uo pipefail
cd "$(dirname "$0")/.."
[ -f scripts/env.sh ] && source scripts/env.sh

source scripts/lib/js-suite.sh
source scripts/lib/examples.sh

require_pkg pkg/package.json pkg/index.js
[ -x /usr/bin/chromium ] || fail "/usr/bin/chromium is missing: run scripts/setup.sh"
for tool in espeak-ng sox; do
  command -v "$tool" >/dev/null || fail "$tool is missing (the fake microphone): run scripts/setup.sh"
done
# The demo backend needs `ws` and the package (its replay reads the stream rules), the test
# playwright-core: the JS workspace, with the packed package in the root's node_modules.
ensure_workspace

host=$EXAMPLES_DIR/readme-paths
mkdir -p "$host"
cp examples/vite/package.json examples/vite/package-lock.json "$host/"
npm_ci_locked "$host"
install_packed_pkg "$host"

readme=''
[ -n "${READMEPATHS_README:-}" ] && readme=$(realpath "$READMEPATHS_README")
filter=()
[ -n "${READMEPATHS_FILTER:-}" ] && filter=(--test-name-pattern="$READMEPATHS_FILTER")
start=$SECONDS
status=0
(cd tests/readme-paths && READMEPATHS_HOST=$host READMEPATHS_README=$readme node --test --test-concurrency=1 --test-reporter=spec "${filter[@]}" ${READMEPATHS_FILES:-paths.test.mjs proxy-faults.test.mjs}) || status=$?
echo "test-readme-paths.sh: $((SECONDS - start)) s"
exit "$status"
