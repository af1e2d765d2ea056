// `adk-stream-wasm/vue`: useAdkChat for Vue 3, AI SDK's Vue `Chat` (@ai-sdk/vue) with this
// library's engine, helpers, browser tools and transport (issue 34). Its state is computed refs
// over the chat's own reactive messages, as @ai-sdk/vue's Chat is used in a component.
import { computed, getCurrentScope, onScopeDispose } from 'vue';
import { Chat } from '@ai-sdk/vue';
import { createFrameworkChat } from './chat/framework-chat.js';

/**
 * `useAdkChat({mode: 'sse' | 'bidi', api?, url?, bidiPattern?, tools?, frontendTools?, backend?,
 * transport?, transportOptions?, id?, ...chatOptions})`, called in `setup()` (or
 * `<script setup>`): the chat, computed `messages`, `status`, `error`, `pendingApprovals` and
 * `explain`, and the chat's and the engine's actions. The options are read once, as `new Chat`
 * reads its own: a chat with other options is another component (give it a `key`). The chat is
 * closed (its engine detached, the transport it built closed) when the component unmounts.
 * Its types are in vue.d.ts; this JSDoc only lets tsc check the body (tools/check-types.mjs).
 * @param {Record<string, any>} [options]
 */
export function useAdkChat(options = {}) {
  const { chat, adk, transport, close } = createFrameworkChat(options, Chat, 'useAdkChat');
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
    transport,
    close,
  };
}
