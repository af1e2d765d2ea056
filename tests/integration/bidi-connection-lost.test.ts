// SPEC §5 F-a and F-b (issue 35): the BIDI transport never leaves the chat in a silent wait. A socket
// lost while an approval is pending is news at once (F-a), and a `message` frame that gets no chunk
// back within `responseTimeoutMs` ends its stream (F-b), pongs or not. AI SDK's real Chat, the
// real BidiTransport, a real WebSocket backend on loopback.
import { afterEach, describe, expect, it } from 'vitest';
import { BidiTransport } from 'adk-stream-wasm/transport';
import { createAppChat, describeChat, expectQuiet, lastMessage, sleep, texts, waitUntil, type AppChat } from './helpers/chat.js';
import { data } from './helpers/fixtures.js';
import { WsBackend, textReply, type Script, type Turn } from './helpers/ws-backend.js';

const cleanups: Array<() => unknown> = [];
afterEach(async () => {
  while (cleanups.length > 0) await cleanups.pop()!();
});

interface Setup {
  backend: WsBackend;
  t: AppChat;
  /** What the transport reported through `onError`. */
  reported: any[];
}

/** An approval request and the finish-step that ends its response (SPEC §5): the backend now waits. */
function askApproval(turn: Turn) {
  turn.send([
    data({ type: 'start', messageId: 'turn-1' }),
    data({ type: 'tool-input-available', toolCallId: 'call-1', toolName: 'process_payment', input: { amount: 1 } }),
    data({ type: 'tool-approval-request', toolCallId: 'call-1', approvalId: 'approval-1' }),
    data({ type: 'finish-step' }),
  ]);
}

async function setup(script: Script, transportOptions: Record<string, unknown> = {}): Promise<Setup> {
  const backend = await WsBackend.start(script);
  cleanups.push(() => backend.close());
  const reported: any[] = [];
  const transport = new BidiTransport({ url: backend.url, pingIntervalMs: 0, onError: (e: unknown) => reported.push(e), ...transportOptions });
  cleanups.push(() => transport.close());
  const t = createAppChat(transport, { mode: 'bidi', transport });
  return { backend, t, reported };
}

function expectKind(error: any, kind: string, words: RegExp) {
  expect(error, 'an error').toBeDefined();
  expect(error.name).toBe('AdkTransportError');
  expect(error.kind).toBe(kind);
  expect(error.message).toMatch(words);
}

async function settled(t: AppChat, boundMs: number) {
  await waitUntil(() => t.chat.status === 'ready' || t.chat.status === 'error', () => `the chat settles within ${boundMs} ms (${describeChat(t)})`, boundMs);
}

/** A new user message on the same chat gets the backend's normal reply. */
async function expectNewMessageWorks(s: Setup) {
  const before = s.backend.messageFrames.length;
  await s.t.chat.sendMessage({ text: 'and now?' });
  await settled(s.t, 3_000);
  expect(s.t.chat.status, describeChat(s.t)).toBe('ready');
  expect(texts(lastMessage(s.t.chat))).toEqual([`reply ${before}`]);
}

describe('F-a: a socket lost while an approval is pending', () => {
  it('F-a: with no stream open, onError hears connection-lost at once; the answer is not sent on a new connection, its request fails at once saying so; a new message works', async () => {
    const s = await setup({
      message(_frame, turn) {
        if (turn.n === 0) {
          askApproval(turn);
          // The network is cut: no close frame, the TCP connection is gone.
          setTimeout(() => turn.socket.terminate(), 100);
        } else turn.send(textReply(`reply ${turn.n}`));
      },
    });
    await s.t.chat.sendMessage({ text: 'pay 1' });
    await settled(s.t, 3_000);
    expect(s.t.chat.status).toBe('ready');
    await waitUntil(() => s.reported.length > 0, 'the transport reports the lost socket', 2_000);
    expectKind(s.reported[0], 'connection-lost', /approval-1.*may not know it.*not sent/s);

    await s.t.adk.approve('approval-1');
    await settled(s.t, 2_000);
    expect(s.t.chat.status, describeChat(s.t)).toBe('error');
    expectKind(s.t.chat.error, 'connection-lost', /not sent/);
    // Nothing went out on a new connection: the backend there would not know the approval.
    expect(s.backend.messageFrames).toHaveLength(1);
    await expectQuiet(s.t, () => s.backend.messageFrames.length, 'message frames');

    await expectNewMessageWorks(s);
  });

  it('F-a: while the answer waits for its response, the stream ends at once with request-failed, saying whether the answer arrived is unknown', async () => {
    const s = await setup({
      message(_frame, turn) {
        if (turn.n === 0) askApproval(turn);
        else if (turn.n === 1) setTimeout(() => turn.socket.close(1011, 'backend killed'), 50);
        else turn.send(textReply(`reply ${turn.n}`));
      },
    });
    await s.t.chat.sendMessage({ text: 'pay 1' });
    await settled(s.t, 3_000);
    const started = Date.now();
    await s.t.adk.approve('approval-1');
    await waitUntil(() => s.t.chat.status === 'error', () => `the chat fails (${describeChat(s.t)})`, 2_000);
    expect(Date.now() - started).toBeLessThan(1_500);
    expectKind(s.t.chat.error, 'request-failed', /after the answer was sent.*unknown/s);
    expect(s.backend.messageFrames).toHaveLength(2);
    await expectNewMessageWorks(s);
  });
});

describe('F-b: a message frame the backend never answers', () => {
  it('F-b: no chunk within responseTimeoutMs (pongs keep coming) ends the stream with no-response naming the request; the next send works', async () => {
    const s = await setup(
      {
        message(_frame, turn) {
          if (turn.n > 0) turn.send(textReply(`reply ${turn.n}`));
        },
      },
      { responseTimeoutMs: 400, pingIntervalMs: 50 },
    );
    const started = Date.now();
    await s.t.chat.sendMessage({ text: 'hello' });
    await settled(s.t, 3_000);
    expect(Date.now() - started).toBeGreaterThanOrEqual(350);
    expect(s.t.chat.status, describeChat(s.t)).toBe('error');
    expectKind(s.t.chat.error, 'no-response', /400 ms \(responseTimeoutMs\)/);
    expect(s.t.chat.error.message, 'names the unanswered request').toContain(`after the message frame of chat ${s.t.chat.id} (submit-message)`);
    expect(s.backend.ofType('ping').length, 'pings went out and were answered').toBeGreaterThan(2);
    await expectNewMessageWorks(s);
  });

  it('F-b: a response that starts in time is not cut by the bound; no timer fires after its stream ended', async () => {
    const s = await setup(
      {
        message(_frame, turn) {
          turn.send(textReply(`reply ${turn.n}`));
        },
      },
      { responseTimeoutMs: 200 },
    );
    await s.t.chat.sendMessage({ text: 'hello' });
    await settled(s.t, 3_000);
    await sleep(400);
    expect(s.t.chat.status, describeChat(s.t)).toBe('ready');
    expect(s.reported).toEqual([]);
    expect(texts(lastMessage(s.t.chat))).toEqual(['reply 0']);
  });

  it('F-b: an answer the backend drops (its connection never asked for the approval, as the real ADK backend) ends with no-response, not a silent submitted', async () => {
    const backend = await WsBackend.start({ message: (_frame, turn) => turn.send(textReply(`reply ${turn.n}`)) });
    cleanups.push(() => backend.close());
    const transport = new BidiTransport({ url: backend.url, pingIntervalMs: 0, responseTimeoutMs: 300 });
    cleanups.push(() => transport.close());
    const messages = [
      { id: 'u1', role: 'user', parts: [{ type: 'text', text: 'pay 1' }] },
      { id: 'a1', role: 'assistant', parts: [{ type: 'tool-process_payment', toolCallId: 'call-1', state: 'approval-requested', input: { amount: 1 }, approval: { id: 'approval-1' } }] },
    ];
    const t = createAppChat(transport, { mode: 'bidi', transport }, { messages });
    await t.adk.approve('approval-1');
    await settled(t, 3_000);
    expect(backend.droppedAnswers).toEqual(['approval-1']);
    expectKind(t.chat.error, 'no-response', /300 ms \(responseTimeoutMs\)/);
  });

  it('F-b: responseTimeoutMs is checked: a negative bound is a named error', () => {
    expect(() => new BidiTransport({ url: 'ws://127.0.0.1:9/live', responseTimeoutMs: -1 })).toThrow(/responseTimeoutMs/);
  });
});
