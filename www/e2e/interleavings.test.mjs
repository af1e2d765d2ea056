// Issue 40 in Chromium, against the demo backend (which does here what the real ADK backend does:
// a message sent mid-turn is queued and answered after that turn's [DONE], `start` comes once per
// socket), through the packed package as the demo app uses it (`useAdkChat`, BIDI, the socket in
// the package's worker). Two things at once, each ending with every answer in a message of its
// own, no chat error, nothing paid twice:
//   1. SPEC §5 W11: the user types and sends a message while the voice's answer still plays;
//   2. SPEC §5 W12: the user presses Stop, then asks something else, and the backend ends the
//      interrupted turn without [DONE] (`interrupt: 'end-turn'`);
//   3. SPEC §5 F-f: the user approves a payment after the backend's close frame came and before the
//      close event: the answer is refused at once, never sent on a new socket; asked again, the
//      payment is made once.
import { before, after, describe } from 'node:test';
import assert from 'node:assert/strict';
import { useBackend, flow, sendPrompt, answer, waitForState, finalText, launchWithMicrophone } from './harness.mjs';

let microphone;
let browser;
let backend;
before(async () => {
  backend = await useBackend();
  // The voice case speaks through it.
  microphone = await launchWithMicrophone('adk-interleavings-e2e-');
  browser = microphone.browser;
});
after(async () => {
  await microphone?.close();
  await backend?.close();
});
const env = (reset = {}) => ({ browser: () => browser, backend: () => backend, open: { mode: 'bidi' }, reset });

/** The chat as the user reads it: `{role, text}` per message, in order (an assistant's texts joined). */
const transcript = (page) =>
  page.locator('[data-testid="user-message"], [data-testid="assistant-message"]').evaluateAll((rows) =>
    rows.map((row) =>
      row.dataset.testid === 'user-message'
        ? { role: 'user', text: row.textContent.trim() }
        : { role: 'assistant', text: [...row.querySelectorAll('[data-testid="assistant-text"]')].map((t) => t.textContent.trim()).join(' ') },
    ),
  );

/** No chat error on screen, and none in the console or thrown on the page. */
async function expectNoError(page) {
  const banner = page.getByTestId('chat-error');
  const shown = (await banner.count()) > 0 ? await banner.textContent() : null;
  assert.equal(shown, null, 'the chat shows no error');
}

/** Waits for `expected` as the last assistant text with the chat ready, or fails at once with the
 *  chat's error when one shows first (the error, not a timeout, is what went wrong). */
async function answerOrError(page, expected, timeout) {
  const error = page.getByTestId('chat-error').waitFor({ timeout }).then(
    async () => assert.fail(`the chat shows an error: ${await page.getByTestId('chat-error').textContent()}`),
    () => new Promise(() => {}),
  );
  await Promise.race([finalText(page, expected, timeout), error]);
}

describe('issue 40: two things at once, in Chromium against the demo backend', () => {
  flow('issue 40 item 1 / SPEC §5 W11: a message typed and sent while the voice answer plays is answered in a message of its own, after the voice turn', env(), async ({ page, context }) => {
    const errors = [];
    page.on('pageerror', (error) => errors.push(String(error)));
    await context.grantPermissions(['microphone'], { origin: backend.url });
    const voice = page.getByTestId('voice');
    await page.getByRole('button', { name: 'Talk' }).click();
    await voice.and(page.locator('[data-state="recording"]')).waitFor({ timeout: 10_000 });
    await page.waitForTimeout(2500);
    await page.getByRole('button', { name: 'Stop talking' }).click();
    // The voice's answer plays (a turn the backend started: no request open, the chat is ready).
    await voice.and(page.locator('[data-state="playing"]')).waitFor({ timeout: 10_000 });
    await sendPrompt(page, "What's the weather in Tokyo?");
    await answerOrError(page, /^Tokyo: /, 25_000);
    await voice.and(page.locator('[data-state="idle"]')).waitFor({ timeout: 10_000 });
    await expectNoError(page);
    const messages = await transcript(page);
    const spokenAnswer = messages.findIndex((m) => m.role === 'assistant' && /Output transcription: your \d\.\d s, played back\./.test(m.text));
    const typed = messages.findIndex((m) => m.role === 'user' && m.text === "What's the weather in Tokyo?");
    const weather = messages.findIndex((m) => m.role === 'assistant' && /^Tokyo: /.test(m.text));
    assert.ok(spokenAnswer >= 0 && typed >= 0 && weather >= 0, `the voice's answer, the typed question and its answer: ${JSON.stringify(messages)}`);
    assert.ok(spokenAnswer < weather, `the voice's answer comes first: ${JSON.stringify(messages)}`);
    assert.ok(!/Tokyo: /.test(messages[spokenAnswer].text), `the voice's answer holds nothing of the typed one: ${JSON.stringify(messages[spokenAnswer])}`);
    assert.ok(!/transcription/i.test(messages[weather].text), `the typed answer holds nothing of the voice's: ${JSON.stringify(messages[weather])}`);
    const stats = await backend.stats();
    assert.equal(stats.bidiMessages, 1, 'one message frame: the typed question, once');
    assert.deepEqual(stats.violations, []);
    assert.deepEqual(errors, []);
  });

  flow('issue 40 item 2 / SPEC §5 W12: Stop, then a new question, against a backend that ends the interrupted turn without [DONE]: the new answer is in a message of its own', env({ interrupt: 'end-turn', chunkDelayMs: 100 }), async ({ page }) => {
    const errors = [];
    page.on('pageerror', (error) => errors.push(String(error)));
    await sendPrompt(page, 'Hello there');
    await page.locator('[data-testid="assistant-text"]').first().waitFor({ timeout: 10_000 });
    await page.getByRole('button', { name: 'Stop', exact: true }).click();
    await page.locator('main.chat[data-status="ready"]').waitFor({ timeout: 10_000 });
    await sendPrompt(page, "What's the weather in Tokyo?");
    // The backend sends no [DONE] for the interrupted turn: the package may wait for its tail's
    // bound (abortTailTimeoutMs, 5 s by default) before the new question goes out.
    await answerOrError(page, /^Tokyo: /, 25_000);
    await expectNoError(page);
    const messages = await transcript(page);
    assert.deepEqual(messages.map((m) => m.role), ['user', 'assistant', 'user', 'assistant'], JSON.stringify(messages));
    assert.ok(!/Tokyo/.test(messages[1].text), `the stopped answer holds nothing of the new one: ${JSON.stringify(messages[1])}`);
    assert.match(messages[3].text, /^Tokyo: /);
    const stats = await backend.stats();
    assert.equal(stats.bidiMessages, 2, 'each question sent once');
    assert.equal(stats.interrupts, 1);
    assert.deepEqual(stats.violations, []);
    assert.deepEqual(errors, []);
  });

  flow('issue 40 item 3 / SPEC §5 F-f: an approval given after the backend\'s close frame and before the close event is never sent on a new socket; asked again, the payment is made once', env(), async ({ page }) => {
    const errors = [];
    page.on('pageerror', (error) => errors.push(String(error)));
    await sendPrompt(page, 'Send $50 to Hanako');
    await waitForState(page, 'process_payment', 'approval-requested');
    // The backend's close frame goes out now; its TCP connection ends 2.5 s later, so the browser's
    // socket is closing (its close event not fired) while the user approves.
    const closing = await fetch(`${backend.url}/__test/close-sockets`, { method: 'POST', body: JSON.stringify({ holdMs: 2500 }) }).then((r) => r.json());
    assert.equal(closing.closing, 1, 'the chat\'s socket is closing');
    await page.waitForTimeout(300);
    await answer(page, 'process_payment', true);
    // Whatever the app shows of the refusal (an error is expected: connection-lost), the chat
    // settles and nothing reached the backend.
    await page.locator('main.chat:not([data-status="submitted"]):not([data-status="streaming"])').waitFor({ timeout: 10_000 });
    await page.waitForTimeout(3000);
    let stats = await backend.stats();
    assert.equal(stats.bidiMessages, 1, 'the answer was not sent: only the question reached the backend');
    assert.equal(stats.droppedAnswers ?? 0, 0, 'no answer went out on a socket that never asked for it');
    // The user asks again, on a new socket, and approves: paid once ($1000 - $50).
    await sendPrompt(page, 'Send $50 to Hanako');
    await waitForState(page, 'process_payment', 'approval-requested');
    await answer(page, 'process_payment', true);
    await answerOrError(page, /^Sent \$50 to Hanako \(transaction txn_\w+\); your wallet balance is \$950\.$/, 15_000);
    await expectNoError(page);
    const messages = await transcript(page);
    const paid = messages.filter((m) => m.role === 'assistant' && /Sent \$50/.test(m.text));
    assert.equal(paid.length, 1, `one answer says it paid, in a message of its own: ${JSON.stringify(messages)}`);
    stats = await backend.stats();
    assert.equal(stats.droppedAnswers ?? 0, 0);
    assert.deepEqual(stats.violations, []);
    assert.deepEqual(errors, []);
  });
});
