// The voice's error and the failures its parts share (voice.js, voice/audio.js, voice/capture.js).
import { AdkError } from '../errors/errors.js';

/** Every failure of the voice: `code` says which, the message what was wrong and what to do. */
export class AdkVoiceError extends AdkError {
  static errorName = 'AdkVoiceError';

  constructor(code, message, cause) {
    super(message, cause === undefined ? undefined : { cause });
    this.name = /** @type {const} */ ('AdkVoiceError');
    this.code = code;
  }
}

export const messageOf = (error) => (error instanceof Error ? error.message : String(error));

/** AudioContext and AudioWorklet, or none (Node, jsdom). Every browser with AudioWorklet has the
 *  unprefixed AudioContext. */
export const webAudio = () => typeof globalThis.AudioContext === 'function' && typeof globalThis.AudioWorkletNode === 'function';

export const noAudio = () =>
  new AdkVoiceError('unsupported', 'voice: this environment has no Web Audio (AudioContext and AudioWorklet); expected a browser. Under Node or jsdom there is no audio: the text chat works without it.');
