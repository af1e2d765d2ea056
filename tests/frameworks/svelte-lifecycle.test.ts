// @vitest-environment jsdom
// Issue 42 item 4: `adk-stream-wasm/svelte`'s AdkChat closes itself when the component that built it
// is destroyed, as Vue's useAdkChat closes with its scope; built outside a component (a module, an
// event handler, a test), it stays the app's to close. In jsdom, with Svelte's browser build.
import { flushSync, mount, unmount } from 'svelte';
import { expect, it } from 'vitest';
import { AdkChat } from 'adk-stream-wasm/svelte';
import { adkScript } from 'adk-stream-wasm/testing';
import { aiSdk } from './helpers/frameworks.js';
import ChatOwner from './helpers/ChatOwner.svelte';

const transport = () => adkScript({ mode: 'sse' }).text('Hi.').done().transport();

it(`issue 42 item 4: AdkChat (AI SDK ${aiSdk}) built by a component is closed when the component is destroyed`, () => {
  let chat: AdkChat<any, any, any> | undefined;
  const target = document.body.appendChild(document.createElement('div'));
  const app = mount(ChatOwner, { target, props: { options: { transport: transport() }, onchat: (c) => (chat = c) } });
  flushSync();
  expect(target.textContent).toContain('0 messages');
  expect(chat!.adk.chat).toBe(chat!.chat);
  unmount(app);
  flushSync();
  expect(chat!.adk.chat, 'the engine is detached: the chat was closed with its component').toBeNull();
  target.remove();
});

it('issue 42 item 4: AdkChat built outside a component stays attached until the app calls close()', () => {
  const chat = new AdkChat({ transport: transport() });
  expect(chat.adk.chat).toBe(chat.chat);
  chat.close();
  expect(chat.adk.chat).toBeNull();
});
