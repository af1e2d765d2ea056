// quick size loop (not committed)
import { buildApp } from './lib/vite-apps.mjs';
import { readFile } from 'node:fs/promises';
import { join, dirname, normalize } from 'node:path';
import { gzipSync } from 'node:zlib';
const appsDir = new URL('./size-apps/', import.meta.url).pathname;
const split = process.argv.includes('--split');
const names = process.argv.slice(2).filter((a) => !a.startsWith('--'));
async function entryBytes(name) {
  const { outDir, files } = await buildApp({ appsDir, name, outDir: `/tmp/sz/${name}${split ? '-split' : ''}`, split });
  const html = await readFile(join(outDir, 'index.html'), 'utf8');
  // entry + its static imports
  const entry = html.match(/src="\/(assets\/[^"]+\.js)"/)[1];
  const seen = new Set();
  const queue = [entry];
  while (queue.length) {
    const f = queue.pop();
    if (seen.has(f)) continue;
    seen.add(f);
    const code = await readFile(join(outDir, f), 'utf8');
    for (const m of code.matchAll(/(?:^|[;}\n])\s*import\s*(?:[^'"()]*?from\s*)?["'](\.\.?\/[^"']+)["']/g)) queue.push(normalize(join(dirname(f), m[1])));
  }
  let total = 0;
  const rows = [];
  for (const f of seen) {
    const g = gzipSync(await readFile(join(outDir, f)), { level: 9 }).length;
    total += g;
    const info = files.find((x) => x.file === f);
    rows.push([g, f, (info?.packageModules || []).join(' ')]);
  }
  return { total, rows };
}
const base = await entryBytes('baseline');
for (const n of names) {
  const r = await entryBytes(n);
  console.log(`${n}: +${r.total - base.total} B (total ${r.total}, baseline ${base.total})`);
  if (split) for (const row of r.rows.sort((a, b) => b[0] - a[0])) console.log('  ', row[0], row[2] || row[1]);
}
