// Checks the npm package's types as a library's are checked, against the packages installed in
// HOST (an example app with the PACKED adk-stream-wasm and AI SDK in its node_modules):
//  1. every entry point of `exports` imported under `strict` with `skipLibCheck: false`, with
//     `moduleResolution` NodeNext and Bundler: any error in the package's .d.ts fails;
//  2. the glue: each .js of the package checked against its own .d.ts — the module's exports must
//     be assignable to what the .d.ts declares (a missing export, a wrong arity, a wrong constant) —
//     and type-checked inside (checkJs, strict but for implicit anys); wasm-bindgen's generated
//     bindings in wasm/ are imported but not checked inside.
//  1b. every name an entry point exports at run time is declared by its .d.ts (tools/lib/undeclared-exports.mjs);
//  3. with `--without-peers`: the same strict import of every entry point that runs without the
//     optional peers (`ai`, `@ai-sdk/react`, `react`), in a folder that holds the package and
//     nothing else, as an app that uses only the core or the transport has it. Which entry points
//     run without them is read from the glue's own imports (an entry point whose module graph
//     imports a peer needs it, so its types may too), and each of them is also imported in Node there.
//
//   node tools/check-types.mjs --host examples/vite [--without-peers]
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { undeclaredExports } from './lib/undeclared-exports.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const args = process.argv.slice(2);
const host = path.resolve(args[args.indexOf('--host') + 1] ?? '');
if (!args.includes('--host') || !fs.existsSync(path.join(host, 'node_modules'))) {
  console.error('usage: node tools/check-types.mjs --host APP_DIR   (APP_DIR/node_modules holds the packed adk-stream-wasm)');
  process.exit(2);
}
// TypeScript of the JS workspace (pinned once in the root's package.json).
const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
// Glue files whose bodies are not type-checked (their exports still are, against the .d.ts), each
// with the reason. Empty: every glue file is checked.
/** @type {Record<string, string>} */
const NOT_CHECKED_INSIDE = {};
const installed = path.join(host, 'node_modules', 'adk-stream-wasm');
const manifest = JSON.parse(fs.readFileSync(path.join(installed, 'package.json'), 'utf8'));
const work = path.join(host, '.types-check');
fs.rmSync(work, { recursive: true, force: true });
fs.mkdirSync(work, { recursive: true });
fs.writeFileSync(path.join(work, 'package.json'), '{ "type": "module", "private": true }\n');

const base = { target: 'ES2022', lib: ['ES2022', 'DOM', 'DOM.Iterable'], strict: true, skipLibCheck: false, noEmit: true };
let failed = false;
function runTsc(name, compilerOptions, files) {
  const config = path.join(work, `tsconfig.${name}.json`);
  fs.writeFileSync(config, JSON.stringify({ compilerOptions: { ...base, ...compilerOptions }, files }, null, 2));
  try {
    execFileSync(process.execPath, [tsc, '-p', config, '--pretty', 'false'], { encoding: 'utf8', stdio: 'pipe' });
    console.log(`check-types: ${name}: no error`);
  } catch (error) {
    failed = true;
    console.error(`check-types: ${name}: FAILED\n${String(error.stdout || error.message).replaceAll(work + '/', '')}`);
  }
}

const allEntries = Object.entries(manifest.exports ?? {}).filter(([, target]) => typeof target === 'object' && target.types);
if (args.includes('--without-peers')) {
  checkWithoutPeers();
  process.exit(failed ? 1 : 0);
}

// An entry point (and a glue file) that imports an optional peer the host does not have is checked
// with a host that has it: the React hosts have no Vue or Svelte, and scripts/test-package.sh runs
// this check again over the JS workspace, which has every peer.
const peers = Object.keys(manifest.peerDependencies ?? {});
const absentPeers = (file) => [...bareImports(file)].filter((name) => peers.includes(name) && !fs.existsSync(path.join(host, 'node_modules', name, 'package.json')));
const entries = allEntries.filter(([subpath, target]) => {
  const absent = absentPeers(path.join(installed, target.default));
  if (absent.length > 0) console.log(`check-types: ${subpath} needs ${absent.join(', ')}, which ${host} does not have: checked with a host that has them`);
  return absent.length === 0;
});
const skipped = new Set(allEntries.filter(([subpath]) => !entries.some(([s]) => s === subpath)).map(([subpath]) => subpath));

// 1. The entry points, as an app imports them.
const importLines = entries.map(([subpath], i) => `import * as entry${i} from '${path.posix.join('adk-stream-wasm', subpath)}';`);
fs.writeFileSync(
  path.join(work, 'entries.ts'),
  `${importLines.join('\n')}\nexport const all = [${entries.map((_, i) => `entry${i}`).join(', ')}];\n`,
);
runTsc('entries-nodenext', { module: 'NodeNext', moduleResolution: 'NodeNext' }, ['entries.ts']);
runTsc('entries-bundler', { module: 'ESNext', moduleResolution: 'Bundler' }, ['entries.ts']);

// 1b. No runtime export without a declaration: a name Node sees in an entry point and its .d.ts
// does not export is either API a TypeScript user cannot see or something meant to stay internal.
const undeclared = undeclaredExports(installed, { skip: skipped });
if (undeclared.length > 0) {
  failed = true;
  for (const { entry, names } of undeclared) console.error(`check-types: ${entry} exports ${names.join(', ')} at run time, but its .d.ts does not declare them: declare them, or stop exporting them`);
} else {
  console.log('check-types: every runtime export of every entry point is declared');
}

// 2. The glue against its declarations: the .js files (and the generated wasm bindings) in impl/,
// the .d.ts files in decl/, so that each side resolves its own imports.
const impl = path.join(work, 'impl');
const decl = path.join(work, 'decl');
fs.mkdirSync(impl);
fs.mkdirSync(decl);
// The glue keeps its folders (js/README.md's layout): every .js below the package, wasm/ and
// dev/ aside (wasm/ is copied below; dev/ re-exports the entry points with the words loaded).
const below = fs.readdirSync(installed, { recursive: true }).map(String).filter((f) => !f.startsWith('node_modules') && !f.startsWith('wasm/'));
const glue = below.filter((f) => f.endsWith('.js') && !f.startsWith('dev/') && absentPeers(path.join(installed, f)).length === 0);
for (const f of glue) {
  const text = fs.readFileSync(path.join(installed, f), 'utf8');
  fs.mkdirSync(path.dirname(path.join(impl, f)), { recursive: true });
  fs.writeFileSync(path.join(impl, f), NOT_CHECKED_INSIDE[f] ? `// @ts-nocheck\n${text}` : text);
}
for (const f of below.filter((f) => f.endsWith('.d.ts'))) {
  // A declaration with no module beside it (types only, such as the testing kit's AI SDK types) is
  // what the code's JSDoc imports: the code needs it too.
  const typesOnly = !below.includes(f.replace(/\.d\.ts$/, '.js'));
  for (const side of typesOnly ? [decl, impl] : [decl]) {
    fs.mkdirSync(path.dirname(path.join(side, f)), { recursive: true });
    fs.copyFileSync(path.join(installed, f), path.join(side, f));
  }
}
// wasm/ holds wasm-bindgen's generated bindings: imported (their exports typed by inference), not checked inside.
if (fs.existsSync(path.join(installed, 'wasm'))) {
  fs.cpSync(path.join(installed, 'wasm'), path.join(impl, 'wasm'), { recursive: true });
  for (const f of fs.readdirSync(path.join(impl, 'wasm')).filter((f) => f.endsWith('.js'))) {
    const file = path.join(impl, 'wasm', f);
    fs.writeFileSync(file, `// @ts-nocheck\n${fs.readFileSync(file, 'utf8')}`);
  }
}

// Only a declaration written by hand can disagree with its code: one the build emitted from the
// code's JSDoc (scripts/lib/glue-types.mjs) is the code's own, checked by tsc when it was emitted.
const handWritten = (m) => fs.existsSync(path.join(here, '..', 'js', `${m}.d.ts`));
const declared = glue.map((f) => f.replace(/\.js$/, '')).filter((m) => fs.existsSync(path.join(decl, `${m}.d.ts`)) && handWritten(m));
const ident = (m) => m.replace(/\W/g, '_');
const conform = [];
for (const m of declared) {
  conform.push(`import * as impl_${ident(m)} from './impl/${m}.js';`, `import type * as decl_${ident(m)} from './decl/${m}.js';`);
}
conform.push(`import type { UseAdkChatOptions, UseAdkChatResult } from './decl/react.js';`, `import type { UIMessage } from 'ai';`);
for (const m of declared) {
  conform.push(
    m === 'react'
      ? // useAdkChat is generic in its .d.ts; the JS is checked at the default message type.
        `export const check_react: { useAdkChat(options?: UseAdkChatOptions): UseAdkChatResult } = impl_react;`
      : m === 'react-sse'
        ? // The same, in SSE mode.
          `export const check_react_sse: { useAdkChat(options?: UseAdkChatOptions<UIMessage, 'sse'>): UseAdkChatResult<UIMessage, 'sse'> } = impl_react_sse;`
        : `export const check_${ident(m)}: typeof decl_${ident(m)} = impl_${ident(m)};`,
  );
}
if (!declared.includes('react')) conform.splice(conform.findIndex((l) => l.includes('decl/react.js')), 2);
fs.writeFileSync(path.join(work, 'conform.ts'), `${conform.join('\n')}\n`);
// JS without JSDoc has implicit anys by nature (noImplicitAny off); everything else strict checks.
runTsc('glue-against-dts', { module: 'NodeNext', moduleResolution: 'NodeNext', allowJs: true, checkJs: true, noImplicitAny: false }, ['conform.ts']);
for (const [f, why] of Object.entries(NOT_CHECKED_INSIDE)) {
  if (glue.includes(f)) console.log(`check-types: ${f}: exports checked against its .d.ts, body not checked: ${why}`);
}
if (failed) process.exit(1);
console.log(`check-types: the package's types are clean (${entries.length} entry points, strict, skipLibCheck false)`);

/** The bare module names the glue module `file` imports, following its relative imports. */
function bareImports(file, seen = new Set()) {
  if (seen.has(file)) return new Set();
  seen.add(file);
  const found = new Set();
  // Comments left out: a JSDoc type's `import('…')` is no import at run time.
  const text = fs.readFileSync(file, 'utf8').replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');
  // Static `import … from '…'`, `export … from '…'`, side-effect `import '…'` and `import('…')`.
  for (const [, spec] of text.matchAll(/(?:\bfrom\s*|\bimport\s*\(?\s*)['"]([^'"]+)['"]/g)) {
    if (spec.startsWith('.')) {
      for (const name of bareImports(path.resolve(path.dirname(file), spec), seen)) found.add(name);
    } else {
      found.add(spec.startsWith('@') ? spec.split('/').slice(0, 2).join('/') : spec.split('/')[0]);
    }
  }
  return found;
}

function checkWithoutPeers() {
  const peers = Object.keys(manifest.peerDependencies ?? {});
  const alone = fs.mkdtempSync(path.join(os.tmpdir(), 'adk-stream-wasm-no-peers-'));
  try {
    fs.cpSync(installed, path.join(alone, 'node_modules', 'adk-stream-wasm'), { recursive: true });
    fs.writeFileSync(path.join(alone, 'package.json'), '{ "type": "module", "private": true }\n');
    // The folder must not see a peer through a parent's node_modules, or the check proves nothing.
    const requireThere = createRequire(path.join(alone, 'package.json'));
    for (const peer of peers) {
      let visible = false;
      try {
        requireThere.resolve(`${peer}/package.json`);
        visible = true;
      } catch {
        // not resolvable: as wanted
      }
      if (visible) {
        failed = true;
        console.error(`check-types: without-peers: ${peer} resolves from ${alone}; expected no peer there (is there a node_modules above ${os.tmpdir()}?)`);
        return;
      }
    }
    const standalone = [];
    for (const [subpath, target] of allEntries) {
      const needs = [...bareImports(path.join(installed, target.default))].filter((name) => peers.includes(name));
      if (needs.length) console.log(`check-types: without-peers: ${subpath} imports ${needs.join(', ')} when it runs: checked with the peers only`);
      else standalone.push(subpath);
    }
    if (standalone.length === 0) {
      failed = true;
      console.error('check-types: without-peers: no entry point runs without the peers; expected at least the main one');
      return;
    }
    const specifiers = standalone.map((subpath) => path.posix.join('adk-stream-wasm', subpath));
    fs.writeFileSync(
      path.join(alone, 'entries.ts'),
      `${specifiers.map((s, i) => `import * as entry${i} from '${s}';`).join('\n')}\nexport const all = [${specifiers.map((_, i) => `entry${i}`).join(', ')}];\n`,
    );
    const config = path.join(alone, 'tsconfig.json');
    // `types: []`: no @types package is picked up from anywhere; the package must stand alone.
    fs.writeFileSync(
      config,
      JSON.stringify({ compilerOptions: { ...base, module: 'NodeNext', moduleResolution: 'NodeNext', types: [] }, files: ['entries.ts'] }, null, 2),
    );
    try {
      execFileSync(process.execPath, [tsc, '-p', config, '--pretty', 'false'], { encoding: 'utf8', stdio: 'pipe' });
      console.log(`check-types: without-peers: ${specifiers.join(', ')}: no error (strict, skipLibCheck false, no ${peers.join(', ')})`);
    } catch (error) {
      failed = true;
      console.error(`check-types: without-peers: FAILED\n${String(error.stdout || error.message).replaceAll(alone + '/', '')}`);
    }
    // And they load: an import graph read wrongly above would show here.
    for (const specifier of specifiers) {
      try {
        execFileSync(process.execPath, ['--input-type=module', '-e', `await import('${specifier}');`], { cwd: alone, encoding: 'utf8', stdio: 'pipe' });
      } catch (error) {
        failed = true;
        console.error(`check-types: without-peers: import('${specifier}') failed in Node without the peers:\n${error.stderr || error.message}`);
      }
    }
    if (!failed) console.log(`check-types: without-peers: ${specifiers.length} entry points import in Node without the peers`);
  } finally {
    fs.rmSync(alone, { recursive: true, force: true });
  }
}
