// Clicks through an example app (examples/vite or examples/next, served by scripts/test-examples.sh at
// APP_URL) in Debian's headless Chromium against the local demo backend (www/server, started here):
// `useAdkChat` in SSE and BIDI mode, a process_payment approved and one denied, each ending with the
// backend's final text and exactly ONE follow-up request (the user's answer), nothing more after it.
//   APP_URL        the served app (required)
//   APP_LABEL      a name for the test titles (e.g. 'vite 8 build, AI SDK 6')
//   SERVER_TEXT    when set, the page's server-rendered [data-testid=server] text (the Next app)
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { APP_URL, LABEL, appSuite, backend, expectRequests, onApp, requests } from './app-suite.mjs';

const SERVER_TEXT = process.env.SERVER_TEXT;

appSuite();

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
      await onApp(mode, {}, async (page) => {
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
        // The prompt and exactly one follow-up request.
        await expectRequests(requests(mode, 2));
      });
    });
  }
}
