// adk-stream-wasm/voice: live voice over the BIDI transport (SPEC §5's audio_control, audio_chunk
// and data-pcm). The microphone is captured, converted and chunked in an AudioWorklet
// (./voice-worklet.js); the agent's PCM plays in the same worklet scope. This file only moves
// strings between the worklet and the transport (or, when the transport's socket is in a worker,
// connects the worklet to that worker); its state is one machine (./voice-machine.js), its audio
// ./voice-audio.js and its microphone ./voice-capture.js.
import { voiceMachine } from './voice/machine.js';
import { AdkVoiceError } from './voice/errors.js';
import { voiceAudio } from './voice/audio.js';
import { sendUnlessClosed, voiceCapture } from './voice/capture.js';
import { INPUT_SAMPLE_RATE } from './wire/audio-format.js';

export { AdkVoiceError };

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

function positive(name, value) {
  if (typeof value !== 'number' || !(value > 0)) {
    throw new AdkVoiceError('invalid-option', `createVoice(): \`${name}\` is ${String(value)}; expected a positive number.`);
  }
  return value;
}

/** `transport[method](arg)`, or the error that says the transport is no BIDI transport. */
function sendOn(transport, method, arg) {
  if (!transport || typeof transport[method] !== 'function') {
    throw new AdkVoiceError('no-transport', `voice: the transport has no ${method}(); expected a BIDI transport (useAdkChat({mode: 'bidi'}) or new BidiTransport()).`);
  }
  return transport[method](arg);
}

/**
 * A voice session over `transport` (a BidiTransport, useAdkChat's BIDI transport, or a function that
 * returns one). Pass `voice.onAudio` as the transport's `onAudio` option so the agent's audio plays.
 */
export function createVoice(transport, options = {}) {
  const o = { ...DEFAULTS, ...options };
  for (const name of ['sampleRate', 'chunkMs', 'jitterMs', 'resumeTimeoutMs']) positive(name, o[name]);
  const getTransport = typeof transport === 'function' ? transport : () => transport;
  const id = nextId++;
  const machine = voiceMachine();
  const fail = (error) => {
    machine.fire('error', { error });
    return error;
  };
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
