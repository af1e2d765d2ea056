// The E2E harness survives its browser (issue 23): Chromium closed in the middle of a cold run on a
// loaded machine, and every later test failed with "Target page, context or browser has been
// closed". Here Chromium is crashed on purpose (DevTools' Browser.crash) in the middle of a flow:
// that flow fails with the crash named as its cause, and the next flow runs in a new browser.
import { before, after, test } from 'node:test';
import assert from 'node:assert/strict';
import { launchBrowser, useBackend, runFlow, sendPrompt } from './harness.mjs';

let browser;
let backend;
before(async () => {
  [browser, backend] = await Promise.all([launchBrowser(), useBackend()]);
});
after(async () => {
  await browser?.close();
  await backend?.close();
});

const env = { browser: () => browser, backend: () => backend, open: { mode: 'sse' } };

test('Chromium crashes during a flow: that flow fails with the crash as its cause; the next flow gets a new browser and passes', async () => {
  const first = browser.current;
  const failure = await runFlow('harness: the browser crashes', env, async ({ page }) => {
    const session = await first.newBrowserCDPSession();
    await session.send('Browser.crash').catch(() => {});
    await page.getByRole('button', { name: 'Send', exact: true }).click({ timeout: 10_000 });
  }).then(
    () => null,
    (error) => error,
  );
  assert.ok(failure, 'the flow whose browser crashed did not fail');
  assert.equal(failure.name, 'BrowserCrashError');
  assert.match(failure.message, /Chromium closed in the middle of this test/);
  assert.ok(failure.cause, 'the error of the step that noticed it is kept as the cause');
  assert.equal(browser.crashes, 1);

  await runFlow('harness: the next flow', env, async ({ page }) => {
    await sendPrompt(page, 'Hello');
    await page.getByTestId('assistant-text').first().waitFor({ timeout: 15_000 });
  });
  assert.notEqual(browser.current, first, 'a new Chromium was launched');
  assert.equal(browser.current.isConnected(), true);
});
