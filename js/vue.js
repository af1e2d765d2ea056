// `adk-stream-wasm/vue`: useAdkChat for Vue 3, AI SDK's Vue `Chat` (@ai-sdk/vue) with this
// library's engine, helpers, browser tools and transport (issue 34), in either mode:
// vue/use-adk-chat.js has its body, with what only BIDI needs (chat/bidi-parts.js) and the SSE
// transport; vue-sse.js and vue-bidi.js are the entries of one mode, the same body without the other's.
import { BIDI } from './chat/bidi-parts.js';
import { AdkSseTransport } from './transport/sse/sse-transport.js';
import { useAdkChatWith } from './vue/use-adk-chat.js';
// `adk-stream-wasm/vue` imports `vue`, `@ai-sdk/vue` and `ai` when it runs, so its types use theirs
// directly: an app that imports this entry point has all three installed.
/** @import { ComputedRef } from 'vue' */
/** @import { Chat } from '@ai-sdk/vue' */
/** @import { UIMessage, ChatStatus, ChatTransport } from 'ai' */
/** @import { Adk } from './chat/adk-types.d.ts' */
/** @import { Explanation, PendingApproval } from './index.js' */

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
 * @template {UIMessage<unknown>} [M=UIMessage<unknown>]
 * @template {AdkChatMode} [MODE=AdkChatMode]
 * @template {ChatTransport<M> | undefined} [OWN=undefined]
 * @typedef {object} UseAdkChatResult
 * @property {Chat<M>} chat AI SDK's Vue `Chat` itself (its messages are reactive).
 * @property {ComputedRef<M[]>} messages
 * @property {ComputedRef<ChatStatus>} status
 * @property {ComputedRef<Error | undefined>} error
 * @property {ComputedRef<PendingApproval<M>[]>} pendingApprovals The pending approvals of the last assistant message, recomputed as the messages change.
 * @property {ComputedRef<Explanation>} explain Why the engine sends or waits (`rule` is stable; render from it).
 * @property {Chat<M>['sendMessage']} sendMessage
 * @property {Chat<M>['regenerate']} regenerate
 * @property {Chat<M>['stop']} stop
 * @property {Adk['approve']} approve
 * @property {Adk['deny']} deny
 * @property {Adk['answerApprovals']} answerApprovals
 * @property {Adk['addToolOutput']} addToolOutput The library's `adk.addToolOutput`: it tells the engine the output is the browser's.
 * @property {Adk} adk
 * @property {OWN extends ChatTransport<M> ? OWN : AdkChatTransport<M, MODE>} transport The transport given as `transport`, else the one the chat built.
 * @property {() => void} close Detaches the engine and closes the transport it built; done by itself when the component unmounts.
 */

/**
 * `useAdkChat({mode: 'sse' | 'bidi', api?, url?, bidiPattern?, tools?, frontendTools?, backend?,
 * transport?, transportOptions?, id?, ...chatOptions})`, called in `setup()` (or
 * `<script setup>`): the chat, computed `messages`, `status`, `error`, `pendingApprovals` and
 * `explain`, and the chat's and the engine's actions. The options are read once, as `new Chat`
 * reads its own: a chat with other options is another component (give it a `key`). The chat is
 * closed (its engine detached, the transport it built closed) when the component unmounts.
 * `mode` decides the transport's type, as in React's useAdkChat.
 * @template {UIMessage<unknown>} [M=UIMessage<unknown>]
 * @template {AdkChatMode} [MODE='sse']
 * @template {ChatTransport<M> | undefined} [OWN=undefined]
 * @param {AdkChatOptions<M, MODE> & { transport?: OWN }} [options]
 * @returns {UseAdkChatResult<M, MODE, OWN>}
 */
export function useAdkChat(options = {}) {
  return /** @type {any} */ (useAdkChatWith(options, BIDI, AdkSseTransport));
}
