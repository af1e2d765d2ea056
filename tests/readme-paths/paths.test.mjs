// Every path js/README.md documents, built from the README's code as written (host.mjs) and run in
// headless Chromium against the demo backend (www/server), issue 32 "Done when":
//   - two approvals in one BIDI turn: shown together, answered in one frame (SPEC §4a W6);
//   - an approved get_location: the position reaches the backend with the approval (W1) and the
//     answer is shown (SPEC §6);
//   - a text turn, then (BIDI) two spoken turns the backend starts, then a typed payment: each its
//     own message, in order, the user's spoken words as the user's (SPEC §5 W8, W9);
// each with no chat error, no protocol violation the backend saw, and nothing sent twice (the
// backend's own counts, exact; over BIDI read after a ping the page sent later, so that anything
// sent before it has arrived).
// The page is the README block's code (its component rendered, or its script run); a step the block
// gives its user no way to do fails as the block's defect (drivers.mjs: BlockLacks).
//   READMEPATHS_HOST     the host app with the packed package (scripts/test-readme-paths.sh)
//   READMEPATHS_README   the README to read the blocks from (default js/README.md)
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { USER_WORDS } from 'adk-stream-wasm';
import { startBackend } from '../../www/server/app.mjs';
import { CHROMIUM, CHROMIUM_FLAGS } from '../support/chromium.mjs';
import { PATHS, buildPages } from './host.mjs';
import { ComponentDriver, ScriptDriver } from './drivers.mjs';
import { speak, speakWithMicrophone, untilBackend, watchResponses } from './backend-hooks.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const HOST = process.env.READMEPATHS_HOST;
assert.ok(HOST, 'READMEPATHS_HOST is not set: run scripts/test-readme-paths.sh');
// READMEPATHS_README: another README to take the blocks from (a draft of js/README.md).
const README = path.resolve(process.env.READMEPATHS_README || path.join(here, '../../js/README.md'));

const POSITION = { latitude: 35.6812, longitude: 139.7671, accuracy: 12 };
// What the scripted agent (www/server/agent.mjs) and its voice (voice.mjs) say.
const SAY = { hello: 'Hello', pay: 'Send $50 to Hanako', where: 'Where am I?', both: 'Pay $30 to Alice and $40 to Bob at once' };
const SHOWN = {
  hello: /Hello/,
  help: /I am the scripted demo agent/,
  heard: /Input transcription/,
  spoken: /Output transcription/,
  pay: /Send \$50 to Hanako/,
  paid: /Sent \$50 to Hanako \(transaction/,
  alice: /Sent \$30 to Alice/,
  bob: /Sent \$40 to Bob/,
  located: /You are at latitude 35\.6812, longitude 139\.7671/,
};

let backend, browser, built, audioDir, pagesDir;
before(async () => {
  audioDir = mkdtempSync(path.join(tmpdir(), 'adk-readme-paths-'));
  // The fake microphone (as scripts/test-voice.sh): espeak-ng speaks, sox makes it 48 kHz mono.
  execFileSync('espeak-ng', ['-w', path.join(audioDir, 'spoken.wav'), 'What is the weather in Tokyo today?']);
  execFileSync('sox', [path.join(audioDir, 'spoken.wav'), '-r', '48000', '-c', '1', '-b', '16', path.join(audioDir, 'mic.wav'), 'vol', '0.5']);
  // The backend serves the pages, built once its address is known, in a folder of this run's own.
  pagesDir = mkdtempSync(path.join(HOST, 'pages-'));
  backend = await startBackend({ port: 0, quiet: true, chunkDelayMs: 5, staticDir: path.join(pagesDir, 'dist') });
  watchResponses(backend);
  built = buildPages({ host: HOST, dir: pagesDir, readme: README, backendUrl: backend.url });
  browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: [...CHROMIUM_FLAGS, '--use-fake-device-for-media-stream', `--use-file-for-fake-audio-capture=${path.join(audioDir, 'mic.wav')}`],
    timeout: 30_000,
  });
});
after(async () => {
  await browser?.close();
  await backend?.close();
  if (audioDir) rmSync(audioDir, { recursive: true, force: true });
  if (pagesDir) rmSync(pagesDir, { recursive: true, force: true });
});

/** What the page sent so far: requests (SSE) or `message` frames (BIDI), and the log of them. */
function sent(p) {
  const s = backend.stats.toJSON();
  const requests = s.requests.filter((r) => r.type === (p.mode === 'sse' ? 'request' : 'message'));
  return { count: p.mode === 'sse' ? s.sseRequests : s.bidiMessages, requests, toolResults: s.toolResults, pings: s.pings, violations: s.violations };
}

/** What the backend got in this test, a line per request, frame or violation (for failures). */
function backendLog() {
  const s = backend.stats.toJSON();
  const tools = (r) => (r.toolParts ?? []).map((t) => `${t.tool}:${t.state}${t.approved === undefined ? '' : `:${t.approved}`}`).join(', ');
  const lines = s.requests.map((r) => `${r.type}${r.lastRole ? ` (last ${r.lastRole}${r.lastText ? ` "${r.lastText}"` : ''})` : ''}${tools(r) ? ` [${tools(r)}]` : ''}${r.reason ? ` ${r.reason}` : ''}`);
  return [...lines, ...s.violations.map((v) => `violation: ${v.text}`), `interrupts: ${s.interrupts}, pings: ${s.pings}`];
}

/** Opens a path's page in a fresh context (position granted, microphone allowed). */
async function open(p) {
  backend.stats.reset();
  backend.configure({ chunkDelayMs: 5 });
  for (const session of backend.sessions) session.socket.terminate();
  const context = await browser.newContext({ geolocation: POSITION, permissions: ['geolocation', 'microphone'] });
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (error) => errors.push(`pageerror: ${error}`));
  page.on('console', (msg) => {
    if (msg.type() === 'error' && !/favicon/.test(msg.location().url ?? '')) errors.push(`console: ${msg.text()}`);
  });
  await page.goto(`${backend.url}/${p.id}.html`);
  const driver = p.kind === 'script' ? new ScriptDriver(page) : new ComponentDriver(page, built.pages[p.id].code);
  if (p.kind === 'script') {
    // The block runs its own flow first ("Where am I?", approved): the scenario starts after it.
    await driver.ready();
    await driver.waitText(SHOWN.located);
    await driver.settled(backend);
  }
  return { context, page, errors, driver };
}

// --- The scenarios: each gets {p, driver, page, base} and returns how many requests it sent ----------

async function twoApprovals({ p, driver, base }) {
  await driver.send(SAY.both);
  await driver.waitApprovals(2); // shown together (W6)
  await driver.settled(backend);
  await driver.approveAll();
  await untilBackend(() => sent(p).count >= base.count + 2, 'the answer to both approvals');
  const answer = sent(p).requests.at(-1);
  const answered = answer.toolParts.filter((t) => t.tool === 'process_payment' && t.state === 'approval-responded' && t.approved === true);
  assert.equal(answered.length, 2, `one frame answers both approvals; the last frame holds ${JSON.stringify(answer.toolParts)}`);
  await driver.waitText(SHOWN.alice);
  await driver.waitText(SHOWN.bob);
  await driver.settled(backend);
  return 2;
}

async function approvedLocation({ p, driver, base }) {
  if (p.kind === 'script') return 0; // the block's own flow is this scenario (open() waited for it)
  await driver.send(SAY.where);
  await driver.waitApprovals(1);
  await driver.settled(backend);
  await driver.approveAll();
  await untilBackend(() => sent(p).count >= base.count + 2 && (sent(p).requests.at(-1)?.toolResultParts.length > 0 || sent(p).toolResults > 0), 'the approval and the position');
  const answer = sent(p).requests.at(-1);
  const result = answer.toolResultParts[0]?.result ?? backend.stats.requests.find((r) => r.type === 'tool_result')?.result;
  assert.deepEqual({ latitude: result?.latitude, longitude: result?.longitude }, { latitude: POSITION.latitude, longitude: POSITION.longitude }, 'the browser position reached the backend');
  await driver.waitText(SHOWN.located);
  await driver.settled(backend);
  return 2;
}

/** A text turn, (BIDI) two spoken turns the backend starts, a typed payment: one message each. */
async function turnsInOrder({ p, driver, page, base }) {
  await driver.send(SAY.hello);
  await driver.waitText(SHOWN.help);
  await driver.settled(backend);
  const expected = [['user', SHOWN.hello], ['assistant', SHOWN.help]];
  if (p.mode === 'bidi') {
    for (const k of [1, 2]) {
      if (p.voice) await speakWithMicrophone(page, backend);
      else await speak(backend, sent(p).requests.at(-1).chatId);
      await driver.waitText(SHOWN.spoken, k);
      await driver.settled(backend);
      expected.push(['user', SHOWN.heard], ['assistant', SHOWN.spoken]);
    }
    // The spoken turns, checked before the typed step, which a block may give no way to do.
    const problem = await driver.orderProblem(expected.map(([, re]) => re));
    assert.ok(problem === null, `each turn is its own message, in order (W8): ${problem}\nthe page shows:\n${await driver.shown()}`);
  }
  await driver.send(SAY.pay);
  await driver.waitApprovals(1);
  await driver.settled(backend);
  await driver.approveAll();
  await driver.waitText(SHOWN.paid);
  await driver.settled(backend);
  expected.push(['user', SHOWN.pay], ['assistant', SHOWN.paid]);
  const problem = await driver.orderProblem(expected.map(([, re]) => re));
  assert.ok(problem === null, `each turn is its own message, in order (W8): ${problem}\nthe page shows:\n${await driver.shown()}`);
  // What the chat holds, as its last request carried it: the roles in order, the spoken words the
  // user's (W9). The last message is the payment's, answered (its text comes after the request).
  const history = sent(p).requests.at(-1).history.slice(-expected.length);
  assert.deepEqual(
    history.map((m, i) => `${m.role}${i < expected.length - 1 && !expected[i][1].test(m.text) ? ` (not ${expected[i][1]}: ${JSON.stringify(m.text)})` : ''}`),
    expected.map(([role]) => role),
    `the history the chat sent, in order, the spoken words as the user's (W9):\n${JSON.stringify(history, null, 1)}`,
  );
  return 3; // hello, the payment, its answer: nothing of the spoken turns is sent
}

const SCENARIOS = [
  { name: 'two approvals in one turn are shown together and answered in one frame (W6)', run: twoApprovals, bidiOnly: true },
  { name: 'an approved get_location sends the position with the approval, and its answer is shown (W1, §6)', run: approvedLocation },
  { name: 'a text turn, two spoken turns the backend starts, a typed payment: one message each, in order, the spoken words the user\'s (W8, W9)', run: turnsInOrder },
];

/** A sentence of the package's words for the user (issue 41 item 4). */
const words = (/** @type {string} */ sentence) => new RegExp(sentence.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));

/**
 * A chat error reaches the user: the page shows it, in an element with role="alert" as the
 * voice block shows the voice's error (issue 32: "the README's own example does not render
 * chat.error, so its user sees one Approve button and a chat that has stopped"), in the words for
 * the user (`userMessage`, issue 41 item 4), never the developer's.
 * SSE: the backend wants an X-API-Key the page does not send (401, an `http-error`). BIDI: the backend's socket
 * closes while the response streams.
 */
async function errorShown(p) {
  const { context, page, errors, driver } = await open(p);
  try {
    if (p.mode === 'sse') {
      backend.configure({ chunkDelayMs: 5, apiKey: 'a key the page does not have' });
      await driver.sendAny(SAY.hello);
      await driver.waitError(new RegExp(Object.values(USER_WORDS).map((s) => words(s).source).join('|')));
      assert.doesNotMatch(await driver.chatError(), /X-API-Key|401/, "the developer's words stay out of the page");
    } else {
      backend.configure({ chunkDelayMs: 3000 }); // the response (about 20 chunks) stays open until the socket closes
      await driver.sendAny(SAY.hello);
      await untilBackend(() => sent(p).count === 1, 'the message');
      for (const session of backend.sessions) session.socket.terminate();
      await driver.waitError(words(USER_WORDS['closed-mid-response']));
      assert.doesNotMatch(await driver.chatError(), /WebSocket/, "the developer's words stay out of the page");
    }
  } catch (error) {
    if (errors.length) error.message += `\nerrors in the page:\n  ${errors.join('\n  ')}`;
    throw error;
  } finally {
    backend.configure({ chunkDelayMs: 5 });
    await context.close();
  }
}

/**
 * An example shows what a production app shows (issue 32 section 4): the pages are a production
 * build, where a text the package leaves out for size reads "(The words: import
 * 'adk-stream-wasm/explain'.)"; a README example must not show that to its user.
 */
async function noLeftOutWords(p) {
  const { context, page, driver } = await open(p);
  try {
    await page.getByRole('button').first().waitFor({ timeout: 10_000 }); // rendered
    assert.doesNotMatch(await driver.shown(), /\(The words: import/, 'the page shows a placeholder for words a production build leaves out');
  } finally {
    await context.close();
  }
}

/**
 * Issue 35 (SPEC §5 F-a) in Chromium, cases a and c of its table: the backend dies and comes back
 * (a), or the network cuts the socket (c), while the user decides on a payment. The user's answer
 * then ends within a bound in an error the page shows, saying the answer was not sent (a new
 * connection may not know the approval); nothing reaches the backend, nothing is paid.
 */
async function lostWhileDeciding(p, how) {
  const { context, errors, driver } = await open(p);
  try {
    await driver.send(SAY.pay);
    await driver.waitApprovals(1);
    await driver.settled(backend);
    const paid = backend.wallets.payments.length;
    const failed = Date.now();
    if (how === 'cut') for (const session of backend.sessions) session.socket.terminate();
    else {
      const { port } = backend;
      await backend.close();
      await new Promise((r) => setTimeout(r, 300));
      backend = await startBackend({ port, quiet: true, chunkDelayMs: 5, staticDir: path.join(pagesDir, 'dist') });
      watchResponses(backend);
    }
    const lost = words(USER_WORDS['connection-lost']);
    const before = sent(p).count;
    if (p.id === 'useadkchat-bidi') {
      // SPEC §5 F-h (issue 41 item 3): the binding shows the approval dead at once, with no click
      // and no onError wired: the user's words, no Approve button, no "Waiting for your answer".
      await driver.waitError(lost);
      await driver.waitApprovals(0);
      assert.ok(Date.now() - failed < 5_000, 'shown within 5 s of the fault (the backend restart included), before any click');
      assert.doesNotMatch(await driver.shown(), /Waiting for your answer/);
    } else {
      // useChat with the package's helpers: the answer is refused when given.
      await new Promise((r) => setTimeout(r, 300)); // the user decides
      const answered = Date.now();
      await driver.approveAll();
      await driver.waitError(lost);
      assert.ok(Date.now() - answered < 10_000, 'the error is shown within 10 s of the answer');
    }
    assert.equal(sent(p).count, before, 'the answer was not sent on a new connection');
    assert.equal(backend.wallets.payments.length, how === 'cut' ? paid : 0, 'nothing was paid');
  } catch (error) {
    if (errors.length) error.message += `\nerrors in the page:\n  ${errors.join('\n  ')}`;
    throw error;
  } finally {
    await context.close();
  }
}

for (const p of PATHS) {
  if (p.kind === 'component' && p.mode === 'bidi' && !p.voice) {
    // SPEC §5 F-h: useAdkChat shows the approval dead before the user answers; useChat when answered.
    const ends = p.id === 'useadkchat-bidi' ? 'shown dead at once (F-h), before any answer, in the words for the user' : 'the answer ends in an error saying it was not sent';
    test(`${p.title}: issue 35 case a: the backend killed while the user decides, back 300 ms later; ${ends}`, { timeout: 60_000 }, async () => {
      assert.notEqual(typeof built.pages[p.id], 'string', `${p.title}: ${built.pages[p.id]}`);
      await lostWhileDeciding(p, 'kill');
    });
    test(`${p.title}: issue 35 case c: the socket cut right after the approval request; ${ends}`, { timeout: 60_000 }, async () => {
      assert.notEqual(typeof built.pages[p.id], 'string', `${p.title}: ${built.pages[p.id]}`);
      await lostWhileDeciding(p, 'cut');
    });
  }
  if (p.kind === 'component') {
    test(`${p.title}: shows no placeholder for words a production build leaves out`, { timeout: 60_000 }, async () => {
      const page = built.pages[p.id];
      assert.notEqual(typeof page, 'string', `${p.title}: ${page}`);
      await noLeftOutWords(p);
    });
    test(`${p.title}: a chat error is shown to the user`, { timeout: 60_000 }, async () => {
      const page = built.pages[p.id];
      assert.notEqual(typeof page, 'string', `${p.title}: ${page}`);
      await errorShown(p);
    });
  }
  for (const scenario of SCENARIOS) {
    if (scenario.bidiOnly && p.mode !== 'bidi') continue;
    const name = p.mode === 'sse' && scenario.run === turnsInOrder ? 'a text turn, then a typed payment: one message each, in order' : scenario.name;
    test(`${p.title}: ${name}`, { timeout: 90_000 }, async () => {
      const page = built.pages[p.id];
      assert.notEqual(typeof page, 'string', `${p.title}: ${page}`);
      const { context, page: tab, errors, driver } = await open(p);
      try {
        const base = sent(p);
        const count = await scenario.run({ p, driver, page: tab, base });
        if (p.mode === 'bidi') {
          // A ping the page sends later comes after anything it sent before on the same socket.
          const pings = sent(p).pings;
          await untilBackend(() => sent(p).pings > pings, 'a ping after the last step');
        }
        assert.equal(sent(p).count - base.count, count, `the backend got exactly ${count} request(s): nothing sent twice`);
        assert.deepEqual(sent(p).violations, [], 'the backend saw no protocol violation');
        assert.equal(await driver.chatError(), null, 'the chat has no error');
        assert.deepEqual(errors, [], 'no error in the page');
      } catch (error) {
        if (errors.length) error.message += `\nerrors in the page:\n  ${errors.join('\n  ')}`;
        error.message += `\nthe backend got:\n  ${backendLog().join('\n  ')}`;
        error.message += `\n(${p.title}: ${page.where})`;
        throw error;
      } finally {
        await context.close();
      }
    });
  }
}
