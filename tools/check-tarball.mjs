// What the npm registry page and a user's node_modules get from the packed package:
// README.md, LICENSE and CHANGELOG.md are in the tarball; every relative link or image of the README points at a
// file in the tarball (the registry page cannot follow `../shared/SPEC.md` or show `docs/*.png`);
// other links are absolute http(s) URLs; the README is the package's, not the repository's
// (no `make` commands, which only work in a clone); no URL of the README or package.json points at a
// placeholder host (example.invalid, *.example, *.test, localhost), which would be a dead link on the
// registry page; every file is reached from an entry point (nothing shipped that nothing loads).
//
//   node tools/check-tarball.mjs ./pkg
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const dir = process.argv[2] ?? './pkg';
const [packed] = JSON.parse(execFileSync('npm', ['pack', '--dry-run', '--json', dir], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }));
const files = new Set(packed.files.map((f) => f.path));
const problems = [];
for (const required of ['package.json', 'README.md', 'LICENSE', 'CHANGELOG.md']) {
  if (!files.has(required)) problems.push(`${required} is not in the tarball`);
}
if (files.has('README.md')) {
  const readme = fs.readFileSync(path.join(dir, 'README.md'), 'utf8');
  // [text](target) and ![alt](target), and <img src="target">.
  const targets = [...readme.matchAll(/!?\[[^\]]*\]\(([^)\s]+)[^)]*\)/g), ...readme.matchAll(/<img[^>]+src="([^"]+)"/g)].map((m) => m[1]);
  for (const target of targets) {
    if (/^https?:\/\//.test(target) || target.startsWith('#')) continue;
    if (/^[a-z]+:/i.test(target)) {
      problems.push(`README link ${target}: only http(s) links work on the registry page`);
      continue;
    }
    const file = path.posix.normalize(target.split('#')[0]);
    if (file.startsWith('..') || !files.has(file)) problems.push(`README link ${target}: no such file in the tarball`);
  }
  for (const line of readme.split('\n')) {
    if (/^\s*make\s+\w/.test(line)) problems.push(`README shows a repository command, useless to a user of the package: ${line.trim()}`);
  }
}
// Every URL a user can follow from the registry page: the README's text and package.json's fields.
const placeholder = /^(?:localhost|127\.\d+\.\d+\.\d+|(?:[\w-]+\.)*(?:invalid|example|test|localhost)|example\.(?:com|org|net))$/i;
const urlSources = [['package.json', fs.readFileSync(path.join(dir, 'package.json'), 'utf8')]];
// The README's code blocks are left out: the registry page shows them as text, not as links, and a
// dev server's proxy target (`http://127.0.0.1:8000`) is exactly what a configuration example holds.
if (files.has('README.md')) urlSources.push(['README.md', fs.readFileSync(path.join(dir, 'README.md'), 'utf8').replace(/^```[^\n]*\n[\s\S]*?^```\s*$/gm, '')]);
for (const [file, text] of urlSources) {
  for (const [url] of text.matchAll(/\bhttps?:\/\/[^\s)"'<>`]+/g)) {
    let host = '';
    try {
      host = new URL(url).hostname;
    } catch {
      problems.push(`${file}: ${url} is not a valid URL`);
      continue;
    }
    if (placeholder.test(host)) problems.push(`${file}: ${url} points at a placeholder host, a dead link on the registry page`);
  }
}
// Nothing unused: every file is reached from an entry point of `exports` (the JS modules through
// their static and dynamic relative imports and the files they load by `new URL('./file',
// import.meta.url)`, which bundlers emit: a worker, a worklet; the .d.ts files through theirs), or is one of the
// registry's documents. A file nothing loads (the `.wasm` files once were, the core being
// embedded as hex) is bytes every user downloads for nothing.
const manifest = JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8'));
// Documents (the README's linked pages among them) are for readers, not for loading.
const reached = new Set(['package.json', 'LICENSE', ...[...files].filter((f) => f.endsWith('.md'))]);
const pending = [];
for (const target of Object.values(manifest.exports ?? {})) {
  for (const file of typeof target === 'string' ? [target] : Object.values(target ?? {})) if (typeof file === 'string') pending.push(path.posix.normalize(file));
}
for (const key of ['main', 'types']) if (typeof manifest[key] === 'string') pending.push(path.posix.normalize(manifest[key]));
const relativeImport = /(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+|\bnew\s+URL\s*\(\s*)(['"])(\.{1,2}\/[^'"]+)\1/g;
while (pending.length > 0) {
  const file = pending.pop();
  if (reached.has(file) || !files.has(file)) continue;
  reached.add(file);
  if (!/\.(m?js|d\.ts)$/.test(file)) continue;
  const text = fs.readFileSync(path.join(dir, file), 'utf8');
  for (const [, , specifier] of text.matchAll(relativeImport)) {
    const target = path.posix.normalize(path.posix.join(path.posix.dirname(file), specifier));
    pending.push(file.endsWith('.d.ts') ? target.replace(/\.js$/, '.d.ts') : target);
    // A .d.ts beside a reached module declares it.
    if (!file.endsWith('.d.ts')) pending.push(target.replace(/\.js$/, '.d.ts'));
  }
}
for (const file of files) if (!reached.has(file)) problems.push(`${file} is in the tarball but no entry point loads or declares it: leave it out (js/package.json "files")`);
if (problems.length) {
  console.error(`check-tarball: ${packed.filename}:\n  ${problems.join('\n  ')}`);
  process.exit(1);
}
console.log(`check-tarball: ${packed.filename}: ${files.size} files, each loaded or declared by an entry point; README.md, LICENSE and CHANGELOG.md present, README links resolve`);
