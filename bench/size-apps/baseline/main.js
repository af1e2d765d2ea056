// The size baseline: a React 19 chat with AI SDK's `useChat` and `DefaultChatTransport` and no
// adk-stream-wasm — approvals answered and sent with AI SDK's own helpers, as an app does without it.
import { createElement as h } from 'react';
import { createRoot } from 'react-dom/client';
import { useChat } from '@ai-sdk/react';
import { DefaultChatTransport, lastAssistantMessageIsCompleteWithApprovalResponses } from 'ai';
import { APPROVAL_ID, MESSAGES } from '../messages.js';

function App() {
  const { messages, addToolApprovalResponse } = useChat({
    transport: new DefaultChatTransport({ api: '/api/chat' }),
    messages: MESSAGES,
    sendAutomaticallyWhen: lastAssistantMessageIsCompleteWithApprovalResponses,
  });
  const send = lastAssistantMessageIsCompleteWithApprovalResponses({ messages });
  return h(
    'main',
    null,
    h('p', { id: 'app' }, `send: ${send}`),
    h('button', { onClick: () => addToolApprovalResponse({ id: APPROVAL_ID, approved: true }) }, 'Approve'),
  );
}

createRoot(document.getElementById('root')).render(h(App));
