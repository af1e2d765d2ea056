// adk-stream-wasm/voice in a real Chromium (playwright-core) with a fake microphone: Chromium plays
// a WAV file (espeak-ng speaks a sentence, sox converts it) as the microphone. Against a local BIDI
// backend (voice-backend.mjs). Every audio assertion is about samples (counted or compared in the
// audio clock of the page's AudioContext), not wall time.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { sinePcm } from './voice-backend.mjs';
import { dir, server, backend, launch, fakeMic, openPage, openVoicePage, tapVoice, voiceSuite } from './voice-page.mjs';

const RATE = 16000;
const CHUNK = 640; // 40 ms at 16 kHz

voiceSuite();

const audioFrames = (since) => backend.frames.slice(since).filter((f) => f.type === 'audio_chunk' || f.type === 'audio_control' || f.type === 'interrupt');

function decode(chunks) {
  const parts = chunks.map((f) => Buffer.from(f.chunk, 'base64'));
  const all = Buffer.concat(parts);
  const samples = new Float64Array(all.length / 2);
  for (let i = 0; i < samples.length; i++) samples[i] = all.readInt16LE(2 * i) / 32768;
  return { samples, sizes: parts.map((p) => p.length / 2) };
}

/** Normalized cross-correlation of `a` with `b` from `offset` on (outside `b` counts as silence),
 *  over every `step`th sample. */
function ncc(a, b, offset, step = 1) {
  let ab = 0, aa = 0, bb = 0;
  for (let i = 0; i < a.length; i += step) {
    const y = b[offset + i] ?? 0;
    ab += a[i] * y;
    aa += a[i] * a[i];
    bb += y * y;
  }
  return aa * bb > 0 ? ab / Math.sqrt(aa * bb) : 0;
}

/** How well `heard` (what the microphone gave the audio graph, from some moment on) matches `sent`
 *  (what the package sent, from its start) over the first two seconds heard, and where it begins in
 *  `sent`: the best lag up to `most`, coarse then exact. */
function alignment(sent, heard, most) {
  const window = heard.subarray(0, 2 * RATE);
  let best = 0, score = -1;
  for (let d = 0; d <= most; d += 2) {
    const s = ncc(window, sent, d, 4);
    if (s > score) [best, score] = [d, s];
  }
  const near = best;
  for (let d = Math.max(0, near - 2); d <= near + 2; d++) {
    const s = ncc(window, sent, d);
    if (s > score || d === Math.max(0, near - 2)) [best, score] = [d, s];
  }
  return { offset: best, score };
}

/** The tap's microphone recording (context rate, float) resampled by sox to `RATE`, as the package
 *  resamples it, and aligned with what the package sent. The tap began at some frame of the context
 *  rate, so its 16 kHz grid may sit a part of a sample off the package's: each start frame within
 *  one output sample is tried and the best kept. */
function heardAsSent(tap, sent) {
  const from = join(dir, 'heard.f32'), to = join(dir, 'heard16.f32');
  const raw = (rate) => ['-t', 'raw', '-e', 'floating-point', '-b', '32', '-L', '-c', '1', '-r', String(rate)];
  let best = null;
  for (let phase = 0; phase < Math.ceil(tap.rate / RATE); phase++) {
    writeFileSync(from, Buffer.from(Float32Array.from(tap.mic.slice(phase)).buffer));
    execFileSync('sox', [...raw(tap.rate), from, ...raw(RATE), to]);
    const bytes = readFileSync(to);
    const heard = new Float32Array(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.length));
    const found = { heard, phase, ...alignment(sent, heard, RATE) };
    if (!best || found.score > best.score) best = found;
  }
  return best;
}

for (const socket of ['main', 'worker']) test(`capture (socket on the ${socket} thread): the backend receives the microphone as 16 kHz 16-bit PCM in 40 ms chunks, every sample once`, { timeout: 90_000 }, async (t) => {
  const browser = await launch(fakeMic('speech.wav'));
  // Raw capture for the fidelity check (the browser's noise suppression and gain control reshape the
  // signal); a second voice below checks that the defaults ask for them.
  const { page, errors } = await openVoicePage(browser, { socket, options: { echoCancellation: false, noiseSuppression: false, autoGainControl: false } });
  const since = backend.frames.length;
  const start = await page.evaluate(async () => {
    await window.voice.start();
    // What the main thread receives from the worklet: chunks (the socket on the main thread), or
    // the level alone (in the worker).
    window.received = { chunks: 0, levels: 0 };
    window.voice.nodes.capture.port.addEventListener('message', ({ data }) => {
      if (typeof data === 'string' || data.chunk !== undefined) window.received.chunks++;
      else if (data.level !== undefined) window.received.levels++;
    });
    return window.voice.nodes.context.currentTime;
  });
  // A tap of our own on the same microphone node records what the audio graph was given.
  await tapVoice(page);
  const times = await page.evaluate(async (start) => {
    const ctx = window.voice.nodes.context;
    await new Promise((r) => setTimeout(r, 4000));
    const stop = ctx.currentTime;
    const state = window.voice.state;
    window.voice.stop();
    return { start, stop, state };
  }, start);
  const tap = await page.evaluate(() => window.readTap());
  await backend.waitFor((f, i) => i >= since && f.type === 'audio_control' && f.action === 'stop');
  const frames = audioFrames(since);
  assert.deepEqual(frames[0].type === 'audio_control' && frames[0].action, 'start', 'the first frame is audio_control start');
  assert.equal(frames.at(-1).action, 'stop', 'the last frame is audio_control stop');
  const chunks = frames.filter((f) => f.type === 'audio_chunk');
  for (const c of chunks) assert.deepEqual([c.sampleRate, c.channels, c.bitDepth], [16000, 1, 16]);
  const { samples, sizes } = decode(chunks);
  // Every chunk but the last (the rest at stop) is exactly 40 ms: 640 samples.
  assert.deepEqual(sizes.slice(0, -1).filter((n) => n !== CHUNK), [], `chunk sizes ${sizes.join(',')}`);
  assert.ok(sizes.at(-1) >= 1 && sizes.at(-1) <= CHUNK);
  const expected = (times.stop - times.start) * RATE;
  // The PCM is what the microphone gave the audio graph, every chunk once and in order: the tap
  // (started a little after the voice) heard the same input, so at one offset for the whole
  // recording each 40 ms chunk with speech in it matches what the tap heard (resampled by sox). A
  // chunk lost, doubled or out of order moves every chunk after it off that offset. (Chromium's fake
  // microphone, under load, now and then skips or repeats part of its file: the tap hears that too,
  // so the WAV file is no oracle, but the tap is.)
  const { heard, offset, phase } = heardAsSent(tap, samples);
  const scores = [];
  for (let k = 0; (k + 1) * CHUNK <= samples.length; k++) {
    const chunk = samples.subarray(k * CHUNK, (k + 1) * CHUNK);
    const from = k * CHUNK - offset;
    if (from < 0 || from + CHUNK > heard.length) continue;
    if (chunk.reduce((sum, x) => sum + x * x, 0) / CHUNK < 1e-3) continue;
    scores.push({ chunk: k, score: ncc(chunk, heard, from) });
  }
  const lowest = scores.reduce((low, c) => Math.min(low, c.score), 1);
  t.diagnostic(`${samples.length} samples (${expected.toFixed(0)} by the audio clock), ${sizes.length} chunks; the tap heard from sample ${offset} on (at ${tap.rate} Hz, phase ${phase}); ${scores.length} chunks with speech compared, lowest correlation ${lowest.toFixed(4)}`);
  // Sample count against the audio clock's duration, read on the main thread after start() and
  // before stop(): the worklet may begin a little before the first reading and ends when the stop
  // message reaches the audio thread, later under load (measured: 8 samples short in most runs,
  // 317 over in one CI run). So the count is never short by more than 10 ms, which one lost chunk
  // (640 samples) would be, and is over by at most 100 ms; a doubled chunk shows in the
  // correlations below.
  assert.ok(samples.length >= expected - 160 && samples.length <= expected + 1600, `${samples.length} samples for ${expected.toFixed(0)} by the audio clock; expected from 160 fewer to 1600 more`);
  assert.ok(scores.length >= sizes.length / 3, `${scores.length} chunks with speech compared, of ${sizes.length}`);
  const weak = scores.filter((c) => c.score < 0.95);
  assert.deepEqual(weak.map((c) => `chunk ${c.chunk}: ${c.score.toFixed(3)}`), [], 'chunks whose correlation with what the tap heard is below 0.95');
  assert.equal(times.state, 'recording');
  assert.deepEqual(errors, []);
  // Where the frames went: with the socket in the worker, none through the main thread.
  const where = await page.evaluate(() => ({ socket: window.transport.socket, ...window.received }));
  t.diagnostic(`socket ${where.socket}: the main thread received ${where.chunks} chunks and ${where.levels} level updates`);
  assert.equal(where.socket, socket);
  if (socket === 'worker') {
    assert.equal(where.chunks, 0);
    assert.ok(where.levels >= chunks.length / 3 - 2 && where.levels <= chunks.length / 3 + 1, `${where.levels} level updates for ${chunks.length} chunks`);
  } else {
    assert.ok(where.chunks >= chunks.length - 2, `${where.chunks} chunks through the main thread`);
  }
  if (socket === 'worker') return;

  // The defaults ask for echo cancellation and noise suppression.
  const settings = await page.evaluate(async () => {
    const { createVoice } = await import('/pkg/voice.js');
    const { BidiTransport } = await import('/pkg/transport.js');
    const voice = createVoice({ connected: true, sendAudioChunk() {}, sendAudioControl() {}, interrupt() { return true; } });
    const original = navigator.mediaDevices.getUserMedia.bind(navigator.mediaDevices);
    let constraints;
    navigator.mediaDevices.getUserMedia = (c) => ((constraints = c), original(c));
    await voice.start();
    const track = voice.nodes.input.mediaStream.getAudioTracks()[0].getSettings();
    voice.stop();
    await voice.close();
    return { constraints: constraints.audio, track: { echoCancellation: track.echoCancellation, noiseSuppression: track.noiseSuppression }, BidiTransport: typeof BidiTransport };
  });
  assert.equal(settings.constraints.echoCancellation, true);
  assert.equal(settings.constraints.noiseSuppression, true);
  assert.deepEqual(settings.track, { echoCancellation: true, noiseSuppression: true });
});

test('voice before any text message: start() opens the socket (BidiTransport, and useAdkChat\'s lazy transport), the audio reaches the backend, then the text chat works', { timeout: 90_000 }, async () => {
  const browser = await launch(fakeMic('speech.wav'));
  const { page, errors } = await openPage(browser);
  const since = backend.frames.length;
  const runs = await page.evaluate(async (url) => {
    const { BidiTransport } = await import('/pkg/transport.js');
    const { LazyBidiTransport } = await import('/pkg/transport/bidi/lazy-transport.js');
    const { createVoice } = await import('/pkg/voice.js');
    const runs = [];
    for (const [Transport, socket] of [[BidiTransport, 'main'], [LazyBidiTransport, 'main'], [BidiTransport, 'worker'], [LazyBidiTransport, 'worker']]) {
      const transport = new Transport({ url, pingIntervalMs: 0, socket });
      const voice = createVoice(transport);
      const connectedBefore = transport.connected;
      await voice.start(); // no message was sent: start() opens the socket
      const state = voice.state;
      await new Promise((r) => setTimeout(r, 600));
      const ended = new Promise((resolve) => {
        const port = voice.nodes.capture.port;
        port.addEventListener('message', ({ data }) => data.end && resolve());
      });
      voice.stop();
      await ended;
      const stream = await transport.sendMessages({ chatId: 'v', trigger: 'submit-message', messageId: undefined, abortSignal: undefined,
        messages: [{ id: 'u1', role: 'user', parts: [{ type: 'text', text: 'after the voice' }] }] });
      let answer = '';
      for (const reader = stream.getReader(); ;) {
        const { done, value } = await reader.read();
        if (done) break;
        if (value.type === 'text-delta') answer += value.delta;
      }
      runs.push({ connectedBefore, state, answer, error: voice.error && voice.error.message, socket: transport.socket === socket });
      await voice.close();
      transport.close();
    }
    return runs;
  }, backend.url);
  await backend.waitFor((f, i) => i >= since && f.type === 'message' && f.messages[0].parts[0].text === 'after the voice' && backend.frames.slice(since, i).filter((g) => g.type === 'message').length === 3);
  for (const run of runs) assert.deepEqual(run, { connectedBefore: false, state: 'recording', answer: 'Hello by text.', error: null, socket: true });
  // Each run: audio_control start, its chunks, audio_control stop, then the text message.
  const types = backend.frames.slice(since).map((f) => f.type).join(' ').replace(/(audio_chunk )+/g, 'audio_chunk… ');
  assert.equal(types, 'audio_control audio_chunk… audio_control message '.repeat(4).trim());
  const chunks = backend.frames.slice(since).filter((f) => f.type === 'audio_chunk');
  assert.ok(chunks.length >= 20, `${chunks.length} audio_chunk frames`);
  for (const c of chunks) assert.deepEqual([c.sampleRate, c.channels, c.bitDepth], [16000, 1, 16]);
  assert.deepEqual(errors, []);
});

for (const socket of ['main', 'worker']) test(`stop (socket on the ${socket} thread): audio_control stop comes after the last chunk, in quick turns and once muted`, { timeout: 90_000 }, async (t) => {
  const browser = await launch(fakeMic('speech.wav'));
  const { page, errors } = await openVoicePage(browser, { socket, options: { vadThreshold: 0 } });
  // Turns of 30 to 250 ms, each stopped mid-chunk, one after another; the fourth muted throughout.
  const turns = [130, 30, 250, 170, 90, 210];
  // Each turn's length in the audio clock, read on the audio thread: a marker worklet in the voice's
  // context answers `currentFrame` to a message posted just after start() and just before stop(),
  // so in a quiet run it receives them between the same render quanta as the capture worklet's
  // graph change and stop message. (The main thread's `currentTime` moves by the output device's
  // buffer, 10 ms here, and reads late under load: +271 and −194 samples off in two loaded runs.)
  // A first turn makes the context; it is not counted.
  const first = backend.frames.length;
  await page.evaluate(async () => {
    const voice = window.voice;
    await voice.start();
    const ctx = voice.nodes.context;
    const code = `registerProcessor('marker', class extends AudioWorkletProcessor {
      constructor() { super(); this.port.onmessage = () => this.port.postMessage(currentFrame); }
      process() { return true; } });`;
    await ctx.audioWorklet.addModule(URL.createObjectURL(new Blob([code], { type: 'text/javascript' })));
    const marker = new AudioWorkletNode(ctx, 'marker', { numberOfInputs: 0, numberOfOutputs: 1 });
    marker.connect(ctx.destination);
    window.mark = () => new Promise((resolve) => {
      marker.port.onmessage = ({ data }) => resolve(data);
      marker.port.postMessage(0);
    });
    voice.stop();
  });
  await backend.waitFor((f, i) => i >= first && f.type === 'audio_control' && f.action === 'stop');
  const since = backend.frames.length;
  const made = await page.evaluate(async (turns) => {
    const voice = window.voice;
    const made = [];
    for (const [i, ms] of turns.entries()) {
      voice.setMuted(i === 3);
      await voice.start();
      const from = window.mark();
      const ctx = voice.nodes.context;
      const port = voice.nodes.capture.port;
      const ended = new Promise((resolve) => port.addEventListener('message', ({ data }) => data.end && resolve()));
      await new Promise((r) => setTimeout(r, ms));
      const to = window.mark();
      voice.stop();
      await ended;
      made.push(((await to) - (await from)) / ctx.sampleRate * 16000);
    }
    voice.setMuted(false);
    return made;
  }, turns);
  await backend.waitFor((f, i) => i >= since && f.type === 'audio_control' && backend.frames.slice(since, i + 1).filter((g) => g.type === 'audio_control').length === 2 * turns.length);
  const frames = audioFrames(since);
  // start, its chunks, stop: per turn, nothing between turns, no chunk after a stop.
  const runs = frames.map((f) => (f.type === 'audio_chunk' ? 'c' : f.action === 'start' ? '[' : ']')).join('');
  t.diagnostic(runs);
  assert.match(runs, /^(\[c*\])+$/);
  const perTurn = runs.split(']').slice(0, -1).map((r) => r.length - 1);
  assert.equal(perTurn.length, turns.length);
  assert.equal(perTurn[3], 0, 'the muted turn sent no chunk');
  let at = 0;
  const off = [];
  for (const [i, n] of perTurn.entries()) {
    const chunks = frames.slice(at + 1, at + 1 + n);
    at += n + 2;
    if (i === 3) continue;
    const { sizes } = decode(chunks);
    const samples = sizes.reduce((a, b) => a + b, 0);
    // Every chunk but the turn's last is whole; the last is the rest the stop flushed.
    assert.deepEqual(sizes.slice(0, -1).filter((k) => k !== CHUNK), [], `turn ${i}: chunk sizes ${sizes.join(',')}`);
    assert.ok(n >= 1, `turn ${i}: no chunk`);
    // As many samples as the turn lasted in the audio clock: never short by more than one render
    // quantum (43 samples at 16 kHz) and the resampler's delay (8), which a lost rest of a chunk
    // would be in all but its smallest sizes. It may run over: the stop message and the marker's
    // travel on different ports, which the browser does not order, so under load the stop may
    // reach the worklet a buffer or two later (seen: −8 in quiet runs, +178 in one loaded run).
    // A chunk sent twice would be 640 over.
    off.push(Math.round(samples - made[i]));
    assert.ok(samples >= made[i] - 64 && samples <= made[i] + 480, `turn ${i}: ${samples} samples for ${made[i].toFixed(0)}; expected from 64 fewer to 480 more`);
  }
  t.diagnostic(`samples over the audio clock's count, per turn: ${off.join(', ')}`);
  assert.deepEqual(errors, []);
});

for (const socket of ['main', 'worker']) test(`the socket lost while recording (socket on the ${socket} thread): AdkVoiceError socket-closed, the microphone stops, the text chat reconnects`, { timeout: 60_000 }, async () => {
  const browser = await launch(fakeMic('speech.wav'));
  const { page, errors } = await openVoicePage(browser, { socket, options: { vadThreshold: 0 } });
  await page.evaluate(async () => {
    await window.voice.start();
    await new Promise((r) => setTimeout(r, 300));
  });
  backend.dropSockets();
  await page.waitForFunction(() => window.voice.state === 'error', null, { timeout: 10_000 });
  const r = await page.evaluate(async () => {
    const { error, recording } = window.voice.snapshot;
    return { code: error.code, message: error.message, recording, capture: window.voice.nodes.capture, answer: await window.say('again') };
  });
  assert.equal(r.code, 'socket-closed');
  assert.match(r.message, /could not be sent .*the microphone was stopped/);
  assert.equal(r.recording, false);
  assert.equal(r.capture, null);
  assert.equal(r.answer, 'Hello by text.');
  assert.deepEqual(errors, []);
});

for (const [how, init, csp] of [
  ['no Worker in the page', () => delete globalThis.Worker, null],
  ["a CSP with worker-src 'none'", null, "worker-src 'none'"],
]) test(`socket: 'worker' where no worker can start (${how}): the socket stays on the main thread with a warning, and chat and voice work`, { timeout: 90_000 }, async () => {
  const browser = await launch(fakeMic('speech.wav'));
  const context = await browser.newContext();
  await context.grantPermissions(['microphone'], { origin: server.origin });
  if (init) await context.addInitScript(init);
  const page = await context.newPage();
  const warnings = [];
  const errors = [];
  page.on('console', (message) => message.type() === 'warning' && warnings.push(message.text()));
  page.on('pageerror', (error) => errors.push(error));
  await page.goto(`${server.origin}/${csp ? `?csp=${encodeURIComponent(csp)}` : ''}`);
  const since = backend.frames.length;
  const r = await page.evaluate(async (wsUrl) => {
    const { BidiTransport } = await import('/pkg/transport.js');
    const { createVoice } = await import('/pkg/voice.js');
    const transport = new BidiTransport({ url: wsUrl, pingIntervalMs: 0, socket: 'worker' });
    const stream = await transport.sendMessages({ chatId: 'f', trigger: 'submit-message', messageId: undefined, abortSignal: undefined,
      messages: [{ id: 'u1', role: 'user', parts: [{ type: 'text', text: 'hi' }] }] });
    let answer = '';
    for (const reader = stream.getReader(); ;) {
      const { done, value } = await reader.read();
      if (done) break;
      if (value.type === 'text-delta') answer += value.delta;
    }
    const voice = createVoice(transport);
    await voice.start();
    let chunks = 0;
    voice.nodes.capture.port.addEventListener('message', ({ data }) => (typeof data === 'string' || data.chunk !== undefined) && chunks++);
    await new Promise((r) => setTimeout(r, 500));
    voice.stop();
    return { answer, socket: transport.socket, chunks, state: voice.state };
  }, backend.url);
  await backend.waitFor((f, i) => i >= since && f.type === 'audio_control' && f.action === 'stop');
  assert.equal(r.answer, 'Hello by text.');
  assert.equal(r.socket, 'main');
  assert.equal(r.state, 'idle');
  assert.ok(r.chunks >= 8, `${r.chunks} chunks through the main thread`);
  const runs = audioFrames(since).map((f) => (f.type === 'audio_chunk' ? 'c' : f.action === 'start' ? '[' : ']')).join('');
  assert.match(runs, /^\[c{8,}\]$/);
  const said = warnings.filter((w) => w.includes("socket: 'worker'"));
  assert.equal(said.length, 1, warnings.join('\n'));
  assert.match(said[0], /stays on the main thread/);
  assert.match(said[0], /worker-src 'self'/);
  assert.deepEqual(errors, []);
});

/**
 * One jittered stream into a fresh page: the tap's output, and whether the machine kept the test's
 * premise (every chunk reached the player before its samples were due: the ±30 ms of jitter is the
 * backend's; a machine too busy to deliver on time adds its own, which no buffer is sized for).
 */
async function playJittered(browser) {
  const { page, errors } = await openVoicePage(browser, { options: { vadThreshold: 0 } });
  // The playback starts with the first chunk (the context is created then); tap it once it exists.
  backend.sendPcm(sinePcm({ ms: 40, amplitude: 0 }));
  await page.waitForFunction(() => window.voice.nodes.output !== null && window.events.includes('drained'));
  await tapVoice(page);
  // When each chunk reached the player, and when playback started, in the audio clock.
  await page.evaluate(() => {
    const { context, output } = window.voice.nodes;
    const post = output.port.postMessage.bind(output.port);
    window.arrivals = [];
    output.port.postMessage = (message, transfer) => {
      if (message && message.pcm) window.arrivals.push(context.currentTime);
      return post(message, transfer);
    };
    output.port.addEventListener('message', ({ data }) => {
      if (data.playing !== undefined && window.started === undefined) window.started = data.playing / context.sampleRate;
    });
  });
  // The audio clock against the wall clock while the stream plays: on a busy machine the audio
  // thread stalls, then renders the missed quanta in a burst that drains any buffer faster than the
  // backend sends (a platform glitch, not the player's). The drift's spread says whether that happened.
  await page.evaluate(() => {
    const { context } = window.voice.nodes;
    window.clocks = [];
    window.clockTimer = setInterval(() => window.clocks.push([performance.now() / 1000, context.currentTime]), 10);
  });
  await new Promise((r) => setTimeout(r, 400)); // the stream is a new answer, not the silent chunk's continuation
  await backend.streamSine({ seconds: 4, jitterMs: 30 });
  await page.waitForFunction(() => window.voice.state === 'idle' && window.events.filter((e) => e === 'drained').length >= 2, null, { timeout: 10_000 });
  const tap = await page.evaluate(() => window.readTap());
  const { arrivals, started } = await page.evaluate(() => ({ arrivals: window.arrivals, started: window.started }));
  const underruns = await page.evaluate(() => window.voice.snapshot.underruns);
  const clocks = await page.evaluate(() => (clearInterval(window.clockTimer), window.clocks));
  await page.context().close();
  const drift = clocks.map(([wall, audio]) => wall - clocks[0][0] - (audio - clocks[0][1]));
  const stalled = Math.max(...drift) - Math.min(...drift);
  // Chunk k's samples are due `k` chunk durations after playback started; 12 ms of slack for the
  // hop to the audio thread and the main thread's coarse view of the audio clock.
  const chunkLate = arrivals.map((at, k) => at + 0.012 - (started + k * 0.04)).reduce((a, b) => Math.max(a, b), -1);
  // The audio clock may wander by a few render quanta against the wall clock; 25 ms is a stall.
  const late = Math.max(chunkLate, stalled - 0.025);
  return { tap, errors, underruns, late, stalled };
}

test('playback: the agent\'s PCM at real-time rate with ±30 ms jitter plays with no gap longer than one render quantum', { timeout: 180_000 }, async (t) => {
  const browser = await launch(fakeMic('speech.wav'));
  let run;
  for (let attempt = 1; attempt <= 3; attempt++) {
    run = await playJittered(browser);
    if (run.late <= 0) break;
    t.diagnostic(`attempt ${attempt}: a chunk reached the player late, or the audio clock stalled ${(run.stalled * 1000).toFixed(0)} ms (a busy machine); again`);
  }
  assert.ok(run.late <= 0, `three times a chunk reached the player after its samples were due (the last time by ${(run.late * 1000).toFixed(0)} ms): the machine is too busy to judge gap-free playback`);
  const out = run.tap.out;
  const firstSound = out.findIndex((x) => x !== 0);
  let lastSound = out.length - 1;
  while (lastSound > 0 && out[lastSound] === 0) lastSound--;
  assert.ok(firstSound >= 0, 'the output never sounded');
  // A 440 Hz sine crosses zero but is never zero for more than a sample or two: count longer runs.
  let zeros = 0, longest = 0;
  for (let i = firstSound; i <= lastSound; i++) {
    zeros = out[i] === 0 ? zeros + 1 : 0;
    longest = Math.max(longest, zeros);
  }
  assert.ok(longest <= 128, `a gap of ${longest} samples in the output (one render quantum is 128)`);
  const played = (lastSound - firstSound + 1) / run.tap.rate;
  assert.ok(Math.abs(played - 4) < 0.05, `played ${played.toFixed(3)} s of 4 s`);
  assert.equal(run.underruns, 0);
  assert.deepEqual(run.errors, []);
});

/** Where the output last sounded, in frames of the tap. */
function lastNonZero(out, from = 0) {
  let last = -1;
  for (let i = from; i < out.length; i++) if (out[i] !== 0) last = i;
  return last;
}

for (const socket of ['main', 'worker']) test(`barge-in by interrupt() (socket on the ${socket} thread): the output is silent within 10 ms and \`interrupt\` is sent`, { timeout: 90_000 }, async (t) => {
  const browser = await launch(fakeMic('speech.wav'));
  const { page, errors } = await openVoicePage(browser, { socket, options: { vadThreshold: 0 } });
  backend.sendPcm(sinePcm({ ms: 40, amplitude: 0 }));
  await page.waitForFunction(() => window.voice.nodes.output !== null);
  await tapVoice(page);
  const since = backend.frames.length;
  for (let k = 0; k < 50; k++) backend.sendPcm(sinePcm({ ms: 100, start: k * 2400 }));
  await page.waitForFunction(() => window.voice.state === 'playing');
  const at = await page.evaluate(async () => {
    await new Promise((r) => setTimeout(r, 300));
    const { context: ctx, output } = window.voice.nodes;
    const flushed = new Promise((resolve) => output.port.addEventListener('message', ({ data }) => data.flushed !== undefined && resolve(data.flushed)));
    const frame = Math.round(ctx.currentTime * ctx.sampleRate);
    window.voice.interrupt();
    const flushedAt = await flushed;
    await new Promise((r) => setTimeout(r, 300));
    return { frame, flushedAt };
  });
  const tap = await page.evaluate(() => window.readTap());
  await backend.waitFor((f, i) => i >= since && f.type === 'interrupt');
  const last = lastNonZero(tap.out);
  assert.ok(last > 0 && last < tap.out.length - 4800, 'the output stopped before the end of the tap');
  // The guarantee, in samples: silent from the render quantum in which the flush reached the audio thread.
  const afterFlush = last - (at.flushedAt - tap.first);
  assert.ok(afterFlush < 0, `the output sounded ${afterFlush + 1} samples into the quantum that took the flush; expected none`);
  // And from the call, in the audio clock (the main thread's view of it is coarse: one render callback).
  const late = (last - (at.frame - tap.first)) / tap.rate;
  t.diagnostic(`silent ${(late * 1000).toFixed(1)} ms after interrupt() by the main thread's audio clock`);
  assert.ok(late <= 0.01, `the output sounded ${(late * 1000).toFixed(1)} ms after interrupt(); expected ≤ 10 ms`);
  assert.ok(await page.evaluate(() => window.events.includes('flushed')));
  assert.deepEqual(errors, []);
});

for (const socket of ['main', 'worker']) test(`barge-in by voice (socket on the ${socket} thread): speech over the agent flushes the output within 10 ms of its detection and sends \`interrupt\``, { timeout: 90_000 }, async () => {
  const browser = await launch(fakeMic('late.wav'));
  const { page, errors } = await openVoicePage(browser, { socket });
  const since = backend.frames.length;
  await page.evaluate(() => window.voice.start());
  await tapVoice(page);
  // Eight seconds of the agent talking: long enough to cover the sentence's onset in the loop.
  for (let k = 0; k < 80; k++) backend.sendPcm(sinePcm({ ms: 100, start: k * 2400 }));
  await page.waitForFunction(() => window.events.includes('barge-in'), null, { timeout: 15_000 });
  await page.evaluate(() => new Promise((r) => setTimeout(r, 200)));
  const tap = await page.evaluate(() => window.readTap());
  await backend.waitFor((f, i) => i >= since && f.type === 'interrupt');
  // The detection, by the voice's own rule: RMS over 0.06 in 11 consecutive quanta (30 ms at 48 kHz).
  const need = Math.max(1, Math.round((0.03 * tap.rate) / 128));
  let loud = 0, detected = -1;
  for (let q = 0; q * 128 < tap.mic.length; q++) {
    let e = 0;
    for (let i = q * 128; i < q * 128 + 128; i++) e += tap.mic[i] * tap.mic[i];
    loud = Math.sqrt(e / 128) > 0.06 ? loud + 1 : 0;
    // Only an onset while the agent sounded counts (the sentence loops).
    if (loud === need && tap.out.slice(q * 128 - 1024, q * 128).some((x) => x !== 0)) {
      detected = q * 128 + 127;
      break;
    }
  }
  assert.ok(detected > 0, 'no speech onset while the agent played');
  const last = lastNonZero(tap.out);
  const late = (last - detected) / tap.rate;
  assert.ok(late <= 0.01, `the output sounded ${(late * 1000).toFixed(1)} ms after the speech was detected; expected ≤ 10 ms`);
  assert.equal(await page.evaluate(() => window.voice.state), 'recording');
  assert.deepEqual(errors, []);
});

/** Starts the voice and returns how it failed, then checks the text chat still answers. */
async function failingStart(page) {
  const result = await page.evaluate(async () => {
    const t0 = performance.now();
    try {
      await window.voice.start();
      return { settled: 'resolved' };
    } catch (error) {
      return { name: error.name, code: error.code, message: error.message, state: window.voice.state, ms: performance.now() - t0 };
    }
  });
  const answer = await page.evaluate(() => window.say('still there?'));
  return { ...result, answer };
}

test('refused permission: AdkVoiceError permission-denied, no hang, the text chat still works', { timeout: 60_000 }, async () => {
  const browser = await launch(fakeMic('speech.wav'));
  const { page } = await openVoicePage(browser, { grant: false });
  const r = await failingStart(page);
  assert.equal(r.name, 'AdkVoiceError', JSON.stringify(r));
  assert.equal(r.code, 'permission-denied');
  assert.match(r.message, /permission was refused/);
  assert.equal(r.state, 'error');
  assert.equal(r.answer, 'Hello by text.');
});

test('no microphone: AdkVoiceError no-device, no hang, the text chat still works', { timeout: 60_000 }, async () => {
  const browser = await launch(['--autoplay-policy=no-user-gesture-required']);
  const { page } = await openVoicePage(browser);
  const r = await failingStart(page);
  assert.equal(r.name, 'AdkVoiceError', JSON.stringify(r));
  assert.equal(r.code, 'no-device', JSON.stringify(r));
  assert.equal(r.answer, 'Hello by text.');
});

test('an AudioContext the autoplay policy keeps suspended (agent audio before any gesture): AdkVoiceError context-suspended, no hang', { timeout: 60_000 }, async () => {
  const browser = await launch(['--autoplay-policy=document-user-activation-required']);
  const context = await browser.newContext();
  const page = await context.newPage();
  const outcome = page.waitForEvent('console', { predicate: (m) => m.text().startsWith('voice-result '), timeout: 20_000 });
  await page.goto(`${server.origin}/#suspended?ws=${encodeURIComponent(backend.url)}`);
  const r = JSON.parse((await outcome).text().slice('voice-result '.length));
  assert.equal(r.name, 'AdkVoiceError', JSON.stringify(r));
  assert.equal(r.code, 'context-suspended');
  assert.match(r.message, /user gesture/);
  assert.equal(r.state, 'error');
  assert.equal(await page.evaluate(() => window.say('still there?')), 'Hello by text.');
});

test('a worklet the page\'s CSP blocks (a Blob URL without blob: in script-src): AdkVoiceError worklet-blocked', { timeout: 60_000 }, async () => {
  const browser = await launch(fakeMic('speech.wav'));
  const context = await browser.newContext();
  await context.grantPermissions(['microphone'], { origin: server.origin });
  const page = await context.newPage();
  await page.route('**/csp.html', (route) =>
    route.fulfill({ contentType: 'text/html', headers: { 'content-security-policy': "script-src 'self'" }, body: '<!doctype html><p>csp</p>' }),
  );
  await page.goto(`${server.origin}/csp.html`);
  const r = await page.evaluate(async () => {
    const { createVoice } = await import('/pkg/voice.js');
    const blob = URL.createObjectURL(new Blob(['registerProcessor;'], { type: 'text/javascript' }));
    const voice = createVoice({ connected: true, sendAudioChunk() {}, sendAudioControl() {}, interrupt() { return true; } }, { workletUrl: blob });
    try {
      await voice.start();
      return { settled: 'resolved' };
    } catch (error) {
      return { name: error.name, code: error.code, message: error.message };
    }
  });
  assert.equal(r.name, 'AdkVoiceError', JSON.stringify(r));
  assert.equal(r.code, 'worklet-blocked');
  assert.match(r.message, /Content-Security-Policy/);
  // The same page loads the package's own worklet file from its origin (script-src 'self').
  const ok = await page.evaluate(async () => {
    const { createVoice } = await import('/pkg/voice.js');
    const voice = createVoice({ connected: true, sendAudioChunk() {}, sendAudioControl() {}, interrupt() { return true; } });
    await voice.start();
    const state = voice.state;
    await voice.close();
    return state;
  });
  assert.equal(ok, 'recording');
});

test('testing kit: AdkTestTransport records the audio_chunk frames a voice sent and plays scripted data-pcm', { timeout: 60_000 }, async () => {
  const browser = await launch(fakeMic('speech.wav'));
  const { page } = await openPage(browser);
  const r = await page.evaluate(async (pcm) => {
    const { AdkTestTransport } = await import('/pkg/testing.js');
    const { createVoice } = await import('/pkg/voice.js');
    const transport = new AdkTestTransport({ responses: [] });
    const voice = createVoice(transport);
    transport.onAudio = voice.onAudio;
    await voice.start();
    await new Promise((r) => setTimeout(r, 600));
    voice.stop();
    while (transport.audioFrames.at(-1).type !== 'audio_control') await new Promise((r) => setTimeout(r, 20));
    const played = new Promise((resolve) => voice.subscribe((e) => e.type === 'playing' && resolve(true)));
    transport.playAudio({ content: pcm });
    return { frames: transport.audioFrames.map((f) => f.type + (f.action ? `:${f.action}` : '')), bytes: transport.sentAudio.length, played: await played };
  }, sinePcm({ ms: 400 }));
  assert.equal(r.frames[0], 'audio_control:start');
  assert.equal(r.frames.at(-1), 'audio_control:stop');
  assert.ok(r.frames.filter((f) => f === 'audio_chunk').length >= 10, r.frames.join(' '));
  assert.ok(r.bytes >= 10 * 1280);
  assert.equal(r.played, true);
});
