// A BIDI backend for the voice tests: one WebSocket on 127.0.0.1 and a free port. It answers a
// `message` frame with a short text turn (so the transport connects), records every frame the page
// sends, and streams `data-pcm` when the test asks. It closes itself after `lifetimeMs`.
import { WebSocketServer } from 'ws';

const chunkFrame = (chunk) => `data: ${JSON.stringify(chunk)}\n\n`;

/** 16-bit LE PCM of a sine, base64, `ms` long at `rate`. `start` is the first sample's index. */
export function sinePcm({ rate = 24000, ms, start = 0, hz = 440, amplitude = 0.3 }) {
  const n = Math.round((rate * ms) / 1000);
  const bytes = Buffer.alloc(n * 2);
  for (let i = 0; i < n; i++) {
    bytes.writeInt16LE(Math.round(amplitude * 32767 * Math.sin((2 * Math.PI * hz * (start + i)) / rate)), 2 * i);
  }
  return bytes.toString('base64');
}

export function startVoiceBackend({ lifetimeMs = 120_000, slowHandshakeMs = 1500 } = {}) {
  // A connection to /slow completes its handshake after `slowHandshakeMs`: a socket that is still
  // opening while the page acts.
  const verifyClient = (info, done) => {
    if (info.req.url.startsWith('/slow')) setTimeout(done, slowHandshakeMs, true).unref();
    else done(true);
  };
  const server = new WebSocketServer({ host: '127.0.0.1', port: 0, verifyClient });
  const frames = [];
  const sockets = new Set();
  const waiters = [];
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('message', (data) => {
      const frame = JSON.parse(String(data));
      frame.receivedAt = performance.now();
      frames.push(frame);
      for (const waiter of [...waiters]) waiter();
      if (frame.type === 'message') {
        for (const chunk of [
          { type: 'start', messageId: `m${frames.length}` },
          { type: 'text-start', id: 't' },
          { type: 'text-delta', id: 't', delta: 'Hello by text.' },
          { type: 'text-end', id: 't' },
          { type: 'finish' },
        ]) socket.send(chunkFrame(chunk));
        socket.send('data: [DONE]\n\n');
      }
    });
  });
  const broadcast = (text) => {
    for (const socket of sockets) socket.send(text);
  };
  const timer = setTimeout(() => close(), lifetimeMs);
  timer.unref();
  function close() {
    clearTimeout(timer);
    for (const socket of sockets) socket.terminate();
    return new Promise((resolve) => server.close(() => resolve()));
  }
  return new Promise((resolve, reject) => {
    server.on('error', reject);
    server.on('listening', () =>
      resolve({
        url: `ws://127.0.0.1:${server.address().port}/live`,
        slowUrl: `ws://127.0.0.1:${server.address().port}/slow`,
        frames,
        close,
        /** Resolves once a frame matching `test` arrived; rejects after `timeoutMs`. */
        waitFor(test, timeoutMs = 10_000) {
          return new Promise((resolve, reject) => {
            const check = () => {
              const found = frames.find(test);
              if (!found) return;
              waiters.splice(waiters.indexOf(check), 1);
              clearTimeout(t);
              resolve(found);
            };
            const t = setTimeout(() => {
              waiters.splice(waiters.indexOf(check), 1);
              reject(new Error(`voice backend: no matching frame within ${timeoutMs} ms; frames so far: ${frames.map((f) => f.type).join(', ')}`));
            }, timeoutMs);
            waiters.push(check);
            check();
          });
        },
        /** Resolves once `count` frames are in `frames` (which the caller may empty first);
         *  rejects after `timeoutMs`. Polls: a test per frame would cost a long burst O(n²). */
        async waitForCount(count, timeoutMs = 10_000) {
          const end = performance.now() + timeoutMs;
          while (frames.length < count) {
            if (performance.now() > end) throw new Error(`voice backend: ${frames.length} of ${count} frames within ${timeoutMs} ms`);
            await new Promise((r) => setTimeout(r, 5));
          }
        },
        /** Cuts every connection as a dying network would (no close frame); the server stays up. */
        dropSockets() {
          for (const socket of sockets) socket.terminate();
        },
        /** Sends one `data-pcm` chunk now. */
        sendPcm(content, sampleRate = 24000) {
          broadcast(chunkFrame({ type: 'data-pcm', data: { content, sampleRate, channels: 1, bitDepth: 16 } }));
        },
        /**
         * Streams a sine at real-time rate as `chunkMs` chunks until an `interrupt` frame arrives,
         * then sends `tailMs` more at once and stops: what a live backend had sent before the
         * interrupt reached it, still in flight when the page flushed its playback. Resolves with
         * the frame index of the interrupt.
         */
        async streamUntilInterrupt({ chunkMs = 40, tailMs = 200, rate = 24000, maxSeconds = 20 } = {}) {
          const since = frames.length;
          const samples = Math.round((rate * chunkMs) / 1000);
          const t0 = performance.now();
          for (let k = 0; k * chunkMs < maxSeconds * 1000; k++) {
            const at = frames.findIndex((f, i) => i >= since && f.type === 'interrupt');
            if (at >= 0) {
              for (let j = 0; j * chunkMs < tailMs; j++) this.sendPcm(sinePcm({ rate, ms: chunkMs, start: (k + j) * samples }), rate);
              return at;
            }
            this.sendPcm(sinePcm({ rate, ms: chunkMs, start: k * samples }), rate);
            const wait = t0 + (k + 1) * chunkMs - performance.now();
            if (wait > 0) await new Promise((r) => setTimeout(r, wait));
          }
          throw new Error(`voice backend: no interrupt within ${maxSeconds} s of streaming`);
        },
        /**
         * Streams `seconds` of a sine as `chunkMs` chunks at real-time rate, each sent at its due
         * time plus a pseudo-random offset within ±`jitterMs` (seeded: the same run every time;
         * the order kept). Resolves when the last chunk is sent.
         */
        async streamSine({ seconds, chunkMs = 40, jitterMs = 30, rate = 24000, seed = 7 }) {
          let s = seed;
          const random = () => ((s = (s * 1103515245 + 12345) % 2147483648) / 2147483648);
          const t0 = performance.now();
          const count = Math.round((seconds * 1000) / chunkMs);
          let last = 0;
          for (let k = 0; k < count; k++) {
            const due = Math.max(last, k * chunkMs + (random() * 2 - 1) * jitterMs);
            last = due;
            const wait = t0 + due - performance.now();
            if (wait > 0) await new Promise((r) => setTimeout(r, wait));
            const samples = Math.round((rate * chunkMs) / 1000);
            this.sendPcm(sinePcm({ rate, ms: chunkMs, start: k * samples }), rate);
          }
        },
      }),
    );
  });
}
