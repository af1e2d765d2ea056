// The README paths as pages: each documented path's code is taken from js/README.md at test time
// (tools/readme-blocks.mjs, the reader tools/check-readme.mjs uses), written verbatim into a page of
// a minimal host (a main.tsx that renders the block's exported component, as Vite's React template
// does; for a plain script block, a main.ts that imports it), and all pages are built by ONE
// `vite build` of an app that has the PACKED package installed (scripts/test-readme-paths.sh).
//
// The only change made to a block's code: the README's backend address (`127.0.0.1:8000`, in
// `ws://127.0.0.1:8000/live`) becomes the test backend's, as the README tells users to give the
// chat their backend's URL. Relative paths (`api: '/stream'`) stay: the test backend serves the
// built pages, so page, stream and socket share one origin, as the README's "Connect to your
// backend" recommends.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { extractBlocks } from '../../tools/readme-blocks.mjs';

/** Code without its line comments (a URL's `//` after a colon is kept). */
const codeOnly = (code) => code.replace(/(^|[^:])\/\/.*$/gm, '$1');
const has = (code, re) => re.test(codeOnly(code));

/**
 * The documented paths. `find(blocks)` returns {block, code} or a sentence saying why the README
 * has no code for the path (a README defect the test reports). `kind`: 'component' (a React
 * component to render) or 'script' (a module to run).
 */
export const PATHS = [
  {
    id: 'usechat-sse',
    title: 'useChat + AdkSseTransport (SSE)',
    mode: 'sse',
    kind: 'component',
    find: (blocks) =>
      pick(blocks, (b) => b.lang === 'tsx' && has(b.code, /\buseChat\(/) && has(b.code, /new AdkSseTransport\(/)) ??
      'js/README.md has no tsx block that calls useChat with new AdkSseTransport(...)',
  },
  {
    id: 'usechat-bidi',
    title: 'useChat + BidiTransport (BIDI)',
    mode: 'bidi',
    kind: 'component',
    find: (blocks) =>
      pick(blocks, (b) => b.lang === 'tsx' && has(b.code, /\buseChat\(/) && has(b.code, /new BidiTransport\(/)) ??
      'js/README.md has no code for "BIDI with useChat": no tsx block calls useChat with new BidiTransport(...) ' +
        '(the section says in prose to pass onBufferedChunks: () => resumeBuffered(chat, transport); issue 32 item 1)',
  },
  {
    id: 'useadkchat-sse',
    title: 'useAdkChat (SSE)',
    mode: 'sse',
    kind: 'component',
    find: (blocks) => pick(blocks, adkChatBlock('sse')) ?? "js/README.md has no tsx block that calls useAdkChat with mode: 'sse'",
  },
  {
    id: 'useadkchat-sse-only',
    title: "useAdkChat from 'adk-stream-wasm/react/sse' (SSE)",
    mode: 'sse',
    kind: 'component',
    find: sseOnlyHook,
  },
  {
    id: 'useadkchat-bidi',
    title: 'useAdkChat (BIDI)',
    mode: 'bidi',
    kind: 'component',
    find: (blocks) => pick(blocks, adkChatBlock('bidi')) ?? sseBlockWithItsBidiAlternative(blocks),
  },
  {
    id: 'createadk-bidi',
    title: 'createAdk + Chat + BidiTransport',
    mode: 'bidi',
    kind: 'script',
    find: (blocks) =>
      pick(blocks, (b) => b.lang === 'ts' && has(b.code, /\bcreateAdk\(/) && has(b.code, /new Chat\(/) && has(b.code, /new BidiTransport\(/)) ??
      'js/README.md has no ts block that builds a Chat with createAdk and new BidiTransport(...)',
  },
  {
    id: 'voice',
    title: 'useAdkVoice + useAdkChat (BIDI voice)',
    mode: 'bidi',
    kind: 'component',
    voice: true,
    find: (blocks) => pick(blocks, (b) => b.lang === 'tsx' && has(b.code, /\buseAdkVoice\(/)) ?? 'js/README.md has no tsx block that calls useAdkVoice',
  },
];

/** The first block (not a test file) that `test` accepts, as {block, code}; or undefined. */
function pick(blocks, test) {
  const block = blocks.find((b) => !b.vitest && test(b));
  return block && { block, code: block.code };
}

/** A useAdkChat component block (not the voice's, not Next.js's server page) in `mode`. */
const adkChatBlock = (mode) => (b) =>
  b.lang === 'tsx' && /export function/.test(b.code) && !has(b.code, /\buseAdkVoice\(/) && has(b.code, /\buseAdkChat\(/) && has(b.code, new RegExp(`mode: '${mode}'`));

/**
 * useAdkChat over BIDI has no block of its own: the SSE block says in a comment what to write
 * instead (`api: '/stream', // or mode: 'bidi', url: …, bidiPattern: 'A'`). That comment, applied
 * as written, is the BIDI path's code.
 */
function sseBlockWithItsBidiAlternative(blocks) {
  const found = pick(blocks, adkChatBlock('sse'));
  const alternative = /mode: 'sse',\s*api: '[^']*',\s*\/\/ or (mode: 'bidi'[^\n]*)/;
  if (!found || !alternative.test(found.block.code)) {
    return "js/README.md has no tsx block that calls useAdkChat with mode: 'bidi', and no `// or mode: 'bidi', …` alternative in the SSE one";
  }
  return { block: found.block, code: found.block.code.replace(alternative, '$1') };
}

/**
 * "An app that talks SSE only can take the same hook from adk-stream-wasm/react/sse": the
 * useAdkChat SSE block with the import that block shows in place of its own.
 */
function sseOnlyHook(blocks) {
  const line = /^import \{ useAdkChat \} from '(adk-stream-wasm\/[^']+)';$/;
  const other = blocks.find((b) => line.test(b.code.trim()) && !b.code.includes("'adk-stream-wasm/react'"));
  const found = pick(blocks, adkChatBlock('sse'));
  if (!other || !found) return 'js/README.md has no block that imports useAdkChat from another entry point (react/sse), or no useAdkChat SSE block';
  return { block: found.block, code: found.code.replace("from 'adk-stream-wasm/react'", `from '${line.exec(other.code.trim())[1]}'`) };
}

/** The README's backend address made the test backend's (see the header). */
const withBackend = (code, backendUrl) =>
  code.replaceAll('ws://127.0.0.1:8000', backendUrl.replace(/^http/, 'ws')).replaceAll('http://127.0.0.1:8000', backendUrl);

/** The top-level `const` names of a script block: what the test drives it through. */
const topLevelConsts = (code) => [...code.matchAll(/^(?:export\s+)?const\s+(\w+)\s*=/gm)].map((m) => m[1]);

export function writePage(dir, p, found, backendUrl) {
  const code = withBackend(found.code, backendUrl);
  const where = `${found.block.file}:${found.block.line}`;
  fs.mkdirSync(path.join(dir, p.id), { recursive: true });
  let main;
  if (p.kind === 'component') {
    const name = /export function (\w+)/.exec(code)?.[1];
    if (!name) return `the block at ${where} exports no function component`;
    fs.writeFileSync(path.join(dir, p.id, 'Block.tsx'), `// ${where}, verbatim but for the backend address\n${code}\n`);
    main = `import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { ${name} } from './Block';

createRoot(document.getElementById('root')!).render(<StrictMode><${name} /></StrictMode>);
`;
    fs.writeFileSync(path.join(dir, p.id, 'main.tsx'), main);
  } else {
    // The block runs as a module; its top-level names are exported so that the test can go on
    // with the chat it built (there is no UI to click).
    const names = topLevelConsts(code);
    fs.writeFileSync(path.join(dir, p.id, 'Block.ts'), `// ${where}, verbatim but for the backend address\n${code}\nexport { ${names.join(', ')} };\n`);
    main = `// Runs the block; window.readme holds its top-level names once it has run, or the error it threw.
const w = window as unknown as { readme?: unknown; readmeError?: string };
import('./Block').then(
  (block) => { w.readme = block; },
  (error: unknown) => { w.readmeError = error instanceof Error ? \`\${error.name}: \${error.message}\` : String(error); },
);
`;
    fs.writeFileSync(path.join(dir, p.id, 'main.ts'), main);
  }
  const entry = p.kind === 'component' ? 'main.tsx' : 'main.ts';
  fs.writeFileSync(
    path.join(dir, `${p.id}.html`),
    `<!doctype html>\n<html lang="en">\n  <head><meta charset="UTF-8" /><title>${p.title}</title></head>\n  <body>\n    <div id="root"></div>\n    <script type="module" src="/${p.id}/${entry}"></script>\n  </body>\n</html>\n`,
  );
  return { where, code };
}

/**
 * Writes the pages of every path the README has code for into DIR (a folder of this run's own
 * inside HOST, whose node_modules the build resolves from: the pages hold this run's backend
 * address) and builds them with the host's Vite (one build) into DIR/dist. Returns
 * {pages: {id: {where, code} | why-missing}}.
 */
export function buildPages({ host, dir, readme, backendUrl }) {
  const blocks = extractBlocks(readme, fs.readFileSync(readme, 'utf8'));
  const pages = {};
  const input = {};
  for (const p of PATHS) {
    const found = p.find(blocks);
    pages[p.id] = typeof found === 'string' ? found : writePage(dir, p, found, backendUrl);
    if (typeof pages[p.id] !== 'string') input[p.id] = path.join(dir, `${p.id}.html`);
  }
  // The pages' index (the backend answers any unknown path with it).
  const links = Object.keys(input).map((id) => `<li><a href="/${id}.html">${id}</a></li>`).join('');
  fs.writeFileSync(path.join(dir, 'index.html'), `<!doctype html>\n<html lang="en"><head><meta charset="UTF-8" /><title>README paths</title></head><body><ul>${links}</ul></body></html>\n`);
  input.index = path.join(dir, 'index.html');
  fs.writeFileSync(
    path.join(dir, 'vite.config.mjs'),
    `export default { logLevel: 'warn', build: { outDir: 'dist', emptyOutDir: true, chunkSizeWarningLimit: 4096, rollupOptions: { input: ${JSON.stringify(input)} } } };\n`,
  );
  execFileSync(process.execPath, [path.join(host, 'node_modules/vite/bin/vite.js'), 'build', '--config', 'vite.config.mjs'], {
    cwd: dir,
    stdio: ['ignore', 'pipe', 'pipe'],
    encoding: 'utf8',
    timeout: 180_000,
  });
  return { pages };
}
