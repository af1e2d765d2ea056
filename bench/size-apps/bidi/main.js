// The BIDI size app: the SSE app's chat over the WebSocket transport — `useAdkChat` in BIDI mode,
// which builds a `BidiTransport` from `adk-stream-wasm/transport` (nothing connects before the
// first request, so the page needs no server).
import { createElement as h, useEffect, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { createAutoSend, ready } from 'adk-stream-wasm';
import { useAdkChat } from 'adk-stream-wasm/react';
import { BidiTransport } from 'adk-stream-wasm/transport';
import { APPROVAL_ID, MESSAGES } from '../messages.js';

function App() {
  const { messages, approve, transport } = useAdkChat({ mode: 'bidi', url: 'ws://127.0.0.1:9/adk', messages: MESSAGES });
  const [send, setSend] = useState('…');
  useEffect(() => {
    ready.then(() => setSend(String(createAutoSend({ mode: 'bidi' }).sendAutomaticallyWhen({ messages }))));
  }, [messages]);
  const kind = transport instanceof BidiTransport ? 'BidiTransport' : 'another transport';
  return h(
    'main',
    null,
    h('p', { id: 'app' }, `send: ${send} (${kind})`),
    h('button', { onClick: () => approve(APPROVAL_ID) }, 'Approve'),
  );
}

createRoot(document.getElementById('root')).render(h(App));
