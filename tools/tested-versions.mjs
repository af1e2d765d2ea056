// Writes the versions the tests ran against, read from what is installed, not from what a
// package.json asks for: docs/tested-versions.md (the table the repository README links) and the
// "Tested with" line of js/README.md (the npm page), between its tested-versions markers.
// scripts/test-package.sh runs it after its checks, so the table follows every `make test`.
//
//   node tools/tested-versions.mjs --node22 PATH APP_DIR...
//
// APP_DIR: an example app's installed copy (examples/vite, its ai7 variant, examples/next). An app
// not installed in this run (examples/next is installed by test-examples.sh) is read from its
// lock, which is exactly what that script installs with `npm ci`; the table says which.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const node22Index = args.indexOf('--node22');
const node22 = node22Index >= 0 ? args[node22Index + 1] : undefined;
const apps = args.filter((_, i) => i !== node22Index && i !== node22Index + 1);
const PACKAGES = ['ai', '@ai-sdk/react', 'react', '@ai-sdk/vue', 'vue', '@ai-sdk/svelte', 'svelte', 'vite', 'next', 'typescript', 'vitest', 'jsdom'];
/** The packages of tests/frameworks (issue 34), a workspace of the root like tests/js. */
const FRAMEWORK_PACKAGES = new Set(['@ai-sdk/vue', 'vue', '@ai-sdk/svelte', 'svelte']);

/** The version of `name` installed under `dir`'s node_modules, or undefined. */
function installed(dir, name) {
  try {
    return JSON.parse(fs.readFileSync(path.join(dir, 'node_modules', name, 'package.json'), 'utf8')).version;
  } catch {
    return undefined;
  }
}

/** The version of `name` that `npm ci` installs from `dir`'s lock, or undefined. */
function locked(dir, name) {
  try {
    const lock = JSON.parse(fs.readFileSync(path.join(dir, 'package-lock.json'), 'utf8'));
    return lock.packages?.[`node_modules/${name}`]?.version;
  } catch {
    return undefined;
  }
}

// The example apps are copied out of the repository under another name; name them as the repository does.
const appName = (dir) => {
  const base = path.basename(dir);
  return base.endsWith('-ai7') ? `examples/${base.slice(0, -'-ai7'.length)}/ai7` : `examples/${base}`;
};

/** rows: package → version → set of where it ran. */
const rows = new Map();
function add(name, version, where) {
  if (!version) return;
  if (!rows.has(name)) rows.set(name, new Map());
  const versions = rows.get(name);
  if (!versions.has(version)) versions.set(version, new Set());
  versions.get(version).add(where);
}

// The JS workspace: tests/js (AI SDK 6 run), the package checks and the README code.
for (const name of PACKAGES) add(name, installed(root, name), FRAMEWORK_PACKAGES.has(name) ? 'tests/frameworks' : 'tests/js, package checks');
// The AI SDK 7 run of tests/frameworks: @ai-sdk/vue@4 and @ai-sdk/svelte@5 under other names.
for (const [alias, name] of [['ai7-vue', '@ai-sdk/vue'], ['ai7-svelte', '@ai-sdk/svelte']]) {
  add(name, installed(root, alias), 'tests/frameworks (AI SDK 7 run)');
  add('ai', installed(path.join(root, 'node_modules', alias), 'ai'), 'tests/frameworks (AI SDK 7 run)');
}
// The AI SDK 7 run of tests/js: @ai-sdk/react@4 as `ai7-react`, and the `ai` it pins.
try {
  const ai7React = path.dirname(createRequire(path.join(root, 'package.json')).resolve('ai7-react/package.json'));
  add('@ai-sdk/react', JSON.parse(fs.readFileSync(path.join(ai7React, 'package.json'), 'utf8')).version, 'tests/js (AI SDK 7 run)');
  add('ai', createRequire(path.join(ai7React, 'package.json'))('ai/package.json').version, 'tests/js (AI SDK 7 run)');
} catch {
  // not installed: no AI SDK 7 run to report
}
for (const app of apps) {
  const isInstalled = fs.existsSync(path.join(app, 'node_modules'));
  for (const name of PACKAGES) {
    if (isInstalled) add(name, installed(app, name), appName(app));
    else add(name, locked(app, name) ?? locked(path.join(root, appName(app)), name), `${appName(app)} (its lock)`);
  }
}
add('Node', process.version.slice(1), 'tests/js (AI SDK 6), package checks, README code');
if (node22) {
  try {
    add('Node', execFileSync(node22, ['--version'], { encoding: 'utf8' }).trim().slice(1), 'tests/js (AI SDK 7), types with AI SDK 7');
  } catch {
    // no Node 22 here
  }
}

const order = ['Node', ...PACKAGES];
const lines = [
  '# Tested versions',
  '',
  'Written by `tools/tested-versions.mjs` from what `scripts/test-package.sh` (part of `make test`) found',
  'installed when it ran; do not edit by hand. The example apps are built and clicked in Chromium by',
  '`scripts/test-examples.sh`; an app not installed in the run is read from its lock, which that',
  'script installs exactly.',
  '',
  '| package | version | tested in |',
  '|---|---|---|',
];
for (const name of order) {
  const versions = rows.get(name);
  if (!versions) continue;
  const sorted = [...versions.keys()].sort((a, b) => a.localeCompare(b, 'en', { numeric: true }));
  for (const version of sorted) lines.push(`| ${name} | ${version} | ${[...versions.get(version)].join('; ')} |`);
}
const table = `${lines.join('\n')}\n`;
const out = path.join(root, 'docs', 'tested-versions.md');
const before = fs.existsSync(out) ? fs.readFileSync(out, 'utf8') : '';
fs.writeFileSync(out, table);
console.log(`tested-versions: ${before === table ? 'unchanged' : 'written'}: docs/tested-versions.md`);

// The npm README's one-line summary, between its markers.
const summary = (name) => [...(rows.get(name)?.keys() ?? [])].sort((a, b) => a.localeCompare(b, 'en', { numeric: true }));
const list = (name) => summary(name).join(', ');
const line =
  `Tested with ai ${list('ai')}, @ai-sdk/react ${list('@ai-sdk/react')}, React ${list('react')}, @ai-sdk/vue ${list('@ai-sdk/vue')}, ` +
  `Vue ${list('vue')}, @ai-sdk/svelte ${list('@ai-sdk/svelte')}, Svelte ${list('svelte')}, Vite ${list('vite')}, ` +
  // Node by major only: its patch release is the machine's, and would change the line on every machine.
  `Next.js ${list('next')}, TypeScript ${list('typescript')}, Node ${[...new Set(summary('Node').map((v) => v.split('.')[0]))].join(', ')}.`;
const readme = path.join(root, 'js', 'README.md');
const text = fs.readFileSync(readme, 'utf8');
const marked = /(<!-- tested-versions -->\n)[\s\S]*?(\n<!-- \/tested-versions -->)/;
if (!marked.test(text)) {
  console.error('tested-versions: js/README.md has no <!-- tested-versions --> … <!-- /tested-versions --> markers; expected them around its "Tested with" line');
  process.exit(1);
}
const next = text.replace(marked, `$1${line}$2`);
if (next !== text) fs.writeFileSync(readme, next);
console.log(`tested-versions: js/README.md ${next === text ? 'unchanged' : 'updated'}: ${line}`);
