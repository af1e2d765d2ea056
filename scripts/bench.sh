#!/usr/bin/env bash
# The benchmarks and budgets (`make bench` runs this after building pkg/): decision cost in Node and
# headless Chromium against AI SDK's helpers and a plain-JS baseline, growth, package size, the BIDI
# receive path and start-up. Prints the table and writes BENCHMARKS.md. Builds nothing: pkg/ comes
# from scripts/build-pkg.sh. About 5 minutes on a 2-core machine.
#
#   bash scripts/bench.sh            # full run, writes BENCHMARKS.md
#   bash scripts/bench.sh --quick    # a few rounds of everything, to try the bench; writes nothing
#   BENCH_SYMBOLS=1 bash scripts/bench.sh   # also profiles a build with function names kept
#                                           # (compiles the crate into target/bench-symbols first)
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$(pwd)
[ -f scripts/env.sh ] && source scripts/env.sh
BENCH=bench

fail() {
  echo "bench.sh: FAILED: $*" >&2
  exit 1
}

source scripts/lib/js-suite.sh

# --- what the bench needs --------------------------------------------------------------------------
require_pkg pkg/package.json pkg/index.js pkg/wasm/adk_stream_wasm.js pkg/wasm/adk_stream_wasm_bg.wasm
command -v node >/dev/null || fail "node is not on PATH (scripts/setup.sh installs what the project needs)"
CHROMIUM=${CHROMIUM:-/usr/bin/chromium}
[ -x "$CHROMIUM" ] || fail "$CHROMIUM is missing: 'apt-get install -y chromium' (scripts/setup.sh does it)"
export CHROMIUM

# --- the bench's own dependencies, and the package as an app installs it ------------------------------
# A tarball of pkg/: the bench measures a snapshot that a later rebuild of pkg/ cannot change under it.
npm_ci_locked "$BENCH"
install_packed_pkg "$BENCH"

# --- optional: a build with function names, for the profile ------------------------------------------
unset BENCH_SYMBOLS_PKG
if [ "${BENCH_SYMBOLS:-0}" = 1 ]; then
  command -v wasm-pack >/dev/null || fail "BENCH_SYMBOLS=1 needs wasm-pack (scripts/setup.sh installs it)"
  [ -x tools/node_modules/.bin/wasm-opt ] || fail "BENCH_SYMBOLS=1 needs tools/node_modules/.bin/wasm-opt (run scripts/build-pkg.sh once)"
  out=target/bench-symbols
  echo "bench.sh: building the crate with function names kept into $out"
  CARGO_TARGET_DIR=$out CARGO_PROFILE_RELEASE_STRIP=false \
    wasm-pack --quiet build --release --target web --out-dir "$out/pkg" --out-name adk_stream_wasm --no-pack \
    || fail "wasm-pack build with names"
  # The same wasm-opt as scripts/build-pkg.sh, with -g so the name section survives.
  tools/node_modules/.bin/wasm-opt -Oz -g --enable-reference-types --enable-bulk-memory --enable-nontrapping-float-to-int \
    --enable-sign-ext --enable-mutable-globals --enable-multivalue \
    "$out/pkg/adk_stream_wasm_bg.wasm" -o "$out/pkg/adk_stream_wasm_bg.wasm" || fail "wasm-opt -g"
  copy=$BENCH/.build/symbols/adk-stream-wasm
  rm -rf "$copy"
  mkdir -p "$(dirname "$copy")"
  cp -r "$BENCH/node_modules/adk-stream-wasm" "$copy"
  cp "$out/pkg/adk_stream_wasm_bg.wasm" "$out/pkg/adk_stream_wasm.js" "$copy/wasm/"
  export BENCH_SYMBOLS_PKG=$ROOT/$copy
fi

# --- run ----------------------------------------------------------------------------------------------
cd "$BENCH"
exec node run.mjs --out="$ROOT/BENCHMARKS.md" "$@"
