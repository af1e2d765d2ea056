// `adk-stream-wasm/svelte/sse`: Svelte's AdkChat for apps that talk SSE only. The same class as
// `adk-stream-wasm/svelte`'s, less what only a BIDI chat needs (chat/bidi-parts.js: the BIDI
// transport, Pattern B's tool_result, the resume of buffered chunks with AI SDK's stream reader):
// about 1.8 KB gzip less in an app. Mode 'bidi' is refused by name.
import { AdkChatWith } from './svelte/adk-chat.js';
import { AdkSseTransport } from './transport/sse/sse-transport.js';
/** @import { UIMessage, ChatTransport } from 'ai' */

/**
 * @template {UIMessage<unknown>} [M=UIMessage<unknown>]
 * @template {import('./svelte.js').AdkChatMode} [MODE=import('./svelte.js').AdkChatMode]
 * @typedef {import('./svelte.js').AdkChatOptions<M, MODE>} AdkChatOptions
 */

/**
 * `new AdkChat({mode?: 'sse', api?, tools?, frontendTools?, backend?, transport?,
 * transportOptions?, id?, ...chatOptions})`: AdkChat in SSE mode (`mode` may be left out, or
 * `'sse'`); `mode: 'bidi'` throws `AdkInvalidArgumentError` (take AdkChat from
 * `adk-stream-wasm/svelte` for BIDI). Closed with the component that creates it.
 * @template {UIMessage<unknown>} [M=UIMessage<unknown>]
 * @template {ChatTransport<M> | undefined} [OWN=undefined]
 * @extends {AdkChatWith<M, 'sse', OWN>}
 */
export class AdkChat extends AdkChatWith {
  /** @param {Omit<AdkChatOptions<M, 'sse'>, 'url' | 'bidiPattern'> & { transport?: OWN }} [options] */
  constructor(options = {}) {
    super(options, null, AdkSseTransport);
  }
}
