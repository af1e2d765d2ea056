// `adk-stream-wasm/chat`: createAdk and attachAdk (create-adk.js), the SSE transport for an ADK
// backend, and resumeBuffered. The modules stay apart so that useAdkChat, which builds on createAdk,
// loads resumeBuffered only when a BIDI chat needs it (an SSE app never downloads it).
export { createAdk, attachAdk } from './chat/create-adk.js';
export { AdkSseTransport } from './transport/sse/sse-transport.js';
export { resumeBuffered } from './chat/resume-buffered.js';
