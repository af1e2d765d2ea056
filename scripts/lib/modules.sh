# The WebAssembly modules the npm package ships, one per capability. Sourced by
# scripts/build-pkg.sh (which builds them) and scripts/bench.sh (which builds them again with
# function names kept, for twiggy).
#
# The core (engine, approvals, tool runner, the BIDI transport's stream rules) is a plain `no_std` cdylib over numbers, built by cargo
# alone; the glue instantiates it with the WebAssembly API (js/loader.js).
CORE_MODULE="adk_stream_wasm core"
# The modules that read JS values, built by wasm-pack with wasm-bindgen: "name features" per line.
# Geolocation loads when a browser tool first runs. The BIDI transport has no module of its own:
# its rules are core exports, its socket work is JavaScript (js/transport.js).
WASM_MODULES=(
  "adk_stream_geolocation geolocation"
)
# wasm-opt's flags for every module.
WASM_OPT_FLAGS=(-Oz --enable-reference-types --enable-bulk-memory --enable-nontrapping-float-to-int
  --enable-sign-ext --enable-mutable-globals --enable-multivalue)
