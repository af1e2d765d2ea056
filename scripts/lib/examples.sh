# Sourced by scripts/test-examples.sh and scripts/test-package.sh (after scripts/lib/js-suite.sh):
# the example apps of examples/ installed as a user installs them, with the packed package.

# examples/vite/ai7 runs the sources of examples/vite with other dependencies (AI SDK 7, Vite 7): a
# copy of the sources beside ai7's package.json and lock, in examples/vite/.ai7 (git ignores it;
# its node_modules is kept between runs).
AI7_APP=examples/vite/.ai7
prepare_ai7() {
  mkdir -p "$AI7_APP"
  rm -rf "$AI7_APP/src"
  cp -R examples/vite/src examples/vite/index.html examples/vite/tsconfig.json "$AI7_APP/"
  cp examples/vite/ai7/package.json examples/vite/ai7/package-lock.json "$AI7_APP/"
}

# `npm ci` in APP when its lock changed (cached by the lock's checksum), then the packed package.
install_example() {
  local app=$1
  [ "$app" = "$AI7_APP" ] && prepare_ai7
  npm_ci_locked "$app"
  install_packed_pkg "$app"
}
