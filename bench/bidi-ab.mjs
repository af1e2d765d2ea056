// The BIDI receive path alone (section 4 of the bench), for one or more builds of the package, in
// one process and one browser: how the gloo-net A/B in BENCHMARKS.md was measured. Each `--pkg=DIR`
// is an unpacked package (as pkg/ or the workspace's node_modules/adk-stream-wasm); the plain-JS baseline runs
// beside each one, interleaved, as in the full bench.
//
//   node bidi-ab.mjs --pkg=../node_modules/adk-stream-wasm [--pkg=OTHER ...] [--quick]
//
// Prints one JSON line per package: chunks/s into Chat and through a plain reader (library,
// baseline, ratio) and the added latency p50/p99 (socket dispatch → read from the stream).
import { join, resolve, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { launch, page, serve } from './lib/browser.mjs';
import { measureBidi } from './sections/bidi.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const argv = process.argv.slice(2);
const quick = argv.includes('--quick');
const pkgs = argv.filter((a) => a.startsWith('--pkg=')).map((a) => resolve(a.slice('--pkg='.length)));
if (pkgs.length === 0) pkgs.push(join(here, '..', 'node_modules', 'adk-stream-wasm'));
const settings = quick
  ? { frames: 10_000, throughputRuns: 1, latencyFrames: 500, latencyRuns: 1, profileFrames: 5_000 }
  : { frames: 100_000, throughputRuns: 3, latencyFrames: 3_000, latencyRuns: 2, profileFrames: 20_000 };
const log = (line) => process.stderr.write(`[bidi-ab] ${line}\n`);

await build({
  entryPoints: { bidi: join(here, 'pages', 'bidi.mjs') },
  bundle: true,
  format: 'esm',
  outdir: join(here, '.build', 'pages'),
  external: ['adk-stream-wasm', 'adk-stream-wasm/*'],
  define: { 'process.env.NODE_ENV': '"production"' },
  logLevel: 'warning',
});
const browser = await launch();
try {
  for (const pkgDir of pkgs) {
    const server = await serve({
      routes: { '/pkg/': pkgDir, '/build/': join(here, '.build', 'pages') },
      pages: { '/bidi.html': page({ script: '/build/bidi.js' }) },
    });
    try {
      const r = await measureBidi({ browser, origin: server.origin, ...settings, log });
      const ratio = (t) => Number((t.library / t.baseline).toFixed(3));
      const added = (p) => Math.round(r.latency.library.dispatchToRead[p] - r.latency.baseline.dispatchToRead[p]);
      console.log(JSON.stringify({
        pkg: pkgDir,
        chat: { library: Math.round(r.throughput.chat.library), baseline: Math.round(r.throughput.chat.baseline), ratio: ratio(r.throughput.chat) },
        reader: { library: Math.round(r.throughput.reader.library), baseline: Math.round(r.throughput.reader.baseline), ratio: ratio(r.throughput.reader) },
        rawFramesPerSecond: Math.round(r.throughput.raw),
        addedLatencyUs: { p50: added('p50'), p99: added('p99') },
        busyUsPerFrame: { library: Number(r.receiveProfile.library.busyUsPerFrame.toFixed(1)), baseline: Number(r.receiveProfile.baseline.busyUsPerFrame.toFixed(1)) },
      }));
    } finally {
      await server.close();
    }
  }
} finally {
  await browser.close();
}
