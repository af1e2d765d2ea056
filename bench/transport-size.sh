#!/usr/bin/env bash
# Size of the transport's WebAssembly on its own, as the per-capability package builds it: a copy of
# the crate whose lib.rs keeps only the transport (and the library's error and JS-boundary helpers
# that older transports used), built with `--no-default-features --features bidi`, release profile,
# wasm-bindgen (target web), then wasm-opt -Oz as scripts/build-pkg.sh runs it.
#
#   bash bench/transport-size.sh [crate dir (default: this repo)] [cargo features (default: bidi)]
#
# Prints `transport .wasm: RAW bytes, GZIP gzip -9; bindings N bytes`.
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
crate=$(cd "${1:-$here}" && pwd)
features=${2:-bidi}
source "$here/scripts/env.sh"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cp -r "$crate/Cargo.toml" "$crate/Cargo.lock" "$crate/src" "$work/"
mkdir -p "$work/tests" && cp -r "$crate/tests/ws-server" "$work/tests/" 2>/dev/null || true
cat > "$work/src/lib.rs" <<'RS'
pub mod error;
pub mod model;
pub mod transport;
#[cfg(target_arch = "wasm32")]
pub mod boundary;
RS
sed -i '/^pub mod api;$/d; /^pub mod registry;$/d' "$work/src/boundary/mod.rs"
export CARGO_TARGET_DIR="${CARGO_TARGET_DIR:-$crate/target/transport-size}"
(cd "$work" && cargo build --quiet --release --lib --target wasm32-unknown-unknown --no-default-features --features "$features")
wasm-bindgen --target web --out-dir "$work/out" --out-name transport "$CARGO_TARGET_DIR/wasm32-unknown-unknown/release/adk_stream_wasm.wasm" 2>/dev/null
"$here/node_modules/.bin/wasm-opt" -Oz --enable-reference-types --enable-bulk-memory --enable-nontrapping-float-to-int \
  --enable-sign-ext --enable-mutable-globals --enable-multivalue "$work/out/transport_bg.wasm" -o "$work/out/transport_bg.wasm"
[ -n "${KEEP_WASM:-}" ] && cp "$work/out/transport_bg.wasm" "$KEEP_WASM"
echo "transport .wasm: $(wc -c < "$work/out/transport_bg.wasm") bytes, $(gzip -9c "$work/out/transport_bg.wasm" | wc -c) gzip -9; bindings $(wc -c < "$work/out/transport.js") bytes"
