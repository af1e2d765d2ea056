import { mount } from 'svelte';
import App from './App.svelte';

// ?mode=bidi talks over the WebSocket, else SSE; ?backend=http://host:port is the ADK backend
// (default: this origin). The npm README's App.svelte takes the chat's options as a prop.
const params = new URLSearchParams(location.search);
const backend = params.get('backend') ?? location.origin;
const options =
  params.get('mode') === 'bidi'
    ? { mode: 'bidi' as const, url: `${backend.replace(/^http/, 'ws')}/live` }
    : { mode: 'sse' as const, api: `${backend}/stream` };

mount(App, { target: document.getElementById('app')!, props: { options } });
