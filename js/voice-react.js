// adk-stream-wasm/voice/react: useAdkVoice, the voice of ./voice.js as React state.
import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { createVoice } from './voice.js';

export { AdkVoiceError } from './voice.js';

/**
 * `useAdkVoice(transport, options?)`: one voice for the component's life. `transport` is the chat's
 * transport, or a function returning it (so the voice can exist before useAdkChat creates it: pass
 * `voice.onAudio` in useAdkChat's `transportOptions`). Options are read once.
 * @param {any} transport
 * @param {Record<string, any>} [options]
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
