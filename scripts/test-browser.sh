#!/usr/bin/env bash
# get_location in a real Chromium driven by playwright-core (tests/browser/): a granted position,
# a refused permission, bad options, and Node without geolocation (geolocation.test.mjs); every
# option, output and failure rule with a stubbed navigator.geolocation (get-location.test.mjs); the
# files that load on demand when their download fails (load-on-demand.test.mjs);
# against the built package in pkg/. Builds pkg/ when it is missing or older than the sources, installs the JS workspace's
# node_modules (npm ci) when missing or stale, and exits with the test run's status.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/env.sh

wasm=pkg/wasm/adk_stream_wasm_bg.wasm
if [ ! -f "$wasm" ] || [ ! -f pkg/tools/get-location.js ] ||
  [ -n "$(find src js Cargo.toml Cargo.lock -newer "$wasm" -print -quit)" ]; then
  bash scripts/build-pkg.sh
fi

source scripts/lib/js-suite.sh
npm_ci_locked "$ROOT"   # playwright-core, from the JS workspace

cd tests/browser
export CHROMIUM="${CHROMIUM:-/usr/bin/chromium}"
exec node --test --test-reporter=spec geolocation.test.mjs get-location.test.mjs load-on-demand.test.mjs
