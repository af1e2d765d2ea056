#!/usr/bin/env bash
# The npm package checked as a library is, and as a new user meets it, against the PACKED tarball:
#   publint --strict                 the tarball's layout and package.json (files, exports, types)
#   tools/check-tarball.mjs          README.md (js/README.md) and LICENSE in the tarball, README links resolve
#   attw --pack --profile esm-only   "Are the types wrong?": every entry point resolves to types (ESM only)
#   tools/check-types.mjs            the .d.ts under strict with skipLibCheck false (NodeNext and Bundler),
#                                    the glue .js checked against its .d.ts, with AI SDK 6 and with AI SDK 7,
#                                    again in examples/vue and examples/svelte for the entry points that
#                                    need Vue or Svelte, and the entry points that run without ai/@ai-sdk/react/react
#                                    with none of them installed
#   tools/check-example-blocks.mjs   the npm README's Vue, Svelte, SvelteKit and Nuxt blocks equal the example apps'
#                                    files (which scripts/test-examples.sh builds, tests and clicks)
#   tools/check-readme.mjs           every other ts/tsx block of README.md and js/README.md (the npm
#                                    page) type-checked (strict, skipLibCheck false) and run in Node
#   tools/check-workspace.mjs        the repository's JS workspace: one lock, shared packages pinned
#                                    once at the root, exact versions
#   tools/tested-versions.mjs        writes docs/tested-versions.md and the npm README's "Tested with"
#                                    line from the versions installed for these checks
# The tools come from tools/ (a workspace of the root's package.json, one lock). The host apps
# (examples/vite with AI SDK 6, its ai7 variant) are installed as scripts/test-examples.sh installs
# them, outside the repository. Builds nothing: pkg/ comes from
# scripts/build-pkg.sh.
set -uo pipefail
cd "$(dirname "$0")/.."
[ -f scripts/env.sh ] && source scripts/env.sh

source scripts/lib/js-suite.sh
source scripts/lib/examples.sh

require_pkg pkg/package.json pkg/index.js
ensure_node22
npm_ci_locked "$ROOT"   # the tools of tools/, from the JS workspace

failed=()
check() {
  local label=$1
  shift
  local start=$SECONDS
  printf '\n==> %s\n' "$label"
  "$@" || failed+=("$label")
  echo "($label: $((SECONDS - start)) s)"
}

check 'the JS workspace: one lock, pinned once' node tools/check-workspace.mjs
check 'sizes a reader can hold: files of js/ and src/ at most 400 lines, functions 80' node tools/check-sizes.mjs
check 'publint --strict' node_modules/.bin/publint run --strict ./pkg
check 'the tarball: README.md, LICENSE, links' node tools/check-tarball.mjs ./pkg
# The package is ES modules only ("type": "module"): CommonJS `require` is not a target. Exports that
# are not JavaScript (a .wasm file) are no entry point to check.
non_js=$(node -e '
  const e = require("./pkg/package.json").exports ?? {};
  console.log(Object.entries(e).filter(([k, t]) => typeof t === "string" && !/\.(m?js|json)$/.test(t)).map(([k]) => k).join(" "))')
exclude=()
[ -n "$non_js" ] && exclude=(--exclude-entrypoints $non_js)
check 'attw --pack ./pkg (esm-only)' node_modules/.bin/attw --pack ./pkg --profile esm-only --no-emoji "${exclude[@]}"

install_example "$VITE_APP"
install_example "$AI7_APP"
check 'the undeclared-export check finds one' node --test tools/undeclared-exports.test.mjs
check 'types with AI SDK 6' node tools/check-types.mjs --host "$VITE_APP"
check 'types with AI SDK 7' "$NODE22" tools/check-types.mjs --host "$AI7_APP"
# The entry points whose peers the React hosts lack (adk-stream-wasm/vue, /svelte), in the Vue and
# Svelte example apps, each with one copy of the `ai` its AI SDK package pins.
install_example "$VUE_APP"
install_example "$SVELTE_APP"
check 'types with Vue (examples/vue)' node tools/check-types.mjs --host "$VUE_APP"
check 'types with Svelte (examples/svelte)' node tools/check-types.mjs --host "$SVELTE_APP"
check 'types without the optional peers' node tools/check-types.mjs --host "$VITE_APP" --without-peers
check 'README blocks equal the example apps (Vue, Svelte, SvelteKit, Nuxt)' node tools/check-example-blocks.mjs js/README.md
check 'README code (AI SDK 6, Node 20)' node tools/check-readme.mjs --host "$VITE_APP" README.md js/README.md
# What these checks and the JS suites ran against: docs/tested-versions.md and the npm README's line.
check 'tested versions written' node tools/tested-versions.mjs --node22 "$NODE22" "$VITE_APP" "$AI7_APP" "$NEXT_APP" "$VUE_APP" "$VUE_AI7_APP" "$SVELTE_APP" "$SVELTE_AI7_APP"

echo
if [ ${#failed[@]} -gt 0 ]; then
  fail "${failed[*]}"
fi
echo "test-package.sh: publint, attw, types and README code all clean"
