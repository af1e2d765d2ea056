// @vitest-environment jsdom
// Issue 34: AdkChat's getters are Svelte-reactive: a `$derived` over `pendingApprovals` and
// `explain` (with an effect recording each value, as a component's template does) follows the
// chat as the approval arrives and is answered. In jsdom, with Svelte's browser build: its server
// build runs no effect.
import { expect, it } from 'vitest';
import { AdkChat } from 'adk-stream-wasm/svelte';
import { adkScript } from 'adk-stream-wasm/testing';
import { aiSdk } from './helpers/frameworks.js';
import { waitUntil } from './helpers/chat.js';
import { watchPending } from './helpers/derived.svelte.js';

it(`issue 34: AdkChat (AI SDK ${aiSdk}): a $derived over pendingApprovals and explain follows the chat`, async () => {
  const transport = adkScript({ mode: 'sse' }).approvalRequest('process_payment', { amount: 5 }).done().text('Paid.').done().transport();
  const chat = new AdkChat({ transport });
  const seen = watchPending(chat);
  await chat.sendMessage({ text: 'Pay $5' });
  await waitUntil(() => seen.values.includes('process_payment: approval-pending'), () => `the derived value showed the approval (${JSON.stringify(seen.values)})`);
  await chat.approve(chat.pendingApprovals[0].approvalId);
  expect(await transport.settled()).toBe(2);
  await waitUntil(() => chat.status === 'ready' && seen.values.at(-1)!.startsWith('none'), () => `the derived value showed no approval (${JSON.stringify(seen.values)})`);
  seen.stop();
  chat.close();
  expect(seen.values[0]).toMatch(/^none/);
});
