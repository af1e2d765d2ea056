// The voice's state in a real Chromium (issue 32 §3), each probe of the outside review as a test: a
// second start() while the agent speaks, a start() whose socket's request is aborted or that is
// ended while it waits, and the interrupted answer's audio still in flight after the flush. The
// machine's every transition is tested without audio in voice-states.test.mjs.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { sinePcm } from './voice-backend.mjs';
import { backend, launch, fakeMic, openPage, openVoicePage, tapVoice, voiceSuite } from './voice-page.mjs';

voiceSuite();

/** In the page: getUserMedia counted, and every stream it gave kept, as `window.mics`. */
function countMicrophones(page) {
  return page.evaluate(() => {
    const media = navigator.mediaDevices;
    const original = media.getUserMedia.bind(media);
    window.mics = { asked: 0, streams: [] };
    media.getUserMedia = async (constraints) => {
      window.mics.asked++;
      const stream = await original(constraints);
      window.mics.streams.push(stream);
      return stream;
    };
    window.liveTracks = () => window.mics.streams.flatMap((s) => s.getTracks()).filter((t) => t.readyState === 'live').length;
  });
}

test('issue 32 §3: start() twice while the agent speaks opens one microphone, and stop() closes it', { timeout: 60_000 }, async () => {
  const browser = await launch(fakeMic('speech.wav'));
  const { page, errors } = await openVoicePage(browser, { options: { vadThreshold: 0 } });
  await countMicrophones(page);
  for (let k = 0; k < 50; k++) backend.sendPcm(sinePcm({ ms: 100, start: k * 2400 }));
  await page.waitForFunction(() => window.voice.state === 'playing');
  const since = backend.frames.length;
  const r = await page.evaluate(async () => {
    const voice = window.voice;
    const first = voice.start();
    const during = voice.state;
    const second = voice.start();
    await Promise.all([first, second]);
    const recording = voice.recording ?? voice.snapshot.recording;
    voice.stop();
    return { during, recording, asked: window.mics.asked, live: window.liveTracks(), after: voice.snapshot.recording };
  });
  await backend.waitFor((f, i) => i >= since && f.type === 'audio_control' && f.action === 'stop');
  // Anything a second microphone would still send has had time to come.
  await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 300)));
  const controls = backend.frames.slice(since).filter((f) => f.type === 'audio_control').map((f) => f.action);
  assert.equal(r.during, 'playing', 'the agent spoke while the microphone was asked for');
  assert.equal(r.recording, true);
  assert.equal(r.asked, 1, 'getUserMedia calls');
  assert.equal(r.live, 0, 'microphone tracks still live after stop()');
  assert.equal(r.after, false);
  assert.deepEqual(controls, ['start', 'stop']);
  assert.deepEqual(errors, []);
});

test('issue 32 §3: the chat\'s request aborted while the socket opens: the voice\'s start() still settles, recording once the socket is open', { timeout: 60_000 }, async () => {
  const browser = await launch(fakeMic('speech.wav'));
  const { page, errors } = await openPage(browser);
  const since = backend.frames.length;
  const request = await page.evaluate(async (url) => {
    const { BidiTransport } = await import('/pkg/transport.js');
    const { createVoice } = await import('/pkg/voice.js');
    // The backend completes this socket's handshake 1.5 s late: it is still opening below.
    const transport = new BidiTransport({ url, pingIntervalMs: 0 });
    const voice = (window.voice = createVoice(transport, { vadThreshold: 0 }));
    const abort = new AbortController();
    const sending = transport.sendMessages({ chatId: 'v', trigger: 'submit-message', messageId: undefined, abortSignal: abort.signal,
      messages: [{ id: 'u1', role: 'user', parts: [{ type: 'text', text: 'hello' }] }] });
    window.outcome = voice.start().then(() => 'resolved', (error) => `${error.name} ${error.code}: ${error.message}`);
    abort.abort();
    return sending.then(() => 'resolved', (error) => error.name);
  }, backend.slowUrl);
  assert.equal(request, 'AbortError');
  // Before the fix the voice stayed in `requesting`, and start() never settled.
  await page.waitForFunction(() => window.voice.state !== 'requesting', null, { timeout: 15_000 });
  const r = await page.evaluate(async () => ({ outcome: await window.outcome, state: window.voice.state }));
  assert.deepEqual(r, { outcome: 'resolved', state: 'recording' });
  await page.evaluate(() => window.voice.stop());
  await backend.waitFor((f, i) => i >= since && f.type === 'audio_control' && f.action === 'stop');
  assert.deepEqual(backend.frames.slice(since).map((f) => f.type).filter((t) => t !== 'audio_chunk'), ['audio_control', 'audio_control'], 'no message frame: the request was aborted');
  assert.deepEqual(errors, []);
});

for (const end of ['close', 'stop']) test(`issue 32 §3: ${end}() while start() waits for a socket that never opens: idle at once, start() settles, the microphone is released`, { timeout: 60_000 }, async () => {
  const browser = await launch(fakeMic('speech.wav'));
  const { page } = await openPage(browser);
  await countMicrophones(page);
  const r = await page.evaluate(async (end) => {
    const { createVoice } = await import('/pkg/voice.js');
    const transport = { connected: false, connect: () => new Promise(() => {}), sendAudioChunk() {}, sendAudioControl() {}, interrupt() { return true; } };
    const voice = createVoice(transport);
    const outcome = voice.start().then(() => 'resolved', (error) => `${error.name} ${error.code}`);
    while (window.mics.streams.length === 0) await new Promise((resolve) => setTimeout(resolve, 20));
    const before = voice.state;
    await voice[end]();
    const state = voice.state;
    // A hang shows as 'pending' (the bound is only there so the test can say so).
    const settled = await Promise.race([outcome, new Promise((resolve) => setTimeout(resolve, 3000, 'pending'))]);
    return { before, state, settled, live: window.liveTracks(), capture: voice.nodes.capture === null };
  }, end);
  assert.deepEqual(r, { before: 'requesting', state: 'idle', settled: 'resolved', live: 0, capture: true });
});

/** The frame at which the playback worklet took the first flush from now, as `window.flushedAt`. */
function watchFlush(page) {
  return page.evaluate(() => {
    window.flushedAt = null;
    window.voice.nodes.output.port.addEventListener('message', ({ data }) => {
      if (data.flushed !== undefined && window.flushedAt === null) window.flushedAt = data.flushed;
    });
  });
}

/** The last sounding sample of `out` before `end`, from `from` on; -1 when silent. */
function soundIn(out, from, end = out.length) {
  let last = -1;
  for (let i = Math.max(0, from); i < Math.min(end, out.length); i++) if (out[i] !== 0) last = i;
  return last;
}

const pause = (page, ms) => page.evaluate((ms) => new Promise((resolve) => setTimeout(resolve, ms)), ms);

test('issue 32 §3: after interrupt(), the interrupted answer\'s audio still in flight (200 ms) does not play; the next answer does', { timeout: 90_000 }, async (t) => {
  const browser = await launch(fakeMic('speech.wav'));
  const { page, errors } = await openVoicePage(browser, { options: { vadThreshold: 0 } });
  backend.sendPcm(sinePcm({ ms: 40, amplitude: 0 }));
  await page.waitForFunction(() => window.voice.nodes.output !== null && window.events.includes('drained'));
  await tapVoice(page);
  await watchFlush(page);
  await pause(page, 400); // the stream below is an answer of its own
  const streaming = backend.streamUntilInterrupt({ tailMs: 200 });
  await page.waitForFunction(() => window.voice.state === 'playing');
  await pause(page, 300);
  await page.evaluate(() => window.voice.interrupt());
  await streaming;
  await pause(page, 800); // the tail would have played by now
  const nextAt = await page.evaluate(() => {
    const { context } = window.voice.nodes;
    window.events.length = 0;
    return Math.round(context.currentTime * context.sampleRate);
  });
  for (let k = 0; k < 5; k++) backend.sendPcm(sinePcm({ ms: 100, start: k * 2400 }));
  await page.waitForFunction(() => window.events.includes('drained'), null, { timeout: 10_000 });
  const tap = await page.evaluate(() => window.readTap());
  const flushedAt = await page.evaluate(() => window.flushedAt);
  assert.ok(flushedAt !== null, 'the playback took the flush');
  const tail = soundIn(tap.out, flushedAt - tap.first, nextAt - tap.first);
  t.diagnostic(`sound after the flush, before the next answer: ${tail < 0 ? 'none' : `until ${((tail - (flushedAt - tap.first)) / tap.rate * 1000).toFixed(0)} ms after it`}`);
  assert.equal(tail, -1, 'the interrupted answer played again after the flush');
  const next = soundIn(tap.out, nextAt - tap.first);
  assert.ok(next > nextAt - tap.first + 0.3 * tap.rate, 'the next answer played');
  assert.deepEqual(errors, []);
});

test('issue 32 §3: after a barge-in by voice, the interrupted answer\'s audio still in flight does not play', { timeout: 90_000 }, async (t) => {
  const browser = await launch(fakeMic('late.wav'));
  const { page, errors } = await openVoicePage(browser);
  await page.evaluate(() => window.voice.start());
  await tapVoice(page);
  await watchFlush(page);
  const streaming = backend.streamUntilInterrupt({ tailMs: 200 });
  await page.waitForFunction(() => window.events.includes('barge-in'), null, { timeout: 20_000 });
  await streaming;
  await pause(page, 800);
  const tap = await page.evaluate(() => window.readTap());
  const flushedAt = await page.evaluate(() => window.flushedAt);
  assert.ok(flushedAt !== null, 'the playback took the flush');
  const tail = soundIn(tap.out, flushedAt - tap.first);
  t.diagnostic(`sound after the flush: ${tail < 0 ? 'none' : `until ${((tail - (flushedAt - tap.first)) / tap.rate * 1000).toFixed(0)} ms after it`}`);
  assert.equal(tail, -1, 'the interrupted answer played again after the barge-in');
  assert.equal(await page.evaluate(() => window.voice.state), 'recording');
  assert.deepEqual(errors, []);
});
