// The voice tests' pages in a real Chromium (playwright-core) with a fake microphone: the spoken WAVs
// (espeak-ng, sox), the page server, the local BIDI backend (voice-backend.mjs), one Chromium at a
// time, a page with a voice on a BidiTransport, and a recording tap on the voice's nodes. Shared by
// voice.test.mjs and voice-state.test.mjs (each file runs in a process of its own).
import { before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { fileURLToPath } from 'node:url';
import { dirname, join, resolve } from 'node:path';
import { chromium } from 'playwright-core';
import { startServer } from './server.mjs';
import { startVoiceBackend } from './voice-backend.mjs';
import { CHROMIUM, CHROMIUM_FLAGS } from '../support/chromium.mjs';

const here = dirname(fileURLToPath(import.meta.url));
// ADK_PKG_DIR: a built package elsewhere (a private copy while others rebuild pkg/).
const pkgDir = resolve(process.env.ADK_PKG_DIR || join(here, '../../pkg'));
// Long enough (about 9 s) that the 4 s recording never reaches the point where the fake device loops.
const SENTENCE = 'The quick brown fox jumps over the lazy dog near the river bank. Please book a table for two at seven, and send the bill to my office in Tokyo.';
export let dir, server, backend;
const browsers = [];

/** The sentences as WAVs: `speech.wav` (48 kHz, the fake microphone) and `late.wav` (1.5 s of
 *  silence first, for barge-in). */
function makeAudio() {
  dir = mkdtempSync(join(tmpdir(), 'adk-voice-'));
  const spoken = join(dir, 'spoken.wav');
  execFileSync('espeak-ng', ['-w', spoken, SENTENCE]);
  execFileSync('sox', [spoken, '-r', '48000', '-c', '1', '-b', '16', join(dir, 'speech.wav'), 'vol', '0.5']);
  execFileSync('sox', [spoken, '-r', '48000', '-c', '1', '-b', '16', join(dir, 'late.wav'), 'vol', '0.5', 'pad', '1.5', '0']);
}

/** A Chromium for one test: the one before is closed first (tests run one at a time), so no
 *  earlier test's AudioContext still renders while this one measures audio timing. */
export async function launch(extra) {
  while (browsers.length > 0) await browsers.pop().close();
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: [...CHROMIUM_FLAGS, ...extra], timeout: 30_000 });
  browsers.push(browser);
  return browser;
}
export const fakeMic = (wav) => ['--use-fake-device-for-media-stream', `--use-file-for-fake-audio-capture=${join(dir, wav)}`, '--autoplay-policy=no-user-gesture-required'];

/** Registers the file's before and after: the WAVs, the page server and the backend. */
export function voiceSuite() {
  before(async () => {
    assert.ok(existsSync(join(pkgDir, 'voice.js')), 'pkg/ has no voice.js: run bash scripts/build-pkg.sh');
    makeAudio();
    // voice.test.mjs runs about two minutes on a busy machine: the servers' own end (they close
    // themselves even if after() never runs) must come after its last test, not within it.
    const lifetimeMs = 600_000;
    server = await startServer({ pkgDir, pagePath: join(here, 'voice.html'), lifetimeMs });
    backend = await startVoiceBackend({ lifetimeMs });
  });

  after(async () => {
    for (const browser of browsers) await browser.close();
    await backend?.close();
    await server?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });
}

/** A page of the page server at `url` with the microphone granted (or not), its uncaught errors
 *  collected in `errors`; nothing of the package loaded yet. */
export async function openPage(browser, { grant = true, url = '/' } = {}) {
  const context = await browser.newContext();
  if (grant) await context.grantPermissions(['microphone'], { origin: server.origin });
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (error) => errors.push(error));
  await page.goto(`${server.origin}${url}`);
  return { context, page, errors };
}

/** A page with the microphone granted (or not), the transport connected (its socket on the main
 *  thread, or in the package's worker: `socket`) and a voice on it as `window.voice`. */
export async function openVoicePage(browser, { grant = true, options = {}, url = '/', socket = 'main' } = {}) {
  const { context, page, errors } = await openPage(browser, { grant, url });
  await page.evaluate(
    async ([wsUrl, options, socket]) => {
      const { BidiTransport } = await import('/pkg/transport.js');
      const { createVoice } = await import('/pkg/voice.js');
      const voice = createVoice(() => transport, options);
      const transport = new BidiTransport({ url: wsUrl, onAudio: voice.onAudio, pingIntervalMs: 0, socket });
      window.transport = transport;
      /** Sends a text message and returns the text the backend answered. */
      window.say = async (text) => {
        const stream = await transport.sendMessages({
          chatId: 'voice', trigger: 'submit-message', messageId: undefined, abortSignal: undefined,
          messages: [{ id: `u${Date.now()}`, role: 'user', parts: [{ type: 'text', text }] }],
        });
        let answer = '';
        for (const reader = stream.getReader(); ;) {
          const { done, value } = await reader.read();
          if (done) return answer;
          if (value.type === 'text-delta') answer += value.delta;
        }
      };
      window.voice = voice;
      window.events = [];
      voice.subscribe((e) => window.events.push(e.type));
      await window.say('hello');
    },
    [backend.url, options, socket],
  );
  return { context, page, errors };
}

/** Connects a recording tap to the voice's microphone (input 0) and output (input 1). */
export function tapVoice(page) {
  return page.evaluate(async () => {
    const { context, input, output } = window.voice.nodes;
    const code = `registerProcessor('tap', class extends AudioWorkletProcessor {
      constructor() { super(); this.mic = []; this.out = []; this.first = currentFrame;
        this.port.onmessage = () => this.port.postMessage({ first: this.first, mic: this.mic, out: this.out }); }
      process(inputs) {
        const mic = inputs[0][0], out = inputs[1][0];
        if (this.mic.length === 0) this.first = currentFrame;
        this.mic.push(mic ? Float32Array.from(mic) : new Float32Array(128));
        this.out.push(out ? Float32Array.from(out) : new Float32Array(128));
        return true; } });`;
    await context.audioWorklet.addModule(URL.createObjectURL(new Blob([code], { type: 'text/javascript' })));
    const tap = new AudioWorkletNode(context, 'tap', { numberOfInputs: 2, numberOfOutputs: 1 });
    if (input) input.connect(tap, 0, 0);
    output.connect(tap, 0, 1);
    tap.connect(context.destination);
    window.readTap = () => new Promise((resolve) => {
      tap.port.onmessage = ({ data }) => {
        const join = (blocks) => { const all = new Float32Array(blocks.length * 128); blocks.forEach((b, i) => all.set(b, i * 128)); return Array.from(all); };
        resolve({ first: data.first, rate: context.sampleRate, mic: join(data.mic), out: join(data.out) });
      };
      tap.port.postMessage('read');
    });
  });
}
