// The Vue size baseline: AI SDK's Vue `Chat` with `DefaultChatTransport` and no adk-stream-wasm,
// approvals answered and sent with AI SDK's own helpers, as a Vue app does without it.
import { createApp, h } from 'vue';
import { Chat } from '@ai-sdk/vue';
import { DefaultChatTransport, lastAssistantMessageIsCompleteWithApprovalResponses } from 'ai';
import { APPROVAL_ID, MESSAGES } from '../messages.js';

createApp({
  setup() {
    const chat = new Chat({
      transport: new DefaultChatTransport({ api: '/api/chat' }),
      messages: MESSAGES,
      sendAutomaticallyWhen: lastAssistantMessageIsCompleteWithApprovalResponses,
    });
    return () =>
      h('main', [
        h('p', { id: 'app' }, `send: ${lastAssistantMessageIsCompleteWithApprovalResponses({ messages: chat.messages })}`),
        h('button', { onClick: () => chat.addToolApprovalResponse({ id: APPROVAL_ID, approved: true }) }, 'Approve'),
      ]);
  },
}).mount('#root');
