// Issue 41 item 2 and issue 40 item 4 (SPEC §5 F-c, F-f): `adk.resend()` sends what never left the
// browser, after every failure that is definite: a user's message sent while the backend is down
// (over SSE and BIDI: `connect-failed`), and an answer whose socket never opened over BIDI, because
// its handshake hung (`connect-timeout`) or the browser refused to open it (`cannot-open`, as under a
// Content Security Policy). Each waits (`explain()`: `waits-to-be-sent`), nothing sends it by itself,
// and one explicit `resend()` sends it once. AI SDK's real Chat, real servers on loopback.
import { createServer as createTcpServer, type Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { BidiTransport } from 'adk-stream-wasm/transport';
import { AdkSseTransport } from 'adk-stream-wasm/chat';
// @ts-expect-error: the demo backend is plain JavaScript without declarations
import { startBackend } from '../../www/server/app.mjs';
import { createAppChat, describeChat, expectQuiet, lastMessage, texts, waitUntil, type AppChat } from './helpers/chat.js';
import { WsBackend, freePort, storedApprovalBackend } from './helpers/ws-backend.js';

const cleanups: Array<() => unknown> = [];
afterEach(async () => {
  while (cleanups.length > 0) await cleanups.pop()!();
});

async function settled(t: AppChat, boundMs = 5_000) {
  await waitUntil(() => t.chat.status === 'ready' || t.chat.status === 'error', () => `the chat settles (${describeChat(t)})`, boundMs);
}

/** A chat restored from storage (a reload) with an approval pending: no socket is open yet. */
const RESTORED = [
  { id: 'u1', role: 'user', parts: [{ type: 'text', text: 'pay 1' }] },
  { id: 'a1', role: 'assistant', parts: [{ type: 'tool-process_payment', toolCallId: 'call-1', state: 'approval-requested', input: { amount: 1 }, approval: { id: 'approval-1' } }] },
];

/** A BIDI backend on `port` that knows an approval on any connection (storedApprovalBackend). */
async function bidiBackend(port: number) {
  const backend = await storedApprovalBackend(port);
  cleanups.push(() => backend.close());
  return backend;
}

function bidiChat(port: number, options: Record<string, unknown> = {}, messages?: unknown[]) {
  const transport = new BidiTransport({ url: `ws://127.0.0.1:${port}/live`, pingIntervalMs: 0, ...options });
  cleanups.push(() => transport.close());
  return createAppChat(transport, { mode: 'bidi', transport }, messages ? { messages } : {});
}

/** After the definite failure: it waits, nothing sends it by itself, one resend() sends it once. */
async function resendsOnce(t: AppChat, backend: WsBackend, reply: string) {
  expect(t.adk.explain()).toMatchObject({ send: false, rule: 'waits-to-be-sent' });
  await expectQuiet(t, () => backend.messageFrames.length, 'message frames');
  expect(backend.messageFrames).toHaveLength(0);
  expect(await t.adk.resend()).toBe(true);
  await settled(t);
  expect(t.chat.status, describeChat(t)).toBe('ready');
  expect(texts(lastMessage(t.chat))).toEqual([reply]);
  expect(await t.adk.resend(), 'a second call finds nothing to send').toBe(false);
  await expectQuiet(t, () => backend.messageFrames.length, 'message frames');
  expect(backend.messageFrames).toHaveLength(1);
}

describe('issue 41 item 2 (SPEC §5 F-c): a user’s message sent while the backend is down', () => {
  it('F-c SSE: connect-failed; explain() says waits-to-be-sent; nothing by itself; resend() sends it once, the answer arrives', async () => {
    const backend = await startBackend({ port: 0, quiet: true, chunkDelayMs: 0, staticDir: null });
    const port = backend.port;
    await backend.close();
    const t = createAppChat(new AdkSseTransport({ api: `http://127.0.0.1:${port}/stream` }), { mode: 'sse' });
    await t.chat.sendMessage({ text: 'hello' });
    await settled(t);
    expect(t.chat.error?.kind, describeChat(t)).toBe('connect-failed');
    expect(t.adk.explain()).toMatchObject({ send: false, rule: 'waits-to-be-sent' });

    const back = await startBackend({ port, quiet: true, chunkDelayMs: 0, staticDir: null });
    cleanups.push(() => back.close());
    await expectQuiet(t, () => back.stats.totals.sseRequests, 'SSE requests');
    expect(back.stats.totals.sseRequests).toBe(0);
    expect(await t.adk.resend()).toBe(true);
    await settled(t);
    expect(t.chat.status, describeChat(t)).toBe('ready');
    expect(lastMessage(t.chat).role).toBe('assistant');
    expect(texts(lastMessage(t.chat)).join('')).not.toBe('');
    expect(await t.adk.resend(), 'once').toBe(false);
    expect(back.stats.totals.sseRequests).toBe(1);
  });

  it('F-c SSE: a message that failed, then one the user types once the backend is back: that request carried both, so nothing waits any more', async () => {
    const backend = await startBackend({ port: 0, quiet: true, chunkDelayMs: 0, staticDir: null });
    const port = backend.port;
    await backend.close();
    const t = createAppChat(new AdkSseTransport({ api: `http://127.0.0.1:${port}/stream` }), { mode: 'sse' });
    await t.chat.sendMessage({ text: 'hello' });
    await settled(t);
    expect(t.adk.explain().rule).toBe('waits-to-be-sent');
    const back = await startBackend({ port, quiet: true, chunkDelayMs: 0, staticDir: null });
    cleanups.push(() => back.close());
    await t.chat.sendMessage({ text: 'hello again' });
    await settled(t);
    expect(t.chat.status, describeChat(t)).toBe('ready');
    expect(await t.adk.resend()).toBe(false);
    expect(back.stats.totals.sseRequests).toBe(1);
  });

  it('F-c BIDI: connect-failed; resend() sends the message once the backend is back', async () => {
    const port = await freePort();
    const t = bidiChat(port);
    await t.chat.sendMessage({ text: 'hello' });
    await settled(t);
    expect(t.chat.error?.kind, describeChat(t)).toBe('connect-failed');
    const backend = await bidiBackend(port);
    await resendsOnce(t, backend, 'reply 0');
  });
});

describe('issue 40 item 4 (SPEC §5 F-f): every socket that never opened counts as never reached', () => {
  it('F-f connect-timeout (the handshake hangs): the answer waits to be sent; resend() sends it once', async () => {
    // Accepts the TCP connection and never answers the WebSocket handshake.
    const sockets = new Set<Socket>();
    const hanging = createTcpServer((socket) => void sockets.add(socket));
    await new Promise<void>((resolve) => hanging.listen(0, '127.0.0.1', resolve));
    const port = (hanging.address() as { port: number }).port;
    const t = bidiChat(port, { connectTimeoutMs: 300 }, RESTORED);
    await t.adk.approve('approval-1');
    await settled(t);
    expect(t.chat.error?.kind, describeChat(t)).toBe('connect-timeout');
    for (const socket of sockets) socket.destroy();
    await new Promise<void>((resolve) => hanging.close(() => resolve()));
    const backend = await bidiBackend(port);
    await resendsOnce(t, backend, 'paid once');
    expect(backend.messageFrames[0].messages.at(-1).parts[0]).toMatchObject({ state: 'approval-responded', approval: { id: 'approval-1', approved: true } });
  });

  it('F-f cannot-open (the browser refuses to open the socket, as under a CSP): the answer waits to be sent; resend() sends it once', async () => {
    const port = await freePort();
    const backend = await bidiBackend(port);
    const WebSocketBefore = globalThis.WebSocket;
    // What a Content Security Policy without the backend in connect-src does: the constructor throws.
    (globalThis as any).WebSocket = class {
      constructor() {
        throw new DOMException("Refused to connect because it violates the document's Content Security Policy.", 'SecurityError');
      }
    };
    cleanups.push(() => void ((globalThis as any).WebSocket = WebSocketBefore));
    const t = bidiChat(port, {}, RESTORED);
    await t.adk.approve('approval-1');
    await settled(t);
    expect(t.chat.error?.kind, describeChat(t)).toBe('cannot-open');
    (globalThis as any).WebSocket = WebSocketBefore;
    await resendsOnce(t, backend, 'paid once');
  });
});
