// Vue's useAdkChat body, shared by `adk-stream-wasm/vue` (vue.js, either mode) and the SSE-only
// `adk-stream-wasm/vue/sse` (vue-sse.js): computed refs over the chat's own reactive messages, as
// @ai-sdk/vue's Chat is used in a component. The BIDI parts (chat/bidi-parts.js) come in as an
// argument, so the SSE-only entry leaves them out.
import { computed, getCurrentScope, onScopeDispose } from 'vue';
import { Chat } from '@ai-sdk/vue';
import { createFrameworkChat } from '../chat/framework-chat.js';
/** @import { UIMessage } from 'ai' */

/**
 * The hook with the BIDI parts (`BIDI`) or, for the SSE-only entry, without them (null).
 * @param {Record<string, any>} options @param {typeof import('../chat/bidi-parts.js').BIDI | null} BIDI
 * @returns {import('../vue.js').UseAdkChatResult}
 */
export function useAdkChatWith(options, BIDI) {
  const { chat, adk, transport, close } = createFrameworkChat(options, /** @type {new (init: any) => Chat<UIMessage>} */ (Chat), 'useAdkChat', BIDI);
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
