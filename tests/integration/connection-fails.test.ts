// Issue 35 (SPEC §5 F-a, F-c): the backend or the network fails while the user decides. Cases a–c
// of the table, BIDI column, in Node with AI SDK's real Chat against the demo backend
// (www/server), which keeps a pending confirmation with its connection as the real ADK backend does,
// killed, restarted or cut by the test; and F-c (an answer whose request was refused before it
// reached the backend waits for one explicit resend) over BIDI and over SSE. Each ends within a
// bound with the completed turn or an error that says what happened to the user's answer; nothing
// is lost silently, nothing is paid twice.
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { BidiTransport } from 'adk-stream-wasm/transport';
import { AdkSseTransport } from 'adk-stream-wasm/chat';
import { Demo } from './helpers/demo.js';
import { createAppChat, describeChat, expectQuiet, lastMessage, texts, waitUntil, type AppChat } from './helpers/chat.js';
import { WsBackend, freePort, storedApprovalBackend, textReply } from './helpers/ws-backend.js';
// @ts-ignore -- the README checker's own block reader (tools/check-readme.mjs).
import { extractBlocks } from '../../tools/readme-blocks.mjs';

// The npm README's "When the connection fails" code, as written: each case recovers with it.
const here = dirname(fileURLToPath(import.meta.url));
const blocksDir = join(here, '.readme-blocks-recover');
type Recover = (chat: any, adk: any) => Promise<string>;
let recover: Recover;
beforeAll(async () => {
  const readme = resolve(here, '../../js/README.md');
  const block = extractBlocks(readme, readFileSync(readme, 'utf8')).find((b: any) => b.heading === 'When the connection fails' && b.lang === 'ts');
  expect(block, 'js/README.md has a ts block under "When the connection fails"').toBeDefined();
  mkdirSync(blocksDir, { recursive: true });
  const file = join(blocksDir, 'recover.ts');
  writeFileSync(file, block.code);
  recover = (await import(/* @vite-ignore */ file)).recover;
});
afterAll(() => rmSync(blocksDir, { recursive: true, force: true }));

const cleanups: Array<() => unknown> = [];
afterEach(async () => {
  while (cleanups.length > 0) await cleanups.pop()!();
});

async function settled(t: AppChat, boundMs: number) {
  await waitUntil(() => t.chat.status === 'ready' || t.chat.status === 'error', () => `the chat settles within ${boundMs} ms (${describeChat(t)})`, boundMs);
}

async function pendingApproval(t: AppChat): Promise<string> {
  await waitUntil(() => t.chat.status === 'ready' && t.adk.pendingApprovals().length === 1, () => `one approval is pending (${describeChat(t)})`, 5_000);
  return t.adk.pendingApprovals()[0].approvalId;
}

/** The part of `toolCallId`'s kind in the last message: the payment's result. */
function paymentOutput(t: AppChat): any {
  const part = (lastMessage(t.chat)?.parts ?? []).find((p: any) => p.type === 'tool-process_payment');
  return part?.output;
}

/** What the README's code does after connection-lost: ask the user again, who approves. */
async function askAgainAndApprove(t: AppChat, demo: Demo) {
  expect(await recover(t.chat, t.adk)).toBe('asked-again');
  const again = await pendingApproval(t);
  await t.adk.approve(again);
  await settled(t, 5_000);
  expect(t.chat.status, describeChat(t)).toBe('ready');
  expect(paymentOutput(t)).toMatchObject({ success: true, amount: 50, recipient: 'Hanako' });
  expect(texts(lastMessage(t.chat)).join(' ')).toMatch(/Hanako/);
  await expectQuiet(t, () => demo.payments, 'payments');
  expect(demo.payments).toBe(1);
}

function bidiChat(demo: Demo) {
  const reported: any[] = [];
  const transport = new BidiTransport({ url: `ws://127.0.0.1:${demo.port}/live`, pingIntervalMs: 200, onError: (e: unknown) => reported.push(e) });
  cleanups.push(() => transport.close());
  return { t: createAppChat(transport, { mode: 'bidi', transport }), reported };
}

function expectConnectionLost(error: any, words: RegExp) {
  expect(error?.name, String(error)).toBe('AdkTransportError');
  expect(error.kind).toBe('connection-lost');
  expect(error.message).toMatch(words);
}

/**
 * A BIDI chat against a new demo backend asks to pay $50 and waits for the user's approval; then
 * `fail(demo)` (the backend killed, or the network cut) and onError hears connection-lost.
 */
async function approvalPendingThen(fail: (demo: Demo) => unknown) {
  const demo = await Demo.start(cleanups);
  const { t, reported } = bidiChat(demo);
  await t.chat.sendMessage({ text: 'Send $50 to Hanako' });
  const approvalId = await pendingApproval(t);
  await fail(demo);
  await waitUntil(() => reported.some((e) => e.kind === 'connection-lost'), 'onError hears connection-lost', 2_000);
  return { demo, t, reported, approvalId };
}

describe('issue 35, BIDI: the backend or the network fails while the user decides (demo backend)', () => {
  it('case a: backend killed while the user decides, back 300 ms later, then the user approves: connection-lost at once, the answer not sent; asked again, paid once', async () => {
    const { demo, t, reported, approvalId } = await approvalPendingThen((demo) => demo.kill());
    expectConnectionLost(reported.find((e) => e.kind === 'connection-lost'), new RegExp(`${approvalId}.*may not know it`, 's'));
    await new Promise((r) => setTimeout(r, 300));
    await demo.restart();

    const answered = Date.now();
    await t.adk.approve(approvalId);
    await settled(t, 2_000);
    expect(Date.now() - answered).toBeLessThan(2_000);
    expect(t.chat.status).toBe('error');
    expectConnectionLost(t.chat.error, /not sent/);
    expect(demo.bidiMessages, 'no message reached the restarted backend').toBe(0);
    expect(demo.payments).toBe(0);

    await askAgainAndApprove(t, demo);
  });

  it('case b: the user approves while the backend is down: connection-lost at once, nothing sent; once it is back, asked again, paid once', async () => {
    // The user decides a moment later, the backend still down.
    const { demo, t, approvalId } = await approvalPendingThen((demo) => demo.kill());

    await t.adk.approve(approvalId);
    await settled(t, 2_000);
    expect(t.chat.status).toBe('error');
    expectConnectionLost(t.chat.error, /not sent/);
    // Not an answer that waits to be sent: the backend that asked for it is gone.
    expect(t.adk.explain().rule).toBe('already-known');
    expect(await t.adk.resend()).toBe(false);

    await demo.restart();
    await askAgainAndApprove(t, demo);
  });

  it('case c: the socket cut right after the approval request: connection-lost at once; the answer not sent on a new connection; asked again, paid once', async () => {
    const { demo, t, approvalId } = await approvalPendingThen((demo) => demo.cut());
    const messagesBefore = demo.bidiMessages;
    await t.adk.approve(approvalId);
    await settled(t, 2_000);
    expect(t.chat.status).toBe('error');
    expectConnectionLost(t.chat.error, /not sent/);
    expect(demo.bidiMessages).toBe(messagesBefore);
    expect(demo.payments).toBe(0);

    await askAgainAndApprove(t, demo);
  });
});

describe('F-c: an answer whose request was refused before it reached the backend', () => {
  it('F-c over BIDI (the socket never opened): explain() says waits-to-be-sent, nothing sends it by itself, resend() sends it exactly once', async () => {
    const port = await freePort();
    const transport = new BidiTransport({ url: `ws://127.0.0.1:${port}/live`, pingIntervalMs: 0 });
    cleanups.push(() => transport.close());
    // A chat restored from storage (a reload) with an approval pending: no socket is open yet.
    const messages = [
      { id: 'u1', role: 'user', parts: [{ type: 'text', text: 'pay 1' }] },
      {
        id: 'a1',
        role: 'assistant',
        parts: [{ type: 'tool-process_payment', toolCallId: 'call-1', state: 'approval-requested', input: { amount: 1 }, approval: { id: 'approval-1' } }],
      },
    ];
    const t = createAppChat(transport, { mode: 'bidi', transport }, { messages });
    await t.adk.approve('approval-1');
    await settled(t, 3_000);
    expect(t.chat.error?.kind, describeChat(t)).toBe('connect-failed');
    expect(t.adk.explain()).toMatchObject({ send: false, rule: 'waits-to-be-sent' });
    expect(t.adk.explain().detail).toMatch(/resend\(\)/);

    // A backend that keeps the approval in a stored session, so a new connection knows it.
    const backend = await storedApprovalBackend(port);
    cleanups.push(() => backend.close());
    // Never automatically: AI SDK asks again after the user's next act; nothing is sent.
    await expectQuiet(t, () => backend.messageFrames.length, 'message frames');
    expect(backend.messageFrames).toHaveLength(0);

    expect(await recover(t.chat, t.adk)).toBe('resent');
    await settled(t, 3_000);
    expect(t.chat.status, describeChat(t)).toBe('ready');
    expect(texts(lastMessage(t.chat))).toEqual(['paid once']);
    expect(await t.adk.resend(), 'a second call finds nothing to send').toBe(false);
    await expectQuiet(t, () => backend.messageFrames.length, 'message frames');
    expect(backend.messageFrames).toHaveLength(1);
    expect(backend.messageFrames[0].messages.at(-1).parts[0]).toMatchObject({ state: 'approval-responded', approval: { id: 'approval-1', approved: true } });
    expect(t.adk.explain().rule).toBe('already-known');
  });

  it('F-c over SSE (AdkSseTransport, the demo backend stopped, a refused connection as connect-failed): waits-to-be-sent; once back, resend() pays exactly once', async () => {
    const demo = await Demo.start(cleanups);
    // AdkSseTransport reports the refused connection as connect-failed: nothing reached the backend.
    const transport = new AdkSseTransport({ api: `http://127.0.0.1:${demo.port}/stream` });
    const t = createAppChat(transport, { mode: 'sse' });
    await t.chat.sendMessage({ text: 'Send $50 to Hanako' });
    const approvalId = await pendingApproval(t);
    await demo.kill();

    await t.adk.approve(approvalId);
    await settled(t, 3_000);
    expect(t.chat.error?.kind, describeChat(t)).toBe('connect-failed');
    expect(t.adk.explain()).toMatchObject({ send: false, rule: 'waits-to-be-sent' });

    await demo.restart();
    await expectQuiet(t, () => demo.backend.stats.totals.sseRequests, 'SSE requests');
    expect(demo.backend.stats.totals.sseRequests).toBe(0);
    expect(await recover(t.chat, t.adk)).toBe('resent');
    await settled(t, 5_000);
    expect(t.chat.status, describeChat(t)).toBe('ready');
    expect(paymentOutput(t)).toMatchObject({ success: true, amount: 50 });
    expect(await t.adk.resend()).toBe(false);
    await expectQuiet(t, () => demo.payments, 'payments');
    expect(demo.payments).toBe(1);
    expect(demo.backend.stats.totals.sseRequests).toBe(1);
  });

  it('F-c, F-g: an ambiguous failure (the socket lost after the answer went out) says so (arrival-unknown), and nothing is resent', async () => {
    const backend = await WsBackend.start({
      message(_frame, turn) {
        if (turn.n === 0)
          turn.send([
            'data: {"type":"start","messageId":"m1"}\n\n',
            'data: {"type":"tool-input-available","toolCallId":"call-1","toolName":"process_payment","input":{"amount":1}}\n\n',
            'data: {"type":"tool-approval-request","toolCallId":"call-1","approvalId":"approval-1"}\n\n',
            'data: {"type":"finish-step"}\n\n',
          ]);
        else if (turn.n === 1) setTimeout(() => turn.socket.terminate(), 30);
        else turn.send(textReply(`reply ${turn.n}`));
      },
    });
    cleanups.push(() => backend.close());
    const transport = new BidiTransport({ url: backend.url, pingIntervalMs: 0 });
    cleanups.push(() => transport.close());
    const t = createAppChat(transport, { mode: 'bidi', transport });
    await t.chat.sendMessage({ text: 'pay 1' });
    await pendingApproval(t);
    await t.adk.approve('approval-1');
    await settled(t, 3_000);
    expect(t.chat.error).toMatchObject({ name: 'AdkTransportError', kind: 'request-failed' });
    expect(t.chat.error.message).toMatch(/unknown/);
    // SPEC §5 F-g: not already-known: whether the answer arrived is unknown.
    expect(t.adk.explain().rule).toBe('arrival-unknown');
    expect(await recover(t.chat, t.adk)).toBe('shown');
    expect(await t.adk.resend()).toBe(false);
    await expectQuiet(t, () => backend.messageFrames.length, 'message frames');
    expect(backend.messageFrames).toHaveLength(2);
  });
});
