#!/usr/bin/env bash
# Builds the npm package `adk-stream-wasm` in pkg/: the release .wasm and its generated bindings
# (wasm-pack, target web) plus the hand-written glue and type declarations from js/.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/env.sh

# wasm-opt comes from the npm package binaryen (pinned in tools/): Debian's binaryen 108 breaks
# the externref table wasm-bindgen emits, so wasm-pack's own wasm-opt step is off in Cargo.toml.
if [ ! -x tools/node_modules/.bin/wasm-opt ] || [ tools/package-lock.json -nt tools/node_modules/.package-lock.json ]; then
  (cd tools && npm ci --no-audit --no-fund --loglevel=error)
fi

rm -rf pkg
wasm-pack build --release --target web --out-dir pkg/wasm --out-name adk_stream_wasm --no-pack
tools/node_modules/.bin/wasm-opt -Oz --enable-reference-types --enable-bulk-memory --enable-nontrapping-float-to-int \
  --enable-sign-ext --enable-mutable-globals --enable-multivalue \
  pkg/wasm/adk_stream_wasm_bg.wasm -o pkg/wasm/adk_stream_wasm_bg.wasm
# wasm-pack writes a .gitignore of `*` into its output, which would hide the files from `npm pack`.
rm -f pkg/wasm/.gitignore pkg/wasm/package.json pkg/wasm/README.md
cp js/*.js js/*.d.ts pkg/
cp js/package.json pkg/package.json
# The npm page's README is js/README.md (links that work from the registry), not the repository's.
cp js/README.md pkg/README.md
cp LICENSE pkg/LICENSE
echo "built pkg/: $(wc -c < pkg/wasm/adk_stream_wasm_bg.wasm) bytes of wasm, $(gzip -9c pkg/wasm/adk_stream_wasm_bg.wasm | wc -c) gzip"
