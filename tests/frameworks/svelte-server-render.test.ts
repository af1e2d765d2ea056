// Issue 42 items 1 and 4: a server render (SvelteKit's, `svelte/server`'s render, Svelte's server
// build) of a component that builds a BIDI AdkChat, with the URL helper of the npm README's
// SvelteKit and Nuxt examples: the render succeeds without `window`, opens no socket, and the chat
// is closed when the render ends (Svelte runs onDestroy on the server).
import { render } from 'svelte/server';
import { expect, it } from 'vitest';
import type { AdkChat } from 'adk-stream-wasm/svelte';
import { aiSdk } from './helpers/frameworks.js';
import { sleep, useDemoBackend } from './helpers/chat.js';
import { liveUrl } from './helpers/live-url.js';
import ChatOwner from './helpers/ChatOwner.svelte';

const backend = useDemoBackend();

it("issue 42 item 1: the README's liveUrl runs where there is no window, from the page's URL", () => {
  expect(typeof window).toBe('undefined');
  expect(liveUrl(new URL('https://app.example/chat?mode=bidi'))).toBe('wss://app.example/live');
  expect(liveUrl('http://127.0.0.1:5173/', '/ws')).toBe('ws://127.0.0.1:5173/ws');
});

it(`issue 42 items 1 and 4: a server render of a component with a BIDI AdkChat (AI SDK ${aiSdk}): rendered, no socket, the chat closed after`, async () => {
  let chat: AdkChat<any, any, any> | undefined;
  const page = new URL(`${backend.url}/?mode=bidi`);
  const { body } = render(ChatOwner, { props: { options: { mode: 'bidi', url: liveUrl(page) }, onchat: (c) => (chat = c) } });
  expect(body).toContain('0 messages');
  expect(chat!.adk.chat, 'the chat was closed when the render ended').toBeNull();
  await sleep(200);
  expect(backend.counts().bidiConnections).toBe(0);
});
