// The glue's type declarations, emitted from its code (issue 33 §2): tsc reads the JSDoc of each
// module of js/ and writes its .d.ts into PKG_DIR beside the module. tsc also type-checks every
// module, strict (js/tsconfig.json; the audio thread's voice-worklet.js says @ts-nocheck, as its
// scope's globals are not the page's): an error fails the build, so `make test`, which builds the
// package first, fails on it too.
//
// A module whose .d.ts is still written by hand (js/NAME.d.ts beside js/NAME.js) keeps it: the
// build copies it, and tsc leaves that module to its declaration.
//
//   node scripts/lib/glue-types.mjs PKG_DIR
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';

/**
 * A declaration as the package's users read it: the code's comments cite the repository's SPEC rows
 * (and its principles and ADRs) for its maintainers, which the package does not ship (tests/js/words.test.ts), so a citation in
 * parentheses is left out of the emitted text.
 */
const forReaders = (text) => text.replace(/ ?\((?:[^()]*?[,;] )?(?:SPEC §|[Pp]rinciple \d|ADR \d)[^()]*\)/g, '');

const pkg = resolve(process.argv[2] ?? '');
if (!process.argv[2] || !existsSync(pkg)) {
  console.error('usage: node scripts/lib/glue-types.mjs PKG_DIR');
  process.exit(2);
}
const root = resolve(dirname(new URL(import.meta.url).pathname), '..', '..');
const js = join(root, 'js');
const out = join(root, 'target', 'glue-types');
const modules = readdirSync(js, { recursive: true })
  .map(String)
  .filter((f) => f.endsWith('.js') && !f.startsWith('dev/') && !existsSync(join(js, f.replace(/\.js$/, '.d.ts'))));
rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });
const config = join(js, 'tsconfig.emit.json');
writeFileSync(config, JSON.stringify({ extends: './tsconfig.json', compilerOptions: { outDir: out }, include: [], files: modules }, null, 2));
const tsc = createRequire(join(root, 'package.json')).resolve('typescript/bin/tsc');
try {
  execFileSync(process.execPath, [tsc, '-p', config, '--pretty', 'false'], { encoding: 'utf8', stdio: 'pipe' });
} catch (error) {
  console.error(`glue-types: tsc found errors in js/ (js/tsconfig.json):\n${error.stdout || error.message}`);
  process.exit(1);
} finally {
  rmSync(config, { force: true });
}
let emitted = 0;
for (const file of modules) {
  const declaration = file.replace(/\.js$/, '.d.ts');
  if (!existsSync(join(out, declaration))) continue;
  mkdirSync(dirname(join(pkg, declaration)), { recursive: true });
  writeFileSync(join(pkg, declaration), forReaders(readFileSync(join(out, declaration), 'utf8')));
  emitted += 1;
}
console.log(`glue-types: ${emitted} declarations emitted from js/ (${modules.length} modules without a hand-written one)`);
