// Finds the WebAssembly modules a package or a build ships, wherever they are: `.wasm` files, and
// modules embedded in JS as hex or base64 string literals (a module whose bytes travel inside the JS,
// so it needs no fetch of its own). The size report counts an embedded module as wasm, not as JS.
import { readdir, readFile } from 'node:fs/promises';
import { join, relative } from 'node:path';

const MAGIC = Buffer.from([0x00, 0x61, 0x73, 0x6d]);
// A quoted run of base64 (standard or URL-safe alphabet; hex is a subset) long enough to be a
// module, not an id.
const LITERAL = /(["'`])([A-Za-z0-9+/_-]{256,}={0,2})\1/g;
const HEX = /^(?:[0-9a-f]{2})+$/;

/** `[{start, end, literal, encoding, bytes}]`: each hex or base64 literal in `code` that is a wasm module. */
export function embeddedWasm(code) {
  const found = [];
  for (const match of code.matchAll(LITERAL)) {
    const encoding = HEX.test(match[2]) ? 'hex' : 'base64';
    const bytes = Buffer.from(match[2], encoding);
    if (bytes.length >= 8 && bytes.subarray(0, 4).equals(MAGIC)) {
      found.push({ start: match.index, end: match.index + match[0].length, literal: match[0], encoding, bytes });
    }
  }
  return found;
}

/** `code` with every embedded module's literal replaced by an empty string: the JS around it. */
export function withoutEmbeddedWasm(code) {
  let out = '';
  let at = 0;
  for (const m of embeddedWasm(code)) {
    out += `${code.slice(at, m.start)}""`;
    at = m.end;
  }
  return out + code.slice(at);
}

export async function filesUnder(dir) {
  const out = [];
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) out.push(...(await filesUnder(path)));
    else out.push(path);
  }
  return out.sort();
}

/**
 * Every WebAssembly module under `dir`: `[{name, source: 'file' | 'embedded', encoding, file, bytes}]`, where
 * `file` is relative to `dir` (the .wasm, or the .js that embeds the module).
 */
export async function wasmModulesIn(dir) {
  const modules = [];
  for (const path of await filesUnder(dir)) {
    const file = relative(dir, path);
    if (file.split('/').includes('node_modules')) continue;
    if (file.endsWith('.wasm')) {
      modules.push({ name: file, source: 'file', file, bytes: await readFile(path) });
    } else if (/\.m?js$/.test(file)) {
      const found = embeddedWasm(await readFile(path, 'utf8'));
      found.forEach((m, i) => modules.push({ name: found.length > 1 ? `${file} #${i + 1}` : file, source: 'embedded', encoding: m.encoding, file, bytes: m.bytes }));
    }
  }
  return modules;
}
