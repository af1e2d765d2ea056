// The Vue BIDI size app: the Vue SSE app's chat over the WebSocket transport, `useAdkChat` from the
// BIDI-only entry `adk-stream-wasm/vue/bidi` (nothing connects before the first request, so the
// page needs no server).
import { createApp, h, ref, watchEffect } from 'vue';
import { createAutoSend, ready } from 'adk-stream-wasm';
import { useAdkChat } from 'adk-stream-wasm/vue/bidi';
import { APPROVAL_ID, MESSAGES } from '../messages.js';

createApp({
  setup() {
    const { messages, approve } = useAdkChat({ mode: 'bidi', url: 'ws://127.0.0.1:9/adk', messages: MESSAGES });
    const send = ref('…');
    watchEffect(() => {
      const list = messages.value;
      void ready.then(() => (send.value = String(createAutoSend({ mode: 'bidi' }).sendAutomaticallyWhen({ messages: list }))));
    });
    return () =>
      h('main', [h('p', { id: 'app' }, `send: ${send.value}`), h('button', { onClick: () => approve(APPROVAL_ID) }, 'Approve')]);
  },
}).mount('#root');
