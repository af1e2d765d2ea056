// SPEC §3 flows over SSE (AI SDK's DefaultChatTransport), clicking the app's buttons in Chromium
// against the scripted agent. Each flow checks the final text, the number of POST /stream requests
// and that nothing more is sent afterwards.
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
const env = (open = {}) => ({ browser: () => browser, backend: () => backend, open: { mode: 'sse', ...open } });

describe('SSE', () => {
  flow('F1 SSE process_payment approved: 2 requests, result and final text', env(), async ({ page }) => {
    await sendPrompt(page, 'Send $50 to Hanako');
    await answer(page, 'process_payment', true);
    await waitForState(page, 'process_payment', 'output-available');
    await finalText(page, /Sent \$50 to Hanako \(transaction txn_\w+\); your wallet balance is \$950\./);
    await expectCounts(backend, { sseRequests: 2 });
  });

  flow('F2 SSE process_payment denied: 2 requests, error and final text', env(), async ({ page }) => {
    await sendPrompt(page, 'Send $50 to Hanako');
    await answer(page, 'process_payment', false);
    await waitForState(page, 'process_payment', 'output-error');
    await page.getByText('User denied the payment').waitFor();
    await finalText(page, 'The payment of $50 to Hanako was not made: you denied it.');
    await expectCounts(backend, { sseRequests: 2 });
  });

  flow('F3 SSE get_location approved with a position: approval and output in one request', env({ geolocation: 'granted' }), async ({ page }) => {
    await sendPrompt(page, 'Where am I?');
    await answer(page, 'get_location', true);
    await finalText(page, 'You are at latitude 35.6762, longitude 139.6503 (accuracy ±20 m).');
    await expectCounts(backend, { sseRequests: 2 });
    const [, second] = await receivedMessages(backend);
    const [part] = second.toolParts;
    assert.equal(part.tool, 'get_location');
    // SPEC §4a W1: on the wire the approval, then the position as a tool-result part.
    assert.equal(part.state, 'approval-responded');
    assert.equal(part.approved, true, 'request 2 carries approval.approved = true');
    const [result] = second.toolResultParts;
    assert.equal(result.toolCallId, part.toolCallId);
    assert.equal(result.result.latitude, POSITION.latitude, 'request 2 carries the position (Pattern A)');
    assert.equal(result.result.longitude, POSITION.longitude);
    // W3: the chat holds AI SDK's own shape.
    await waitForState(page, 'get_location', 'output-available');
    assert.equal(await geolocationCalls(page), 1);
  });

  flow('F4 SSE get_location denied: 2 requests, geolocation never called', env({ geolocation: 'granted' }), async ({ page }) => {
    await sendPrompt(page, 'Where am I?');
    await answer(page, 'get_location', false);
    await finalText(page, "All right, I won't look up your location.");
    await expectCounts(backend, { sseRequests: 2 });
    const [, second] = await receivedMessages(backend);
    assert.equal(second.toolParts[0].approved, false);
    assert.equal(await geolocationCalls(page), 0, 'geolocation is never called');
  });

  flow('F13 SSE get_location approved but the browser refuses the position: output-error in request 2', env({ geolocation: 'refused' }), async ({ page }) => {
    await sendPrompt(page, 'Where am I?');
    await answer(page, 'get_location', true);
    await finalText(page, /I could not get your location: .*denied/i);
    await expectCounts(backend, { sseRequests: 2 });
    const [, second] = await receivedMessages(backend);
    const [part] = second.toolParts;
    assert.equal(part.state, 'approval-responded');
    assert.equal(part.approved, true);
    const errorText = second.toolResultParts[0].result.error;
    assert.match(errorText, /permission.*denied/i, `a clear errorText: ${errorText}`);
    await page.locator('[data-testid="tool-error"]', { hasText: /denied/i }).last().waitFor();
  });

  for (const [alice, bob, order] of [
    [true, true, 'Alice first'],
    [true, false, 'Bob first'],
    [false, true, 'Alice first'],
    [false, false, 'Bob first'],
  ]) {
    const name = `F5 SSE two payments in one response, Alice ${alice ? 'approved' : 'denied'} and Bob ${bob ? 'approved' : 'denied'} (${order}): 2 requests`;
    flow(name, env(), async ({ page }) => {
      await sendPrompt(page, 'Make two payments: $30 to Alice and $40 to Bob');
      await waitForState(page, 'process_payment', 'approval-requested', 'Bob');
      await waitForState(page, 'process_payment', 'approval-requested', 'Alice');
      const steps = [
        ['Alice', alice],
        ['Bob', bob],
      ];
      if (order === 'Bob first') steps.reverse();
      await answer(page, 'process_payment', steps[0][1], steps[0][0]);
      // No request after the first answer: the other approval is still pending.
      await new Promise((r) => setTimeout(r, 600));
      assert.equal((await backend.stats()).sseRequests, 1, 'no request after the first answer');
      await answer(page, 'process_payment', steps[1][1], steps[1][0]);
      const aliceText = alice ? /Sent \$30 to Alice \(transaction txn_\w+\)/ : /The payment of \$30 to Alice was not made: you denied it\./;
      const bobText = bob ? /Sent \$40 to Bob \(transaction txn_\w+\)/ : /The payment of \$40 to Bob was not made: you denied it\./;
      const text = await finalText(page, new RegExp(`${aliceText.source}.* ${bobText.source}`));
      assert.ok(text);
      await expectCounts(backend, { sseRequests: 2 });
    });
  }

  flow('F5 SSE two payments answered at once with "Approve all": 2 requests', env(), async ({ page }) => {
    await sendPrompt(page, 'Make two payments: $30 to Alice and $40 to Bob');
    await page.getByRole('button', { name: 'Approve all' }).click();
    await finalText(page, /Sent \$30 to Alice .* Sent \$40 to Bob/);
    await expectCounts(backend, { sseRequests: 2 });
  });

  flow('F14 SSE get_weather: the backend runs it, 1 request', env(), async ({ page }) => {
    await sendPrompt(page, "What's the weather in Tokyo?");
    await waitForState(page, 'get_weather', 'output-available');
    await finalText(page, /^Tokyo: .+ °C \(feels like .+ °C\), humidity \d+%, wind .+ m\/s\.$/);
    await expectCounts(backend, { sseRequests: 1 });
  });

  flow("useAdkChat's onFinish reads the latest render's state, turn after turn (as AI SDK useChat)", env(), async ({ page }) => {
    const chat = page.locator('main.chat');
    await sendPrompt(page, "What's the weather in Tokyo?");
    await finalText(page, /^Tokyo: /);
    await page.waitForFunction(() => document.querySelector('main.chat')?.getAttribute('data-finished-after-prompts') === '1');
    await sendPrompt(page, "What's the weather in Osaka?");
    await finalText(page, /^Osaka: /);
    await page.waitForFunction(() => document.querySelector('main.chat')?.getAttribute('data-finished-after-prompts') === '2');
    assert.equal(await chat.getAttribute('data-finished-after-prompts'), '2');
    await expectCounts(backend, { sseRequests: 2 });
  });

  flow('F14 SSE change_bgm: output written by the backend, 1 request', env(), async ({ page }) => {
    await page.getByRole('button', { name: /Play track 2 as background music/ }).click();
    await waitForState(page, 'change_bgm', 'output-available');
    await page.getByText('Now playing track 2').waitFor();
    await finalText(page, 'The background music is now track 2.');
    await expectCounts(backend, { sseRequests: 1 });
  });

  flow('SSE Stop while the answer streams: the request is aborted, nothing sent afterwards', { ...env(), reset: { chunkDelayMs: 120 } }, async ({ page }) => {
    await sendPrompt(page, 'Hello there');
    await page.locator('[data-testid="assistant-text"]').first().waitFor();
    await page.getByRole('button', { name: 'Stop', exact: true }).click();
    await page.locator('main.chat[data-status="ready"]').waitFor();
    await expectCounts(backend, { sseRequests: 1 });
    const text = await page.locator('[data-testid="assistant-text"]').last().textContent();
    assert.ok(!text.endsWith('background music".'), 'the answer was cut off');
  });
});
