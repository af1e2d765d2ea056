// The demo talks: BIDI mode, a fake microphone (espeak-ng speaks a sentence, sox converts it, and
// Chromium plays it as the microphone), the app's microphone button, and the backend's voice mode,
// which echoes the user's audio back as data-pcm after a pause with input and output transcriptions
// as text parts of the chat.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { useBackend, sendPrompt, finalText, launchWithMicrophone } from './harness.mjs';

let microphone, browser, backend;
before(async () => {
  backend = await useBackend();
  microphone = await launchWithMicrophone('adk-voice-e2e-');
  browser = microphone.browser;
});
after(async () => {
  await microphone?.close();
  await backend?.close();
});

test('BIDI voice: the microphone button, pressed before any message, streams the user; the agent echoes it back with transcriptions; then the text chat works', { timeout: 90_000 }, async () => {
  await backend.reset({ mode: 'scripted' });
  const context = await browser.newContext({ viewport: { width: 1100, height: 900 } });
  await context.grantPermissions(['microphone'], { origin: backend.url });
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (error) => errors.push(String(error)));
  await page.goto(`${backend.url}/?mode=bidi&pattern=A`);
  await page.locator('[data-testid="explain"]:not([data-rule="loading"])').waitFor({ timeout: 15000 });
  // The microphone first: the button opens the socket itself, no message sent before.
  const voice = page.getByTestId('voice');
  await page.getByRole('button', { name: 'Talk' }).click();
  await voice.and(page.locator('[data-state="recording"]')).waitFor({ timeout: 10_000 });
  await page.getByRole('meter', { name: 'Microphone level' }).waitFor();
  await page.waitForTimeout(1500);
  await page.getByRole('button', { name: 'Stop talking' }).click();
  // The echo plays (state playing), then both transcriptions are in the chat.
  await voice.and(page.locator('[data-state="playing"]')).waitFor({ timeout: 10_000 });
  await page.getByText(/^Input transcription: 1\.\d s of audio heard/).waitFor({ timeout: 10_000 });
  await page.getByText(/^Output transcription: your 1\.\d s, played back\./).waitFor({ timeout: 10_000 });
  await voice.and(page.locator('[data-state="idle"]')).waitFor({ timeout: 10_000 });
  // The text chat goes on over the same socket.
  await sendPrompt(page, "What's the weather in Tokyo?");
  await finalText(page, /Tokyo/);
  const stats = await backend.stats();
  assert.equal(stats.audio_start, 1);
  assert.equal(stats.audio_stop, 1);
  assert.ok(stats.audioChunks >= 30, `the backend got ${stats.audioChunks} audio chunks for ~1.5 s (40 ms each)`);
  assert.deepEqual(stats.violations, []);
  assert.deepEqual(errors, []);
  await context.close();
});
