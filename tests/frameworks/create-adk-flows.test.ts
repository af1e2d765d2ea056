// Issue 34: every framework-free part with AI SDK's real Vue and Svelte `Chat`, against the demo
// backend (a model of the ADK backend: it records what the real one would not read as a
// violation, SPEC §4a): createAdk + attach over AdkSseTransport and BidiTransport (SPEC §3 F1, F2,
// F3, F6, F8 Pattern A and B; §4a W6 two approvals in one BIDI turn), and createAutoSend with
// resumeBuffered, the README's "useChat" path, for W6. The browser's get_location runs the
// package's own tool over a stand-in navigator.geolocation.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { approve, createAutoSend, deny, pendingApprovals } from 'adk-stream-wasm';
import { AdkSseTransport, createAdk, resumeBuffered } from 'adk-stream-wasm/chat';
import { BidiTransport } from 'adk-stream-wasm/transport';
import { FRAMEWORKS, aiSdk } from './helpers/frameworks.js';
import { assistantText, grantGeolocation, sleep, useDemoBackend, waitUntil } from './helpers/chat.js';

const backend = useDemoBackend();
const closers: Array<() => void> = [];
afterEach(() => {
  while (closers.length > 0) closers.pop()!();
  vi.unstubAllGlobals();
});

const PAID = /Sent \$50 to Hanako \(transaction txn_\w+\)/;
const DENIED = /The payment of \$50 to Hanako was not made: you denied it\./;
const LOCATED = /You are at latitude 35\.6762, longitude 139\.6503/;

describe.each(FRAMEWORKS)(`AI SDK ${aiSdk}'s $name Chat (ai $ai) with createAdk`, ({ Chat }) => {
  /** An app's chat as the README's createAdk section builds it. */
  function appChat(mode: 'sse' | 'bidi', bidiPattern: 'A' | 'B' = 'A') {
    let adk: ReturnType<typeof createAdk>;
    const transport =
      mode === 'sse'
        ? new AdkSseTransport({ api: `${backend.url}/stream` })
        : new BidiTransport({ url: `${backend.url.replace(/^http/, 'ws')}/live`, onBufferedChunks: () => void adk.resumeBuffered() });
    if (transport instanceof BidiTransport) closers.push(() => transport.close());
    adk = createAdk({ mode, bidiPattern: mode === 'bidi' ? bidiPattern : undefined, transport });
    const chat = new Chat({ transport, sendAutomaticallyWhen: adk.sendAutomaticallyWhen });
    adk.attach(chat);
    return { chat, adk };
  }

  const ready = (chat: any) => waitUntil(() => chat.status === 'ready' || chat.status === 'error', () => `the chat is ready (${chat.status})`);
  async function ask(chat: any, text: string) {
    await chat.sendMessage({ text });
    await ready(chat);
    expect(chat.error?.message).toBeUndefined();
  }
  const requests = (mode: 'sse' | 'bidi') => (mode === 'sse' ? backend.counts().sseRequests : backend.counts().bidiMessages);
  /** The flow's end: `final` in the assistant's text, the chat ready, and 200 ms later still exactly
   *  2 requests in `mode` (the prompt and one answer), no chat error, no violation. */
  async function endsWith(chat: any, final: RegExp, mode: 'sse' | 'bidi') {
    await waitUntil(() => final.test(assistantText(chat.messages)), () => `the final text (${chat.status}: ${assistantText(chat.messages)}; ${JSON.stringify(backend.counts())})`);
    await ready(chat);
    await sleep(200);
    expect(requests(mode)).toBe(2);
    expect(chat.error?.message).toBeUndefined();
    expect(backend.counts().violations).toEqual([]);
  }

  for (const mode of ['sse', 'bidi'] as const) {
    it.each([true, false])(`SPEC §3 F1/F2/F6: ${mode}, a payment approved (%s): 2 requests, the final text, no violation`, async (approved) => {
      const { chat, adk } = appChat(mode);
      await ask(chat, 'Send $50 to Hanako');
      const [pending] = adk.pendingApprovals();
      expect(pending).toMatchObject({ toolName: 'process_payment' });
      expect(adk.explain().rule).toBe('approval-pending');
      await (approved ? adk.approve(pending.approvalId) : adk.deny(pending.approvalId, { reason: 'not now' }));
      await endsWith(chat, approved ? PAID : DENIED, mode);
    });
  }

  for (const [mode, pattern] of [['sse', 'A'], ['bidi', 'A'], ['bidi', 'B']] as const) {
    it(`SPEC §3 F3/F8: ${mode}${mode === 'bidi' ? ` Pattern ${pattern}` : ''}, get_location approved: the browser's position reaches the backend, 2 requests`, async () => {
      const geolocation = grantGeolocation();
      const { chat, adk } = appChat(mode, pattern);
      await ask(chat, 'Where am I?');
      const [pending] = adk.pendingApprovals();
      expect(pending).toMatchObject({ toolName: 'get_location' });
      expect(geolocation.calls).toBe(0);
      await adk.approve(pending.approvalId);
      await endsWith(chat, LOCATED, mode);
      expect(geolocation.calls).toBe(1);
      expect(backend.counts().toolResults).toBe(pattern === 'B' ? 1 : 0);
    });
  }

  it.each([
    [true, true],
    [true, false],
  ])('SPEC §4a W6: bidi, two approvals in one turn (Alice %s, Bob %s): both shown together, both answers in one frame', async (alice, bob) => {
    const { chat, adk } = appChat('bidi');
    await ask(chat, 'Pay $30 to Alice and $40 to Bob at once');
    await waitUntil(() => adk.pendingApprovals().length === 2 && chat.status === 'ready', () => `both approvals pending (${JSON.stringify(adk.pendingApprovals())}; ${chat.status})`);
    expect(chat.messages.filter((m: any) => m.role === 'assistant')).toHaveLength(1);
    const [first, second] = adk.pendingApprovals();
    await (alice ? adk.approve(first.approvalId) : adk.deny(first.approvalId));
    await (bob ? adk.approve(second.approvalId) : adk.deny(second.approvalId));
    await endsWith(chat, /\$40 to Bob/, 'bidi');
  });

  it("SPEC §4a W6: the README's useChat path (createAutoSend, resumeBuffered(chat, transport)): both approvals in one message, one frame", async () => {
    const autoSend = createAutoSend({ mode: 'bidi' });
    const transport: BidiTransport = new BidiTransport({
      url: `${backend.url.replace(/^http/, 'ws')}/live`,
      frontendTools: autoSend.isFrontendTool,
      onBufferedChunks: () => void resumeBuffered(chat, transport),
    });
    closers.push(() => transport.close());
    const chat = new Chat({ transport, sendAutomaticallyWhen: autoSend.sendAutomaticallyWhen });
    await ask(chat, 'Pay $30 to Alice and $40 to Bob at once');
    await waitUntil(() => pendingApprovals(chat.messages).length === 2 && chat.status === 'ready', () => `both approvals pending (${chat.status}; ${chat.error?.message})`);
    const [first, second] = pendingApprovals(chat.messages);
    await approve(chat, first.approvalId);
    await deny(chat, second.approvalId, { reason: 'not Bob' });
    await endsWith(chat, /\$40 to Bob/, 'bidi');
  });
});
