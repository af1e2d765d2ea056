// Issue 34: `adk-stream-wasm/vue`'s useAdkChat, the composable over AI SDK's Vue Chat: computed
// pendingApprovals and explain that follow the chat, against the demo backend over SSE and BIDI
// (SPEC §3 F1, F2, F3, F6; §4a W6), the options checked, the chat closed with its scope.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { effectScope, watch } from 'vue';
import { useAdkChat } from 'adk-stream-wasm/vue';
import { useAdkChat as useSseOnlyChat } from 'adk-stream-wasm/vue/sse';
import { useAdkChat as useBidiOnlyChat } from 'adk-stream-wasm/vue/bidi';
import { AdkSseTransport } from 'adk-stream-wasm/chat';
import { adkScript } from 'adk-stream-wasm/testing';
import { FRAMEWORKS, aiSdk } from './helpers/frameworks.js';
import { assistantText, grantGeolocation, sleep, useDemoBackend, waitUntil } from './helpers/chat.js';

const backend = useDemoBackend();
const scopes: Array<ReturnType<typeof effectScope>> = [];
afterEach(() => {
  while (scopes.length > 0) scopes.pop()!.stop();
  vi.unstubAllGlobals();
});

/** useAdkChat inside an effect scope, as a component's setup() runs it. */
function setup(options: Parameters<typeof useAdkChat>[0]) {
  const scope = effectScope();
  scopes.push(scope);
  return scope.run(() => useAdkChat(options))!;
}

const endpoint = (mode: 'sse' | 'bidi') => (mode === 'sse' ? { mode, api: `${backend.url}/stream` } : { mode, url: `${backend.url.replace(/^http/, 'ws')}/live` });
const requests = (mode: 'sse' | 'bidi') => (mode === 'sse' ? backend.counts().sseRequests : backend.counts().bidiMessages);

describe(`adk-stream-wasm/vue useAdkChat (AI SDK ${aiSdk})`, () => {
  for (const mode of ['sse', 'bidi'] as const) {
    it.each([true, false])(`SPEC §3 F1/F2/F6, issue 34: ${mode}, a payment approved (%s) through the computed pendingApprovals: 2 requests`, async (approved) => {
      const chat = setup(endpoint(mode) as any);
      const seen: string[] = [];
      // The computed refs are reactive: a watcher hears the approval arrive and leave.
      const stop = watch(chat.pendingApprovals, (now) => seen.push(now.map((p) => p.toolName).join(',') || 'none'));
      expect(chat.explain.value.rule).toBeTypeOf('string');
      await chat.sendMessage({ text: 'Send $50 to Hanako' });
      await waitUntil(() => chat.pendingApprovals.value.length === 1 && chat.status.value === 'ready', () => `one approval pending (${chat.status.value})`);
      expect(chat.explain.value.rule).toBe('approval-pending');
      const [p] = chat.pendingApprovals.value;
      await (approved ? chat.approve(p.approvalId) : chat.deny(p.approvalId, { reason: 'not now' }));
      const final = approved ? /Sent \$50 to Hanako/ : /you denied it/;
      await waitUntil(() => final.test(assistantText(chat.messages.value)) && chat.status.value === 'ready', () => `the final text (${chat.status.value})`);
      await sleep(200);
      stop();
      expect(requests(mode)).toBe(2);
      expect(chat.error.value).toBeUndefined();
      expect(chat.pendingApprovals.value).toEqual([]);
      expect(seen).toContain('process_payment');
      expect(seen.at(-1)).toBe('none');
      expect(backend.counts().violations).toEqual([]);
    });

    it(`SPEC §3 F3/F8, issue 34: ${mode}, get_location approved: runs by itself after the approval, the position reaches the backend`, async () => {
      const geolocation = grantGeolocation();
      const chat = setup(endpoint(mode) as any);
      await chat.sendMessage({ text: 'Where am I?' });
      await waitUntil(() => chat.pendingApprovals.value.length === 1 && chat.status.value === 'ready', () => `one approval pending (${chat.status.value})`);
      expect(geolocation.calls).toBe(0);
      await chat.approve(chat.pendingApprovals.value[0].approvalId);
      await waitUntil(() => /You are at latitude 35\.6762/.test(assistantText(chat.messages.value)) && chat.status.value === 'ready', () => `the final text (${chat.status.value}: ${assistantText(chat.messages.value)})`);
      await sleep(200);
      expect(geolocation.calls).toBe(1);
      expect(requests(mode)).toBe(2);
      expect(backend.counts().violations).toEqual([]);
    });
  }

  it('SPEC §4a W6, issue 34: bidi, two approvals in one turn: both pending together, both answers in one frame', async () => {
    const chat = setup(endpoint('bidi') as any);
    await chat.sendMessage({ text: 'Pay $30 to Alice and $40 to Bob at once' });
    await waitUntil(() => chat.pendingApprovals.value.length === 2 && chat.status.value === 'ready', () => `both approvals pending (${chat.pendingApprovals.value.length}; ${chat.status.value})`);
    const [alice, bob] = chat.pendingApprovals.value;
    await chat.approve(alice.approvalId);
    await chat.approve(bob.approvalId);
    await waitUntil(() => /\$40 to Bob/.test(assistantText(chat.messages.value)) && chat.status.value === 'ready', () => `the final text (${chat.status.value})`);
    await sleep(200);
    expect(backend.counts().bidiMessages).toBe(2);
    expect(chat.messages.value.filter((m: any) => m.role === 'assistant')).toHaveLength(1);
    expect(backend.counts().violations).toEqual([]);
  });

  it('issue 34: with the testing kit as its transport; closing the scope detaches the engine and leaves the given transport open', async () => {
    const transport = adkScript({ mode: 'sse' }).approvalRequest('process_payment', { amount: 5 }).done().text('Paid.').done().transport();
    const scope = effectScope();
    const chat = scope.run(() => useAdkChat({ transport }))!;
    await chat.sendMessage({ text: 'Pay $5' });
    await transport.settled();
    await chat.approve(chat.pendingApprovals.value[0].approvalId);
    expect(await transport.settled()).toBe(2);
    expect(assistantText(chat.messages.value)).toBe('Paid.');
    scope.stop();
    expect(chat.adk.chat).toBeNull();
  });

  it(`issue 34: the chat is AI SDK ${aiSdk}'s vue Chat`, () => {
    const chat = setup({ transport: adkScript({ mode: 'sse' }).text('Hi.').done().transport() });
    expect(chat.chat).toBeInstanceOf(FRAMEWORKS.find((f) => f.name === 'vue')!.Chat);
  });

  it('issue 34: an option useAdkChat does not know, or sendAutomaticallyWhen, is an AdkInvalidArgumentError', () => {
    expect(() => setup({ mode: 'sse', tranport: {} } as any)).toThrow(expect.objectContaining({ name: 'AdkInvalidArgumentError', message: expect.stringMatching(/the option `tranport` is not one useAdkChat knows/) }));
    expect(() => setup({ sendAutomaticallyWhen: () => true } as any)).toThrow(expect.objectContaining({ name: 'AdkInvalidArgumentError' }));
  });
});

// Issue 42: the SSE-only entry, the same hook without the BIDI parts (as React's /react/sse).
describe(`adk-stream-wasm/vue/sse useAdkChat (AI SDK ${aiSdk})`, () => {
  function setupSse(options: Parameters<typeof useSseOnlyChat>[0]) {
    const scope = effectScope();
    scopes.push(scope);
    return scope.run(() => useSseOnlyChat(options))!;
  }

  it('SPEC §3 F1/F6, issue 42: sse, a payment approved through the computed pendingApprovals: 2 requests, over AdkSseTransport', async () => {
    const chat = setupSse({ api: `${backend.url}/stream` });
    expect(chat.transport).toBeInstanceOf(AdkSseTransport);
    await chat.sendMessage({ text: 'Send $50 to Hanako' });
    await waitUntil(() => chat.pendingApprovals.value.length === 1 && chat.status.value === 'ready', () => `one approval pending (${chat.status.value})`);
    expect(chat.explain.value.rule).toBe('approval-pending');
    await chat.approve(chat.pendingApprovals.value[0].approvalId);
    await waitUntil(() => /Sent \$50 to Hanako/.test(assistantText(chat.messages.value)) && chat.status.value === 'ready', () => `the final text (${chat.status.value})`);
    await sleep(200);
    expect(backend.counts().sseRequests).toBe(2);
    expect(chat.error.value).toBeUndefined();
    expect(backend.counts().violations).toEqual([]);
  });

  it("issue 42: mode 'bidi' is an AdkInvalidArgumentError that names the SSE-only entry, and nothing is built", () => {
    expect(() => setupSse({ mode: 'bidi', url: 'ws://127.0.0.1:9/live' } as any)).toThrow(
      expect.objectContaining({ name: 'AdkInvalidArgumentError', message: expect.stringMatching(/^useAdkChat\(\): mode 'bidi' in the SSE-only entry/) }),
    );
  });
});

// Issue 42: the BIDI-only entry, the same hook without the SSE transport; its mode is 'bidi'.
describe(`adk-stream-wasm/vue/bidi useAdkChat (AI SDK ${aiSdk})`, () => {
  function setupBidi(options: Parameters<typeof useBidiOnlyChat>[0]) {
    const scope = effectScope();
    scopes.push(scope);
    return scope.run(() => useBidiOnlyChat(options))!;
  }

  it('SPEC §3 F1/F6, issue 42: no mode is BIDI: a payment approved through the computed pendingApprovals, 2 message frames', async () => {
    const chat = setupBidi({ url: `${backend.url.replace(/^http/, 'ws')}/live` });
    expect(chat.transport).not.toBeInstanceOf(AdkSseTransport);
    await chat.sendMessage({ text: 'Send $50 to Hanako' });
    await waitUntil(() => chat.pendingApprovals.value.length === 1 && chat.status.value === 'ready', () => `one approval pending (${chat.status.value})`);
    await chat.approve(chat.pendingApprovals.value[0].approvalId);
    await waitUntil(() => /Sent \$50 to Hanako/.test(assistantText(chat.messages.value)) && chat.status.value === 'ready', () => `the final text (${chat.status.value})`);
    await sleep(200);
    expect(backend.counts().bidiMessages).toBe(2);
    expect(backend.counts().sseRequests).toBe(0);
    expect(chat.error.value).toBeUndefined();
    expect(backend.counts().violations).toEqual([]);
  });

  it("issue 42: mode 'sse' is an AdkInvalidArgumentError that names the BIDI-only entry", () => {
    expect(() => setupBidi({ mode: 'sse', api: '/stream' } as any)).toThrow(
      expect.objectContaining({ name: 'AdkInvalidArgumentError', message: expect.stringMatching(/^useAdkChat\(\): mode 'sse' in the BIDI-only entry/) }),
    );
  });
});
