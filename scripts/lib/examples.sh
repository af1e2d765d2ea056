# Sourced by scripts/test-examples.sh and scripts/test-package.sh (after scripts/lib/js-suite.sh):
# the example apps of examples/ installed as a user installs them, with the packed package.
#
# Each app is built OUTSIDE the repository, in EXAMPLES_DIR, as a user's app stands on its own: a
# copy of its sources beside its own node_modules (kept between runs; `npm ci` again when its
# lock changes). Inside the repository, Node's resolution, TypeScript's @types and Next.js's
# workspace detection would also find the JS workspace's node_modules and lock at the root, and could
# hide a dependency an app forgot or warn about two lock files.
EXAMPLES_DIR=${EXAMPLES_DIR:-${TMPDIR:-/tmp}/adk-stream-wasm-examples/$(printf '%s' "$ROOT" | sha256sum | cut -c1-12)}
VITE_APP=$EXAMPLES_DIR/vite
# examples/vite/ai7 runs the sources of examples/vite with other dependencies (AI SDK 7, Vite 7).
AI7_APP=$EXAMPLES_DIR/vite-ai7
NEXT_APP=$EXAMPLES_DIR/next
JEST_APP=$EXAMPLES_DIR/jest
VUE_APP=$EXAMPLES_DIR/vue
SVELTE_APP=$EXAMPLES_DIR/svelte
# examples/vue/ai7 and examples/svelte/ai7: the same sources with AI SDK 7.
VUE_AI7_APP=$EXAMPLES_DIR/vue-ai7
SVELTE_AI7_APP=$EXAMPLES_DIR/svelte-ai7
# SvelteKit and Nuxt, server rendering on (issue 42).
SVELTEKIT_APP=$EXAMPLES_DIR/sveltekit
NUXT_APP=$EXAMPLES_DIR/nuxt

# copy_example SOURCE APP [PACKAGE_DIR]: APP gets the files under SOURCE that git does not ignore
# (committed or not; without a nested app's folder such as examples/vite/ai7), with package.json and
# package-lock.json taken from PACKAGE_DIR when given. examples/vite's variant gets no vite.config:
# it runs Vite 7's dev server with no configuration at all (the Vue and Svelte variants keep theirs,
# which holds their framework's plugin). Files of an earlier copy are removed first; node_modules is
# kept.
copy_example() {
  local source=$1 app=$2 package_dir=${3:-} file
  mkdir -p "$app"
  find "$app" -mindepth 1 -maxdepth 1 ! -name node_modules -exec rm -rf {} +
  while IFS= read -r file; do
    file=${file#"$source"/}
    [[ "$file" == ai7/* ]] && continue
    [ -n "$package_dir" ] && [ "$source" = examples/vite ] && [[ "$file" == vite.config.* ]] && continue
    mkdir -p "$app/$(dirname "$file")"
    cp "$source/$file" "$app/$file"
  done < <(git ls-files --cached --others --exclude-standard -- "$source")
  if [ -n "$package_dir" ]; then
    cp "$package_dir/package.json" "$package_dir/package-lock.json" "$app/"
  fi
}

# install_example APP: the app's copy, `npm ci` when its lock changed (a stamp keeps the lock's
# checksum), then the packed package.
install_example() {
  local app=$1
  case $app in
    "$VITE_APP") copy_example examples/vite "$app" ;;
    "$AI7_APP") copy_example examples/vite "$app" examples/vite/ai7 ;;
    "$NEXT_APP") copy_example examples/next "$app" ;;
    "$JEST_APP") copy_example examples/jest "$app" ;;
    "$VUE_APP") copy_example examples/vue "$app" ;;
    "$SVELTE_APP") copy_example examples/svelte "$app" ;;
    "$VUE_AI7_APP") copy_example examples/vue "$app" examples/vue/ai7 ;;
    "$SVELTE_AI7_APP") copy_example examples/svelte "$app" examples/svelte/ai7 ;;
    "$SVELTEKIT_APP") copy_example examples/sveltekit "$app" ;;
    "$NUXT_APP") copy_example examples/nuxt "$app" ;;
    *) fail "install_example: $app is not one of the example apps" ;;
  esac
  echo "example app $app: copied from the repository"
  npm_ci_locked "$app"
  install_packed_pkg "$app"
}
