// `adk-stream-wasm/chat`: createAdk and attachAdk (create-adk.js), the SSE transport for an ADK
// backend, and resumeBuffered. The modules stay apart so that useAdkChat, which builds on createAdk,
// loads resumeBuffered only when a BIDI chat needs it (an SSE app never downloads it).
export { createAdk, attachAdk } from './chat/create-adk.js';
export { AdkSseTransport } from './transport/sse/sse-transport.js';
export { resumeBuffered } from './chat/resume-buffered.js';

/** @typedef {import('./chat/adk-types.d.ts').BrowserTool} BrowserTool */
/** @typedef {import('./chat/adk-types.d.ts').AdkOptions} AdkOptions */
/** @typedef {import('./chat/adk-types.d.ts').Adk} Adk */
/** @typedef {import('./index.js').ToolCallClaim} ToolCallClaim */
/**
 * @template {import('ai').UIMessage<unknown>} [M=import('ai').UIMessage<unknown>]
 * @typedef {import('./transport/sse/sse-transport.js').AdkSseTransportOptions<M>} AdkSseTransportOptions
 */
/** @typedef {import('./transport/sse/sse-transport.js').AdkSseTransportErrorKind} AdkSseTransportErrorKind */
