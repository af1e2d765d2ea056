import { createApp } from 'vue';
import App from './App.vue';

// ?mode=bidi talks over the WebSocket, else SSE; ?backend=http://host:port is the ADK backend
// (default: this origin). The npm README's App.vue takes the chat's options as a prop.
const params = new URLSearchParams(location.search);
const backend = params.get('backend') ?? location.origin;
const options =
  params.get('mode') === 'bidi'
    ? { mode: 'bidi' as const, url: `${backend.replace(/^http/, 'ws')}/live` }
    : { mode: 'sse' as const, api: `${backend}/stream` };

createApp(App, { options }).mount('#app');
