#!/usr/bin/env bash
# adk-stream-wasm/voice in a real Chromium (tests/browser/voice.test.mjs, playwright-core) with a fake
# microphone: espeak-ng speaks sentences to a WAV, sox converts it, and Chromium plays it as the
# microphone (--use-fake-device-for-media-stream --use-file-for-fake-audio-capture). Capture,
# playback with jitter, barge-in and every AdkVoiceError, against a local BIDI backend on 127.0.0.1;
# then the entry under Node and jsdom (no audio). Builds pkg/ when it is missing or older than the
# sources; exits with the tests' status.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/env.sh

for tool in espeak-ng sox; do
  command -v "$tool" >/dev/null || { echo "test-voice.sh: $tool is missing; run scripts/setup.sh" >&2; exit 1; }
done

wasm=pkg/wasm/adk_stream_wasm_bg.wasm
if [ ! -f "$wasm" ] || [ ! -f pkg/voice.js ] ||
  [ -n "$(find src js Cargo.toml Cargo.lock -newer "$wasm" -print -quit)" ]; then
  bash scripts/build-pkg.sh
fi

source scripts/lib/js-suite.sh
npm_ci_locked "$ROOT"   # playwright-core, ws and jsdom, from the JS workspace

cd tests/browser
export CHROMIUM="${CHROMIUM:-/usr/bin/chromium}"
exec node --test --test-reporter=spec voice.test.mjs voice-state.test.mjs voice-node.test.mjs voice-states.test.mjs
