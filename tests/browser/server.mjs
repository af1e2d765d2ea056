// A static server for the browser tests: the built package (pkg/) under /pkg/ and the test page at
// /, on 127.0.0.1 and a free port. It closes itself after `lifetimeMs` even if the test never does.
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

/** Serves `pkgDir` under /pkg/ and `pagePath` at /; resolves with `{origin, close()}`. */
export function startServer({ pkgDir, pagePath, lifetimeMs = 120_000 }) {
  const server = createServer(async (request, response) => {
    const path = decodeURIComponent(new URL(request.url, 'http://127.0.0.1').pathname);
    let file = null;
    if (path === '/' || path === '/index.html') {
      file = pagePath;
    } else if (path.startsWith('/pkg/')) {
      const candidate = normalize(join(pkgDir, path.slice('/pkg/'.length)));
      if (candidate.startsWith(pkgDir + sep)) file = candidate;
    }
    try {
      if (file === null) throw new Error('not served');
      const body = await readFile(file);
      response.writeHead(200, { 'content-type': TYPES[extname(file)] || 'application/octet-stream', 'cache-control': 'no-store' });
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
