// `adk-stream-wasm/react/sse`: useAdkChat for apps that talk SSE only. The same hook as
// `adk-stream-wasm/react`'s, less what only a BIDI chat needs (chat/bidi-parts.js: the BIDI
// transport, Pattern B's tool_result, the resume of buffered chunks): about 1.2 KB gzip less in an
// app. Mode 'bidi' is refused by name.
import { useAdkChatWith } from './react/use-adk-chat.js';

/**
 * `useAdkChat({mode?: 'sse', api?, bidiPattern?, tools?, frontendTools?, backend?, transport?,
 * transportOptions?, id?, ...chatOptions})`: see react-sse.d.ts.
 * @param {Record<string, any>} [options]
 */
export function useAdkChat(options = {}) {
  return useAdkChatWith(options, null, 'useAdkChat');
}

export { useToolExecutors } from './react.js';
