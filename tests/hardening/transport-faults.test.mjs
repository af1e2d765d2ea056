// BIDI transport faults the Chromium suite (tests/browser/transport.test.mjs) and the integration
// suite (tests/integration/bidi-faults.test.ts) do not already inject, against the packed
// package's BidiTransport on Node 22's own WebSocket, with a raw-TCP WebSocket server
// (lib/raw-ws.mjs) that can break the protocol anywhere:
//   half-written frames (then a dead connection, or a stall), a server that never answers a
//   message, pings that never get a pong, 100,000-frame bursts, [DONE] storms, 10 MB malformed
//   and binary frames, the server closing (close frame or dead TCP) and the client aborting at
//   every stage; a seeded random soak checking that every chunk that arrived is delivered once,
//   in order; memory (WASM linear memory, JS heap) over 1,000 connect/send/close cycles.
// Every fault must end in a clear error or a clean close within its time bound, and the next
// send must work.
import { test, describe, after } from 'node:test';
import assert from 'node:assert/strict';
import v8 from 'node:v8';
import vm from 'node:vm';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { BidiTransport } from 'adk-stream-wasm/transport';
import { startServer, text, data, DONE, binary, frame } from './lib/raw-ws.mjs';
import { makeRng, baseSeed } from './lib/rng.mjs';
import { writeFigures } from './lib/report.mjs';
import { readStream } from '../support/read-stream.mjs';

assert.equal(typeof WebSocket, 'function', 'this file needs a global WebSocket: run it on Node 22 (scripts/test-hardening.sh does)');

v8.setFlagsFromString('--expose-gc');
const gc = vm.runInNewContext('gc');

const figures = { faultsInjected: 0, chunksChecked: 0, soakRounds: 0 };
const servers = [];
after(async () => {
  for (const s of servers) await s.close();
  writeFigures('transport-faults', figures);
});

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const USER = [{ id: 'u', role: 'user', parts: [{ type: 'text', text: 'hi' }] }];
const request = (signal, messages = USER) => ({ chatId: 'chat-1', messages, trigger: 'submit-message', messageId: undefined, abortSignal: signal });

/** The normal reply: start, a text with `label`, finish, [DONE]. */
function reply(conn, label) {
  conn.write(Buffer.concat([
    data({ type: 'start', messageId: label }),
    data({ type: 'text-start', id: label }),
    data({ type: 'text-delta', id: label, delta: label }),
    data({ type: 'text-end', id: label }),
    data({ type: 'finish' }),
    DONE,
  ]));
}
const replyTypes = ['start', 'text-start', 'text-delta', 'text-end', 'finish'];

/** `promise` settled within `ms`: `{value} | {error} | {timedOut}` plus `ms`. */
async function settle(promise, ms = 5000) {
  const started = Date.now();
  let timer;
  const timeout = new Promise((r) => (timer = setTimeout(() => r({ timedOut: true }), ms)));
  try {
    const outcome = await Promise.race([promise.then((value) => ({ value }), (error) => ({ error })), timeout]);
    return { ...outcome, ms: Date.now() - started };
  } finally {
    clearTimeout(timer);
  }
}

async function server(options) {
  const s = await startServer(options);
  servers.push(s);
  return s;
}

function transport(url, extra = {}) {
  const errors = [];
  const t = new BidiTransport({ url, pingIntervalMs: 0, connectTimeoutMs: 2000, onError: (e) => errors.push(e), ...extra });
  t.errors = errors;
  return t;
}

/** The next send gets the whole normal reply: the transport recovered. */
async function nextSendWorks(t, label = 'next') {
  const sent = await settle(t.sendMessages(request()), 5000);
  assert.ok(sent.value, `the next send failed: ${sent.error?.message ?? 'timed out'}`);
  const read = await readStream(sent.value);
  assert.ok(read.done, `the next stream did not close: ${read.error?.message ?? 'timed out'}`);
  assert.deepEqual(read.chunks.map((c) => c.type), replyTypes, 'the next stream holds exactly the next reply');
  assert.equal(read.chunks[2].delta, label);
}

/** A server that answers each message with `reply(conn, label)` unless `onMessage` says otherwise. */
async function replyingServer(custom = () => false, options = {}) {
  let n = 0;
  return server({
    ...options,
    onConnection: (conn) => {
      conn.onMessage = (message) => {
        if (message.type !== 'message') return;
        n++;
        if (!custom(conn, message, n)) reply(conn, 'next');
      };
    },
  });
}

describe('half-written frames', () => {
  test('a frame cut halfway, then the TCP connection dies: the stream fails clearly, earlier chunks kept, the next send works', async () => {
    figures.faultsInjected++;
    const s = await replyingServer((conn, _m, n) => {
      if (n !== 1) return false;
      const whole = frame(0x1, `data: ${JSON.stringify({ type: 'text-delta', id: 't', delta: 'x'.repeat(1000) })}\n\n`);
      conn.write(Buffer.concat([data({ type: 'start' }), data({ type: 'text-start', id: 't' }), whole.subarray(0, 40)]));
      setTimeout(() => conn.destroy(), 30);
      return true;
    });
    const t = transport(s.url);
    const sent = await settle(t.sendMessages(request()));
    const read = await readStream(sent.value, 3000);
    assert.ok(read.error, `the stream ended without an error: ${JSON.stringify(read)}`);
    assert.equal(read.error.name, 'AdkTransportError');
    assert.equal(read.error.kind, 'closed-mid-response');
    assert.ok(read.ms < 2000, `it took ${read.ms} ms`);
    assert.deepEqual(read.chunks.map((c) => c.type), ['start', 'text-start'], 'the chunks before the cut are delivered');
    await nextSendWorks(t);
    t.close();
  });

  test('a frame cut halfway, then silence: abort closes the stream at once and tells the backend; the next send works on a new socket', async () => {
    figures.faultsInjected++;
    const s = await replyingServer((conn, _m, n) => {
      if (n !== 1) return false;
      const whole = frame(0x1, `data: ${JSON.stringify({ type: 'text-delta', id: 't', delta: 'y'.repeat(500) })}\n\n`);
      conn.write(Buffer.concat([data({ type: 'start' }), whole.subarray(0, 30)]));
      conn.stalled = true;
      return true;
    });
    const t = transport(s.url);
    const controller = new AbortController();
    const sent = await settle(t.sendMessages(request(controller.signal)));
    setTimeout(() => controller.abort(), 200);
    const read = await readStream(sent.value, 3000);
    assert.ok(read.done, `the stream did not close after the abort: ${JSON.stringify(read.error ?? read)}`);
    assert.ok(read.ms < 1000, `it took ${read.ms} ms`);
    assert.deepEqual(read.chunks.map((c) => c.type), ['start']);
    // The stalled socket cannot carry anything any more (its next bytes finish the cut frame);
    // the backend's side is gone too.
    s.connections[0].destroy();
    await sleep(50);
    await nextSendWorks(t);
    t.close();
  });
});

test('a server that accepts the message and never answers: the stream stays open until the abort, which closes it at once; the next send works', async () => {
  figures.faultsInjected++;
  const s = await replyingServer((_c, _m, n) => n === 1);
  const t = transport(s.url);
  const controller = new AbortController();
  const sent = await settle(t.sendMessages(request(controller.signal)));
  const early = await readStream(sent.value, 300);
  assert.ok(early.timedOut, 'the stream waits for the backend');
  // A second reader is not possible on a cancelled reader's stream: send again with a fresh abort.
  const controller2 = new AbortController();
  const sent2 = await settle(t.sendMessages(request(controller2.signal)));
  assert.ok(sent2.value, 'a new request supersedes the silent one');
  const read2 = await readStream(sent2.value);
  assert.ok(read2.done);
  assert.equal(read2.chunks[2].delta, 'next');
  const silent = await replyingServer(() => true);
  const t2 = transport(silent.url);
  const sent3 = await settle(t2.sendMessages(request(controller.signal)));
  setTimeout(() => controller.abort(), 100);
  const read3 = await readStream(sent3.value, 2000);
  assert.ok(read3.done && read3.ms < 1000, `abort ended the silent stream in ${read3.ms} ms: ${JSON.stringify(read3)}`);
  const interrupt = await silent.connections[0].next((m) => m.type === 'interrupt', 1000);
  assert.equal(interrupt.reason, 'user_abort');
  t.close();
  t2.close();
});

test('pings that never get a pong, liveness off: requests keep working, no error, no latency reported', async () => {
  figures.faultsInjected++;
  const latencies = [];
  const s = await replyingServer();
  const t = transport(s.url, { pingIntervalMs: 40, livenessTimeoutMs: 0, onLatency: (ms) => latencies.push(ms) });
  await nextSendWorks(t);
  s.connections[0].answerPings = false;
  await sleep(300);
  await nextSendWorks(t);
  await nextSendWorks(t);
  assert.ok(s.connections[0].pings >= 5, `only ${s.connections[0].pings} pings`);
  assert.equal(s.connections.length, 1, 'one socket for all the requests');
  assert.deepEqual(t.errors, []);
  assert.ok(latencies.length <= 1, 'no latency without pongs');
  t.close();
});

describe('a network gone silent: no pong, no data, no close (liveness)', () => {
  test('the open stream fails with kind liveness, the chunks that arrived are kept, timers stop, the next send reconnects and completes', async () => {
    figures.faultsInjected++;
    // The first message gets `start` and `text-start`, then nothing at all on that connection: no
    // pong, no chunk, no close frame, no FIN. Later messages get the normal reply.
    const s0 = await replyingServer((conn, _m, n) => {
      if (n !== 1) return false;
      conn.answerPings = false;
      conn.write(Buffer.concat([data({ type: 'start' }), data({ type: 'text-start', id: 't' })]));
      return true;
    });
    const t = transport(s0.url, { pingIntervalMs: 50, livenessTimeoutMs: 300 });
    const sent = await settle(t.sendMessages(request()));
    const read = await readStream(sent.value, 5000);
    assert.ok(read.error, `the stream did not fail: ${JSON.stringify(read)}`);
    assert.equal(read.error.name, 'AdkTransportError');
    assert.equal(read.error.kind, 'liveness');
    assert.match(read.error.message, /^nothing arrived on the WebSocket for \d+ ms \(livenessTimeoutMs is 300\)/);
    assert.deepEqual(read.chunks.map((c) => c.type), ['start', 'text-start'], 'the chunks that arrived are delivered');
    assert.equal(t.connected, false, 'the silent socket is closed');
    // The ping timer went with the socket: no ping reaches the silent connection any more. A ping
    // sent in the same timer turn as the liveness check may still be on its way to the server: it
    // is counted first (a live timer would add one every 50 ms).
    await sleep(30);
    const pings = s0.connections[0].pings;
    await sleep(250);
    assert.equal(s0.connections[0].pings, pings, 'pings after the liveness failure');
    await nextSendWorks(t);
    assert.equal(s0.connections.length, 2, 'the next send opened a new socket');
    assert.deepEqual(t.errors, [], 'nothing was reported as a skipped frame');
    t.close();
  });

  test('idle with a ping unanswered (no stream open): the socket is closed quietly and the next send reconnects', async () => {
    figures.faultsInjected++;
    const s = await replyingServer();
    const t = transport(s.url, { pingIntervalMs: 40, livenessTimeoutMs: 150 });
    await nextSendWorks(t);
    s.connections[0].answerPings = false;
    const deadline = Date.now() + 5000;
    while (t.connected && Date.now() < deadline) await sleep(20);
    assert.equal(t.connected, false, 'the socket whose pings go unanswered is closed');
    await nextSendWorks(t);
    assert.equal(s.connections.length, 2);
    assert.deepEqual(t.errors, []);
    t.close();
  });

  test('pongs keep a quiet response alive: a backend thinking longer than the timeout is not cut off', async () => {
    figures.faultsInjected++;
    const s = await replyingServer((conn, _m, n) => {
      if (n !== 1) return false;
      conn.write(data({ type: 'start' }));
      setTimeout(() => reply(conn, 'slow'), 600);
      return true;
    });
    const t = transport(s.url, { pingIntervalMs: 40, livenessTimeoutMs: 200 });
    const sent = await settle(t.sendMessages(request()));
    const read = await readStream(sent.value, 5000);
    assert.ok(read.done, `the stream did not end cleanly: ${read.error?.message ?? 'timed out'}`);
    assert.equal(read.chunks.find((c) => c.type === 'text-delta')?.delta, 'slow');
    assert.equal(s.connections.length, 1);
    t.close();
  });

  test('memory stays flat over 300 liveness failures and reconnects (WASM linear memory and JS heap)', async () => {
    const wasm = await wasmInstance();
    // Every connection sends `start` for each message, then goes silent.
    const s = await server({
      onConnection: (conn) => {
        conn.answerPings = false;
        conn.onMessage = (m) => {
          if (m.type === 'message') conn.write(data({ type: 'start' }));
        };
      },
    });
    const t = transport(s.url, { livenessTimeoutMs: 20 });
    const cycle = async () => {
      const read = await readStream(await t.sendMessages(request()));
      assert.equal(read.error?.kind, 'liveness', `the silent stream ended otherwise: ${JSON.stringify(read)}`);
      assert.equal(t.connected, false);
    };
    for (let i = 0; i < 30; i++) await cycle();
    await sleep(50);
    gc();
    const before = { wasmBytes: wasm.memory.buffer.byteLength, heapUsed: process.memoryUsage().heapUsed };
    for (let i = 0; i < 300; i++) await cycle();
    await sleep(100);
    gc();
    await sleep(10);
    gc();
    const after = { wasmBytes: wasm.memory.buffer.byteLength, heapUsed: process.memoryUsage().heapUsed };
    figures.livenessMemory = { cycles: 300, before, after, connections: s.connections.length };
    console.log(`memory over 300 liveness failures: ${JSON.stringify(figures.livenessMemory)}`);
    assert.equal(s.connections.length, 330, 'each request after a liveness failure opened a new socket');
    assert.ok(after.wasmBytes - before.wasmBytes <= 1024 * 1024, `WASM memory grew by ${after.wasmBytes - before.wasmBytes} bytes`);
    assert.ok(after.heapUsed - before.heapUsed <= 8 * 1024 * 1024, `the JS heap grew by ${after.heapUsed - before.heapUsed} bytes`);
    t.close();
  });
});

describe('the abort edge: what is left of an aborted turn', () => {
  /** Aborts the first request mid-stream; `afterInterrupt(conn)` is what the backend does then. */
  async function abortFirst({ afterInterrupt, onLater = () => false, extra = {} }) {
    const s = await replyingServer((conn, m, n) => {
      if (n === 1) {
        conn.write(Buffer.concat([data({ type: 'start' }), data({ type: 'text-start', id: 'old' }), data({ type: 'text-delta', id: 'old', delta: 'old' })]));
        return true;
      }
      return onLater(conn, m, n);
    });
    const t = transport(s.url, extra);
    const controller = new AbortController();
    const sent = await settle(t.sendMessages(request(controller.signal)));
    const reading = readStream(sent.value, 3000);
    await s.connections[0].next((m) => m.type === 'message');
    await sleep(30);
    controller.abort();
    assert.ok((await reading).done);
    await s.connections[0].next((m) => m.type === 'interrupt', 1000);
    afterInterrupt?.(s.connections[0]);
    return { s, t };
  }
  const oldTail = () => Buffer.concat([data({ type: 'text-delta', id: 'old', delta: 'tail of the aborted turn' }), data({ type: 'text-end', id: 'old' }), data({ type: 'finish' }), DONE]);

  test('the backend answers the new message first and never sends the old tail: the new reply is whole, and a later turn is not swallowed', async () => {
    figures.faultsInjected++;
    const { s, t } = await abortFirst({ extra: { abortTailTimeoutMs: 200 } });
    await nextSendWorks(t, 'next');
    // A turn the backend starts on its own later, without `start` (a late result), while no stream is
    // open: once the tail's time is up it is buffered for the app, not dropped as the aborted tail.
    await sleep(400);
    s.connections[0].write(Buffer.concat([data({ type: 'text-delta', id: 'late', delta: 'late result' }), DONE]));
    await sleep(100);
    const resumed = await t.reconnectToStream({ chatId: 'chat-1' });
    assert.ok(resumed, 'the later chunks were kept');
    const read = await readStream(resumed);
    // A turn of its own (SPEC §5 W8): a `start` the package names, then the late result.
    assert.equal(read.chunks[0].type, 'start');
    assert.deepEqual(read.chunks.slice(1).map((c) => c.delta), ['late result']);
    await nextSendWorks(t, 'next');
    t.close();
  });

  test('a backend that ends the stopped turn without [DONE]: the question waits out the silence bound, then its reply is whole; what the backend sends later is a turn of its own, never in a reply (W12)', async () => {
    figures.faultsInjected++;
    const { s, t } = await abortFirst({ extra: { abortTailTimeoutMs: 200 } });
    const sent = await settle(t.sendMessages(request()));
    const read = await readStream(sent.value);
    assert.ok(read.done);
    assert.deepEqual(read.chunks.map((c) => c.type), replyTypes);
    assert.equal(read.chunks[2].delta, 'next');
    // Chunks after the reply's [DONE], with no request open: a turn the backend started (W8), kept
    // for the app with a start of its own, never put into the next reply.
    s.connections[0].write(oldTail());
    await sleep(100);
    const resumed = await t.reconnectToStream({ chatId: 'chat-1' });
    assert.ok(resumed, 'the later chunks were kept');
    const kept = await readStream(resumed);
    assert.equal(kept.chunks[0].type, 'start');
    assert.deepEqual(kept.chunks.slice(1).map((c) => c.type), ['text-delta', 'text-end', 'finish']);
    await nextSendWorks(t, 'next');
    t.close();
  });

  test('an ADK backend, which ignores interrupt, finishes the stopped turn: a question asked meanwhile goes after its [DONE], and its reply holds only its own chunks (W12)', async () => {
    figures.faultsInjected++;
    const { s, t } = await abortFirst({ extra: { abortTailTimeoutMs: 5000 } });
    const sending = settle(t.sendMessages(request()));
    await sleep(50);
    assert.equal(s.connections[0].messages.filter((m) => m.type === 'message').length, 1, 'the question waits for the stopped turn to end');
    s.connections[0].write(oldTail());
    const sent = await sending;
    const read = await readStream(sent.value);
    assert.deepEqual(read.chunks.map((c) => c.type), replyTypes);
    assert.equal(read.chunks[2].delta, 'next');
    assert.equal(await t.reconnectToStream({ chatId: 'chat-1' }), null, 'nothing of the stopped turn was kept');
    t.close();
  });
});

async function wasmInstance() {
  const require = createRequire(import.meta.url);
  // The transport's rules live in the core module (its socket work is JavaScript): the core's
  // loader, imported from the same file as the package's, is the same instance.
  const loader = pathToFileURL(require.resolve('adk-stream-wasm').replace(/index\.js$/, 'core/loader.js')).href;
  const { core } = await import(loader);
  return core;
}

test('every frame shape of SPEC §5: each malformed one reported with its reason and skipped; pongs, audio and events as the codec read them', async () => {
  figures.faultsInjected++;
  const audio = [];
  const latencies = [];
  const s = await replyingServer((conn, _m, n) => {
    if (n !== 1) return false;
    conn.write(Buffer.concat([
      data({ type: 'start', messageId: 'shapes' }),
      text('data: {"type":"text-start",\n\n'),
      text('data: [1,2]\n\n'),
      text('data: {"type":7}\n\n'),
      text('data: {"type":"data-pcm"}\n\n'),
      text('{"type":"pong"}'),
      text('{"type":"pong","timestamp":-1}'),
      text('   \n\n  '),
      text('event: ping'),
      binary(Buffer.from([1, 2, 3])),
      // A pong inside `data:` is still a pong; audio nested in `data` or flat, odd fields defaulted.
      text(`data: {"type":"pong","timestamp":${Date.now()}}\n\n`),
      data({ type: 'data-pcm', data: { content: 'AAEC', sampleRate: 16000, channels: 'two' } }),
      data({ type: 'data-pcm', content: 'AwQF', bitDepth: 8, sampleRate: 1.5 }),
      // Two events in one frame, and a second [DONE] after the first.
      text(`data: ${JSON.stringify({ type: 'text-start', id: 't' })}\n\ndata: ${JSON.stringify({ type: 'text-delta', id: 't', delta: 'shapes' })}\n\n`),
      data({ type: 'text-end', id: 't' }),
      data({ type: 'finish' }),
      DONE,
      DONE,
    ]));
    return true;
  });
  const t = transport(s.url, { onAudio: (a) => audio.push(a), onLatency: (ms) => latencies.push(ms) });
  const sent = await settle(t.sendMessages(request()));
  const read = await readStream(sent.value);
  assert.ok(read.done, `the stream did not close: ${read.error?.message}`);
  assert.deepEqual(read.chunks.map((c) => c.type), replyTypes);
  assert.equal(read.chunks[2].delta, 'shapes');
  const prefix = 'skipped a malformed frame: ';
  const reasons = t.errors.map((e) => {
    assert.equal(e.name, 'AdkMalformedFrameError');
    assert.equal(e.kind, 'malformed-frame');
    assert.ok(e.message.startsWith(prefix), e.message);
    return e.message.slice(prefix.length);
  });
  assert.equal(reasons.length, 9, reasons.join('\n'));
  assert.match(reasons[0], /^the chunk after 'data: ' is not JSON \(.+\)$/);
  assert.deepEqual(reasons.slice(1), [
    "the chunk after 'data: ' is JSON but not an object",
    'the chunk has no string `type`',
    'a data-pcm chunk has no base64 `content` string',
    'a pong has no non-negative numeric `timestamp`',
    'a pong has no non-negative numeric `timestamp`',
    'an empty text frame',
    `a text frame starts with 'event: ping'; expected 'data: <chunk JSON>', 'data: [DONE]' or {"type":"pong","timestamp":N}`,
    'a binary frame of 3 bytes; the server sends text frames only',
  ]);
  assert.deepEqual(audio, [
    { content: 'AAEC', sampleRate: 16000, channels: 1, bitDepth: 16 },
    { content: 'AwQF', sampleRate: 24000, channels: 1, bitDepth: 8 },
  ]);
  assert.equal(latencies.length, 1);
  assert.ok(latencies[0] >= 0 && t.latencyMs === latencies[0]);
  // The second [DONE] did not end the next reply early.
  await nextSendWorks(t);
  t.close();
});

test('a 100,000-frame burst: every chunk arrives, once and in order, then the stream ends', async () => {
  figures.faultsInjected++;
  const N = 100_000;
  const s = await replyingServer((conn, _m, n) => {
    if (n !== 1) return false;
    const frames = [data({ type: 'start' }), data({ type: 'text-start', id: 't' })];
    for (let i = 0; i < N; i++) frames.push(text(`data: {"type":"text-delta","id":"t","delta":"${i},"}\n\n`));
    frames.push(data({ type: 'text-end', id: 't' }), data({ type: 'finish' }), DONE);
    conn.write(Buffer.concat(frames));
    return true;
  });
  const t = transport(s.url);
  const sent = await settle(t.sendMessages(request()));
  const read = await readStream(sent.value, 60_000);
  assert.ok(read.done, `the burst did not end: ${read.error?.message ?? 'timed out'} after ${read.chunks.length} chunks`);
  const deltas = read.chunks.filter((c) => c.type === 'text-delta');
  assert.equal(deltas.length, N);
  for (let i = 0; i < N; i++) if (deltas[i].delta !== `${i},`) assert.fail(`chunk ${i} is ${deltas[i].delta}`);
  figures.chunksChecked += N;
  figures.burstMs = read.ms;
  await nextSendWorks(t);
  t.close();
});

describe('[DONE] storms', () => {
  test('10,000 [DONE] frames after a reply, and 10,000 in one frame: the first ends the stream, the rest never cut the next reply short', async () => {
    figures.faultsInjected += 2;
    const s = await replyingServer((conn, _m, n) => {
      if (n === 1) {
        reply(conn, 'first');
        conn.write(Buffer.concat(Array.from({ length: 10_000 }, () => DONE)));
        conn.write(text('data: [DONE]\n\n'.repeat(10_000)));
        return true;
      }
      return false;
    });
    const t = transport(s.url);
    const first = await readStream((await settle(t.sendMessages(request()))).value);
    assert.ok(first.done);
    assert.equal(first.chunks[2].delta, 'first');
    // Sent at once, before the storm has been read: the storm must not end this one.
    await nextSendWorks(t);
    await nextSendWorks(t);
    assert.deepEqual(t.errors, []);
    t.close();
  });

  test('a [DONE] storm before any chunk (nothing in progress) ends nothing', async () => {
    figures.faultsInjected++;
    const s = await replyingServer((conn, _m, n) => {
      if (n !== 1) return false;
      conn.write(Buffer.concat(Array.from({ length: 5_000 }, () => DONE)));
      setTimeout(() => reply(conn, 'next'), 20);
      return true;
    });
    const t = transport(s.url);
    await nextSendWorks(t);
    t.close();
  });
});

test('a 10 MB frame of bad JSON and a 10 MB binary frame: both reported and skipped, the stream goes on', async () => {
  figures.faultsInjected += 2;
  const s = await replyingServer((conn, _m, n) => {
    if (n !== 1) return false;
    conn.write(Buffer.concat([
      data({ type: 'start' }),
      text(`data: {"type":"text-delta","delta":"${'z'.repeat(10 * 1024 * 1024)}\n\n`),
      binary(Buffer.alloc(10 * 1024 * 1024, 7)),
      data({ type: 'text-start', id: 't' }),
      data({ type: 'text-delta', id: 't', delta: 'after' }),
      data({ type: 'text-end', id: 't' }),
      data({ type: 'finish' }),
      DONE,
    ]));
    return true;
  });
  const t = transport(s.url);
  const read = await readStream((await settle(t.sendMessages(request()))).value, 20_000);
  assert.ok(read.done, JSON.stringify(read.error ?? read.timedOut));
  assert.deepEqual(read.chunks.map((c) => c.type), replyTypes);
  assert.equal(t.errors.length, 2);
  for (const e of t.errors) {
    assert.equal(e.name, 'AdkMalformedFrameError');
    assert.equal(e.kind, 'malformed-frame');
    assert.ok(e.message.length < 500, 'the report does not carry the 10 MB frame');
  }
  await nextSendWorks(t);
  t.close();
});

describe('the server goes away at every stage', () => {
  const stages = ['refused', 'destroyed-in-handshake', 'after-open', 'after-message', 'mid-stream', 'after-done'];
  for (const stage of stages) {
    for (const how of ['close-1011', 'tcp-destroy']) {
      if ((stage === 'refused' || stage === 'destroyed-in-handshake') && how === 'tcp-destroy') continue;
      test(`${stage} (${how}): a clear error or a clean end within 2 s, chunks that arrived are kept, the next send works`, async () => {
        figures.faultsInjected++;
        let upgrades = 0;
        const gone = (conn) => (how === 'tcp-destroy' ? conn.destroy() : conn.close(1011, 'backend crashed'));
        const s = await server({
          onUpgrade: () => {
            upgrades++;
            if (upgrades > 1) return 'accept';
            if (stage === 'refused') return 'refuse';
            if (stage === 'destroyed-in-handshake') return 'destroy';
            return 'accept';
          },
          onConnection: (conn) => {
            const first = s.connections.length === 1;
            if (first && stage === 'after-open') setTimeout(() => gone(conn), 0);
            let n = 0;
            conn.onMessage = (m) => {
              if (m.type !== 'message') return;
              n++;
              if (!first || n > 1) return reply(conn, 'next');
              if (stage === 'after-message') return gone(conn);
              if (stage === 'mid-stream') {
                conn.write(Buffer.concat([data({ type: 'start' }), data({ type: 'text-start', id: 't' })]));
                return setTimeout(() => gone(conn), 20);
              }
              if (stage === 'after-done') {
                reply(conn, 'first');
                return setTimeout(() => gone(conn), 20);
              }
              reply(conn, 'next');
            };
          },
        });
        const t = transport(s.url);
        if (stage === 'after-open') {
          // Let the socket open and die before the request: the request reconnects.
          await t.sendMessages(request()).then((st) => readStream(st, 2000)).catch(() => {});
          // The close frame may still be on its way: the next request is meant to find the socket
          // dead, not to race its closing (that race fails the request, with a clear error).
          for (let waited = 0; t.connected && waited < 2000; waited += 10) await sleep(10);
          assert.ok(!t.connected, 'the backend closed the first socket');
        }
        const sent = await settle(t.sendMessages(request()), 3000);
        assert.ok(!sent.timedOut, 'sendMessages settled');
        if (sent.error) {
          assert.equal(sent.error.name, 'AdkTransportError', String(sent.error));
          assert.ok(['connect-failed', 'closed-mid-response'].includes(sent.error.kind), sent.error.kind);
          assert.ok(sent.ms < 2000, `${sent.ms} ms`);
        } else {
          const read = await readStream(sent.value, 3000);
          assert.ok(!read.timedOut, `the stream neither ended nor failed: ${JSON.stringify(read.chunks)}`);
          if (stage === 'mid-stream') {
            assert.equal(read.error?.kind, 'closed-mid-response', JSON.stringify(read));
            assert.deepEqual(read.chunks.map((c) => c.type), ['start', 'text-start']);
          }
          if (stage === 'after-done') {
            assert.ok(read.done);
            assert.equal(read.chunks[2].delta, 'first');
            // The socket dies after the reply: once the transport has seen it go, the next send
            // reconnects (a send racing the close event fails clearly, which the stages above check).
            const end = Date.now() + 2000;
            while (t.connected && Date.now() < end) await sleep(5);
            assert.equal(t.connected, false, 'the transport noticed the closed socket within 2 s');
          }
          if (read.error) assert.equal(read.error.name, 'AdkTransportError');
        }
        await nextSendWorks(t);
        t.close();
      });
    }
  }
});

describe('the client aborts at every stage', () => {
  const stages = ['before-send', 'while-connecting', 'before-first-chunk', 'mid-stream', 'after-approval-request', 'after-done'];
  for (const stage of stages) {
    test(`${stage}: a prompt AbortError or a clean close, the backend is told, and the next send gets exactly its own reply`, async () => {
      figures.faultsInjected++;
      let holdFirst = stage === 'while-connecting';
      const s = await server({
        onUpgrade: () => {
          if (holdFirst) {
            holdFirst = false;
            return 'hold';
          }
          return 'accept';
        },
        onConnection: (conn) => {
          let n = 0;
          conn.onMessage = (m) => {
            if (m.type === 'interrupt') {
              // As a backend does: the rest of the interrupted turn, then its end.
              if (conn.streaming) {
                conn.streaming = false;
                setTimeout(() => conn.write(Buffer.concat([data({ type: 'text-delta', id: 't', delta: 'tail of the aborted turn' }), data({ type: 'finish' }), DONE])), 30);
              }
              return;
            }
            if (m.type !== 'message') return;
            n++;
            if (n > 1 || stage === 'before-send' || stage === 'while-connecting') return reply(conn, 'next');
            if (stage === 'before-first-chunk') {
              conn.streaming = true;
              return;
            }
            if (stage === 'mid-stream') {
              conn.streaming = true;
              return conn.write(Buffer.concat([data({ type: 'start' }), data({ type: 'text-start', id: 't' }), data({ type: 'text-delta', id: 't', delta: 'a' })]));
            }
            if (stage === 'after-approval-request') {
              conn.streaming = true;
              return conn.write(Buffer.concat([
                data({ type: 'start' }),
                data({ type: 'tool-input-available', toolCallId: 'c1', toolName: 'process_payment', input: {} }),
                data({ type: 'tool-approval-request', toolCallId: 'c1', approvalId: 'a1' }),
              ]));
            }
            reply(conn, 'first');
          };
        },
      });
      const t = transport(s.url, { connectTimeoutMs: 5000 });
      const controller = new AbortController();
      if (stage === 'before-send') controller.abort();
      const sending = t.sendMessages(request(controller.signal));
      if (stage === 'while-connecting') setTimeout(() => controller.abort(), 50);
      const sent = await settle(sending, 3000);
      assert.ok(!sent.timedOut, 'sendMessages settled');
      if (stage === 'before-send' || stage === 'while-connecting') {
        assert.equal(sent.error?.name, 'AbortError', `rejects as fetch does: ${sent.error}`);
        assert.ok(sent.ms < 500, `${sent.ms} ms`);
      } else {
        const reading = readStream(sent.value, 3000);
        if (stage === 'after-done') await reading;
        else setTimeout(() => controller.abort(), 50);
        const read = await reading;
        assert.ok(read.done, `the stream closes cleanly: ${JSON.stringify(read.error ?? 'timed out')}`);
        if (stage !== 'after-done') {
          controller.abort();
          const interrupt = await s.connections.at(-1).next((m) => m.type === 'interrupt', 1000);
          assert.equal(interrupt.reason, 'user_abort');
        }
      }
      // Sent at once, while the backend may still be finishing the aborted turn: nothing of that
      // turn may leak into this reply, and its [DONE] must not end this stream.
      await nextSendWorks(t);
      await sleep(80);
      await nextSendWorks(t);
      t.close();
    });
  }
});

test('seeded soak: random faults between requests; every chunk that arrived is delivered once, in order (stream or reconnect)', async () => {
  const base = baseSeed();
  const rounds = Number(process.env.SOAK_ROUNDS ?? 150);
  const rng = makeRng(base);
  let seq = 0;
  const sentSeqs = [];
  let buffered = 0;
  const s = await server({
    onConnection: (conn) => {
      conn.onMessage = (m) => {
        if (m.type !== 'message') return;
        const fault = m.messages[0]?.parts?.[0]?.text;
        const chunks = [];
        const delta = () => {
          const n = seq++;
          sentSeqs.push(n);
          return data({ type: 'text-delta', id: 't', delta: String(n) });
        };
        chunks.push(delta(), delta());
        if (fault === 'bad-frames') chunks.push(text('data: {oops}\n\n'), binary([1, 2, 3]), text('hello'));
        chunks.push(delta());
        if (fault === 'split-events') chunks.push(text(`data: {"type":"text-delta","id":"t","delta":"${(sentSeqs.push(seq), seq++)}"}\n\ndata: {"type":"text-delta","id":"t","delta":"${(sentSeqs.push(seq), seq++)}"}\n\n`));
        chunks.push(DONE);
        if (fault === 'late-chunks') chunks.push(delta(), delta(), DONE);
        if (fault === 'done-storm') chunks.push(DONE, DONE, DONE);
        conn.write(Buffer.concat(chunks));
      };
    },
  });
  const t = transport(s.url, { onBufferedChunks: () => buffered++ });
  const got = [];
  const take = (chunks) => {
    for (const c of chunks) if (c.type === 'text-delta') got.push(Number(c.delta));
  };
  for (let round = 0; round < rounds; round++) {
    const fault = rng.pick(['none', 'bad-frames', 'split-events', 'late-chunks', 'done-storm', 'client-close']);
    if (fault === 'client-close') {
      t.close();
      figures.faultsInjected++;
      continue;
    }
    if (fault !== 'none') figures.faultsInjected++;
    const messages = [{ id: 'u', role: 'user', parts: [{ type: 'text', text: fault }] }];
    const sent = await settle(t.sendMessages(request(undefined, messages)));
    assert.ok(sent.value, `round ${round} (${fault}, seed ${base}): ${sent.error}`);
    const read = await readStream(sent.value);
    assert.ok(read.done, `round ${round} (${fault}, seed ${base}): ${JSON.stringify(read.error ?? 'timed out')}`);
    take(read.chunks);
    await sleep(rng.int(3));
    const resumed = await t.reconnectToStream({ chatId: 'chat-1' });
    if (resumed) take((await readStream(resumed)).chunks);
    figures.soakRounds++;
  }
  await sleep(50);
  const resumed = await t.reconnectToStream({ chatId: 'chat-1' });
  if (resumed) take((await readStream(resumed)).chunks);
  t.close();
  assert.deepEqual(got, sentSeqs, `seed ${base}: chunks lost, repeated or out of order`);
  figures.chunksChecked += got.length;
  figures.soakSeed = base;
  figures.bufferedBatches = buffered;
});

test('memory stays flat over 1,000 connect/send/close cycles (WASM linear memory and JS heap)', async () => {
  const wasm = await wasmInstance();
  const s = await replyingServer();
  const cycle = async (t) => {
    const read = await readStream(await t.sendMessages(request()));
    assert.ok(read.done);
    t.close();
  };
  const shared = transport(s.url);
  for (let i = 0; i < 50; i++) await cycle(shared);
  await sleep(50);
  gc();
  const before = { wasmBytes: wasm.memory.buffer.byteLength, heapUsed: process.memoryUsage().heapUsed };
  for (let i = 0; i < 1000; i++) await cycle(shared);
  for (let i = 0; i < 200; i++) await cycle(transport(s.url));
  await sleep(100);
  gc();
  await sleep(10);
  gc();
  const after = { wasmBytes: wasm.memory.buffer.byteLength, heapUsed: process.memoryUsage().heapUsed };
  figures.memory = { cycles: 1200, before, after, connections: s.connections.length };
  console.log(`memory over 1,000 cycles on one transport + 200 new transports: ${JSON.stringify(figures.memory)}`);
  assert.ok(after.wasmBytes - before.wasmBytes <= 1024 * 1024, `WASM memory grew by ${after.wasmBytes - before.wasmBytes} bytes`);
  assert.ok(after.heapUsed - before.heapUsed <= 8 * 1024 * 1024, `the JS heap grew by ${after.heapUsed - before.heapUsed} bytes`);
});
