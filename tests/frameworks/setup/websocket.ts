// The package's BIDI transport opens sockets with the global `WebSocket`. Node 20 has none: there
// the `ws` package stands in for it (ADK_WS_POLYFILL=1, scripts/test-frameworks.sh); Node 22 has
// its own. Loaded with Node's require, so that a jsdom test file (whose imports resolve with the
// `browser` condition, where `ws` is a stub) gets the real one too.
import { createRequire } from 'node:module';

if (process.env.ADK_WS_POLYFILL === '1') {
  (globalThis as any).WebSocket = createRequire(import.meta.url)('ws').WebSocket;
} else if (typeof (globalThis as any).WebSocket !== 'function') {
  throw new Error(`Node ${process.version} has no global WebSocket: run on Node 22, or set ADK_WS_POLYFILL=1 (scripts/test-frameworks.sh does)`);
}
