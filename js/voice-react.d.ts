// adk-stream-wasm/voice/react: useAdkVoice.
import type { AdkVoice, AdkVoiceOptions, AdkVoiceSnapshot, AdkVoiceTransportLike } from './voice.js';
import type { BidiAudio } from './transport.js';

export { AdkVoiceError } from './voice.js';
export type { AdkVoiceOptions, AdkVoiceSnapshot, AdkVoiceState, AdkVoiceErrorCode, AdkVoiceTransportLike } from './voice.js';

export interface UseAdkVoiceResult extends AdkVoiceSnapshot {
  start(): Promise<void>;
  stop(): void;
  interrupt(): void;
  setMuted(muted: boolean): void;
  /** Pass in useAdkChat's `transportOptions.onAudio`; the same function for the component's life. */
  onAudio(audio: BidiAudio): void;
  voice: AdkVoice;
}

/** One voice for the component's life; `transport` may be a function returning it. */
export function useAdkVoice(
  transport: AdkVoiceTransportLike | null | undefined | (() => AdkVoiceTransportLike | null | undefined),
  options?: AdkVoiceOptions,
): UseAdkVoiceResult;
