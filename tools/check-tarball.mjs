// What the npm registry page and a user's node_modules get from the packed package:
// README.md, LICENSE and CHANGELOG.md are in the tarball; every relative link or image of the README points at a
// file in the tarball (the registry page cannot follow `../shared/SPEC.md` or show `docs/*.png`);
// other links are absolute http(s) URLs; the README is the package's, not the repository's
// (no `make` commands, which only work in a clone); no URL of the README or package.json points at a
// placeholder host (example.invalid, *.example, *.test, localhost), which would be a dead link on the
// registry page.
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
if (problems.length) {
  console.error(`check-tarball: ${packed.filename}:\n  ${problems.join('\n  ')}`);
  process.exit(1);
}
console.log(`check-tarball: ${packed.filename}: ${files.size} files, README.md, LICENSE and CHANGELOG.md present, README links resolve`);
