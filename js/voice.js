// adk-stream-wasm/voice: live voice over the BIDI transport (SPEC §5's audio_control, audio_chunk
// and data-pcm). The microphone is captured, converted and chunked in an AudioWorklet
// (./voice-worklet.js); the agent's PCM plays in the same worklet scope. This file only moves
// strings between the worklet and the transport (or, when the transport's socket is in a worker,
// connects the worklet to that worker) and keeps the state an app renders.
import { AUDIO_PATH } from './voice-path.js';
import { AdkError } from './errors.js';

/** Every failure of the voice: `code` says which, the message what was wrong and what to do. */
export class AdkVoiceError extends AdkError {
  static errorName = 'AdkVoiceError';

  constructor(code, message, cause) {
    super(message, cause === undefined ? undefined : { cause });
    this.name = /** @type {const} */ ('AdkVoiceError');
    this.code = code;
  }
}

const DEFAULTS = {
  sampleRate: 16000,
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

/** What getUserMedia's rejection means for the user. */
function micError(error) {
  const name = error && error.name;
  if (name === 'NotAllowedError' || name === 'SecurityError') {
    return new AdkVoiceError('permission-denied', 'Microphone permission was refused; expected the user (or the browser settings) to allow the microphone for this site. The text chat still works.', error);
  }
  if (name === 'NotFoundError' || name === 'OverconstrainedError') {
    return new AdkVoiceError('no-device', 'No microphone was found; expected an audio input device. The text chat still works.', error);
  }
  if (name === 'NotReadableError' || name === 'AbortError') {
    return new AdkVoiceError('device-busy', `The microphone could not be opened (${name}): another program may hold it. The text chat still works.`, error);
  }
  return new AdkVoiceError('microphone', `getUserMedia failed: ${messageOf(error)}`, error);
}

const messageOf = (error) => (error instanceof Error ? error.message : String(error));
const noAudio = () =>
  new AdkVoiceError('unsupported', 'voice: this environment has no Web Audio (AudioContext and AudioWorklet); expected a browser. Under Node or jsdom there is no audio: the text chat works without it.');
const timeout = (ms) => new Promise((resolve) => setTimeout(resolve, ms, 'timeout'));
const socketClosed = (error) =>
  new AdkVoiceError('socket-closed', `voice: an audio chunk could not be sent (${messageOf(error)}); the microphone was stopped.`, error);

/**
 * A voice session over `transport` (a BidiTransport, useAdkChat's BIDI transport, or a function that
 * returns one). Pass `voice.onAudio` as the transport's `onAudio` option so the agent's audio plays.
 */
export function createVoice(transport, options = {}) {
  const o = { ...DEFAULTS, ...options };
  for (const name of ['sampleRate', 'chunkMs', 'jitterMs', 'resumeTimeoutMs']) positive(name, o[name]);
  const getTransport = typeof transport === 'function' ? transport : () => transport;
  const listeners = new Set();
  const id = nextId++;
  /** @typedef {'idle' | 'requesting' | 'recording' | 'playing' | 'error'} VoiceState */
  /** @type {{state: VoiceState, level: number, muted: boolean, recording: boolean, error: AdkVoiceError | null, underruns: number}} */
  let snapshot = { state: 'idle', level: 0, muted: false, recording: false, error: null, underruns: 0 };
  let context = null;
  let ready = null; // the promise of the worklet module in `context`
  let playback = null;
  let capture = null;
  let stream = null;
  let source = null;
  let playing = false;
  // The transport's audio path when its socket is in a worker: the worklet sends straight to it.
  let direct = null;

  function set(change, event) {
    snapshot = { ...snapshot, ...change };
    snapshot.state = snapshot.error && !snapshot.recording && !playing
      ? 'error'
      : playing ? 'playing' : snapshot.recording ? 'recording' : snapshot.state === 'requesting' ? 'requesting' : 'idle';
    const e = { type: event || 'change', voice: snapshot };
    for (const listener of listeners) listener(e);
  }

  function fail(error) {
    set({ error, recording: false }, 'error');
    return error;
  }

  function send(method, arg) {
    const t = getTransport();
    if (!t || typeof t[method] !== 'function') {
      throw new AdkVoiceError('no-transport', `voice: the transport has no ${method}(); expected a BIDI transport (useAdkChat({mode: 'bidi'}) or new BidiTransport()).`);
    }
    return t[method](arg);
  }

  /** The AudioContext and the worklet module, created once (within the user gesture, for autoplay). */
  function audio() {
    if (ready) return ready;
    const Context = globalThis.AudioContext || globalThis.webkitAudioContext;
    if (typeof Context !== 'function' || typeof globalThis.AudioWorkletNode !== 'function') {
      return Promise.reject(noAudio());
    }
    context = new Context({ latencyHint: 'interactive' });
    const url = o.workletUrl || new URL('./voice-worklet.js', import.meta.url).href;
    ready = (async () => {
      const resumed = await Promise.race([context.resume().then(() => 'ok'), timeout(o.resumeTimeoutMs)]);
      if (resumed === 'timeout' || context.state !== 'running') {
        throw new AdkVoiceError('context-suspended', `voice: the AudioContext is ${context.state} after ${o.resumeTimeoutMs} ms; the browser's autoplay policy lets audio start only from a user gesture: call start() from a click or key handler.`);
      }
      try {
        await context.audioWorklet.addModule(url);
      } catch (error) {
        throw new AdkVoiceError('worklet-blocked', `voice: the audio worklet module ${url.slice(0, 80)} did not load (${messageOf(error)}); expected the page's Content-Security-Policy to allow it: script-src 'self' for the bundled file, or script-src blob: for a Blob URL (see the README's Voice section).`, error);
      }
      playback = new AudioWorkletNode(context, 'adk-voice-playback', {
        numberOfInputs: 0,
        outputChannelCount: [1],
        processorOptions: { id, jitterMs: o.jitterMs },
      });
      playback.connect(context.destination);
      playback.port.onmessage = ({ data }) => {
        if (data.playing !== undefined) {
          playing = true;
          set({}, 'playing');
        } else if (data.drained !== undefined || data.flushed !== undefined) {
          playing = false;
          set({ underruns: data.underruns ?? snapshot.underruns }, data.flushed !== undefined ? 'flushed' : 'drained');
        }
      };
      return context;
    })();
    ready.catch((error) => {
      ready = null;
      if (context) void context.close().catch(() => {});
      context = null;
      fail(error);
    });
    return ready;
  }

  /** Opens the transport's socket when it is not open (voice before any text message). */
  async function connect(t) {
    if (!t || t.connected !== false) return;
    if (typeof t.connect !== 'function') {
      throw new AdkVoiceError('not-connected', 'voice: the socket is not open and this transport has no connect(); expected a BidiTransport or useAdkChat\'s BIDI transport, or send a message first.');
    }
    try {
      await t.connect();
    } catch (error) {
      throw new AdkVoiceError('not-connected', `voice: the BIDI socket did not open (${messageOf(error)}); the microphone was not started. The text chat still works.`, error);
    }
  }

  async function start() {
    if (snapshot.recording || snapshot.state === 'requesting') return;
    set({ error: null, state: 'requesting' }, 'requesting');
    try {
      const t = getTransport();
      const Context = globalThis.AudioContext || globalThis.webkitAudioContext;
      if (typeof Context !== 'function' || typeof globalThis.AudioWorkletNode !== 'function') throw noAudio();
      const pending = audio(); // the context first, while the user gesture is still active
      const connecting = connect(t); // the socket opens while the user answers the permission prompt
      connecting.catch(() => {}); // awaited below, after the microphone
      const media = globalThis.navigator && navigator.mediaDevices;
      if (!media || typeof media.getUserMedia !== 'function') {
        throw new AdkVoiceError('unsupported', 'voice: navigator.mediaDevices.getUserMedia is missing; expected a browser page on a secure origin (https or localhost).');
      }
      try {
        stream = await media.getUserMedia({
          audio: { channelCount: 1, echoCancellation: o.echoCancellation, noiseSuppression: o.noiseSuppression, autoGainControl: o.autoGainControl },
        });
      } catch (error) {
        throw micError(error);
      }
      const ctx = await pending;
      await connecting;
      // The BIDI transport's audio path: the worklet builds each frame and the main thread only
      // hands it to the socket. Another transport (the testing kit's) gets base64 PCM.
      const path = t && typeof t[AUDIO_PATH] === 'function' ? t[AUDIO_PATH]({ sampleRate: o.sampleRate, channels: 1, bitDepth: 16 }) : null;
      const sendChunk = path ? path.send : (chunk) => send('sendAudioChunk', { chunk, sampleRate: o.sampleRate, channels: 1, bitDepth: 16 });
      direct = path && typeof path.port === 'function' ? path : null;
      source = ctx.createMediaStreamSource(stream);
      capture = new AudioWorkletNode(ctx, 'adk-voice-capture', {
        numberOfOutputs: 0,
        channelCount: 1,
        channelCountMode: 'explicit',
        processorOptions: { id, sampleRate: o.sampleRate, chunkSamples: Math.round((o.sampleRate * o.chunkMs) / 1000), vadThreshold: o.vadThreshold, vadMs: o.vadMs, parts: path ? path.parts : undefined, direct: direct !== null, muted: snapshot.muted },
      });
      const node = capture;
      if (direct !== null) {
        // The socket is in a worker: the worklet posts to it on a port of their own, audio_control
        // start first and stop last, so the frames never touch the main thread and keep their order.
        const port = direct.port((error) => {
          if (capture !== node) return;
          stopCapture();
          fail(socketClosed(error));
        });
        node.port.postMessage({ socket: port, first: direct.control('start') }, [port]);
      }
      // A chunk is a bare string; every third one comes as {chunk, level} with the input level, or
      // as {level} alone when the worklet sends to the worker.
      node.port.onmessage = ({ data }) => {
        const bare = typeof data === 'string';
        if (bare || data.chunk !== undefined) {
          if (snapshot.muted) return;
          try {
            sendChunk(bare ? data : data.chunk);
          } catch (error) {
            stopCapture();
            fail(socketClosed(error));
            return;
          }
          if (!bare) set({ level: data.level }, 'level');
        } else if (data.level !== undefined) {
          if (!snapshot.muted) set({ level: data.level }, 'level');
        } else if (data.speech !== undefined) {
          send('interrupt', 'user_abort');
          set({}, 'barge-in');
        }
      };
      source.connect(node);
      if (direct === null) send('sendAudioControl', 'start');
      set({ recording: true }, 'recording');
    } catch (error) {
      stopCapture();
      throw fail(error instanceof AdkVoiceError ? error : new AdkVoiceError('start', `voice: start() failed: ${messageOf(error)}`, error));
    }
  }

  /** Stops the worklet: it sends the rest of the last chunk, then `last` (a frame, when direct). */
  function stopCapture(last) {
    if (capture) {
      capture.port.postMessage(last ? { stop: true, last } : 'stop');
      const node = capture;
      // The worklet sends what is left of the last chunk, then {end}; then the node goes.
      const previous = node.port.onmessage;
      node.port.onmessage = (event) => {
        if (previous) previous.call(node.port, event);
        if (event.data.end) node.disconnect();
      };
    }
    if (source) source.disconnect();
    if (stream) for (const track of stream.getTracks()) track.stop();
    capture = source = stream = direct = null;
  }

  /** Ends the user's turn: the rest of the audio, then `audio_control` stop; the microphone closes. */
  function stop() {
    if (!snapshot.recording) return;
    if (direct !== null) {
      // The worklet sends the stop frame itself, after the last chunk, on the worker's port.
      stopCapture(direct.control('stop'));
      set({ recording: false, level: 0 }, 'stopped');
      return;
    }
    const node = capture;
    const previous = node.port.onmessage;
    node.port.onmessage = (event) => {
      previous.call(node.port, event);
      if (event.data.end) {
        try {
          send('sendAudioControl', 'stop');
        } catch {
          // the socket closed; nothing to end
        }
      }
    };
    stopCapture();
    set({ recording: false, level: 0 }, 'stopped');
  }

  /** Stops the agent's playback at once and tells the backend (`interrupt`). */
  function interrupt() {
    if (playback) playback.port.postMessage('flush');
    try {
      send('interrupt', 'user_abort');
    } catch {
      // no socket: nothing to interrupt on the backend
    }
    set({}, 'interrupt');
  }

  /** The transport's `onAudio`: plays one `data-pcm` chunk. */
  function onAudio(chunk) {
    if (playback) return void playback.port.postMessage({ pcm: chunk.content, rate: chunk.sampleRate || 24000 });
    audio().then(
      () => playback.port.postMessage({ pcm: chunk.content, rate: chunk.sampleRate || 24000 }),
      () => {},
    );
  }

  return {
    start,
    stop,
    interrupt,
    onAudio,
    get state() { return snapshot.state; },
    get level() { return snapshot.level; },
    get muted() { return snapshot.muted; },
    get error() { return snapshot.error; },
    /** The current state as one immutable object (for React's useSyncExternalStore). */
    get snapshot() { return snapshot; },
    /** The AudioContext and the worklet nodes, for meters and tests (null before the first use). */
    get nodes() { return { context, input: source, capture, output: playback }; },
    setMuted(muted) {
      set({ muted: Boolean(muted) }, 'muted');
      // The worklet drops the chunks (needed when it sends to the worker; the main thread drops too).
      if (capture) capture.port.postMessage({ muted: snapshot.muted });
    },
    /** Calls `listener({type, voice})` on each change; returns the unsubscribe function. */
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async close() {
      stopCapture();
      set({ recording: false });
      const ctx = context;
      ready = context = playback = null;
      playing = false;
      if (ctx) await ctx.close().catch(() => {});
      set({}, 'closed');
    },
  };
}
