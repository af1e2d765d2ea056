import { mkdtemp, writeFile, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { launch, page, serve } from './lib/browser.mjs';
import { bundle } from './lib/bundle.mjs';
import { MESSAGES } from './size-apps/messages.js';
const dir = await mkdtemp(join(tmpdir(), 'trace-'));
const pkg = join(process.cwd(), '../node_modules/adk-stream-wasm');
await writeFile(join(dir, 'library.js'), await bundle({ contents: `export { createAutoSend } from ${JSON.stringify(join(pkg, 'index.js'))};`, resolveDir: dir }));
await writeFile(join(dir, 'baseline.js'), await bundle({ contents: `export { createBaselineAutoSend } from ${JSON.stringify(join(process.cwd(), 'lib/baseline-autosend.mjs'))};`, resolveDir: dir }));
const script = (file, factory) => `<script type="module">
const t0 = performance.now();
const m = await import('/b/${file}');
const a = m.${factory}({ mode: 'sse' });
const send = await a.sendAutomaticallyWhen({ messages: ${JSON.stringify(MESSAGES)} });
window.out = performance.now() - t0;
</script>`;
const pages = { '/lib.html': page({ body: script('library.js', 'createAutoSend') }), '/base.html': page({ body: script('baseline.js', 'createBaselineAutoSend') }) };
const server = await serve({ routes: { '/b/': dir }, pages });
const browser = await launch();
const cats = ['devtools.timeline', 'v8', 'v8.execute', 'disabled-by-default-v8.compile', 'disabled-by-default-devtools.timeline', 'blink', 'loading'];
const N = Number(process.argv[2] || 5);
for (const [k, p] of [['lib', '/lib.html'], ['base', '/base.html']]) {
  const agg = new Map();
  const totals = [];
  for (let i = 0; i < N; i++) {
    const ctx = await browser.newContext();
    const tab = await ctx.newPage();
    const path = join(dir, `t-${k}-${i}.json`);
    await browser.startTracing(tab, { path, categories: cats });
    await tab.goto(server.origin + p);
    totals.push(await tab.waitForFunction(() => window.out).then((h) => h.jsonValue()));
    await browser.stopTracing();
    await ctx.close();
    const events = JSON.parse(await readFile(path, 'utf8')).traceEvents;
    // renderer main thread: the one with the 'CrRendererMain' thread name
    const main = events.find((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain');
    for (const e of events) {
      if (!main || e.pid !== main.pid || e.tid !== main.tid || e.ph !== 'X' || !e.dur) continue;
      agg.set(e.name, (agg.get(e.name) || 0) + e.dur / 1000 / N);
    }
  }
  console.log(k, 'total ms', totals.map((t) => t.toFixed(1)).join(' '));
  console.log([...agg].sort((a, b) => b[1] - a[1]).slice(0, 25).map(([n, ms]) => `  ${ms.toFixed(2).padStart(7)} ${n}`).join('\n'));
}
await browser.close(); await server.close();
