// `adk-stream-wasm/react/sse`: useAdkChat for apps that talk SSE only. The same hook as
// `adk-stream-wasm/react`'s, less what only a BIDI chat needs (chat/bidi-parts.js: the BIDI
// transport, Pattern B's tool_result, the resume of buffered chunks): about 1.2 KB gzip less in an
// app. Mode 'bidi' is refused by name.
import { useAdkChatWith } from './react/use-adk-chat.js';
/** @import { UIMessage } from 'ai' */

/**
 * @template {UIMessage<unknown>} [M=UIMessage<unknown>]
 * @template {import('./react.js').AdkChatMode} [MODE=import('./react.js').AdkChatMode]
 * @typedef {import('./react.js').AdkOwnTransport<M, MODE>} AdkOwnTransport
 */
/**
 * @template {UIMessage<unknown>} [M=UIMessage<unknown>]
 * @template {import('./react.js').AdkChatMode} [MODE=import('./react.js').AdkChatMode]
 * @typedef {import('./react.js').UseAdkChatOptions<M, MODE>} UseAdkChatOptions
 */
/**
 * @template {UIMessage<unknown>} [M=UIMessage<unknown>]
 * @template {import('./react.js').AdkChatMode} [MODE=import('./react.js').AdkChatMode]
 * @template {import('ai').ChatTransport<M> | undefined} [OWN=undefined]
 * @typedef {import('./react.js').UseAdkChatResult<M, MODE, OWN>} UseAdkChatResult
 */
/** @typedef {import('./react.js').UseToolExecutorsResult} UseToolExecutorsResult */

/**
 * useAdkChat in SSE mode (`mode` may be left out, or `'sse'`); `mode: 'bidi'` throws
 * `AdkInvalidArgumentError` (take useAdkChat from `adk-stream-wasm/react` for BIDI).
 * `useAdkChat({mode?: 'sse', api?, tools?, frontendTools?, backend?, transport?,
 * transportOptions?, id?, ...chatOptions})`.
 * @template {UIMessage<unknown>} [M=UIMessage<unknown>]
 * @template {AdkOwnTransport<M, 'sse'> | undefined} [OWN=undefined]
 * @param {Omit<UseAdkChatOptions<M, 'sse'>, 'url' | 'bidiPattern'> & { transport?: OWN }} [options]
 * @returns {UseAdkChatResult<M, 'sse', OWN>}
 */
export function useAdkChat(options = {}) {
  return /** @type {any} */ (useAdkChatWith(options, null, 'useAdkChat'));
}

export { useToolExecutors } from './react.js';
