// Issue 34: `adk-stream-wasm/svelte`'s AdkChat, the class over AI SDK's Svelte Chat (a runes
// module, compiled here by @sveltejs/vite-plugin-svelte), against the demo backend over SSE and
// BIDI (SPEC §3 F1, F2, F3, F6, F8; §4a W6), the options checked, close() detaches the engine.
// That its getters are reactive (a `$derived` follows them) is svelte-reactivity.test.ts's.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AdkChat } from 'adk-stream-wasm/svelte';
import { AdkChat as SseOnlyChat } from 'adk-stream-wasm/svelte/sse';
import { AdkChat as BidiOnlyChat } from 'adk-stream-wasm/svelte/bidi';
import { AdkSseTransport } from 'adk-stream-wasm/chat';
import { adkScript } from 'adk-stream-wasm/testing';
import { FRAMEWORKS, aiSdk } from './helpers/frameworks.js';
import { assistantText, grantGeolocation, sleep, useDemoBackend, waitUntil } from './helpers/chat.js';

const backend = useDemoBackend();
const chats: AdkChat<any, any, any>[] = [];
afterEach(() => {
  while (chats.length > 0) chats.pop()!.close();
  vi.unstubAllGlobals();
});

function create(options: ConstructorParameters<typeof AdkChat>[0]) {
  const chat = new AdkChat(options as any);
  chats.push(chat);
  return chat;
}
const endpoint = (mode: 'sse' | 'bidi') => (mode === 'sse' ? { mode, api: `${backend.url}/stream` } : { mode, url: `${backend.url.replace(/^http/, 'ws')}/live` });
const requests = (mode: 'sse' | 'bidi') => (mode === 'sse' ? backend.counts().sseRequests : backend.counts().bidiMessages);

describe(`adk-stream-wasm/svelte AdkChat (AI SDK ${aiSdk})`, () => {
  for (const mode of ['sse', 'bidi'] as const) {
    it.each([true, false])(`SPEC §3 F1/F2/F6, issue 34: ${mode}, a payment approved (%s) through pendingApprovals: 2 requests`, async (approved) => {
      const chat = create(endpoint(mode));
      await chat.sendMessage({ text: 'Send $50 to Hanako' });
      await waitUntil(() => chat.pendingApprovals.length === 1 && chat.status === 'ready', () => `one approval pending (${chat.status})`);
      expect(chat.explain.rule).toBe('approval-pending');
      const [p] = chat.pendingApprovals;
      await (approved ? chat.approve(p.approvalId) : chat.deny(p.approvalId, { reason: 'not now' }));
      const final = approved ? /Sent \$50 to Hanako/ : /you denied it/;
      await waitUntil(() => final.test(assistantText(chat.messages)) && chat.status === 'ready', () => `the final text (${chat.status})`);
      await sleep(200);
      expect(requests(mode)).toBe(2);
      expect(chat.error).toBeUndefined();
      expect(backend.counts().violations).toEqual([]);
    });

    it(`SPEC §3 F3/F8, issue 34: ${mode}, get_location approved: runs by itself after the approval, the position reaches the backend`, async () => {
      const geolocation = grantGeolocation();
      const chat = create(endpoint(mode));
      await chat.sendMessage({ text: 'Where am I?' });
      await waitUntil(() => chat.pendingApprovals.length === 1 && chat.status === 'ready', () => `one approval pending (${chat.status})`);
      expect(geolocation.calls).toBe(0);
      await chat.approve(chat.pendingApprovals[0].approvalId);
      await waitUntil(() => /You are at latitude 35\.6762/.test(assistantText(chat.messages)) && chat.status === 'ready', () => `the final text (${chat.status})`);
      await sleep(200);
      expect(geolocation.calls).toBe(1);
      expect(requests(mode)).toBe(2);
      expect(backend.counts().violations).toEqual([]);
    });
  }

  it('SPEC §4a W6, issue 34: bidi, two approvals in one turn: both pending together, both answers in one frame', async () => {
    const chat = create(endpoint('bidi'));
    await chat.sendMessage({ text: 'Pay $30 to Alice and $40 to Bob at once' });
    await waitUntil(() => chat.pendingApprovals.length === 2 && chat.status === 'ready', () => `both approvals pending (${chat.status})`);
    const [alice, bob] = chat.pendingApprovals;
    await chat.approve(alice.approvalId);
    await chat.deny(bob.approvalId);
    await waitUntil(() => /\$40 to Bob/.test(assistantText(chat.messages)) && chat.status === 'ready', () => `the final text (${chat.status})`);
    await sleep(200);
    expect(backend.counts().bidiMessages).toBe(2);
    expect(chat.messages.filter((m: any) => m.role === 'assistant')).toHaveLength(1);
    expect(backend.counts().violations).toEqual([]);
  });

  it('issue 34: with the testing kit as its transport; close() detaches the engine and leaves the given transport open', async () => {
    const transport = adkScript({ mode: 'sse' }).approvalRequest('process_payment', { amount: 5 }).done().text('Paid.').done().transport();
    const chat = new AdkChat({ transport });
    await chat.sendMessage({ text: 'Pay $5' });
    await transport.settled();
    await waitUntil(() => chat.pendingApprovals.length === 1, 'the approval is pending');
    await chat.approve(chat.pendingApprovals[0].approvalId);
    expect(await transport.settled()).toBe(2);
    await waitUntil(() => chat.status === 'ready', 'the chat is ready');
    expect(assistantText(chat.messages)).toBe('Paid.');
    chat.close();
    expect(chat.adk.chat).toBeNull();
  });

  it(`issue 34: the chat is AI SDK ${aiSdk}'s svelte Chat`, () => {
    const chat = create({ transport: adkScript({ mode: 'sse' }).text('Hi.').done().transport() });
    expect(chat.chat).toBeInstanceOf(FRAMEWORKS.find((f) => f.name === 'svelte')!.Chat);
  });

  it('issue 34: an option AdkChat does not know, or sendAutomaticallyWhen, is an AdkInvalidArgumentError', () => {
    expect(() => new AdkChat({ mode: 'sse', tranport: {} } as any)).toThrow(expect.objectContaining({ name: 'AdkInvalidArgumentError', message: expect.stringMatching(/the option `tranport` is not one AdkChat knows/) }));
    expect(() => new AdkChat({ sendAutomaticallyWhen: () => true } as any)).toThrow(expect.objectContaining({ name: 'AdkInvalidArgumentError' }));
  });
});

// Issue 42: the SSE-only entry, the same class without the BIDI parts (as React's /react/sse).
describe(`adk-stream-wasm/svelte/sse AdkChat (AI SDK ${aiSdk})`, () => {
  it('SPEC §3 F1/F6, issue 42: sse, a payment approved through pendingApprovals: 2 requests, over AdkSseTransport', async () => {
    const chat = new SseOnlyChat({ api: `${backend.url}/stream` });
    chats.push(chat as unknown as AdkChat<any, any, any>);
    expect(chat.transport).toBeInstanceOf(AdkSseTransport);
    await chat.sendMessage({ text: 'Send $50 to Hanako' });
    await waitUntil(() => chat.pendingApprovals.length === 1 && chat.status === 'ready', () => `one approval pending (${chat.status})`);
    expect(chat.explain.rule).toBe('approval-pending');
    await chat.approve(chat.pendingApprovals[0].approvalId);
    await waitUntil(() => /Sent \$50 to Hanako/.test(assistantText(chat.messages)) && chat.status === 'ready', () => `the final text (${chat.status})`);
    await sleep(200);
    expect(backend.counts().sseRequests).toBe(2);
    expect(chat.error).toBeUndefined();
    expect(backend.counts().violations).toEqual([]);
  });

  it("issue 42: mode 'bidi' is an AdkInvalidArgumentError that names the SSE-only entry", () => {
    expect(() => new SseOnlyChat({ mode: 'bidi', url: 'ws://127.0.0.1:9/live' } as any)).toThrow(
      expect.objectContaining({ name: 'AdkInvalidArgumentError', message: expect.stringMatching(/^AdkChat\(\): mode 'bidi' in the SSE-only entry/) }),
    );
  });
});

// Issue 42: the BIDI-only entry, the same class without the SSE transport; its mode is 'bidi'.
describe(`adk-stream-wasm/svelte/bidi AdkChat (AI SDK ${aiSdk})`, () => {
  it('SPEC §3 F1/F6, issue 42: no mode is BIDI: a payment approved through pendingApprovals, 2 message frames', async () => {
    const chat = new BidiOnlyChat({ url: `${backend.url.replace(/^http/, 'ws')}/live` });
    chats.push(chat as unknown as AdkChat<any, any, any>);
    expect(chat.transport).not.toBeInstanceOf(AdkSseTransport);
    await chat.sendMessage({ text: 'Send $50 to Hanako' });
    await waitUntil(() => chat.pendingApprovals.length === 1 && chat.status === 'ready', () => `one approval pending (${chat.status})`);
    await chat.approve(chat.pendingApprovals[0].approvalId);
    await waitUntil(() => /Sent \$50 to Hanako/.test(assistantText(chat.messages)) && chat.status === 'ready', () => `the final text (${chat.status})`);
    await sleep(200);
    expect(backend.counts().bidiMessages).toBe(2);
    expect(backend.counts().sseRequests).toBe(0);
    expect(chat.error).toBeUndefined();
    expect(backend.counts().violations).toEqual([]);
  });

  it("issue 42: mode 'sse' is an AdkInvalidArgumentError that names the BIDI-only entry", () => {
    expect(() => new BidiOnlyChat({ mode: 'sse', api: '/stream' } as any)).toThrow(
      expect.objectContaining({ name: 'AdkInvalidArgumentError', message: expect.stringMatching(/^AdkChat\(\): mode 'sse' in the BIDI-only entry/) }),
    );
  });
});
