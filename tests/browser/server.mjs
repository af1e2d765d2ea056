// A static server for the browser tests: the built package (pkg/) under /pkg/, the test page at /
// (with the Content-Security-Policy given as `?csp=POLICY`, from this origin: a page fulfilled by the
// test runner instead counts as a public one, which Chromium bars from 127.0.0.1 sockets)
// and, when given, tests/support/ under /support/, on 127.0.0.1 and a free port. It closes itself after `lifetimeMs` even if the test never does.
import { createServer } from 'node:http';
import { readFile } from 'node:fs/promises';
import { extname, join, normalize, sep } from 'node:path';

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.json': 'application/json',
  '.wasm': 'application/wasm',
  '.ts': 'text/plain; charset=utf-8',
};

/**
 * Serves `pkgDir` under /pkg/, `pagePath` at / and `supportDir` (if given) under /support/;
 * resolves with `{origin, close()}`.
 */
export function startServer({ pkgDir, pagePath, supportDir = null, lifetimeMs = 120_000 }) {
  const server = createServer(async (request, response) => {
    const url = new URL(request.url, 'http://127.0.0.1');
    const path = decodeURIComponent(url.pathname);
    const csp = url.searchParams.get('csp');
    let file = null;
    if (path === '/' || path === '/index.html') {
      file = pagePath;
    } else {
      for (const [prefix, dir] of [['/pkg/', pkgDir], ['/support/', supportDir]]) {
        if (dir === null || !path.startsWith(prefix)) continue;
        const candidate = normalize(join(dir, path.slice(prefix.length)));
        if (candidate.startsWith(dir + sep)) file = candidate;
      }
    }
    try {
      if (file === null) throw new Error('not served');
      const body = await readFile(file);
      const headers = { 'content-type': TYPES[extname(file)] || 'application/octet-stream', 'cache-control': 'no-store' };
      if (csp !== null && file === pagePath) headers['content-security-policy'] = csp;
      response.writeHead(200, headers);
      response.end(body);
    } catch {
      response.writeHead(404, { 'content-type': 'text/plain' });
      response.end(`not found: ${path}`);
    }
  });
  const closed = new Promise((resolve) => server.on('close', resolve));
  const close = () => {
    server.closeAllConnections();
    server.close();
    return closed;
  };
  const timer = setTimeout(close, lifetimeMs);
  timer.unref();
  return new Promise((resolve, reject) => {
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      resolve({
        origin: `http://127.0.0.1:${port}`,
        close() {
          clearTimeout(timer);
          return close();
        },
      });
    });
  });
}
