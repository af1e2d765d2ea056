#!/usr/bin/env bash
# The example apps under examples/ as a user builds and runs them, each with the PACKED package
# (`npm pack ./pkg`, the .tgz installed):
#   examples/vite       Vite 8 + React 19 + AI SDK 6: tsc (strict, skipLibCheck false), `vite build`
#                       with no warning, `vite preview`;
#   examples/vite/ai7   the same sources with AI SDK 7 (@ai-sdk/react 4, Node 22) and Vite 7: tsc,
#                       then Vite 7's DEV server with no configuration for the package;
#   examples/next       Next.js 16 App Router: `next build` (Turbopack), then `next build --webpack`,
#                       each with no warning and followed by `next start`;
#                       its server component awaits `ready` and calls pendingApprovals([]);
#   examples/jest       jest 30 in its ESM mode under happy-dom, as the npm README's jest setup says:
#                       the engine, the drop-in names, getLocation mocked, Chat with the testing kit.
#   examples/vue        Vite 8 + Vue 3 + AI SDK 6 (adk-stream-wasm/vue): vue-tsc (strict, skipLibCheck
#                       false), its component test with the testing kit (vitest + @vitejs/plugin-vue),
#                       `vite build` with no warning, `vite preview`;
#   examples/svelte     Vite 8 + Svelte 5 + AI SDK 6 (adk-stream-wasm/svelte): the same steps with
#                       svelte-check and @sveltejs/vite-plugin-svelte;
#   examples/*/ai7      the Vue and Svelte apps' sources with AI SDK 7 (@ai-sdk/vue@4, @ai-sdk/svelte@5)
#                       on Node 22, the same steps.
#   examples/sveltekit  SvelteKit 2 + Svelte 5, server rendering on (issue 42): svelte-check, its
#                       component test, `vite dev`, then `vite build` with no warning and `node build`
#                       (the node adapter); each server forwards the chat to the backend as the README
#                       says (dev: Vite's proxy, both modes; production: its hook for SSE, the
#                       backend's own URL for BIDI);
#   examples/nuxt       Nuxt 4, server rendering on (issue 42): its component test, `nuxt dev`
#                       (Nitro's devProxy, both modes, with no dependency discovered at run time),
#                       then `nuxt build` with no warning and `node .output/server/index.mjs` (a route
#                       rule for SSE, the backend's own URL for BIDI).
# Each app is copied out of the repository and built there (scripts/lib/examples.sh says why).
# Each served app is clicked through in headless Chromium (examples/e2e/flows.test.mjs) against the
# local demo backend: useAdkChat in SSE and BIDI mode, approve and deny, exactly one follow-up request;
# the Vue and Svelte apps (examples/e2e/framework-flows.test.mjs) also two approvals in one BIDI turn
# and an approved get_location in SSE and BIDI (issue 34).
# The SvelteKit and Nuxt apps are also fetched as the server renders them, in each mode (200, no error).
# Builds nothing of the package: pkg/ comes from scripts/build-pkg.sh. Servers bind 127.0.0.1, are
# stopped at the end, and stop by themselves after 15 minutes if this script is killed hard.
#   EXAMPLES=vite,ai7,next,jest,vue,vue-ai7,svelte,svelte-ai7,sveltekit,nuxt   which apps (default all)
set -uo pipefail
cd "$(dirname "$0")/.."
[ -f scripts/env.sh ] && source scripts/env.sh

source scripts/lib/js-suite.sh
source scripts/lib/examples.sh

EXAMPLES=${EXAMPLES:-vite,ai7,next,jest,vue,vue-ai7,svelte,svelte-ai7,sveltekit,nuxt}
SERVER_LIFETIME=900
export NEXT_TELEMETRY_DISABLED=1

require_pkg pkg/package.json pkg/index.js
[ -x /usr/bin/chromium ] || fail "/usr/bin/chromium is missing: run scripts/setup.sh"
ensure_node22
# The demo backend (www/server) needs `ws` and the package (its replay reads the stream rules), the
# flows playwright-core: the JS workspace, with the packed package in the root's node_modules.
ensure_workspace
echo "the example apps are built in $EXAMPLES_DIR"

server_pid=''
stop_server() {
  if [ -n "$server_pid" ]; then
    kill "$server_pid" 2>/dev/null
    wait "$server_pid" 2>/dev/null
    server_pid=''
  fi
}
trap stop_server EXIT

free_port() {
  node -e 'const s = require("net").createServer().listen(0, "127.0.0.1", () => { console.log(s.address().port); s.close(); });'
}

# Starts `$@` (a server for $url) in the background, waits until $url answers (any HTTP status),
# logs to $log; returns non-zero (and records it) if it never answers.
serve() {
  local url=$1 log=$2
  shift 2
  timeout "$SERVER_LIFETIME" "$@" >"$log" 2>&1 </dev/null &
  server_pid=$!
  for _ in $(seq 1 300); do
    curl -sS -o /dev/null "$url" 2>/dev/null && return 0
    kill -0 "$server_pid" 2>/dev/null || break
    sleep 0.2
  done
  cat "$log" >&2
  echo "test-examples.sh: the server for $url did not answer" >&2
  failed+=("serving $url")
  return 1
}

failed=()
# Lines of a build log that look like a warning or name the package, Vite's 500 kB chunk advice
# ("(!) Some chunks are larger …") among them: examples/vite/vite.config.ts puts the package's
# embedded core in its own chunk, as README.md advises. Not counted: the build's list of the files it
# wrote (dist/assets/…, which names the package's chunk), a `"use client"` directive inside AI SDK's
# swr (it names no warning), and Next's advice to keep a build cache, which it prints whenever CI is
# set and .next/cache is empty (a fresh clone). WARNINGS_ALLOWED (a regex, for one build) names
# lines of the framework's own that no setup of the package's can silence (scripts/lib/examples-ssr.sh).
warnings() {
  grep -inE 'warn|⚠|MISSING_EXPORT|adk-stream-wasm|adk_stream|chunks are larger' "$1" \
    | grep -vE "dist/assets/|No build cache found${WARNINGS_ALLOWED:+|$WARNINGS_ALLOWED}"
}
# Runs a build command; a failure, or any warning in its output, is recorded (the apps are minimal:
# every warning would be the package's or its setup's). Returns non-zero on either.
build_without_warnings() {
  local label=$1 log status=0
  shift
  log=$(mktemp)
  echo "==> $label: $*"
  "$@" >"$log" 2>&1 || status=$?
  cat "$log"
  if [ "$status" -ne 0 ]; then
    failed+=("$label")
  elif warnings "$log" >/dev/null; then
    echo "--- lines that look like warnings:"
    warnings "$log"
    failed+=("$label (a warning)")
    status=1
  fi
  rm -f "$log"
  return "$status"
}

flows() {
  local label=$1 url=$2 node=$3 server_text=${4:-} file=${5:-flows.test.mjs}
  echo "==> $label: flows in Chromium against $url"
  (cd examples/e2e && APP_URL=$url APP_LABEL=$label SERVER_TEXT=$server_text BACKEND_PORT=${BACKEND_PORT:-} SSR=${SSR:-} \
    "$node" --test --test-concurrency=1 --test-reporter=spec "$file") || failed+=("$label")
}

# framework_app NAME APP NODE AI CHECK...: a Vue or Svelte app (issue 34) on NODE with AI SDK AI:
# its type check (CHECK, a script of the app's node_modules, run in the app), its component test with
# the testing kit, `vite build` with no warning, `vite preview`, and the framework flows in Chromium.
framework_app() {
  local name=$1 app=$2 node=$3 ai=$4
  shift 4
  install_example "$app"
  # The check fails by itself on an error (svelte-check on a warning too); its output names the
  # app's folder, which build_without_warnings would take for a line about the package.
  echo "==> $name: $*"
  (cd "$app" && "$node" "$@" </dev/null) || failed+=("$name: $*")
  echo "==> $name: its component test (vitest, the testing kit)"
  (cd "$app" && PATH="$(dirname "$node"):$PATH" "$node" node_modules/vitest/vitest.mjs run </dev/null) || failed+=("$name: component test")
  if build_without_warnings "$name: vite build" bash -c "cd $app && '$node' node_modules/vite/bin/vite.js build"; then
    local port
    port=$(free_port)
    serve "http://127.0.0.1:$port/" "$app/preview.log" "$node" "$app/node_modules/vite/bin/vite.js" preview "$app" --host 127.0.0.1 --port "$port" --strictPort \
      && flows "$name: vite 8 build, AI SDK $ai" "http://127.0.0.1:$port" "$node" '' framework-flows.test.mjs
    stop_server
  fi
}

if [[ ",$EXAMPLES," == *,vite,* ]]; then
  app=$VITE_APP
  install_example "$app"
  build_without_warnings 'vite 8: tsc (strict, skipLibCheck false)' bash -c "cd $app && node node_modules/typescript/bin/tsc --noEmit -p ."
  if build_without_warnings 'vite 8: vite build' bash -c "cd $app && node node_modules/vite/bin/vite.js build"; then
    port=$(free_port)
    serve "http://127.0.0.1:$port/" "$app/preview.log" node "$app/node_modules/vite/bin/vite.js" preview "$app" --host 127.0.0.1 --port "$port" --strictPort \
      && flows 'vite 8 build, AI SDK 6' "http://127.0.0.1:$port" node
    stop_server
  fi
fi

if [[ ",$EXAMPLES," == *,ai7,* ]]; then
  app=$AI7_APP
  install_example "$app"
  build_without_warnings 'AI SDK 7: tsc' bash -c "cd $app && '$NODE22' node_modules/typescript/bin/tsc --noEmit -p ."
  port=$(free_port)
  # Vite 7's dev server, no vite.config: the package must load as installed, without optimizeDeps hints.
  serve "http://127.0.0.1:$port/" "$app/dev.log" "$NODE22" "$app/node_modules/vite/bin/vite.js" "$app" --host 127.0.0.1 --port "$port" --strictPort \
    && flows 'vite 7 dev, AI SDK 7' "http://127.0.0.1:$port" "$NODE22"
  stop_server
fi

if [[ ",$EXAMPLES," == *,next,* ]]; then
  app=$NEXT_APP
  install_example "$app"
  if build_without_warnings 'next 16: next build (Turbopack)' bash -c "cd $app && node node_modules/next/dist/bin/next build"; then
    port=$(free_port)
    serve "http://127.0.0.1:$port/" "$app/start.log" bash -c "cd $app && exec node node_modules/next/dist/bin/next start -H 127.0.0.1 -p $port" \
      && flows 'next 16 start, AI SDK 6' "http://127.0.0.1:$port" node 'server: 0 pending approvals'
    stop_server
  fi
  # The same app built by webpack, which Next 16 still offers (`next build --webpack`): the README
  # says the package loads under both of Next's bundlers.
  if build_without_warnings 'next 16: next build --webpack' bash -c "cd $app && node node_modules/next/dist/bin/next build --webpack"; then
    port=$(free_port)
    serve "http://127.0.0.1:$port/" "$app/start-webpack.log" bash -c "cd $app && exec node node_modules/next/dist/bin/next start -H 127.0.0.1 -p $port" \
      && flows 'next 16 start (webpack), AI SDK 6' "http://127.0.0.1:$port" node 'server: 0 pending approvals'
    stop_server
  fi
fi

if [[ ",$EXAMPLES," == *,jest,* ]]; then
  app=$JEST_APP
  install_example "$app"
  echo "==> jest 30 (ESM, happy-dom): npm test"
  (cd "$app" && npm test </dev/null) || failed+=('jest 30 (ESM, happy-dom)')
fi

VUE_CHECK=(node_modules/vue-tsc/bin/vue-tsc.js --noEmit -p .)
SVELTE_CHECK=(node_modules/svelte-check/bin/svelte-check --fail-on-warnings)
[[ ",$EXAMPLES," == *,vue,* ]] && framework_app vue "$VUE_APP" node 6 "${VUE_CHECK[@]}"
[[ ",$EXAMPLES," == *,vue-ai7,* ]] && framework_app vue-ai7 "$VUE_AI7_APP" "$NODE22" 7 "${VUE_CHECK[@]}"
[[ ",$EXAMPLES," == *,svelte,* ]] && framework_app svelte "$SVELTE_APP" node 6 "${SVELTE_CHECK[@]}"
[[ ",$EXAMPLES," == *,svelte-ai7,* ]] && framework_app svelte-ai7 "$SVELTE_AI7_APP" "$NODE22" 7 "${SVELTE_CHECK[@]}"

[[ ",$EXAMPLES," == *,sveltekit,* ]] && source scripts/lib/examples-ssr.sh && sveltekit_app
[[ ",$EXAMPLES," == *,nuxt,* ]] && source scripts/lib/examples-ssr.sh && nuxt_app

echo "test-examples.sh: $SECONDS s"
if [ ${#failed[@]} -gt 0 ]; then
  fail "${failed[*]}"
fi
echo "test-examples.sh: all example apps passed ($EXAMPLES)"
