import { parseAst } from 'rolldown/parseAst';
import { readFileSync, readdirSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
const dir = process.argv[2];
const rows = [];
for (const f of readdirSync(dir)) {
  if (f.startsWith('wasm-')) continue;
  const code = readFileSync(dir + '/' + f, 'utf8');
  const ast = parseAst(code);
  const walk = (n, depth) => {
    if (!n || typeof n !== 'object') return;
    if (Array.isArray(n)) return n.forEach((c) => walk(c, depth));
    if ((n.type === 'FunctionDeclaration' || n.type === 'ClassDeclaration' || n.type === 'MethodDefinition' || n.type === 'Property' && n.value && /Function/.test(n.value.type)) && depth < 3) {
      const src = code.slice(n.start, n.end);
      rows.push([src.length, f.replace(/-[^-]+\.js$/, ''), src.slice(0, 60)]);
    }
    for (const k in n) if (k !== 'type' && typeof n[k] === 'object') walk(n[k], depth + (/Function|Class/.test(n.type) ? 1 : 0));
  };
  walk(ast, 0);
}
rows.sort((a, b) => b[0] - a[0]);
for (const r of rows.slice(0, 45)) console.log(String(r[0]).padStart(5), r[1].padEnd(16), r[2]);
