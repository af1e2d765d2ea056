// Section 5: start-up in headless Chromium, from the `import` of the package to its first decision
// (module fetches and evaluation, the .wasm fetch if the package makes one, compilation and
// instantiation included: a module embedded in the JS needs no fetch of its own), the library
// and the plain-JS baseline in alternation. Cold: every sample in a fresh browser context (empty
// HTTP and code caches: a first visit). Warm: new pages in one context that loaded them before (a
// returning visitor, files from the HTTP cache).
import { page, serve } from '../lib/browser.mjs';
import { median, percentile } from '../lib/timing.mjs';
// The chat every measurement starts from, the size apps' own.
import { MESSAGES } from '../size-apps/messages.js';

function script(specifier, factory) {
  return `<script type="module">
const t0 = performance.now();
const module = await import(${JSON.stringify(specifier)});
const t1 = performance.now();
const autoSend = module.${factory}({ mode: 'sse' });
const send = await autoSend.sendAutomaticallyWhen({ messages: ${JSON.stringify(MESSAGES)} });
const t2 = performance.now();
// When each file was requested and arrived, relative to the import (Resource Timing).
const resources = performance.getEntriesByType('resource')
  .filter((e) => /\\/(pkg|lib)\\//.test(e.name))
  .map((e) => ({ path: new URL(e.name).pathname, start: e.startTime - t0, end: e.responseEnd - t0 }));
window.startup = { importMs: t1 - t0, firstDecisionMs: t2 - t0, send, resources };
</script>`;
}

const IMPLS = {
  library: script('adk-stream-wasm', 'createAutoSend'),
  baseline: script('/lib/baseline-autosend.mjs', 'createBaselineAutoSend'),
};

async function sample(context, origin, which) {
  const tab = await context.newPage();
  try {
    await tab.goto(`${origin}/startup-${which}.html`);
    const result = await tab.waitForFunction(() => window.startup, null, { timeout: 30_000 }).then((h) => h.jsonValue());
    if (result.send !== true) throw new Error(`start-up page (${which}) decided ${result.send}, expected true`);
    return result;
  } finally {
    await tab.close();
  }
}

function summary(list) {
  // Per file: median request and arrival times after the import call.
  const files = new Map();
  for (const run of list) {
    for (const r of run.resources) {
      if (!files.has(r.path)) files.set(r.path, { start: [], end: [] });
      files.get(r.path).start.push(r.start);
      files.get(r.path).end.push(r.end);
    }
  }
  const waterfall = [...files]
    .map(([path, t]) => ({ path, requested: median(t.start), arrived: median(t.end), samples: t.start.length }))
    .sort((a, b) => a.requested - b.requested);
  const wasm = list.map((run) => run.resources.find((r) => r.path.endsWith('.wasm'))).filter(Boolean);
  const lastArrival = (run) => Math.max(0, ...run.resources.map((r) => r.end));
  return {
    waterfall,
    // From the .wasm's arrival to the first decision: compile, instantiate, decide (null when no
    // .wasm is fetched, as when the module is embedded in the JS).
    afterWasmMs: wasm.length === list.length ? median(list.map((run, i) => run.firstDecisionMs - wasm[i].end)) : null,
    // From the last file's arrival to the first decision: evaluation, compilation, instantiation.
    afterLastFileMs: median(list.map((run) => run.firstDecisionMs - lastArrival(run))),
    samples: list.length,
    importMs: median(list.map((r) => r.importMs)),
    firstDecisionMs: median(list.map((r) => r.firstDecisionMs)),
    firstDecisionP90: percentile(list.map((r) => r.firstDecisionMs), 90),
  };
}

export async function measureStartup({ browser, pkgDir, libDir, samples }) {
  const pages = Object.fromEntries(Object.entries(IMPLS).map(([name, body]) => [`/startup-${name}.html`, page({ body })]));
  const server = await serve({ routes: { '/pkg/': pkgDir, '/lib/': libDir }, pages, cacheable: true });
  const order = (i) => (i % 2 === 0 ? ['library', 'baseline'] : ['baseline', 'library']);
  try {
    const cold = { library: [], baseline: [] };
    for (let i = 0; i < samples; i++) {
      for (const which of order(i)) {
        const context = await browser.newContext();
        try {
          cold[which].push(await sample(context, server.origin, which));
        } finally {
          await context.close();
        }
      }
    }
    const warm = { library: [], baseline: [] };
    const context = await browser.newContext();
    try {
      for (const which of ['library', 'baseline']) await sample(context, server.origin, which);
      for (let i = 0; i < samples; i++) for (const which of order(i)) warm[which].push(await sample(context, server.origin, which));
    } finally {
      await context.close();
    }
    return {
      cold: { library: summary(cold.library), baseline: summary(cold.baseline) },
      warm: { library: summary(warm.library), baseline: summary(warm.baseline) },
    };
  } finally {
    await server.close();
  }
}
