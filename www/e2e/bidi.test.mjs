// SPEC §3 flows over BIDI (the package's BidiTransport, one WebSocket per chat), clicking the app's
// buttons in Chromium against the scripted agent in blocking mode: each approval request ends the
// client's response stream (finish-step), the answer continues the same turn, one [DONE] per turn.
import { before, after, describe } from 'node:test';
import assert from 'node:assert/strict';
import {
  launchBrowser,
  useBackend,
  flow,
  sendPrompt,
  answer,
  waitForState,
  finalText,
  expectCounts,
  geolocationCalls,
  receivedMessages,
  POSITION,
} from './harness.mjs';

let browser;
let backend;
before(async () => {
  [browser, backend] = await Promise.all([launchBrowser(), useBackend()]);
});
after(async () => {
  await browser?.close();
  await backend?.close();
});
const env = (open = {}, reset = {}) => ({
  browser: () => browser,
  backend: () => backend,
  open: { mode: 'bidi', ...open },
  reset,
});

const PAID = (amount, who) => new RegExp(`Sent \\$${amount} to ${who} \\(transaction txn_\\w+\\)`);
const DENIED = (amount, who) => new RegExp(`The payment of \\$${amount} to ${who} was not made: you denied it\\.`);

describe('BIDI', () => {
  flow('F6 BIDI process_payment approved: 2 messages on one WebSocket, latency shown', env(), async ({ page }) => {
    await sendPrompt(page, 'Send $50 to Hanako');
    await page.locator('details.reasoning').first().waitFor();
    await answer(page, 'process_payment', true);
    await finalText(page, /^Sent \$50 to Hanako \(transaction txn_\w+\); your wallet balance is \$950\.$/);
    await expectCounts(backend, { bidiMessages: 2, bidiConnections: 1, toolResults: 0 });
    // The transport pings every 2 s; the app shows each round trip.
    await page.getByTestId('latency').filter({ hasText: /^\d+ ms$/ }).waitFor({ timeout: 5000 });
  });

  flow('F6 BIDI process_payment denied: 2 messages on one WebSocket', env(), async ({ page }) => {
    await sendPrompt(page, 'Send $50 to Hanako');
    await answer(page, 'process_payment', false);
    await waitForState(page, 'process_payment', 'output-error');
    await page.getByText('User denied the payment').waitFor();
    await finalText(page, 'The payment of $50 to Hanako was not made: you denied it.');
    await expectCounts(backend, { bidiMessages: 2, bidiConnections: 1 });
  });

  for (const [alice, bob] of [
    [true, true],
    [true, false],
    [false, true],
    [false, false],
  ]) {
    const name = `F7 BIDI two payments in sequence, Alice ${alice ? 'approved' : 'denied'} then Bob ${bob ? 'approved' : 'denied'}: 3 messages`;
    flow(name, env(), async ({ page }) => {
      await sendPrompt(page, 'Make two payments: $30 to Alice and $40 to Bob');
      await answer(page, 'process_payment', alice, 'Alice');
      // ADR 0004: Bob's approval request comes after Alice's answer, with no text.
      await waitForState(page, 'process_payment', 'approval-requested', 'Bob');
      assert.equal(await page.locator('[data-testid="assistant-text"]').count(), 0, 'no text before the last answer');
      await answer(page, 'process_payment', bob, 'Bob');
      const aliceText = alice ? PAID(30, 'Alice') : DENIED(30, 'Alice');
      const bobText = bob ? PAID(40, 'Bob') : DENIED(40, 'Bob');
      await finalText(page, new RegExp(`^${aliceText.source}.* ${bobText.source}`));
      await expectCounts(backend, { bidiMessages: 3, bidiConnections: 1 });
    });
  }

  for (const [alice, bob] of [
    [true, true],
    [true, false],
    [false, true],
    [false, false],
  ]) {
    const name = `W6 BIDI two payments at once, Alice ${alice ? 'approved' : 'denied'} and Bob ${bob ? 'approved' : 'denied'}: both approvals in one message, both answers in one frame`;
    flow(name, env(), async ({ page }) => {
      await sendPrompt(page, 'Pay $30 to Alice and $40 to Bob at once');
      // The second approval request comes after the first one's finish-step (SPEC §4a W6).
      await waitForState(page, 'process_payment', 'approval-requested', 'Alice');
      await answer(page, 'process_payment', alice, 'Alice');
      await waitForState(page, 'process_payment', 'approval-requested', 'Bob');
      await answer(page, 'process_payment', bob, 'Bob');
      const aliceText = alice ? PAID(30, 'Alice') : DENIED(30, 'Alice');
      const bobText = bob ? PAID(40, 'Bob') : DENIED(40, 'Bob');
      await finalText(page, new RegExp(`^${aliceText.source}.* ${bobText.source}`));
      await expectCounts(backend, { bidiMessages: 2, bidiConnections: 1 });
      const [, second] = await receivedMessages(backend);
      assert.deepEqual(second.toolParts.map((p) => [p.state, p.approved]), [['approval-responded', alice], ['approval-responded', bob]]);
    });
  }

  for (const pattern of ['A', 'B']) {
    flow(`F8 BIDI get_location approved, Pattern ${pattern}: 2 messages${pattern === 'B' ? ' and one tool_result with the position' : ''}`, env({ pattern, geolocation: 'granted' }), async ({ page }) => {
      await sendPrompt(page, 'Where am I?');
      await answer(page, 'get_location', true);
      await finalText(page, 'You are at latitude 35.6762, longitude 139.6503 (accuracy ±20 m).');
      await expectCounts(backend, { bidiMessages: 2, toolResults: pattern === 'B' ? 1 : 0, bidiConnections: 1 });
      const [, second] = await receivedMessages(backend);
      const [part] = second.toolParts;
      assert.equal(part.approved, true);
      if (pattern === 'A') {
        // SPEC §4a W1: the approval, then the output as a tool-result part, in one message.
        assert.equal(part.state, 'approval-responded', 'Pattern A: the approval travels with the output');
        assert.deepEqual(second.toolResultParts.map((r) => [r.toolCallId, r.result.latitude]), [[part.toolCallId, POSITION.latitude]]);
        assert.equal(await page.locator('[data-testid="tool-part"][data-tool="get_location"][data-state="output-available"]').count(), 1, 'the chat holds the output (W3)');
      } else {
        assert.equal(part.state, 'approval-responded', 'Pattern B: the approval goes alone');
        const stats = await backend.stats();
        const toolResult = stats.requests.find((r) => r.type === 'tool_result');
        assert.equal(toolResult.toolCallId, part.toolCallId);
        assert.equal(toolResult.result.latitude, POSITION.latitude);
        assert.equal(toolResult.result.longitude, POSITION.longitude);
      }
      assert.equal(await geolocationCalls(page), 1);
    });

    flow(`F9 BIDI get_location denied, Pattern ${pattern}: 2 messages, geolocation never called`, env({ pattern, geolocation: 'granted' }), async ({ page }) => {
      await sendPrompt(page, 'Where am I?');
      await answer(page, 'get_location', false);
      await finalText(page, "All right, I won't look up your location.");
      await expectCounts(backend, { bidiMessages: 2, toolResults: 0 });
      assert.equal(await geolocationCalls(page), 0);
    });

    flow(`F13 BIDI get_location approved, browser refuses the position, Pattern ${pattern}`, env({ pattern, geolocation: 'refused' }), async ({ page }) => {
      await sendPrompt(page, 'Where am I?');
      await answer(page, 'get_location', true);
      await finalText(page, /I could not get your location: .*denied/i);
      await expectCounts(backend, { bidiMessages: 2, toolResults: pattern === 'B' ? 1 : 0 });
      const stats = await backend.stats();
      if (pattern === 'A') {
        const [, second] = await receivedMessages(backend);
        assert.equal(second.toolParts[0].state, 'approval-responded');
        assert.match(second.toolResultParts[0].result.error, /permission.*denied/i);
      } else {
        const toolResult = stats.requests.find((r) => r.type === 'tool_result');
        assert.match(toolResult.result.error, /permission.*denied/i);
      }
    });
  }

  flow('F14 BIDI get_weather: 1 message', env(), async ({ page }) => {
    await sendPrompt(page, "What's the weather in Tokyo?");
    await waitForState(page, 'get_weather', 'output-available');
    await finalText(page, /^Tokyo: .+ °C/);
    await expectCounts(backend, { bidiMessages: 1 });
  });

  flow('F14 BIDI change_bgm: 1 message', env(), async ({ page }) => {
    await page.getByRole('button', { name: /Play track 2 as background music/ }).click();
    await waitForState(page, 'change_bgm', 'output-available');
    await finalText(page, 'The background music is now track 2.');
    await expectCounts(backend, { bidiMessages: 1 });
  });

  // The backend's timeout result comes after the client's stream ended at finish-step. The
  // transport buffers it and useAdkChat applies it to the last assistant message (SPEC §5 "nothing
  // is lost"); AI SDK's own resumeStream would start a new message where the tool result fails.
  flow('BIDI approval timeout: the backend answers "Approval request timed out", 1 message', { ...env({}, { approvalTimeoutMs: 1500 }) }, async ({ page }) => {
    await sendPrompt(page, 'Send $50 to Hanako');
    await waitForState(page, 'process_payment', 'approval-requested');
    await waitForState(page, 'process_payment', 'output-error', undefined, 6000);
    await page.getByTestId('tool-error').getByText('Approval request timed out').waitFor();
    await finalText(page, 'The payment of $50 to Hanako was not made: the approval request timed out.');
    assert.equal(await page.getByRole('button', { name: 'Approve process_payment' }).count(), 0);
    await expectCounts(backend, { bidiMessages: 1 });
  });

  flow('BIDI Stop while the answer streams: one interrupt, nothing sent afterwards', env({}, { chunkDelayMs: 120 }), async ({ page }) => {
    await sendPrompt(page, 'Hello there');
    await page.locator('[data-testid="assistant-text"]').first().waitFor();
    await page.getByRole('button', { name: 'Stop', exact: true }).click();
    await page.locator('main.chat[data-status="ready"]').waitFor();
    await expectCounts(backend, { bidiMessages: 1, interrupts: 1 });
    const text = await page.locator('[data-testid="assistant-text"]').last().textContent();
    assert.ok(!text.endsWith('background music".'), 'the answer was cut off');
  });
});
