// Where a cold start-up's time goes (not committed): the installed package copied, its loader
// patched with performance.now() marks, bundled as the start-up section bundles it.
import { cp, mkdtemp, readFile, writeFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { launch, page, serve } from './lib/browser.mjs';
import { bundle } from './lib/bundle.mjs';
import { median } from './lib/timing.mjs';
import { MESSAGES } from './size-apps/messages.js';
const samples = Number(process.argv[2] || 15);
const pkg = join(process.cwd(), '../node_modules/adk-stream-wasm');
const dir = await mkdtemp(join(tmpdir(), 'probe-'));
await cp(pkg, join(dir, 'pkg'), { recursive: true });
const loaderPath = join(dir, 'pkg/loader.js');
let loader = await readFile(loaderPath, 'utf8');
loader = loader.replace('function instantiateCore() {\n  try {\n    const module = new WebAssembly.Module(decodeHex(coreHex));\n    return { exports: /** @type {any} */ (new WebAssembly.Instance(module, {}).exports) };',
  'function instantiateCore() {\n  try {\n    const T = (globalThis.__t ??= {}); T.l0 = performance.now(); const b = decodeHex(coreHex); T.l1 = performance.now();\n    const module = new WebAssembly.Module(b); T.l2 = performance.now();\n    const x = new WebAssembly.Instance(module, {}).exports; T.l3 = performance.now(); return { exports: x };');
if (!loader.includes('T.l3')) throw new Error('patch failed');
await writeFile(loaderPath, loader);
await writeFile(join(dir, 'first.js'), 'globalThis.__t = { e0: performance.now() };\n');
await writeFile(join(dir, 'library.js'), await bundle({ contents: `import './first.js'; export { createAutoSend } from './pkg/index.js';`, resolveDir: dir }));
await writeFile(join(dir, 'baseline.js'), await bundle({ contents: `export { createBaselineAutoSend } from ${JSON.stringify(join(process.cwd(), 'lib/baseline-autosend.mjs'))};`, resolveDir: dir }));
const script = (file, factory) => `<script type="module">
const t0 = performance.now();
const m = await import('/b/${file}');
const t1 = performance.now();
const a = m.${factory}({ mode: 'sse' });
const t2 = performance.now();
const send = await a.sendAutomaticallyWhen({ messages: ${JSON.stringify(MESSAGES)} });
const t3 = performance.now();
const r = performance.getEntriesByType('resource').find((e) => e.name.includes('/b/'));
const T = globalThis.__t || {};
window.out = { fetched: r.responseEnd - t0, imported: t1 - t0, create: t2 - t1, decide: t3 - t2, total: t3 - t0, evalStart: T.e0 - t0, decode: T.l1 - T.l0, compile: T.l2 - T.l1, instantiate: T.l3 - T.l2, evalEndAfterLoader: t1 - T.l3, beforeLoader: T.l0 - T.e0, send };
</script>`;
const pages = { '/lib.html': page({ body: script('library.js', 'createAutoSend') }), '/base.html': page({ body: script('baseline.js', 'createBaselineAutoSend') }) };
const server = await serve({ routes: { '/b/': dir }, pages });
const browser = await launch();
const res = { lib: [], base: [] };
for (let i = 0; i < samples; i++) {
  for (const [k, p] of i % 2 ? [['lib', '/lib.html'], ['base', '/base.html']] : [['base', '/base.html'], ['lib', '/lib.html']]) {
    const ctx = await browser.newContext();
    const tab = await ctx.newPage();
    await tab.goto(server.origin + p);
    res[k].push(await tab.waitForFunction(() => window.out).then((h) => h.jsonValue()));
    await ctx.close();
  }
}
await browser.close(); await server.close(); await rm(dir, { recursive: true, force: true });
for (const k of ['lib', 'base']) {
  const keys = Object.keys(res[k][0]).filter((x) => x !== 'send');
  console.log(k, Object.fromEntries(keys.map((x) => [x, Number(median(res[k].map((r) => r[x]).filter((v) => !Number.isNaN(v)))?.toFixed(2))])));
}
