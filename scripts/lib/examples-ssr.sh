# Sourced by scripts/test-examples.sh (after its serve, flows, build_without_warnings and free_port):
# the server-rendered apps of issue 42, SvelteKit and Nuxt. Each runs in dev and as a production
# build, and each of its servers forwards the chat's requests to the backend as the npm README says,
# so the backend's port is chosen before the server starts (ADK_BACKEND) and the click-through
# starts the backend on it (BACKEND_PORT). SSR=1: the flows also fetch the server-rendered page.

# ssr_flows LABEL URL BACKEND_PORT: the framework flows, and the server-rendered page, in Chromium.
ssr_flows() {
  BACKEND_PORT=$3 SSR=1 flows "$1" "$2" node '' framework-flows.test.mjs
}

sveltekit_app() {
  local app=$SVELTEKIT_APP port backend_port
  install_example "$app"
  echo '==> sveltekit: svelte-kit sync, svelte-check'
  (cd "$app" && node node_modules/@sveltejs/kit/svelte-kit.js sync && node node_modules/svelte-check/bin/svelte-check --fail-on-warnings </dev/null) \
    || failed+=('sveltekit: svelte-check')
  echo '==> sveltekit: its component test (vitest, the testing kit)'
  (cd "$app" && node node_modules/vitest/vitest.mjs run </dev/null) || failed+=('sveltekit: component test')

  port=$(free_port)
  backend_port=$(free_port)
  serve "http://127.0.0.1:$port/" "$app/dev.log" env ADK_BACKEND="http://127.0.0.1:$backend_port" \
    bash -c "cd $app && exec node node_modules/vite/bin/vite.js dev --host 127.0.0.1 --port $port --strictPort" \
    && ssr_flows 'sveltekit: vite dev' "http://127.0.0.1:$port" "$backend_port"
  stop_server

  # The node adapter bundles the server with Rollup, which warns of the import circle of the
  # package's errors.js and arguments.js. Left as it is: without the circle, Vite puts errors.js in a
  # chunk of its own, and a React SSE app loads about 500 B (gzip) more (make bench, section 3).
  if WARNINGS_ALLOWED='Circular dependency: node_modules/adk-stream-wasm/errors/errors\.js -> node_modules/adk-stream-wasm/errors/arguments\.js' \
    build_without_warnings 'sveltekit: vite build' bash -c "cd $app && node node_modules/vite/bin/vite.js build"; then
    port=$(free_port)
    backend_port=$(free_port)
    # The node adapter's server: its hook forwards SSE; the browser opens the backend's WebSocket.
    serve "http://127.0.0.1:$port/" "$app/start.log" env HOST=127.0.0.1 PORT="$port" \
      ADK_BACKEND="http://127.0.0.1:$backend_port" PUBLIC_ADK_WS_URL="ws://127.0.0.1:$backend_port/live" \
      node "$app/build/index.js" \
      && ssr_flows 'sveltekit: node build (adapter-node)' "http://127.0.0.1:$port" "$backend_port"
    stop_server
  fi
}

nuxt_app() {
  local app=$NUXT_APP port backend_port
  install_example "$app"
  echo '==> nuxt: nuxt prepare, its component test (vitest, the testing kit)'
  # `nuxt prepare` writes .nuxt/, whose tsconfigs the app's tsconfig.json (and so vitest) extends.
  (cd "$app" && NUXT_TELEMETRY_DISABLED=1 node node_modules/nuxt/bin/nuxt.mjs prepare </dev/null \
    && node node_modules/vitest/vitest.mjs run </dev/null) || failed+=('nuxt: component test')

  port=$(free_port)
  backend_port=$(free_port)
  serve "http://127.0.0.1:$port/" "$app/dev.log" env ADK_BACKEND="http://127.0.0.1:$backend_port" NUXT_TELEMETRY_DISABLED=1 \
    bash -c "cd $app && exec node node_modules/nuxt/bin/nuxt.mjs dev --host 127.0.0.1 --port $port" \
    && ssr_flows 'nuxt: nuxt dev' "http://127.0.0.1:$port" "$backend_port"
  stop_server
  # Issue 42 item 2: Vite found the package at the first page load and reloaded the page. The
  # dependencies it names follow its line, up to a blank line (Nuxt's own devtools may be among them).
  if awk '/discovered new dependencies/ { on = 1; next } on && /^\s*$/ { on = 0 } on' "$app/dev.log" | grep -nE '^\s+adk-stream-wasm(/|$)'; then
    failed+=('nuxt: nuxt dev discovered the package at run time')
  fi

  backend_port=$(free_port)
  # The route rule that forwards SSE is the build's: it names the backend's port. Nuxt 4.4 builds
  # with Vite 7 (Rollup), which warns of a plugin of Nuxt's own and of comments in zod (AI SDK's):
  # neither is the package's.
  if WARNINGS_ALLOWED='\[plugin nuxt:module-preload-polyfill\] Sourcemap|node_modules/zod/[^ ]+ \([0-9:]+\): A comment' \
    build_without_warnings 'nuxt: nuxt build' env ADK_BACKEND="http://127.0.0.1:$backend_port" NUXT_TELEMETRY_DISABLED=1 \
    bash -c "cd $app && node node_modules/nuxt/bin/nuxt.mjs build"; then
    port=$(free_port)
    serve "http://127.0.0.1:$port/" "$app/start.log" env HOST=127.0.0.1 PORT="$port" \
      NUXT_PUBLIC_ADK_WS_URL="ws://127.0.0.1:$backend_port/live" node "$app/.output/server/index.mjs" \
      && ssr_flows 'nuxt: node .output/server' "http://127.0.0.1:$port" "$backend_port"
    stop_server
  fi
}
