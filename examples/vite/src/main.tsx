import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { ChatApp } from './ChatApp';

// ?mode=sse|bidi picks the transport; ?backend=http://host:port the ADK backend (default: this origin).
const params = new URLSearchParams(location.search);
const backend = params.get('backend') ?? location.origin;
const mode = params.get('mode') === 'bidi' ? 'bidi' : 'sse';

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <ChatApp mode={mode} backend={backend} />
  </StrictMode>,
);
