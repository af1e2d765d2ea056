// Clicks through an example app (examples/vite or examples/next, served by scripts/test-examples.sh at
// APP_URL) in Debian's headless Chromium against the local demo backend (www/server, started here):
// `useAdkChat` in SSE and BIDI mode, a process_payment approved and one denied, each ending with the
// backend's final text and exactly ONE follow-up request (the user's answer), nothing more after it.
//   APP_URL        the served app (required)
//   APP_LABEL      a name for the test titles (e.g. 'vite 8 build, AI SDK 6')
//   SERVER_TEXT    when set, the page's server-rendered [data-testid=server] text (the Next app)
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { chromium } from 'playwright-core';
import { startBackend } from '../../www/server/app.mjs';
import { CHROMIUM, CHROMIUM_FLAGS } from '../../tests/support/chromium.mjs';

const APP_URL = process.env.APP_URL;
const LABEL = process.env.APP_LABEL ?? APP_URL;
const SERVER_TEXT = process.env.SERVER_TEXT;
// After the final text, the counts must stay the same this long (nothing else is sent).
const QUIET_MS = 1500;
assert.ok(APP_URL, 'APP_URL is not set: run scripts/test-examples.sh');

let browser;
let backend;
before(async () => {
  [browser, backend] = await Promise.all([
    chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_FLAGS, headless: true }),
    startBackend({ port: 0, quiet: true, chunkDelayMs: 5, staticDir: null }),
  ]);
});
after(async () => {
  await browser?.close();
  await backend?.close();
});

const counts = () => {
  const { sseRequests, bidiMessages, bidiConnections, toolResults, violations } = backend.stats.toJSON();
  return { sseRequests, bidiMessages, bidiConnections, toolResults, violations };
};

/** Opens the app in `mode`; fails on any uncaught error in the page. */
async function open(mode) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (error) => errors.push(`pageerror: ${error}`));
  page.on('console', (msg) => {
    // A missing favicon is the app's, not the package's.
    if (msg.type() === 'error' && !/favicon/.test(msg.location().url ?? '')) errors.push(`console: ${msg.text()}`);
  });
  await page.goto(`${APP_URL}/?mode=${mode}&backend=${encodeURIComponent(backend.url)}`);
  return { context, page, errors };
}

if (SERVER_TEXT) {
  test(`${LABEL}: the server component awaited ready and called pendingApprovals([])`, async () => {
    const res = await fetch(`${APP_URL}/?backend=${encodeURIComponent(backend.url)}`);
    const html = await res.text();
    assert.equal(res.status, 200, `GET / answered ${res.status}:\n${html.slice(0, 2000)}`);
    assert.match(html.replace(/<!-- -->/g, ''), new RegExp(SERVER_TEXT), 'the server-rendered HTML holds the server component text');
  });
}

for (const mode of ['sse', 'bidi']) {
  for (const approved of [true, false]) {
    const verb = approved ? 'approved' : 'denied';
    test(`${LABEL}: useAdkChat ${mode.toUpperCase()}, process_payment ${verb}: one follow-up request`, async () => {
      backend.stats.reset();
      backend.configure({ chunkDelayMs: 5 });
      const { context, page, errors } = await open(mode);
      try {
        if (SERVER_TEXT) await page.getByTestId('server').filter({ hasText: new RegExp(SERVER_TEXT) }).waitFor();
        // React runs (hydrated, for a server-rendered page), and the engine answers explain().
        await page.locator('main[data-hydrated="true"]').waitFor({ timeout: 15000 });
        await page.locator('[data-testid="explain"]:not([data-rule="loading"])').waitFor({ timeout: 15000 });
        await page.getByLabel('Message').fill('Send $50 to Hanako');
        await page.getByRole('button', { name: 'Send', exact: true }).click();
        await page.getByRole('button', { name: `${approved ? 'Approve' : 'Deny'} process_payment`, exact: true }).click();
        const final = approved
          ? /Sent \$50 to Hanako \(transaction txn_\w+\); your wallet balance is \$950\./
          : /The payment of \$50 to Hanako was not made: you denied it\./;
        await page.waitForFunction(
          ([source]) => {
            const texts = document.querySelectorAll('[data-testid="assistant-text"]');
            const last = texts.length ? texts[texts.length - 1].textContent : '';
            return document.querySelector('main')?.getAttribute('data-status') === 'ready' && new RegExp(source).test(last);
          },
          [final.source],
          { timeout: 15000 },
        );
        const expected = mode === 'sse' ? { sseRequests: 2, bidiMessages: 0 } : { sseRequests: 0, bidiMessages: 2, bidiConnections: 1 };
        const pick = (c) => Object.fromEntries(Object.keys(expected).map((k) => [k, c[k]]));
        assert.deepEqual(pick(counts()), expected, 'the prompt and exactly one follow-up request');
        await new Promise((resolve) => setTimeout(resolve, QUIET_MS));
        assert.deepEqual(pick(counts()), expected, `still one follow-up request ${QUIET_MS} ms later`);
        assert.deepEqual(counts().violations, [], 'the backend saw no protocol violation');
        assert.deepEqual(errors, [], 'no error in the page');
      } catch (error) {
        if (errors.length) error.message += `\nerrors in the page:\n  ${errors.join('\n  ')}`;
        const text = await page.locator('body').innerText().catch(() => '(no page)');
        error.message += `\nthe page shows:\n${text.slice(0, 1500)}`;
        throw error;
      } finally {
        await context.close();
      }
    });
  }
}
