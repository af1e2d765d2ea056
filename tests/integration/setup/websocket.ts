// The package's transport (web-sys) creates sockets with the global `WebSocket`. Node 20 has none:
// there the `ws` package stands in for it (ADK_WS_POLYFILL=1), before any test file imports the
// package. Node 22 has its own, used as it is.
//
// The stand-in is `ws`'s WebSocket with one guard: `ws` is an EventEmitter, and an 'error' it emits
// while no listener is attached throws out of the event loop (an uncaught exception that would
// end an app's process). The guard records such an emit in `globalThis.__adkOrphanWsErrors`
// instead of throwing, so one test can name that fault (bidi-faults.test.ts) while the others
// go on.
import { WebSocket as WsWebSocket } from 'ws';

declare global {
  // eslint-disable-next-line no-var
  var __adkOrphanWsErrors: string[];
}
globalThis.__adkOrphanWsErrors = [];

export class GuardedWsWebSocket extends WsWebSocket {
  emit(event: string | symbol, ...args: any[]): boolean {
    if (event === 'error' && this.listenerCount('error') === 0) {
      globalThis.__adkOrphanWsErrors.push(`${this.url}: ${args[0]?.message ?? String(args[0])}`);
      return false;
    }
    return super.emit(event, ...args);
  }
}

if (process.env.ADK_WS_POLYFILL === '1') {
  (globalThis as any).WebSocket = GuardedWsWebSocket;
} else if (typeof (globalThis as any).WebSocket !== 'function') {
  throw new Error(
    `Node ${process.version} has no global WebSocket: run the suite on Node 22, or set ADK_WS_POLYFILL=1 ` +
      'to install the ws package as globalThis.WebSocket (scripts/test-integration.sh does so on Node 20).',
  );
}
