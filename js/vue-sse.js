// `adk-stream-wasm/vue/sse`: Vue's useAdkChat for apps that talk SSE only. The same hook as
// `adk-stream-wasm/vue`'s, less what only a BIDI chat needs (chat/bidi-parts.js: the BIDI transport,
// Pattern B's tool_result, the resume of buffered chunks with AI SDK's stream reader): about 1.8 KB
// gzip less in an app. Mode 'bidi' is refused by name.
import { useAdkChatWith } from './vue/use-adk-chat.js';
import { AdkSseTransport } from './transport/sse/sse-transport.js';
/** @import { UIMessage, ChatTransport } from 'ai' */

/**
 * @template {UIMessage<unknown>} [M=UIMessage<unknown>]
 * @template {import('./vue.js').AdkChatMode} [MODE=import('./vue.js').AdkChatMode]
 * @typedef {import('./vue.js').AdkChatOptions<M, MODE>} AdkChatOptions
 */
/**
 * @template {UIMessage<unknown>} [M=UIMessage<unknown>]
 * @template {import('./vue.js').AdkChatMode} [MODE=import('./vue.js').AdkChatMode]
 * @template {ChatTransport<M> | undefined} [OWN=undefined]
 * @typedef {import('./vue.js').UseAdkChatResult<M, MODE, OWN>} UseAdkChatResult
 */

/**
 * useAdkChat in SSE mode (`mode` may be left out, or `'sse'`); `mode: 'bidi'` throws
 * `AdkInvalidArgumentError` (take useAdkChat from `adk-stream-wasm/vue` for BIDI).
 * `useAdkChat({mode?: 'sse', api?, tools?, frontendTools?, backend?, transport?,
 * transportOptions?, id?, ...chatOptions})`, called in `setup()`; closed when the component unmounts.
 * @template {UIMessage<unknown>} [M=UIMessage<unknown>]
 * @template {ChatTransport<M> | undefined} [OWN=undefined]
 * @param {Omit<AdkChatOptions<M, 'sse'>, 'url' | 'bidiPattern'> & { transport?: OWN }} [options]
 * @returns {UseAdkChatResult<M, 'sse', OWN>}
 */
export function useAdkChat(options = {}) {
  return /** @type {any} */ (useAdkChatWith(options, null, AdkSseTransport));
}
