// Section 4: the BIDI receive path in headless Chromium. Throughput: `n` text-delta frames from a
// local `ws` server into the ReadableStream consumed by AI SDK's real Chat (and, to isolate the
// transports, by a plain reader loop), through the library's BidiTransport or the plain-JS
// baseline transport, in alternating order (AB BA AB …). Latency: a paced response (one frame per timer
// tick, so nothing queues), each text-delta stamped when the socket dispatches it, when the server
// sent it and when it is read from the transport's stream.
import { startBidiServer, expectedText } from '../lib/bidi-server.mjs';
import { median, percentile } from '../lib/timing.mjs';
import { selfTime } from './profile.mjs';

const IMPLS = ['library', 'baseline'];
const abba = (round) => (round % 2 === 0 ? IMPLS : [...IMPLS].reverse());

export async function measureBidi({ browser, origin, frames, throughputRuns, latencyFrames, latencyRuns, profileFrames, profileRuns = 1, log }) {
  const server = await startBidiServer();
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    const errors = [];
    page.on('pageerror', (error) => errors.push(error));
    await page.goto(`${origin}/bidi.html`);
    await page.waitForFunction(() => window.benchReady === true, null, { timeout: 60_000 });
    const expectedLength = expectedText(frames).length;

    const throughput = {};
    for (const consumer of ['chat', 'reader']) {
      const rates = { library: [], baseline: [] };
      for (let round = 0; round < throughputRuns; round++) {
        for (const impl of abba(round)) {
          const r = await page.evaluate((o) => window.bidiRun(o), { impl, url: server.url, n: frames, paced: false, consumer });
          if (r.status !== 'ready' || r.textLength !== expectedLength || (r.deltas !== null && r.deltas !== frames)) {
            throw new Error(`BIDI ${impl} via ${consumer}: status ${r.status}, ${r.deltas ?? '?'} deltas, ${r.textLength} of ${expectedLength} characters`);
          }
          rates[impl].push((frames / r.ms) * 1000);
          log(`bidi ${consumer} ${impl}: ${Math.round((frames / r.ms) * 1000)} chunks/s`);
        }
      }
      throughput[consumer] = {
        library: median(rates.library),
        baseline: median(rates.baseline),
        // Each round's library ÷ baseline, its two runs back to back: the goal's figure (a busier
        // round slows both; the ratio of two medians moved by more than the goal's margin).
        pairedRatio: median(rates.library.map((rate, round) => rate / rates.baseline[round])),
        runs: rates,
      };
    }
    const raw = await page.evaluate((o) => window.rawRun(o), { url: server.url, n: frames });
    if (raw.deltas !== frames) throw new Error(`raw WebSocket run received ${raw.deltas} of ${frames} frames`);
    throughput.raw = (frames / raw.ms) * 1000;
    log(`bidi raw WebSocket: ${Math.round(throughput.raw)} frames/s`);

    const latency = { library: { frameToRead: [], dispatchToRead: [] }, baseline: { frameToRead: [], dispatchToRead: [] } };
    for (let round = 0; round < latencyRuns; round++) {
      for (const impl of abba(round)) {
        const r = await page.evaluate((o) => window.bidiRun(o), { impl, url: server.url, n: latencyFrames, paced: true, consumer: 'chat' });
        const sent = server.takeSendTimes();
        if (r.readStamps.length !== latencyFrames || r.frameStamps.length !== latencyFrames || sent.length !== latencyFrames) {
          throw new Error(`BIDI latency ${impl}: ${r.readStamps.length} read, ${r.frameStamps.length} dispatched, ${sent.length} sent of ${latencyFrames}`);
        }
        for (let i = 0; i < latencyFrames; i++) {
          latency[impl].frameToRead.push((r.readStamps[i] - sent[i]) * 1000);
          latency[impl].dispatchToRead.push((r.readStamps[i] - r.frameStamps[i]) * 1000);
        }
        log(`bidi latency ${impl}: ${latencyFrames} paced frames`);
      }
    }
    // Where the receive path spends the page's main thread: a CPU profile (Chrome DevTools
    // Protocol, 100 µs sampling) of one run of each transport read by a plain reader loop. Busy
    // samples per frame compare the two; the library's own functions show where its time goes.
    const cdp = await context.newCDPSession(page);
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
    // Rounds in alternating order (AB BA AB): each impl's figure is its median run, and the goal's
    // ratio the median of each round's library ÷ baseline (one run each moved by ±0.3×).
    const receiveProfile = { frames: profileFrames, runs: profileRuns };
    const perFrame = { library: [], baseline: [] };
    for (let round = 0; round < profileRuns; round++) {
      for (const impl of abba(round)) {
        await cdp.send('Profiler.start');
        const profiled = await page.evaluate((o) => window.bidiRun(o), { impl, url: server.url, n: profileFrames, paced: false, consumer: 'reader' });
        const { profile } = await cdp.send('Profiler.stop');
        if (profiled.deltas !== profileFrames) throw new Error(`profiled BIDI run (${impl}) received ${profiled.deltas} of ${profileFrames} deltas`);
        const time = selfTime(profile);
        const sampledMs = (profile.endTime - profile.startTime) / 1000;
        const busyMs = (sampledMs * time.samples) / profile.samples.length;
        // Profiled frames include the run's 500-frame warm-up response.
        const busyUsPerFrame = (busyMs * 1000) / (profileFrames + 500);
        perFrame[impl].push(busyUsPerFrame);
        // The function breakdown shown is the first round's.
        if (round === 0) receiveProfile[impl] = { ...time };
        log(`bidi profile ${impl}: ${busyUsPerFrame.toFixed(1)} µs of main-thread work per frame`);
      }
    }
    for (const impl of IMPLS) receiveProfile[impl].busyUsPerFrame = median(perFrame[impl]);
    receiveProfile.pairedRatio = median(perFrame.library.map((us, round) => us / perFrame.baseline[round]));
    await cdp.detach();

    const stats = (values) => ({ p50: percentile(values, 50), p99: percentile(values, 99), samples: values.length });
    const latencyStats = Object.fromEntries(
      IMPLS.map((impl) => [impl, { frameToRead: stats(latency[impl].frameToRead), dispatchToRead: stats(latency[impl].dispatchToRead) }]),
    );
    if (errors.length > 0) throw errors[0];
    return { frames, throughputRuns, latencyFrames, latencyRuns, throughput, latency: latencyStats, receiveProfile };
  } finally {
    await context.close();
    await server.close();
  }
}
