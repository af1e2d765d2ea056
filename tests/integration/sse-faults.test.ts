// SPEC §5 F-d and F-e over SSE, one case per fault: AdkSseTransport under AI SDK's real Chat against
// a real HTTP server on loopback. A backend that goes silent in the middle of the final text ends the
// stream with an `idle-timeout` error (AI SDK's own transport stays `streaming`); a refused
// connection is an AdkTransportError `connect-failed` with the original error in `cause`. Each bound
// measures the backend (F-e, issue 40 item 3): an app slow to take the chunks never trips the idle
// bound, and a backend that never sends its headers ends with `no-response`.
import { afterEach, describe, expect, it } from 'vitest';
import { createServer, type Server, type ServerResponse } from 'node:http';
import { Chat } from '@ai-sdk/react';
import { AdkSseTransport } from 'adk-stream-wasm/chat';
import { waitUntil } from './helpers/chat.js';
import { DONE, data } from './helpers/fixtures.js';

const cleanups: Array<() => unknown> = [];
afterEach(async () => {
  while (cleanups.length > 0) await cleanups.pop()!();
});

const START = [data({ type: 'start', messageId: 'm-1' }), data({ type: 'text-start', id: 't' }), data({ type: 'text-delta', id: 't', delta: 'Paid ' })];
const END = [data({ type: 'text-delta', id: 't', delta: '50 dollars.' }), data({ type: 'text-end', id: 't' }), data({ type: 'finish' }), DONE];

/**
 * A loopback SSE server whose response writes `START`, then `END` after `gapMs` (or never, for a
 * stall); `closed` counts the responses whose connection the client closed.
 */
async function backend(gapMs: number | 'stall' | 'no-headers', start: string[] = START) {
  const state = { closed: 0, open: new Set<ServerResponse>() };
  const server: Server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      state.open.add(res);
      res.on('close', () => {
        if (!res.writableEnded) state.closed++;
        state.open.delete(res);
      });
      if (gapMs === 'no-headers') return; // accepts the request, never answers
      res.writeHead(200, { 'content-type': 'text/event-stream', 'x-vercel-ai-ui-message-stream': 'v1' });
      for (const f of start) res.write(f);
      if (gapMs === 'stall') return;
      setTimeout(() => {
        for (const f of END) res.write(f);
        res.end();
      }, gapMs);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as { port: number }).port}/stream`;
  const close = () => {
    for (const res of state.open) res.destroy();
    return new Promise<void>((resolve) => server.close(() => resolve()));
  };
  cleanups.push(close);
  return { url, state, close };
}

function chatWith(transport: AdkSseTransport, init: Record<string, unknown> = {}) {
  return new Chat({ transport, ...init }) as any;
}

const text = (chat: any) =>
  chat.messages
    .filter((m: any) => m.role === 'assistant')
    .flatMap((m: any) => m.parts.filter((p: any) => p.type === 'text').map((p: any) => p.text))
    .join('');

describe('SPEC §5 F-d: SSE faults end the stream in the package’s words', () => {
  it('F-d idle: a backend silent mid-text ends the stream with an idle-timeout error and closes the connection', async () => {
    const server = await backend('stall');
    const chat = chatWith(new AdkSseTransport({ api: server.url, idleTimeoutMs: 300 }));
    await chat.sendMessage({ text: 'pay' }); // resolves when the stream ends
    expect(chat.status).toBe('error');
    expect(chat.error).toMatchObject({ name: 'AdkTransportError', kind: 'idle-timeout' });
    expect(chat.error.message).toContain('300 ms');
    // What came before the silence stays shown.
    expect(text(chat)).toBe('Paid ');
    await waitUntil(() => server.state.closed === 1, 'the stalled response was closed by the client');
  });

  it('F-d idle: a response whose chunks come within the bound completes', async () => {
    const server = await backend(100);
    const chat = chatWith(new AdkSseTransport({ api: server.url, idleTimeoutMs: 2000 }));
    await chat.sendMessage({ text: 'pay' });
    await waitUntil(() => chat.status === 'ready', () => `the chat is ${chat.status}`);
    expect(chat.error).toBeUndefined();
    expect(text(chat)).toBe('Paid 50 dollars.');
  });

  it('F-d idle: idleTimeoutMs 0 turns the bound off', async () => {
    const server = await backend('stall');
    const chat = chatWith(new AdkSseTransport({ api: server.url, idleTimeoutMs: 0 }));
    const sent = chat.sendMessage({ text: 'pay' }); // resolves when the stream ends
    await waitUntil(() => text(chat) === 'Paid ', 'the first delta is shown');
    // Nothing ends the stream but the app: stop() closes it without an error.
    await chat.stop();
    await sent;
    expect(chat.status).toBe('ready');
    expect(chat.error).toBeUndefined();
  });

  it('F-d connect: a refused connection is an AdkTransportError connect-failed, its cause kept', async () => {
    const server = await backend(0);
    await server.close(); // nothing listens on its port now
    const chat = chatWith(new AdkSseTransport({ api: server.url }));
    await chat.sendMessage({ text: 'pay' });
    await waitUntil(() => chat.status === 'error', () => `the chat is ${chat.status}`);
    expect(chat.error).toMatchObject({ name: 'AdkTransportError', kind: 'connect-failed' });
    expect(chat.error.message).toContain(server.url);
    expect(chat.error.message).toContain('nothing was sent');
    expect(chat.error.message).toContain('ECONNREFUSED');
    expect(chat.error.cause).toBeInstanceOf(TypeError);
  });

  it('F-d connect: a fetch that fails without saying why is request-failed, which says the request may have arrived', async () => {
    const failing = async () => {
      throw new TypeError('Failed to fetch'); // what a browser says, for a refusal and a reset alike
    };
    const chat = chatWith(new AdkSseTransport({ api: 'http://127.0.0.1:9/stream', fetch: failing }));
    await chat.sendMessage({ text: 'pay' });
    await waitUntil(() => chat.status === 'error', () => `the chat is ${chat.status}`);
    expect(chat.error).toMatchObject({ name: 'AdkTransportError', kind: 'request-failed' });
    expect(chat.error.message).toContain('may have reached the backend');
  });

  it('F-d options: idleTimeoutMs that is not a number of milliseconds is an AdkInvalidArgumentError', () => {
    expect(() => new AdkSseTransport({ api: '/stream', idleTimeoutMs: -1 })).toThrow(
      expect.objectContaining({ name: 'AdkInvalidArgumentError', message: expect.stringContaining('idleTimeoutMs') }),
    );
  });
});

describe('SPEC §5 F-e (issue 40 item 3): every SSE bound measures the backend, never the app', () => {
  // A server tool's call in the middle of the answer: AI SDK awaits the app's onToolCall for it
  // and reads no chunk meanwhile.
  const WITH_TOOL_CALL = [
    ...START,
    data({ type: 'tool-input-available', toolCallId: 'call-1', toolName: 'lookup', input: { q: 'rate' } }),
  ];

  it('F-e idle: an onToolCall that takes 800 ms, idleTimeoutMs 300, a backend that sends the whole answer at once: the answer completes', async () => {
    const server = await backend(0, WITH_TOOL_CALL);
    let calls = 0;
    const onToolCall = async () => {
      calls++;
      await new Promise((r) => setTimeout(r, 800));
    };
    const chat = chatWith(new AdkSseTransport({ api: server.url, idleTimeoutMs: 300 }), { onToolCall });
    await chat.sendMessage({ text: 'pay' });
    await waitUntil(() => chat.status !== 'submitted' && chat.status !== 'streaming', () => `the chat is ${chat.status}`);
    expect(calls).toBe(1);
    expect(chat.error).toBeUndefined();
    expect(chat.status).toBe('ready');
    expect(text(chat)).toBe('Paid 50 dollars.');
  });

  it('F-e idle: the same slow app against a backend that sends a little more, then stalls: idle-timeout, after every chunk that arrived before the silence', async () => {
    const server = await backend('stall', [...WITH_TOOL_CALL, data({ type: 'text-delta', id: 't', delta: 'more ' })]);
    const onToolCall = () => new Promise((r) => setTimeout(r, 800));
    const chat = chatWith(new AdkSseTransport({ api: server.url, idleTimeoutMs: 300 }), { onToolCall });
    await chat.sendMessage({ text: 'pay' });
    await waitUntil(() => chat.status === 'error', () => `the chat is ${chat.status}`);
    expect(chat.error).toMatchObject({ name: 'AdkTransportError', kind: 'idle-timeout' });
    // The delta that arrived while the app was busy is not lost.
    expect(text(chat)).toBe('Paid more ');
    await waitUntil(() => server.state.closed === 1, 'the stalled response was closed by the client');
  });

  it('F-e headers: a backend that accepts the request and never sends its headers ends with no-response within responseTimeoutMs, the request closed', async () => {
    const server = await backend('no-headers');
    const chat = chatWith(new AdkSseTransport({ api: server.url, responseTimeoutMs: 300 }));
    const started = Date.now();
    const sent = chat.sendMessage({ text: 'pay' });
    await waitUntil(() => chat.status === 'error', () => `the chat is ${chat.status}`, 5_000);
    await sent;
    expect(Date.now() - started, 'bounded, not forever').toBeLessThan(5_000);
    expect(chat.error).toMatchObject({ name: 'AdkTransportError', kind: 'no-response' });
    expect(chat.error.message).toContain('300 ms');
    expect(chat.error.message).toContain('responseTimeoutMs');
    await waitUntil(() => server.state.closed === 1, 'the unanswered request was closed by the client');
  });

  it('F-e headers: responseTimeoutMs 0 turns the bound off; stop() still ends the wait', async () => {
    const server = await backend('no-headers');
    const chat = chatWith(new AdkSseTransport({ api: server.url, responseTimeoutMs: 0 }));
    const sent = chat.sendMessage({ text: 'pay' });
    await new Promise((r) => setTimeout(r, 400));
    expect(chat.status).toBe('submitted');
    await chat.stop();
    await sent;
    expect(chat.status).toBe('ready');
    expect(chat.error).toBeUndefined();
  });

  it('F-e options: responseTimeoutMs that is not a number of milliseconds is an AdkInvalidArgumentError', () => {
    expect(() => new AdkSseTransport({ api: '/stream', responseTimeoutMs: 'soon' as any })).toThrow(
      expect.objectContaining({ name: 'AdkInvalidArgumentError', message: expect.stringContaining('responseTimeoutMs') }),
    );
  });
});
