// adk-stream-wasm/voice: live voice over the BIDI transport (SPEC §5's audio_control, audio_chunk
// and data-pcm). The microphone is captured, converted and chunked in an AudioWorklet
// (./voice-worklet.js); the agent's PCM plays in the same worklet scope. This file only moves
// strings between the worklet and the transport (or, when the transport's socket is in a worker,
// connects the worklet to that worker); its state is one machine (./voice/machine.js), its audio
// ./voice/audio.js and its microphone ./voice/capture.js.
import { voiceMachine } from './voice/machine.js';
import { AdkVoiceError } from './voice/errors.js';
import { voiceAudio } from './voice/audio.js';
import { sendUnlessClosed, voiceCapture } from './voice/capture.js';
import { INPUT_SAMPLE_RATE } from './wire/audio-format.js';

export { AdkVoiceError };

/** @typedef {import('./voice/errors.js').AdkVoiceErrorCode} AdkVoiceErrorCode */
/** @typedef {import('./voice/machine.js').AdkVoiceState} AdkVoiceState */
/** @typedef {import('./voice/machine.js').AdkVoiceSnapshot} AdkVoiceSnapshot */
/** @typedef {import('./voice/machine.js').AdkVoiceEventType} AdkVoiceEventType */
/** @typedef {import('./voice/machine.js').AdkVoiceEvent} AdkVoiceEvent */

/**
 * What the voice sends and plays through: a BidiTransport or useAdkChat's BIDI transport.
 * `connect()` opens the socket; `start()` calls it when `connected` is false (voice before any text
 * message).
 * @typedef {{
 *   sendAudioChunk(chunk: import('./transport.js').BidiAudioChunk): void;
 *   sendAudioControl(action: 'start' | 'stop'): void;
 *   interrupt(reason?: import('./transport.js').InterruptReason): boolean;
 *   readonly connected?: boolean;
 *   connect?(): Promise<void>;
 * }} AdkVoiceTransport
 */

/**
 * What the voice takes: its transport, or any chat transport (an app's own, the testing kit's, the
 * union useAdkChat types when a component takes a `transport` for its tests). start() rejects with
 * `no-transport` when the one given has no audio methods.
 * @typedef {AdkVoiceTransport | { sendMessages(...args: any[]): unknown }} AdkVoiceTransportLike
 */

/**
 * @typedef {object} AdkVoiceOptions
 * @property {number} [sampleRate] The rate sent to the backend (default 16000: what ADK's live models take).
 * @property {number} [chunkMs] Duration of one `audio_chunk` (default 40 ms).
 * @property {number} [jitterMs] Audio buffered before playback starts (default 100 ms: with 40 ms chunks, the third starts it).
 * @property {number} [vadThreshold] Input RMS (0..1) above which the user is talking over the agent (default 0.06; 0 turns barge-in by voice off).
 * @property {number} [vadMs] How long the input must stay above the threshold (default 30 ms).
 * @property {boolean} [echoCancellation] getUserMedia constraints; all on by default.
 * @property {boolean} [noiseSuppression]
 * @property {boolean} [autoGainControl]
 * @property {number} [resumeTimeoutMs] How long start() waits for the AudioContext to run (default 2000 ms).
 * @property {string} [workletUrl] Where the worklet module is (default: the package's voice-worklet.js beside this file, which
 *   bundlers emit as an asset of the app's origin). A Blob URL works where CSP allows `blob:`.
 */

/**
 * What a voice does (createVoice).
 * @typedef {object} AdkVoiceControls
 * @property {() => Promise<void>} start Asks for the microphone (call it from a user gesture), opens the transport's socket if it is
 *   not open yet, and streams `audio_chunk` frames after `audio_control` start. Rejects with
 *   AdkVoiceError. One microphone: while a start is in progress, start() returns that one; when
 *   recording, it resolves at once.
 * @property {() => void} stop Sends the rest of the audio, then `audio_control` stop; the microphone closes. While start()
 *   is in progress, it ends that start (which resolves; a microphone granted later is released).
 * @property {() => void} interrupt Flushes the agent's playback within one render quantum and sends `interrupt`; the rest of the
 *   interrupted answer still arriving is not played.
 * @property {(audio: import('./transport.js').BidiAudio) => void} onAudio Pass as the transport's `onAudio`: plays one `data-pcm` chunk.
 * @property {(muted: boolean) => void} setMuted
 * @property {(listener: (event: AdkVoiceEvent) => void) => () => void} subscribe
 * @property {() => Promise<void>} close Ends a start in progress or the recording, and the audio; the voice may start again.
 */

/**
 * What a voice is now (getters).
 * @typedef {object} AdkVoiceReadings
 * @property {AdkVoiceState} state
 * @property {number} level
 * @property {boolean} muted
 * @property {AdkVoiceError | null} error
 * @property {AdkVoiceSnapshot} snapshot
 * @property {{context: AudioContext | null, input: MediaStreamAudioSourceNode | null, capture: AudioWorkletNode | null, output: AudioWorkletNode | null}} nodes The Web Audio nodes, for meters and tests (null before first use).
 */

/**
 * A voice session over a BIDI transport.
 * @typedef {AdkVoiceControls & Readonly<AdkVoiceReadings>} AdkVoice
 */

const DEFAULTS = {
  sampleRate: INPUT_SAMPLE_RATE,
  chunkMs: 40,
  // 100 ms: with 40 ms chunks, playback starts on the third, which covers ±30 ms of network jitter.
  jitterMs: 100,
  vadThreshold: 0.06,
  vadMs: 30,
  echoCancellation: true,
  noiseSuppression: true,
  autoGainControl: true,
  resumeTimeoutMs: 2000,
  workletUrl: undefined,
};
let nextId = 1;

/** @param {string} name @param {unknown} value */
function positive(name, value) {
  if (typeof value !== 'number' || !(value > 0)) {
    throw new AdkVoiceError('invalid-option', `createVoice(): \`${name}\` is ${String(value)}; expected a positive number.`);
  }
  return value;
}

/**
 * `transport[method](arg)`, or the error that says the transport is no BIDI transport.
 * @param {AdkVoiceTransportLike | null | undefined} transport
 * @param {import('./voice/capture.js').VoiceMethod} method @param {any} arg
 */
function sendOn(transport, method, arg) {
  if (!transport || typeof /** @type {any} */ (transport)[method] !== 'function') {
    throw new AdkVoiceError('no-transport', `voice: the transport has no ${method}(); expected a BIDI transport (useAdkChat({mode: 'bidi'}) or new BidiTransport()).`);
  }
  return /** @type {any} */ (transport)[method](arg);
}

/**
 * A voice session over `transport` (a BidiTransport, useAdkChat's BIDI transport, or a function that
 * returns one). Pass `voice.onAudio` as the transport's `onAudio` option so the agent's audio plays.
 * With the transport's `socket: 'worker'`, the worklet sends the audio straight to the socket's
 * worker and the main thread gets only the level; otherwise the main thread hands each frame to the
 * socket.
 * @param {AdkVoiceTransportLike | null | undefined | (() => AdkVoiceTransportLike | null | undefined)} transport
 * @param {AdkVoiceOptions} [options]
 * @returns {AdkVoice}
 */
export function createVoice(transport, options = {}) {
  /** @type {import('./voice/audio.js').VoiceSettings} */
  const o = { ...DEFAULTS, ...options };
  for (const name of /** @type {const} */ (['sampleRate', 'chunkMs', 'jitterMs', 'resumeTimeoutMs'])) positive(name, o[name]);
  const getTransport = typeof transport === 'function' ? transport : () => transport;
  const id = nextId++;
  const machine = voiceMachine();
  const fail = (/** @type {AdkVoiceError} */ error) => {
    machine.fire('error', { error });
    return error;
  };
  /** @type {import('./voice/capture.js').VoiceSend} */
  const send = (method, arg) => sendOn(getTransport(), method, arg);
  const audio = voiceAudio(o, id, machine, fail);
  const capture = voiceCapture(o, id, machine, fail, send, getTransport, audio);

  return {
    /** One microphone: a start() while another is in progress returns that one (issue 32 §3). */
    start() {
      const current = machine.attempt;
      if (current) return current.promise;
      if (!machine.fire('requesting', { error: null })) return Promise.resolve(); // recording already
      const attempt = /** @type {import('./voice/machine.js').Attempt} */ (machine.attempt);
      // A stop() or close() meanwhile ends the attempt: start() resolves at once.
      attempt.settle(Promise.race([capture.open(attempt), attempt.ended]));
      return attempt.promise;
    },
    /** Ends the user's turn: the rest of the audio, then `audio_control` stop; the microphone
     *  closes. While start() is in progress, it ends that start. */
    stop() {
      capture.endTurn();
      machine.fire('stopped');
    },
    /** Stops the agent's playback at once and tells the backend (`interrupt`); the worklet drops
     *  the rest of the interrupted answer still on its way. */
    interrupt() {
      audio.flush();
      sendUnlessClosed(send, 'interrupt', 'user_abort');
      machine.publish('interrupt', {});
    },
    /** The transport's `onAudio`: plays one `data-pcm` chunk. */
    onAudio: audio.play,
    get state() { return machine.snapshot.state; },
    get level() { return machine.snapshot.level; },
    get muted() { return machine.snapshot.muted; },
    get error() { return machine.snapshot.error; },
    /** The current state as one immutable object (for React's useSyncExternalStore). */
    get snapshot() { return machine.snapshot; },
    /** The AudioContext and the worklet nodes, for meters and tests (null before the first use). */
    get nodes() {
      const [context, output] = audio.nodes();
      const [input, capturing] = capture.nodes();
      return { context, input, capture: capturing, output };
    },
    setMuted(muted) {
      machine.publish('muted', { muted: Boolean(muted) });
      // The worklet drops the chunks (needed when it sends to the worker; the main thread drops too).
      capture.mute(machine.snapshot.muted);
    },
    /** Calls `listener({type, voice})` on each change; returns the unsubscribe function. */
    subscribe: machine.subscribe,
    /** Ends a start() in progress or the recording, and the audio; the voice may start again. */
    async close() {
      capture.stop();
      const ctx = audio.detach();
      machine.playing = false;
      if (!machine.fire('closed')) machine.publish('closed', {});
      if (ctx) await ctx.close().catch(() => {});
    },
  };
}
