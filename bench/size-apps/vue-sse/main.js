// The Vue SSE size app: the Vue baseline's chat through adk-stream-wasm, `useAdkChat` from the
// SSE-only entry `adk-stream-wasm/vue/sse` (AI SDK's Vue `Chat` and `DefaultChatTransport`
// underneath), its `approve`, and a `createAutoSend` decision on the same chat.
import { createApp, h, ref, watchEffect } from 'vue';
import { createAutoSend, ready } from 'adk-stream-wasm';
import { useAdkChat } from 'adk-stream-wasm/vue/sse';
import { APPROVAL_ID, MESSAGES } from '../messages.js';

createApp({
  setup() {
    const { messages, approve } = useAdkChat({ mode: 'sse', api: '/api/chat', messages: MESSAGES });
    const send = ref('…');
    watchEffect(() => {
      const list = messages.value;
      void ready.then(() => (send.value = String(createAutoSend({ mode: 'sse' }).sendAutomaticallyWhen({ messages: list }))));
    });
    return () =>
      h('main', [h('p', { id: 'app' }, `send: ${send.value}`), h('button', { onClick: () => approve(APPROVAL_ID) }, 'Approve')]);
  },
}).mount('#root');
