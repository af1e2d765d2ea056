// The chat every size app starts from: one payment the user approved (SPEC D6: the answer is sent
// automatically). Each app shows `send: true` once it has decided, which the bench checks in Chromium.
export const APPROVAL_ID = 'confirm-f59e14e7-2fcf-4a55-8b6c-0d3a9a1c2e77';

export const MESSAGES = [
  { id: 'u1', role: 'user', parts: [{ type: 'text', text: '次郎さんに200ドル送金してください' }] },
  {
    id: 'a1',
    role: 'assistant',
    parts: [
      { type: 'step-start' },
      {
        type: 'tool-process_payment',
        toolCallId: 'function-call-10979510385734015976',
        state: 'approval-responded',
        input: { amount: 200, currency: 'USD', recipient: 'Jiro' },
        approval: { id: APPROVAL_ID, approved: true },
      },
    ],
  },
];
