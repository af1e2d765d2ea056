// Shared by the end-to-end tests: the backend (the one scripts/test-e2e.sh started, or one started
// here in-process), Chromium through playwright-core, and the steps a user takes in the app.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { startBackend } from '../server/app.mjs';
import { CHROMIUM, CHROMIUM_FLAGS } from '../../tests/support/chromium.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
export const REPO_ROOT = path.resolve(here, '../..');
export const RESULTS_DIR = process.env.E2E_RESULTS_DIR ?? path.join(REPO_ROOT, 'test-results', 'e2e');
export const QUIET_MS = Number(process.env.E2E_QUIET_MS ?? 1500);
export const POSITION = { latitude: 35.6762, longitude: 139.6503, accuracy: 20 };

function launchChromium() {
  return chromium.launch({
    executablePath: CHROMIUM,
    // playwright-core makes a fresh, empty user-data-dir for each launch.
    args: CHROMIUM_FLAGS,
    headless: true,
  });
}

/**
 * The suite's browser, which survives its own death: on a loaded machine Chromium has closed in the
 * middle of a suite ("Target page, context or browser has been closed"), and every later test then
 * failed with it. `newContext` launches a new Chromium when the last one is gone, and `crashes`
 * counts the deaths, so `flow` can tell the test that was running what killed it.
 */
export async function launchBrowser() {
  let current = null;
  let closing = false;
  const holder = {
    crashes: 0,
    /** Whether the Chromium in use is gone (it crashed or was killed; `close()` is not a crash). */
    get gone() {
      return !closing && current !== null && !current.isConnected();
    },
    /** The Chromium in use now (a new one after a crash). */
    get current() {
      return current;
    },
    async newContext(options) {
      if (!current.isConnected()) await relaunch();
      return current.newContext(options);
    },
    async close() {
      closing = true;
      await current?.close().catch(() => {});
    },
  };
  async function relaunch() {
    const browser = await launchChromium();
    browser.on('disconnected', () => {
      if (!closing && browser === current) holder.crashes += 1;
    });
    current = browser;
  }
  await relaunch();
  return holder;
}

/** The backend: E2E_BASE_URL (started by scripts/test-e2e.sh), or one in this process. */
export async function useBackend() {
  let own = null;
  let base = process.env.E2E_BASE_URL;
  if (!base) {
    own = await startBackend({ port: 0, quiet: true, chunkDelayMs: 5 });
    base = own.url;
  }
  const call = async (method, route, body) => {
    const res = await fetch(`${base}${route}`, {
      method,
      headers: body ? { 'content-type': 'application/json' } : undefined,
      body: body ? JSON.stringify(body) : undefined,
    });
    const json = await res.json();
    if (!res.ok) throw new Error(`${method} ${route}: ${res.status} ${JSON.stringify(json)}`);
    return json;
  };
  return {
    url: base,
    /** Forgets counts and sockets, and sets the mode: {mode, fixture, approvalTimeoutMs, chunkDelayMs}. */
    // The real backend's limits (30 s, 10 s) made short, so that a request the real backend would
    // not read fails the flow in seconds.
    reset: (config = {}) => call('POST', '/__test/reset', { chunkDelayMs: 5, approvalTimeoutMs: 8000, frontendResultTimeoutMs: 3000, ...config }),
    stats: () => call('GET', '/__test/stats'),
    close: async () => {
      if (own) await own.close();
    },
  };
}

/**
 * Opens the app in a fresh context. `geolocation`: 'granted' (a fixed position), 'refused' (the
 * browser denies it) or undefined (not used by the flow; refused too).
 */
export async function openApp(browser, backend, { mode = 'sse', pattern = 'A', geolocation } = {}) {
  const context = await browser.newContext({ viewport: { width: 1100, height: 900 } });
  if (geolocation === 'granted') {
    await context.grantPermissions(['geolocation'], { origin: backend.url });
    await context.setGeolocation(POSITION);
  }
  // Counts the calls of the browser's geolocation API (the package's get-location.js calls it).
  await context.addInitScript(() => {
    window.__geolocationCalls = 0;
    const proto = Geolocation.prototype;
    const original = proto.getCurrentPosition;
    proto.getCurrentPosition = function (...args) {
      window.__geolocationCalls += 1;
      return original.apply(this, args);
    };
  });
  const page = await context.newPage();
  const consoleErrors = [];
  page.on('pageerror', (error) => consoleErrors.push(String(error)));
  page.on('console', (msg) => {
    if (msg.type() === 'error') consoleErrors.push(msg.text());
  });
  await page.goto(`${backend.url}/?mode=${mode}&pattern=${pattern}`);
  // The WebAssembly module has loaded once explain() gives a real rule.
  await page.locator('[data-testid="explain"]:not([data-rule="loading"])').waitFor({ timeout: 15000 });
  return { context, page, consoleErrors };
}

export async function sendPrompt(page, text) {
  await page.getByLabel('Message').fill(text);
  await page.getByRole('button', { name: 'Send', exact: true }).click();
}

/** The tool card of `tool` (optionally the one whose text matches `hasText`). */
export function toolCard(page, tool, hasText) {
  const cards = page.locator(`[data-testid="tool-part"][data-tool="${tool}"]`);
  return hasText ? cards.filter({ hasText }) : cards.last();
}

/** Clicks Approve or Deny on a pending approval, by the button's accessible name. */
export async function answer(page, tool, approved, hasText) {
  const card = toolCard(page, tool, hasText);
  await card.getByRole('button', { name: `${approved ? 'Approve' : 'Deny'} ${tool}`, exact: true }).click();
}

/** Waits for a tool card of `tool` (matching `hasText`) in `state`. */
export async function waitForState(page, tool, state, hasText, timeout = 10000) {
  let cards = page.locator(`[data-testid="tool-part"][data-tool="${tool}"][data-state="${state}"]`);
  if (hasText) cards = cards.filter({ hasText });
  await cards.first().waitFor({ timeout });
}

/** Waits until the last assistant text matches and the chat is idle; returns that text. */
export async function finalText(page, expected, timeout = 15000) {
  const last = page.locator('[data-testid="assistant-text"]').last();
  await last.waitFor({ timeout });
  await page.waitForFunction(
    ([source, flags]) => {
      const texts = document.querySelectorAll('[data-testid="assistant-text"]');
      const text = texts.length ? texts[texts.length - 1].textContent : '';
      const chat = document.querySelector('main.chat');
      const idle = chat && chat.getAttribute('data-status') === 'ready';
      return idle && new RegExp(source, flags).test(text);
    },
    [expected.source ?? escapeRegExp(expected), expected.flags ?? ''],
    { timeout },
  );
  return last.textContent();
}

const escapeRegExp = (s) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The backend's counters equal `expected` ({sseRequests, bidiMessages, toolResults, ...}) now and
 * after QUIET_MS more (nothing else is sent), and no protocol violation was seen.
 */
export async function expectCounts(backend, expected) {
  const pick = (s) => Object.fromEntries(Object.keys(expected).map((k) => [k, s[k]]));
  const first = await backend.stats();
  assert.deepEqual(pick(first), expected, `counts when the final text showed: ${JSON.stringify(pick(first))}`);
  await new Promise((r) => setTimeout(r, QUIET_MS));
  const later = await backend.stats();
  assert.deepEqual(pick(later), expected, `counts ${QUIET_MS} ms later: ${JSON.stringify(pick(later))}`);
  assert.deepEqual(later.violations, [], 'the backend saw no protocol violation');
  return later;
}

/** SPEC §4a W5: one assistant message per agent turn, so no tool call is shown twice. */
export async function expectEachToolPartOnce(page) {
  const ids = await page.locator('[data-testid="tool-part"]').evaluateAll((cards) => cards.map((card) => card.getAttribute('data-tool-call-id')));
  const twice = ids.filter((id, i) => ids.indexOf(id) !== i);
  assert.deepEqual(twice, [], `tool calls shown more than once: ${JSON.stringify(ids)}`);
}

export const geolocationCalls = (page) => page.evaluate(() => window.__geolocationCalls);

/** The requests/messages the backend received (GET /__test/stats `requests`), without pings. */
export async function receivedMessages(backend) {
  const stats = await backend.stats();
  return stats.requests.filter((r) => r.type === 'request' || r.type === 'message');
}

/**
 * A test that opens the app and closes it afterwards; a failure leaves a screenshot in
 * test-results/e2e/. `body({page, context})` runs after `open()`.
 */
export function flow(name, options, body) {
  return test(name, () => runFlow(name, options, body));
}

/** `flow`'s steps, for a caller that wants the failure itself (the harness's own test). */
export async function runFlow(name, { browser, backend, open = {}, reset = {} }, body) {
  await backend().reset(reset);
  const holder = browser();
  const crashesBefore = holder.crashes ?? 0;
  const { context, page, consoleErrors } = await openApp(holder, backend(), open);
  try {
    await body({ page, context });
    await expectEachToolPartOnce(page);
  } catch (thrown) {
    let error = thrown;
    if ((holder.crashes ?? 0) > crashesBefore || holder.gone) {
      // The browser died under this test: that is the cause, whatever step noticed it first.
      error = new Error(`Chromium closed in the middle of this test (crashed or was killed; the next test gets a new browser): ${thrown && thrown.message}`, { cause: thrown });
      error.name = 'BrowserCrashError';
    }
    fs.mkdirSync(RESULTS_DIR, { recursive: true });
    const file = path.join(RESULTS_DIR, `${name.replace(/[^\w.-]+/g, '_').slice(0, 120)}.png`);
    await page.screenshot({ path: file, fullPage: true }).catch(() => {});
    const stats = await backend().stats().catch(() => null);
    if (stats) {
      fs.writeFileSync(file.replace(/\.png$/, '.stats.json'), JSON.stringify(stats, null, 1));
    }
    if (consoleErrors.length) error.message += `\nbrowser console errors:\n  ${consoleErrors.join('\n  ')}`;
    error.message += `\nscreenshot: ${path.relative(REPO_ROOT, file)}`;
    throw error;
  } finally {
    await context.close().catch(() => {});
  }
}

/**
 * Chromium with a fake microphone that says `sentence` (espeak-ng speaks it, sox makes it the
 * capture file Chromium plays as the microphone). `close()` ends the browser and removes the files.
 * @param {string} prefix the temporary folder's name prefix
 */
export async function launchWithMicrophone(prefix, sentence = 'What is the weather in Tokyo today?') {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  const remove = () => fs.rmSync(dir, { recursive: true, force: true });
  try {
    execFileSync('espeak-ng', ['-w', path.join(dir, 'spoken.wav'), sentence]);
    execFileSync('sox', [path.join(dir, 'spoken.wav'), '-r', '48000', '-c', '1', '-b', '16', path.join(dir, 'mic.wav'), 'vol', '0.5']);
    const browser = await chromium.launch({
      executablePath: CHROMIUM,
      args: [...CHROMIUM_FLAGS, '--use-fake-device-for-media-stream', `--use-file-for-fake-audio-capture=${path.join(dir, 'mic.wav')}`],
      timeout: 30_000,
    });
    return { browser, close: async () => (await browser.close(), remove()) };
  } catch (error) {
    remove();
    throw error;
  }
}
