// The voice's state machines (issue 32 §3), every transition: the microphone's (js/voice/machine.js)
// through the public API of createVoice, under Node with a hand-driven stand-in for what it uses of the browser: the
// AudioContext and worklet nodes (their ports), getUserMedia (granted or refused when the test says)
// and a transport that records what it was sent; then the playback worklet's, on the audio thread.
// Real audio is voice.test.mjs's and voice-state.test.mjs's (Chromium); this file is the tables.
import { test, beforeEach, afterEach } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import vm from 'node:vm';
import { sinePcm } from './voice-backend.mjs';

const entry = pathToFileURL(join(resolve(process.env.ADK_PKG_DIR || new URL('../../pkg', import.meta.url).pathname), 'voice.js')).href;
const { createVoice, AdkVoiceError } = await import(entry);

let env;
const tick = () => new Promise((r) => setTimeout(r, 0));

/** What the voice uses of the browser, driven by the test. */
function installBrowser() {
  const made = { contexts: [], nodes: [], asks: [], streams: [] };
  class Port {
    sent = [];
    onmessage = null;
    postMessage(message) { this.sent.push(message); }
    /** The worklet posts `data` to the main thread. */
    emit(data) { this.onmessage?.({ data }); }
  }
  globalThis.AudioWorkletNode = class {
    port = new Port();
    constructor(context, name, options) { Object.assign(this, { context, name, options }); made.nodes.push(this); }
    connect() {}
    disconnect() { this.disconnected = true; }
  };
  globalThis.AudioContext = class {
    state = 'suspended';
    destination = {};
    audioWorklet = { addModule: async () => {} };
    constructor() { made.contexts.push(this); }
    async resume() { if (env.resumes) this.state = 'running'; }
    createMediaStreamSource(stream) { return { mediaStream: stream, connect() {}, disconnect() {} }; }
    async close() { this.state = 'closed'; }
  };
  const getUserMedia = () => new Promise((grant, refuse) => made.asks.push({ grant, refuse }));
  Object.defineProperty(globalThis, 'navigator', { value: { mediaDevices: { getUserMedia } }, configurable: true, writable: true });
  /** Grants the oldest pending ask a microphone of one track. */
  made.grant = () => {
    const track = { readyState: 'live', stop() { this.readyState = 'ended'; } };
    const stream = { getTracks: () => [track] };
    made.streams.push(stream);
    made.asks.shift().grant(stream);
    return stream;
  };
  made.refuse = (name) => made.asks.shift().refuse(Object.assign(new Error('refused'), { name }));
  made.live = () => made.streams.flatMap((s) => s.getTracks()).filter((t) => t.readyState === 'live').length;
  made.node = (name) => made.nodes.filter((n) => n.name === name).at(-1);
  return made;
}

/** A transport that records what the voice sends; `connect()` settles when the test says. */
function recordingTransport({ connected = true } = {}) {
  const t = {
    connected,
    sent: [],
    opening: [],
    connect: () => new Promise((done, fail) => t.opening.push({ done, fail })),
    sendAudioControl(action) { t.sent.push(action); },
    sendAudioChunk({ chunk }) {
      if (t.broken) throw new Error('the socket is closed');
      t.sent.push(`chunk ${chunk}`);
    },
    interrupt() { t.sent.push('interrupt'); return true; },
  };
  return t;
}

/** A voice, the events it told, and its transport. */
function voiceOn(transport = recordingTransport(), options = {}) {
  const voice = createVoice(transport, options);
  const heard = [];
  voice.subscribe((e) => heard.push(e.type));
  return { voice, heard, transport };
}

/** A voice recording (idle → requesting → recording). */
async function recordingVoice() {
  const v = voiceOn();
  const started = v.voice.start();
  await tick();
  env.grant();
  await started;
  assert.equal(v.voice.state, 'recording');
  v.heard.length = 0;
  return v;
}

const outcome = (promise) => promise.then(() => 'resolved', (e) => `${e.name} ${e.code}`);

beforeEach(() => {
  env = installBrowser();
  env.resumes = true;
});
afterEach(() => {
  delete globalThis.AudioContext;
  delete globalThis.AudioWorkletNode;
  delete globalThis.navigator;
});

test('idle → requesting (start()): the microphone is asked for, once', async () => {
  const { voice, heard } = voiceOn();
  assert.equal(voice.state, 'idle');
  void voice.start();
  assert.equal(voice.state, 'requesting');
  assert.deepEqual(heard, ['requesting']);
  await tick();
  assert.equal(env.asks.length, 1);
});

test('requesting → recording: the microphone granted, the context running, the socket open; audio_control start sent', async () => {
  const { voice, heard, transport } = voiceOn(recordingTransport({ connected: false }));
  const started = voice.start();
  await tick();
  env.grant();
  await tick();
  assert.equal(voice.state, 'requesting', 'the socket is not open yet');
  transport.opening[0].done();
  await started;
  assert.equal(voice.state, 'recording');
  assert.equal(voice.snapshot.recording, true);
  assert.deepEqual(heard, ['requesting', 'recording']);
  assert.deepEqual(transport.sent, ['start']);
  assert.ok(voice.nodes.capture);
});

test('requesting → error: the microphone refused; start() rejects with AdkVoiceError, nothing sent', async () => {
  const { voice, heard, transport } = voiceOn();
  const started = outcome(voice.start());
  await tick();
  env.refuse('NotAllowedError');
  assert.equal(await started, 'AdkVoiceError permission-denied');
  assert.equal(voice.state, 'error');
  assert.ok(voice.error instanceof AdkVoiceError);
  assert.deepEqual(heard, ['requesting', 'error']);
  assert.deepEqual(transport.sent, []);
});

for (const end of ['stop', 'close']) for (const granted of ['before', 'after']) test(`requesting → idle (${end}()): start() resolves at once, the microphone granted ${granted} the end is released, nothing sent`, async () => {
  // issue 32 §3: the socket never opens (a connect() that never settles); before, the voice stayed in requesting.
  const { voice, heard, transport } = voiceOn(recordingTransport({ connected: false }));
  const started = outcome(voice.start());
  await tick();
  if (granted === 'before') env.grant();
  await tick();
  await voice[end]();
  assert.equal(voice.state, 'idle');
  assert.equal(await started, 'resolved');
  if (granted === 'after') env.grant();
  await tick();
  assert.equal(env.live(), 0, 'the microphone is stopped');
  transport.opening[0].done();
  await tick();
  assert.equal(voice.state, 'idle');
  assert.equal(voice.nodes.capture, null);
  assert.deepEqual(transport.sent, []);
  assert.deepEqual(heard, ['requesting', end === 'stop' ? 'stopped' : 'closed']);
});

test('requesting, start() again (the agent playing): the same start, one microphone (issue 32 §3)', async () => {
  const { voice, heard } = voiceOn();
  voice.onAudio({ content: 'AAAA' });
  await tick();
  env.node('adk-voice-playback').port.emit({ playing: 0 });
  assert.equal(voice.state, 'playing');
  const first = voice.start();
  const second = voice.start();
  assert.equal(first, second);
  await tick();
  assert.equal(env.asks.length, 1);
  env.grant();
  await first;
  assert.equal(voice.snapshot.recording, true);
  voice.stop();
  assert.equal(env.live(), 0);
  assert.deepEqual(heard.filter((e) => e !== 'playing'), ['requesting', 'recording', 'stopped']);
});

test('recording, start() again: nothing changes, no second microphone', async () => {
  const { voice, heard } = await recordingVoice();
  await voice.start();
  await tick();
  assert.equal(env.asks.length, 0);
  assert.equal(voice.state, 'recording');
  assert.deepEqual(heard, []);
});

test('recording → idle (stop()): the worklet sends its rest, then audio_control stop; the microphone closes', async () => {
  const { voice, heard, transport } = await recordingVoice();
  const capture = voice.nodes.capture;
  capture.port.emit('AAAA');
  voice.stop();
  assert.equal(voice.state, 'idle');
  assert.equal(env.live(), 0);
  assert.deepEqual(capture.port.sent.at(-1), 'stop');
  capture.port.emit('BBBB'); // the rest of the last chunk
  capture.port.emit({ end: true });
  assert.deepEqual(transport.sent, ['start', 'chunk AAAA', 'chunk BBBB', 'stop']);
  assert.equal(capture.disconnected, true);
  assert.deepEqual(heard, ['stopped']);
});

test('recording → error (the socket lost): AdkVoiceError socket-closed, the microphone closes', async () => {
  const { voice, heard, transport } = await recordingVoice();
  transport.broken = true;
  voice.nodes.capture.port.emit('AAAA');
  assert.equal(voice.state, 'error');
  assert.equal(voice.error.code, 'socket-closed');
  assert.equal(voice.snapshot.recording, false);
  assert.equal(env.live(), 0);
  assert.equal(voice.nodes.capture, null);
  assert.deepEqual(heard, ['error']);
});

test('recording → idle (close()): the microphone and the context close; the voice may start again', async () => {
  const { voice, heard } = await recordingVoice();
  await voice.close();
  assert.equal(voice.state, 'idle');
  assert.equal(env.live(), 0);
  assert.equal(env.contexts[0].state, 'closed');
  assert.deepEqual(heard, ['closed']);
  const again = voice.start();
  await tick();
  env.grant();
  await again;
  assert.equal(voice.state, 'recording');
  assert.equal(env.contexts.length, 2);
});

test('error → requesting → recording: start() again clears the error', async () => {
  const { voice, heard } = voiceOn();
  const failed = outcome(voice.start());
  await tick();
  env.refuse('NotFoundError');
  assert.equal(await failed, 'AdkVoiceError no-device');
  const started = voice.start();
  assert.equal(voice.state, 'requesting');
  assert.equal(voice.error, null);
  await tick();
  env.grant();
  await started;
  assert.equal(voice.state, 'recording');
  assert.deepEqual(heard, ['requesting', 'error', 'requesting', 'recording']);
});

test('idle → error: the agent\'s audio with an AudioContext the autoplay policy keeps suspended', async () => {
  env.resumes = false;
  const voice = createVoice(recordingTransport(), { resumeTimeoutMs: 20 });
  const heard = [];
  voice.subscribe((e) => heard.push(e.type));
  voice.onAudio({ content: 'AAAA' });
  await new Promise((r) => setTimeout(r, 60));
  assert.equal(voice.state, 'error');
  assert.equal(voice.error.code, 'context-suspended');
  assert.deepEqual(heard, ['error']);
});

test('error → error: another failure (the agent\'s audio, its context suspended) replaces the error', async () => {
  const { voice, heard } = voiceOn(undefined, { resumeTimeoutMs: 20 });
  const failed = outcome(voice.start());
  await tick();
  env.refuse('NotAllowedError');
  assert.equal(await failed, 'AdkVoiceError permission-denied');
  await voice.close(); // the context goes; the error stays
  env.resumes = false;
  voice.onAudio({ content: 'AAAA' });
  await new Promise((r) => setTimeout(r, 60));
  assert.equal(voice.state, 'error');
  assert.equal(voice.error.code, 'context-suspended');
  assert.deepEqual(heard, ['requesting', 'error', 'closed', 'error']);
});

test('idle and error: stop() changes nothing; close() keeps an error, says closed', async () => {
  const { voice, heard } = voiceOn();
  voice.stop();
  assert.equal(voice.state, 'idle');
  assert.deepEqual(heard, []);
  const failed = outcome(voice.start());
  await tick();
  env.refuse('NotReadableError');
  assert.equal(await failed, 'AdkVoiceError device-busy');
  voice.stop();
  await voice.close();
  assert.equal(voice.state, 'error');
  assert.deepEqual(heard, ['requesting', 'error', 'closed']);
});

test('playing over the microphone\'s state: the worklet says playing, drained and flushed; interrupt() flushes and tells the backend', async () => {
  const { voice, heard, transport } = await recordingVoice();
  voice.onAudio({ content: 'AAAA', sampleRate: 16000 });
  const output = env.node('adk-voice-playback');
  assert.deepEqual(output.port.sent, [{ pcm: 'AAAA', rate: 16000 }]);
  output.port.emit({ playing: 0 });
  assert.equal(voice.state, 'playing');
  assert.equal(voice.snapshot.recording, true);
  output.port.emit({ drained: 128, underruns: 1 });
  assert.equal(voice.state, 'recording');
  assert.equal(voice.snapshot.underruns, 1);
  output.port.emit({ playing: 256 });
  voice.interrupt();
  assert.equal(output.port.sent.at(-1), 'flush');
  output.port.emit({ flushed: 384 });
  assert.equal(voice.state, 'recording');
  assert.deepEqual(transport.sent.slice(-1), ['interrupt']);
  // Barge-in: the worklet heard speech over the agent (it flushed the playback itself).
  voice.nodes.capture.port.emit({ speech: 512 });
  assert.deepEqual(transport.sent.slice(-1), ['interrupt']);
  assert.deepEqual(heard, ['playing', 'drained', 'playing', 'interrupt', 'flushed', 'barge-in']);
});

// ---- the playback worklet's states (voice-worklet.js, on the audio thread) ----
// The worklet module run in a context of its own with the audio thread's globals (sampleRate,
// currentFrame, registerProcessor): the playback processor driven message by message and render
// quantum by render quantum, its clock the test's.

/** A playback processor at 48 kHz with a 100 ms jitter buffer, and helpers to drive it. */
function playbackWorklet() {
  const registered = {};
  const scope = {
    sampleRate: 48000,
    currentFrame: 0,
    registerProcessor: (name, processor) => (registered[name] = processor),
    AudioWorkletProcessor: class {
      posted = [];
      port = { postMessage: (message) => this.posted.push(message), onmessage: null };
    },
  };
  vm.createContext(scope);
  vm.runInContext(readFileSync(fileURLToPath(new URL('voice-worklet.js', entry)), 'utf8'), scope);
  const player = new registered['adk-voice-playback']({ processorOptions: { id: `p${Math.random()}`, jitterMs: 100 } });
  return {
    player,
    /** `ms` of a 24 kHz sine arrives now. */
    arrive: (ms) => player.port.onmessage({ data: { pcm: sinePcm({ ms }), rate: 24000 } }),
    flush: () => player.port.onmessage({ data: 'flush' }),
    /** Renders `quanta` render quanta; how many of them sounded. */
    render(quanta = 1) {
      let sounded = 0;
      for (let q = 0; q < quanta; q++) {
        const out = new Float32Array(128);
        player.process([], [[out]]);
        if (out.some((x) => x !== 0)) sounded++;
        scope.currentFrame += 128;
      }
      return sounded;
    },
    said: () => player.posted.map((m) => Object.keys(m)[0]).join(' '),
  };
}
const QUANTA_PER_100_MS = Math.ceil(4800 / 128);

test('playback: idle → priming (the first audio) → playing (the jitter buffer full) → idle (drained)', () => {
  const w = playbackWorklet();
  w.arrive(40);
  assert.equal(w.render(2), 0, 'priming: silent until 100 ms are buffered');
  w.arrive(40);
  w.arrive(40);
  assert.equal(w.render(1), 1);
  assert.equal(w.said(), 'playing');
  w.render(2 * QUANTA_PER_100_MS); // the 120 ms, and then no more
  assert.equal(w.said(), 'playing drained');
});

test('playback: priming → playing with less than the buffer once nothing more came for 100 ms (a short answer)', () => {
  const w = playbackWorklet();
  w.arrive(40);
  assert.equal(w.render(QUANTA_PER_100_MS - 1), 0);
  assert.ok(w.render(3) > 0);
  assert.equal(w.said(), 'playing');
});

test('playback: a flush while the answer still arrives → dropping: its rest does not play (issue 32 §3); a pause of 200 ms, and the next answer plays', () => {
  const w = playbackWorklet();
  for (let k = 0; k < 5; k++) w.arrive(40);
  w.render(2);
  w.flush();
  assert.equal(w.render(1), 0);
  assert.equal(w.said(), 'playing flushed');
  // The interrupted answer's rest, in flight: 200 ms of it, as it keeps coming.
  for (let k = 0; k < 5; k++) {
    w.arrive(40);
    assert.equal(w.render(3), 0, `chunk ${k} of the rest played`);
  }
  assert.equal(w.render(2 * QUANTA_PER_100_MS), 0);
  assert.equal(w.said(), 'playing flushed');
  // The next answer, after the pause.
  for (let k = 0; k < 3; k++) w.arrive(40);
  assert.ok(w.render(2) > 0);
  assert.equal(w.said(), 'playing flushed playing');
});

test('playback: a flush once the whole answer had arrived → idle: the next audio plays without waiting for a pause', () => {
  const w = playbackWorklet();
  for (let k = 0; k < 10; k++) w.arrive(100); // one second, all at once
  w.render(3 * QUANTA_PER_100_MS); // 300 ms of it played; nothing arrived since
  w.flush();
  w.render(1);
  assert.equal(w.said(), 'playing flushed');
  for (let k = 0; k < 3; k++) w.arrive(40);
  assert.ok(w.render(2) > 0);
  assert.equal(w.said(), 'playing flushed playing');
});
