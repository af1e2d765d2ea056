// The benchmark command (scripts/bench.sh runs it after installing the built pkg/ here): runs every
// section, prints the budgets and writes BENCHMARKS.md. Fails on a wrong answer, never on a budget.
//
//   node run.mjs [--out=BENCHMARKS.md (relative to the repository)] [--quick | --render]
//
// --quick runs a few rounds of everything (to try the bench itself; its numbers are not a report).
// --render writes the report again from the last run's results (bench/.build/results.json).
// --decision runs the decision sections only (Node and Chromium: the message sets, the fresh
// decisions, the real shapes) and prints their tables; it writes nothing (bench/.build aside).
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, availableParallelism, release } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { launch, page, serve } from './lib/browser.mjs';
import { variants, makeSet } from './lib/messages.mjs';
import { decisionInChromium, decisionInNode } from './sections/decision.mjs';
import { measureSize } from './sections/size.mjs';
import { measureWasmContents } from './sections/wasm-contents.mjs';
import { wasmModulesIn } from './lib/wasm-find.mjs';
import { measureStartup } from './sections/startup.mjs';
import { measureBidi } from './sections/bidi.mjs';
import { profileDecision, useBindingsSource } from './sections/profile.mjs';
import { DETAIL_FILE, renderReport, summaryTable } from './report.mjs';
import { decisionReport } from './report/decision-shapes.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const root = resolve(here, '..');
const args = Object.fromEntries(process.argv.slice(2).map((a) => {
  const [k, v = 'true'] = a.replace(/^--/, '').split('=');
  return [k, v];
}));
const quick = args.quick === 'true';
const decisionOnly = args.decision === 'true';
const out = resolve(root, args.out ?? 'BENCHMARKS.md');
// The JS workspace's node_modules (the root's): the packed package, AI SDK and Vite.
const modules = join(root, 'node_modules');
const pkgDir = join(modules, 'adk-stream-wasm');
const symbolsDir = process.env.BENCH_SYMBOLS_PKG || null;

const settings = quick
  ? { rounds: 9, batchMs: 1, chromiumRounds: 7, frames: 10_000, throughputRuns: 1, latencyFrames: 500, latencyRuns: 1, profileFrames: 5_000, profileRuns: 1, startupSamples: 3, startupRounds: 3 }
  : { rounds: 101, batchMs: 2, chromiumRounds: 61, frames: 100_000, throughputRuns: 3, latencyFrames: 3_000, latencyRuns: 2, profileFrames: 20_000, profileRuns: 5, startupSamples: 21, startupRounds: 101 };

const started = performance.now();
const log = (line) => process.stderr.write(`[bench ${((performance.now() - started) / 1000).toFixed(0).padStart(3)} s] ${line}\n`);

function text(command, argv, options = {}) {
  try {
    return execFileSync(command, argv, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'], ...options }).trim();
  } catch {
    return '';
  }
}

/** BENCHMARKS.md (committed) and the raw tables (not committed); they speak of the project, not of
 *  this machine's folders. */
function writeReport({ summary, detail }) {
  writeFileSync(out, summary.replaceAll(root, '<repo>'));
  writeFileSync(resolve(root, DETAIL_FILE), detail.replaceAll(root, '<repo>'));
}

// --render: write BENCHMARKS.md again from the last run's results (after a change to report.mjs).
if (args.render === 'true') {
  const data = JSON.parse(readFileSync(join(here, '.build', 'results.json'), 'utf8'));
  writeReport(renderReport(data));
  process.stdout.write(`${summaryTable(data)}\nwrote ${out} and ${DETAIL_FILE} from the last run's results\n`);
  process.exit(0);
}

if (!existsSync(join(pkgDir, 'index.js'))) {
  throw new Error('adk-stream-wasm is not installed in the workspace\'s node_modules: run scripts/bench.sh (it installs the built pkg/)');
}

// Every WebAssembly module the package ships, as .wasm files or embedded in its JS.
const wasmModules = await wasmModulesIn(pkgDir);
if (wasmModules.length === 0) throw new Error(`no WebAssembly module found in ${pkgDir} (neither a .wasm file nor one embedded in its JS)`);
const wasmHash = createHash('sha256');
for (const m of wasmModules) wasmHash.update(m.bytes);
const bindingsFile = join(pkgDir, 'wasm', 'adk_stream_wasm.js');
if (existsSync(bindingsFile)) useBindingsSource(readFileSync(bindingsFile, 'utf8'));
const machine = {
  date: new Date().toISOString().replace(/\.\d+Z$/, 'Z'),
  nproc: text('nproc') || String(availableParallelism()),
  cpu: (readFileSync('/proc/cpuinfo', 'utf8').match(/^model name\s*:\s*(.+)$/m) || [])[1] || cpus()[0]?.model || 'unknown',
  node: process.version,
  os: `Linux ${release()}`,
  loadStart: Number(loadavg()[0].toFixed(2)),
  commit: text('git', ['rev-parse', '--short', 'HEAD'], { cwd: root }) || 'unknown',
  dirty: text('git', ['status', '--porcelain', '--', 'src', 'js', 'Cargo.toml', 'Cargo.lock'], { cwd: root }) !== '',
  wasmSha256: wasmHash.digest('hex'),
  wasmModules: wasmModules.map((m) => m.name),
  ai: JSON.parse(readFileSync(join(modules, 'ai', 'package.json'), 'utf8')).version,
  aiReact: JSON.parse(readFileSync(join(modules, '@ai-sdk', 'react', 'package.json'), 'utf8')).version,
  vite: JSON.parse(readFileSync(join(modules, 'vite', 'package.json'), 'utf8')).version,
};

// The browser pages, bundled; `adk-stream-wasm` stays external and comes from the served package.
log('bundling the bench pages');
await build({
  entryPoints: { decision: join(here, 'pages', 'decision.mjs'), bidi: join(here, 'pages', 'bidi.mjs') },
  bundle: true,
  format: 'esm',
  outdir: join(here, '.build', 'pages'),
  external: ['adk-stream-wasm', 'adk-stream-wasm/*'],
  define: { 'process.env.NODE_ENV': '"production"' },
  logLevel: 'warning',
});

log(`decision cost in Node (${settings.rounds} rounds)`);
const { node, conversations } = await decisionInNode({ rounds: settings.rounds, batchMs: settings.batchMs });

const browser = await launch();
machine.chromium = browser.version();
const pages = {
  '/decision.html': page({ script: '/build/decision.js' }),
  '/bidi.html': page({ script: '/build/bidi.js' }),
};
const server = await serve({ routes: { '/pkg/': pkgDir, '/build/': join(here, '.build', 'pages') }, pages });

let data;
let decisionData;
try {
  log(`decision cost in Chromium ${machine.chromium} (${settings.chromiumRounds} rounds)`);
  const chromium = await decisionInChromium({ browser, origin: server.origin, rounds: settings.chromiumRounds, batchMs: settings.batchMs, conversations, log });
  if (decisionOnly) decisionData = { machine, node, chromium };
  else data = await measureTheRest(chromium);
} finally {
  await browser.close();
  await server.close();
}

if (decisionData) {
  machine.loadEnd = Number(loadavg()[0].toFixed(2));
  writeFileSync(join(here, '.build', 'decision-results.json'), JSON.stringify(decisionData, null, 1));
  process.stdout.write(`${decisionReport(decisionData).join('\n')}\n`);
  process.exit(0);
}
writeFileSync(join(here, '.build', 'results.json'), JSON.stringify(data, null, 1));
// The report speaks of the project, not of this machine's folders.
const report = renderReport(data);
if (!quick) writeReport(report);
process.stdout.write(`${report.summary.replaceAll(root, '<repo>')}\n`);
process.stdout.write(`\n== Budgets ==\n${summaryTable(data)}\n`);
log(quick ? 'quick run: BENCHMARKS.md left alone' : `wrote ${out}`);

/** Every section after the decision's (sizes, the WebAssembly's contents, start-up, BIDI, profiles):
 *  the results the report reads. */
async function measureTheRest(chromium) {
  log('package size and the Vite apps');
  const size = await measureSize({ pkgDir, browser, log });
  log('what is inside the WebAssembly (twiggy)');
  const wasmContents = await measureWasmContents({ modules: wasmModules, namesDir: process.env.BENCH_NAMES_DIR || null, workDir: join(here, '.build', 'wasm-contents') });
  log(`start-up (cold: ${settings.startupRounds} rounds of the bundled pages, ${settings.startupSamples} of the pages as published; warm: ${settings.startupSamples})`);
  const startup = await measureStartup({ browser, pkgDir, libDir: join(here, 'lib'), samples: settings.startupSamples, rounds: settings.startupRounds });
  log(`BIDI receive path (${settings.frames} frames)`);
  const bidi = await measureBidi({
    browser,
    origin: server.origin,
    frames: settings.frames,
    throughputRuns: settings.throughputRuns,
    latencyFrames: settings.latencyFrames,
    latencyRuns: settings.latencyRuns,
    profileFrames: settings.profileFrames,
    profileRuns: settings.profileRuns,
    log,
  });
  log('profile of a library call (node --cpu-prof)');
  const profile = await profileDecision({ pkgDir, seconds: quick ? 1 : 3 });
  const symbols = symbolsDir ? await profileDecision({ pkgDir: symbolsDir, seconds: quick ? 1 : 3 }) : null;
  log('profile of a fresh library call (each call another snapshot of the last message)');
  const freshProfile = await profileDecision({ pkgDir, seconds: quick ? 1 : 3, fresh: true });
  const freshSymbols = symbolsDir ? await profileDecision({ pkgDir: symbolsDir, seconds: quick ? 1 : 3, fresh: true }) : null;
  machine.loadEnd = Number(loadavg()[0].toFixed(2));
  machine.runSeconds = Math.round((performance.now() - started) / 1000);
  return {
    machine,
    settings: { rounds: settings.rounds, chromiumRounds: settings.chromiumRounds, batchMs: settings.batchMs },
    variantCount: Object.keys(variants(makeSet({ history: 1, outputBytes: 100, toolParts: 1 }))).length - 1,
    node,
    chromium,
    size,
    wasmContents,
    startup,
    bidi,
    profile,
    symbols,
    freshProfile,
    freshSymbols,
  };
}
