// The voice's microphone (voice.js): start()'s steps (the microphone, the audio, the socket), the
// capture worklet that chunks the microphone, and its frames to the transport (SPEC §5's
// audio_control and audio_chunk), until stop() ends the user's turn.
import { AUDIO_PATH } from '../transport/bidi/audio-path.js';
import { RECORDING } from './machine.js';
import { AdkVoiceError, messageOf, noAudio, webAudio } from './errors.js';

/**
 * A voice's send to its transport: `transport[method](arg)`.
 * @typedef {'sendAudioChunk' | 'sendAudioControl' | 'interrupt'} VoiceMethod
 * @typedef {(method: VoiceMethod, arg: any) => unknown} VoiceSend
 */

/**
 * The BIDI transport's audio path (transport/bidi/audio-path.js, not public API), as the voice uses
 * it: `parts` of the frame the worklet builds, `send` for a frame it built; with the socket in a
 * worker, `port(lost)` for the worklet's own port to it and `control(action)` for the
 * audio_control frames.
 * @typedef {{parts: string[], send: (frame: string) => void, port?: (lost: (error: unknown) => void) => MessagePort, control?: (action: 'start' | 'stop') => string}} AudioPath
 * @typedef {AudioPath & {port: (lost: (error: unknown) => void) => MessagePort, control: (action: 'start' | 'stop') => string}} DirectPath
 */

/**
 * The transport as the voice reads it before sending: its socket's state, its `connect()`, and the
 * BIDI transport's audio path.
 * @typedef {{connected?: boolean, connect?: unknown, [AUDIO_PATH]?: (format: {sampleRate: number, channels: number, bitDepth: number}) => AudioPath}} VoiceTransport
 */

/** What getUserMedia's rejection means for the user. @param {any} error */
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

/** Stops a microphone's tracks (a stream, or nothing). @param {MediaStream | null} stream */
const release = (stream) => stream && stream.getTracks().forEach((track) => track.stop());
const socketClosed = (/** @type {unknown} */ error) =>
  new AdkVoiceError('socket-closed', `voice: an audio chunk could not be sent (${messageOf(error)}); the microphone was stopped.`, error);

/** Opens the transport's socket when it is not open (voice before any text message). @param {VoiceTransport | null | undefined} t */
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

/**
 * start()'s waits: the audio, the socket and the microphone, asked at once (the context first, while
 * the user gesture is still active; the socket opens while the user answers the permission prompt).
 * Resolves to `{t, ctx, mic}`, or null when stop() or close() ended the attempt meanwhile; what it
 * got is released then, or when a later step fails.
 * @param {import('./audio.js').VoiceSettings} o @param {() => unknown} getTransport
 * @param {ReturnType<typeof import('./audio.js').voiceAudio>} audio @param {import('./machine.js').Attempt} attempt
 */
async function acquire(o, getTransport, audio, attempt) {
  /** @type {MediaStream | null} */
  let mic = null;
  try {
    const t = /** @type {VoiceTransport | null | undefined} */ (getTransport());
    if (!webAudio()) throw noAudio();
    const pending = audio.open();
    const connecting = connect(t);
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
    if (!attempt.over) return { t, ctx, mic };
  } catch (error) {
    release(mic);
    throw error;
  }
  release(mic);
  return null;
}

/** What the capture worklet posts: a chunk is a bare string; every third one comes as {chunk,
 *  level} with the input level, or as {level} alone when the worklet sends to the worker.
 * @param {import('./machine.js').VoiceMachine} machine @param {VoiceSend} send
 * @param {(chunk: string) => void} sendChunk @param {(error: unknown) => void} lost
 * @returns {(event: MessageEvent<string | {chunk?: string, level?: number, speech?: number}>) => void} */
function chunkHandler(machine, send, sendChunk, lost) {
  return ({ data }) => {
    const bare = typeof data === 'string';
    if (bare || data.chunk !== undefined) {
      if (machine.snapshot.muted) return;
      try {
        sendChunk(bare ? data : /** @type {string} */ (data.chunk));
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
}

/** `send(method, arg)`; with no socket (closed meanwhile) there is nothing to end.
 *  @param {VoiceSend} send @param {VoiceMethod} method @param {any} arg */
export function sendUnlessClosed(send, method, arg) {
  try {
    send(method, arg);
  } catch {
    // the socket closed
  }
}

/** Stops the capture worklet `node`: it sends the rest of the last chunk, then `last` (a frame,
 *  when it sends to the worker), then {end}, when the node goes and `ended()` is called.
 *  @param {AudioWorkletNode} node @param {string | null | undefined} last @param {(() => void) | undefined} ended */
function stopWorklet(node, last, ended) {
  node.port.postMessage(last ? { stop: true, last } : 'stop');
  const previous = /** @type {((event: MessageEvent) => void) | null} */ (node.port.onmessage);
  node.port.onmessage = (event) => {
    if (previous) previous(event);
    if (event.data.end) {
      node.disconnect();
      if (ended) ended();
    }
  };
}

/** The capture worklet's node: it chunks the microphone (and, with the transport's audio `path`,
 *  builds each frame; `direct`: it sends them to the worker's socket itself).
 *  @param {AudioContext} ctx @param {import('./audio.js').VoiceSettings} o @param {number} id
 *  @param {AudioPath | null} path @param {boolean} direct @param {boolean} muted */
function captureNode(ctx, o, id, path, direct, muted) {
  return new AudioWorkletNode(ctx, 'adk-voice-capture', {
    numberOfOutputs: 0,
    channelCount: 1,
    channelCountMode: 'explicit',
    processorOptions: { id, sampleRate: o.sampleRate, chunkSamples: Math.round((o.sampleRate * o.chunkMs) / 1000), vadThreshold: o.vadThreshold, vadMs: o.vadMs, parts: path ? path.parts : undefined, direct, muted },
  });
}

/** The microphone of one voice: its options `o`, number `id`, state `machine`, `fail` (reports a
 *  failure), `send(method, arg)` to its transport, `getTransport` and `audio` (voice/audio.js).
 * @param {import('./audio.js').VoiceSettings} o @param {number} id @param {import('./machine.js').VoiceMachine} machine
 * @param {(error: AdkVoiceError) => AdkVoiceError} fail @param {VoiceSend} send
 * @param {() => unknown} getTransport @param {ReturnType<typeof import('./audio.js').voiceAudio>} audio */
export function voiceCapture(o, id, machine, fail, send, getTransport, audio) {
  /** @type {CaptureState} */
  const state = { capturing: null, source: null, stream: null, direct: null };
  const capture = {
    /** The microphone's source node and the capture node, for meters and tests. */
    nodes: () => /** @type {[MediaStreamAudioSourceNode | null, AudioWorkletNode | null]} */ ([state.source, state.capturing]),

    /** The start() attempt's steps. Ended meanwhile (stop(), close()), it releases what it got.
     *  @param {import('./machine.js').Attempt} attempt */
    async open(attempt) {
      /** @type {MediaStream | null} */
      let mic = null;
      try {
        const got = await acquire(o, getTransport, audio, attempt);
        if (got === null) return;
        mic = got.mic;
        record(state, { o, id, machine, send }, got.t, got.ctx, mic, (error) => {
          capture.stop();
          fail(socketClosed(error));
        });
        machine.fire('recording');
      } catch (error) {
        release(mic);
        if (attempt.over) return; // ended by stop() or close(): not a failure
        capture.stop();
        throw fail(error instanceof AdkVoiceError ? error : new AdkVoiceError('start', `voice: start() failed: ${messageOf(error)}`, error));
      }
    },

    /** Stops the worklet (`stopWorklet`) and closes the microphone.
     *  @param {string | null} [last] @param {() => void} [ended] */
    stop(last, ended) {
      if (state.capturing) stopWorklet(state.capturing, last, ended);
      if (state.source) state.source.disconnect();
      release(state.stream);
      state.capturing = state.source = state.stream = state.direct = null;
    },

    /** Tells the worklet to drop the chunks or send them again (the main thread drops them too). */
    /** @param {boolean} muted */
    mute(muted) {
      if (state.capturing) state.capturing.port.postMessage({ muted });
    },

    /** Ends the user's turn: the rest of the audio, then `audio_control` stop; the microphone closes. */
    endTurn() {
      if (machine.mic !== RECORDING) return;
      // With the socket in a worker, the worklet sends the stop frame itself, after the last chunk,
      // on the worker's port; else it is sent here once the worklet sent its last chunk.
      if (state.direct !== null) capture.stop(state.direct.control('stop'));
      else capture.stop(null, () => sendUnlessClosed(send, 'sendAudioControl', 'stop'));
    },
  };
  return capture;
}

/**
 * What a voice's microphone holds while it records: the capture node (until it sent its last
 * chunk), the microphone's source node and stream, and the transport's audio path when its socket
 * is in a worker (the worklet sends straight to it).
 * @typedef {{capturing: AudioWorkletNode | null, source: MediaStreamAudioSourceNode | null, stream: MediaStream | null, direct: DirectPath | null}} CaptureState
 */

/** The microphone into the capture worklet, its frames to the transport; `lost(error)` when the
 *  socket closes under this recording.
 *  @param {CaptureState} state
 *  @param {{o: import('./audio.js').VoiceSettings, id: number, machine: import('./machine.js').VoiceMachine, send: VoiceSend}} voice
 *  @param {VoiceTransport | null | undefined} t @param {AudioContext} ctx @param {MediaStream} mic
 *  @param {(error: unknown) => void} lost */
function record(state, { o, id, machine, send }, t, ctx, mic, lost) {
  // The BIDI transport's audio path: the worklet builds each frame and the main thread only
  // hands it to the socket. Another transport (the testing kit's) gets base64 PCM.
  const path = t && typeof t[AUDIO_PATH] === 'function' ? t[AUDIO_PATH]({ sampleRate: o.sampleRate, channels: 1, bitDepth: 16 }) : null;
  const sendChunk = path ? path.send : (/** @type {string} */ chunk) => send('sendAudioChunk', { chunk, sampleRate: o.sampleRate, channels: 1, bitDepth: 16 });
  const direct = (state.direct = path && typeof path.port === 'function' ? /** @type {DirectPath} */ (path) : null);
  state.stream = mic;
  const source = (state.source = ctx.createMediaStreamSource(mic));
  const node = (state.capturing = captureNode(ctx, o, id, path, direct !== null, machine.snapshot.muted));
  const lostHere = (/** @type {unknown} */ error) => {
    if (state.capturing === node) lost(error);
  };
  if (direct !== null) {
    // The socket is in a worker: the worklet posts to it on a port of their own, audio_control
    // start first and stop last, so the frames never touch the main thread and keep their order.
    const port = direct.port(lostHere);
    node.port.postMessage({ socket: port, first: direct.control('start') }, [port]);
  }
  node.port.onmessage = chunkHandler(machine, send, sendChunk, lostHere);
  source.connect(node);
  if (direct === null) send('sendAudioControl', 'start');
}
