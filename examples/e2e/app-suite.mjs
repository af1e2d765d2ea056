// What the click-through files (flows.test.mjs, framework-flows.test.mjs) share: one headless
// Chromium (Debian's) and the local demo backend (www/server) for the file's tests, the backend's
// request counts, a page of the served app that collects its errors, and the check that a flow sent
// exactly the requests it needs and nothing more after them.
//   APP_URL       the served app (required)
//   APP_LABEL     a name for the test titles
//   BACKEND_PORT  the backend's port (default: any free one): an app that forwards the chat's
//                 requests to the backend itself (SvelteKit, Nuxt: issue 42) was started with it
import { before, after } from 'node:test';
import assert from 'node:assert/strict';
import { chromium } from 'playwright-core';
import { startBackend } from '../../www/server/app.mjs';
import { CHROMIUM, CHROMIUM_FLAGS } from '../../tests/support/chromium.mjs';

export const APP_URL = process.env.APP_URL;
export const LABEL = process.env.APP_LABEL ?? APP_URL;
// After the final text, the counts must stay the same this long (nothing else is sent).
const QUIET_MS = 1500;
assert.ok(APP_URL, 'APP_URL is not set: run scripts/test-examples.sh');

export let backend;
let browser;

/** Registers the file's before and after: Chromium and the demo backend. */
export function appSuite() {
  before(async () => {
    [browser, backend] = await Promise.all([
      chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_FLAGS, headless: true }),
      startBackend({ port: Number(process.env.BACKEND_PORT ?? 0), quiet: true, chunkDelayMs: 5, staticDir: null }),
    ]);
  });
  after(async () => {
    await browser?.close();
    await backend?.close();
  });
}

/** What the backend counted since its last reset. */
export function counts() {
  const { sseRequests, bidiMessages, bidiConnections, toolResults, violations } = backend.stats.toJSON();
  return { sseRequests, bidiMessages, bidiConnections, toolResults, violations };
}

/** The requests a flow of `n` requests makes in `mode`. */
export const requests = (mode, n) => (mode === 'sse' ? { sseRequests: n, bidiMessages: 0 } : { sseRequests: 0, bidiMessages: n, bidiConnections: 1 });

/**
 * Opens the app in `mode` against the backend, in a new context (`contextOptions`, Playwright's),
 * then runs `steps(page)`. Any uncaught error or console error of the page fails it (a missing
 * favicon is the app's, not the package's); a failure's message gets the page's errors, its text
 * and the backend's counts. The context is closed after.
 */
export async function onApp(mode, contextOptions, steps) {
  const context = await browser.newContext(contextOptions);
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (error) => errors.push(`pageerror: ${error}`));
  page.on('console', (msg) => {
    if (msg.type() === 'error' && !/favicon/.test(msg.location().url ?? '')) errors.push(`console: ${msg.text()}`);
  });
  try {
    await page.goto(`${APP_URL}/?mode=${mode}&backend=${encodeURIComponent(backend.url)}`);
    await steps(page);
    assert.deepEqual(errors, [], 'no error in the page');
  } catch (error) {
    if (errors.length) error.message += `\nerrors in the page:\n  ${errors.join('\n  ')}`;
    const text = await page.locator('body').innerText().catch(() => '(no page)');
    error.message += `\nthe page shows:\n${text.slice(0, 1500)}\nthe backend counted: ${JSON.stringify(counts())}`;
    throw error;
  } finally {
    await context.close();
  }
}

/** The backend counted `expected` (its keys only), the same QUIET_MS later, and no protocol violation. */
export async function expectRequests(expected) {
  const pick = (c) => Object.fromEntries(Object.keys(expected).map((k) => [k, c[k]]));
  assert.deepEqual(pick(counts()), expected, 'the requests the flow needs, no more');
  await new Promise((resolve) => setTimeout(resolve, QUIET_MS));
  assert.deepEqual(pick(counts()), expected, `the same ${QUIET_MS} ms later`);
  assert.deepEqual(counts().violations, [], 'the backend saw no protocol violation');
}
