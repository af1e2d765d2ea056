// adk-stream-wasm/voice: live voice over the BIDI transport (SPEC §5's audio_control, audio_chunk
// and data-pcm). The microphone is captured, converted and chunked in an AudioWorklet
// (./voice-worklet.js); the agent's PCM plays in the same worklet scope. This file only moves
// strings between the worklet and the transport (or, when the transport's socket is in a worker,
// connects the worklet to that worker); its state is one machine (./voice-machine.js).
import { AUDIO_PATH } from './voice-path.js';
import { RECORDING, voiceMachine } from './voice-machine.js';
import { AdkError } from './errors.js';
import { INPUT_SAMPLE_RATE, OUTPUT_SAMPLE_RATE } from './audio-format.js';

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

/** AudioContext and AudioWorklet, or none (Node, jsdom). Every browser with AudioWorklet has the
 *  unprefixed AudioContext. */
const webAudio = () => typeof globalThis.AudioContext === 'function' && typeof globalThis.AudioWorkletNode === 'function';
const messageOf = (error) => (error instanceof Error ? error.message : String(error));
const noAudio = () =>
  new AdkVoiceError('unsupported', 'voice: this environment has no Web Audio (AudioContext and AudioWorklet); expected a browser. Under Node or jsdom there is no audio: the text chat works without it.');
const timeout = (ms) => new Promise((resolve) => setTimeout(resolve, ms, 'timeout'));
/** Stops a microphone's tracks (a stream, or nothing). */
const release = (stream) => stream && stream.getTracks().forEach((track) => track.stop());
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
  const id = nextId++;
  const machine = voiceMachine();
  let context = null;
  let ready = null; // the promise of the worklet module in `context`
  let playback = null;
  // The microphone's parts, while recording (and the capture node until it sent its last chunk).
  let capture = null;
  let stream = null;
  let source = null;
  // The transport's audio path when its socket is in a worker: the worklet sends straight to it.
  let direct = null;

  function fail(error) {
    machine.fire('error', { error });
    return error;
  }

  function send(method, arg) {
    const t = getTransport();
    if (!t || typeof t[method] !== 'function') {
      throw new AdkVoiceError('no-transport', `voice: the transport has no ${method}(); expected a BIDI transport (useAdkChat({mode: 'bidi'}) or new BidiTransport()).`);
    }
    return t[method](arg);
  }

  /** The AudioContext and the worklet module, created once (within the user gesture, for autoplay).
   *  `reports`: its failure is reported here (the agent's audio's); start() reports its own. */
  function audio(reports) {
    if (ready) return ready;
    if (!webAudio()) return Promise.reject(noAudio());
    const ctx = (context = new AudioContext({ latencyHint: 'interactive' }));
    const url = o.workletUrl || new URL('./voice-worklet.js', import.meta.url).href;
    const made = (ready = (async () => {
      const resumed = await Promise.race([ctx.resume().then(() => 'ok'), timeout(o.resumeTimeoutMs)]);
      if (resumed === 'timeout' || ctx.state !== 'running') {
        throw new AdkVoiceError('context-suspended', `voice: the AudioContext is ${ctx.state} after ${o.resumeTimeoutMs} ms; the browser's autoplay policy lets audio start only from a user gesture: call start() from a click or key handler.`);
      }
      try {
        await ctx.audioWorklet.addModule(url);
      } catch (error) {
        throw new AdkVoiceError('worklet-blocked', `voice: the audio worklet module ${url.slice(0, 80)} did not load (${messageOf(error)}); expected the page's Content-Security-Policy to allow it: script-src 'self' for the bundled file, or script-src blob: for a Blob URL (see the README's Voice section).`, error);
      }
      if (context !== ctx) return ctx; // close() came meanwhile
      playback = new AudioWorkletNode(ctx, 'adk-voice-playback', {
        numberOfInputs: 0,
        outputChannelCount: [1],
        processorOptions: { id, jitterMs: o.jitterMs },
      });
      playback.connect(ctx.destination);
      playback.port.onmessage = ({ data }) => {
        machine.playing = data.playing !== undefined;
        if (machine.playing) machine.publish('playing', {});
        else if (data.drained !== undefined || data.flushed !== undefined) {
          machine.publish(data.flushed !== undefined ? 'flushed' : 'drained', { underruns: data.underruns ?? machine.snapshot.underruns });
        }
      };
      return ctx;
    })());
    made.catch((error) => {
      if (ready !== made) return; // close() let this context go
      ready = context = null;
      void ctx.close().catch(() => {});
      if (reports) fail(error);
    });
    return made;
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

  /** One microphone: a start() while another is in progress returns that one (issue 32 §3). */
  function start() {
    const current = machine.attempt;
    if (current) return current.promise;
    if (!machine.fire('requesting', { error: null })) return Promise.resolve(); // recording already
    const attempt = /** @type {import('./voice-machine.js').Attempt} */ (machine.attempt);
    // A stop() or close() meanwhile ends the attempt: start() resolves at once.
    attempt.settle(Promise.race([open(attempt), attempt.ended]));
    return attempt.promise;
  }

  /** The start() attempt's steps. Ended meanwhile (stop(), close()), it releases what it got. */
  async function open(attempt) {
    let mic = null;
    try {
      const t = getTransport();
      if (!webAudio()) throw noAudio();
      const pending = audio(); // the context first, while the user gesture is still active
      const connecting = connect(t); // the socket opens while the user answers the permission prompt
      connecting.catch(() => {}); // awaited below, after the microphone
      const media = globalThis.navigator && navigator.mediaDevices;
      if (!media || typeof media.getUserMedia !== 'function') {
        throw new AdkVoiceError('unsupported', 'voice: navigator.mediaDevices.getUserMedia is missing; expected a browser page on a secure origin (https or localhost).');
      }
      const asking = media.getUserMedia({
        audio: { channelCount: 1, echoCancellation: o.echoCancellation, noiseSuppression: o.noiseSuppression, autoGainControl: o.autoGainControl },
      });
      // A microphone granted to a start that stop() or close() ends, before or after the grant, is
      // closed then (the rest of the start may wait on the socket for ever).
      asking.then((granted) => attempt.ended.then(() => release(granted)), () => {});
      mic = await asking.catch((error) => { throw micError(error); });
      const ctx = await pending;
      await connecting;
      if (attempt.over) return release(mic);
      record(t, ctx, mic);
      machine.fire('recording');
    } catch (error) {
      release(mic);
      if (attempt.over) return; // ended by stop() or close(): not a failure
      stopCapture();
      throw fail(error instanceof AdkVoiceError ? error : new AdkVoiceError('start', `voice: start() failed: ${messageOf(error)}`, error));
    }
  }

  /** The microphone into the capture worklet, its frames to the transport. */
  function record(t, ctx, mic) {
    // The BIDI transport's audio path: the worklet builds each frame and the main thread only
    // hands it to the socket. Another transport (the testing kit's) gets base64 PCM.
    const path = t && typeof t[AUDIO_PATH] === 'function' ? t[AUDIO_PATH]({ sampleRate: o.sampleRate, channels: 1, bitDepth: 16 }) : null;
    const sendChunk = path ? path.send : (chunk) => send('sendAudioChunk', { chunk, sampleRate: o.sampleRate, channels: 1, bitDepth: 16 });
    direct = path && typeof path.port === 'function' ? path : null;
    stream = mic;
    source = ctx.createMediaStreamSource(mic);
    const node = (capture = new AudioWorkletNode(ctx, 'adk-voice-capture', {
      numberOfOutputs: 0,
      channelCount: 1,
      channelCountMode: 'explicit',
      processorOptions: { id, sampleRate: o.sampleRate, chunkSamples: Math.round((o.sampleRate * o.chunkMs) / 1000), vadThreshold: o.vadThreshold, vadMs: o.vadMs, parts: path ? path.parts : undefined, direct: direct !== null, muted: machine.snapshot.muted },
    }));
    const lost = (error) => {
      if (capture !== node) return;
      stopCapture();
      fail(socketClosed(error));
    };
    if (direct !== null) {
      // The socket is in a worker: the worklet posts to it on a port of their own, audio_control
      // start first and stop last, so the frames never touch the main thread and keep their order.
      const port = direct.port(lost);
      node.port.postMessage({ socket: port, first: direct.control('start') }, [port]);
    }
    // A chunk is a bare string; every third one comes as {chunk, level} with the input level, or
    // as {level} alone when the worklet sends to the worker.
    node.port.onmessage = ({ data }) => {
      const bare = typeof data === 'string';
      if (bare || data.chunk !== undefined) {
        if (machine.snapshot.muted) return;
        try {
          sendChunk(bare ? data : data.chunk);
        } catch (error) {
          return lost(error);
        }
        if (!bare) machine.publish('level', { level: data.level });
      } else if (data.level !== undefined) {
        if (!machine.snapshot.muted) machine.publish('level', { level: data.level });
      } else if (data.speech !== undefined) {
        send('interrupt', 'user_abort');
        machine.publish('barge-in', {});
      }
    };
    source.connect(node);
    if (direct === null) send('sendAudioControl', 'start');
  }

  /** Stops the worklet: it sends the rest of the last chunk, then `last` (a frame, when direct),
   *  then {end}, when the node goes and `ended()` is called. */
  function stopCapture(last, ended) {
    const node = capture;
    if (node) {
      node.port.postMessage(last ? { stop: true, last } : 'stop');
      const previous = node.port.onmessage;
      node.port.onmessage = (event) => {
        if (previous) previous(event);
        if (event.data.end) {
          node.disconnect();
          if (ended) ended();
        }
      };
    }
    if (source) source.disconnect();
    release(stream);
    capture = source = stream = direct = null;
  }

  /** Ends the user's turn: the rest of the audio, then `audio_control` stop; the microphone closes.
   *  While start() is in progress, it ends that start. */
  function stop() {
    if (machine.mic === RECORDING) {
      // With the socket in a worker, the worklet sends the stop frame itself, after the last chunk,
      // on the worker's port; else it is sent here once the worklet sent its last chunk.
      if (direct !== null) stopCapture(direct.control('stop'));
      else {
        stopCapture(null, () => {
          try {
            send('sendAudioControl', 'stop');
          } catch {
            // the socket closed; nothing to end
          }
        });
      }
    }
    machine.fire('stopped');
  }

  /** Stops the agent's playback at once and tells the backend (`interrupt`); the worklet drops
   *  the rest of the interrupted answer still on its way. */
  function interrupt() {
    if (playback) playback.port.postMessage('flush');
    try {
      send('interrupt', 'user_abort');
    } catch {
      // no socket: nothing to interrupt on the backend
    }
    machine.publish('interrupt', {});
  }

  /** The transport's `onAudio`: plays one `data-pcm` chunk. */
  function onAudio(chunk) {
    const message = { pcm: chunk.content, rate: chunk.sampleRate || OUTPUT_SAMPLE_RATE };
    if (playback) return void playback.port.postMessage(message);
    audio(true).then(() => playback && playback.port.postMessage(message), () => {});
  }

  return {
    start,
    stop,
    interrupt,
    onAudio,
    get state() { return machine.snapshot.state; },
    get level() { return machine.snapshot.level; },
    get muted() { return machine.snapshot.muted; },
    get error() { return machine.snapshot.error; },
    /** The current state as one immutable object (for React's useSyncExternalStore). */
    get snapshot() { return machine.snapshot; },
    /** The AudioContext and the worklet nodes, for meters and tests (null before the first use). */
    get nodes() { return { context, input: source, capture, output: playback }; },
    setMuted(muted) {
      machine.publish('muted', { muted: Boolean(muted) });
      // The worklet drops the chunks (needed when it sends to the worker; the main thread drops too).
      if (capture) capture.port.postMessage({ muted: machine.snapshot.muted });
    },
    /** Calls `listener({type, voice})` on each change; returns the unsubscribe function. */
    subscribe: machine.subscribe,
    /** Ends a start() in progress or the recording, and the audio; the voice may start again. */
    async close() {
      stopCapture();
      const ctx = context;
      ready = context = playback = null;
      machine.playing = false;
      if (!machine.fire('closed')) machine.publish('closed', {});
      if (ctx) await ctx.close().catch(() => {});
    },
  };
}
