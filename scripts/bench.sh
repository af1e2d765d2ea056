#!/usr/bin/env bash
# The benchmarks and budgets (`make bench` runs this after building pkg/): decision cost in Node and
# headless Chromium against AI SDK's helpers and a plain-JS baseline, growth, what the package adds
# to Vite builds of tiny SSE and BIDI apps, what is inside the WebAssembly (twiggy), the BIDI receive
# path and start-up. Prints the table and writes BENCHMARKS.md. pkg/ comes from
# scripts/build-pkg.sh; the only thing built here is a copy of the crate with function names kept
# (target/bench-symbols), so twiggy can name what the shipped module is made of. About 7 minutes on
# a 2-core machine (the first run also compiles twiggy, about 3 minutes).
#
#   bash scripts/bench.sh            # full run, writes BENCHMARKS.md
#   bash scripts/bench.sh --quick    # a few rounds of everything, to try the bench; writes nothing
#   bash scripts/bench.sh --decision # the decision sections only (message sets, fresh, real shapes):
#                                    # prints their tables, writes nothing; no twiggy, no named build
#   BENCH_NAMES=0 bash scripts/bench.sh     # skip the build with names (twiggy shows items by index)
#   BENCH_SYMBOLS=1 bash scripts/bench.sh   # also profiles the build with function names kept
set -euo pipefail
cd "$(dirname "$0")/.."
[ -f scripts/env.sh ] && source scripts/env.sh
BENCH=bench

source scripts/lib/js-suite.sh

# --- what the bench needs --------------------------------------------------------------------------
# The WebAssembly may be a .wasm file or embedded in the JS; run.mjs finds it either way.
require_pkg pkg/package.json pkg/index.js
command -v node >/dev/null || fail "node is not on PATH (scripts/setup.sh installs what the project needs)"
CHROMIUM=${CHROMIUM:-/usr/bin/chromium}
[ -x "$CHROMIUM" ] || fail "$CHROMIUM is missing: 'apt-get install -y chromium' (scripts/setup.sh does it)"
export CHROMIUM

# --- the bench's own dependencies, and the package as an app installs it ------------------------------
# A tarball of pkg/: the bench measures a snapshot that a later rebuild of pkg/ cannot change under it.
ensure_workspace

# --decision needs neither twiggy nor the build with names.
decision_only=0
for arg in "$@"; do [ "$arg" = --decision ] && decision_only=1; done
[ "$decision_only" = 1 ] && BENCH_NAMES=0 && BENCH_SYMBOLS=0

# --- twiggy, the code size profiler (section 3b) -----------------------------------------------------
TWIGGY_VERSION=0.8.0
if [ "$decision_only" = 0 ] && [[ "$(twiggy --version 2>/dev/null)" != *" $TWIGGY_VERSION" ]]; then
  echo "bench.sh: installing twiggy $TWIGGY_VERSION (cargo install, once)"
  cargo install twiggy --version "$TWIGGY_VERSION" --locked --quiet </dev/null || fail "cargo install twiggy --version $TWIGGY_VERSION"
fi

# --- a build with function names: twiggy's names, and the profile's with BENCH_SYMBOLS=1 -------------
# The same release build and wasm-opt as scripts/build-pkg.sh (its module comes from
# scripts/lib/modules.sh), with the name section kept: twiggy pairs the shipped module with the named
# build whose exports match. Cargo keeps its own target dir, so after
# the first run only the crate is compiled again.
unset BENCH_SYMBOLS_PKG BENCH_NAMES_DIR
names=target/bench-symbols
if [ "${BENCH_NAMES:-1}" = 1 ] || [ "${BENCH_SYMBOLS:-0}" = 1 ]; then
  [ -x node_modules/.bin/wasm-opt ] || fail "the build with names needs node_modules/.bin/wasm-opt (run scripts/build-pkg.sh once)"
  echo "bench.sh: building the crate with function names kept into $names"
  source scripts/lib/modules.sh
  read -r core_name core_features <<<"$CORE_MODULE"
  CARGO_TARGET_DIR=$names CARGO_PROFILE_RELEASE_STRIP=false \
    cargo build --quiet --release --target wasm32-unknown-unknown --no-default-features --features "$core_features" \
    || fail "cargo build of $core_name with names"
  mkdir -p "$names/pkg"
  node_modules/.bin/wasm-opt "${WASM_OPT_FLAGS[@]}" -g "$names/wasm32-unknown-unknown/release/adk_stream_wasm.wasm" \
    -o "$names/pkg/${core_name}_bg.wasm" || fail "wasm-opt -g of $core_name"
  # The shipped module's short export names (build-pkg.sh), so the two builds' exports match.
  node scripts/lib/short-exports.mjs --wasm "$names/pkg/${core_name}_bg.wasm" >/dev/null || fail "short export names of $core_name"
  export BENCH_NAMES_DIR=$ROOT/$names/pkg
fi
if [ "${BENCH_SYMBOLS:-0}" = 1 ]; then
  # The installed package with the named module in place of the shipped one, for the profile.
  copy=$BENCH/.build/symbols/adk-stream-wasm
  rm -rf "$copy"
  mkdir -p "$(dirname "$copy")"
  cp -r node_modules/adk-stream-wasm "$copy"
  node scripts/lib/embed-wasm.mjs --bytes-only "$names/pkg/${core_name}_bg.wasm" "$copy/wasm/${core_name}_bytes.js" \
    || fail "BENCH_SYMBOLS=1 writes the named core over the package's wasm/ files; the package's layout has changed"
  export BENCH_SYMBOLS_PKG=$ROOT/$copy
fi

# --- run ----------------------------------------------------------------------------------------------
cd "$BENCH"
exec node run.mjs --out="$ROOT/BENCHMARKS.md" "$@"
