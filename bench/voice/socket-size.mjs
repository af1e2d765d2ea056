// What the BIDI transport's `socket: 'worker'` costs the apps that do not use it, and what it weighs
// for those that do (gzip -9 bytes), against the package before it (a commit: the branch's base).
//   - the `transport` entry bundled by esbuild with code splitting: what loads at first (the entry
//     and what it imports statically) and the chunk loaded only with the option;
//   - Vite's production build of the BIDI size app (bench/size-apps/bidi: useAdkChat in BIDI mode,
//     without the option): its JS, less the chunks loaded only with the option (transport/bidi/worker/main-thread.js)
//     and the worker file, which Vite emits apart and a page without the option never fetches;
//   - the worker file itself, minified.
//
//   node bench/voice/socket-size.mjs [--base=COMMIT] [--pkg=DIR]
//
// COMMIT: the package's JS as it was there (default: the merge base with main); the WebAssembly
// and everything else come from the built package (pkg/, or --pkg).
import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build as esbuild } from 'esbuild';
import { build as vite } from 'vite';

const here = dirname(fileURLToPath(import.meta.url));
const root = resolve(here, '../..');
const args = Object.fromEntries(process.argv.slice(2).map((a) => a.replace(/^--/, '').split('=')).map(([k, v = 'true']) => [k, v]));
const pkgDir = resolve(args.pkg || join(root, 'pkg'));
const git = (...a) => execFileSync('git', a, { cwd: root, encoding: 'utf8' }).trim();
const base = args.base || git('merge-base', 'HEAD', 'main');
const gz = (text) => gzipSync(Buffer.from(text), { level: 9 }).length;
// The worker's two modules (transport/bidi/worker/main-thread.js and worker.js; before issue 33's
// layout, worker-socket.js and bidi-socket-worker.js), by module path or emitted file name.
const ONLY_WITH_OPTION = /worker-socket|bidi-socket-worker|worker[\\/](?:main-thread|worker)\.js|(?:^|\/)(?:main-thread|worker)-[\w-]+\.js$/;

/** The built package with its JS files as they were at `base` (new files removed). */
function basePackage(dir) {
  cpSync(pkgDir, dir, { recursive: true });
  const then = new Set(git('ls-tree', '--name-only', `${base}:js`).split('\n'));
  for (const file of readdirSync(dir).filter((f) => f.endsWith('.js'))) {
    if (then.has(file)) writeFileSync(join(dir, file), execFileSync('git', ['show', `${base}:js/${file}`], { cwd: root }));
    else rmSync(join(dir, file));
  }
}

async function transportEntry(dir) {
  const out = await esbuild({
    stdin: { contents: "import { BidiTransport } from './transport.js'; globalThis.t = BidiTransport;", resolveDir: dir, loader: 'js' },
    bundle: true, minify: true, format: 'esm', splitting: true, outdir: join(dir, '.out'), absWorkingDir: dir, write: false, logLevel: 'silent', metafile: true,
  });
  let first = 0, optional = 0;
  for (const file of out.outputFiles) {
    const inputs = Object.keys(out.metafile.outputs[relative(dir, file.path)].inputs);
    if (inputs.some((i) => ONLY_WITH_OPTION.test(i))) optional += gz(file.text);
    else first += gz(file.text);
  }
  return { first, optional };
}

async function viteApp(dir) {
  const result = await vite({
    root: join(root, 'bench/size-apps/bidi'), configFile: false, logLevel: 'silent',
    resolve: { alias: [{ find: /^adk-stream-wasm(?=\/|$)/, replacement: dir }] },
    build: { write: false },
  });
  let loaded = 0, optional = 0;
  for (const item of [].concat(result).flatMap((o) => o.output)) {
    const text = item.type === 'chunk' ? item.code : item.source;
    if (!/\.js$/.test(item.fileName)) continue;
    const onlyWithOption = item.type === 'chunk' ? item.moduleIds.length > 0 && item.moduleIds.every((id) => ONLY_WITH_OPTION.test(id)) : ONLY_WITH_OPTION.test(item.fileName);
    if (onlyWithOption) optional += gz(text);
    else loaded += gz(text);
  }
  return { loaded, optional };
}

// Inside the repository, so that the base package's react, ai and @ai-sdk/react resolve as pkg/'s do.
mkdirSync(join(root, 'node_modules/.cache'), { recursive: true });
const tmp = mkdtempSync(join(root, 'node_modules/.cache/adk-socket-size-'));
try {
  const before = join(tmp, 'before');
  basePackage(before);
  const worker = (await esbuild({ entryPoints: [join(pkgDir, 'transport/bidi/worker/worker.js')], minify: true, write: false, format: 'esm' })).outputFiles[0].text;
  const t0 = await transportEntry(before), t1 = await transportEntry(pkgDir);
  const v0 = await viteApp(before), v1 = await viteApp(pkgDir);
  const sign = (n) => (n >= 0 ? `+${n}` : String(n));
  console.log(`base ${base.slice(0, 7)}; gzip -9 bytes`);
  console.log('| what | before | now | added |');
  console.log('|---|---|---|---|');
  console.log(`| \`transport\` entry (esbuild, split), loaded at first | ${t0.first} | ${t1.first} | ${sign(t1.first - t0.first)} |`);
  console.log(`| Vite BIDI app (useAdkChat, no option), the JS a page loads | ${v0.loaded} | ${v1.loaded} | ${sign(v1.loaded - v0.loaded)} |`);
  console.log(`| only with \`socket: 'worker'\`: main-thread.js (esbuild chunk / Vite chunk) | | ${t1.optional} / ${v1.optional - gz(worker)} | |`);
  console.log(`| only with \`socket: 'worker'\`: bidi-socket-worker.js, minified | | ${gz(worker)} | |`);
} finally {
  rmSync(tmp, { recursive: true, force: true });
}
