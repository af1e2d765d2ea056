// Issue 41 "Faults as deployed" (SPEC §5 F-e to F-h) in Chromium: the README's useAdkChat component,
// its code as written, served by Vite's dev server with the README's `server.proxy` in front of the
// demo backend (www/server), and what its user sees when the backend fails:
//   - SSE, approve while the backend is down: the proxy answers 502 with an empty body. The alert is
//     the package's sentence for the user (never empty, never the proxy's body), the error keeps the
//     status, explain() says arrival-unknown, no empty assistant message is left behind, and the
//     way forward (resend({ mayHaveArrived: true }) once the backend is back) pays once;
//   - SSE, a proxy whose backend accepts and never answers: bounded (the wait for headers, F-e);
//   - SSE with no proxy (the backend's own URL), the same fault: the browser's `Failed to fetch` is
//     request-failed, arrival-unknown, and no repeat is offered (F-g);
//   - BIDI, the backend killed while an approval waits: the Approve button goes at once, no click
//     (F-h); once it is back, the question is asked again and paid once;
//   - BIDI, a message sent while the backend is down: it never left, and resend() sends it once.
// The way forward in each is the README's own `recover()` ("When the connection fails"), as written.
// The demo backend keeps its SSE sessions in a file, so a restarted one resumes them as the real
// one does (issue 35 case a), and pays once for a repeat of an answer it already holds (F-g).
//   READMEPATHS_HOST     the host app with the packed package (scripts/test-readme-paths.sh)
//   READMEPATHS_README   the README to read the blocks from (default js/README.md)
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs, { mkdtempSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { USER_WORDS } from 'adk-stream-wasm';
import { startBackend } from '../../www/server/app.mjs';
import { extractBlocks } from '../../tools/readme-blocks.mjs';
import { CHROMIUM, CHROMIUM_FLAGS } from '../support/chromium.mjs';
import { PATHS } from './host.mjs';
import { ComponentDriver } from './drivers.mjs';
import { untilBackend, watchResponses } from './backend-hooks.mjs';
import { freePort, startDevProxy, startSilentServer } from './dev-proxy.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const HOST = process.env.READMEPATHS_HOST;
assert.ok(HOST, 'READMEPATHS_HOST is not set: run scripts/test-readme-paths.sh');
const README = path.resolve(process.env.READMEPATHS_README || path.join(here, '../../js/README.md'));

const SAY = { hello: 'Hello', pay: 'Send $50 to Hanako' };
const SHOWN = { help: /I am the scripted demo agent/, paid: /Sent \$50 to Hanako \(transaction/ };
// The README's default bound for the response's headers (AdkSseTransport's responseTimeoutMs).
const HEADERS_BOUND_MS = 60_000;

const SSE = PATHS.find((p) => p.id === 'useadkchat-sse');
const BIDI = PATHS.find((p) => p.id === 'useadkchat-bidi');
const DIRECT = { ...SSE, id: 'useadkchat-sse-direct', title: 'useAdkChat (SSE), no proxy' };

let backend, backendPort, sessionsFile, proxy, browser, dir;
const startDemo = async () => {
  backend = await startBackend({ port: backendPort, quiet: true, chunkDelayMs: 5, staticDir: null, sessionsFile });
  watchResponses(backend);
};

before(async () => {
  dir = mkdtempSync(path.join(HOST, 'proxy-pages-'));
  sessionsFile = path.join(dir, 'sessions.json');
  backendPort = await freePort();
  await startDemo();
  const blocks = extractBlocks(README, fs.readFileSync(README, 'utf8'));
  const found = [SSE, BIDI].map((p) => {
    const block = p.find(blocks);
    assert.notEqual(typeof block, 'string', `${p.title}: ${block}`);
    return [p, block];
  });
  // Row 4, no proxy: the SSE block with the backend's own URL, as the README's "Without a proxy"
  // says (the backend allows the page's origin).
  const [, sse] = found[0];
  assert.match(sse.code, /api: '\/stream'/);
  found.push([DIRECT, { block: sse.block, code: sse.code.replace("api: '/stream'", `api: 'http://127.0.0.1:${backendPort}/stream'`) }]);
  const recover = blocks.find((b) => b.heading === 'When the connection fails' && b.lang === 'ts' && /export async function recover\(/.test(b.code));
  assert.ok(recover, 'js/README.md has a ts block under "When the connection fails" that exports recover()');
  proxy = await startDevProxy({ host: HOST, dir, found, recover, devPort: await freePort(), backendPort });
  browser = await chromium.launch({ executablePath: CHROMIUM, args: [...CHROMIUM_FLAGS], timeout: 30_000 });
});
after(async () => {
  await browser?.close();
  await proxy?.close();
  await backend?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

/** Opens the path's page through the dev server; `probe(fn)` reads the hook's state in the page. */
async function open(p) {
  backend.stats.reset();
  const context = await browser.newContext();
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (error) => errors.push(`pageerror: ${error}`));
  await page.goto(`${proxy.url}/${p.id}.html`);
  await page.getByRole('button', { name: 'Send' }).waitFor({ timeout: 30_000 });
  const driver = new ComponentDriver(page, proxy.pages[p.id].code);
  return { context, page, errors, driver };
}

/** What the page's chat holds: its status, error (kind, status, repeatable), explain() and messages. */
const state = (page) =>
  page.evaluate(() => {
    const c = /** @type {any} */ (window).adkProbe;
    const e = c.error;
    return {
      status: c.status,
      error: e ? { name: e.name, kind: e.kind, status: e.status, repeatable: e.repeatable, message: e.message } : null,
      rule: c.adk.explain().rule,
      messages: c.messages.map((m) => ({ role: m.role, parts: m.parts.map((part) => part.type) })),
    };
  });

/** The README's recover() as written, on the hook's result (useChat's `error`, `regenerate`) and its adk. */
const recover = (page) =>
  page.evaluate(() => {
    const w = /** @type {any} */ (window);
    return w.adkRecover(w.adkProbe, w.adkProbe.adk);
  });

/** The alert's text is exactly the package's sentence for the user about `kind` (USER_WORDS). */
async function alertIs(driver, kind) {
  const sentence = USER_WORDS[kind];
  if (typeof sentence !== 'string') {
    await driver.page.getByRole('alert').first().waitFor({ timeout: 10_000 }).catch(() => {});
    assert.fail(`the package has no sentence for the user about ${kind}; the alert shows ${JSON.stringify(await driver.chatError())}`);
  }
  await driver.waitError(new RegExp(sentence.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
  assert.equal(await driver.chatError(), sentence, 'the alert is the sentence for the user, nothing else');
}

// Payments of every backend instance of this run (a restarted backend counts from 0 again).
let paidByStopped = 0;
const payments = () => paidByStopped + (backend.server.listening ? backend.wallets.payments.length : 0);
const stopBackend = async () => {
  paidByStopped += backend.wallets.payments.length;
  await backend.close();
};

/** The user asks to pay and the approval is shown; the backend goes down; the user approves and
 *  the alert shows `kind`'s sentence: the page's state before and after, and what was paid before. */
async function approveWhileDown(page, driver, kind) {
  await driver.send(SAY.pay);
  await driver.waitApprovals(1);
  await driver.settled(backend);
  const before = await state(page);
  const paid = payments();
  await stopBackend();
  await driver.approveButtons().first().click();
  await alertIs(driver, kind);
  return { before, paid, failed: await state(page) };
}

test('issue 41 row 1, SSE behind Vite\'s proxy: approve while the backend is down (502, empty body): the user\'s words, the status, arrival-unknown, no empty message; resend({ mayHaveArrived: true }) once it is back pays once', { timeout: 90_000 }, async () => {
  const { context, page, errors, driver } = await open(SSE);
  try {
    const { before, paid, failed } = await approveWhileDown(page, driver, 'http-error');
    assert.equal(failed.status, 'error');
    assert.deepEqual(
      { name: failed.error.name, kind: failed.error.kind, status: failed.error.status, repeatable: failed.error.repeatable },
      { name: 'AdkTransportError', kind: 'http-error', status: 502, repeatable: true },
      `the proxy's answer as the package's error: ${failed.error.message}`,
    );
    assert.equal(failed.rule, 'arrival-unknown', 'explain() says the answer\'s arrival is unknown');
    // Issue 41 row 1's "empty assistant message" is the approval's own message: its only part is
    // the tool part, which the README's MessageList (text parts only) shows as "assistant:", more
    // visibly once its Approve button is gone. The failed request adds none: AI SDK's Chat adds the
    // response's message only when a chunk arrives, and the proxy's 502 brought none.
    assert.deepEqual(failed.messages, before.messages, 'the failed request left no message behind (no empty assistant message)');

    assert.equal(await recover(page), 'may-resend', "the README's recover(): the user may send it again");
    assert.equal(backend.server.listening, false);
    await startDemo();
    // The button recover()'s 'may-resend' stands for.
    const resent = await page.evaluate(() => /** @type {any} */ (window).adkProbe.adk.resend({ mayHaveArrived: true }));
    assert.equal(resent, true, 'resend({ mayHaveArrived: true }) sends the answer after a 502');
    await driver.waitText(SHOWN.paid);
    await driver.settled(backend);
    assert.equal(payments() - paid, 1, 'paid once');
    assert.equal(backend.stats.toJSON().sseRequests, 1, 'the answer was sent once');
    assert.equal(await driver.chatError(), null, 'the error is gone once the answer went through');
    const again = await page.evaluate(() => /** @type {any} */ (window).adkProbe.adk.resend({ mayHaveArrived: true }));
    assert.equal(again, false, 'nothing is left to send');
    assert.deepEqual(errors, []);
  } finally {
    if (!backend.server.listening) await startDemo();
    await context.close();
  }
});

test('issue 41 row 2, SSE behind Vite\'s proxy: a backend that accepts and never answers ends in the user\'s words within the headers bound (F-e)', { timeout: HEADERS_BOUND_MS + 30_000 }, async () => {
  const { context, page, errors, driver } = await open(SSE);
  let silent = null;
  try {
    await stopBackend();
    silent = await startSilentServer(backendPort);
    const sent = Date.now();
    await driver.send(SAY.hello);
    await page.getByRole('alert').waitFor({ timeout: HEADERS_BOUND_MS + 10_000 });
    const waited = Date.now() - sent;
    await alertIs(driver, 'no-response');
    assert.ok(waited < HEADERS_BOUND_MS + 5_000, `bounded: the error came after ${waited} ms`);
    const failed = await state(page);
    assert.deepEqual({ status: failed.status, kind: failed.error.kind, rule: failed.rule }, { status: 'error', kind: 'no-response', rule: 'arrival-unknown' });
    assert.ok(!failed.messages.some((m) => m.role === 'assistant'), 'no empty assistant message is left behind');
    assert.equal(await recover(page), 'shown', "the README's recover(): the message may have arrived, nothing is resent");
    assert.deepEqual(errors, []);
  } finally {
    await silent?.close();
    if (!backend.server.listening) await startDemo();
    await context.close();
  }
});

test('issue 41 row 4, SSE with no proxy: approve while the backend is down (a browser\'s Failed to fetch): request-failed in the user\'s words, arrival-unknown, no repeat offered, nothing paid', { timeout: 60_000 }, async () => {
  const { context, page, errors, driver } = await open(DIRECT);
  try {
    const { before, paid, failed } = await approveWhileDown(page, driver, 'request-failed');
    assert.deepEqual({ status: failed.status, kind: failed.error.kind, rule: failed.rule }, { status: 'error', kind: 'request-failed', rule: 'arrival-unknown' }, failed.error.message);
    assert.deepEqual(failed.messages, before.messages, 'the failed request left no message behind');
    assert.equal(await recover(page), 'shown', "the README's recover(): the answer may have arrived, nothing is resent");
    await startDemo();
    const resent = await page.evaluate(() => /** @type {any} */ (window).adkProbe.adk.resend({ mayHaveArrived: true }));
    assert.equal(resent, false, 'never a repeat after a browser\'s Failed to fetch (the first request may still run)');
    assert.equal(backend.stats.toJSON().sseRequests, 0, 'nothing was sent again');
    assert.equal(payments() - paid, 0, 'nothing was paid');
    assert.deepEqual(errors, []);
  } finally {
    if (!backend.server.listening) await startDemo();
    await context.close();
  }
});

test('issue 41 row 5, BIDI behind Vite\'s proxy (ws: true): the backend killed while an approval waits: the Approve button goes at once, no click, in the user\'s words (F-h); recover() asks again once it is back, paid once', { timeout: 60_000 }, async () => {
  const { context, page, errors, driver } = await open(BIDI);
  try {
    await driver.send(SAY.pay);
    await driver.waitApprovals(1);
    await driver.settled(backend);
    const paid = payments();
    const killed = Date.now();
    await stopBackend();
    await alertIs(driver, 'connection-lost');
    await driver.waitApprovals(0);
    assert.ok(Date.now() - killed < 5_000, `shown dead within 5 s, before any click (${Date.now() - killed} ms)`);
    assert.doesNotMatch(await driver.shown(), /Waiting for your answer/);
    assert.equal((await state(page)).error.kind, 'connection-lost');
    assert.equal(payments() - paid, 0, 'nothing was paid');
    // The way forward, once the backend is back: the README's recover() asks again, the user approves.
    await startDemo();
    assert.equal(await recover(page), 'asked-again', "the README's recover(): the question sent again");
    await driver.waitApprovals(1);
    await driver.settled(backend);
    await driver.approveAll();
    await driver.waitText(SHOWN.paid);
    await driver.settled(backend);
    assert.equal(payments() - paid, 1, 'paid once');
    assert.equal(await driver.chatError(), null, 'the error is gone once the payment went through');
    assert.deepEqual(errors, []);
  } finally {
    if (!backend.server.listening) await startDemo();
    await context.close();
  }
});

test('issue 41 row 6, BIDI behind Vite\'s proxy: a message sent while the backend is down never left; resend() sends it once when it is back', { timeout: 60_000 }, async () => {
  const { context, page, errors, driver } = await open(BIDI);
  try {
    await stopBackend();
    await driver.send(SAY.hello);
    await page.getByRole('alert').waitFor({ timeout: 40_000 });
    const failed = await state(page);
    assert.ok(['connect-failed', 'cannot-open', 'connect-timeout'].includes(failed.error.kind), `a socket that never opened: ${failed.error.kind} (${failed.error.message})`);
    await alertIs(driver, failed.error.kind);
    assert.equal(failed.rule, 'waits-to-be-sent', 'explain() says the message waits to be sent');
    await startDemo();
    assert.equal(await recover(page), 'resent', "the README's recover(): adk.resend() sends the message that never left");
    await driver.waitText(SHOWN.help);
    await driver.settled(backend);
    await untilBackend(() => backend.stats.toJSON().bidiMessages >= 1, 'the message');
    assert.equal(backend.stats.toJSON().bidiMessages, 1, 'sent once');
    assert.equal(await driver.chatError(), null, 'the error is gone once the message went through');
    assert.deepEqual(errors, []);
  } finally {
    if (!backend.server.listening) await startDemo();
    await context.close();
  }
});
