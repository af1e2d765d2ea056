// SPEC §2 rows D28 and D29 through the package: with AI SDK's real Chat (D28: a backend that reuses
// the approval id `approval-1` for a second tool call, as AI SDK accepts and the old helpers' test
// backends do), and as decisions of the per-chat engine and of the drop-in names (D29: a part that
// carries the old helpers' `error` field).
import { describe, expect, it } from 'vitest';
import { approve, createAutoSend, sendAutomaticallyWhenCore, clearSentApprovalStates } from 'adk-stream-wasm';
import { sendAutomaticallyWhen as sseSendAutomaticallyWhen } from 'adk-stream-wasm/sse';
import { sendAutomaticallyWhen as bidiSendAutomaticallyWhen } from 'adk-stream-wasm/bidi';
import { aiSdk } from './helpers/ai.js';
import { createTestChat, expectNoFurtherRequest, lastAssistant, sentToolPart, settle, texts } from './helpers/chat.js';
import { start } from './helpers/flows.js';
import { conversation, responded } from './helpers/messages.js';
import { askingResponse, finalResponse, output, text, toolCall, type Mode } from './helpers/script.js';

const A = { toolCallId: 'call-a', approvalId: 'approval-1' };
const B = { toolCallId: 'call-b', approvalId: 'approval-1' };

/** a asks with approval-1; after its answer the backend runs it and asks for b with approval-1 again. */
function script(mode: Mode) {
  return [
    askingResponse(mode, 0, toolCall(A.toolCallId, 'process_payment', { amount: 10 }), [A]),
    askingResponse(mode, 1, [output(A.toolCallId, { paid: 10 }), ...toolCall(B.toolCallId, 'process_payment', { amount: 20 })], [B]),
    finalResponse(mode, 2, text('t-final', 'Both payments are done.')),
  ];
}

describe.each(['sse', 'bidi'] as const)(`SPEC D28 over %s, AI SDK ${aiSdk}`, (mode: Mode) => {
  it.each([true, false])(`${mode}: a second tool call reusing approval-1 is answered and sent (b approved: %s), 3 requests, no stall`, async (answer) => {
    const t = createTestChat({ mode }, script(mode));
    await start(t, 'Pay 10 and then 20');
    await approve(t.chat, 'approval-1');
    await settle(t, 2);
    expect(sentToolPart(t.transport.requests[1], A.toolCallId).approval).toMatchObject({ id: 'approval-1', approved: true });

    // b waits for its answer under the same approval id; the engine must not take it as known.
    expect(t.autoSend.explain({ messages: t.chat.messages }).rule).toBe('approval-pending');
    if (answer) await approve(t.chat, 'approval-1');
    else await t.chat.addToolApprovalResponse({ id: 'approval-1', approved: false });
    await settle(t, 3);
    expect(sentToolPart(t.transport.requests[2], B.toolCallId).approval).toMatchObject({ id: 'approval-1', approved: answer });
    await expectNoFurtherRequest(t);
    expect(texts(lastAssistant(t.chat.messages)).join(' ')).toContain('Both payments are done.');
  });
});

describe('SPEC D29: a part carrying the legacy `error` field is not sent', () => {
  const failed = () => conversation(responded('process_payment', true, { error: 'Payment service unavailable' }));

  it.each(['sse', 'bidi'] as const)('D29 %s: the per-chat engine answers false and says the backend knows it', (mode) => {
    const autoSend = createAutoSend({ mode });
    expect(autoSend.sendAutomaticallyWhen(failed())).toBe(false);
    expect(autoSend.explain(failed()).rule).toBe('already-known');
    // Without the field, the same answer is sent (D6): the field alone decides.
    expect(createAutoSend({ mode }).sendAutomaticallyWhen(conversation(responded('process_payment', true)))).toBe(true);
  });

  it('D29: the drop-in names answer false too', () => {
    clearSentApprovalStates();
    expect(sseSendAutomaticallyWhen(failed())).toBe(false);
    expect(bidiSendAutomaticallyWhen(failed())).toBe(false);
    expect(sendAutomaticallyWhenCore(failed())).toBe(false);
  });
});
