# The WebAssembly module the npm package ships. Sourced by scripts/build-pkg.sh (which builds it)
# and scripts/bench.sh (which builds it again with function names kept, for twiggy).
#
# The core (engine, approvals, tool runner, the BIDI transport's stream rules) is a plain `no_std` cdylib over numbers, built by cargo
# alone; the glue instantiates it with the WebAssembly API (js/core/loader.js).
CORE_MODULE="adk_stream_wasm core"
# Nothing else is WebAssembly: the BIDI transport's rules are core exports and its socket work is
# JavaScript (js/transport/bidi/bidi-transport.js); the browser tools are JavaScript (js/tools/get-location.js).
# wasm-opt's flags. The pipeline before -Oz was measured (gzip of the module's hex, short export
# names): -Oz alone 6,631 B; -O3 -Oz 6,576 B; --flatten --rereloop -O3 -Oz --converge 6,528 B (the
# relooper rebuilds the control flow, -O3 inlines and simplifies, -Oz then shrinks until it stops).
WASM_FEATURES=(--enable-reference-types --enable-bulk-memory --enable-nontrapping-float-to-int
  --enable-sign-ext --enable-mutable-globals --enable-multivalue)
WASM_OPT_FLAGS=(--flatten --rereloop -O3 -Oz --converge "${WASM_FEATURES[@]}")
