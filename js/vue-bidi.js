// `adk-stream-wasm/vue/bidi`: Vue's useAdkChat for apps that talk BIDI only. The same hook as
// `adk-stream-wasm/vue`'s, less the SSE transport (AdkSseTransport and the ADK request encoding it
// alone uses in the first chunk): about 0.3 KB gzip less in an app. Its mode is 'bidi'; mode 'sse'
// is refused by name.
import { BIDI } from './chat/bidi-parts.js';
import { useAdkChatWith } from './vue/use-adk-chat.js';
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
 * useAdkChat in BIDI mode (`mode` may be left out, or `'bidi'`); `mode: 'sse'` throws
 * `AdkInvalidArgumentError` (take useAdkChat from `adk-stream-wasm/vue` for SSE).
 * `useAdkChat({mode?: 'bidi', url, bidiPattern?, tools?, frontendTools?, backend?, transport?,
 * transportOptions?, id?, ...chatOptions})`, called in `setup()`; closed when the component unmounts.
 * @template {UIMessage<unknown>} [M=UIMessage<unknown>]
 * @template {ChatTransport<M> | undefined} [OWN=undefined]
 * @param {Omit<AdkChatOptions<M, 'bidi'>, 'api'> & { transport?: OWN }} [options]
 * @returns {UseAdkChatResult<M, 'bidi', OWN>}
 */
export function useAdkChat(options = {}) {
  return /** @type {any} */ (useAdkChatWith(options, BIDI, null));
}
