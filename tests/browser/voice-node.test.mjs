// adk-stream-wasm/voice where there is no audio (Node, jsdom): the entry loads, and start() says
// clearly that there is no Web Audio here, rejecting with AdkVoiceError instead of throwing at import.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { JSDOM } from 'jsdom';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

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
