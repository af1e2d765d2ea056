// `adk-stream-wasm/svelte/bidi`: Svelte's AdkChat for apps that talk BIDI only. The same class as
// `adk-stream-wasm/svelte`'s, less the SSE transport (AdkSseTransport and the ADK request encoding
// it alone uses in the first chunk): about 0.3 KB gzip less in an app. Its mode is 'bidi'; mode
// 'sse' is refused by name.
import { BIDI } from './chat/bidi-parts.js';
import { AdkChatWith } from './svelte/adk-chat.js';
/** @import { UIMessage, ChatTransport } from 'ai' */

/**
 * @template {UIMessage<unknown>} [M=UIMessage<unknown>]
 * @template {import('./svelte.js').AdkChatMode} [MODE=import('./svelte.js').AdkChatMode]
 * @typedef {import('./svelte.js').AdkChatOptions<M, MODE>} AdkChatOptions
 */

/**
 * `new AdkChat({mode?: 'bidi', url, bidiPattern?, tools?, frontendTools?, backend?, transport?,
 * transportOptions?, id?, ...chatOptions})`: AdkChat in BIDI mode (`mode` may be left out, or
 * `'bidi'`); `mode: 'sse'` throws `AdkInvalidArgumentError` (take AdkChat from
 * `adk-stream-wasm/svelte` for SSE). Closed with the component that creates it.
 * @template {UIMessage<unknown>} [M=UIMessage<unknown>]
 * @template {ChatTransport<M> | undefined} [OWN=undefined]
 * @extends {AdkChatWith<M, 'bidi', OWN>}
 */
export class AdkChat extends AdkChatWith {
  /** @param {Omit<AdkChatOptions<M, 'bidi'>, 'api'> & { transport?: OWN }} [options] */
  constructor(options = {}) {
    super(options, BIDI, null);
  }
}
