// The README's useAdkChat component served by Vite's DEV server with the README's `server.proxy`
// (js/README.md "Connect to your backend": '/stream' to the backend, '/live' with `ws: true`), as
// an app is run in development (issue 41: "behind the proxy every deployment has"). The backend
// behind it sits on a fixed port, so that the test can stop it, start it again, or put a server
// there that accepts connections and never answers, while the proxy stays as configured.
//
// The block's code is written as host.mjs writes it; the test reads the hook's state (the error's
// kind and status, `explain()`) and runs the README's `recover()` (its "When the connection fails"
// block, as written) and `adk.resend(...)`, as a button of the app would, through a probe: the
// page's `adk-stream-wasm/react` is a module that re-exports the package's and keeps useAdkChat's
// last result in `window.adkProbe`, and `recover` in `window.adkRecover`. The blocks' own code is
// not changed.
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { writePage } from './host.mjs';

/** A port that was free a moment ago, on 127.0.0.1. */
export function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = /** @type {net.AddressInfo} */ (server.address());
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

const PROBE = `// The test's view of useAdkChat (dev-proxy.mjs): the package's module, the hook's result kept.
import { useAdkChat as packaged } from 'adk-stream-wasm/react';
import { recover } from './recover';
export * from 'adk-stream-wasm/react';
(window as unknown as { adkRecover: unknown }).adkRecover = recover;
export const useAdkChat = ((options: unknown) => {
  const result = (packaged as (o: unknown) => unknown)(options);
  (window as unknown as { adkProbe: unknown }).adkProbe = result;
  return result;
}) as typeof packaged;
`;

/**
 * Writes the pages of `found` (host.mjs's PATHS entries with their blocks) and `recover` (the
 * README's block, its code as written) into DIR and
 * starts the host's Vite dev server on DEVPORT with the README's proxy to 127.0.0.1:BACKENDPORT.
 * A BIDI block's backend address (ws://127.0.0.1:8000) becomes the dev server's, so its socket
 * goes through the proxy's `ws: true` too. Resolves with {url, pages, close()}.
 */
export async function startDevProxy({ host, dir, found, recover, devPort, backendPort }) {
  const url = `http://127.0.0.1:${devPort}`;
  const pages = {};
  for (const [p, block] of found) pages[p.id] = writePage(dir, p, block, url);
  const probe = path.join(dir, 'probe.tsx');
  fs.writeFileSync(probe, PROBE);
  fs.writeFileSync(path.join(dir, 'recover.ts'), `// ${recover.file}:${recover.line}, verbatim\n${recover.code}\n`);
  const { createServer } = await import(pathToFileURL(path.join(host, 'node_modules/vite/dist/node/index.js')).href);
  const backend = `127.0.0.1:${backendPort}`;
  const server = await createServer({
    root: dir,
    configFile: false,
    logLevel: 'silent',
    clearScreen: false,
    plugins: [
      {
        name: 'adk-probe',
        enforce: 'pre',
        resolveId(source, importer) {
          if (source === 'adk-stream-wasm/react' && importer && !importer.startsWith(probe)) return probe;
          return null;
        },
      },
    ],
    server: {
      host: '127.0.0.1',
      port: devPort,
      strictPort: true,
      hmr: false,
      // js/README.md's vite.config.ts, but for the backend's port.
      proxy: {
        '/stream': `http://${backend}`,
        '/live': { target: `ws://${backend}`, ws: true },
      },
    },
  });
  await server.listen();
  return { url, pages, close: () => server.close() };
}

/** A server on `port` that accepts every connection and never answers (a proxy's hung upstream). */
export function startSilentServer(port) {
  const sockets = new Set();
  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => {});
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () =>
      resolve({
        close: () =>
          new Promise((done) => {
            for (const s of sockets) s.destroy();
            server.close(() => done());
          }),
      }),
    );
  });
}
