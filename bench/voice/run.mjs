// The voice's budgets (issue 26), measured in headless Chromium with a fake microphone, side by side
// with the usual way (usual.js): size, main-thread work per second of audio each way, microphone to
// socket, underruns with jittered playback, memory over a long talk, and the Rust-vs-JS A/B of the
// worklet's conversion. Prints a Markdown report and writes bench/voice/results.md.
//
//   node bench/voice/run.mjs [--pkg=DIR] [--quick]
//   node bench/voice/run.mjs --only=floor [--ways=NAME,NAME] [--quick]   (the floor table alone)
//   node bench/voice/run.mjs --only=main [--quick]                       (the budget's loop alone)
//   node bench/voice/run.mjs --only=memory --memory-minutes=10 [--ways=voice-worker]
//     (the memory runs alone, for the ways named (default: the voice both ways); merged into
//     results.json, and results.md written again from it)
//   node bench/voice/run.mjs --only=report                               (results.md from results.json)
//
// Needs the built package (pkg/, or --pkg), espeak-ng, sox, cargo with wasm32-unknown-unknown.
// --quick: short runs, to try the bench (numbers not for the report).
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';
import { chromium } from 'playwright-core';
import { startServer } from '../../tests/browser/server.mjs';
import { startVoiceBackend, sinePcm } from '../../tests/browser/voice-backend.mjs';
import { CHROMIUM, CHROMIUM_FLAGS } from '../../tests/support/chromium.mjs';
import { FLOOR_WAYS, captureFloor } from './floor.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const root = resolve(here, '../..');
const args = Object.fromEntries(process.argv.slice(2).map((a) => a.replace(/^--/, '').split('=')).map(([k, v = 'true']) => [k, v]));
const pkgDir = resolve(args.pkg || join(root, 'pkg'));
const QUICK = args.quick === 'true';
// Scaled runs: the 60 s of playback is run in full; its 10 minutes of talking is run for
// MEMORY_MINUTES (a factor of 10 / MEMORY_MINUTES less), sampled every 10 s.
const MAIN_SECONDS = QUICK ? 3 : 10;
const UNDERRUN_SECONDS = QUICK ? 5 : 60;
const MEMORY_MINUTES = Number(args['memory-minutes'] || (QUICK ? 0.5 : 2));
// The capture floor (captureFloor): seconds of audio per burst, per paced run, and rounds.
const FLOOR = QUICK ? { seconds: 60, pacedSeconds: 5, rounds: 1 } : { seconds: 300, pacedSeconds: 20, rounds: 3 };
const results = {};

const gz = (text) => gzipSync(Buffer.from(text), { level: 9 }).length;

async function bundle(code, external = []) {
  const out = await build({
    stdin: { contents: code, resolveDir: pkgDir, loader: 'js' },
    bundle: true, minify: true, format: 'esm', write: false, external, logLevel: 'silent',
  });
  return out.outputFiles[0].text;
}

// ---- size ----------------------------------------------------------------------------------------
async function size() {
  const voice = await bundle(`import { createVoice } from './voice.js'; globalThis.v = createVoice;`);
  const hook = await bundle(`import { useAdkVoice } from './voice-react.js'; globalThis.v = useAdkVoice;`, ['react']);
  const worklet = (await build({ entryPoints: [join(pkgDir, 'voice-worklet.js')], minify: true, write: false, format: 'esm' })).outputFiles[0].text;
  // What a text-only app pays for voice: nothing of it may be in these bundles.
  const apps = {
    'BIDI transport': await bundle(`import { BidiTransport } from './transport.js'; globalThis.t = BidiTransport;`),
    'useAdkChat (react)': await bundle(`import { useAdkChat } from './react.js'; globalThis.u = useAdkChat;`, ['react', '@ai-sdk/react', 'ai']),
    'package root': await bundle(`import * as all from './index.js'; globalThis.a = all;`),
  };
  const leaks = Object.entries(apps).filter(([, text]) => /adk-voice|voice-worklet/.test(text)).map(([name]) => name);
  results.size = { voice: gz(voice), hook: gz(hook), worklet: gz(worklet), total: gz(voice) + gz(worklet), reactTotal: gz(hook) + gz(worklet), leaks };
}

// ---- the browser, pages --------------------------------------------------------------------------
let dir, server, backend, browser;
async function setup() {
  dir = mkdtempSync(join(tmpdir(), 'adk-voice-bench-'));
  execFileSync('espeak-ng', ['-w', join(dir, 's.wav'), 'The quick brown fox jumps over the lazy dog near the river bank. Please book a table for two at seven.']);
  execFileSync('sox', [join(dir, 's.wav'), '-r', '48000', '-c', '1', '-b', '16', join(dir, 'mic.wav'), 'vol', '0.5']);
  server = await startServer({ pkgDir, pagePath: join(root, 'tests/browser/voice.html'), supportDir: here, lifetimeMs: 60 * 60_000 });
  backend = await startVoiceBackend({ lifetimeMs: 60 * 60_000 });
  browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: [...CHROMIUM_FLAGS, '--use-fake-device-for-media-stream', `--use-file-for-fake-audio-capture=${join(dir, 'mic.wav')}`, '--autoplay-policy=no-user-gesture-required', '--js-flags=--expose-gc'],
  });
}

/** A page with a connected BidiTransport and `window.audio` = the voice or the usual way; kind
 *  'voice-worker' is the voice with the transport's `socket: 'worker'`. */
async function openPage(kind, options = {}) {
  const context = await browser.newContext();
  await context.grantPermissions(['microphone'], { origin: server.origin });
  const page = await context.newPage();
  await page.goto(`${server.origin}/`);
  await page.evaluate(async ([kind, url, options]) => {
    const { BidiTransport } = await import('/pkg/transport.js');
    let audio;
    const transport = new BidiTransport({ url, pingIntervalMs: 0, onAudio: (a) => audio.onAudio(a), socket: kind === 'voice-worker' ? 'worker' : 'main' });
    window.transport = transport;
    const stream = await transport.sendMessages({ chatId: 'b', trigger: 'submit-message', messageId: undefined, abortSignal: undefined, messages: [{ id: 'u', role: 'user', parts: [{ type: 'text', text: 'hi' }] }] });
    for (const reader = stream.getReader(); !(await reader.read()).done;);
    if (kind.startsWith('voice')) {
      if (transport.socket !== (kind === 'voice-worker' ? 'worker' : 'main')) throw new Error(`the socket is on the ${transport.socket} thread`);
      const { createVoice } = await import('/pkg/voice.js');
      audio = createVoice(transport, options);
    } else {
      const { createUsual } = await import('/support/usual.js');
      audio = await createUsual(transport, { postPerQuantum: kind === 'usual' });
    }
    // The work each way adds on the main thread: its handlers, timed (the transport's own frame
    // parsing and sending is the same both ways and is in the task totals).
    window.spent = { capture: 0, playback: 0, calls: 0, max: 0 };
    const onAudio = audio.onAudio;
    audio.onAudio = (a) => {
      const t = performance.now();
      onAudio(a);
      window.spent.playback += performance.now() - t;
    };
    const start = audio.start;
    audio.start = async () => {
      await start();
      const port = audio.nodes.capture.port;
      const handler = port.onmessage;
      port.onmessage = (event) => {
        const t = performance.now();
        handler.call(port, event);
        const d = performance.now() - t;
        window.spent.capture += d;
        window.spent.calls++;
        window.spent.max = Math.max(window.spent.max, d);
      };
    };
    window.audio = audio;
  }, [kind, backend.url, options]);
  const cdp = await context.newCDPSession(page);
  await cdp.send('Performance.enable');
  return { page, context, cdp };
}

async function taskMs(cdp) {
  const { metrics } = await cdp.send('Performance.getMetrics');
  return metrics.find((m) => m.name === 'TaskDuration').value * 1000;
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/**
 * Main-thread CPU per second of audio, measured in a loop so that the 2-core machine's preemption
 * (audio thread, fake devices, the backend) is not counted as work: each way's own main-thread
 * handler gets what it receives for `seconds` of audio (the voice: one 40 ms chunk message, or one
 * data-pcm chunk; the usual way: one 128-sample quantum per message at the context's rate, or the
 * same data-pcm chunk), through the real, connected transport; capture messages come from a worker
 * thread, so their dispatch is counted. CPU time of the renderer's main thread, from /proc.
 */
async function mainThreadLoop(kind, seconds = QUICK ? 100 : 300) {
  const { page, context } = await openPage(kind, { vadThreshold: 0 });
  await page.evaluate(() => window.audio.start());
  await page.evaluate(async ([kind]) => {
    const audio = window.audio;
    const ctx = audio.nodes.context;
    const port = audio.nodes.capture.port;
    const handler = port.onmessage;
    port.onmessage = null; // the real microphone's chunks are not counted
    // ... nor sent (the voice's worklet drops them; with the socket in the worker they would go there).
    if (kind.startsWith('voice')) port.postMessage({ muted: true });
    const bytes = new Uint8Array(1280).map((_, i) => (i * 37) & 255);
    const b64 = btoa(String.fromCharCode(...bytes));
    const pcm24 = btoa(String.fromCharCode(...new Uint8Array(1920).map((_, i) => (i * 13) & 255)));
    const quantum = new Float32Array(128).map((_, i) => Math.sin(i / 7) * 0.3);
    const perSecond = kind.startsWith('voice') ? 25 : Math.round(ctx.sampleRate / 128);
    // Capture messages come from another thread, as from the audio thread: a worker posts what the
    // worklet posts (serialized there), and the main thread pays the dispatch and the handler.
    // The voice's worklet posts each finished frame as a string, every third with the level; with
    // the socket in the worker ('voice-worker') it posts each frame to the socket worker's port (the
    // transport's audio path gives it, as to the worklet) and the level alone to the main thread.
    const path = kind.startsWith('voice') ? window.transport[Symbol.for('adk-stream-wasm.audioPath')]({}) : null;
    const parts = path ? path.parts : null;
    const source = `let out = null;
      onmessage = ({ data: { kind, n, b64, parts, socket } }) => {
      if (socket) return void (out = socket);
      const quantum = new Float32Array(128).map((_, i) => Math.sin(i / 7) * 0.3);
      for (let i = 0; i < n; i++) {
        if (!kind.startsWith('voice')) { postMessage(quantum); continue; }
        const frame = parts[0] + Date.now() + parts[1] + b64 + parts[2];
        if (out) { out.postMessage(frame); if (i % 3 === 2) postMessage({ level: 0.1 }); continue; }
        postMessage(i % 3 === 2 ? { chunk: frame, level: 0.1 } : frame);
      }
      postMessage(null);
    };`;
    const worker = new Worker(URL.createObjectURL(new Blob([source], { type: 'text/javascript' })));
    if (kind === 'voice-worker') {
      const socket = path.port(() => {});
      worker.postMessage({ socket }, [socket]);
    }
    const capture = (n) => new Promise((resolve) => {
      worker.onmessage = (event) => (event.data === null ? resolve() : handler.call(port, event));
      worker.postMessage({ kind, n, b64, parts });
    });
    const output = audio.nodes.output.port;
    const play = (n) => {
      for (let i = 0; i < n; i++) {
        audio.onAudio({ content: pcm24, sampleRate: 24000, channels: 1, bitDepth: 16 });
        // Keeps the player's queue short: a long loop would otherwise queue minutes of audio.
        if (i % 250 === 249) output.postMessage('flush');
      }
    };
    window.loop = { capture: (s) => capture(perSecond * s), play: (s) => play(25 * s), restore: () => void (port.onmessage = handler) };
    await capture(perSecond * 5); // warm-up
    play(25 * 5);
  }, [kind]);
  await sleep(300);
  // The renderer's main thread CPU across one synchronous loop (the evaluate's own cost is in it: small).
  const measure = async (what) => {
    backend.frames.length = 0;
    const before = rendererMainCpuMs(), thread = rendererMainThreadMs();
    await page.evaluate(([what, seconds]) => window.loop[what](seconds), [what, seconds]);
    // The socket worker sends on its own thread: the loop ends when the backend has every frame
    // (the process method counts the worker's CPU; waiting here costs the renderer nothing).
    if (what === 'capture' && kind === 'voice-worker') await backend.waitForCount(25 * seconds, 60_000);
    return [(rendererMainCpuMs() - before) / seconds, (rendererMainThreadMs() - thread) / seconds];
  };
  const [capture, captureThread] = await measure('capture');
  const [playback, playbackThread] = await measure('play');
  const out = { capture, playback, captureThread, playbackThread };
  await page.evaluate(() => window.loop.restore());
  await page.evaluate(() => window.audio.stop());
  await context.close();
  return out;
}

/** Main-thread work per second of audio, live: the handlers' time, and every
 *  main-thread task (CDP TaskDuration, transport and message dispatch included) less an idle run. */
async function mainThread(kind) {
  const out = {};
  const spent = (page) => page.evaluate(() => ({ ...window.spent }));
  // Capture.
  {
    const { page, context, cdp } = await openPage(kind, { vadThreshold: 0 });
    let t0 = await taskMs(cdp);
    await sleep(MAIN_SECONDS * 1000);
    const idle = (await taskMs(cdp)) - t0;
    await page.evaluate(() => window.audio.start());
    await sleep(1000);
    const s0 = await spent(page);
    t0 = await taskMs(cdp);
    await sleep(MAIN_SECONDS * 1000);
    const busy = (await taskMs(cdp)) - t0;
    const s1 = await spent(page);
    await page.evaluate(() => window.audio.stop());
    out.capture = (s1.capture - s0.capture) / MAIN_SECONDS;
    out.captureCalls = s1.calls - s0.calls;
    out.captureMaxMs = s1.max;
    out.captureTasks = Math.max(0, busy - idle) / MAIN_SECONDS;
    await context.close();
  }
  // Playback: 24 kHz, 40 ms chunks at real-time rate.
  {
    const { page, context, cdp } = await openPage(kind, { vadThreshold: 0 });
    let t0 = await taskMs(cdp);
    await sleep(MAIN_SECONDS * 1000);
    const idle = (await taskMs(cdp)) - t0;
    backend.sendPcm(sinePcm({ ms: 40, amplitude: 0 }));
    await sleep(1000);
    const s0 = await spent(page);
    t0 = await taskMs(cdp);
    await backend.streamSine({ seconds: MAIN_SECONDS, jitterMs: 0 });
    const busy = (await taskMs(cdp)) - t0;
    const s1 = await spent(page);
    out.playback = (s1.playback - s0.playback) / MAIN_SECONDS;
    out.playbackTasks = Math.max(0, busy - idle) / MAIN_SECONDS;
    await context.close();
  }
  return out;
}

/** From the worklet completing a chunk (its last sample processed: the frame's timestamp) to
 *  socket.send(), in ms (p50, p99, max; Date.now() on both sides, so 1 ms resolution). The chunk's
 *  own 40 ms come before. With the socket in the worker ('voice-worker'), whose send the page cannot
 *  watch, and for the main thread's socket as well: to the backend's receipt (the wall clock of this
 *  process, the same machine; loopback and the backend's own event loop included). */
async function micToSocket(kind) {
  const { page, context } = await openPage(kind, { vadThreshold: 0 });
  const since = backend.frames.length;
  const delays = await page.evaluate(async (seconds) => {
    const delays = [];
    const send = WebSocket.prototype.send;
    // The frame's timestamp is the worklet's Date.now() when the chunk was complete.
    const head = '{"type":"audio_chunk","version":"1.0","timestamp":';
    WebSocket.prototype.send = function (data) {
      if (typeof data === 'string' && data.startsWith(head)) delays.push(Date.now() - Number(data.slice(head.length, data.indexOf(',', head.length))));
      return send.call(this, data);
    };
    await window.audio.start();
    await new Promise((r) => setTimeout(r, seconds * 1000));
    window.audio.stop();
    return delays.slice(5);
  }, MAIN_SECONDS);
  await backend.waitFor((f, i) => i >= since && f.type === 'audio_control' && f.action === 'stop');
  await context.close();
  const received = backend.frames.slice(since).filter((f) => f.type === 'audio_chunk').map((f) => performance.timeOrigin + f.receivedAt - f.timestamp).slice(5);
  const quantiles = (list) => {
    list.sort((a, b) => a - b);
    const at = (q) => list[Math.min(list.length - 1, Math.floor(q * list.length))];
    return { chunkMs: 40, p50: at(0.5), p99: at(0.99), max: list.at(-1), n: list.length };
  };
  results.latency ??= {};
  results.latency[kind] = { send: delays.length ? quantiles(delays) : null, backend: quantiles(received) };
}

async function underruns(kind) {
  const { page, context } = await openPage(kind, { vadThreshold: 0 });
  await page.evaluate(() => { window.drained = 0; window.audio.subscribe((e) => { if (e.type === 'drained') window.drained++; }); });
  await backend.streamSine({ seconds: UNDERRUN_SECONDS, jitterMs: 30, seed: 11 });
  await sleep(1000);
  const r = await page.evaluate(() => ({ underruns: window.audio.snapshot.underruns, drained: window.drained }));
  await context.close();
  results.underruns ??= {};
  results.underruns[kind] = { seconds: UNDERRUN_SECONDS, ...r };
}

/** Resident memory of this browser's renderer processes, in KB (Linux /proc): the browser is the
 *  process whose command line names this run's fake microphone; renderers descend from it. */
function rendererRssKb() {
  const procs = new Map();
  for (const pid of readdirSync('/proc').filter((p) => /^\d+$/.test(p))) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      procs.set(pid, { ppid: stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1], cmd: readFileSync(`/proc/${pid}/cmdline`, 'utf8'), status: readFileSync(`/proc/${pid}/status`, 'utf8') });
    } catch {
      // the process ended
    }
  }
  const browserPid = [...procs].find(([, p]) => p.cmd.includes(dir) && !p.cmd.includes('--type='))?.[0];
  const descends = (pid) => {
    for (let p = procs.get(pid); p; p = procs.get(p.ppid)) if (p.ppid === browserPid) return true;
    return false;
  };
  let total = 0;
  for (const [pid, p] of procs) if (p.cmd.includes('--type=renderer') && descends(pid)) total += Number(/VmRSS:\s+(\d+)/.exec(p.status)[1]);
  return total;
}

/** The pids of this browser's renderer processes (Linux /proc). */
function rendererPids() {
  const procs = new Map();
  for (const pid of readdirSync('/proc').filter((p) => /^\d+$/.test(p))) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      procs.set(pid, { ppid: stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1], cmd: readFileSync(`/proc/${pid}/cmdline`, 'utf8') });
    } catch {
      // the process ended
    }
  }
  const browserPid = [...procs].find(([, p]) => p.cmd.includes(dir) && !p.cmd.includes('--type='))?.[0];
  const pids = [];
  for (const [pid, p] of procs) {
    if (!p.cmd.includes('--type=renderer')) continue;
    for (let q = p; q; q = procs.get(q.ppid)) if (q.ppid === browserPid) { pids.push(pid); break; }
  }
  return pids;
}

const readOr = (path, fallback) => {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return fallback; // the process ended
  }
};

/** CPU time (user + system, ms; 10 ms ticks) of this browser's renderer processes, all their
 *  threads (/proc/<pid>/stat): the budget's figure until the socket could leave the main thread;
 *  shown beside it since (rendererMainThreadMs is the budget's: main-thread work). */
function rendererMainCpuMs() {
  let total = 0;
  for (const pid of rendererPids()) {
    const stat = readOr(`/proc/${pid}/stat`, '');
    if (!stat) continue;
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    total += (Number(fields[11]) + Number(fields[12])) * 10;
  }
  return total;
}

/** CPU time (ms) of the renderers' main threads alone (the thread whose id is the process's), from
 *  /proc/<pid>/task/<pid>/schedstat: nanoseconds, no ticks, and no other thread of the renderer
 *  (the audio thread, the worker that stands in for it, the compositor). */
function rendererMainThreadMs() {
  let total = 0;
  for (const pid of rendererPids()) total += Number(readOr(`/proc/${pid}/task/${pid}/schedstat`, '0').split(' ')[0]) / 1e6;
  return total;
}

/** Talking and listening at once for MEMORY_MINUTES: JS heap after GC, and the renderer's RSS. */
async function memory(kind) {
  const { page, context, cdp } = await openPage(kind, { vadThreshold: 0 });
  await page.evaluate(() => window.audio.start());
  const samples = [];
  const end = Date.now() + MEMORY_MINUTES * 60_000;
  const streaming = (async () => {
    while (Date.now() < end) await backend.streamSine({ seconds: 10, jitterMs: 30 });
  })();
  while (Date.now() < end) {
    await sleep(10_000);
    await cdp.send('HeapProfiler.collectGarbage');
    const { usedSize } = await cdp.send('Runtime.getHeapUsage');
    samples.push({ heapKb: usedSize / 1024, rssKb: rendererRssKb() });
  }
  await streaming;
  await context.close();
  const first = samples[1] ?? samples[0], last = samples.at(-1);
  results.memory ??= {};
  results.memory[kind] = { minutes: MEMORY_MINUTES, samples: samples.length, heapKb: [first.heapKb, last.heapKb], rssKb: [first.rssKb, last.rssKb], heapMaxKb: Math.max(...samples.map((s) => s.heapKb)) };
}

/** Rust (WebAssembly in the worklet) against plain JS in the worklet: CPU per second of audio. */
async function rustVsJs() {
  const crate = join(here, 'dsp');
  const build = (flags) => {
    execFileSync('cargo', ['build', '--release', '--target', 'wasm32-unknown-unknown', '--target-dir', join(dir, 'target' + flags.length)], { cwd: crate, stdio: 'ignore', env: { ...process.env, RUSTFLAGS: flags } });
    const wasm = join(dir, 'target' + flags.length, 'wasm32-unknown-unknown/release/voice_dsp.wasm');
    const opt = join(dir, `dsp${flags.length}.wasm`);
    execFileSync(join(root, 'node_modules/.bin/wasm-opt'), ['-O3', '--enable-simd', '--enable-bulk-memory', '--enable-nontrapping-float-to-int', '--enable-sign-ext', '--enable-mutable-globals', wasm, '-o', opt]);
    return readFileSync(opt);
  };
  const variants = { scalar: build(''), simd128: build('-C target-feature=+simd128') };
  const workletText = readFileSync(join(pkgDir, 'voice-worklet.js'), 'utf8').replace(/registerProcessor\('adk-voice-[a-z]+', \w+\);/g, '') + readFileSync(join(here, 'ab-worklet.js'), 'utf8');
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(`${server.origin}/`);
  const rounds = QUICK ? 2 : 7;
  const seconds = QUICK ? 20 : 120;
  const out = {};
  for (const [name, bytes] of Object.entries(variants)) {
    const runs = await page.evaluate(async ([text, bytes, rounds, seconds]) => {
      const ctx = new AudioContext();
      await ctx.audioWorklet.addModule(URL.createObjectURL(new Blob([text], { type: 'text/javascript' })));
      const module = await WebAssembly.compile(new Uint8Array(bytes));
      const node = new AudioWorkletNode(ctx, 'voice-ab', { numberOfInputs: 0, processorOptions: { module } });
      const runs = [];
      for (let i = 0; i < rounds; i++) {
        runs.push(await new Promise((resolve) => {
          node.port.onmessage = ({ data }) => resolve(data);
          node.port.postMessage({ seconds, inRate: 48000, outRate: 16000 });
        }));
      }
      await ctx.close();
      return runs;
    }, [workletText, [...bytes], rounds, seconds]);
    const median = (k) => runs.map((r) => r[k]).sort((a, b) => a - b)[Math.floor(runs.length / 2)];
    const agree = runs.every((r) => Math.abs(r.jsSum - r.wasmSum) <= Math.abs(r.jsSum) * 1e-3 + 1000);
    out[name] = { jsMsPerSec: median('jsMs') / seconds, wasmMsPerSec: median('wasmMs') / seconds, wasmBytes: bytes.length, wasmGzip: gzipSync(bytes, { level: 9 }).length, agree, clock: runs[0].clock };
  }
  await context.close();
  // What the JS resampler costs in the worklet's bytes: the class, minified and gzipped alone.
  const src = readFileSync(join(pkgDir, 'voice-worklet.js'), 'utf8');
  const cls = src.slice(src.indexOf('class Resampler'), src.indexOf('function toBase64'));
  const jsClass = (await (await import('esbuild')).transform(cls, { minify: true })).code;
  results.rustVsJs = { ...out, jsResamplerGzip: gz(jsClass), seconds, rounds };
}

/** What captureFloor (floor.mjs) needs of this run: its page, its backend, the two CPU clocks. */
const floorContext = () => ({ ...FLOOR, openPage, backend, processMs: rendererMainCpuMs, threadMs: rendererMainThreadMs, only: args.ways ? args.ways.split(',') : null });

function report() {
  const r = results;
  const fl = r.floor.ways;
  const f = (x, d = 2) => (typeof x === 'number' ? x.toFixed(d) : String(x));
  const v = r.main.voice, u = r.main.usual, w = r.main['voice-worker'];
  const lat = r.latency.voice.send, latW = r.latency['voice-worker'].backend, latB = r.latency.voice.backend;
  const uv = r.underruns.voice, uw = r.underruns['voice-worker'];
  const mem = (m) => `JS heap after GC ${f(m.heapKb[0], 0)} → ${f(m.heapKb[1], 0)} KB, renderer RSS ${f(m.rssKb[0] / 1024, 1)} → ${f(m.rssKb[1] / 1024, 1)} MB`;
  const flat = (m) => m.heapKb[1] < 1.1 * m.heapKb[0] && m.rssKb[1] < 1.1 * m.rssKb[0];
  const lines = [
    '| budget (issue 26) | goal | measured | met |',
    '|---|---|---|---|',
    `| voice entry, gzip, worklet included | ≤ 6 KB | ${f(r.size.total / 1024)} KB (voice.js ${r.size.voice} B + worklet ${r.size.worklet} B; with the React hook ${f(r.size.reactTotal / 1024)} KB) | ${r.size.total <= 6144 ? 'yes' : 'NO'} |`,
    `| a text-only app pays nothing | 0 B | voice code found in: ${r.size.leaks.length ? r.size.leaks.join(', ') : 'none of the transport, useAdkChat, package root bundles'} | ${r.size.leaks.length ? 'NO' : 'yes'} |`,
    `| main thread, capture, CPU per second of audio, the transport's \`socket: 'worker'\` | ≤ 0.5 ms and ≤ half the usual way | ${f(w.captureThread, 3)} ms (usual way ${f(u.captureThread, 3)} ms: ${f(w.captureThread / u.captureThread)}x); the whole renderer process, the socket worker's sending included: ${f(w.capture, 3)} ms (usual ${f(u.capture, 3)}) | ${w.captureThread <= 0.5 && w.captureThread <= u.captureThread / 2 ? 'yes' : 'NO'} |`,
    `| (the same, the socket on the main thread: the default) | | ${f(v.captureThread, 3)} ms (${f(v.captureThread / u.captureThread)}x the usual way); the process ${f(v.capture, 3)} ms; the floor of any main-thread socket ${f(fl["floor: string + send"].burstThread, 3)} ms (process ${f(fl['floor: string + send'].burstProcess, 3)}): the floor table below | |`,
    `| main thread, playback, CPU per second of audio | ≤ 0.5 ms and ≤ half the usual way | ${f(v.playbackThread, 3)} ms (usual way ${f(u.playbackThread, 3)} ms: ${f(v.playbackThread / u.playbackThread)}x); \`socket: 'worker'\` ${f(w.playbackThread, 3)} ms; the whole renderer process ${f(v.playback, 3)} ms (worker ${f(w.playback, 3)}, usual ${f(u.playback, 3)}) | ${Math.max(v.playbackThread, w.playbackThread) <= 0.5 && Math.max(v.playbackThread, w.playbackThread) <= u.playbackThread / 2 ? 'yes' : 'NO'} |`,
    `| (for reference) a careful plain-JS player, one message per chunk | | playback ${f(r.main.careful.playback, 2)} ms/s: the voice is ${f(v.playback / r.main.careful.playback)}x of it | |`,
    `| microphone to socket | ≤ chunk + 5 ms = 45 ms | main-thread socket: 40 ms + ${f(lat.p50, 0)} ms p50, ${f(lat.p99, 0)} ms p99, ${f(lat.max, 0)} ms max (${lat.n} chunks; worklet's chunk complete → socket.send); \`socket: 'worker'\`: 40 ms + ${f(latW.p50, 0)} ms p50, ${f(latW.p99, 0)} ms p99, ${f(latW.max, 0)} ms max (${latW.n} chunks; → the backend's receipt, which the main-thread socket takes ${f(latB.p50, 0)} / ${f(latB.p99, 0)} / ${f(latB.max, 0)} ms to) | ${lat.p99 <= 5 && latW.p99 <= 5 ? 'yes' : 'NO'} |`,
    `| underruns, ${uv.seconds} s of playback with ±30 ms jitter | 0 | ${uv.underruns} (drained ${uv.drained}x: the end); \`socket: 'worker'\` ${uw.underruns} (drained ${uw.drained}x) | ${uv.underruns === 0 && uw.underruns === 0 ? 'yes' : 'NO'} |`,
    `| memory while talking and listening (${r.memory.voice.minutes} min${r.memory.voice.minutes < 10 ? ', scaled from 10' : ''}) | flat | ${mem(r.memory.voice)}; \`socket: 'worker'\`: ${mem(r.memory['voice-worker'])} (usual way: ${mem(r.memory.usual)}); flat = each grows < 10 % | ${flat(r.memory.voice) && flat(r.memory['voice-worker']) ? 'yes' : 'NO'} |`,
    '',
    `Capture's floor: what one 40 ms chunk costs the main thread, way by way in one page, interleaved (least of ${r.floor.rounds} rounds), ms of CPU per second of audio. Burst: ${r.floor.seconds} s of audio's messages back to back (the budget's loop); paced: one every 40 ms for ${r.floor.pacedSeconds} s, less an idle run (the main thread idle: ${f(r.floor.idleThread, 3)} ms/s), so each chunk also pays for waking the thread. "Main thread" is /proc/<pid>/task/<pid>/schedstat (ns: the budget's figure, main-thread work); "process" is /proc/<pid>/stat (every thread of the renderer, the audio thread and the socket worker included, 10 ms ticks), shown beside it.`,
    '',
    '| way (per chunk: a message from another thread, then a frame on the socket) | burst, process | burst, main thread | paced, main thread | paced, process |',
    '|---|---|---|---|---|',
    ...Object.entries(r.floor.ways).map(([name, w]) => `| ${FLOOR_WAYS[name] || name} | ${f(w.burstProcess, 3)} | ${f(w.burstThread, 3)} | ${f(w.pacedThread, 3)} | ${f(w.pacedProcess, 3)} |`),
    '',
    `Main thread, live (wall clock while really talking for ${MAIN_SECONDS} s; on this 2-core machine the audio thread, the fake devices and the backend preempt the main thread, so these overstate the work): handlers capture ${f(v.liveCapture)} ms/s (\`socket: 'worker'\` ${f(w.liveCapture)}, usual ${f(u.liveCapture)}), playback ${f(v.livePlayback)} ms/s (worker ${f(w.livePlayback)}, usual ${f(u.livePlayback)}); every main-thread task, transport and message dispatch included, less an idle run: capture ${f(v.captureTasks)} ms/s (worker ${f(w.captureTasks)}, usual ${f(u.captureTasks)}), playback ${f(v.playbackTasks)} ms/s (worker ${f(w.playbackTasks)}, usual ${f(u.playbackTasks)}).`,
    '',
    'Rust compiled to WebAssembly inside the worklet against the shipped plain JS, the capture conversion (48 kHz → 16 kHz windowed-sinc resampling + 16-bit PCM), CPU per second of audio (median of ' + r.rustVsJs.rounds + ' runs of ' + r.rustVsJs.seconds + ' s of audio):',
    '',
    '| variant | JS in the worklet | Rust/WASM in the worklet | WASM bytes (gzip) | outputs agree |',
    '|---|---|---|---|---|',
    ...['scalar', 'simd128'].map((k) => `| ${k} | ${f(r.rustVsJs[k].jsMsPerSec, 3)} ms | ${f(r.rustVsJs[k].wasmMsPerSec, 3)} ms | ${r.rustVsJs[k].wasmBytes} (${r.rustVsJs[k].wasmGzip}) | ${r.rustVsJs[k].agree} |`),
    '',
    `The JS resampler class is ${r.rustVsJs.jsResamplerGzip} B gzip in the worklet (clock in the worklet: ${r.rustVsJs.scalar.clock}).`,
  ];
  return lines.join('\n');
}

if (args.only === 'floor') {
  try {
    await setup();
    results.floor = await captureFloor(floorContext());
    console.log(JSON.stringify(results.floor.ways, null, 1));
  } finally {
    await browser?.close();
    await backend?.close();
    await server?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  }
  process.exit(0);
}

/** results.md from the results in hand; `load` says how busy the machine was. */
function writeReport(load) {
  writeFileSync(join(here, 'results.md'), `<!-- written by node bench/voice/run.mjs on ${new Date().toISOString().slice(0, 10)}; Chromium ${results.chromium} headless, fake microphone; ${load} -->\n${report()}\n`);
}

if (args.only === 'report' || args.only === 'memory') {
  Object.assign(results, JSON.parse(readFileSync(join(here, 'results.json'), 'utf8')));
  let load = results.load;
  if (args.only === 'memory') {
    const loadAtStart = loadavg().map((x) => x.toFixed(2)).join(', ');
    try {
      await setup();
      for (const kind of args.ways ? args.ways.split(',') : ['voice', 'voice-worker']) await memory(kind);
    } finally {
      await browser?.close();
      await backend?.close();
      await server?.close();
      if (dir) rmSync(dir, { recursive: true, force: true });
    }
    load = `${results.load}; the memory runs again (${MEMORY_MINUTES} min) with load average ${loadAtStart} at their start`;
    writeFileSync(join(here, 'results.json'), JSON.stringify({ ...results, load }, null, 1) + '\n');
  }
  writeReport(load);
  console.log(report());
  process.exit(0);
}

if (args.only === 'main') {
  try {
    await setup();
    for (let i = 0; i < 2; i++) console.log(JSON.stringify({ voice: await mainThreadLoop('voice'), 'voice-worker': await mainThreadLoop('voice-worker'), usual: await mainThreadLoop('usual'), careful: await mainThreadLoop('careful') }));
  } finally {
    await browser?.close();
    await backend?.close();
    await server?.close();
  }
  process.exit(0);
}

const loadAtStart = loadavg().map((x) => x.toFixed(2)).join(', ');
try {
  await size();
  await setup();
  // The budget's measure: 5 loops each way.
  const loops = { voice: [], 'voice-worker': [], usual: [], careful: [] };
  for (let i = 0; i < (QUICK ? 1 : 5); i++) for (const kind of Object.keys(loops)) loops[kind].push(await mainThreadLoop(kind));
  // The least of the runs: preemption only ever adds time.
  const least = (list, k) => Math.min(...list.map((x) => x[k]));
  results.main = {};
  for (const kind of ['voice', 'voice-worker', 'usual']) {
    const live = await mainThread(kind);
    results.main.careful = { capture: least(loops.careful, 'capture'), playback: least(loops.careful, 'playback'), loops: loops.careful };
    results.main[kind] = {
      capture: least(loops[kind], 'capture'), playback: least(loops[kind], 'playback'),
      captureThread: least(loops[kind], 'captureThread'), playbackThread: least(loops[kind], 'playbackThread'),
      loops: loops[kind], liveCapture: live.capture, livePlayback: live.playback, captureTasks: live.captureTasks, playbackTasks: live.playbackTasks,
    };
  }
  results.floor = await captureFloor(floorContext());
  await micToSocket('voice');
  await micToSocket('voice-worker');
  await underruns('voice');
  await underruns('voice-worker');
  await memory('voice');
  await memory('voice-worker');
  await memory('usual');
  await rustVsJs();
  const text = report();
  console.log(text);
  console.log(JSON.stringify(results, null, 1));
  if (!QUICK) {
    const load = `load average ${loadAtStart} at the start, ${loadavg().map((x) => x.toFixed(2)).join(', ')} at the end (1, 5, 15 min; 2 cores)`;
    results.chromium = browser.version();
    writeReport(load);
    writeFileSync(join(here, 'results.json'), JSON.stringify({ ...results, load }, null, 1) + '\n');
  }
} finally {
  await browser?.close();
  await backend?.close();
  await server?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
}
