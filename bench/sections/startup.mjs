// Section 5: start-up in headless Chromium, from the `import` of the package (once the fresh page
// has settled: PAGE_SETTLE_MS) to its first decision
// (module fetches and evaluation, the .wasm fetch if the package makes one, compilation and
// instantiation included: a module embedded in the JS needs no fetch of its own), the library
// and the plain-JS baseline in a shuffled order each round. Cold: every sample in a fresh browser
// context (empty HTTP and code caches: a first visit). Warm: new pages in one context that loaded
// them before (a returning visitor, files from the HTTP cache).
//
// Each side is measured twice: as published, one ES module per file (the package's import graph
// fetched round trip after round trip), and bundled by esbuild into one file, as an app's bundler
// ships it (what the users of a Vite or Next.js app wait for, minus their network).
import { copyFile, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { page, serve } from '../lib/browser.mjs';
import { bundle } from '../lib/bundle.mjs';
import { median, percentile } from '../lib/timing.mjs';
// The hardening tests' seedable source: a seeded shuffle gives the same orders in every run.
import { makeRng } from '../../tests/hardening/lib/rng.mjs';
// The chat every measurement starts from, the size apps' own.
import { MESSAGES } from '../size-apps/messages.js';

// The import starts once the fresh page has loaded and this long has passed: until then the new
// renderer is still starting (its own work and the browser's around it), and every page's time
// carried that race. Measured 2026-11-27 (41 rounds, shuffled): importing at once, each page's
// first decision took 31–37 ms with an interquartile range of 13–17 ms, and the bundled baseline
// read +3.1 ms [95 %: +0.1 to +14.0] against itself; importing 300 ms after, 9–13 ms with a range
// of 4–6 ms, and −0.9 [−2.6, +0.5] against itself. The fetch, compile and evaluation of a first
// visit are all still inside: the context is fresh, its caches empty.
const PAGE_SETTLE_MS = 300;

function script(specifier, factory) {
  return `<script type="module">
await new Promise((settled) => setTimeout(settled, ${PAGE_SETTLE_MS}));
const t0 = performance.now();
const module = await import(${JSON.stringify(specifier)});
const t1 = performance.now();
const autoSend = module.${factory}({ mode: 'sse' });
const send = await autoSend.sendAutomaticallyWhen({ messages: ${JSON.stringify(MESSAGES)} });
const t2 = performance.now();
// When each file was requested and arrived, relative to the import (Resource Timing).
const resources = performance.getEntriesByType('resource')
  .filter((e) => /\\/(pkg|lib|bundles)\\//.test(e.name))
  .map((e) => ({ path: new URL(e.name).pathname, start: e.startTime - t0, end: e.responseEnd - t0 }));
window.startup = { importMs: t1 - t0, firstDecisionMs: t2 - t0, send, resources };
</script>`;
}

const IMPLS = {
  library: script('adk-stream-wasm', 'createAutoSend'),
  baseline: script('/lib/baseline-autosend.mjs', 'createBaselineAutoSend'),
  libraryBundled: script('/bundles/library.js', 'createAutoSend'),
  baselineBundled: script('/bundles/baseline.js', 'createBaselineAutoSend'),
  // The control: the bundled baseline again, under another URL. Its difference from the baseline
  // is what the method reads for two identical pages (its bias and its spread), in the same run.
  baselineBundledAgain: script('/bundles/baseline-again.js', 'createBaselineAutoSend'),
};
const NAMES = Object.keys(IMPLS);
// The sides of the goal's comparison, sampled in every round; the pages as published (no goal) in
// the first `samples` rounds only.
const JUDGED = ['libraryBundled', 'baselineBundled', 'baselineBundledAgain'];
const SHOWN = ['library', 'baseline'];
// After a context closes, its renderer process exits and Chromium starts the next one: work that
// overlapped whichever page came next. Measured 2026-11-27 with the bundled baseline against itself
// (41 rounds, the pages in a fixed rotation, no pause): −6.0, −7.2 and −4.7 ms in three runs, as
// large as the goal. With the order shuffled each round and this pause: +0.4 and −0.3 ms (101 rounds).
const SETTLE_MS = 250;

/** One minified ES module per side, into DIR: the package's entry, and the baseline's. */
async function writeBundles(dir, pkgDir, libDir) {
  const sides = {
    'library.js': `export { createAutoSend } from ${JSON.stringify(join(pkgDir, 'index.js'))};`,
    'baseline.js': `export { createBaselineAutoSend } from ${JSON.stringify(join(libDir, 'baseline-autosend.mjs'))};`,
  };
  for (const [file, contents] of Object.entries(sides)) {
    await writeFile(join(dir, file), await bundle({ contents, resolveDir: dir }));
  }
  await copyFile(join(dir, 'baseline.js'), join(dir, 'baseline-again.js'));
}

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

/**
 * What each library page adds to its plain-JS page: the median of the differences within a round
 * (the two pages of round i ran one after the other, so a machine busier in one round than another
 * moves both). On 2 shared cores the difference of two medians moved by ±5 ms between runs.
 */
function pairedAdded(lists) {
  return Object.fromEntries(Object.entries(PAIRS).map(([lib, plain]) => [lib, median(differences(lists, lib, plain))]));
}

// Each page judged against the plain page of its form; the control against the page it copies.
const PAIRS = { libraryBundled: 'baselineBundled', library: 'baseline', baselineBundledAgain: 'baselineBundled' };

/** Round by round: `lib`'s first decision minus `plain`'s. */
const differences = (lists, lib, plain) => lists[lib].map((run, i) => run.firstDecisionMs - lists[plain][i].firstDecisionMs);

/**
 * A 95 % interval for the median of the rounds' differences, free of any assumed distribution:
 * the order statistics n/2 ∓ 0.98·√n (the binomial's normal approximation).
 */
function pairedInterval(lists) {
  return Object.fromEntries(
    Object.entries(PAIRS).map(([lib, plain]) => {
      const d = differences(lists, lib, plain).sort((a, b) => a - b);
      const half = 0.98 * Math.sqrt(d.length);
      const lo = Math.max(0, Math.floor(d.length / 2 - half));
      const hi = Math.min(d.length - 1, Math.ceil(d.length / 2 + half));
      return [lib, [d[lo], d[hi]]];
    }),
  );
}

/**
 * `rounds` cold rounds of the goal's sides (the bundled pages and the control), the pages as
 * published in the first `samples` of them, each round's pages in a shuffled order; then `samples`
 * warm rounds, shuffled too.
 */
export async function measureStartup({ browser, pkgDir, libDir, samples, rounds = samples }) {
  const pages = Object.fromEntries(Object.entries(IMPLS).map(([name, body]) => [`/startup-${name}.html`, page({ body })]));
  const bundles = await mkdtemp(join(tmpdir(), 'adk-startup-bundles-'));
  await writeBundles(bundles, pkgDir, libDir);
  const server = await serve({ routes: { '/pkg/': pkgDir, '/lib/': libDir, '/bundles/': bundles }, pages, cacheable: true });
  // A shuffled order each round, so no page always follows the same one.
  const { shuffle } = makeRng(20261127);
  const lists = () => Object.fromEntries(NAMES.map((name) => [name, []]));
  const summaries = (all) => Object.fromEntries(NAMES.map((name) => [name, summary(all[name])]));
  try {
    const cold = lists();
    for (let i = 0; i < Math.max(rounds, samples); i++) {
      const sides = [...(i < rounds ? JUDGED : []), ...(i < samples ? SHOWN : [])];
      for (const which of shuffle(sides)) {
        const context = await browser.newContext();
        try {
          cold[which].push(await sample(context, server.origin, which));
        } finally {
          await context.close();
        }
        await new Promise((settle) => setTimeout(settle, SETTLE_MS));
      }
    }
    const warm = lists();
    const context = await browser.newContext();
    try {
      for (const which of NAMES) await sample(context, server.origin, which);
      for (let i = 0; i < samples; i++) for (const which of shuffle(NAMES)) warm[which].push(await sample(context, server.origin, which));
    } finally {
      await context.close();
    }
    return {
      cold: summaries(cold),
      warm: summaries(warm),
      added: { cold: pairedAdded(cold), warm: pairedAdded(warm) },
      interval: { cold: pairedInterval(cold), warm: pairedInterval(warm) },
      settleMs: SETTLE_MS,
      pageSettleMs: PAGE_SETTLE_MS,
    };
  } finally {
    await server.close();
    await rm(bundles, { recursive: true, force: true });
  }
}
