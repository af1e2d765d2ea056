// Section 3: what the package weighs.
//  - The package as shipped: each WebAssembly module (a .wasm file or embedded in a JS module), the
//    hand-written glue and the wasm-bindgen bindings minified by esbuild, and each entry bundled.
//  - What it adds to an app (issue 10's goal): Vite production builds of three tiny React 19 chats
//    in size-apps/ — the baseline with AI SDK's useChat and no package, the same through
//    `useAdkChat` in SSE mode, and in BIDI mode with `BidiTransport`. Each build is opened in
//    Chromium, must decide `send: true`, and is counted by the files the page actually loaded (a
//    lazily loaded chunk the page never asks for is not downloaded). The parts (wasm, generated
//    bindings, hand-written glue) come from a second build with each package module in a chunk of
//    its own (lib/vite-apps.mjs).
//  - Whether Vite's dev server loads the package with no config (and with the README's Vite 7 config).
import { readFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { transform } from 'esbuild';
import { createServer as viteServer } from 'vite';
import { serve } from '../lib/browser.mjs';
import { bundle } from '../lib/bundle.mjs';
import { buildApp, measure, minus, partOf, partsOfFile, partsOfFiles, plus, zero } from '../lib/vite-apps.mjs';
import { filesUnder, wasmModulesIn, withoutEmbeddedWasm } from '../lib/wasm-find.mjs';

const here = fileURLToPath(new URL('..', import.meta.url));
const appsDir = join(here, 'size-apps');
// Vue's and Svelte's chats (issue 42), each against its own framework's baseline: AI SDK's Vue or
// Svelte `Chat` with no package.
export const FRAMEWORK_ADDED = { 'vue-sse': 'vue-baseline', 'vue-bidi': 'vue-baseline', 'svelte-sse': 'svelte-baseline', 'svelte-bidi': 'svelte-baseline' };
const FRAMEWORK_APPS = ['vue-baseline', 'vue-sse', 'vue-bidi', 'svelte-baseline', 'svelte-sse', 'svelte-bidi'];
// `sse` is an SSE-only app (`adk-stream-wasm/react/sse`, the goal's); `sse-universal` the same chat
// through `adk-stream-wasm/react`, whose hook takes either mode (shown beside it).
const APPS = ['baseline', 'sse', 'sse-universal', 'bidi', 'geolocation', ...FRAMEWORK_APPS];
// What running get_location costs (issue 25: ≤ 4 KB gzip): the geolocation app is the SSE app that
// also calls getLocation(), so their difference is the tool's code and whatever it loads.
const GET_LOCATION = { app: 'geolocation', without: 'sse' };

// Leaves the generated bindings (anything under wasm/) out of a bundle of the glue.
const bindingsExternal = {
  name: 'bindings-external',
  setup(b) {
    b.onResolve({ filter: /(^|\/)wasm\// }, (args) => ({ path: args.path, external: true }));
  },
};


/** A bundle's measure, with any embedded wasm module counted apart (`wasm`). */
function measureCode(code) {
  const all = measure(Buffer.from(code));
  const js = measure(Buffer.from(withoutEmbeddedWasm(code)));
  return { ...all, js, wasm: minus(all, js) };
}

async function measurePackage(pkgDir) {
  // Each module also as hex text (as the package embeds it) and as base64 text (as it did before):
  // what embedding costs.
  const modules = (await wasmModulesIn(pkgDir)).map((m) => ({
    name: m.name,
    source: m.source,
    encoding: m.encoding,
    file: m.file,
    bytes: m.bytes.length,
    ...measure(m.bytes),
    asHex: measure(Buffer.from(m.bytes.toString('hex'))),
    asBase64: measure(Buffer.from(m.bytes.toString('base64'))),
  }));
  const all = (await filesUnder(pkgDir)).map((p) => relative(pkgDir, p)).filter((f) => /\.m?js$/.test(f) && !f.includes('node_modules/'));
  const glueFiles = all.filter((f) => partOf(f) === 'glue');
  const bindingFiles = all.filter((f) => partOf(f) === 'bindings');
  const entries = glueFiles.map((f) => `export * as ${f.replace(/\.m?js$/, '').replace(/\W/g, '_')} from './${f}';`).join('\n');
  // The hand-written glue alone: every glue file in one minified bundle, the bindings left out.
  const glue = measureCode(await bundle({ contents: entries, resolveDir: pkgDir, plugins: [bindingsExternal] }));
  let glueSource = 0;
  let perFile = { ...zero(), min: 0 };
  for (const file of glueFiles) {
    const source = await readFile(join(pkgDir, file), 'utf8');
    glueSource += Buffer.byteLength(source);
    const { code } = await transform(source, { minify: true, format: 'esm', loader: 'js' });
    const m = measure(Buffer.from(code));
    perFile = { ...plus(perFile, m), min: perFile.min + m.raw };
  }
  // The wasm-bindgen bindings, each file minified (an embedded module counted apart).
  const bindings = [];
  for (const file of bindingFiles) {
    const source = await readFile(join(pkgDir, file), 'utf8');
    const { code } = await transform(source, { minify: true, format: 'esm', loader: 'js' });
    bindings.push({ file, source: Buffer.byteLength(source), ...measureCode(code) });
  }
  // What a bundler takes in for one import: the entry, the glue it reaches and the bindings.
  const entry = async (specifier) => measureCode(await bundle({ contents: `export * from './${specifier}';`, resolveDir: pkgDir }));
  const wasm = modules.reduce((a, m) => plus(a, m), zero());
  return { modules, wasm, glue: { files: glueFiles, raw: glueSource, bundled: glue, perFile }, bindings, mainEntry: await entry('index.js'), transportEntry: await entry('transport.js') };
}

/** Opens a built app in Chromium: its `#app` text and every path the page requested. */
async function openBuilt(browser, outDir) {
  const server = await serve({ routes: { '/': outDir } });
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    const errors = [];
    const requested = [];
    page.on('pageerror', (error) => errors.push(error.message));
    page.on('response', (response) => {
      const path = new URL(response.url()).pathname;
      requested.push(path);
      if (response.status() >= 400 && path !== '/favicon.ico') errors.push(`${path}: HTTP ${response.status()}`);
    });
    await page.goto(`${server.origin}/index.html`);
    let text = null;
    try {
      await page.waitForFunction(() => /^send: (true|false)/.test(document.querySelector('#app')?.textContent || ''), null, { timeout: 20_000 });
      text = await page.evaluate(() => document.querySelector('#app').textContent);
      // Anything the page still loads after deciding (a lazily imported chunk) counts too.
      await page.waitForLoadState('networkidle', { timeout: 5_000 }).catch(() => {});
    } catch {
      // text stays null: reported as a failure below.
    }
    // The geolocation app also shows how its get_location call ended.
    const location = await page.evaluate(() => document.querySelector('#location')?.textContent ?? null);
    return { ok: text !== null && text.startsWith('send: true'), text, location, errors: errors.slice(0, 3), requested: [...new Set(requested)] };
  } finally {
    await context.close();
    await server.close();
  }
}

async function measureApp(browser, name, log, splits = [false, true]) {
  const out = {};
  for (const split of splits) {
    const outDir = join(here, '.build', `size-${name}${split ? '-split' : ''}`);
    const { files } = await buildApp({ appsDir, name, outDir, split });
    const run = await openBuilt(browser, outDir);
    // Counted all the same, and shown as FAILED in the report: a build that loads but does not decide.
    if (!run.ok) log(`  size-apps/${name}${split ? ' (split)' : ''} did not decide in Chromium: ${run.text} ${run.errors.join('; ')}`);
    const loaded = files.filter((f) => f.file === 'index.html' || run.requested.includes(`/${f.file}`));
    const sum = (list) => list.reduce((a, f) => plus(a, f), zero());
    const parts = await partsOfFiles(outDir, loaded);
    const modules = [];
    for (const f of files.filter((x) => x.packageModules.length > 0)) {
      const p = await partsOfFile(outDir, f);
      modules.push({
        file: f.file,
        modules: f.packageModules,
        loaded: loaded.includes(f),
        whole: { raw: f.raw, gzip: f.gzip },
        parts: Object.fromEntries(['wasm', 'bindings', 'glue', 'app'].map((k) => [k, { raw: p[k].raw, gzip: p[k].gzip }])),
      });
    }
    const wasmAssets = files.filter((f) => f.file.endsWith('.wasm')).map((f) => ({ file: f.file, raw: f.raw, gzip: f.gzip, loaded: loaded.includes(f) }));
    out[split ? 'split' : 'plain'] = {
      run,
      emitted: sum(files),
      loaded: sum(loaded),
      parts,
      modules,
      wasmAssets,
      files: files.map((f) => ({ file: f.file, raw: f.raw, gzip: f.gzip, loaded: loaded.includes(f) })),
    };
  }
  return out;
}

async function devServerCheck(browser, exclude) {
  const cacheDir = join(here, '.build', `vite-cache-${exclude ? 'exclude' : 'default'}`);
  const server = await viteServer({
    root: join(appsDir, 'sse'),
    configFile: false,
    logLevel: 'silent',
    cacheDir,
    server: { host: '127.0.0.1', port: 0, strictPort: false, hmr: false },
    // With `exclude`, the README's config for Vite 7's dev server.
    optimizeDeps: exclude ? { exclude: ['adk-stream-wasm'], include: ['ai', '@ai-sdk/react'], force: true } : { force: true },
  });
  await server.listen();
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    const errors = [];
    const wasmRequests = [];
    page.on('pageerror', (error) => errors.push(error.message));
    page.on('response', (response) => {
      const path = new URL(response.url()).pathname;
      if (path.endsWith('.wasm')) wasmRequests.push(`${path} ${response.status()}`);
    });
    await page.goto(`http://127.0.0.1:${server.httpServer.address().port}/`);
    let text = null;
    try {
      await page.waitForFunction(() => /^send: (true|false)/.test(document.querySelector('#app')?.textContent || ''), null, { timeout: 30_000 });
      text = await page.evaluate(() => document.querySelector('#app').textContent);
    } catch {
      // reported as a failure
    }
    return { ok: text !== null && text.startsWith('send: true'), text, errors: errors.slice(0, 3), wasmRequests };
  } finally {
    await context.close();
    await server.close();
  }
}

/** What the get_location app loads beyond the same app without it, and whether both decided. */
function getLocationCost(apps) {
  const { app, without } = GET_LOCATION;
  const [withTool, withoutTool] = [apps[app].plain, apps[without].plain];
  // Files are matched by name without Vite's content hash (the main chunk's hash differs).
  const unhashed = (file) => file.replace(/-[\w-]{8}(\.\w+)$/, '$1');
  const only = (files, other) => files.filter((f) => f.loaded && !other.some((o) => o.loaded && unhashed(o.file) === unhashed(f.file)));
  return {
    loaded: minus(withTool.loaded, withoutTool.loaded),
    // The files only the get_location app loads (the tool's lazily loaded chunk, when it has one).
    extraFiles: only(withTool.files, withoutTool.files),
    ok: withTool.run.ok && withoutTool.run.ok && /^location: /.test(withTool.run.location ?? ''),
    location: withTool.run.location,
  };
}

/**
 * The quick form of the get_location figure: the two apps built as Vite builds them by default and
 * opened in Chromium, without the rest of the size section. `{loaded, extraFiles, ok, location}`.
 */
export async function measureGetLocation({ browser, log = () => {} }) {
  const apps = {};
  for (const name of [GET_LOCATION.without, GET_LOCATION.app]) apps[name] = await measureApp(browser, name, log, [false]);
  return getLocationCost(apps);
}

export async function measureSize({ pkgDir, browser, log = () => {} }) {
  const pkg = await measurePackage(pkgDir);
  const apps = {};
  for (const name of APPS) {
    log(`  Vite build of size-apps/${name} (as built by default, and one chunk per package module)`);
    apps[name] = await measureApp(browser, name, log);
  }
  const added = {};
  for (const name of ['sse', 'sse-universal', 'bidi', ...Object.keys(FRAMEWORK_ADDED)]) {
    const app = apps[name];
    const base = apps[FRAMEWORK_ADDED[name] ?? 'baseline'].plain;
    const loaded = minus(app.plain.loaded, base.loaded);
    // The package's parts as the split build loads them; what is left of the added bytes is app code,
    // library code only the package pulls in, less the split build's per-chunk overhead.
    const { wasm, bindings, glue } = app.split.parts;
    added[name] = { loaded, emitted: minus(app.plain.emitted, base.emitted), wasm, bindings, glue, rest: minus(loaded, plus(plus(wasm, bindings), glue)) };
  }
  added.getLocation = getLocationCost(apps);
  log('  Vite dev server, no config');
  const devDefault = await devServerCheck(browser, false);
  const devExclude = await devServerCheck(browser, true);
  return { ...pkg, apps, added, dev: { devDefault, devExclude } };
}
