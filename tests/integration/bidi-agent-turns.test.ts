// SPEC §5 "Agent turns over BIDI", W8–W10, with AI SDK's real Chat (createAdk, as useAdkChat wires
// it) and the real BidiTransport against a local backend that streams as the ADK backend's converter
// does (helpers/ws-backend.ts): `start` only as a socket's first event, later turns without one and
// with the first turn's text part ids, a spoken turn with no request open.
import { afterEach, describe, expect, it } from 'vitest';
import { BidiTransport } from 'adk-stream-wasm/transport';
import { pendingApprovals } from 'adk-stream-wasm';
import { createAppChat, expectQuiet, sleep, texts, waitUntil, type AppChat } from './helpers/chat.js';
import { DONE, data } from './helpers/fixtures.js';
import { WsBackend, type Script } from './helpers/ws-backend.js';
// @ts-ignore -- plain JS, shared with the demo backend: what the real ADK backend reads (SPEC §4a).
import { answersIn } from '../../www/server/adk-reading.mjs';

const cleanups: Array<() => unknown> = [];
afterEach(async () => {
  while (cleanups.length > 0) await cleanups.pop()!();
});

/** A typed turn's answer, as the converter streams it (the socket's first turn's text id). */
function answer(turn: { firstMessageId(): string | undefined; send(frames: string[]): void }, text: string, messageId = 'typed-1') {
  const id = `${turn.firstMessageId() ?? messageId}_output_text`;
  turn.send(
    [
      { type: 'start', messageId },
      { type: 'text-start', id },
      { type: 'text-delta', id, delta: text },
      { type: 'text-end', id },
      { type: 'finish' },
    ]
      .map(data)
      .concat(DONE),
  );
}

/** Each typed message gets "You said: <text>". */
const echo: Script = {
  message(frame, turn) {
    const last = frame.messages.at(-1);
    answer(turn, `You said: ${last.parts.map((p: any) => p.text ?? '').join('')}`);
  },
};

async function startChat(script: Script) {
  const backend = await WsBackend.start(script);
  cleanups.push(() => backend.close());
  let app: AppChat;
  const transport = new BidiTransport({ url: backend.url, onBufferedChunks: () => void app.adk.resumeBuffered() });
  cleanups.push(() => transport.close());
  app = createAppChat(transport, { mode: 'bidi', transport });
  return { backend, transport, app, chat: app.chat };
}

/** The chat as [role, its text] per message. */
const shown = (chat: any) => chat.messages.map((m: any) => [m.role, texts(m).join('')]);

describe('SPEC §5 W8: a turn the backend starts is a new assistant message', () => {
  it('W8: a typed turn, two spoken turns with no request open, a typed turn: each agent turn its own message, in order', async () => {
    const { backend, chat } = await startChat(echo);
    await chat.sendMessage({ text: 'hello' });
    await waitUntil(() => chat.status === 'ready' && chat.messages.length === 2, 'the typed turn is answered');
    backend.speak('What time is it?', 'It is noon.');
    await waitUntil(() => texts(chat.messages.at(-1)).join('').includes('noon'), () => `the first spoken turn is shown (${JSON.stringify(shown(chat))})`);
    backend.speak('And the date?', 'It is Friday.');
    await waitUntil(() => texts(chat.messages.at(-1)).join('').includes('Friday'), () => `the second spoken turn is shown (${JSON.stringify(shown(chat))})`);
    await chat.sendMessage({ text: 'thanks' });
    await waitUntil(() => chat.status === 'ready' && texts(chat.messages.at(-1)).join('').includes('thanks'), 'the second typed turn is answered');

    const agent = chat.messages.filter((m: any) => m.role === 'assistant');
    expect(agent.map((m: any) => texts(m).join(''))).toEqual(['You said: hello', 'It is noon.', 'It is Friday.', 'You said: thanks']);
    expect(new Set(agent.map((m: any) => m.id)).size, 'four messages, four ids').toBe(4);
    expect(chat.error).toBeUndefined();
    expect(backend.messageFrames, 'the spoken turns sent nothing').toHaveLength(2);
  });

  it('W8: after the backend restarted, its new `start` names a message of its own, not the finished turn\'s', async () => {
    const { backend, transport, chat } = await startChat(echo);
    await chat.sendMessage({ text: 'hello' });
    await waitUntil(() => chat.status === 'ready' && chat.messages.length === 2, 'the typed turn is answered');
    const hello = chat.messages[1];
    // The backend restarts: the socket closes; the voice opens a new one (connect()).
    for (const ws of backend.sockets) ws.close(1012, 'restart');
    await waitUntil(() => !transport.connected, 'the transport saw the socket close');
    await transport.connect();
    const [socket] = backend.sockets;
    backend.sendAsConverter(socket, [data({ type: 'start', messageId: 'after-restart' })]);
    backend.speak('Are you back?', 'I am back.', socket);
    await waitUntil(() => texts(chat.messages.at(-1)).join('').includes('back.'), () => `the spoken turn is shown (${JSON.stringify(shown(chat))})`);

    expect(chat.messages[1]).toEqual(hello);
    const last = chat.messages.at(-1);
    expect(last.id).toBe('after-restart');
    expect(texts(last)).toEqual(['I am back.']);
  });
});

describe('SPEC §5 W8: speech while an approval is pending', () => {
  it('W8: the backend holds the spoken answer until the approval is answered, then sends it after the turn\'s [DONE]: a message of its own after the payment\'s', async () => {
    const CALL = { toolCallId: 'call-1', approvalId: 'approval-1' };
    const script: Script = {
      message(frame, turn) {
        if (turn.n === 0) {
          turn.send(
            [
              { type: 'start', messageId: 'pay-1' },
              { type: 'tool-input-available', toolCallId: CALL.toolCallId, toolName: 'process_payment', input: { amount: 50 } },
              { type: 'start-step' },
              { type: 'tool-approval-request', ...CALL },
              { type: 'finish-step' },
            ].map(data),
          );
          return;
        }
        // The answer: the turn ends, then the spoken turn the backend held comes with no request.
        turn.send([data({ type: 'tool-output-available', toolCallId: CALL.toolCallId, output: { paid: 50 } })]);
        answer(turn, 'Paid.');
        turn.backend.speak('Is it done?', 'Yes, it is done.', turn.socket);
      },
    };
    const { backend, app, chat } = await startChat(script);
    await chat.sendMessage({ text: 'Send $50 to Hanako' });
    await waitUntil(() => pendingApprovals(chat.messages).length === 1 && chat.status === 'ready', 'the approval is shown');
    await app.adk.approve(CALL.approvalId);
    await waitUntil(() => texts(chat.messages.at(-1)).join('').includes('done.'), () => `the spoken turn is shown (${JSON.stringify(shown(chat))})`);
    await expectQuiet(app, () => backend.messageFrames.length, 'message frames');
    expect(shown(chat)).toEqual([
      ['user', 'Send $50 to Hanako'],
      ['assistant', 'Paid.'],
      ['user', 'Is it done?'],
      ['assistant', 'Yes, it is done.'],
    ]);
    expect(chat.messages[1].parts.find((p: any) => p.toolCallId === CALL.toolCallId).state).toBe('output-available');
    expect(backend.messageFrames).toHaveLength(2);
  });
});

describe('SPEC §5 W9: the user\'s transcribed speech is the user\'s words', () => {
  it('W9: the `_input_text` transcription is a user message before the agent\'s answer; nothing of it is sent; the next frame carries it as the user\'s', async () => {
    const { backend, chat } = await startChat(echo);
    await chat.sendMessage({ text: 'hello' });
    await waitUntil(() => chat.status === 'ready' && chat.messages.length === 2, 'the typed turn is answered');
    backend.speak('What time is it?', 'It is noon.');
    await waitUntil(() => texts(chat.messages.at(-1)).join('').includes('noon'), () => `the spoken turn is shown (${JSON.stringify(shown(chat))})`);
    await expectQuiet({ chat, adk: null as any }, () => backend.messageFrames.length, 'message frames');

    expect(shown(chat)).toEqual([
      ['user', 'hello'],
      ['assistant', 'You said: hello'],
      ['user', 'What time is it?'],
      ['assistant', 'It is noon.'],
    ]);
    expect(backend.messageFrames, 'the transcription is no request').toHaveLength(1);
    await chat.sendMessage({ text: 'thanks' });
    await waitUntil(() => backend.messageFrames.length === 2, 'the next message went out');
    expect(backend.messageFrames[1].messages.map((m: any) => [m.role, texts(m).join('')]).slice(0, 4)).toEqual(shown(chat).slice(0, 4));
  });
});

describe('SPEC §5 W10: buffered chunks never write an older copy over a newer message', () => {
  it('W10: the second approval request arrives right after the user answered the first: the first answer stays given', async () => {
    const CALLS = [
      { toolCallId: 'call-alice', approvalId: 'approval-alice', input: { recipient: 'Alice', amount: 30 } },
      { toolCallId: 'call-bob', approvalId: 'approval-bob', input: { recipient: 'Bob', amount: 40 } },
    ];
    let releaseBob = () => {};
    const bobMayCome = new Promise<void>((resolve) => (releaseBob = resolve));
    const script: Script = {
      async message(frame, turn) {
        if (turn.n === 0) {
          turn.send(
            [
              { type: 'start', messageId: 'turn-1' },
              ...CALLS.flatMap(({ toolCallId, input }) => [
                { type: 'tool-input-start', toolCallId, toolName: 'process_payment' },
                { type: 'tool-input-available', toolCallId, toolName: 'process_payment', input },
              ]),
              { type: 'start-step' },
              { type: 'tool-approval-request', toolCallId: CALLS[0].toolCallId, approvalId: CALLS[0].approvalId },
              { type: 'finish-step' },
            ].map(data),
          );
          await sleep(15);
          // The second step begins with no stream open (the app resumes it at once) …
          turn.send([data({ type: 'start-step' })]);
          // … and its approval request comes right after the user's first answer.
          await bobMayCome;
          turn.send([data({ type: 'tool-approval-request', toolCallId: CALLS[1].toolCallId, approvalId: CALLS[1].approvalId }), data({ type: 'finish-step' })]);
          return;
        }
        const answers = answersIn(frame.messages.at(-1));
        if (!CALLS.every((c) => answers.has(c.toolCallId))) return; // the real backend waits on
        answer(turn, 'Both paid.');
      },
    };
    const { backend, app, chat } = await startChat(script);
    await chat.sendMessage({ text: 'Pay $30 to Alice and $40 to Bob at once' });
    await waitUntil(() => pendingApprovals(chat.messages).length === 1 && chat.status === 'ready', 'the first approval is shown');
    await sleep(80);
    await app.adk.approve(CALLS[0].approvalId);
    releaseBob();
    await waitUntil(
      () => pendingApprovals(chat.messages).some((p) => p.approvalId === CALLS[1].approvalId),
      () => `the second approval is shown (${JSON.stringify(chat.messages.at(-1).parts.map((p: any) => p.state ?? p.type))}; ${chat.status}; frames ${JSON.stringify(backend.nonPing.map((f) => f.type))})`,
    );
    const alice = chat.messages.at(-1).parts.find((p: any) => p.toolCallId === CALLS[0].toolCallId);
    expect(alice.state).toBe('approval-responded');
    expect(alice.approval).toMatchObject({ id: CALLS[0].approvalId, approved: true });
    await app.adk.approve(CALLS[1].approvalId);
    await waitUntil(() => texts(chat.messages.at(-1)).includes('Both paid.'), () => `the final text came (${backend.messageFrames.length} frames)`);
    expect(backend.messageFrames).toHaveLength(2);
    expect(chat.messages.map((m: any) => m.role)).toEqual(['user', 'assistant']);
    expect(chat.error).toBeUndefined();
  });
});
