// The SSE size app: the baseline's chat through adk-stream-wasm — `useAdkChat` from the SSE-only
// entry `adk-stream-wasm/react/sse` (AI SDK's `DefaultChatTransport` underneath), its `approve`, and
// a `createAutoSend` decision on the same chat.
import { createElement as h, useEffect, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { createAutoSend, ready } from 'adk-stream-wasm';
import { useAdkChat } from 'adk-stream-wasm/react/sse';
import { APPROVAL_ID, MESSAGES } from '../messages.js';

function App() {
  const { messages, approve } = useAdkChat({ mode: 'sse', api: '/api/chat', messages: MESSAGES });
  const [send, setSend] = useState('…');
  useEffect(() => {
    ready.then(() => setSend(String(createAutoSend({ mode: 'sse' }).sendAutomaticallyWhen({ messages }))));
  }, [messages]);
  return h(
    'main',
    null,
    h('p', { id: 'app' }, `send: ${send}`),
    h('button', { onClick: () => approve(APPROVAL_ID) }, 'Approve'),
  );
}

createRoot(document.getElementById('root')).render(h(App));
