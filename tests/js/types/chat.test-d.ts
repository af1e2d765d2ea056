// The package's declarations (index.d.ts and the entry points) against AI SDK's own types: what a
// TypeScript app writes must compile with the real `Chat` of ai@6 (@ai-sdk/react@3) and ai@7
// (@ai-sdk/react@4). Checked by tsc (vitest typecheck), never run.
import { describe, expectTypeOf, it } from 'vitest';
import { Chat as Chat6 } from '@ai-sdk/react';
import { Chat as Chat7 } from 'ai7-react';
import type { UIDataTypes, UIMessage } from 'ai';
import {
  answerApprovals,
  approve,
  createAutoSend,
  deny,
  pendingApprovals,
  type ChatLike,
  type Explanation,
  type PendingApproval,
} from 'adk-stream-wasm';
import { sendAutomaticallyWhen as sseSendAutomaticallyWhen } from 'adk-stream-wasm/sse';
import { sendAutomaticallyWhen as bidiSendAutomaticallyWhen } from 'adk-stream-wasm/bidi';

describe('the package types with AI SDK Chat', () => {
  it('the package and both Chats resolve to real declarations (not any)', () => {
    expectTypeOf(createAutoSend).not.toBeAny();
    expectTypeOf(approve).not.toBeAny();
    expectTypeOf(sseSendAutomaticallyWhen).not.toBeAny();
    expectTypeOf(Chat6).not.toBeAny();
    expectTypeOf(Chat7).not.toBeAny();
  });

  it('createAutoSend().sendAutomaticallyWhen and the drop-ins are accepted by new Chat({sendAutomaticallyWhen})', () => {
    const autoSend = createAutoSend({ mode: 'sse' });
    new Chat6({ sendAutomaticallyWhen: autoSend.sendAutomaticallyWhen });
    new Chat7({ sendAutomaticallyWhen: autoSend.sendAutomaticallyWhen });
    new Chat6({ sendAutomaticallyWhen: sseSendAutomaticallyWhen });
    new Chat7({ sendAutomaticallyWhen: bidiSendAutomaticallyWhen });
    expectTypeOf(autoSend.explain({ messages: new Chat6({}).messages })).toEqualTypeOf<Explanation>();
  });

  it('pendingApprovals accepts chat.messages, and types each approval from their message type', () => {
    expectTypeOf(pendingApprovals(new Chat6({}).messages)).toEqualTypeOf<PendingApproval[]>();
    const messages7 = new Chat7({}).messages;
    expectTypeOf(pendingApprovals(messages7)).toEqualTypeOf<PendingApproval<(typeof messages7)[number]>[]>();
  });

  it('PendingApproval.input and .part follow the app\'s message type: "Pay $50 to Hanako?" needs no cast', () => {
    type PaymentMessage = UIMessage<unknown, UIDataTypes, { process_payment: { input: { amount: number; recipient: string }; output: { paid: boolean } } }>;
    const [p] = pendingApprovals([] as PaymentMessage[]);
    expectTypeOf(p.input).toEqualTypeOf<{ amount: number; recipient: string }>();
    expectTypeOf(`Pay $${p.input.amount} to ${p.input.recipient}?`).toBeString();
    expectTypeOf(p.part.toolCallId).toBeString();
    expectTypeOf(p.part.state).toEqualTypeOf<'approval-requested'>();
  });

  // AI SDK's Chat declares addToolApprovalResponse and addToolOutput as returning
  // `void | PromiseLike<void>`; ChatLike must accept that, or no helper call compiles.
  it('approve/deny/answerApprovals/addToolOutput accept AI SDK Chat', async () => {
    const chat6 = new Chat6({});
    const chat7 = new Chat7({});
    const autoSend = createAutoSend({ mode: 'sse' });
    await approve(chat6, 'approval-1');
    await deny(chat7, 'approval-1', { reason: 'no' });
    await answerApprovals(chat6, (pending) => pending.map((p) => ({ approvalId: p.approvalId, approved: true })));
    await autoSend.addToolOutput(chat7, { tool: 'get_location', toolCallId: 'call-1', output: { latitude: 1 } });
    expectTypeOf(chat6).toMatchTypeOf<ChatLike>();
    expectTypeOf(chat7).toMatchTypeOf<ChatLike>();
  });
});
