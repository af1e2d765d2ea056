// Clicks through the Vue and Svelte example apps (examples/vue, examples/svelte, served by
// scripts/test-examples.sh at APP_URL) in Debian's headless Chromium against the local demo backend
// (www/server, started here), as issue 34's "done when" says: a payment approved and denied (SSE
// and BIDI), two approvals in one BIDI turn (SPEC §4a W6), and an approved get_location in SSE and
// BIDI, each ending with the backend's final text, exactly the expected requests, nothing more
// after them, and no protocol violation. The apps are the npm README's "Vue" and "Svelte" code,
// which has no test ids: the test finds what a user sees (the Message box, the Send, Approve and
// Deny buttons, the messages' text). A text message too, and for the server-rendered apps
// (SvelteKit, Nuxt: issue 42) the page's HTML as the server renders it in each mode.
//   APP_URL     the served app (required)
//   APP_LABEL   a name for the test titles (e.g. 'vue: vite 8 build, AI SDK 6')
//   SSR         when set, the app renders on the server: GET /?mode=sse and /?mode=bidi are checked
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { APP_URL, LABEL, appSuite, backend, expectRequests, onApp, requests } from './app-suite.mjs';

const POSITION = { latitude: 35.6762, longitude: 139.6503, accuracy: 20 };

appSuite();

/**
 * Opens the app in `mode`, sends `prompt`, runs `act(page)` (the user's answers), waits for `final`
 * in the messages, then checks the requests (`expected`), the quiet after them, no violation and no
 * error in the page.
 */
function flow({ mode, prompt, act, final, expected }) {
  backend.stats.reset();
  return onApp(mode, { geolocation: POSITION, permissions: ['geolocation'] }, async (page) => {
    await page.getByLabel('Message').fill(prompt);
    await page.getByRole('button', { name: 'Send', exact: true }).click();
    await act(page);
    await page.locator('li').filter({ hasText: final }).first().waitFor({ timeout: 15000 });
    await expectRequests(expected);
  });
}

/** Clicks the first `name` button once one is there. */
const click = (page, name) => page.getByRole('button', { name, exact: true }).first().click({ timeout: 15000 });

if (process.env.SSR) {
  for (const mode of ['sse', 'bidi']) {
    // Issue 42 item 1: the README's URL helper read `window`, and the server render failed with 500.
    test(`${LABEL}: ${mode.toUpperCase()}, the server renders the page: 200, the page around the chat, no error`, async () => {
      const res = await fetch(`${APP_URL}/?mode=${mode}`);
      const html = await res.text();
      assert.equal(res.status, 200, `GET /?mode=${mode} answered ${res.status}:\n${html.slice(0, 2000)}`);
      assert.match(html, /<h1>Chat<\/h1>/, 'the server rendered the page');
      assert.match(html, /Loading the chat…/, 'the server rendered the place of the chat (the chat is built in the browser)');
      assert.doesNotMatch(html, /is not defined|Internal Server Error/, 'no error in the page');
    });
  }
}

for (const mode of ['sse', 'bidi']) {
  test(`${LABEL}: ${mode.toUpperCase()}, a text message: the agent's answer, one request`, () =>
    flow({ mode, prompt: 'Hello', act: async () => {}, final: /I am the scripted demo agent/, expected: requests(mode, 1) }));

  for (const approved of [true, false]) {
    test(`${LABEL}: ${mode.toUpperCase()}, process_payment ${approved ? 'approved' : 'denied'}: one follow-up request`, () =>
      flow({
        mode,
        prompt: 'Send $50 to Hanako',
        act: (page) => click(page, approved ? 'Approve' : 'Deny'),
        final: approved ? /Sent \$50 to Hanako \(transaction txn_\w+\); your wallet balance is \$950\./ : /The payment of \$50 to Hanako was not made: you denied it\./,
        expected: requests(mode, 2),
      }));
  }

  test(`${LABEL}: ${mode.toUpperCase()}, get_location approved: the browser's position goes with the approval, one follow-up request`, () =>
    flow({
      mode,
      prompt: 'Where am I?',
      act: (page) => click(page, 'Approve'),
      final: /You are at latitude 35\.6762, longitude 139\.6503/,
      expected: { ...requests(mode, 2), toolResults: 0 },
    }));
}

test(`${LABEL}: BIDI, two approvals in one turn (SPEC §4a W6): both shown, both answers in one frame`, () =>
  flow({
    mode: 'bidi',
    prompt: 'Pay $30 to Alice and $40 to Bob at once',
    act: async (page) => {
      // Both approvals are shown together before the user answers either.
      await page.getByRole('button', { name: 'Approve', exact: true }).nth(1).waitFor({ timeout: 15000 });
      await click(page, 'Approve');
      await page.waitForFunction(() => [...document.querySelectorAll('button')].filter((b) => b.textContent === 'Deny').length === 1);
      await click(page, 'Deny');
    },
    final: /The payment of \$40 to Bob was not made: you denied it\./,
    expected: requests('bidi', 2),
  }));
