// SPEC rows D28 and D29 under jsdom through the drop-in names, as the old helpers' apps test them:
// a second tool call reusing the approval id `approval-1` is a new user action (the pair toolCallId
// + approval id, never the approval id alone), and a part with the legacy `error` field is not sent.
import { describe, expect, it } from 'vitest';
import { clearSentApprovalStates } from 'adk-stream-wasm';
import { sendAutomaticallyWhen as sse } from 'adk-stream-wasm/sse';
import { sendAutomaticallyWhen as bidi } from 'adk-stream-wasm/bidi';

const part = (toolCallId: string, state: string, approved?: boolean, extra: Record<string, unknown> = {}) => ({
  type: 'tool-process_payment',
  toolCallId,
  state,
  input: {},
  approval: approved === undefined ? { id: 'approval-1' } : { id: 'approval-1', approved },
  ...extra,
});
const messages = (...parts: unknown[]) => ({
  messages: [
    { id: 'u1', role: 'user', parts: [{ type: 'text', text: 'Pay twice' }] },
    { id: 'a1', role: 'assistant', parts },
  ],
});

describe.each([
  ['sse', sse],
  ['bidi', bidi],
] as const)('drop-in %s under jsdom', (_mode, sendAutomaticallyWhen) => {
  it('D28: the answer to a, then the answer to b under the same approval id, each sent once', () => {
    clearSentApprovalStates();
    expect(typeof window).toBe('object'); // jsdom
    const a = part('call-a', 'approval-responded', true);
    expect(sendAutomaticallyWhen(messages(a))).toBe(true);
    const aDone = part('call-a', 'output-available', true, { output: { paid: 10 } });
    expect(sendAutomaticallyWhen(messages(aDone, part('call-b', 'approval-requested')))).toBe(false);
    const answered = messages(aDone, part('call-b', 'approval-responded', false));
    expect(sendAutomaticallyWhen(answered)).toBe(true);
    expect(sendAutomaticallyWhen(answered)).toBe(false);
  });

  it('D29: an approved part with the legacy error field is not sent', () => {
    clearSentApprovalStates();
    expect(sendAutomaticallyWhen(messages(part('call-a', 'approval-responded', true, { error: 'Payment failed' })))).toBe(false);
  });
});
