// SPEC §4a W6: two approvals in one agent turn over BIDI. The model calls both tools at once; the
// backend sends the first approval request and its finish-step (the client's stream ends there),
// then ~15 ms later, with no stream open, a new `start` (a new messageId, W5) and the second
// approval request with its own finish-step. It then waits for ONE message that answers both, as
// the real ADK backend does: a message that answers only one releases nothing (a deadlock until its
// 30 s timeout). Every documented path must get both approvals into one assistant message and send
// both answers in one frame: createAdk, and useChat with createAutoSend and the BIDI transport, with
// no `onBufferedChunks` handler and with `chat.resumeStream()` as the handler.
import { afterEach, describe, expect, it } from 'vitest';
import { Chat } from '@ai-sdk/react';
import { BidiTransport } from 'adk-stream-wasm/transport';
import { approve, createAutoSend, deny, pendingApprovals } from 'adk-stream-wasm';
import { resumeBuffered } from 'adk-stream-wasm/chat';
import { createAppChat, expectQuiet, lastMessage, sleep, texts, waitUntil } from './helpers/chat.js';
import { DONE, data } from './helpers/fixtures.js';
import { WsBackend, type Script } from './helpers/ws-backend.js';
// @ts-ignore -- plain JS, shared with the demo backend: what the real ADK backend reads (SPEC §4a).
import { answersIn } from '../../www/server/adk-reading.mjs';

const cleanups: Array<() => unknown> = [];
afterEach(async () => {
  while (cleanups.length > 0) await cleanups.pop()!();
});

const CALLS = [
  { toolCallId: 'call-alice', approvalId: 'approval-alice', input: { recipient: 'Alice', amount: 30 } },
  { toolCallId: 'call-bob', approvalId: 'approval-bob', input: { recipient: 'Bob', amount: 40 } },
];

/** The ADK-like backend of W6; `violations` says what it would not read. */
function parallelBackend({ secondInputLate = false } = {}) {
  const violations: string[] = [];
  const inputs = (calls: typeof CALLS) =>
    calls.flatMap(({ toolCallId, input }) => [
      { type: 'tool-input-start', toolCallId, toolName: 'process_payment' },
      { type: 'tool-input-available', toolCallId, toolName: 'process_payment', input },
    ]);
  const script: Script = {
    async message(frame, turn) {
      if (turn.n === 0) {
        turn.send(
          [
            { type: 'start', messageId: 'turn-1' },
            ...inputs(secondInputLate ? CALLS.slice(0, 1) : CALLS),
            { type: 'start-step' },
            { type: 'tool-approval-request', toolCallId: CALLS[0].toolCallId, approvalId: CALLS[0].approvalId },
            { type: 'finish-step' },
          ].map(data),
        );
        await sleep(15);
        turn.send(
          [
            { type: 'start', messageId: 'turn-1-second-approval' },
            ...(secondInputLate ? inputs(CALLS.slice(1)) : []),
            { type: 'start-step' },
            { type: 'tool-approval-request', toolCallId: CALLS[1].toolCallId, approvalId: CALLS[1].approvalId },
            { type: 'finish-step' },
          ].map(data),
        );
        return;
      }
      const answers = answersIn(frame.messages.at(-1));
      const missing = CALLS.filter((c) => !answers.has(c.toolCallId)).map((c) => c.toolCallId);
      if (missing.length > 0) {
        violations.push(`message ${turn.n + 1} does not answer ${missing.join(', ')}`);
        return; // the real backend's wait goes on
      }
      const outputs = CALLS.map(({ toolCallId, input }) =>
        answers.get(toolCallId).approved
          ? { type: 'tool-output-available', toolCallId, output: { paid: input.amount } }
          : { type: 'tool-output-error', toolCallId, errorText: 'User denied the payment' },
      );
      turn.send(
        [
          { type: 'start', messageId: `turn-1-answer-${turn.n}` },
          ...outputs,
          { type: 'text-start', id: 't' },
          { type: 'text-delta', id: 't', delta: 'Done.' },
          { type: 'text-end', id: 't' },
          { type: 'finish' },
        ]
          .map(data)
          .concat(DONE),
      );
    },
  };
  return { script, violations };
}

type Path = 'createAdk' | 'useChat, resumeBuffered(chat, transport)' | 'useChat, no handler' | 'useChat, chat.resumeStream()';

async function start(path: Path, secondInputLate = false) {
  const { script, violations } = parallelBackend({ secondInputLate });
  const backend = await WsBackend.start(script);
  cleanups.push(() => backend.close());
  let chat: any;
  let answer: (approvalId: string, approved: boolean) => Promise<void>;
  const errors: any[] = [];
  if (path === 'createAdk') {
    const transport = new BidiTransport({ url: backend.url, onBufferedChunks: () => void t.adk.resumeBuffered() });
    cleanups.push(() => transport.close());
    const t = createAppChat(transport, { mode: 'bidi', transport });
    chat = t.chat;
    answer = (id, approved) => (approved ? t.adk.approve(id) : t.adk.deny(id));
  } else {
    const autoSend = createAutoSend({ mode: 'bidi' });
    const transport: BidiTransport = new BidiTransport({
      url: backend.url,
      onError: (error) => errors.push(error),
      onBufferedChunks:
        path === 'useChat, no handler'
          ? undefined
          : path === 'useChat, chat.resumeStream()'
            ? () => void chat.resumeStream()
            : () => void resumeBuffered(chat, transport),
    });
    cleanups.push(() => transport.close());
    chat = new Chat({ transport, sendAutomaticallyWhen: autoSend.sendAutomaticallyWhen });
    answer = (id, approved) => (approved ? approve(chat, id) : deny(chat, id));
  }
  await chat.sendMessage({ text: 'Pay $30 to Alice and $40 to Bob at once' });
  await waitUntil(() => chat.status === 'ready', () => `the first response ended (${chat.status})`);
  // The second approval arrives ~15 ms after the first stream ended.
  await sleep(80);
  return { backend, violations, chat, answer, errors };
}

describe('SPEC §4a W6: two approvals in one BIDI agent turn', () => {
  for (const path of ['createAdk', 'useChat, resumeBuffered(chat, transport)'] as const) {
    for (const [alice, bob] of [
      [true, true],
      [true, false],
      [false, true],
    ] as const) {
      it(`${path}: Alice ${alice ? 'approved' : 'denied'}, Bob ${bob ? 'approved' : 'denied'}: both in one message, both answers in one frame`, async () => {
        const { backend, violations, chat, answer } = await start(path);
        await answer(CALLS[0].approvalId, alice);
        await waitUntil(
          () => pendingApprovals(chat.messages).some((p) => p.approvalId === CALLS[1].approvalId) && chat.status === 'ready',
          () => `Bob's approval is pending in the chat (${chat.status}; pending ${JSON.stringify(pendingApprovals(chat.messages).map((p) => p.approvalId))})`,
        );
        await answer(CALLS[1].approvalId, bob);
        await waitUntil(() => texts(lastMessage(chat)).includes('Done.'), () => `the final text came (violations: ${violations.join('; ')})`);
        await expectQuiet({ chat, adk: null as any }, () => backend.messageFrames.length, 'message frames');

        expect(violations).toEqual([]);
        expect(backend.messageFrames).toHaveLength(2);
        const answered = backend.messageFrames[1].messages.at(-1).parts.filter((p: any) => p.state === 'approval-responded');
        expect(answered.map((p: any) => [p.toolCallId, p.approval.approved])).toEqual([
          [CALLS[0].toolCallId, alice],
          [CALLS[1].toolCallId, bob],
        ]);
        // One assistant message for the turn, each tool part once (W5).
        expect(chat.messages.map((m: any) => m.role)).toEqual(['user', 'assistant']);
        const ids = lastMessage(chat).parts.filter((p: any) => p.toolCallId).map((p: any) => p.toolCallId);
        expect(ids).toEqual(CALLS.map((c) => c.toolCallId));
      });
    }
  }

  // The second call's input too comes after the first finish-step, and the user answers the first
  // approval before anything resumed the buffer: the engine sends, and the transport answers that
  // request with the buffered response instead of sending a frame the backend would not read.
  it('the answer to the first approval meets a buffered second one: its frame is not sent, the buffered approval joins the message, both answers go in one frame', async () => {
    const { backend, violations, chat, answer, errors } = await start('useChat, no handler', true);
    await answer(CALLS[0].approvalId, true);
    await waitUntil(
      () => pendingApprovals(chat.messages).some((p) => p.approvalId === CALLS[1].approvalId) && chat.status === 'ready',
      () => `Bob's approval is pending in the chat (${chat.status})`,
    );
    expect(backend.messageFrames).toHaveLength(1);
    await answer(CALLS[1].approvalId, true);
    await waitUntil(() => texts(lastMessage(chat)).includes('Done.'), () => `the final text came (violations: ${violations.join('; ')})`);
    expect(violations).toEqual([]);
    expect(backend.messageFrames).toHaveLength(2);
    expect(chat.messages.map((m: any) => m.role)).toEqual(['user', 'assistant']);
    expect(errors.map((e) => e.kind)).toEqual(['unhandled-buffered-approval']);
  });

  // The paths that cannot be made safe are not documented, and say so clearly.
  it('useChat with no onBufferedChunks handler: the buffered second approval is reported as unhandled-buffered-approval', async () => {
    const { errors, chat } = await start('useChat, no handler');
    expect(errors.map((e) => [e.name, e.kind])).toEqual([['AdkTransportError', 'unhandled-buffered-approval']]);
    expect(errors[0].message).toMatch(/approval-bob.*resumeBuffered\(chat, transport\)/);
    expect(pendingApprovals(chat.messages).map((p) => p.approvalId)).toEqual([CALLS[0].approvalId]);
  });

  it('useChat with chat.resumeStream() as the handler: the resume is refused with resume-would-split, nothing lands in a new message', async () => {
    const { chat } = await start('useChat, chat.resumeStream()');
    await waitUntil(() => chat.status === 'error', () => `the chat reports the refused resume (${chat.status})`);
    expect(chat.error.name).toBe('AdkTransportError');
    expect(chat.error.kind).toBe('resume-would-split');
    expect(chat.error.message).toMatch(/resumeBuffered\(chat, transport\)/);
    expect(chat.messages.map((m: any) => m.role)).toEqual(['user', 'assistant']);
  });
});
