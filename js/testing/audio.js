// The voice's side of the testing kit's transport (testing/transport.js): the frames a voice sends,
// recorded as the BIDI transport would send them, and the agent's audio as it hands it to `onAudio`,
// with the formats of ADK's Live API (wire/audio-format.js).
import { base64 } from '../wire/frames.js';
import { AdkTestingError } from './recordings.js';
import { INPUT_SAMPLE_RATE, OUTPUT_SAMPLE_RATE } from '../wire/audio-format.js';

/**
 * A `data-pcm` chunk as the BIDI transport hands it to `onAudio`.
 * @typedef {{content: string, sampleRate: number, channels: number, bitDepth: number}} TestAudio
 */

/**
 * A frame a voice sent through the transport.
 * @typedef {{type: 'audio_control', action: 'start' | 'stop'}
 *   | {type: 'audio_chunk', chunk: string, sampleRate: number, channels: number, bitDepth: number}
 *   | {type: 'interrupt', reason?: string}} TestAudioFrame
 */

/**
 * The agent's audio for `playAudio()`: base64 PCM, or its bytes.
 * @typedef {{content: string | ArrayBuffer | ArrayBufferView, sampleRate?: number, channels?: number, bitDepth?: number}} TestAudioInput
 */

/**
 * What a voice sends: PCM as base64 or bytes, with its format (default 16 kHz, mono, 16-bit).
 * @typedef {{chunk: string | ArrayBuffer | ArrayBufferView, sampleRate?: number, channels?: number, bitDepth?: number}} SentAudioChunk
 */

/** PCM bytes as base64. @param {ArrayBuffer | ArrayBufferView} bytes */
const base64Of = (bytes) => base64(bytes instanceof ArrayBuffer ? new Uint8Array(bytes) : new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength));

/** The `audio_chunk` frame the BIDI transport would send. @param {SentAudioChunk} audio @returns {TestAudioFrame} */
export function audioChunkFrame({ chunk, sampleRate = INPUT_SAMPLE_RATE, channels = 1, bitDepth = 16 }) {
  return { type: 'audio_chunk', chunk: typeof chunk === 'string' ? chunk : base64Of(chunk), sampleRate, channels, bitDepth };
}

/** The `audio_chunk` frames' PCM, concatenated. @param {TestAudioFrame[]} frames @returns {Uint8Array} */
export function pcmOf(frames) {
  const parts = [];
  for (const frame of frames) if (frame.type === 'audio_chunk') parts.push(Uint8Array.from(atob(frame.chunk), (c) => c.charCodeAt(0)));
  const all = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  parts.reduce((at, p) => (all.set(p, at), at + p.length), 0);
  return all;
}

/** A `data-pcm` chunk of the agent's voice as `onAudio` gets it (default 24 kHz, mono, 16-bit).
 *  @param {TestAudioInput} input @returns {TestAudio} */
export function agentAudio({ content, sampleRate = OUTPUT_SAMPLE_RATE, channels = 1, bitDepth = 16 }) {
  return { content: typeof content === 'string' ? content : base64Of(content), sampleRate, channels, bitDepth };
}

/** What the BIDI transport offers a voice (adk-stream-wasm/voice), recorded: the testing kit's
 *  transport is one. */
export class TestVoiceSide {
  /** @param {((audio: TestAudio) => void) | null | undefined} onAudio */
  constructor(onAudio) {
    /** Every `audio_control`, `audio_chunk` and `interrupt` frame the app sent, in order, as the BIDI
     *  transport sends them. @readonly @type {TestAudioFrame[]} */
    this.audioFrames = [];
    /** Where `playAudio()` sends the agent's `data-pcm` chunks. @type {((audio: TestAudio) => void) | null} */
    this.onAudio = onAudio ?? null;
  }

  get connected() {
    return true;
  }

  /** Records an `audio_chunk` frame (the PCM as base64). @param {import('./audio.js').SentAudioChunk} audio */
  sendAudioChunk(audio) {
    this.audioFrames.push(audioChunkFrame(audio));
  }

  /** Records an `audio_control` frame. @param {'start' | 'stop'} action */
  sendAudioControl(action) {
    this.audioFrames.push({ type: 'audio_control', action });
  }

  /** Records an `interrupt` frame. @param {string} [reason] @returns {boolean} */
  interrupt(reason) {
    this.audioFrames.push({ type: 'interrupt', reason });
    return true;
  }

  /** The `audio_chunk` frames' PCM, concatenated: the bytes the app sent. @returns {Uint8Array} */
  get sentAudio() {
    return pcmOf(this.audioFrames);
  }

  /** Plays `data-pcm` chunks as the agent's voice: each goes to the `onAudio` option, with the
   *  BIDI transport's defaults (24000 Hz, mono, 16-bit). `content`: base64, or the PCM bytes.
   *  Throws `AdkTestingError` when there is no `onAudio`.
   *  @param {...(TestAudioInput | TestAudioInput[])} chunks */
  playAudio(...chunks) {
    if (typeof this.onAudio !== 'function') {
      throw new AdkTestingError('playAudio(): the transport has no onAudio; expected new AdkTestTransport({responses, onAudio: voice.onAudio}).');
    }
    for (const c of chunks.flat()) this.onAudio(agentAudio(c));
  }
}
