// The SSE size app through the universal hook: the SSE app's chat with `useAdkChat` from
// `adk-stream-wasm/react`, which takes its mode at run time and so carries the BIDI parts too
// (shown beside the SSE app's goal, which an SSE-only app meets with `adk-stream-wasm/react/sse`).
// The same code as sse/main.js but for the import, on purpose: an app calls the hook it imports,
// and the minifier folds that call (a shared component that took the hook as an argument made the
// SSE app 369 B larger than any app writes it).
import { createElement as h, useEffect, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { createAutoSend, ready } from 'adk-stream-wasm';
import { useAdkChat } from 'adk-stream-wasm/react';
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
