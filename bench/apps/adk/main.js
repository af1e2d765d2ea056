// The same tiny app importing adk-stream-wasm and making one decision (SPEC D6: an answered
// approval is sent). The bench checks the built app shows `send: true` in Chromium.
import { createAutoSend, ready } from 'adk-stream-wasm';

const autoSend = createAutoSend({ mode: 'sse' });
const messages = [
  { id: 'u1', role: 'user', parts: [{ type: 'text', text: '次郎さんに200ドル送金してください' }] },
  {
    id: 'a1',
    role: 'assistant',
    parts: [
      {
        type: 'tool-process_payment',
        toolCallId: 'function-call-10979510385734015976',
        state: 'approval-responded',
        input: { amount: 200, currency: 'USD', recipient: 'Jiro' },
        approval: { id: 'confirm-f59e14e7-2fcf-4a55-8b6c-0d3a9a1c2e77', approved: true },
      },
    ],
  },
];
ready.then(() => {
  document.querySelector('#app').textContent = `send: ${autoSend.sendAutomaticallyWhen({ messages })}`;
});
