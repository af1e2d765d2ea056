// Headless Chromium (the system's, through playwright-core) and a static server for the bench pages.
// The server sends COOP/COEP headers so pages are cross-origin isolated: `performance.now()` then
// has 5 µs resolution instead of 100 µs.
import { createServer } from 'node:http';
import { readFile } from 'node:fs/promises';
import { extname, join, normalize, sep } from 'node:path';
import { chromium } from 'playwright-core';
import { CHROMIUM, CHROMIUM_FLAGS } from '../../tests/support/chromium.mjs';

export function launch() {
  return chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_FLAGS, timeout: 60_000 });
}

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.json': 'application/json',
  '.wasm': 'application/wasm',
};

/**
 * Serves `routes` (`{'/prefix/': dir}`) on 127.0.0.1 and a free port; `pages` maps a path to an
 * HTML string. `cacheable` lets the browser keep files (a returning visitor); otherwise every load
 * fetches them again. Closes itself after `lifetimeMs` even if the bench never does.
 */
export function serve({ routes, pages = {}, cacheable = false, lifetimeMs = 15 * 60_000 }) {
  const server = createServer(async (request, response) => {
    const path = decodeURIComponent(new URL(request.url, 'http://127.0.0.1').pathname);
    const headers = {
      'cache-control': cacheable ? 'max-age=3600' : 'no-store',
      'cross-origin-opener-policy': 'same-origin',
      'cross-origin-embedder-policy': 'require-corp',
      'cross-origin-resource-policy': 'same-origin',
    };
    if (Object.hasOwn(pages, path)) {
      response.writeHead(200, { ...headers, 'content-type': TYPES['.html'] });
      response.end(pages[path]);
      return;
    }
    for (const [prefix, dir] of Object.entries(routes)) {
      if (!path.startsWith(prefix)) continue;
      const file = normalize(join(dir, path.slice(prefix.length)));
      if (!file.startsWith(dir + sep)) break;
      try {
        const body = await readFile(file);
        response.writeHead(200, { ...headers, 'content-type': TYPES[extname(file)] || 'application/octet-stream' });
        response.end(body);
        return;
      } catch {
        break;
      }
    }
    response.writeHead(404, { 'content-type': 'text/plain' });
    response.end(`not found: ${path}`);
  });
  const timer = setTimeout(() => server.close(), lifetimeMs);
  timer.unref();
  return new Promise((resolve, reject) => {
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      resolve({
        origin: `http://127.0.0.1:${server.address().port}`,
        close() {
          clearTimeout(timer);
          server.closeAllConnections();
          return new Promise((done) => server.close(done));
        },
      });
    });
  });
}

/** An HTML page that maps `adk-stream-wasm` to the served package and runs `script` as a module. */
export function page({ script, body = '' } = {}) {
  const imports = {
    'adk-stream-wasm': '/pkg/index.js',
    'adk-stream-wasm/transport': '/pkg/transport.js',
    'adk-stream-wasm/': '/pkg/',
  };
  return `<!doctype html><html><head><meta charset="utf-8"><title>adk-stream-wasm bench</title>
<script type="importmap">${JSON.stringify({ imports })}</script>
${script ? `<script type="module" src="${script}"></script>` : ''}</head><body>${body}</body></html>`;
}
