// The get_location size app: the SSE app, which also runs the built-in get_location tool
// (`getLocation()`) before it shows its decision. What it loads beyond the SSE app is what an app
// pays for get_location (issue 25: at most 4 KB gzip). In the bench's Chromium no permission is
// granted, so the position is refused; either answer counts, as long as the tool ran.
import { createElement as h, useEffect, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { createAutoSend, getLocation, ready } from 'adk-stream-wasm';
import { useAdkChat } from 'adk-stream-wasm/react/sse';
import { APPROVAL_ID, MESSAGES } from '../messages.js';

function App() {
  const { messages, approve } = useAdkChat({ mode: 'sse', api: '/api/chat', messages: MESSAGES });
  const [send, setSend] = useState('…');
  const [location, setLocation] = useState('…');
  useEffect(() => {
    getLocation({ timeoutMs: 2000 }).then(
      (position) => setLocation(`${position.latitude}, ${position.longitude}`),
      (error) => setLocation(`${error.name}: ${error.code}`),
    );
  }, []);
  useEffect(() => {
    ready.then(() => setSend(String(createAutoSend({ mode: 'sse' }).sendAutomaticallyWhen({ messages }))));
  }, [messages]);
  // The decision is shown once the tool has answered, so the bench counts the tool's chunk.
  return h(
    'main',
    null,
    h('p', { id: 'app' }, location === '…' ? 'deciding…' : `send: ${send}`),
    h('p', { id: 'location' }, `location: ${location}`),
    h('button', { onClick: () => approve(APPROVAL_ID) }, 'Approve'),
  );
}

createRoot(document.getElementById('root')).render(h(App));
