// Compiles every ```ts / ```tsx block of the given Markdown files under `strict` with
// `skipLibCheck: false`, against the packages installed in HOST (an example app with the PACKED
// adk-stream-wasm in its node_modules), then runs each block in Node unless it is marked types-only.
// So a README can never show an import that does not exist, or code that does not compile.
//
//   node tools/check-readme.mjs --host examples/vite README.md js/README.md
//
// A block may be preceded by a hidden comment (invisible on GitHub and on the npm page; read by
// tools/readme-blocks.mjs, which tests/readme-paths/ shares):
//   <!-- readme-check [types-only]
//   lines prepended to the block when it is checked (declarations of what the block assumes)
//   -->
// `types-only`: type-check, do not run (for example, it needs a WebSocket backend or a browser).
// `vitest`: the block is a test file (vitest + jsdom, as an app tests its components): it is
// compiled as `block-NN.test.tsx` and run with the HOST app's own vitest in a jsdom environment,
// so the npm README's test example runs exactly as a user's test runs.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { extractBlocks } from './readme-blocks.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const args = process.argv.slice(2);
const hostIndex = args.indexOf('--host');
if (hostIndex < 0 || !args[hostIndex + 1]) {
  console.error('usage: node tools/check-readme.mjs --host APP_DIR FILE.md...');
  process.exit(2);
}
const host = path.resolve(args[hostIndex + 1]);
const files = args.filter((_, i) => i !== hostIndex && i !== hostIndex + 1);
// TypeScript of the JS workspace (pinned once in the root's package.json).
const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');

const outDir = path.join(host, '.readme-check');
fs.rmSync(outDir, { recursive: true, force: true });
fs.mkdirSync(outDir, { recursive: true });
fs.writeFileSync(path.join(outDir, 'package.json'), JSON.stringify({ type: 'module', private: true }, null, 2));

const blocks = files.flatMap((file) => extractBlocks(file, fs.readFileSync(file, 'utf8')));
if (blocks.length === 0) {
  console.error(`check-readme: no ts/tsx blocks in ${files.join(', ')}`);
  process.exit(1);
}
const sources = blocks.map((block, n) => {
  const name = `block-${String(n + 1).padStart(2, '0')}${block.vitest ? '.test' : ''}.${block.lang}`;
  // `export {}` makes each block a module of its own (top-level await, no shared names).
  const prelude = block.prelude ? `${block.prelude}\n` : '';
  const text = `${prelude}${block.code}\nexport {};\n`;
  fs.writeFileSync(path.join(outDir, name), text);
  return { ...block, name, preludeLines: prelude ? prelude.split('\n').length - 1 : 0 };
});

fs.writeFileSync(
  path.join(outDir, 'tsconfig.json'),
  JSON.stringify(
    {
      compilerOptions: {
        target: 'ES2022',
        lib: ['ES2022', 'DOM', 'DOM.Iterable'],
        module: 'NodeNext',
        moduleResolution: 'NodeNext',
        jsx: 'react-jsx',
        strict: true,
        skipLibCheck: false,
        outDir: 'out',
        rootDir: '.',
      },
      files: sources.map((s) => s.name),
    },
    null,
    2,
  ),
);

const where = (s) => `${s.file}:${s.line} (${s.lang} block, ${s.name})`;
let failures = 0;
try {
  execFileSync(process.execPath, [tsc, '-p', outDir, '--pretty', 'false'], { encoding: 'utf8', stdio: 'pipe' });
  console.log(`check-readme: ${sources.length} blocks type-check (strict, skipLibCheck false)`);
} catch (error) {
  failures++;
  // Map block-NN.tsx(line,col) back to the Markdown line.
  const out = String(error.stdout || error.message).replace(/(?:\.readme-check\/)?(block-\d+(?:\.test)?\.tsx?)\((\d+),(\d+)\)/g, (m, name, l) => {
    const s = sources.find((x) => x.name === name);
    if (!s) return m;
    const codeLine = Number(l) - s.preludeLines;
    return codeLine >= 1 ? `${s.file}:${s.line + codeLine}` : `${s.file}:${s.line} (prelude line ${l})`;
  });
  console.error(`check-readme: the README code does not compile:\n${out}`);
}

if (failures === 0) {
  for (const s of sources) {
    if (!s.run) {
      console.log(`  types only: ${where(s)}`);
      continue;
    }
    const js = path.join(outDir, 'out', s.name.replace(/\.tsx?$/, '.js'));
    const vitest = path.join(host, 'node_modules', 'vitest', 'vitest.mjs');
    if (s.vitest && !fs.existsSync(vitest)) {
      failures++;
      console.error(`check-readme: ${where(s)} is a vitest block, but ${host} has no vitest installed; expected vitest and jsdom among its devDependencies.`);
      continue;
    }
    // A vitest block runs as a user's test file runs: the host's vitest, a jsdom environment.
    const command = s.vitest
      ? [vitest, 'run', '--root', path.dirname(js), '--environment', 'jsdom', '--reporter', 'dot', path.basename(js)]
      : [js];
    try {
      execFileSync(process.execPath, command, { encoding: 'utf8', stdio: 'pipe', cwd: outDir, timeout: 60_000 });
      console.log(`  ran:        ${where(s)}${s.vitest ? ' (vitest, jsdom)' : ''}`);
    } catch (error) {
      failures++;
      console.error(`check-readme: ${where(s)} failed when run ${s.vitest ? 'with vitest' : 'in Node'}:\n${error.stdout || ''}${error.stderr || error.message}`);
    }
  }
}
if (failures) process.exit(1);
console.log('check-readme: all README blocks compile, and the runnable ones run');
