// Turns the measurements into BENCHMARKS.md (the goals, the first round's budgets, how to reproduce,
// the design decisions) and into the raw tables of the detail file, one section each. Section 3
// (size) and the goals table live in report/.

import { KB, int, fixed, ratio, kb, bytesAndKb, pct, signed, verdict } from './report/format.mjs';
import { goalsTable, GOALS } from './report/goals.mjs';
import { sizeSection } from './report/size.mjs';
import { wasmContentsSection } from './report/wasm-contents.mjs';
import { startupSection } from './report/startup.mjs';
import { shapesSections } from './report/decision-shapes.mjs';

import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** A section measured by its own command, not by this run, carried over into the detail as it is
 *  (the voice's, bench/voice.md). Measurements that decided a design are docs/decisions/ records. */
function carriedOver(name) {
  const file = join(dirname(fileURLToPath(import.meta.url)), name);
  return existsSync(file) ? [readFileSync(file, 'utf8').trimEnd(), ''] : [];
}

/** Issue 26's voice goals against the usual recorder and player: the budget table that
 *  `node bench/voice/run.mjs` wrote to bench/voice/results.md (its own run, fake microphone). */
export function voiceGoals() {
  const file = join(dirname(fileURLToPath(import.meta.url)), 'voice', 'results.md');
  if (!existsSync(file)) return [];
  const lines = readFileSync(file, 'utf8').split('\n');
  const table = lines.slice(lines.findIndex((l) => l.startsWith('| budget')));
  const rows = table.slice(0, table.findIndex((l) => !l.startsWith('|')));
  const goals = rows.slice(2).filter((l) => /\| (yes|NO) \|$/.test(l));
  const met = goals.filter((l) => l.endsWith('| yes |')).length;
  const stamp = lines[0].replace(/^<!-- (written by node bench\/voice\/run.mjs on )?|-->$/g, '').trim();
  return [
    `## Issue 26's voice goals: ${met} of ${goals.length} met`,
    '',
    `From \`node bench/voice/run.mjs\` (${stamp}), against the usual way (bench/voice/usual.js: a post per 128-sample quantum, conversion on the main thread); how each is measured is in bench/voice.md.`,
    '',
    ...rows,
    '',
  ];
}

const BUDGET = {
  vsBaseline: 3,
  vsAiSdk: 3,
  nodeTwentyToolsNs: 2000,
  growth: 1.5,
  wasmGzip: 40 * KB,
  glueGzip: 5 * KB,
  addedLatencyP99Us: 50,
  startupMs: 20,
};

function worst(results, f) {
  let best = null;
  for (const r of results) {
    const value = f(r);
    if (best === null || value > best.value) best = { value, name: r.name };
  }
  return best;
}

function growth(results, dimension) {
  // Pairs of sets that differ only in `dimension`: smallest vs largest value.
  const key = (r) => ['history', 'outputBytes', 'toolParts'].filter((d) => d !== dimension).map((d) => r[d]).join('/');
  const groups = new Map();
  for (const r of results) {
    if (!groups.has(key(r))) groups.set(key(r), []);
    groups.get(key(r)).push(r);
  }
  const pairs = [];
  for (const list of groups.values()) {
    list.sort((a, b) => a[dimension] - b[dimension]);
    const [small, large] = [list[0], list[list.length - 1]];
    pairs.push({ small, large, library: large.ns.library / small.ns.library, baseline: large.ns.baseline / small.ns.baseline });
  }
  return pairs;
}

/** `goals`: show issue 16's per-call goal beside each set (the Node table). */
function decisionTable(results, goals = false) {
  const goalOf = (r) => (r.toolParts === 1 ? GOALS.nodeOneToolNs : r.toolParts === 20 ? GOALS.nodeTwentyToolsNs : null);
  const goalCell = (r) => {
    const g = goalOf(r);
    if (g === null) return ' |';
    return ` ≤ ${fixed(g / 1000, 1)} µs: ${r.ns.library <= g ? '**met**' : `not met (${fixed(r.ns.library / g)}×)`} |`;
  };
  const lines = [
    `| message set | library | plain JS | AI SDK approval helper | AI SDK tool-call helper | library ÷ plain JS | library ÷ approval helper | library ÷ tool-call helper |${goals ? ' issue 16 goal |' : ''}`,
    `|---|--:|--:|--:|--:|--:|--:|--:|${goals ? '---|' : ''}`,
  ];
  for (const r of results) {
    const { library, baseline, aiApproval, aiToolCalls } = r.ns;
    lines.push(`| ${r.name} | ${int(library)} ns | ${int(baseline)} ns | ${int(aiApproval)} ns | ${int(aiToolCalls)} ns | ${ratio(library / baseline)} | ${ratio(library / aiApproval)} | ${ratio(library / aiToolCalls)} |${goals ? goalCell(r) : ''}`);
  }
  return lines.join('\n');
}

/** The parts of one library call (medians of separately timed pieces; they need not add up exactly). */
export function parts(ns) {
  const { library, summarize, summarizeThenDecide, engineDecide, crossing } = ns;
  return {
    library,
    summarize,
    flatten: summarizeThenDecide - summarize - engineDecide,
    crossing: crossing ?? NaN,
    wasm: engineDecide - (crossing ?? 0),
    glue: library - summarizeThenDecide,
  };
}

/** Section 1's split of one call, when the package still has the pieces it times (its summary and engine). */
function inParts(nodeResults, chromiumResults) {
  if (nodeResults[0]?.ns.summarize === undefined) {
    return ['### One library call, in parts', '', 'Not measured: the package no longer has the pieces this split times (`summarize` and the bindings\' `AutoSendEngine.decide` on a summary string), so calls are timed whole.', ''];
  }
  return [
    '### One library call, in parts (Node)',
    '',
    'Each part is timed on its own in the same rounds: `summarize` alone; the engine on a summary built fresh each call minus the engine on a ready (flat) one, which is the cost of flattening the freshly concatenated string; a WebAssembly export that receives the same string and does almost nothing (`isToolType`, a prefix check), which is the cost of the crossing; the engine on the ready summary minus that crossing; the whole call minus the engine on a fresh summary, which is the `createAutoSend` wrapper. Medians of separately timed pieces need not add up exactly; a few ns either way (negative included) is noise.',
    '',
    breakdownTable(nodeResults),
    '',
    '### One library call, in parts (Chromium)',
    '',
    breakdownTable(chromiumResults),
    '',
  ];
}

function breakdownTable(results) {
  const lines = [
    '| message set | whole call | JS summary (`summarize`) | flattening the fresh summary string | the string into WebAssembly (a bare crossing) | parse and decide in WebAssembly | `createAutoSend` wrapper | summary length |',
    '|---|--:|--:|--:|--:|--:|--:|--:|',
  ];
  for (const r of results) {
    const p = parts(r.ns);
    lines.push(`| ${r.name} | ${int(p.library)} ns | ${int(p.summarize)} ns | ${int(p.flatten)} ns | ${int(p.crossing)} ns | ${int(p.wasm)} ns | ${int(p.glue)} ns | ${r.summaryLength ?? '–'} chars |`);
  }
  return lines.join('\n');
}

function growthTable(node, chromium, dimension, label) {
  const lines = [`| ${label} | Node: library | Node: plain JS | Chromium: library | Chromium: plain JS |`, '|---|--:|--:|--:|--:|'];
  const n = growth(node, dimension);
  const c = growth(chromium, dimension);
  for (let i = 0; i < n.length; i++) {
    lines.push(`| ${n[i].small.name} → ${n[i].large.name} | ${ratio(n[i].library)} | ${ratio(n[i].baseline)} | ${ratio(c[i].library)} | ${ratio(c[i].baseline)} |`);
  }
  return lines.join('\n');
}

export function budgets(data) {
  const { node, chromium, size, bidi, startup } = data;
  const lines = [];
  const add = (name, v) => lines.push({ name, ...v });
  for (const [env, results] of [['Node', node.results], ['Chromium', chromium.results]]) {
    const b = worst(results, (r) => r.ns.library / r.ns.baseline);
    add(`Decision ≤ 3× the plain-JS baseline at every message set (${env}; worst: ${b.name})`, verdict({ value: b.value, limit: BUDGET.vsBaseline, show: ratio, factor: true }));
    const a = worst(results, (r) => r.ns.library / r.ns.aiApproval);
    add(`Decision ≤ 3× AI SDK's \`lastAssistantMessageIsCompleteWithApprovalResponses\` at every set (${env}; worst: ${a.name})`, verdict({ value: a.value, limit: BUDGET.vsAiSdk, show: ratio, factor: true }));
    const t = worst(results, (r) => r.ns.library / r.ns.aiToolCalls);
    add(`Decision ≤ 3× AI SDK's \`lastAssistantMessageIsCompleteWithToolCalls\` at every set (${env}; worst: ${t.name})`, verdict({ value: t.value, limit: BUDGET.vsAiSdk, show: ratio, factor: true }));
  }
  const twenty = worst(node.results.filter((r) => r.toolParts === 20), (r) => r.ns.library);
  add(`Decision ≤ 2 µs per call in Node, last message of 20 tool parts (worst: ${twenty.name})`, verdict({ value: twenty.value, limit: BUDGET.nodeTwentyToolsNs, show: (ns) => `${fixed(ns / 1000)} µs` }));
  for (const [dimension, label] of [['history', '1 → 10,000 history messages'], ['outputBytes', '100 B → 1 MB outputs']]) {
    for (const [env, results] of [['Node', node.results], ['Chromium', chromium.results]]) {
      const pairs = growth(results, dimension);
      const w = pairs.reduce((a, p) => (p.library > a.library ? p : a));
      add(`Flat growth ≤ 1.5×, ${label} (${env}; worst: ${w.large.name})`, verdict({ value: w.library, limit: BUDGET.growth, show: ratio, factor: true }));
    }
  }
  add(`WebAssembly ≤ 40 KB gzip -9 (${size.modules.length === 1 ? 'the one module' : `all ${size.modules.length} modules`} the package ships)`, verdict({ value: size.wasm.gzip, limit: BUDGET.wasmGzip, show: bytesAndKb, gap: (b) => `${int(b)} B (${kb(b)})` }));
  add('JS glue ≤ 5 KB gzip (hand-written `pkg/*.js`, all entries, minified by esbuild into one bundle)', verdict({ value: size.glue.bundled.js.gzip, limit: BUDGET.glueGzip, show: bytesAndKb, gap: (b) => `${int(b)} B` }));
  add('JS glue ≤ 5 KB gzip, counting the wasm-bindgen bindings an app also loads (main entry `adk-stream-wasm` bundled)', verdict({ value: size.mainEntry.js.gzip, limit: BUDGET.glueGzip, show: bytesAndKb, gap: (b) => `${int(b)} B` }));
  const chat = bidi.throughput.chat;
  add('BIDI throughput ≥ the plain-JS baseline (chunks/s into AI SDK Chat)', verdict({ value: chat.library / chat.baseline, limit: 1, atMost: false, show: (r) => `${fixed(r)}× of baseline` }));
  const addedP99 = bidi.latency.library.dispatchToRead.p99 - bidi.latency.baseline.dispatchToRead.p99;
  add('BIDI added latency p99 ≤ 50 µs (socket dispatch → read from the stream, library − baseline)', verdict({ value: addedP99, limit: BUDGET.addedLatencyP99Us, show: (us) => `${fixed(us, 0)} µs` }));
  for (const [k, label] of [['cold', 'cold: a fresh context per sample'], ['warm', 'warm: a fresh page per sample in a context that loaded the package before']]) {
    const v = verdict({ value: startup[k].library.firstDecisionMs, limit: BUDGET.startupMs, show: (ms) => `${fixed(ms, 1)} ms` });
    v.text += `; the plain-JS baseline's one-module import and decision take ${fixed(startup[k].baseline.firstDecisionMs, 1)} ms on the same pages`;
    add(`Start-up ≤ 20 ms (import → first decision, headless Chromium, ${label}, median)`, v);
  }
  return lines;
}

function whereTheTimeGoes(data) {
  const { node, profile, symbols } = data;
  const out = [];
  const r = node.results.find((x) => x.history === 100 && x.outputBytes === 100 && x.toolParts === 20);
  if (r && r.ns.summarize !== undefined) {
    const p = parts(r.ns);
    const share = (x) => pct(x / p.library);
    out.push(
      `A steady-state library call on **${r.name}** takes ${int(p.library)} ns in Node; the plain-JS baseline takes ${int(r.ns.baseline)} ns for the same answer. ` +
        `Its parts, each timed on its own in the same interleaved rounds (section 1, "in parts"): ` +
        `building the ${r.summaryLength}-character summary in JS, ${int(p.summarize)} ns (${share(p.summarize)}); ` +
        `flattening that freshly concatenated string, which V8 does on its first character read (the engine given a fresh summary costs this much more than given a flat one), ${int(p.flatten)} ns (${share(p.flatten)}); ` +
        `copying the string into WebAssembly memory and making the call (wasm-bindgen's \`passStringToWasm0\`, a JS loop over the characters, plus \`malloc\`/\`free\`; timed as an export that receives the same string and does almost nothing with it), ${int(p.crossing)} ns (${share(p.crossing)}); ` +
        `parsing the summary and deciding in WebAssembly, ${int(p.wasm)} ns (${share(p.wasm)}); ` +
        `the \`createAutoSend\` wrapper in \`index.js\`, ${int(p.glue)} ns (${share(p.glue)}).`,
    );
    const boundary = p.summarize + p.flatten + p.crossing;
    if (boundary > r.ns.baseline) {
      out.push(
        '',
        `Building the summary and getting it into WebAssembly (${int(boundary)} ns) already costs more than the whole plain-JS decision (${int(r.ns.baseline)} ns), before any Rust runs.`,
      );
    }
  }
  const describe = (p, label) => {
    const g = p.groups;
    const lines = [
      '',
      `${label}: ${int(p.calls)} calls in ${p.seconds} s under \`node --cpu-prof\` (${int(p.samples)} samples); self time: JS ${pct(g.js || 0)}, WebAssembly ${pct(g.wasm || 0)}, garbage collector ${pct(g.gc || 0)}, other ${pct(g.other || 0)}.`,
      '',
      '| self time | function |',
      '|--:|---|',
    ];
    for (const e of p.top.slice(0, 12)) lines.push(`| ${pct(e.share)} | ${e.group === 'wasm' ? 'wasm: ' : ''}\`${e.name.replace(/\|/g, '\\|')}\` |`);
    return lines;
  };
  out.push(...describe(profile, 'Profile of the shipped package (its `.wasm` has no name section, so WebAssembly functions appear by index)'));
  if (data.freshProfile) out.push(...describe(data.freshProfile, 'A fresh decision on the same set, each call another snapshot of the last message (section 1, "Fresh decisions and re-asks"), shipped package'));
  if (data.freshSymbols) out.push(...describe(data.freshSymbols, 'The fresh decision with the symbolised build'));
  out.push('', 'JS self times move between a function and its caller when V8 inlines one into the other (compare `decide (index.js)` and `passStringToWasm0` across the two profiles); the timings in parts above are the firmer numbers.');
  if (symbols) {
    out.push(...describe(symbols, 'The same loop with a symbolised build of the working tree\'s source (release profile with names kept, the same wasm-opt -Oz), so WebAssembly functions have names'));
    const decideShare = symbols.top.filter((e) => /engine::decision::decide$/.test(e.name)).reduce((a, e) => a + e.share, 0);
    const parseShare = symbols.top.filter((e) => /model::summary::/.test(e.name)).reduce((a, e) => a + e.share, 0);
    out.push('', `In WebAssembly, reading the summary (\`model::summary::*\`) takes ${pct(parseShare)} of the samples and the decision itself (\`engine::decision::decide\`) ${pct(decideShare)}.`);
    const helpers = symbols.top.filter((e) => e.group === 'wasm' && /Iterator>::next|str>::get|PartialEq|memcmp|RawVec/.test(e.name));
    if (helpers.length > 0) {
      const share = helpers.reduce((a, e) => a + e.share, 0);
      const iterators = helpers.some((e) => /Iterator>::next/.test(e.name));
      out.push(
        '',
        `Small Rust helpers appear as WebAssembly functions of their own, ${pct(share)} of the time together (${helpers.map((e) => `\`${e.name.replace(/\|/g, '\\|')}\``).join(', ')}): ` +
          `at \`opt-level = "z"\` they are not inlined into \`summary::parse\`, so reading the summary pays a call per ${iterators ? 'byte (iterator `next`) and per ' : ''}string comparison.`,
      );
    }
  }
  const rp = data.bidi.receiveProfile;
  if (rp && rp.library) {
    const share = (re) => rp.library.top.filter((e) => re.test(e.name)).reduce((a, e) => a + e.share, 0);
    out.push(
      '',
      `**BIDI receive path.** With the library the page's main thread works ${fixed(rp.library.busyUsPerFrame, 1)} µs per frame, with the plain-JS baseline ${fixed(rp.baseline.busyUsPerFrame, 1)} µs (section 4's profile). ` +
        `In the library run: \`JSON.parse\` through its shim (\`__wbg_parse\`) ${pct(share(/__wbg_parse/))}; ` +
        `strings copied between WebAssembly memory and JS (\`decode\`, \`passStringToWasm0\`: the chunk's \`type\`, short) ${pct(share(/^decode |getStringFromWasm0|passStringToWasm0/))}; reading \`event.data\` through its shim ${pct(share(/__wbg_data/))}; ` +
        `enqueueing through the \`__wbg_enqueue\` shim and \`enqueue\` ${pct(share(/__wbg_enqueue|^enqueue /))}; calls between WebAssembly and JS ${pct(share(/wasm-to-js|js-to-wasm/))}; WebAssembly (the stream rules, the calls into the frame's JS string) ${pct(rp.library.groups.wasm || 0)}. ` +
        'The frame stays a JS string: it is cut with `indexOf`/`slice`, parsed once by `JSON.parse`, and only its `type` is copied into WebAssembly; what remains over the baseline is the number of calls across the boundary per frame (about fifteen: the event, the string cuts, the parse, the field read, the enqueue), each cheap but not free.',
    );
  }
  const cold = data.startup.cold.library;
  const files = cold.waterfall || [];
  const wasm = files.find((f) => f.path.endsWith('.wasm'));
  const js = files.filter((f) => f.path.endsWith('.js'));
  if (wasm && js.length > 0) {
    const first = js[0];
    const lastJs = Math.max(...js.map((f) => f.arrived));
    out.push(
      '',
      `**Start-up (cold).** The package arrives in two sequential rounds of module requests (\`${first.path.split('/').pop()}\` at ${fixed(first.arrived, 1)} ms, then its ${js.length - 1} imports by ${fixed(lastJs, 1)} ms); ` +
        `the \`.wasm\` is requested only when \`loader.js\` is evaluated, at ${fixed(wasm.requested, 1)} ms, and arrives at ${fixed(wasm.arrived, 1)} ms; compiling, instantiating and the first decision take ${fixed(cold.afterWasmMs, 1)} ms after that. ` +
        `On this machine a fresh context's first module fetch alone takes about ${fixed(data.startup.cold.baseline.importMs, 0)} ms (the baseline's whole start-up)` +
        (cold.afterWasmMs < 0.25 * cold.firstDecisionMs ? ', so most of the cold time is requests made one after another, not WebAssembly.' : '.'),
    );
    const warm = data.startup.warm.library;
    const warmFiles = warm.waterfall || [];
    const warmWasm = warmFiles.find((f) => f.path.endsWith('.wasm'));
    const warmJs = warmFiles.filter((f) => f.path.endsWith('.js'));
    if (warmWasm && warmJs.length > 0) {
      out.push(
        '',
        `**Start-up (warm).** With every file from the HTTP cache the JS modules are in by ${fixed(Math.max(...warmJs.map((f) => f.arrived)), 1)} ms, the \`.wasm\` is requested at ${fixed(warmWasm.requested, 1)} ms (once the module graph is evaluated) and in by ${fixed(warmWasm.arrived, 1)} ms, and the first decision follows at ${fixed(warm.firstDecisionMs, 1)} ms; the baseline's whole warm start-up is ${fixed(data.startup.warm.baseline.firstDecisionMs, 1)} ms.`,
      );
    }
  }
  const bundled = data.startup.cold.libraryBundled;
  if (!wasm && js.length > 0 && bundled) {
    const plain = data.startup.cold.baselineBundled;
    out.push(
      '',
      `**Start-up (cold).** As published, the package's modules arrive in ${js.length} files, the last at ${fixed(Math.max(...js.map((f) => f.arrived)), 1)} ms after the \`import()\`, and nothing else is fetched; the first decision follows ${fixed(cold.afterLastFileMs, 1)} ms after that. ` +
        `Bundled into one file, as an app's bundler ships it, the first decision comes at ${fixed(bundled.firstDecisionMs, 1)} ms against the bundled baseline's ${fixed(plain.firstDecisionMs, 1)} ms (${signed(bundled.firstDecisionMs - plain.firstDecisionMs, 1)} ms), ${fixed(bundled.afterLastFileMs, 1)} ms of it after the file's arrival (evaluating the bundle, decoding the embedded bytes, compiling the WebAssembly, deciding). ` +
        `On this machine a fresh context's first module fetch alone takes about ${fixed(data.startup.cold.baseline.importMs, 0)} ms (the baseline's whole start-up).`,
    );
  }
  return out.join('\n');
}

function receiveProfileLines(p) {
  if (!p || !p.library) return [];
  const lines = [
    `Main-thread work per frame, from a CPU profile of the page (Chrome DevTools Protocol, 100 µs sampling) while a plain reader loop takes ${int(p.frames)} frames through each transport: **library ${fixed(p.library.busyUsPerFrame, 1)} µs, baseline ${fixed(p.baseline.busyUsPerFrame, 1)} µs** (busy samples only; the socket's own work in Chromium's network process is not on this thread). ` +
      `Self time of the library run: JS ${pct(p.library.groups.js || 0)}, WebAssembly ${pct(p.library.groups.wasm || 0)}, garbage collector ${pct(p.library.groups.gc || 0)}; of the baseline run: JS ${pct(p.baseline.groups.js || 0)}, garbage collector ${pct(p.baseline.groups.gc || 0)}.`,
    '',
    '| library run: self time | function | | baseline run: self time | function |',
    '|--:|---|---|--:|---|',
  ];
  const name = (e) => (e ? `${e.group === 'wasm' ? 'wasm: ' : ''}\`${e.name.replace(/\|/g, '\\|')}\`` : '');
  for (let i = 0; i < 10; i++) {
    const a = p.library.top[i];
    const b = p.baseline.top[i];
    lines.push(`| ${a ? pct(a.share) : ''} | ${name(a)} | | ${b ? pct(b.share) : ''} | ${name(b)} |`);
  }
  lines.push('');
  return lines;
}

/**
 * The report in two parts: `summary` (BENCHMARKS.md, committed: the goals, how to reproduce, the
 * design decisions) and `detail` (bench/.build/BENCHMARKS-detail.md, written by every run and not
 * committed: the raw tables).
 */
export function renderReport(data) {
  return { summary: renderSummary(data), detail: renderDetail(data) };
}

/** Where `make bench` writes the raw tables, relative to the repository. */
export const DETAIL_FILE = 'bench/.build/BENCHMARKS-detail.md';

function renderSummary(data) {
  const { machine } = data;
  const lines = budgets(data);
  const met = lines.filter((l) => l.met).length;
  const md = [
    '# Benchmarks and budgets',
    '',
    `Generated by \`make bench\` (\`scripts/bench.sh\`) on ${machine.date}; total run time ${machine.runSeconds} s.`,
    '',
    `Machine: ${machine.nproc} cores (\`nproc\`), CPU \`${machine.cpu}\`, Node ${machine.node}, Chromium ${machine.chromium} (headless, system build), ${machine.os}. ` +
      `Load average (1 min) ${machine.loadStart} at the start and ${machine.loadEnd} at the end: other processes were ${machine.loadStart > 1.5 || machine.loadEnd > 1.5 ? 'running (compiling), so absolute times are inflated; every comparison is interleaved in one process, so ratios are affected far less' : 'mostly idle'}.`,
    '',
    `Package: the \`pkg/\` built when the tree was at commit \`${machine.commit}\`${machine.dirty ? ' (with uncommitted changes in src/ or js/)' : ''}, \`.wasm\` sha256 \`${machine.wasmSha256.slice(0, 16)}…\`. AI SDK: \`ai\` ${machine.ai}, \`Chat\` from \`@ai-sdk/react\` ${machine.aiReact} (\`ai\` 6 exports only \`AbstractChat\`; this is the concrete \`Chat\` that \`useChat\` wraps).`,
    '',
    ...goalsTable(data),
    ...shapesSections(data.node, data.chromium),
    `## The first round's budgets: ${met} of ${lines.length} met`,
    '',
    '| budget | result |',
    '|---|---|',
    ...lines.map((l) => `| ${l.name} | ${l.text} |`),
    '',
    ...voiceGoals(),
    ...reproduceLines(),
    ...DECISIONS,
  ];
  return md.join('\n');
}

export function reproduceLines() {
  return [
    '## Reproduce',
    '',
    '```sh',
    'make bench                               # builds pkg/, then runs scripts/bench.sh',
    'bash scripts/bench.sh                    # pkg/ already built; writes BENCHMARKS.md and the detail',
    'BENCH_SYMBOLS=1 bash scripts/bench.sh    # also profiles the build with function names kept',
    'BENCH_NAMES=0 bash scripts/bench.sh      # skips the build with names (twiggy then shows items by index)',
    'bash scripts/bench.sh --quick            # a few rounds of everything, to try the bench; writes nothing',
    'bash scripts/bench.sh --decision         # the decision sections alone (message sets, fresh, real shapes); prints them',
    'bash scripts/bench.sh --render           # both files again from the last run (after editing bench/report.mjs)',
    'node bench/voice/run.mjs                 # the voice bench (bench/voice/results.md)',
    '```',
    '',
    `Every table behind the goals above (decision times per message set in Node and Chromium, growth, package size by module, twiggy's listing of the core, the BIDI receive path, start-up, where the time goes) is in \`${DETAIL_FILE}\`, which each run writes and git does not keep. Sources: \`bench/\` (message sets \`lib/messages.mjs\`, plain-JS baselines \`lib/baseline-*.mjs\`, interleaved timing \`lib/timing.mjs\`, the size apps \`size-apps/\`, one file per section in \`sections/\`, the report in \`report.mjs\` and \`report/\`). No timing is asserted anywhere in the tests; this report is where the numbers live.`,
    '',
  ];
}

/** One short paragraph per design decision a newcomer would question; the record has the numbers. */
export const DECISIONS = [
  '## Design decisions',
  '',
  '- **Integer records across the boundary, numbers generated once** ([0004](docs/decisions/0004-the-core-module-s-size.md)): the glue reads each message once into integer records and Rust decides over integers; building, flattening and copying a 2.4 KB summary string had cost more than the whole plain-JS decision. The core went from 101 KB (45 KB gzip) to about 16.9 KB (8.3 KB gzip) with `no_std`, one heapsort and `lol_alloc`; `src/contract.rs` generates the numbers both sides read.',
  '- **Embedded as hex, compiled at import** ([0004](docs/decisions/0004-the-core-module-s-size.md)): 10,676 B gzip in the app\'s chunk against 12,335 B as base64, with no fetch and a synchronous first decision; a fetched `.wasm` would still leave the SSE app over its 16 KB goal.',
  '- **One module per BIDI app, the socket in JavaScript** ([0003](docs/decisions/0003-one-module-per-bidi-app.md)): 26.9 KB added to a BIDI app against 66.9 KB for a Rust transport in one module, 1.19× against 1.78× of plain JS\'s main-thread work per frame, p99 +8 µs against +35 µs.',
  '- **No wasm-bindgen at run time** ([0002](docs/decisions/0002-no-wasm-bindgen-at-run-time.md)): browser tools are one browser call each, with nothing for the core to decide.',
  '- **Words only in development builds** ([0005](docs/decisions/0005-words-in-development-builds.md)): the whole words of the errors and of `explain()` load through the `development` export condition (the entries under `js/dev/`); a production build keeps each error\'s class, `name`, code and a short sentence with its ids, and `explain()`\'s rule, and `import \'adk-stream-wasm/explain\'` adds `explain()`\'s words. The SSE app\'s added bytes went from 23,418 B to 22,376 B gzip (−1,042 B, 2026-11-26, the same Vite build before and after).',
  '- **The voice\'s conversion in plain JS** ([0001](docs/decisions/0001-voice-conversion-in-js.md)): Rust in the worklet saved 0.3 ms of audio-thread time per second of audio and cost 0.5 KB gzip.',
  '- **The voice\'s socket in a worker, as an option** ([0007](docs/decisions/0007-the-voice-s-socket-in-a-worker.md)): with the BIDI transport\'s `socket: \'worker\'` capture costs the main thread 0.074 ms per second of audio against 0.538 ms (the budget, main-thread work, is 0.5 ms), while the renderer process as a whole pays as much as before (1.2 ms: the hop and the send moved to the worker); apps without the option pay +465 B.',
  '',
];

function renderDetail(data) {
  const { node, chromium, size, bidi, startup, settings, machine } = data;
  const lat = bidi.latency;
  const md = [
    `# Benchmarks: the tables behind BENCHMARKS.md (${data.machine.date}, commit \`${data.machine.commit}\`)`,
    '',
    '## 1. Decision cost per `sendAutomaticallyWhen` call',
    '',
    'Each message set is a chat of N messages whose last message is an assistant message with a reasoning part, a text part and K `take_photo` tool parts that the user approved and whose photo the browser added (`output-available`, an output of about the given size each): SPEC D19\'s shape. Earlier messages are finished payment, weather and location turns. Ids are shaped like the recorded fixtures (`function-call-10979510385734015976`, `confirm-<uuid>`).',
    '',
    '**Steady state.** The engine remembers what it sent: on these messages it answers `true` once and `false` on every later ask, which is what AI SDK sees when it asks again on an unchanged chat (after each stream end and each answer). Each engine is asked once before timing; every timed call is such a re-ask. AI SDK\'s helpers keep no memory; on these sets `lastAssistantMessageIsCompleteWithApprovalResponses` answers `false` (no part is `approval-responded` any more) and `lastAssistantMessageIsCompleteWithToolCalls` answers `true`; both still read every part of the last step, as the library does.',
    '',
    `**Same answers.** Before timing a set, the plain-JS baseline (\`bench/lib/baseline-autosend.mjs\`, SPEC §2 written directly in JS) and the library are asked the same questions — the set itself and ${data.variantCount} variants of its last message (pending, denied, failed, Pattern B, …), each on a fresh engine and twice, then all of them along one chat, plus malformed inputs, in SSE, BIDI A and BIDI B — and the bench fails on any difference. They agreed everywhere.`,
    '',
    `Method: every implementation on every set runs in one process on the same objects, in the same interleaved rounds (${settings.rounds} in Node, ${settings.chromiumRounds} in Chromium; each round times one batch of about ${settings.batchMs} ms per implementation and set, in rotating order), each from a loop compiled for it alone; the tables show the median time per call. Chromium pages are cross-origin isolated (5 µs timer).`,
    '',
    '### Node',
    '',
    decisionTable(node.results, true),
    '',
    '### Chromium',
    '',
    decisionTable(chromium.results),
    '',
    ...inParts(node.results, chromium.results),
    ...shapesSections(node, chromium),
    '## 2. Growth',
    '',
    'Cost of the largest over the smallest message set that differ in one dimension only (medians from section 1).',
    '',
    growthTable(node.results, chromium.results, 'history', 'history length'),
    '',
    growthTable(node.results, chromium.results, 'outputBytes', 'output size'),
    '',
    ...sizeSection(size, machine),
    ...wasmContentsSection(data.wasmContents),
    '## 4. BIDI receive path',
    '',
    `${int(bidi.frames)} \`data: {"type":"text-delta","id":"0","delta":"…"}\\n\\n\` frames (token-sized deltas, some Japanese) between \`start\`/\`text-start\` and \`text-end\`/\`finish\`/\`data: [DONE]\`, sent as fast as possible by a local \`ws\` server (127.0.0.1) into headless Chromium, through the library's \`BidiTransport\` (pings off, as the baseline sends none) or the plain-JS baseline transport (\`bench/lib/baseline-transport.mjs\`: parses \`data:\` frames, \`JSON.parse\`, enqueues into a ReadableStream). Each run opens a fresh transport, warms it with a 500-frame response, then times one response: ${bidi.throughputRuns} runs each, in alternating order (AB BA AB …), median. Every run is checked to deliver the whole text.`,
    '',
    '| | library | plain-JS baseline | library ÷ baseline |',
    '|---|--:|--:|--:|',
    `| chunks/s into AI SDK's \`Chat\` (\`chat.sendMessage\` until the response is complete) | ${int(bidi.throughput.chat.library)} | ${int(bidi.throughput.chat.baseline)} | ${ratio(bidi.throughput.chat.library / bidi.throughput.chat.baseline)} |`,
    `| chunks/s read from the transport's stream by a plain reader loop (no Chat) | ${int(bidi.throughput.reader.library)} | ${int(bidi.throughput.reader.baseline)} | ${ratio(bidi.throughput.reader.library / bidi.throughput.reader.baseline)} |`,
    `| floor: the page's own WebSocket counting frames in \`onmessage\` (no transport, no stream) | ${int(bidi.throughput.raw)} frames/s | | |`,
    '',
    `Latency: ${bidi.latencyRuns} paced responses per transport of ${int(bidi.latencyFrames)} frames, one frame per server timer tick (about 1 ms apart, so nothing queues), consumed by \`Chat\`; ${int(lat.library.dispatchToRead.samples)} chunks each. Each text-delta is stamped when the socket dispatches its \`message\` event (a listener registered before the transport's own handler), and when it is read from the transport's stream (a pass-through stage in front of \`Chat\`, the same for both). The server's send time (Node's clock) is also recorded; the two processes' clocks differ by a constant that cancels in the difference. Timestamps have the cross-origin-isolated page's 5 µs resolution; the added latency is the library's percentile minus the baseline's.`,
    '',
    '| per chunk | library p50 | library p99 | baseline p50 | baseline p99 | added p50 | added p99 |',
    '|---|--:|--:|--:|--:|--:|--:|',
    `| socket dispatch → read from the stream | ${fixed(lat.library.dispatchToRead.p50, 0)} µs | ${fixed(lat.library.dispatchToRead.p99, 0)} µs | ${fixed(lat.baseline.dispatchToRead.p50, 0)} µs | ${fixed(lat.baseline.dispatchToRead.p99, 0)} µs | **${fixed(lat.library.dispatchToRead.p50 - lat.baseline.dispatchToRead.p50, 0)} µs** | **${fixed(lat.library.dispatchToRead.p99 - lat.baseline.dispatchToRead.p99, 0)} µs** |`,
    `| server send → read from the stream | ${fixed(lat.library.frameToRead.p50, 0)} µs | ${fixed(lat.library.frameToRead.p99, 0)} µs | ${fixed(lat.baseline.frameToRead.p50, 0)} µs | ${fixed(lat.baseline.frameToRead.p99, 0)} µs | ${fixed(lat.library.frameToRead.p50 - lat.baseline.frameToRead.p50, 0)} µs | ${fixed(lat.library.frameToRead.p99 - lat.baseline.frameToRead.p99, 0)} µs |`,
    '',
    ...receiveProfileLines(bidi.receiveProfile),
    ...startupSection(startup),
    ...carriedOver('voice.md'), // issue 26: its table is bench/voice/results.md, from node bench/voice/run.mjs
    '## Where the time goes',
    '',
    whereTheTimeGoes(data),
    '',
  ];
  return md.join('\n');
}

/** The short table printed at the end of a run. */
export function summaryTable(data) {
  return budgets(data)
    .map((l) => `${l.met ? 'met    ' : 'NOT MET'}  ${l.name}\n         ${l.text.replace(/\*\*/g, '')}`)
    .join('\n');
}
