// The capture floor of the voice bench (run.mjs): what one 40 ms chunk costs the renderer's main
// thread, way by way, and so what any design that keeps the socket on the main thread costs at least.

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** The ways of the floor table, as results.md names them. */
export const FLOOR_WAYS = {
  before: 'the voice before: base64 in an object, then the public sendAudioChunk (check, frame built on the main thread)',
  after: 'the voice now: the worklet\'s finished frame as a bare string (every third with the level), through the transport\'s audio path',
  'floor: string + send': 'floor: a bare string of the frame\'s size, then WebSocket.send',
  'floor: string, no send': 'the message alone, nothing sent',
  'object + send': 'the frame in an object {chunk, level}, then WebSocket.send',
  'bytes transferred + decode + send': 'the frame as UTF-8 bytes, transferred, decoded (TextDecoder), then WebSocket.send',
  'socket in a worker (prototype)': 'the socket off the main thread: the worker sends on a WebSocket of its own; the main thread gets nothing',
  "the voice with socket: 'worker'": "the voice with the transport's `socket: 'worker'`: each frame posted to the socket worker's port (the transport's audio path), the level alone (every third) to the main thread's voice",
};

/**
 * Capture's main thread, way by way, in one page and interleaved: what one 40 ms chunk costs the
 * main thread as a message from another thread (a worker stands in for the audio thread) and a
 * WebSocket frame, in ms of CPU per second of audio (25 chunks). The ways: the voice before (base64
 * posted in an object, then the public sendAudioChunk: its check and the frame built on the main
 * thread), the voice now (the worklet's finished frame, a bare string, through the transport's
 * audio path), and the floor under any design that keeps the socket on the main thread: a bare
 * string message of the frame's size and WebSocket.send of it on a socket of its own; with the
 * message alone, the frame in an object, and the frame as UTF-8 bytes transferred and decoded.
 * Burst: `seconds` of audio's messages back to back; paced: one every 40 ms for
 * `pacedSeconds`, less an idle run of the same length. Both /proc methods.
 */
export async function captureFloor({ seconds, pacedSeconds, rounds, openPage, backend, processMs, threadMs, only = null }) {
  const { page, context } = await openPage('voice', { vadThreshold: 0 });
  await page.evaluate(() => window.audio.start());
  await page.evaluate(async (url) => {
    const port = window.audio.nodes.capture.port;
    const voice = port.onmessage;
    port.onmessage = null; // the real microphone's chunks are not counted
    const transport = window.transport;
    const raw = new WebSocket(url);
    await new Promise((resolve) => (raw.onopen = resolve));
    const b64 = btoa(String.fromCharCode(...new Uint8Array(1280).map((_, i) => (i * 37) & 255)));
    const parts = transport[Symbol.for('adk-stream-wasm.audioPath')]({}).parts;
    // The package's own design: a second transport whose socket is in its worker, and the port its
    // audio path gives the worklet.
    const { BidiTransport } = await import('/pkg/transport.js');
    const inWorker = new BidiTransport({ url, pingIntervalMs: 0, socket: 'worker' });
    await inWorker.connect();
    if (inWorker.socket !== 'worker') throw new Error('the socket worker did not start');
    const socket = inWorker[Symbol.for('adk-stream-wasm.audioPath')]({}).port(() => {});
    const source = `let b64, parts, ws, out; const utf8 = new TextEncoder();
      const frame = () => parts[0] + Date.now() + parts[1] + b64 + parts[2];
      const message = (shape, i) => {
        if (shape === 'before') return { chunk: b64, at: Date.now(), level: 0.1 };
        if (shape === 'after') return i % 3 === 2 ? { chunk: frame(), level: 0.1 } : frame();
        if (shape === 'object') return { chunk: frame(), level: 0.1 };
        if (shape === 'bytes') return utf8.encode(frame());
        return frame();
      };
      const post = (shape, i) => {
        if (shape === 'socket') return ws.send(frame());
        if (shape === 'direct') {
          out.postMessage(frame());
          if (i % 3 === 2) postMessage({ level: 0.1 });
          return;
        }
        const m = message(shape, i);
        if (shape === 'bytes') postMessage(m, [m.buffer]); else postMessage(m);
      };
      onmessage = ({ data }) => {
        if (data.b64) {
          ({ b64, parts, socket: out } = data);
          ws = new WebSocket(data.url);
          ws.onopen = () => postMessage(null);
          return;
        }
        const { shape, n, everyMs } = data;
        if (!everyMs) { for (let i = 0; i < n; i++) post(shape, i); return postMessage(null); }
        let i = 0;
        const timer = setInterval(() => { post(shape, i); if (++i === n) { clearInterval(timer); postMessage(null); } }, everyMs);
      };`;
    const worker = new Worker(URL.createObjectURL(new Blob([source], { type: 'text/javascript' })));
    await new Promise((resolve) => {
      worker.onmessage = resolve;
      worker.postMessage({ b64, parts, url, socket }, [socket]);
    });
    const decoder = new TextDecoder();
    let peak = 0, chunks = 0;
    const ways = {
      before: ['before', (event) => {
        transport.sendAudioChunk({ chunk: event.data.chunk, sampleRate: 16000, channels: 1, bitDepth: 16 });
        peak = Math.max(peak, event.data.level);
        if (++chunks % 3 === 0) peak = 0;
      }],
      after: ['after', (event) => voice.call(port, event)],
      'floor: string + send': ['string', (event) => raw.send(event.data)],
      'floor: string, no send': ['string', () => {}],
      'object + send': ['object', (event) => raw.send(event.data.chunk)],
      'bytes transferred + decode + send': ['bytes', (event) => raw.send(decoder.decode(event.data))],
      // The design the floor points to: the socket off the main thread (the worker sends on its own).
      'socket in a worker (prototype)': ['socket', () => {}],
      "the voice with socket: 'worker'": ['direct', (event) => voice.call(port, event)],
    };
    window.floor = {
      names: Object.keys(ways),
      run: (name, n, everyMs) => new Promise((resolve) => {
        const [shape, handle] = ways[name];
        worker.onmessage = (event) => (event.data === null ? resolve() : handle(event));
        worker.postMessage({ shape, n, everyMs });
      }),
    };
    for (const name of window.floor.names) await window.floor.run(name, 250); // warm-up
  }, backend.url);
  const names = (await page.evaluate(() => window.floor.names)).filter((n) => !only || only.includes(n));
  const burst = Object.fromEntries(names.map((n) => [n, []]));
  const paced = Object.fromEntries([...names, 'idle'].map((n) => [n, []]));
  const cpu = () => [processMs(), threadMs()];
  const per = (before, after, seconds) => [(after[0] - before[0]) / seconds, (after[1] - before[1]) / seconds];
  // A worker's socket sends on its own thread: a run ends when the backend has every frame (the
  // process method counts that thread; waiting here costs the renderer nothing).
  const delivered = (name, n) => (name === 'floor: string, no send' ? null : backend.waitForCount(n, 60_000));
  for (let round = 0; round < rounds; round++) {
    for (const name of names) {
      backend.frames.length = 0;
      const before = cpu();
      await page.evaluate(([name, n]) => window.floor.run(name, n), [name, seconds * 25]);
      await delivered(name, seconds * 25);
      burst[name].push(per(before, cpu(), seconds));
    }
    for (const name of [...names, 'idle']) {
      backend.frames.length = 0;
      const before = cpu();
      if (name === 'idle') await sleep(pacedSeconds * 1000);
      else {
        await page.evaluate(([name, n]) => window.floor.run(name, n, 40), [name, pacedSeconds * 25]);
        await delivered(name, pacedSeconds * 25);
      }
      paced[name].push(per(before, cpu(), pacedSeconds));
    }
  }
  await page.evaluate(() => window.audio.stop());
  await context.close();
  // The least of the rounds (preemption only ever adds), each method on its own; paced less idle.
  const least = (list, i) => Math.min(...list.map((x) => x[i]));
  const out = { seconds, pacedSeconds, rounds, ways: {} };
  for (const name of names) {
    out.ways[name] = {
      burstProcess: least(burst[name], 0), burstThread: least(burst[name], 1),
      pacedThread: Math.max(0, least(paced[name], 1) - least(paced.idle, 1)),
      pacedProcess: Math.max(0, least(paced[name], 0) - least(paced.idle, 0)),
    };
  }
  out.idleThread = least(paced.idle, 1);
  out.raw = { burst, paced };
  return out;
}
