// Issue 41 item 1 (SPEC §5 F-g): a proxy's answer is a fault of the package's, in its words. AI SDK's
// real Chat with `createAdk` and AdkSseTransport behind a real proxy on loopback (a Node server that
// forwards to the demo backend as Vite's http-proxy does, and answers 502 when it cannot reach it:
// with an empty body, as Vite's dev proxy, or with a JSON body, as Nuxt's). Each failure is an
// AdkTransportError `http-error` that keeps `status`, never an empty message or the proxy's body;
// `explain()` says the answer's arrival is unknown; and a repeat is offered, explicitly, only where
// it pays at most once: after a 502 or 503 (the request is over) with an ADK backend.
import { createServer, request, type Server } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { AdkSseTransport } from 'adk-stream-wasm/chat';
import { Demo } from './helpers/demo.js';
import { createAppChat, describeChat, expectQuiet, waitUntil, type AppChat } from './helpers/chat.js';

const cleanups: Array<() => unknown> = [];
afterEach(async () => {
  while (cleanups.length > 0) await cleanups.pop()!();
});

const NUXT_502 = JSON.stringify({ error: true, url: '/api/stream', statusCode: 502, statusMessage: 'Bad Gateway', message: 'fetch failed', data: {} });

/**
 * A proxy in front of `demo`: forwards every request; when the backend cannot be reached it answers
 * 502 with `body` (empty: Vite's dev proxy; JSON: Nuxt's). `answer` makes it answer that status at
 * once, without forwarding (a gateway's 503 or 504).
 */
async function proxy(demo: Demo, { body = '', answer }: { body?: string; answer?: number } = {}) {
  const server: Server = createServer((req, res) => {
    if (answer !== undefined) {
      req.resume();
      res.writeHead(answer, { 'content-type': 'text/html' });
      res.end(`<html><body>${answer}</body></html>`);
      return;
    }
    const upstream = request({ host: '127.0.0.1', port: demo.port, method: req.method, path: req.url, headers: req.headers }, (up) => {
      res.writeHead(up.statusCode ?? 502, up.headers);
      up.pipe(res);
    });
    upstream.on('error', () => {
      if (res.headersSent) return void res.destroy();
      res.writeHead(502, body ? { 'content-type': 'application/json' } : {});
      res.end(body);
    });
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  cleanups.push(() => new Promise<void>((resolve) => server.close(() => resolve())));
  return `http://127.0.0.1:${(server.address() as { port: number }).port}/stream`;
}

async function pendingApproval(t: AppChat): Promise<string> {
  await waitUntil(() => t.chat.status === 'ready' && t.adk.pendingApprovals().length === 1, () => `one approval is pending (${describeChat(t)})`, 5_000);
  return t.adk.pendingApprovals()[0].approvalId;
}

async function settled(t: AppChat, boundMs = 5_000) {
  await waitUntil(() => t.chat.status === 'ready' || t.chat.status === 'error', () => `the chat settles (${describeChat(t)})`, boundMs);
}

/** A chat through `api` that asked to pay $50; the backend is then killed, and the user approves. */
async function approveWhileDown(demo: Demo, api: string, backend?: 'adk' | 'ai-sdk') {
  const t = createAppChat(new AdkSseTransport({ api, backend }), { mode: 'sse' });
  await t.chat.sendMessage({ text: 'Send $50 to Hanako' });
  const approvalId = await pendingApproval(t);
  await demo.kill();
  await t.adk.approve(approvalId);
  await settled(t);
  return t;
}

/** A chat restored from storage (a reload) with an approval pending, which the user approves. */
async function approveRestored(transport: AdkSseTransport) {
  const messages = [
    { id: 'u1', role: 'user', parts: [{ type: 'text', text: 'pay 1' }] },
    { id: 'a1', role: 'assistant', parts: [{ type: 'tool-process_payment', toolCallId: 'call-1', state: 'approval-requested', input: { amount: 1 }, approval: { id: 'approval-1' } }] },
  ];
  const t = createAppChat(transport, { mode: 'sse' }, { messages });
  await t.adk.approve('approval-1');
  await settled(t);
  return t;
}

function expectHttpError(error: any, status: number) {
  expect(error?.name, String(error)).toBe('AdkTransportError');
  expect(error).toMatchObject({ kind: 'http-error', status });
  expect(error.message).toContain(`HTTP ${status}`);
  expect(error.message).toMatch(/unknown/);
}

const paidText = (t: AppChat) => JSON.stringify(t.chat.messages.at(-1)?.parts ?? []);

describe('issue 41 item 1 (SPEC §5 F-g): a proxy’s answer is the package’s fault, in its words', () => {
  it('F-g 502, empty body (Vite’s dev proxy), backend down when the user approves: http-error 502, arrival-unknown; resend() sends nothing; resend({mayHaveArrived: true}) once the backend is back pays once', async () => {
    const demo = await Demo.start(cleanups);
    const t = await approveWhileDown(demo, await proxy(demo));
    expect(t.chat.status).toBe('error');
    expectHttpError(t.chat.error, 502);
    expect(t.chat.error.repeatable).toBe(true);
    expect(t.adk.explain()).toMatchObject({ send: false, rule: 'arrival-unknown' });
    expect(t.adk.explain().detail).toMatch(/mayHaveArrived/);

    await demo.restart();
    // Nothing by itself, and not without the explicit option.
    expect(await t.adk.resend()).toBe(false);
    await expectQuiet(t, () => demo.requests, 'SSE requests');
    expect(demo.requests).toBe(0);
    expect(await t.adk.resend({ mayHaveArrived: true })).toBe(true);
    await settled(t);
    expect(t.chat.status, describeChat(t)).toBe('ready');
    expect(paidText(t)).toMatch(/"success":true/);
    expect(await t.adk.resend({ mayHaveArrived: true }), 'once').toBe(false);
    await expectQuiet(t, () => demo.payments, 'payments');
    expect(demo.payments).toBe(1);
    expect(demo.requests).toBe(1);
  });

  it('F-g 502, a Nuxt-style JSON body: the message is the package’s, the body only in cause', async () => {
    const demo = await Demo.start(cleanups);
    const t = await approveWhileDown(demo, await proxy(demo, { body: NUXT_502 }));
    expectHttpError(t.chat.error, 502);
    expect(t.chat.error.message).not.toContain('statusCode');
    expect(t.chat.error.message).not.toContain('"error":true');
    expect(t.chat.error.cause?.message).toBe(NUXT_502);
    expect(t.adk.explain().rule).toBe('arrival-unknown');
  });

  it('F-g 503 from a gateway: the request is over, the repeat is offered as after a 502', async () => {
    const demo = await Demo.start(cleanups);
    const t = createAppChat(new AdkSseTransport({ api: await proxy(demo, { answer: 503 }) }), { mode: 'sse' });
    await t.chat.sendMessage({ text: 'hello' });
    await settled(t);
    expectHttpError(t.chat.error, 503);
    expect(t.chat.error.repeatable).toBe(true);
    expect(t.adk.explain().rule).toBe('arrival-unknown');
  });

  it('F-g 504: the backend may still be working on it: arrival-unknown, and no repeat, not even with mayHaveArrived', async () => {
    const demo = await Demo.start(cleanups);
    const t = await approveRestored(new AdkSseTransport({ api: await proxy(demo, { answer: 504 }) }));
    expectHttpError(t.chat.error, 504);
    expect(t.chat.error.repeatable).toBe(false);
    expect(t.adk.explain().rule).toBe('arrival-unknown');
    expect(await t.adk.resend({ mayHaveArrived: true })).toBe(false);
    expect(await t.adk.resend()).toBe(false);
  });

  it('F-g backend ai-sdk: after a 502 no repeat is offered (a stateless backend replays the history)', async () => {
    const demo = await Demo.start(cleanups);
    const t = await approveWhileDown(demo, await proxy(demo), 'ai-sdk');
    expectHttpError(t.chat.error, 502);
    expect(t.chat.error.repeatable).toBe(false);
    expect(t.adk.explain().rule).toBe('arrival-unknown');
    await demo.restart();
    expect(await t.adk.resend({ mayHaveArrived: true })).toBe(false);
    await expectQuiet(t, () => demo.requests, 'SSE requests');
    expect(demo.requests).toBe(0);
  });

  it('F-g a browser’s Failed to fetch (request-failed): arrival-unknown, and no repeat', async () => {
    let fetches = 0;
    const failing = async () => {
      fetches++;
      throw new TypeError('Failed to fetch');
    };
    const t = await approveRestored(new AdkSseTransport({ api: 'http://127.0.0.1:9/stream', fetch: failing }));
    expect(t.chat.error).toMatchObject({ name: 'AdkTransportError', kind: 'request-failed' });
    expect(t.adk.explain().rule).toBe('arrival-unknown');
    expect(await t.adk.resend({ mayHaveArrived: true })).toBe(false);
    expect(await t.adk.resend()).toBe(false);
    expect(fetches).toBe(1);
  });

  it('resend() with options that are not {mayHaveArrived?: boolean} is an AdkInvalidArgumentError', async () => {
    const t = createAppChat(new AdkSseTransport({ api: 'http://127.0.0.1:9/stream' }), { mode: 'sse' });
    await expect(t.adk.resend({ mayHaveArrived: 'yes' } as any)).rejects.toMatchObject({ name: 'AdkInvalidArgumentError', message: expect.stringContaining('resend') });
    await expect(t.adk.resend({ mayHaveArrived: 1 } as any)).rejects.toMatchObject({ name: 'AdkInvalidArgumentError', message: expect.stringContaining('mayHaveArrived') });
  });
});
