// The BIDI transport (SPEC §5) in a real Chromium, driven by playwright-core, against the scripted
// local backend tests/ws-server (every fault of its URL paths). The package is the built one in
// pkg/, served from 127.0.0.1; the transport runs in the page on Chromium's own WebSocket,
// ReadableStream and timers. Both servers bind 127.0.0.1 and stop by themselves.
// ADK_BIDI_SOCKET=worker runs every test with the transport's `socket: 'worker'` option (the socket
// in the package's worker; each exchange checks it is there): the same frames, faults and timers.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import { dirname, join, resolve } from 'node:path';
import { existsSync, readFileSync } from 'node:fs';
import { chromium } from 'playwright-core';
import { startServer } from './server.mjs';
import { CHROMIUM, CHROMIUM_FLAGS } from '../support/chromium.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const pkgDir = resolve(here, '../../pkg');
const fixturesDir = process.env.ADK_FIXTURES_DIR || resolve(here, '../../../shared/fixtures');

let wsServer;
let server;
let browser;
let page;
const pageErrors = [];
const env = { socket: process.env.ADK_BIDI_SOCKET || 'main' };

/** The scripted backend on a free port; resolves with its URL. It exits by itself when idle. */
function startBackend() {
  wsServer = spawn(process.execPath, [join(here, '../ws-server/server.mjs'), '--port', '0', '--idle-ms', '60000', '--fixtures', fixturesDir], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolveUrl, reject) => {
    let out = '';
    wsServer.stdout.on('data', (bytes) => {
      out += bytes;
      const found = /listening (ws:\S+)/.exec(out);
      if (found) resolveUrl(found[1]);
    });
    wsServer.on('exit', (code) => reject(new Error(`the ws server exited (${code}): ${out}`)));
  });
}

/** A 127.0.0.1 port with nothing listening: bound, then released. */
function closedPort() {
  return new Promise((resolvePort) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolvePort(port));
    });
  });
}

before(async () => {
  assert.ok(existsSync(join(pkgDir, 'transport.js')), 'pkg/ is not built: run bash scripts/build-pkg.sh');
  env.base = await startBackend();
  env.closed = `ws://127.0.0.1:${await closedPort()}/live`;
  const fixture = JSON.parse(readFileSync(join(fixturesDir, 'process_payment-approved-bidi-baseline.json'), 'utf8'));
  env.expectedChunks = fixture.output.expectedChunks;
  server = await startServer({ pkgDir, pagePath: join(here, 'index.html'), supportDir: resolve(here, '../support') });
  browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_FLAGS, timeout: 30_000 });
  page = await (await browser.newContext()).newPage();
  page.on('pageerror', (error) => pageErrors.push(error));
  await page.goto(`${server.origin}/`);
  await page.evaluate(installHelpers, env.socket);
});

after(async () => {
  await browser?.close();
  await server?.close();
  wsServer?.kill();
});

// Runs in the page: the package's BidiTransport (with `socket: 'worker'` unless the options name a
// socket, when `socket` is 'worker') and what every test needs, as globalThis.h. The development
// entry: these tests read the errors' whole words (a production build leaves out what was
// expected; tests/hardening checks that).
async function installHelpers(socket) {
  const { BidiTransport: Transport } = await import('/pkg/dev/transport.js');
  const inWorker = (options) => (options !== null && typeof options === 'object' && !('socket' in options) ? { ...options, socket: 'worker' } : options);
  const BidiTransport = socket === 'worker' ? class extends Transport { constructor(options) { super(inWorker(options)); } } : Transport;
  const { readStream } = await import('/support/read-stream.mjs');
  const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
  const fail = (message) => {
    throw new Error(message);
  };
  const h = {
    BidiTransport,
    sleep,
    ok: (condition, message) => condition || fail(message),
    eq: (actual, expected, message = '') => {
      const [a, b] = [JSON.stringify(actual), JSON.stringify(expected)];
      if (a !== b) fail(`${message} expected ${b}, got ${a}`);
    },
    url: (base, path) => `${base}/${path}?t=${Math.random()}`,
    request(count, signal) {
      const messages = [];
      for (let i = 0; i < count; i++) messages.push({ id: `m${i}`, role: i % 2 ? 'assistant' : 'user', parts: [{ type: 'text', text: `message ${i}` }] });
      return { chatId: 'chat-1', messages, trigger: 'submit-message', messageId: undefined, abortSignal: signal };
    },
    /** The user's approval of approval-1 (process_payment call-1, asked after 'pay 1'), as a chat sends it. */
    approvalAnswer: () => ({
      chatId: 'chat-1',
      trigger: 'submit-message',
      messageId: 'a1',
      messages: [
        { id: 'u1', role: 'user', parts: [{ type: 'text', text: 'pay 1' }] },
        { id: 'a1', role: 'assistant', parts: [{ type: 'tool-process_payment', toolCallId: 'call-1', state: 'approval-responded', input: { amount: 1 }, approval: { id: 'approval-1', approved: true } }] },
      ],
    }),
    async settle(promise, ms = 5000) {
      let timer;
      const started = Date.now();
      const timeout = new Promise((r) => (timer = setTimeout(() => r({ timedOut: true }), ms)));
      try {
        const outcome = await Promise.race([promise.then((value) => ({ value }), (error) => ({ error })), timeout]);
        return { ...outcome, ms: Date.now() - started };
      } finally {
        clearTimeout(timer);
      }
    },
    read: readStream,
    send: (t, count, signal, ms = 5000) => h.settle(t.sendMessages(h.request(count, signal)), ms),
    /** Sends and reads the whole response; throws if either fails. */
    async exchange(t, count) {
      const sent = await h.send(t, count);
      h.ok(sent.value, `send failed: ${sent.error ? sent.error.message : 'timed out'}`);
      const outcome = await h.read(sent.value);
      h.ok(outcome.done, `the stream did not close: ${outcome.error ? outcome.error.message : 'timed out'}`);
      h.eq(t.socket, socket, 'where the socket is:');
      return outcome.chunks;
    },
    types: (chunks) => chunks.map((c) => c.type).join(','),
    /** The backend's report in the normal reply's text-delta. */
    report: (chunks) => JSON.parse(chunks.find((c) => c.type === 'text-delta').delta),
    recorder() {
      const calls = [];
      return { calls, fn: (arg) => void calls.push(arg) };
    },
    async waitFor(predicate, ms) {
      const end = Date.now() + ms;
      while (Date.now() < end) {
        if (predicate()) return true;
        await sleep(10);
      }
      return predicate();
    },
  };
  globalThis.h = h;
}

/** Runs `scenario(env)` in the page; its failures fail the test. */
async function inPage(scenario) {
  await page.evaluate(scenario, env);
  assert.deepEqual(pageErrors, []);
}

const NORMAL = 'start,text-start,text-delta,text-end,finish';

test('options are checked with named errors', () =>
  inPage(() => {
    const { BidiTransport, ok, eq } = globalThis.h;
    const cases = [
      [undefined, 'the options are undefined'],
      [{ url: 'http://localhost/live' }, 'ws:// or wss://'],
      [{}, '`url` is undefined'],
      [{ url: 'ws://x', connectTimeoutMs: 0 }, 'connectTimeoutMs'],
      [{ url: 'ws://x', pingIntervalMs: '2s' }, 'pingIntervalMs'],
      [{ url: 'ws://x', onError: 1 }, 'onError'],
      [{ url: 'ws://x', socket: 'thread' }, "`socket` is the string 'thread'; expected 'worker'"],
      [{ url: 'ws://x', socket: true }, '`socket` is'],
    ];
    for (const [options, needle] of cases) {
      let error;
      try {
        new BidiTransport(options);
      } catch (e) {
        error = e;
      }
      ok(error, `accepted options that should fail with ${needle}`);
      eq(error.name, 'AdkInvalidArgumentError');
      ok(error.message.includes(needle) && error.message.includes('expected'), error.message);
    }
    new BidiTransport({ url: 'wss://example.invalid/live' });
  }));

test('sendMessages rejects bad arguments without connecting', () =>
  inPage(async () => {
    const { BidiTransport, settle, eq, ok } = globalThis.h;
    const t = new BidiTransport({ url: 'ws://127.0.0.1:9/unused' });
    let outcome = await settle(t.sendMessages({ chatId: 'c', messages: {}, trigger: 'submit-message' }), 1000);
    eq(outcome.error.name, 'AdkInvalidArgumentError');
    ok(outcome.error.message.includes('`messages` is object'), outcome.error.message);
    outcome = await settle(t.sendMessages({ chatId: 'c', messages: [], trigger: 'resume-stream' }), 1000);
    eq(outcome.error.name, 'AdkInvalidArgumentError');
    ok(outcome.error.message.includes("'submit-message' or 'regenerate-message'"), outcome.error.message);
    eq(t.connected, false);
  }));

test('send methods without a socket say not-connected', () =>
  inPage(() => {
    const { BidiTransport, eq } = globalThis.h;
    const t = new BidiTransport({ url: 'ws://127.0.0.1:9/unused' });
    const thrown = (f) => {
      try {
        f();
      } catch (error) {
        return error;
      }
      throw new Error('did not throw');
    };
    let error = thrown(() => t.sendToolResult('call-1', {}));
    eq([error.name, error.kind], ['AdkTransportError', 'not-connected']);
    eq(t.interrupt(), false);
    eq(thrown(() => t.interrupt('later')).name, 'AdkInvalidArgumentError');
    eq(thrown(() => t.sendToolResult('call-1', 'text')).name, 'AdkInvalidArgumentError');
    error = thrown(() => t.sendAudioControl('start'));
    eq(error.kind, 'not-connected');
    eq(t.latencyMs, undefined);
    eq(t.connected, false);
  }));

test('the recorded process_payment conversation replays as two streams, chunk for chunk', () =>
  inPage(async ({ base, expectedChunks }) => {
    const { BidiTransport, exchange, types, eq, ok } = globalThis.h;
    const t = new BidiTransport({ url: `${base}/echo-fixture/process_payment-approved-bidi-baseline?t=${Math.random()}` });
    const first = await exchange(t, 1);
    eq(first.length, 12, types(first));
    ok(types(first).endsWith('tool-approval-request,finish-step'), types(first));
    // The user approves; the answer is the next request on the same socket.
    const second = await exchange(t, 2);
    eq(second.length, 7, types(second));
    ok(types(second).startsWith('tool-output-available,text-start'), types(second));
    eq([...first, ...second], expectedChunks);
    t.close();
  }));

test('[DONE] ends the stream and a repeated [DONE] is ignored', () =>
  inPage(async ({ base }) => {
    const { BidiTransport, exchange, types, report, url, eq } = globalThis.h;
    const t = new BidiTransport({ url: url(base, 'triple-done') });
    eq(types(await exchange(t, 1)), 'start,text-start,text-delta,text-end,finish');
    // The two extra [DONE]s must not end the next response early. A later turn has no `start`: the
    // backend sends one per socket (SPEC §5).
    const second = await exchange(t, 3);
    eq(types(second), 'text-start,text-delta,text-end,finish');
    eq(report(second).received, ['message', 'message'], 'one socket for both');
    t.close();
  }));

test('bad JSON, unknown frames and chunks without a type are reported and skipped', () =>
  inPage(async ({ base }) => {
    const { BidiTransport, exchange, types, recorder, url, eq, ok } = globalThis.h;
    const errors = recorder();
    const t = new BidiTransport({ url: url(base, 'bad-json'), onError: errors.fn });
    eq(types(await exchange(t, 1)), 'start,text-start,text-delta,text-end,finish');
    eq(errors.calls.length, 3);
    for (const error of errors.calls) eq([error.name, error.kind], ['AdkMalformedFrameError', 'malformed-frame']);
    const messages = errors.calls.map((e) => e.message);
    ok(messages[0].startsWith("skipped a malformed frame: the chunk after 'data: ' is not JSON ("), messages[0]);
    ok(messages[1].includes("starts with 'hello, not a frame'"), messages[1]);
    eq(messages[2], 'skipped a malformed frame: the chunk has no string `type`');
    await exchange(t, 3);
    t.close();
  }));

test('a binary frame is reported and skipped', () =>
  inPage(async ({ base }) => {
    const { BidiTransport, exchange, types, recorder, url, eq } = globalThis.h;
    const errors = recorder();
    const t = new BidiTransport({ url: url(base, 'binary'), onError: errors.fn });
    eq(types(await exchange(t, 1)), 'start,text-start,text-delta,text-end,finish');
    eq(errors.calls.length, 1);
    eq(errors.calls[0].kind, 'malformed-frame');
    eq(errors.calls[0].message, 'skipped a malformed frame: a binary frame of 8 bytes; the server sends text frames only');
    await exchange(t, 3);
    t.close();
  }));

test('a 10 MB frame arrives whole', () =>
  inPage(async ({ base }) => {
    const { BidiTransport, exchange, types, url, eq } = globalThis.h;
    const t = new BidiTransport({ url: url(base, 'big-frame') });
    const chunks = await exchange(t, 1);
    eq(types(chunks), 'start,text-start,text-delta,text-end,finish');
    eq(chunks[2].delta.length, 10 * 1024 * 1024);
    await exchange(t, 3);
    t.close();
  }));

test('the server closing mid-stream errors the stream; the next send reconnects', () =>
  inPage(async ({ base }) => {
    const { BidiTransport, send, read, exchange, report, types, url, eq, ok } = globalThis.h;
    const t = new BidiTransport({ url: url(base, 'close-mid-stream') });
    const outcome = await read((await send(t, 1)).value);
    eq(types(outcome.chunks), 'start,text-start');
    eq([outcome.error.name, outcome.error.kind], ['AdkTransportError', 'closed-mid-response']);
    ok(outcome.error.message.includes("close code 1011, reason 'backend crashed'"), outcome.error.message);
    eq(report(await exchange(t, 3)).received, ['message'], 'a new socket');
    t.close();
  }));

test('a network gone silent fails the stream with liveness; the next send reconnects', () =>
  inPage(async ({ base }) => {
    const { BidiTransport, send, read, exchange, report, types, url, eq, ok } = globalThis.h;
    const t = new BidiTransport({ url: url(base, 'go-silent'), pingIntervalMs: 100, livenessTimeoutMs: 400 });
    const outcome = await read((await send(t, 1)).value);
    eq(types(outcome.chunks), 'start,text-start', 'the chunks that arrived are kept');
    eq([outcome.error.name, outcome.error.kind], ['AdkTransportError', 'liveness']);
    const { message } = outcome.error;
    ok(message.startsWith('nothing arrived on the WebSocket for ') && message.includes('(livenessTimeoutMs is 400)'), message);
    eq(t.connected, false, 'the silent socket is closed');
    eq(report(await exchange(t, 3)).received, ['message'], 'a new socket');
    t.close();
  }));

test('a refused connection rejects clearly within the timeout, twice', () =>
  inPage(async ({ closed }) => {
    const { BidiTransport, send, eq, ok } = globalThis.h;
    const t = new BidiTransport({ url: closed, connectTimeoutMs: 3000 });
    for (let i = 0; i < 2; i++) {
      const outcome = await send(t, 1, undefined, 6000);
      ok(!outcome.timedOut, 'no answer within 6 s');
      ok(outcome.ms <= 3500, `${outcome.ms} ms`);
      eq(outcome.error.name, 'AdkTransportError');
      ok(['connect-failed', 'connect-timeout'].includes(outcome.error.kind), outcome.error.kind);
      ok(outcome.error.message.includes(closed), outcome.error.message);
    }
  }));

test('an unanswered handshake times out; the next send works', () =>
  inPage(async ({ base }) => {
    const { BidiTransport, send, exchange, url, eq, ok } = globalThis.h;
    const t = new BidiTransport({ url: url(base, 'never-answer'), connectTimeoutMs: 300 });
    const outcome = await send(t, 1);
    eq([outcome.error.name, outcome.error.kind], ['AdkTransportError', 'connect-timeout']);
    ok(outcome.error.message.includes('within 300 ms (connectTimeoutMs)'), outcome.error.message);
    ok(outcome.ms >= 250 && outcome.ms < 2000, `${outcome.ms} ms`);
    await exchange(t, 1);
    t.close();
  }));

test('an abort while connecting rejects with an AbortError; the next send works', () =>
  inPage(async ({ base }) => {
    const { BidiTransport, settle, send, request, exchange, sleep, url, eq, ok } = globalThis.h;
    const t = new BidiTransport({ url: url(base, 'never-answer') });
    const controller = new AbortController();
    const pending = settle(t.sendMessages(request(1, controller.signal)));
    await sleep(100);
    controller.abort();
    const outcome = await pending;
    eq(outcome.error.name, 'AbortError');
    ok(outcome.ms < 1000, `${outcome.ms} ms`);
    // An already aborted signal rejects at once.
    eq((await send(t, 1, controller.signal, 1000)).error.name, 'AbortError');
    await exchange(t, 1);
    t.close();
  }));

test('an abort mid-stream closes the stream and interrupts the backend; its tail is dropped', () =>
  inPage(async ({ base }) => {
    const { BidiTransport, send, read, exchange, types, report, url, eq, ok } = globalThis.h;
    const t = new BidiTransport({ url: url(base, 'abort') });
    const controller = new AbortController();
    const sent = await send(t, 1, controller.signal);
    const outcome = await read(sent.value, 5000, 4, () => controller.abort());
    ok(outcome.done, 'the stream closed');
    ok(outcome.chunks.length < 8, `${outcome.chunks.length} chunks`);
    // What the backend sent after the interrupt belongs to the aborted response: dropped.
    const chunks = await exchange(t, 3);
    eq(types(chunks), 'text-start,text-delta,text-end,finish');
    eq(report(chunks).received, ['message', 'interrupt:user_abort', 'message']);
    t.close();
  }));

test('the approval timeout ends the stream with a clear error and sends interrupt(timeout)', () =>
  inPage(async ({ base }) => {
    const { BidiTransport, send, read, exchange, types, report, url, eq, ok } = globalThis.h;
    const t = new BidiTransport({ url: url(base, 'approval-then-silence'), approvalTimeoutMs: 200 });
    const outcome = await read((await send(t, 1)).value);
    eq(types(outcome.chunks), 'start,tool-input-available,tool-approval-request');
    eq([outcome.error.name, outcome.error.kind], ['AdkTransportError', 'approval-timeout']);
    ok(outcome.error.message.includes('within 200 ms (approvalTimeoutMs)'), outcome.error.message);
    ok(outcome.ms >= 150 && outcome.ms < 2000, `${outcome.ms} ms`);
    eq(report(await exchange(t, 3)).received, ['message', 'interrupt:timeout', 'message']);
    t.close();
  }));

test('issue 35 / SPEC §5 F-a: the socket cut while an approval is pending is reported at once (connection-lost); the answer is refused, not sent; a new turn works', () =>
  inPage(async ({ base }) => {
    const { BidiTransport, send, read, exchange, report, types, url, eq, ok, recorder, waitFor, settle, approvalAnswer } = globalThis.h;
    const errors = recorder();
    const t = new BidiTransport({ url: url(base, 'approval-then-cut'), onError: errors.fn });
    const asked = await read((await send(t, 1)).value);
    eq(types(asked.chunks), 'start,tool-input-available,tool-approval-request,finish-step');
    ok(asked.done, 'the response ended at the finish-step');
    ok(await waitFor(() => errors.calls.length > 0, 2000), 'onError heard of the lost socket');
    eq([errors.calls[0].name, errors.calls[0].kind], ['AdkTransportError', 'connection-lost']);
    ok(/approval-1.*may not know it/s.test(errors.calls[0].message), errors.calls[0].message);
    const refused = await settle(t.sendMessages(approvalAnswer()), 2000);
    eq([refused.error?.name, refused.error?.kind], ['AdkTransportError', 'connection-lost']);
    ok(refused.ms < 1000, `refused at once (${refused.ms} ms)`);
    eq(report(await exchange(t, 3)).received, ['message'], 'a new socket; the answer never went out');
    t.close();
  }));

test('issue 35 / SPEC §5 F-b: a message frame with no chunk within responseTimeoutMs (pongs going on) ends its stream with no-response and sends interrupt(timeout)', () =>
  inPage(async ({ base }) => {
    const { BidiTransport, send, read, exchange, report, url, eq, ok } = globalThis.h;
    const t = new BidiTransport({ url: url(base, 'no-answer'), responseTimeoutMs: 300, pingIntervalMs: 50 });
    const outcome = await read((await send(t, 1)).value);
    eq([outcome.error?.name, outcome.error?.kind], ['AdkTransportError', 'no-response']);
    ok(outcome.error.message.includes('within 300 ms (responseTimeoutMs) after the message frame of chat chat-1 (submit-message)'), outcome.error.message);
    ok(outcome.ms >= 250 && outcome.ms < 3000, `${outcome.ms} ms`);
    eq(report(await exchange(t, 3)).received, ['message', 'interrupt:timeout', 'message']);
    t.close();
  }));

test('issue 35: the test backend drops an answer to an approval its connection never asked for, as the real one; no-response ends the wait', () =>
  inPage(async ({ base }) => {
    const { BidiTransport, url, eq, read, settle, approvalAnswer } = globalThis.h;
    const t = new BidiTransport({ url: url(base, 'echo'), responseTimeoutMs: 300 });
    const outcome = await read((await settle(t.sendMessages(approvalAnswer()))).value);
    eq([outcome.chunks.length, outcome.error?.kind], [0, 'no-response']);
    t.close();
  }));

test('chunks after the stream closed are buffered, announced once, and delivered by reconnectToStream', () =>
  inPage(async ({ base }) => {
    const { BidiTransport, exchange, read, types, recorder, waitFor, url, eq, ok } = globalThis.h;
    const buffered = recorder();
    const t = new BidiTransport({ url: url(base, 'late-chunks'), onBufferedChunks: buffered.fn });
    ok(types(await exchange(t, 1)).endsWith('tool-approval-request,finish-step'), 'the approval ends the first stream');
    eq(await t.reconnectToStream(undefined), null, 'nothing buffered yet');
    ok(await waitFor(() => buffered.calls.length > 0, 3000), 'onBufferedChunks not called');
    eq(buffered.calls.length, 1, 'once per batch, not per chunk');
    // They belong to the turn's message (a result for call-1): AI SDK's resumeStream would put them
    // in a new one, so only a caller that continues the message gets them (SPEC §4a W5).
    const refused = await t.reconnectToStream({}).then(() => null, (error) => error);
    eq(refused && [refused.name, refused.kind], ['AdkTransportError', 'resume-would-split']);
    const outcome = await read(await t.reconnectToStream({ continueMessage: true }), 3000);
    ok(outcome.done, 'the resumed stream ends where its response ended');
    eq(types(outcome.chunks), 'tool-output-error,text-start,text-delta,text-end,finish');
    eq(await t.reconnectToStream(undefined), null);
    await exchange(t, 3);
    t.close();
  }));

test('SPEC §5 W8: a turn the backend starts after [DONE] is buffered as a message of its own, with a start the package names; the next request is a turn of its own', () =>
  inPage(async ({ base }) => {
    const { BidiTransport, exchange, read, types, recorder, waitFor, url, eq, ok } = globalThis.h;
    const buffered = recorder();
    const t = new BidiTransport({ url: url(base, 'spoken'), onBufferedChunks: buffered.fn });
    eq(types(await exchange(t, 1)), 'start,text-start,text-delta,text-end,finish');
    ok(await waitFor(() => buffered.calls.length > 0, 3000), 'onBufferedChunks not called');
    // AI SDK's resumeStream may read it (a new message): its start names a message of its own.
    const outcome = await read(await t.reconnectToStream({}), 3000);
    ok(outcome.done, 'the turn ended with its [DONE]');
    eq(types(outcome.chunks), 'start,text-start,text-delta,text-end,text-start,text-delta,text-end,finish');
    ok(typeof outcome.chunks[0].messageId === 'string' && outcome.chunks[0].messageId !== 'reply-1', outcome.chunks[0].messageId);
    eq(outcome.chunks[1].id, 'reply-1_input_text');
    eq(types(await exchange(t, 3)), 'text-start,text-delta,text-end,finish');
    t.close();
  }));

test('buffered chunks go first into the next stream', () =>
  inPage(async ({ base }) => {
    const { BidiTransport, exchange, types, sleep, url, eq } = globalThis.h;
    const t = new BidiTransport({ url: url(base, 'late-chunks') });
    await exchange(t, 1);
    await sleep(400);
    eq(types(await exchange(t, 3)), 'tool-output-error,text-start,text-delta,text-end,finish,text-start,text-delta,text-end,finish');
    t.close();
  }));

test('data-pcm goes to onAudio, never into the stream', () =>
  inPage(async ({ base }) => {
    const { BidiTransport, exchange, types, recorder, url, eq } = globalThis.h;
    const audio = recorder();
    const t = new BidiTransport({ url: url(base, 'audio'), onAudio: audio.fn });
    eq(types(await exchange(t, 1)), 'start,text-start,text-delta,text-end,finish');
    eq(audio.calls, [{ content: 'AAECAw==', sampleRate: 24000, channels: 1, bitDepth: 16 }]);
    t.close();
  }));

test('ping and pong report the round-trip time; pings are not messages', () =>
  inPage(async ({ base }) => {
    const { BidiTransport, exchange, report, recorder, waitFor, url, eq, ok } = globalThis.h;
    const latencies = recorder();
    const t = new BidiTransport({ url: url(base, 'echo'), pingIntervalMs: 50, onLatency: latencies.fn });
    await exchange(t, 1);
    ok(await waitFor(() => latencies.calls.length >= 2, 3000), 'no pong reported');
    ok(latencies.calls[0] >= 0 && latencies.calls[0] < 1000, `${latencies.calls[0]} ms`);
    ok(typeof t.latencyMs === 'number', 'latencyMs');
    eq(report(await exchange(t, 3)).received, ['message', 'message']);
    t.close();
  }));

test('every client frame reaches the backend in the shape of SPEC §5, on one socket', () =>
  inPage(async ({ base }) => {
    const { BidiTransport, exchange, report, url, eq } = globalThis.h;
    const t = new BidiTransport({ url: url(base, 'echo') });
    await exchange(t, 1);
    eq(t.connected, true);
    t.sendToolResult('call-1', { latitude: 35.6, longitude: 139.7, accuracy: 10 });
    eq(t.interrupt(), true);
    t.sendAudioControl('start');
    t.sendAudioChunk({ chunk: 'AAECAw==', sampleRate: 16000, channels: 1, bitDepth: 16 });
    t.sendAudioChunk({ chunk: new Int16Array(4) });
    t.sendAudioControl('stop');
    let error;
    try {
      t.sendAudioChunk({ chunk: 'not base64!' });
    } catch (e) {
      error = e;
    }
    eq(error && error.name, 'AdkInvalidArgumentError');
    const chunks = await exchange(t, 5);
    const { received, message } = report(chunks);
    // The backend marks a frame that breaks SPEC §5 as `bad:<type>:<why>`.
    eq(received, ['message', 'tool_result', 'interrupt:', 'audio_control', 'audio_chunk', 'audio_chunk', 'audio_control', 'message']);
    eq([message.id, message.trigger, message.count, message.messageId], ['chat-1', 'submit-message', 5, undefined], 'messageId omitted when undefined');
    eq(t.messagesSent, 2);
    t.close();
    eq(t.connected, false);
    await exchange(t, 1);
    t.close();
  }));

test('connect() opens the socket without a message: audio frames first, then the chat on the same socket', () =>
  inPage(async ({ base, closed }) => {
    const { BidiTransport, exchange, report, settle, url, eq, ok } = globalThis.h;
    const t = new BidiTransport({ url: url(base, 'echo') });
    // Two calls while it opens share the one socket; on an open socket it resolves at once.
    await Promise.all([t.connect(), t.connect()]);
    eq(t.connected, true);
    await t.connect();
    t.sendAudioControl('start');
    t.sendAudioChunk({ chunk: 'AAECAw==' });
    // The voice's audio path: a frame joined from the transport's parts goes out as it is; any
    // other text is refused with a named error.
    const path = t[Symbol.for('adk-stream-wasm.audioPath')]({ sampleRate: 16000, channels: 1, bitDepth: 16 });
    path.send(path.parts[0] + Date.now() + path.parts[1] + 'AAECAw==' + path.parts[2]);
    let error;
    try {
      path.send('{"type":"message"}');
    } catch (e) {
      error = e;
    }
    eq(error && error.name, 'AdkInvalidArgumentError');
    t.sendAudioControl('stop');
    const { received } = report(await exchange(t, 1));
    eq(received, ['audio_control', 'audio_chunk', 'audio_chunk', 'audio_control', 'message']);
    eq(t.messagesSent, 1);
    t.close();
    // A refused connection rejects connect() with the transport's error, as a request's would.
    const refused = new BidiTransport({ url: closed, connectTimeoutMs: 3000 });
    const outcome = await settle(refused.connect(), 6000);
    eq(outcome.error && outcome.error.name, 'AdkTransportError');
    ok(['connect-failed', 'connect-timeout'].includes(outcome.error.kind), outcome.error.kind);
    // close() while it opens rejects connect() with kind closed; the next connect() opens anew.
    const never = new BidiTransport({ url: url(base, 'never-answer') });
    const waiting = settle(never.connect());
    never.close();
    eq((await waiting).error.kind, 'closed');
    const again = new BidiTransport({ url: url(base, 'echo') });
    again.close();
    await again.connect();
    eq(again.connected, true);
    again.close();
  }));

test('close() during a response errors it with kind closed; the next send reconnects', () =>
  inPage(async ({ base }) => {
    const { BidiTransport, send, read, exchange, sleep, url, eq } = globalThis.h;
    const t = new BidiTransport({ url: url(base, 'approval-then-silence') });
    const reading = read((await send(t, 1)).value);
    await sleep(100);
    t.close();
    const { error } = await reading;
    eq([error.name, error.kind], ['AdkTransportError', 'closed']);
    await exchange(t, 1);
    t.close();
  }));

// Issue 40 item 5: with `socket: 'worker'`, every connection the main thread gives up on (a
// connect timeout, an abort while it opens) is forgotten on both sides: the worker closes its
// socket, forgets it and sends its `close` (its last word on a socket), and the main thread drops
// the stand-in it kept for it (before, 25 give-ups left 25 stand-ins for the life of the page).
// The Worker is watched from outside: the sockets the main thread asked it to open, and the
// `close` it sent for each. (Chromium itself closes the TCP connections of cancelled handshakes
// lazily, with the socket on the main thread too: not counted here.)
test('issue 40 item 5: socket worker: 25 connections given up on (5 connect timeouts, 20 aborts while opening) leave no stand-in', async () => {
  const held = new Set();
  const hanging = createServer((socket) => {
    // Accepted, never answered: the WebSocket handshake hangs.
    held.add(socket);
    socket.on('error', () => {});
  });
  await new Promise((resolveListen) => hanging.listen(0, '127.0.0.1', resolveListen));
  try {
    const url = `ws://127.0.0.1:${hanging.address().port}/live`;
    const counts = await page.evaluate(async (hangingUrl) => {
      const { BidiTransport, send, eq, ok, waitFor } = globalThis.h;
      const Native = globalThis.Worker;
      const opened = new Set();
      const closed = new Set();
      globalThis.Worker = class extends Native {
        constructor(...args) {
          super(...args);
          this.addEventListener('message', ({ data }) => data && data.type === 'close' && closed.add(data.id));
        }
        postMessage(message, transfer) {
          if (message && message.url !== undefined) opened.add(message.id);
          return transfer ? super.postMessage(message, transfer) : super.postMessage(message);
        }
      };
      try {
        // connectTimeoutMs bounds the worker's start too: long enough for a loaded machine, so the
        // socket is in the worker (a 100 ms bound let it fall back to the main thread there).
        const t = new BidiTransport({ url: hangingUrl, socket: 'worker', connectTimeoutMs: 1500 });
        for (let i = 0; i < 5; i++) {
          const outcome = await send(t, 1, undefined, 6000);
          eq(outcome.error && outcome.error.kind, 'connect-timeout', `give-up ${i}:`);
        }
        for (let i = 0; i < 20; i++) {
          const abort = new AbortController();
          setTimeout(() => abort.abort(), 20);
          const outcome = await send(t, 1, abort.signal, 3000);
          ok(outcome.error, `abort ${i}: the request was not refused`);
        }
        eq(t.socket, 'worker');
        await waitFor(() => closed.size >= opened.size, 3000);
        const standIns = [...opened].filter((id) => !closed.has(id)).length;
        t.close();
        return { opened: opened.size, standIns };
      } finally {
        globalThis.Worker = Native;
      }
    }, url);
    assert.equal(counts.opened, 25, 'one socket a give-up');
    assert.equal(counts.standIns, 0, `stand-ins the main thread still keeps after ${counts.opened} give-ups (the worker sent no close for them)`);
    assert.deepEqual(pageErrors, []);
  } finally {
    for (const socket of held) socket.destroy();
    hanging.close();
  }
});

// SPEC §5 F-f with `socket: 'worker'`: a WebSocket fires no event when the backend's close frame
// comes, only its close event later; the worker tells the main thread the socket is closing, so
// that the transport treats it as closing there too (a new turn goes on a new socket at once
// rather than into a socket that drops it). The backend here sends its close frame and holds the
// TCP connection 2 s before it ends it.
test('SPEC §5 F-f: socket worker: a socket whose close frame came is closing on the main thread too: the next turn goes at once on a new socket', async () => {
  const { WebSocketServer } = await import('ws');
  const wss = new WebSocketServer({ host: '127.0.0.1', port: 0 });
  await new Promise((r) => wss.once('listening', r));
  const sockets = [];
  wss.on('connection', (ws) => {
    const n = sockets.push(ws);
    ws.on('message', (raw) => {
      const frame = JSON.parse(String(raw));
      if (frame.type !== 'message') return;
      const data = (chunk) => ws.send(`data: ${JSON.stringify(chunk)}\n\n`);
      data({ type: 'text-start', id: 't' });
      data({ type: 'text-delta', id: 't', delta: `connection ${n}` });
      data({ type: 'text-end', id: 't' });
      data({ type: 'finish' });
      ws.send('data: [DONE]\n\n');
    });
  });
  try {
    const url = `ws://127.0.0.1:${wss.address().port}/live`;
    const first = await page.evaluate(async (backendUrl) => {
      const { BidiTransport, send, read, eq } = globalThis.h;
      // Kept on the page for the second step, after the backend's close frame.
      const t = (globalThis.closingTransport = new BidiTransport({ url: backendUrl, socket: 'worker', pingIntervalMs: 0 }));
      const { chunks } = await read((await send(t, 1)).value);
      eq(t.socket, 'worker');
      return chunks.map((c) => c.delta).join('');
    }, url);
    assert.equal(first, 'connection 1');
    // The backend's close frame, below the `ws` library (so it does not end the connection when
    // the browser answers), then the TCP connection held.
    const tcp = sockets[0]._socket;
    tcp.write(Buffer.from([0x88, 0x02, 0x03, 0xe9]));
    tcp.pause();
    const ended = setTimeout(() => tcp.destroy(), 2000);
    try {
      const second = await page.evaluate(async () => {
        const { send, read, sleep } = globalThis.h;
        const t = globalThis.closingTransport;
        await sleep(300);
        const sent = await send(t, 3, undefined, 1500);
        if (!sent.value) return { error: sent.error ? `${sent.error.kind}: ${sent.error.message}` : 'timed out' };
        const reading = await read(sent.value, 1500);
        t.close();
        return { text: reading.chunks.map((c) => c.delta).join(''), done: reading.done, error: reading.error && reading.error.kind, ms: sent.ms + reading.ms };
      });
      assert.deepEqual([second.text, second.done], ['connection 2', true], `the next turn: ${JSON.stringify(second)}`);
      assert.ok(second.ms < 1500, `answered in ${second.ms} ms, before the old connection ended`);
    } finally {
      clearTimeout(ended);
      tcp.destroy();
    }
    assert.deepEqual(pageErrors, []);
  } finally {
    for (const ws of wss.clients) ws.terminate();
    wss.close();
  }
});
