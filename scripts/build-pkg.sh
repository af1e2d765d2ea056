#!/usr/bin/env bash
# Builds the npm package `adk-stream-wasm` in pkg/ from this crate: one WebAssembly module, the core
# (engine, approvals, tool runner, the BIDI transport's stream rules; numbers in, numbers out, no
# bindings): pkg/wasm/adk_stream_wasm_bg.wasm, loaded at import. The BIDI transport (./transport)
# is JavaScript over the core's rules, and the browser tools (get_location) are JavaScript.
# The module's bytes are embedded, hex, in a JS module of their own (pkg/wasm/*_bytes.js), which
# js/core/loader.js compiles synchronously at import: no fetch, no asset URL, so the package loads the
# same way in every bundler, on a server, in Node and under jsdom. The `_bg.wasm` file stays in
# pkg/wasm for the size reports and the test scripts' staleness checks, but nothing loads it, so
# the tarball leaves it out (js/package.json "files"; tools/check-tarball.mjs checks it).
# The hand-written glue and type declarations come from js/.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/env.sh

source scripts/lib/js-suite.sh

# wasm-opt comes from the npm package binaryen (pinned in tools/, installed with the JS workspace):
# newer than Debian's, and the same on every machine.
npm_ci_locked "$ROOT"
WASM_OPT=node_modules/.bin/wasm-opt

source scripts/lib/modules.sh

report() {
  echo "built pkg/wasm/${1}_bg.wasm: $(wc -c < "pkg/wasm/${1}_bg.wasm") bytes, $(gzip -9c "pkg/wasm/${1}_bg.wasm" | wc -c) gzip"
}

# build_core NAME FEATURES: the core, a plain cdylib, into pkg/wasm/NAME_bg.wasm + NAME_bytes.js.
build_core() {
  local name=$1 features=$2
  cargo build --release --target wasm32-unknown-unknown --no-default-features --features "$features"
  "$WASM_OPT" "${WASM_OPT_FLAGS[@]}" "target/wasm32-unknown-unknown/release/adk_stream_wasm.wasm" -o "pkg/wasm/${name}_bg.wasm"
  # Data only the code wasm-opt removed could reach (the linker's map says where each piece lies):
  # zeroed, then left out by memory packing.
  node scripts/lib/dead-data.mjs "target/${name}.map" "pkg/wasm/${name}_bg.wasm" node_modules/.bin/wasm-dis
  "$WASM_OPT" --memory-packing "${WASM_FEATURES[@]}" "pkg/wasm/${name}_bg.wasm" -o "pkg/wasm/${name}_bg.wasm"
  # Short export names (the glue's calls get them after it is copied, below).
  node scripts/lib/short-exports.mjs --wasm "pkg/wasm/${name}_bg.wasm" >"target/${name}_exports.json"
  node scripts/lib/embed-wasm.mjs --bytes-only "pkg/wasm/${name}_bg.wasm" "pkg/wasm/${name}_bytes.js"
  report "$name"
}

# Panic locations name source files: name them from the project and the registry, not this machine.
# The linker's map of the data (scripts/lib/dead-data.mjs reads it).
export CARGO_TARGET_WASM32_UNKNOWN_UNKNOWN_RUSTFLAGS="--remap-path-prefix=${CARGO_HOME:-$HOME/.cargo}=cargo --remap-path-prefix=$(pwd)=adk-stream-wasm -C link-arg=--Map=$(pwd)/target/${CORE_MODULE%% *}.map"

rm -rf pkg
mkdir -p pkg/wasm
build_core $CORE_MODULE
# The glue keeps its folders (js/README.md says what each holds); dev/ is copied below.
(cd js && find . -path ./dev -prune -o \( -name '*.js' -o -name '*.d.ts' \) -print | xargs cp --parents -t ../pkg)
# The declarations of the modules that have no hand-written one, emitted from their JSDoc, and the
# strict type check of every module that says `// @ts-check` (js/tsconfig.json).
node scripts/lib/glue-types.mjs pkg
node scripts/lib/short-exports.mjs --js "target/${CORE_MODULE%% *}_exports.json" pkg
# Production modules carry a number for each argument error's "expected …" words; the words go to
# pkg/words/expected.js, which the development entries load.
node scripts/lib/production-words.mjs pkg
# The entries of the `development` export condition (explain() and the errors in their whole words).
mkdir -p pkg/dev && cp js/dev/*.js pkg/dev/
cp js/package.json pkg/package.json
# The npm page's README is js/README.md (links that work from the registry), not the repository's.
cp js/README.md pkg/README.md
cp LICENSE pkg/LICENSE
# What changed between versions, for the registry page's readers and a user's node_modules.
cp CHANGELOG.md pkg/CHANGELOG.md
# The wire protocol for backend authors: the CHANGELOG and the README point to it.
mkdir -p pkg/docs
cp docs/protocol.md pkg/docs/protocol.md
echo "built pkg/"
