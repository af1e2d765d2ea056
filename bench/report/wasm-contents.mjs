// Section 3b of BENCHMARKS.md: what is inside each WebAssembly module the package ships (twiggy).
import { code, int, kb, pct } from './format.mjs';

const clip = (name) => (name.length > 90 ? `${name.slice(0, 89)}…` : name);

const CAPABILITY = {
  biditransport: '`BidiTransport` methods (the WebSocket transport)',
  autosendengine: '`AutoSendEngine` methods (the decision engine)',
  functions: 'free functions (approvals, registry, geolocation, tool names, …)',
};

function sectionsLine(s) {
  const by = (kind) => s.sections.filter((x) => x.kind === kind).reduce((a, x) => a + x.size, 0);
  const rest = s.size.raw - by('code') - by('data');
  return `${int(s.size.raw)} B raw, ${int(s.size.gzip)} B gzip -9; ${s.functions} functions, ${s.exports} exports. Sections: code ${int(by('code'))} B (${pct(by('code') / s.size.raw)}), data ${int(by('data'))} B (${pct(by('data') / s.size.raw)}), imports ${int(by('import'))} B, exports ${int(by('export'))} B, the rest (types, tables, element, custom sections, headers) ${int(rest - by('import') - by('export'))} B.`;
}

function moduleLines(m) {
  const s = m.shipped;
  const lines = [`### ${code(m.name)} (${m.source === 'file' ? 'a .wasm file' : `embedded as ${m.encoding ?? 'base64'} in the JS`})`, '', sectionsLine(s), ''];
  const n = m.named;
  if (n) {
    lines.push(
      `**By area** (twiggy's items of the build with names, summed by what they are; ${int(n.codeTotal)} B without its name section, against ${int(s.codeTotal)} B of the shipped module's items: with names kept, wasm-bindgen emits slightly different shims, so the two differ by ${int(Math.abs(n.codeTotal - s.codeTotal))} B):`,
      '',
      '| area | bytes | share |',
      '|---|--:|--:|',
      ...n.areas.map((a) => `| ${a.area.startsWith('adk_stream_wasm') ? code(a.area) : a.area} | ${int(a.bytes)} B | ${pct(a.bytes / n.codeTotal)} |`),
      '',
      '**`twiggy top -n 25`** (the build with names; shallow bytes, name section left out):',
      '',
      '| bytes | share | item |',
      '|--:|--:|---|',
      ...n.top.map((t) => `| ${int(t.shallow)} B | ${((100 * t.shallow) / n.codeTotal).toFixed(2)} % | ${code(clip(t.name))} |`),
      '',
    );
  } else {
    lines.push('No build with names matches this module (scripts/bench.sh builds one of the default features into target/bench-symbols unless BENCH_NAMES=0), so items below are by index.', '');
  }
  const d = n || s;
  lines.push(
    `**\`twiggy dominators\`** of ${n ? 'the build with names' : 'the shipped module'}: each item at the top of the dominator tree with the bytes only it keeps alive (removing it removes them); ${d.dominatorRoots} such items. An item that is not an export is reached from more than one export (shared code); \`table[0]\` is what is reached only through the indirect-call table (trait objects: formatting, closures, drop glue). The 25 largest, with the largest items under each:`,
    '',
    '| retained | share | item | its largest dominated items |',
    '|--:|--:|---|---|',
    ...d.dominators.map((x) => `| ${int(x.retained)} B | ${pct(x.retained / (n ? n.codeTotal : s.size.raw))} | ${code(clip(x.name))} | ${x.children.map((c) => `${code(clip(c.name))} ${int(c.retained)} B`).join(', ')} |`),
    '',
    'What each group of exports alone keeps alive in the shipped module (the sum of its exports\' retained bytes; code shared with other exports is in none of them):',
    '',
    '| exports | how many | retained alone |',
    '|---|--:|--:|',
    ...s.capabilities.map((c) => `| ${CAPABILITY[c.name] || code(`${c.name}_*`)} | ${c.exports} | ${int(c.retained)} B (${kb(c.retained)}) |`),
    '',
  );
  return lines;
}

/** Two entries of one module: the `.wasm` file and its embedded copy (`_bytes.js`). */
function sameModule(a, b) {
  const base = (m) => String(m.name).replace(/_bg\.wasm$|_bytes\.js$/, '');
  return base(a) === base(b);
}

export function wasmContentsSection(w) {
  if (!w) return [];
  const head = ['## 3b. What is inside the WebAssembly', ''];
  if (w.missing) return [...head, `Not measured: ${w.missing}.`, ''];
  return [
    ...head,
    `${w.version}, on each module the package ships (found as \`.wasm\` files or embedded in its JS), and on a build of the same source with names kept (\`target/bench-symbols\`, the release profile with \`strip = false\` and \`wasm-opt -Oz -g\`).`,
    '',
    // An embedded module (`_bytes.js`) holds the same bytes as its `.wasm` file: listed once.
    ...w.modules.filter((m, i, all) => all.findIndex((o) => sameModule(o, m)) === i).flatMap(moduleLines),
  ];
}
