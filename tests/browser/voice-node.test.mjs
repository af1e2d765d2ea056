// adk-stream-wasm/voice where there is no audio (Node, jsdom): the entry loads, and start() says
// clearly that there is no Web Audio here, rejecting with AdkVoiceError instead of throwing at import.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { JSDOM } from 'jsdom';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const entry = pathToFileURL(join(resolve(process.env.ADK_PKG_DIR || new URL('../../pkg', import.meta.url).pathname), 'voice.js')).href;

const transport = { connected: true, sendAudioChunk() {}, sendAudioControl() {}, interrupt() { return true; } };

test('Node: the voice entry loads; start() rejects with AdkVoiceError unsupported', async () => {
  const { createVoice, AdkVoiceError } = await import(entry);
  const voice = createVoice(transport);
  assert.equal(voice.state, 'idle');
  await assert.rejects(voice.start(), (error) => {
    assert.ok(error instanceof AdkVoiceError);
    assert.equal(error.name, 'AdkVoiceError');
    assert.equal(error.code, 'unsupported');
    assert.match(error.message, /no Web Audio/);
    return true;
  });
  assert.equal(voice.state, 'error');
  voice.onAudio({ content: 'AAAA', sampleRate: 24000, channels: 1, bitDepth: 16 }); // no throw
});

test('jsdom: the same, with a window and a navigator but no AudioContext', async () => {
  const dom = new JSDOM('<!doctype html><p>app</p>', { url: 'http://localhost/' });
  const saved = globalThis.window;
  globalThis.window = dom.window;
  try {
    const { createVoice } = await import(entry);
    await assert.rejects(createVoice(transport).start(), { name: 'AdkVoiceError', code: 'unsupported' });
  } finally {
    globalThis.window = saved;
  }
});

test('bad options are an AdkVoiceError naming the option', async () => {
  const { createVoice } = await import(entry);
  assert.throws(() => createVoice(transport, { chunkMs: 0 }), { name: 'AdkVoiceError', code: 'invalid-option', message: /`chunkMs` is 0; expected a positive number/ });
});

test('testing kit: AdkTestTransport records audio frames and says when playAudio has nowhere to go', async () => {
  const testing = pathToFileURL(join(dirname(fileURLToPath(entry)), 'testing.js')).href;
  const { AdkTestTransport, AdkTestingError } = await import(testing);
  const transport = new AdkTestTransport({ responses: [] });
  assert.throws(() => transport.playAudio({ content: 'AAAA' }), (e) => e instanceof AdkTestingError && /no onAudio/.test(e.message));
  transport.sendAudioControl('start');
  transport.sendAudioChunk({ chunk: new Int16Array([1, -1]) });
  transport.sendAudioControl('stop');
  assert.deepEqual(transport.audioFrames, [
    { type: 'audio_control', action: 'start' },
    { type: 'audio_chunk', chunk: 'AQD//w==', sampleRate: 16000, channels: 1, bitDepth: 16 },
    { type: 'audio_control', action: 'stop' },
  ]);
  assert.deepEqual([...transport.sentAudio], [1, 0, 255, 255]);
  const heard = [];
  transport.onAudio = (audio) => heard.push(audio);
  transport.playAudio({ content: 'AAAA' }, { content: new Uint8Array([0, 0]), sampleRate: 16000 });
  assert.deepEqual(heard, [
    { content: 'AAAA', sampleRate: 24000, channels: 1, bitDepth: 16 },
    { content: 'AAA=', sampleRate: 16000, channels: 1, bitDepth: 16 },
  ]);
});
