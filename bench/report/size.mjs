// Section 3 of BENCHMARKS.md: what the package adds to a Vite app (issue 16's size goals), by part
// and by module, and the package as shipped.
import { KB, code, int, kb } from './format.mjs';

// Issue 16's SSE goal; issue 25 brought the BIDI app's from 32 KB to 24 KB.
// Issue 42: Vue's and Svelte's chats, each against its own framework's baseline, have React's goals.
export const SIZE_GOALS = { sse: 16 * KB, bidi: 24 * KB, 'vue-sse': 16 * KB, 'vue-bidi': 24 * KB, 'svelte-sse': 16 * KB, 'svelte-bidi': 24 * KB };
/** Issue 25: what an app that runs get_location loads beyond the same app without it. */
export const GET_LOCATION_GOAL = 4 * KB;
const APP_LABEL = {
  baseline: 'baseline: `useChat` + `DefaultChatTransport`, AI SDK\'s approval helpers, no package',
  sse: 'SSE: `useAdkChat()` from `adk-stream-wasm/react/sse`, `approve`, `createAutoSend`',
  'sse-universal': 'SSE through `adk-stream-wasm/react`: the same, with the hook that takes either mode',
  bidi: 'BIDI: `useAdkChat({mode: \'bidi\'})` with `BidiTransport` (`adk-stream-wasm/transport`)',
  geolocation: 'get_location: the SSE app that also runs `getLocation()`',
  'vue-baseline': 'Vue baseline: AI SDK\'s Vue `Chat` + `DefaultChatTransport`, no package (one copy of `ai`, the one @ai-sdk/vue pins)',
  'vue-sse': 'Vue SSE: `useAdkChat()` from `adk-stream-wasm/vue/sse`, `approve`, `createAutoSend` (vs the Vue baseline)',
  'vue-bidi': 'Vue BIDI: `useAdkChat({mode: \'bidi\'})` from `adk-stream-wasm/vue/bidi` (vs the Vue baseline)',
  'svelte-baseline': 'Svelte baseline: AI SDK\'s Svelte `Chat` + `DefaultChatTransport`, no package (one copy of `ai`, the one @ai-sdk/svelte pins)',
  'svelte-sse': 'Svelte SSE: `new AdkChat()` from `adk-stream-wasm/svelte/sse`, `approve`, `createAutoSend` (vs the Svelte baseline)',
  'svelte-bidi': 'Svelte BIDI: `new AdkChat({mode: \'bidi\'})` from `adk-stream-wasm/svelte/bidi` (vs the Svelte baseline)',
};
const FRAMEWORK_ROWS = ['vue-baseline', 'vue-sse', 'vue-bidi', 'svelte-baseline', 'svelte-sse', 'svelte-bidi'];

const rawGzip = (m) => `${int(m.raw)} B | ${int(m.gzip)} B (${kb(m.gzip)})`;
const row = (label, m) => `| ${label} | ${int(m.raw)} B | ${int(m.gzip)} B (${kb(m.gzip)}) | ${int(m.brotli)} B |`;

function wasmLabel(app) {
  const assets = app.split.wasmAssets.filter((w) => w.loaded).map((w) => code(w.file));
  const embedded = app.split.parts.embedded.map((e) => `${int(e.wasmBytes)} B embedded as ${e.encoding ?? 'base64'} in ${code(e.file)}, ${int(e.wasmGzip)} B gzip as a .wasm file would be`);
  const where = [...assets.map((a) => `asset ${a}`), ...embedded];
  return where.length > 0 ? where.join('; ') : 'none found: no .wasm asset loaded and no hex or base64 module in the JS';
}

function appsTable(size) {
  const lines = [
    '| app | in Chromium | files loaded | loaded raw | loaded gzip -9 | added vs baseline, gzip | goal |',
    '|---|---|--:|--:|--:|--:|---|',
  ];
  for (const name of ['baseline', 'sse', 'sse-universal', 'bidi', 'geolocation', ...FRAMEWORK_ROWS].filter((n) => size.apps[n])) {
    const app = size.apps[name].plain;
    const files = app.files.filter((f) => f.loaded).length;
    // The get_location app is judged against the SSE app it extends, not the baseline.
    const versusSse = name === 'geolocation';
    const added = versusSse ? size.added.getLocation : size.added[name];
    const goal = versusSse ? GET_LOCATION_GOAL : SIZE_GOALS[name];
    const verdict = goal === undefined ? '' : added.loaded.gzip <= goal ? `≤ ${kb(goal)}: **met**` : `≤ ${kb(goal)}: **not met**, ${kb(added.loaded.gzip - goal)} over (${(added.loaded.gzip / goal).toFixed(1)}×)`;
    const addedCell = added ? `**+${int(added.loaded.gzip)} B (${kb(added.loaded.gzip)})**${versusSse ? ' vs the SSE app' : ''}` : '–';
    lines.push(
      `| ${APP_LABEL[name]} | ${app.run.ok ? code(app.run.text) : `FAILED (${code(app.run.text)}; ${app.run.errors.join('; ')})`} | ${files} | ${int(app.loaded.raw)} B | ${int(app.loaded.gzip)} B | ${addedCell} | ${verdict} |`,
    );
  }
  return lines;
}

function partsTable(size) {
  const { sse, bidi } = size.added;
  const lines = [
    '| part | SSE raw | SSE gzip -9 | BIDI raw | BIDI gzip -9 |',
    '|---|--:|--:|--:|--:|',
    `| WebAssembly (SSE: ${wasmLabel(size.apps.sse)}; BIDI: ${wasmLabel(size.apps.bidi)}) | ${rawGzip(sse.wasm)} | ${rawGzip(bidi.wasm)} |`,
    `| generated bindings (wasm-bindgen's JS, \`wasm/\`) | ${rawGzip(sse.bindings)} | ${rawGzip(bidi.bindings)} |`,
    `| hand-written glue (\`*.js\`) | ${rawGzip(sse.glue)} | ${rawGzip(bidi.glue)} |`,
  ];
  const sum = (a) => ({ raw: a.wasm.raw + a.bindings.raw + a.glue.raw, gzip: a.wasm.gzip + a.bindings.gzip + a.glue.gzip });
  lines.push(
    `| = the package's modules, each minified and gzipped in a chunk of its own | ${rawGzip(sum(sse))} | ${rawGzip(sum(bidi))} |`,
    `| the rest: app code and library code only the package pulls in, less what one chunk saves over many | ${int(sse.rest.raw)} B | ${int(sse.rest.gzip)} B | ${int(bidi.rest.raw)} B | ${int(bidi.rest.gzip)} B |`,
    `| **added in the build as Vite makes it (what the page downloads)** | **${int(sse.loaded.raw)} B** | **${int(sse.loaded.gzip)} B (${kb(sse.loaded.gzip)})** | **${int(bidi.loaded.raw)} B** | **${int(bidi.loaded.gzip)} B (${kb(bidi.loaded.gzip)})** |`,
    `| goal (issues 16 and 25) | | ≤ ${kb(SIZE_GOALS.sse)} | | ≤ ${kb(SIZE_GOALS.bidi)} |`,
  );
  return lines;
}

function modulesTable(size) {
  const byModule = new Map();
  for (const name of ['sse', 'bidi']) {
    for (const m of size.apps[name].split.modules) {
      const key = m.modules.join(' + ');
      if (!byModule.has(key)) byModule.set(key, { key, m, in: {} });
      byModule.get(key).in[name] = m.loaded ? 'loaded' : 'emitted, not loaded';
    }
  }
  const lines = [
    '| module (its own chunk) | part | raw | gzip -9 | SSE app | BIDI app |',
    '|---|---|--:|--:|---|---|',
  ];
  const partName = (p) => (p.wasm.raw > 0 ? `wasm (embedded, ${int(p.wasm.gzip)} B gzip) + ` : '') + (p.bindings.raw > 0 ? 'generated bindings' : 'hand-written glue');
  const entries = [...byModule.values()].sort((a, b) => b.m.whole.gzip - a.m.whole.gzip);
  for (const { key, m, in: where } of entries) {
    lines.push(`| ${code(key)} | ${partName(m.parts)} | ${int(m.whole.raw)} B | ${int(m.whole.gzip)} B | ${where.sse || '–'} | ${where.bidi || '–'} |`);
  }
  const assets = new Map();
  for (const name of ['sse', 'bidi']) for (const w of size.apps[name].split.wasmAssets) assets.set(w.file, w);
  const status = (name, file) => {
    const w = size.apps[name].split.wasmAssets.find((x) => x.file === file);
    return !w ? '–' : w.loaded ? 'loaded' : 'emitted, not loaded';
  };
  for (const [file, w] of assets) {
    lines.push(`| ${code(file)} (asset) | wasm | ${int(w.raw)} B | ${int(w.gzip)} B | ${status('sse', file)} | ${status('bidi', file)} |`);
  }
  return lines;
}

function packageTable(size) {
  const lines = ['| what | raw | gzip -9 | brotli -11 |', '|---|--:|--:|--:|'];
  for (const m of size.modules) {
    const encoding = m.encoding ?? 'base64';
    lines.push(row(`WebAssembly module ${code(m.name)} (${m.source === 'file' ? 'a .wasm file' : `embedded as ${encoding} in JS`}; the module's bytes)`, m));
    for (const [text, measured] of [['hex', m.asHex], ['base64', m.asBase64]]) {
      const ships = m.source === 'embedded' && encoding === text ? 'as it ships' : 'as it would ship';
      if (measured) lines.push(row(`the same module as ${text} text, ${ships} embedded in JS (+${int(measured.gzip - m.gzip)} B gzip)`, measured));
    }
  }
  if (size.modules.length === 0) lines.push('| WebAssembly module | none found | | |');
  const g = size.glue;
  lines.push(
    row(`hand-written glue (${g.files.length} files, ${int(g.raw)} B of source), minified into one bundle`, g.bundled.js),
    `| the same files minified one by one (sum of ${g.files.length}) | ${int(g.perFile.min)} B | ${int(g.perFile.gzip)} B (${kb(g.perFile.gzip)}) | ${int(g.perFile.brotli)} B |`,
  );
  for (const b of size.bindings) {
    lines.push(row(`wasm-bindgen bindings ${code(b.file)} (${int(b.source)} B of source), minified${b.wasm.raw > 0 ? ', without the embedded module' : ''}`, b.js));
  }
  const entry = (label, e) => row(`${label}${e.wasm.raw > 0 ? ` (of which embedded wasm ${int(e.wasm.gzip)} B gzip)` : ''}`, e);
  lines.push(
    entry('main entry `adk-stream-wasm` bundled and minified (its glue and the bindings)', size.mainEntry),
    entry('`adk-stream-wasm/transport` bundled and minified', size.transportEntry),
  );
  return lines;
}

export function sizeSection(size, machine) {
  const { devDefault, devExclude } = size.dev;
  const devLine = (d) => (d.ok ? `decides (${code(d.text)}; \`.wasm\` requested: ${d.wasmRequests.map(code).join(', ') || 'none'})` : `**fails** (${d.errors.map(code).join('; ') || 'no decision within 30 s'})`);
  return [
    '## 3. Package size',
    '',
    `**What the package adds to an app.** Vite ${machine.vite} production builds (no config, no plugin) of four tiny React 19 chats in \`bench/size-apps/\`, each starting from the same approved payment and showing the decision. Each build is served statically and opened in headless Chromium; it counts the files the page loaded (a lazily imported chunk the page never asks for is not downloaded), each gzipped -9 on its own. The package is the packed tarball of \`pkg/\`, installed as an app installs it.`,
    '',
    ...appsTable(size),
    '',
    'By part. The package\'s bytes come from a second build of each app in which every module of `adk-stream-wasm` is a chunk of its own (rolldown\'s `codeSplitting` groups, dependencies not pulled along), so each minified byte is attributed to the module it comes from; a WebAssembly module embedded in JS as base64 is found by its magic number and counted as WebAssembly (its literal\'s bytes, and what it adds to its chunk\'s gzip). Chunks gzipped one by one compress worse than one bundle, which is most of the negative "rest".',
    '',
    ...partsTable(size),
    '',
    ...modulesTable(size),
    '',
    '**The package as shipped** (`pkg/`, before any app bundles it):',
    '',
    ...packageTable(size),
    '',
    `**Vite's dev server** (the SSE app, no config): ${devLine(devDefault)}. With the README's Vite 7 config (\`optimizeDeps: { exclude: ['adk-stream-wasm'], include: ['ai', '@ai-sdk/react'] }\`): ${devLine(devExclude)}.`,
    '',
  ];
}
