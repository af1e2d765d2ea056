// What the framework suites share: the demo backend (www/server, a model of the ADK backend that
// rejects what the real one rejects, SPEC §4a), a stand-in for the browser's geolocation, and waits.
import { afterAll, beforeAll, beforeEach, vi } from 'vitest';
// @ts-ignore -- plain JS: the demo backend the example apps are clicked against too.
import { startBackend } from '../../../www/server/app.mjs';

export const POSITION = { latitude: 35.6762, longitude: 139.6503, accuracy: 20, timestamp: 1_767_225_600_000 };

export const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/** Polls `condition` every 5 ms; fails naming `what` (a string or a function giving the state). */
export async function waitUntil(condition: () => boolean, what: string | (() => string), timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting until ${typeof what === 'function' ? what() : what}`);
    await sleep(5);
  }
}

/** The text parts of a chat's assistant messages, joined. */
export function assistantText(messages: any[]): string {
  return messages
    .filter((m) => m.role === 'assistant')
    .flatMap((m) => m.parts)
    .filter((p: any) => p.type === 'text')
    .map((p: any) => p.text)
    .join(' ');
}

export interface Backend {
  url: string;
  counts(): { sseRequests: number; bidiMessages: number; bidiConnections: number; toolResults: number; violations: unknown[] };
}

/** The demo backend for the file's tests, its counts reset before each test. */
export function useDemoBackend(): Backend {
  let backend: any;
  beforeAll(async () => {
    backend = await startBackend({ port: 0, quiet: true, chunkDelayMs: 0, staticDir: null });
  });
  afterAll(async () => backend?.close());
  beforeEach(() => backend.stats.reset());
  return {
    get url() {
      return backend.url as string;
    },
    counts() {
      const { sseRequests, bidiMessages, bidiConnections, toolResults, violations } = backend.stats.toJSON();
      return { sseRequests, bidiMessages, bidiConnections, toolResults, violations };
    },
  };
}

/** The browser's geolocation as the package's get_location reads it, granting POSITION; counts calls. */
export function grantGeolocation(): { calls: number } {
  const seen = { calls: 0 };
  const geolocation = {
    getCurrentPosition(success: (p: unknown) => void) {
      seen.calls++;
      const { latitude, longitude, accuracy, timestamp } = POSITION;
      setTimeout(() => success({ coords: { latitude, longitude, accuracy }, timestamp }), 0);
    },
  };
  vi.stubGlobal('navigator', { ...(globalThis.navigator ?? {}), geolocation });
  return seen;
}
