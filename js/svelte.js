// `adk-stream-wasm/svelte`: AdkChat for Svelte 5, AI SDK's Svelte `Chat` (@ai-sdk/svelte) with this
// library's engine, helpers, browser tools and transport (issue 34). A class with reactive getters,
// as @ai-sdk/svelte's Chat is: each reads the chat's `$state` messages, so a template or a
// `$derived` that reads `pendingApprovals` or `explain` updates with them. Plain JS: the runes live
// in AI SDK's Chat, which the app's Svelte compiler compiles.
// svelte/adk-chat.js has its body; svelte-sse.js and svelte-bidi.js are the entries of one mode, the
// same class without the other mode's parts (chat/bidi-parts.js, the SSE transport).
import { BIDI } from './chat/bidi-parts.js';
import { AdkSseTransport } from './transport/sse/sse-transport.js';
import { AdkChatWith } from './svelte/adk-chat.js';
// `adk-stream-wasm/svelte` imports `@ai-sdk/svelte` (and so `svelte` and `ai`) when it runs, so its
// types use theirs directly: an app that imports this entry point has them installed.
/** @import { UIMessage, ChatTransport } from 'ai' */

/** @typedef {import('./chat/framework-chat.js').AdkChatMode} AdkChatMode */
/**
 * @template {UIMessage<unknown>} [M=UIMessage<unknown>]
 * @template {AdkChatMode} [MODE=AdkChatMode]
 * @typedef {import('./chat/framework-chat.js').AdkChatOptions<M, MODE>} AdkChatOptions
 */
/**
 * @template {UIMessage<unknown>} [M=UIMessage<unknown>]
 * @template {AdkChatMode} [MODE=AdkChatMode]
 * @typedef {import('./chat/framework-chat.js').AdkChatTransport<M, MODE>} AdkChatTransport
 */
/**
 * @template {UIMessage<unknown>} [M=UIMessage<unknown>]
 * @typedef {import('./chat/framework-chat.js').AdkChatBidiTransport<M>} AdkChatBidiTransport
 */

/**
 * `new AdkChat({mode: 'sse' | 'bidi', api?, url?, bidiPattern?, tools?, frontendTools?, backend?,
 * transport?, transportOptions?, id?, ...chatOptions})`: AI SDK's Svelte `Chat` with the package's
 * engine, approval helpers, browser tools and transport. Its getters read the chat's reactive
 * state: templates and `$derived` update with them. Closed with the component that creates it.
 * @template {UIMessage<unknown>} [M=UIMessage<unknown>]
 * @template {AdkChatMode} [MODE='sse']
 * @template {ChatTransport<M> | undefined} [OWN=undefined]
 * @extends {AdkChatWith<M, MODE, OWN>}
 */
export class AdkChat extends AdkChatWith {
  /**
   * `mode` decides the transport's type, as in React's useAdkChat.
   * @param {AdkChatOptions<M, MODE> & { transport?: OWN }} [options]
   */
  constructor(options = {}) {
    super(options, BIDI, AdkSseTransport);
  }
}
