// The runtime exports of a package that its type declarations do not declare: for each entry point
// of `exports` with both `types` and `default`, the names the module exports when Node imports it,
// less the names its .d.ts exports (values and types alike, read with TypeScript's checker). A
// name exported at run time and missing from the .d.ts is an API a TypeScript user cannot see, or
// one the package meant to keep internal: tools/check-types.mjs fails on either.
//
//   undeclaredExports(packageDir, {node, skip}) → [{entry, names}]  (empty: every export declared;
//   `skip`: subpaths not to import here)
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';

const ts = createRequire(import.meta.url)('typescript');

/** The entry points of `packageDir`'s manifest that have a JS module and a declaration. */
function entriesOf(packageDir) {
  const manifest = JSON.parse(fs.readFileSync(path.join(packageDir, 'package.json'), 'utf8'));
  return Object.entries(manifest.exports ?? {})
    .filter(([, target]) => target !== null && typeof target === 'object' && target.types && target.default)
    .map(([subpath, target]) => ({ subpath, js: path.join(packageDir, target.default), dts: path.join(packageDir, target.types) }));
}

/** The names each JS module exports at run time (imported by `node`, in a process of its own; with
 *  the `svelte` condition, the only one @ai-sdk/svelte exports: its runes run when a Chat is made). */
function runtimeNames(files, node) {
  const script = `const out = {}; for (const f of JSON.parse(process.argv[1])) out[f] = Object.keys(await import(require('node:url').pathToFileURL(f).href)); console.log(JSON.stringify(out));`;
  const wrapped = `const require = (await import('node:module')).createRequire(import.meta.url); ${script}`;
  return JSON.parse(execFileSync(node, ['--conditions=svelte', '--input-type=module', '-e', wrapped, JSON.stringify(files)], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }));
}

/** The names each .d.ts exports (values and types). */
function declaredNames(files) {
  const program = ts.createProgram(files, { module: ts.ModuleKind.NodeNext, moduleResolution: ts.ModuleResolutionKind.NodeNext, noEmit: true, skipLibCheck: true, allowJs: false });
  const checker = program.getTypeChecker();
  /** @type {Record<string, Set<string>>} */
  const out = {};
  for (const file of files) {
    const source = program.getSourceFile(file);
    const symbol = source && checker.getSymbolAtLocation(source);
    out[file] = new Set(symbol ? checker.getExportsOfModule(symbol).map((s) => s.name) : []);
  }
  return out;
}

export function undeclaredExports(packageDir, { node = process.execPath, skip = new Set() } = {}) {
  const entries = entriesOf(packageDir).filter((e) => !skip.has(e.subpath));
  const runtime = runtimeNames(entries.map((e) => e.js), node);
  const declared = declaredNames(entries.map((e) => e.dts));
  return entries
    .map((e) => ({ entry: e.subpath, names: runtime[e.js].filter((name) => !declared[e.dts].has(name)) }))
    .filter((e) => e.names.length > 0);
}
