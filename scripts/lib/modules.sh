# The WebAssembly modules the npm package ships, one per capability: "name features" per line.
# Sourced by scripts/build-pkg.sh (which builds them) and scripts/bench.sh (which builds them again
# with function names kept, for twiggy).
WASM_MODULES=(
  "adk_stream_wasm core,geolocation"
  "adk_stream_transport bidi"
)
