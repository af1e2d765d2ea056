// Replay of every recorded backend conversation in ../shared/fixtures: the backend plays the
// recording turn by turn (SSE: one response per [DONE]; BIDI: split at [DONE] and at each
// finish-step after an approval request), the test answers each approval as the recording's name
// says, and the app must end with the recording's final text after exactly as many requests.
import { before, after, describe } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { launchBrowser, useBackend, flow, sendPrompt, finalText, expectCounts, REPO_ROOT } from './harness.mjs';
import { loadFixture, finalTextOf, promptOf, approvalsIn } from '../server/replay.mjs';

const FIXTURES_DIR = process.env.ADK_FIXTURES_DIR ?? path.join(REPO_ROOT, '..', 'shared', 'fixtures');
const names = fs
  .readdirSync(FIXTURES_DIR)
  .filter((f) => f.endsWith('.json'))
  .map((f) => f.replace(/\.json$/, ''))
  .sort();

let browser;
let backend;
before(async () => {
  [browser, backend] = await Promise.all([launchBrowser(), useBackend()]);
});
after(async () => {
  await browser?.close();
  await backend?.close();
});

const escapeRegExp = (s) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

describe('replay of the recorded backend streams', () => {
  assert.ok(names.length > 0, `fixtures in ${FIXTURES_DIR}`);
  for (const name of names) {
    const fixture = loadFixture(name, FIXTURES_DIR);
    const approve = !/denied/.test(name);
    const turns = fixture.segments.length;
    const counter = fixture.mode === 'sse' ? 'sseRequests' : 'bidiMessages';
    const env = {
      browser: () => browser,
      backend: () => backend,
      reset: { mode: 'replay', fixture: name },
      open: { mode: fixture.mode, geolocation: name.startsWith('get_location') ? 'granted' : undefined },
    };
    flow(`replay ${name} (${fixture.mode.toUpperCase()}, ${turns} turn${turns > 1 ? 's' : ''}, ${approve ? 'approve' : 'deny'}): final text as recorded`, env, async ({ page }) => {
      await page.getByTestId('replay-banner').filter({ hasText: name }).waitFor();
      await sendPrompt(page, promptOf(fixture.recording));
      // Every turn but the last ends with approval requests: answer each one, once all of the turn's
      // are shown (counted before the stream ends, a second request would be left unanswered).
      for (let turn = 1; turn < turns; turn++) {
        const selector = '[data-testid="tool-part"][data-state="approval-requested"]';
        const pending = page.locator(selector);
        const count = approvalsIn(fixture.segments[turn - 1]);
        assert.ok(count > 0, `turn ${turn} of ${name} asks for an approval`);
        await page.waitForFunction(([css, n]) => document.querySelectorAll(css).length === n, [selector, count], { timeout: 10000 });
        for (let i = 0; i < count; i++) {
          const card = pending.first();
          const [tool, id] = await Promise.all([card.getAttribute('data-tool'), card.getAttribute('data-tool-call-id')]);
          await card.getByRole('button', { name: `${approve ? 'Approve' : 'Deny'} ${tool}`, exact: true }).click();
          await page.locator(`[data-testid="tool-part"][data-tool-call-id="${id}"]:not([data-state="approval-requested"])`).last().waitFor();
        }
      }
      const expected = finalTextOf(fixture.recording.output.rawEvents);
      assert.ok(expected, 'the recording has a final text');
      const shown = await finalText(page, new RegExp(`^${escapeRegExp(expected)}$`));
      assert.equal(shown, expected);
      await expectCounts(backend, { [counter]: turns });
    });
  }
});
