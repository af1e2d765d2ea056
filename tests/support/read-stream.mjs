// One stream reader for the transport tests that run in Node (tests/hardening) and in Chromium's
// page (tests/browser, which serves this file under /support/): plain JS, no Node import.

/**
 * Reads a stream to its end, its error, or `ms`: `{chunks, done | error | timedOut, ms}`. When
 * `afterChunks` chunks have arrived, `onAfter()` runs once (a test's action mid-stream).
 */
export async function readStream(stream, ms = 5000, afterChunks = 0, onAfter = () => {}) {
  const reader = stream.getReader();
  const chunks = [];
  const started = Date.now();
  let timer;
  const timeout = new Promise((r) => (timer = setTimeout(() => r('timeout'), ms)));
  try {
    for (;;) {
      const next = await Promise.race([reader.read(), timeout]);
      if (next === 'timeout') {
        reader.cancel().catch(() => {});
        return { chunks, timedOut: true, ms: Date.now() - started };
      }
      if (next.done) return { chunks, done: true, ms: Date.now() - started };
      chunks.push(next.value);
      if (chunks.length === afterChunks) onAfter();
    }
  } catch (error) {
    return { chunks, error, ms: Date.now() - started };
  } finally {
    clearTimeout(timer);
  }
}
