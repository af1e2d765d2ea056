// Vue's useAdkChat body, shared by `adk-stream-wasm/vue` (vue.js, either mode), the SSE-only
// `adk-stream-wasm/vue/sse` (vue-sse.js) and the BIDI-only `/vue/bidi` (vue-bidi.js): computed refs
// over the chat's own reactive messages, as @ai-sdk/vue's Chat is used in a component. The BIDI
// parts (chat/bidi-parts.js) and the SSE transport come in as arguments, so an entry of one mode
// leaves the other's out.
import { computed, getCurrentScope, onScopeDispose } from 'vue';
import { Chat } from '@ai-sdk/vue';
import { createFrameworkChat } from '../chat/framework-chat.js';
/** @import { UIMessage } from 'ai' */

/**
 * The hook with the BIDI parts (`BIDI`) and AdkSseTransport (`SSE`), or without one of them (null)
 * for an entry of one mode (createFrameworkChat).
 * @param {Record<string, any>} options @param {typeof import('../chat/bidi-parts.js').BIDI | null} BIDI
 * @param {typeof import('../transport/sse/sse-transport.js').AdkSseTransport | null} SSE
 * @returns {import('../vue.js').UseAdkChatResult}
 */
export function useAdkChatWith(options, BIDI, SSE) {
  const { chat, adk, transport, close } = createFrameworkChat(options, /** @type {new (init: any) => Chat<UIMessage>} */ (Chat), 'useAdkChat', BIDI, SSE);
  if (getCurrentScope()) onScopeDispose(close);
  return {
    chat,
    messages: computed(() => chat.messages),
    status: computed(() => chat.status),
    error: computed(() => chat.error),
    pendingApprovals: computed(() => adk.pendingApprovals(chat.messages)),
    explain: computed(() => adk.explain(chat.messages)),
    sendMessage: chat.sendMessage,
    regenerate: chat.regenerate,
    stop: chat.stop,
    approve: adk.approve,
    deny: adk.deny,
    answerApprovals: adk.answerApprovals,
    // The library's addToolOutput: it tells the engine the output is the browser's.
    addToolOutput: adk.addToolOutput,
    adk,
    transport: /** @type {any} */ (transport),
    close,
  };
}
