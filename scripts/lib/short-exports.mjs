// Gives the core module's exports one- or two-letter names, and the glue's calls the same names:
// `adk_decide` is spelt once in the module's export section and once per call in the app's bundle
// (a minifier keeps property names), about 200 B gzip of an SSE app for names no reader of the
// bundle needs. The source (src/exports/, js/) keeps the long names; only pkg/ is changed.
//
//   node scripts/lib/short-exports.mjs --wasm MODULE.wasm      renames in place, prints the map (JSON)
//   node scripts/lib/short-exports.mjs --js MAP.json PKG_DIR     rewrites `core.adk_…` in the .js files below PKG_DIR
//
// Names are given in export order, so two builds with the same exports (the shipped one and the
// bench's build with names kept) get the same names. `memory` keeps its name; the linker's
// `__data_end` and `__heap_base` exports, which nothing reads, are left out.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { readLeb, sectionsOf } from './wasm-sections.mjs';

/** Exports the glue never calls: the boundary tests (tests/common/boundary_cases.rs) read them. */
const TEST_ONLY = ['adk_remembered'];
const LETTERS = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ';
const shortName = (i) => (i < LETTERS.length ? LETTERS[i] : LETTERS[Math.floor(i / LETTERS.length) - 1] + LETTERS[i % LETTERS.length]);

function fail(message) {
  console.error(`short-exports: ${message}`);
  process.exit(1);
}

function leb(value) {
  const out = [];
  do {
    let byte = value & 127;
    value = Math.floor(value / 128);
    if (value > 0) byte |= 128;
    out.push(byte);
  } while (value > 0);
  return out;
}

/** The module with its export section rewritten by `rename(name) → new name | null (left out)`. */
function renameExports(bytes, rename) {
  const out = [bytes.subarray(0, 8)];
  let found = false;
  for (const { id, at, body, end } of sectionsOf(bytes)) {
    if (id !== 7) {
      out.push(bytes.subarray(at, end));
    } else {
      found = true;
      let [count, p] = readLeb(bytes, body);
      const kept = [];
      for (; count > 0; count--) {
        const [length, nameAt] = readLeb(bytes, p);
        const name = Buffer.from(bytes.subarray(nameAt, nameAt + length)).toString('utf8');
        const kind = bytes[nameAt + length];
        const [index, next] = readLeb(bytes, nameAt + length + 1);
        p = next;
        const renamed = rename(name, kind);
        if (renamed !== null) kept.push([...leb(renamed.length), ...Buffer.from(renamed), kind, ...leb(index)]);
      }
      const section = [...leb(kept.length), ...kept.flat()];
      out.push(Uint8Array.from([7, ...leb(section.length), ...section]));
    }
  }
  if (!found) fail('the module has no export section');
  return Buffer.concat(out);
}

function renameModule(path) {
  const map = {};
  const FUNCTION = 0;
  const renamed = renameExports(readFileSync(path), (name, kind) => {
    if (name === 'memory') return name;
    if (name === '__data_end' || name === '__heap_base') return null;
    if (kind !== FUNCTION || !name.startsWith('adk_')) fail(`unexpected export \`${name}\` (kind ${kind})`);
    map[name] = shortName(Object.keys(map).length);
    return map[name];
  });
  writeFileSync(path, renamed);
  console.log(JSON.stringify(map));
}

/** Rewrites every `core.adk_…` of the glue; a name the module does not export fails the build. */
function rewriteGlue(mapPath, pkg) {
  const map = JSON.parse(readFileSync(mapPath, 'utf8'));
  const used = new Set();
  for (const file of readdirSync(pkg, { recursive: true }).filter((f) => f.endsWith('.js') && !f.startsWith('wasm/'))) {
    const path = join(pkg, file);
    const code = readFileSync(path, 'utf8');
    const rewritten = code.replace(/\bcore\.(adk_\w+)/g, (_, name) => {
      if (!(name in map)) fail(`${file} calls core.${name}, which the module does not export`);
      used.add(name);
      return `core.${map[name]}`;
    });
    if (rewritten !== code) writeFileSync(path, rewritten);
  }
  const unused = Object.keys(map).filter((name) => !used.has(name) && !TEST_ONLY.includes(name));
  if (unused.length > 0) fail(`no glue calls ${unused.join(', ')}: is an export unused, or called in a way this script does not see?`);
}

const [mode, ...args] = process.argv.slice(2);
if (mode === '--wasm' && args.length === 1) renameModule(args[0]);
else if (mode === '--js' && args.length === 2) rewriteGlue(args[0], args[1]);
else fail('usage: short-exports.mjs --wasm MODULE.wasm | --js MAP.json PKG_DIR');
