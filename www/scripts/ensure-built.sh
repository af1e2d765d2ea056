# Sourced by scripts/demo.sh and scripts/test-e2e.sh (from the repository root): brings the npm
# package, the app's dependencies and the built app up to date, doing only what is out of date.
#   ensure_pkg        bash scripts/build-pkg.sh when pkg/ is missing or older than its sources
#                     (ADK_SKIP_PKG_BUILD=1 takes pkg/ as it is)
#   ensure_www_deps   the JS workspace (npm ci at the root when its lock changed) and the packed
#                     package in the root's node_modules, where the app resolves it
#   ensure_app        npm run build in www/ when www/dist is missing or older than its inputs

source scripts/lib/js-suite.sh

# Prints the first of the given files/folders that has a file newer than $1, or nothing.
_newer_than() {
  local stamp=$1
  shift
  find "$@" -type f -newer "$stamp" -print -quit 2>/dev/null
}

ensure_pkg() {
  if [ "${ADK_SKIP_PKG_BUILD:-0}" = 1 ] && [ -f pkg/package.json ]; then
    echo "pkg/: taken as it is (ADK_SKIP_PKG_BUILD=1)"
    return 0
  fi
  local why=''
  if [ ! -f pkg/package.json ] || [ ! -f pkg/wasm/adk_stream_wasm_bytes.js ]; then
    why='missing'
  else
    local newer
    newer=$(_newer_than pkg/package.json src js Cargo.toml Cargo.lock)
    [ -n "$newer" ] && why="older than $newer"
  fi
  if [ -n "$why" ]; then
    echo "pkg/: $why; building it (scripts/build-pkg.sh)"
    bash scripts/build-pkg.sh
  else
    echo "pkg/: up to date"
  fi
}

ensure_www_deps() {
  ensure_workspace
}

ensure_app() {
  local why=''
  if [ ! -f www/dist/index.html ]; then
    why='missing'
  else
    local newer
    newer=$(_newer_than www/dist/index.html www/src www/index.html www/vite.config.ts www/tsconfig.json package-lock.json node_modules/.adk-pkg-sha256)
    [ -n "$newer" ] && why="older than $newer"
  fi
  if [ -n "$why" ]; then
    echo "www/dist: $why; building the app (npm run build)"
    (cd www && npm run build --silent)
  else
    echo "www/dist: up to date"
  fi
}
