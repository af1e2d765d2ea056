// Section 3: what the package weighs. The .wasm raw and gzip -9; the hand-written JS glue (pkg/*.js)
// and the wasm-bindgen bindings minified by esbuild and gzipped; and what importing the package
// adds to a Vite production build of a tiny app (built with and without the import), checked to
// work in Chromium, plus whether Vite's dev server needs `optimizeDeps.exclude`.
import { readFile, readdir, rm, stat } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync, brotliCompressSync, constants } from 'node:zlib';
import { build as esbuild, transform } from 'esbuild';
import { build as viteBuild, createServer as viteServer } from 'vite';
import { serve } from '../lib/browser.mjs';

const here = fileURLToPath(new URL('..', import.meta.url));
const gzip = (buffer) => gzipSync(buffer, { level: 9 }).length;
const brotli = (buffer) => brotliCompressSync(buffer, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length;

function measure(buffer) {
  return { raw: buffer.length, gzip: gzip(buffer), brotli: brotli(buffer) };
}

const EXTERNAL = ['ai', 'react', '@ai-sdk/react', 'node:fs/promises'];

async function bundle({ contents, resolveDir, external = [] }) {
  const result = await esbuild({
    stdin: { contents, resolveDir, loader: 'js' },
    bundle: true,
    minify: true,
    format: 'esm',
    platform: 'browser',
    write: false,
    external: [...EXTERNAL, ...external],
    logLevel: 'silent',
  });
  return Buffer.from(result.outputFiles[0].contents);
}

async function filesUnder(dir) {
  const out = [];
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) out.push(...(await filesUnder(path)));
    else out.push(path);
  }
  return out;
}

async function viteApp(name) {
  const root = join(here, 'apps', name);
  const outDir = join(here, '.build', `vite-${name}`);
  await viteBuild({ root, configFile: false, logLevel: 'silent', build: { outDir, emptyOutDir: true } });
  const files = [];
  for (const path of await filesUnder(outDir)) {
    const buffer = await readFile(path);
    files.push({ file: relative(outDir, path), ...measure(buffer) });
  }
  const sum = (filter) =>
    files.filter(filter).reduce((a, f) => ({ raw: a.raw + f.raw, gzip: a.gzip + f.gzip, brotli: a.brotli + f.brotli }), { raw: 0, gzip: 0, brotli: 0 });
  return {
    outDir,
    files,
    js: sum((f) => f.file.endsWith('.js')),
    wasm: sum((f) => f.file.endsWith('.wasm')),
    total: sum(() => true),
  };
}

/** Loads a page and waits for `#app` to show `send: …`; returns that text or the failure. */
async function appText(browser, url) {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    const errors = [];
    const wasmRequests = [];
    page.on('pageerror', (error) => errors.push(error.message));
    page.on('response', (response) => {
      const path = new URL(response.url()).pathname;
      if (path.endsWith('.wasm')) wasmRequests.push(`${path} ${response.status()}`);
      else if (response.status() >= 400 && path !== '/favicon.ico') errors.push(`${path}: HTTP ${response.status()}`);
    });
    await page.goto(url);
    try {
      await page.waitForFunction(() => /^send: /.test(document.querySelector('#app')?.textContent || ''), null, { timeout: 20_000 });
    } catch {
      return { ok: false, text: null, errors: errors.slice(0, 3), wasmRequests };
    }
    const text = await page.evaluate(() => document.querySelector('#app').textContent);
    return { ok: text === 'send: true', text, errors: errors.slice(0, 3), wasmRequests };
  } finally {
    await context.close();
  }
}

async function devServerCheck(browser, exclude) {
  const root = join(here, 'apps', 'adk');
  const cacheDir = join(here, '.build', `vite-cache-${exclude ? 'exclude' : 'default'}`);
  await rm(cacheDir, { recursive: true, force: true });
  const server = await viteServer({
    root,
    configFile: false,
    logLevel: 'silent',
    cacheDir,
    server: { host: '127.0.0.1', port: 0, strictPort: false, hmr: false },
    optimizeDeps: exclude ? { exclude: ['adk-stream-wasm'] } : { force: true },
  });
  await server.listen();
  try {
    const address = server.httpServer.address();
    return await appText(browser, `http://127.0.0.1:${address.port}/`);
  } finally {
    await server.close();
  }
}

export async function measureSize({ pkgDir, browser }) {
  const wasmFile = join(pkgDir, 'wasm', 'adk_stream_wasm_bg.wasm');
  const wasm = measure(await readFile(wasmFile));

  const glueFiles = (await readdir(pkgDir)).filter((f) => f.endsWith('.js')).sort();
  const entries = glueFiles.map((f) => `export * as ${f.replace(/\.js$/, '').replace(/\W/g, '_')} from './${f}';`).join('\n');
  // The hand-written glue alone: every pkg/*.js in one minified bundle, the bindings left out.
  const glue = measure(await bundle({ contents: entries, resolveDir: pkgDir, external: ['./wasm/adk_stream_wasm.js'] }));
  // The same files each minified on its own (the sum of their gzip sizes).
  let perFile = { raw: 0, gzip: 0, brotli: 0, min: 0 };
  for (const file of glueFiles) {
    const { code } = await transform(await readFile(join(pkgDir, file), 'utf8'), { minify: true, format: 'esm', loader: 'js' });
    const m = measure(Buffer.from(code));
    perFile = { raw: perFile.raw + (await stat(join(pkgDir, file))).size, min: perFile.min + m.raw, gzip: perFile.gzip + m.gzip, brotli: perFile.brotli + m.brotli };
  }
  const glueRaw = perFile.raw;
  // The wasm-bindgen generated bindings, minified.
  const bindingsPath = join(pkgDir, 'wasm', 'adk_stream_wasm.js');
  const bindings = {
    source: (await stat(bindingsPath)).size,
    ...measure(await bundle({ contents: await readFile(bindingsPath, 'utf8'), resolveDir: join(pkgDir, 'wasm') })),
  };
  // What an app's bundler takes in for one import: the entry, the glue it reaches and the bindings.
  const mainEntry = measure(await bundle({ contents: "export * from './index.js';", resolveDir: pkgDir }));
  const transportEntry = measure(await bundle({ contents: "export * from './transport.js';", resolveDir: pkgDir }));

  const plain = await viteApp('plain');
  const adk = await viteApp('adk');
  // The built app, served at the root as Vite's default base expects, must decide in Chromium.
  let built;
  const appServer = await serve({ routes: { '/': adk.outDir } });
  try {
    built = await appText(browser, `${appServer.origin}/index.html`);
  } finally {
    await appServer.close();
  }
  const devDefault = await devServerCheck(browser, false);
  const devExclude = await devServerCheck(browser, true);
  const added = {
    js: { raw: adk.js.raw - plain.js.raw, gzip: adk.js.gzip - plain.js.gzip, brotli: adk.js.brotli - plain.js.brotli },
    wasm: adk.wasm,
    total: { raw: adk.total.raw - plain.total.raw, gzip: adk.total.gzip - plain.total.gzip, brotli: adk.total.brotli - plain.total.brotli },
  };
  return {
    wasm,
    glue: { files: glueFiles, raw: glueRaw, bundled: glue, perFile },
    bindings,
    mainEntry,
    transportEntry,
    vite: { plain: { js: plain.js, wasm: plain.wasm, total: plain.total, files: plain.files }, adk: { js: adk.js, wasm: adk.wasm, total: adk.total, files: adk.files }, added, built, devDefault, devExclude },
  };
}
