// SPEC §5 W11, W12, F-e, F-f with AI SDK's real Chat over the BIDI transport and a hand-driven socket
// that answers as the real ADK backend does: `start` once per socket, later turns reusing the first
// turn's text part ids, a `message` sent mid-turn queued and answered after the turn's `[DONE]`,
// `interrupt` ignored (or, in its variant, the interrupted turn ended without `[DONE]`). Issue 40's
// items 1–3, each made to happen exactly.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AdkTransportError } from 'adk-stream-wasm';
import { createAdk } from 'adk-stream-wasm/chat';
import { BidiTransport } from 'adk-stream-wasm/transport';
import { Chat } from './helpers/ai.js';
import { FakeSocket } from './helpers/fake-socket.js';
import { sleep, waitUntil } from './helpers/chat.js';

const URL = 'ws://127.0.0.1:1/live';
let restore: () => void;
beforeEach(() => {
  restore = FakeSocket.install();
});
afterEach(() => restore());

/** The chunks of one spoken or typed answer, as ADK streams it after the socket's first turn. */
const answer = (text: string, id = 't') => [
  { type: 'text-start', id },
  { type: 'text-delta', id, delta: text },
  { type: 'text-end', id },
  { type: 'finish' },
];
const send = (socket: FakeSocket, chunks: object[]) => chunks.forEach((chunk) => socket.chunk(chunk));
const messageFrames = (socket: FakeSocket) => socket.sent.filter((frame) => frame.type === 'message');
/** Each message as `role: text` (tool parts by their state), to read the chat at a glance. */
const shown = (chat: any) =>
  chat.messages.map((m: any) => `${m.role}: ${m.parts.map((p: any) => (p.type === 'text' ? p.text : p.type.startsWith('tool-') ? p.state : '')).join('')}`);

function bidiChat(options: Record<string, unknown> = {}) {
  const transport = new BidiTransport({ url: URL, pingIntervalMs: 0, ...options });
  const chat = new Chat({ id: 'c', transport });
  return { transport, chat };
}

/** The chat's first question, answered up to mid-stream: the socket and the pending send. */
async function streaming(chat: any, text = 'first question') {
  const sending = chat.sendMessage({ text });
  await waitUntil(() => FakeSocket.all.length === 1, 'the socket was created');
  const socket = FakeSocket.all[0];
  socket.open();
  await waitUntil(() => messageFrames(socket).length === 1, 'the first message frame went out');
  send(socket, [{ type: 'start', messageId: 'backend-1' }, { type: 'text-start', id: 't' }, { type: 'text-delta', id: 't', delta: 'The first ' }]);
  await waitUntil(() => chat.status === 'streaming', 'the first answer streams');
  return { socket, sending };
}

describe('W11 (issue 40 item 1): a message sent while the answer still streams', () => {
  it('the streaming answer keeps its chunks up to its [DONE]; the new answer is a message of its own after it; no chat error', async () => {
    const { chat } = bidiChat();
    const { socket, sending } = await streaming(chat);
    const second = chat.sendMessage({ text: 'second question' });
    await sleep(20);
    // Held: the backend would queue it; nothing of it goes before the first turn ends.
    expect(messageFrames(socket)).toHaveLength(1);
    send(socket, [{ type: 'text-delta', id: 't', delta: 'answer.' }, { type: 'text-end', id: 't' }, { type: 'finish' }]);
    socket.chunk('[DONE]');
    await secondAnswered(chat, socket, Promise.all([sending, second]).then(() => {}), 'The first answer.');
  });

  it('during a voice answer the agent started (createAdk, no request open): the voice answer stays whole, the typed question is answered after it', async () => {
    let adk: any;
    const transport = new BidiTransport({ url: URL, pingIntervalMs: 0, onBufferedChunks: () => adk.resumeBuffered() });
    adk = createAdk({ mode: 'bidi', transport });
    const chat = new Chat({ id: 'voice', transport, sendAutomaticallyWhen: adk.sendAutomaticallyWhen });
    adk.attach(chat);
    const connecting = transport.connect();
    const socket = FakeSocket.all[0];
    socket.open();
    await connecting;
    // The spoken turn: the user's words, then the answer, streaming.
    send(socket, [{ type: 'start', messageId: 'voice-1' }, ...answer('what time is it', 'x_input_text').slice(0, 3)]);
    send(socket, [{ type: 'text-start', id: 'x_output_text' }, { type: 'text-delta', id: 'x_output_text', delta: 'It is ' }]);
    await waitUntil(() => shown(chat).includes('assistant: It is '), 'the voice answer is shown');
    const typed = chat.sendMessage({ text: 'and the weather?' });
    await sleep(20);
    expect(messageFrames(socket)).toHaveLength(0);
    send(socket, [{ type: 'text-delta', id: 'x_output_text', delta: 'noon.' }, { type: 'text-end', id: 'x_output_text' }, { type: 'finish' }]);
    socket.chunk('[DONE]');
    await waitUntil(() => messageFrames(socket).length === 1, 'the typed message went out after the voice turn');
    send(socket, answer('Sunny.', 'x_output_text'));
    socket.chunk('[DONE]');
    await typed;
    await waitUntil(() => chat.status === 'ready' && shown(chat).at(-1) === 'assistant: Sunny.', 'the typed answer is shown');
    expect(chat.error).toBeUndefined();
    expect(shown(chat)).toEqual(['user: what time is it', 'assistant: It is noon.', 'user: and the weather?', 'assistant: Sunny.']);
  });
});

/** The second question's frame went out: the backend answers it; the chat ends with both turns apart. */
async function secondAnswered(chat: any, socket: FakeSocket, second: Promise<void>, first = 'The first ') {
  await waitUntil(() => messageFrames(socket).length === 2, 'the second message frame went out');
  send(socket, answer('The second answer.'));
  socket.chunk('[DONE]');
  await second;
  await waitUntil(() => chat.status === 'ready', 'the chat is ready');
  expect(chat.error).toBeUndefined();
  expect(shown(chat)).toEqual(['user: first question', `assistant: ${first}`, 'user: second question', 'assistant: The second answer.']);
}

/** The first answer streams, the user presses Stop: the socket, once the stop has settled. */
async function stopped(chat: any) {
  const { socket, sending } = await streaming(chat);
  await chat.stop();
  await sending;
  return socket;
}

describe('W11: a user who sends twice', () => {
  it('while the socket still opens: both questions are answered, in order, each in a message of its own; no chat error', async () => {
    const { chat } = bidiChat();
    const first = chat.sendMessage({ text: 'first question' });
    await waitUntil(() => FakeSocket.all.length === 1, 'the socket was created');
    const second = chat.sendMessage({ text: 'second question' });
    await sleep(20);
    const socket = FakeSocket.all[0];
    socket.open();
    await waitUntil(() => messageFrames(socket).length === 1, 'the first message frame went out');
    send(socket, [{ type: 'start', messageId: 'backend-1' }, ...answer('The first answer.')]);
    socket.chunk('[DONE]');
    await waitUntil(() => messageFrames(socket).length === 2, 'the second message frame went out after the first turn');
    send(socket, answer('The second answer.'));
    socket.chunk('[DONE]');
    await Promise.all([first, second]);
    await waitUntil(() => chat.status === 'ready', 'the chat is ready');
    expect(chat.error).toBeUndefined();
    // Both questions came before any answer: the answers follow, in order.
    expect(shown(chat)).toEqual(['user: first question', 'user: second question', 'assistant: The first answer.', 'assistant: The second answer.']);
  });
});

describe('W12 (issue 40 item 2): Stop, then a new question', () => {
  it('a backend that ends the stopped turn without [DONE] and answers without start: the answer is whole, the chat not left submitted', async () => {
    const { chat } = bidiChat({ abortTailTimeoutMs: 50, responseTimeoutMs: 2000 });
    const socket = await stopped(chat);
    expect(socket.sent.some((frame) => frame.type === 'interrupt')).toBe(true);
    // The backend says nothing more of the stopped turn: after the tail's silence bound the question goes.
    await secondAnswered(chat, socket, chat.sendMessage({ text: 'second question' }));
  });

  it('an ADK backend, which ignores interrupt: the stopped turn streams on to its [DONE] and is dropped; the next answer is whole', async () => {
    const { chat } = bidiChat({ abortTailTimeoutMs: 5000 });
    const socket = await stopped(chat);
    const second = chat.sendMessage({ text: 'second question' });
    await sleep(20);
    send(socket, [{ type: 'text-delta', id: 't', delta: 'answer, dropped.' }, { type: 'text-end', id: 't' }, { type: 'finish' }]);
    expect(messageFrames(socket)).toHaveLength(1);
    socket.chunk('[DONE]');
    await secondAnswered(chat, socket, second);
  });

  it('F-e: a question asked after Stop that the backend never answers ends in no-response, its bound not disarmed by the tail', async () => {
    const { chat } = bidiChat({ abortTailTimeoutMs: 30, responseTimeoutMs: 150 });
    const socket = await stopped(chat);
    const second = chat.sendMessage({ text: 'second question' });
    await waitUntil(() => messageFrames(socket).length === 2, 'the second message frame went out');
    await second;
    await waitUntil(() => chat.status === 'error', 'the chat shows the error', 3000);
    expect(chat.error).toBeInstanceOf(AdkTransportError);
    expect(chat.error.kind).toBe('no-response');
  });
});

describe('F-f (issue 40 item 3): an answer given after the close frame, before the close event', () => {
  it('is refused with connection-lost at once, and no frame goes on a new socket', async () => {
    const transport = new BidiTransport({ url: URL, pingIntervalMs: 0 });
    const adk = createAdk({ mode: 'bidi', transport });
    const chat = new Chat({ id: 'pay', transport, sendAutomaticallyWhen: adk.sendAutomaticallyWhen });
    adk.attach(chat);
    const sending = chat.sendMessage({ text: 'pay Alice 5 dollars' });
    await waitUntil(() => FakeSocket.all.length === 1, 'the socket was created');
    const socket = FakeSocket.all[0];
    socket.open();
    await waitUntil(() => messageFrames(socket).length === 1, 'the message went out');
    send(socket, [
      { type: 'start', messageId: 'm1' },
      { type: 'tool-input-available', toolCallId: 'c1', toolName: 'process_payment', input: { to: 'Alice', amount: 5 } },
      { type: 'tool-approval-request', toolCallId: 'c1', approvalId: 'a1' },
      { type: 'finish-step' },
    ]);
    await sending;
    await waitUntil(() => adk.pendingApprovals().length === 1, 'the approval is shown');
    // The backend's close frame came; the browser has not fired the close event yet.
    socket.readyState = FakeSocket.CLOSING;
    await adk.approve('a1');
    await waitUntil(() => chat.status === 'error', 'the chat shows the error');
    expect(chat.error).toBeInstanceOf(AdkTransportError);
    expect(chat.error.kind).toBe('connection-lost');
    expect(FakeSocket.all).toHaveLength(1);
    expect(messageFrames(socket)).toHaveLength(1);
  });
});
