// Section 3b: what is inside each WebAssembly module the package ships, with twiggy
// (`cargo install twiggy`; scripts/bench.sh installs it): its sections, `twiggy dominators` of the
// shipped module (what each export alone keeps alive, exact), and — from a build of the same source
// with names kept (scripts/bench.sh builds it into target/bench-symbols) — `twiggy top` and the
// bytes by area (wasm-bindgen shims, allocator, core::fmt, panics, each of the crate's modules).
// The shipped module has no names; the names build differs from it by a little code (with
// `strip = false` wasm-bindgen sees the target features and emits slightly different shims), so
// its names are not carried over by index: the report shows both totals.
import { execFile } from 'node:child_process';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { readModule } from '../lib/wasm-sections.mjs';
import { wasmModulesIn } from '../lib/wasm-find.mjs';
import { measure } from '../lib/vite-apps.mjs';

const run = promisify(execFile);
const TWIGGY = process.env.TWIGGY || 'twiggy';

async function twiggy(args) {
  const { stdout } = await run(TWIGGY, [...args, '-f', 'json'], { maxBuffer: 256 * 1024 * 1024 });
  return JSON.parse(stdout);
}

/** Items of the `name` section and other custom sections: not code, left out of the tables. */
const isNameItem = (name) => /subsection$|^custom section|section headers$/.test(name);

const shortName = (name) => name.replace(/::h[0-9a-f]{16}$/, '').replace(/\[[0-9a-f]{16}\]/g, '');

// The core module has no wasm-bindgen: its exports are plain functions (src/exports/) and are
// counted with the code they inline. Only a wasm-bindgen module has these shims.
const EXPORT_WRAPPERS = 'exports: wasm-bindgen\'s wrappers (externref shims), where a module has them';

// Bytes by area: the first rule whose pattern matches an item's name.
const AREAS = [
  // wasm-opt inlines most exported functions into these wrappers: they are the exports' own code too.
  [EXPORT_WRAPPERS, /externref shim|multivalue shim/],
  ['wasm-bindgen runtime, js-sys and web-sys (closures, conversions, the externref table)', /^__wbindgen|^__wbg_|^__externref|wasm_bindgen::|js_sys::|web_sys::|^closure\d+|convert::closures/],
  ['allocator (lol_alloc in the core, dlmalloc in the others)', /lol_alloc|dlmalloc|__rust_alloc|__rust_dealloc|__rust_realloc|__rdl_/],
  ['core::fmt (formatting)', /core(\[[0-9a-f]+\])?::fmt|as core(\[[0-9a-f]+\])?::fmt::|alloc(\[[0-9a-f]+\])?::fmt/],
  ['panics, bounds and str-slicing checks', /panic|slice_error_fail|slice_index|index_out_of_bounds|unwrap_failed|expect_failed|str_index|assert_failed|capacity_overflow|handle_alloc_error|begin_panic/],
  ['data segments (string literals, tables)', /^data segment|^data\[/],
];
// The crate's module path: `model::records` for `adk_stream_wasm::model::records::decode`, `engine`
// for `adk_stream_wasm::engine::Engine::decide` (a function of the module itself).
const CRATE_PATH = /adk_stream_wasm::((?:[A-Za-z_][A-Za-z0-9_]*)(?:::[A-Za-z_][A-Za-z0-9_]*)*)/;

export function areaOf(fullName, exports = new Set()) {
  const name = shortName(fullName);
  for (const [area, pattern] of AREAS) if (pattern.test(name)) return area;
  // An export's own function: wasm-bindgen's wrapper with the Rust it calls inlined into it.
  if (exports.has(name)) return EXPORT_WRAPPERS;
  const m = name.match(CRATE_PATH);
  if (m) {
    const segments = m[1].split('::');
    const sub = segments.length >= 3 && /^[a-z_]+$/.test(segments[1]) ? `::${segments[1]}` : '';
    return `adk_stream_wasm::${segments[0]}${sub}`;
  }
  if (/serde/.test(name)) return 'serde';
  if (/^<?(alloc|core|std)(\[|::)|\bas (alloc|core|std)(\[|::)/.test(name)) return 'core and alloc (other)';
  if (/^import /.test(name)) return 'imports (one entry per JS function the Rust calls)';
  if (/^export "|^type\[|^table\[|^elem\[|^global\[|^memory\[|section headers$/.test(name)) return 'exports, types, tables';
  return 'other';
}

async function contentsOf(bytes, workDir, file) {
  const path = join(workDir, file);
  await writeFile(path, bytes);
  const module = readModule(bytes);
  const items = await twiggy(['top', '-n', '1000000', path]);
  const dominators = await twiggy(['dominators', '-d', '4', path]);
  return { path, module, items, root: dominators.items[0] };
}

/** Export names by capability: the wasm-bindgen class prefix (`biditransport_…`), or "functions". */
function capabilityOf(exportName) {
  const m = exportName.match(/^([a-z]+)_[a-zA-Z]/);
  return m && !exportName.startsWith('__') ? m[1] : 'functions';
}

function summarise({ module, items, root }, size) {
  const code = items.filter((i) => !isNameItem(i.name));
  const codeTotal = code.reduce((a, i) => a + i.shallow_size, 0);
  const areas = new Map();
  const exports = new Set(module.exports);
  for (const i of code) {
    const area = areaOf(i.name, exports);
    areas.set(area, (areas.get(area) || 0) + i.shallow_size);
  }
  const sections = module.sections.map((s) => ({ kind: s.kind, name: s.name || null, size: s.size }));
  // The largest items each top item dominates; a pass-through item (table[0] → elem[0]) is skipped.
  const dominated = (node) => {
    let n = node;
    while (n.children && n.children.length === 1 && n.children[0].retained_size >= 0.95 * n.retained_size && n.children[0].children) n = n.children[0];
    return (n.children || []).slice(0, 5).map((g) => ({ name: shortName(g.name), retained: g.retained_size }));
  };
  const children = (root.children || []).filter((c) => !isNameItem(c.name)).map((c) => ({
    name: shortName(c.name),
    retained: c.retained_size,
    shallow: c.shallow_size,
    children: dominated(c),
  }));
  // What each capability's exports alone keep alive (shared code is not counted in any of them).
  const capabilities = new Map();
  for (const c of children) {
    const m = c.name.match(/^export "(.+)"$/);
    if (!m) continue;
    const cap = capabilityOf(m[1]);
    const entry = capabilities.get(cap) || { exports: 0, retained: 0 };
    entry.exports++;
    entry.retained += c.retained;
    capabilities.set(cap, entry);
  }
  const exclusive = children.reduce((a, c) => a + c.retained, 0);
  return {
    size,
    codeTotal,
    sections,
    exports: module.exports.length,
    functions: module.bodies.length,
    top: code.slice(0, 25).map((i) => ({ name: shortName(i.name), shallow: i.shallow_size })),
    areas: [...areas].map(([area, bytes]) => ({ area, bytes })).sort((a, b) => b.bytes - a.bytes),
    dominators: children.slice(0, 25),
    dominatorRoots: children.length,
    reachableRetained: root.retained_size,
    rootChildrenRetained: exclusive,
    capabilities: [...capabilities].map(([name, v]) => ({ name, ...v })).sort((a, b) => b.retained - a.retained),
  };
}

/** The names-build module whose exports overlap `exports` most (at least 80 %), or null. */
function matchNamed(exports, named) {
  // The API's exports only: wasm-bindgen's internal ones (`__wbindgen_…`, closure shims) are named
  // differently in the two builds.
  const plain = (list) => list.filter((e) => !e.startsWith('__') && !e.startsWith('wasm_bindgen'));
  exports = plain(exports);
  let best = null;
  for (const n of named) {
    const set = new Set(plain(n.module.exports));
    const common = exports.filter((e) => set.has(e)).length;
    const overlap = common / Math.max(exports.length, set.size);
    if (overlap >= 0.8 && (best === null || overlap > best.overlap)) best = { ...n, overlap };
  }
  return best;
}

export async function measureWasmContents({ modules, namesDir, workDir }) {
  try {
    await run(TWIGGY, ['--version']);
  } catch {
    return { missing: `${TWIGGY} is not installed (scripts/bench.sh installs it with cargo install twiggy)` };
  }
  await mkdir(workDir, { recursive: true });
  const named = [];
  if (namesDir) {
    for (const [i, m] of (await wasmModulesIn(namesDir)).entries()) {
      named.push({ name: m.name, ...(await contentsOf(m.bytes, workDir, `named-${i}.wasm`)) });
    }
  }
  const out = [];
  for (const [i, m] of modules.entries()) {
    const shipped = await contentsOf(m.bytes, workDir, `shipped-${i}.wasm`);
    const shippedSummary = summarise(shipped, measure(m.bytes));
    const match = matchNamed(shipped.module.exports, named);
    out.push({
      name: m.name,
      source: m.source,
      encoding: m.encoding,
      shipped: shippedSummary,
      named: match ? { name: match.name, overlap: match.overlap, ...summarise(match, measure(Buffer.alloc(0))) } : null,
    });
  }
  const version = (await run(TWIGGY, ['--version'])).stdout.trim();
  return { version, namesDir: namesDir || null, modules: out };
}
