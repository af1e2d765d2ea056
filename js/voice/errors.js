// The voice's error and the failures its parts share (voice.js, voice/audio.js, voice/capture.js).
import { AdkError } from '../errors/errors.js';

/**
 * What went wrong, for an app's own message.
 * @typedef {'permission-denied' | 'no-device' | 'device-busy' | 'microphone' | 'context-suspended'
 *   | 'worklet-blocked' | 'unsupported' | 'not-connected' | 'no-transport' | 'socket-closed'
 *   | 'invalid-option' | 'start'} AdkVoiceErrorCode
 */

/** Every failure of the voice (the text chat is never affected): `code` says which, the message
 *  what was wrong and what to do. */
export class AdkVoiceError extends AdkError {
  static errorName = 'AdkVoiceError';

  /** @param {AdkVoiceErrorCode} code @param {string} message @param {unknown} [cause] */
  constructor(code, message, cause) {
    super(message, cause === undefined ? undefined : { cause });
    /** @readonly */
    this.name = /** @type {const} */ ('AdkVoiceError');
    /** @readonly */
    this.code = code;
  }
}

/** @param {unknown} error */
export const messageOf = (error) => (error instanceof Error ? error.message : String(error));

/** AudioContext and AudioWorklet, or none (Node, jsdom). Every browser with AudioWorklet has the
 *  unprefixed AudioContext. */
export const webAudio = () => typeof globalThis.AudioContext === 'function' && typeof globalThis.AudioWorkletNode === 'function';

export const noAudio = () =>
  new AdkVoiceError('unsupported', 'voice: this environment has no Web Audio (AudioContext and AudioWorklet); expected a browser. Under Node or jsdom there is no audio: the text chat works without it.');
