// adk-stream-wasm/voice/react: useAdkVoice, the voice of ./voice.js as React state.
import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { createVoice } from './voice.js';

export { AdkVoiceError } from './voice.js';

/** @typedef {import('./voice.js').AdkVoiceOptions} AdkVoiceOptions */
/** @typedef {import('./voice.js').AdkVoiceSnapshot} AdkVoiceSnapshot */
/** @typedef {import('./voice.js').AdkVoiceState} AdkVoiceState */
/** @typedef {import('./voice.js').AdkVoiceErrorCode} AdkVoiceErrorCode */
/** @typedef {import('./voice.js').AdkVoiceTransportLike} AdkVoiceTransportLike */

/**
 * What useAdkVoice returns besides the snapshot.
 * @typedef {object} UseAdkVoiceControls
 * @property {() => Promise<void>} start
 * @property {() => void} stop
 * @property {() => void} interrupt
 * @property {(muted: boolean) => void} setMuted
 * @property {(audio: import('./transport.js').BidiAudio) => void} onAudio Pass in useAdkChat's `transportOptions.onAudio`; the same function for the component's life.
 * @property {import('./voice.js').AdkVoice} voice
 */

/**
 * The voice's snapshot as React state, and what it does.
 * @typedef {AdkVoiceSnapshot & UseAdkVoiceControls} UseAdkVoiceResult
 */

/**
 * `useAdkVoice(transport, options?)`: one voice for the component's life. `transport` is the chat's
 * transport, or a function returning it (so the voice can exist before useAdkChat creates it: pass
 * `voice.onAudio` in useAdkChat's `transportOptions`). Options are read once.
 * @param {AdkVoiceTransportLike | null | undefined | (() => AdkVoiceTransportLike | null | undefined)} transport
 * @param {AdkVoiceOptions} [options]
 * @returns {UseAdkVoiceResult}
 */
export function useAdkVoice(transport, options) {
  const latest = useRef(transport);
  latest.current = transport;
  const [voice] = useState(() =>
    createVoice(() => (typeof latest.current === 'function' ? latest.current() : latest.current), options),
  );
  const snapshot = useSyncExternalStore(voice.subscribe, () => voice.snapshot, () => voice.snapshot);
  useEffect(() => () => void voice.close(), [voice]);
  return {
    ...snapshot,
    start: voice.start,
    stop: voice.stop,
    interrupt: voice.interrupt,
    setMuted: voice.setMuted,
    onAudio: voice.onAudio,
    voice,
  };
}
