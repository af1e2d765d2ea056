// @vitest-environment jsdom
// useAdkChat (adk-stream-wasm/react) rendered by React 19 (react-dom/client under jsdom) with the
// real @ai-sdk/react 3 and AI SDK's DefaultChatTransport against a local SSE backend replaying a
// recorded process_payment conversation; then a mode change, which must give a new chat with a new
// engine (nothing the first chat remembered).
import { afterEach, describe, expect, it } from 'vitest';
import { createElement } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { useAdkChat } from 'adk-stream-wasm/react';
import { useAdkChat as useSseOnlyChat } from 'adk-stream-wasm/react/sse';
import { DefaultChatTransport } from 'ai';
import { QUIET_MS, sleep, waitUntil } from './helpers/chat.js';
import { approvalRequests, findToolPart, loadFixture, streamedText } from './helpers/fixtures.js';
import { SseBackend, replaySse } from './helpers/sse-backend.js';
import { WsBackend, textReply } from './helpers/ws-backend.js';

const cleanups: Array<() => unknown> = [];
afterEach(async () => {
  while (cleanups.length > 0) await cleanups.pop()!();
});

type Hook = ReturnType<typeof useAdkChat>;

/**
 * Renders a component that calls useAdkChat(options) and waits for its first render;
 * `latest()` is its last render's result.
 */
async function renderHook(initial: Record<string, unknown>, hook: (options: any) => Hook = useAdkChat) {
  const container = document.createElement('div');
  document.body.appendChild(container);
  const root: Root = createRoot(container);
  let latest: Hook | null = null;
  let renders = 0;
  function App({ options }: { options: Record<string, unknown> }) {
    const result = hook(options as any);
    latest = result;
    renders++;
    return createElement('p', { 'data-status': result.status }, `${result.messages.length} message(s)`);
  }
  const render = (options: Record<string, unknown>) => root.render(createElement(App, { options }));
  render(initial);
  cleanups.push(() => {
    root.unmount();
    container.remove();
  });
  await waitUntil(() => latest !== null && latest.status === 'ready', 'useAdkChat rendered a ready chat');
  return {
    container,
    render,
    latest: () => {
      if (latest === null) throw new Error('useAdkChat has not rendered yet');
      return latest;
    },
    renders: () => renders,
  };
}

const fixture = loadFixture('process_payment-approved-sse-baseline');
const [call] = approvalRequests(fixture.turns[0]);

async function startSse(hook: (options: any) => Hook = useAdkChat) {
  const backend = await SseBackend.start(replaySse(fixture.turns));
  cleanups.push(() => backend.close());
  const options = { mode: 'sse', api: backend.url };
  const view = await renderHook(options, hook);
  return { backend, view, options };
}

// The same SSE flow through both entries: adk-stream-wasm/react (either mode) and the SSE-only
// adk-stream-wasm/react/sse.
const SSE_HOOKS: Array<[string, (options: any) => Hook]> = [
  ['adk-stream-wasm/react', useAdkChat],
  ['adk-stream-wasm/react/sse', useSseOnlyChat as (options: any) => Hook],
];

describe('useAdkChat in React 19', () => {
  it.each(SSE_HOOKS)('SSE (%s): send, pendingApprovals and explain while the approval is open, approve → exactly 2 requests', async (_entry, hook) => {
    const { backend, view } = await startSse(hook);
    const requests = () => backend.requests.length;
    const first = view.latest();
    expect(first.pendingApprovals).toEqual([]);
    expect(first.messages).toEqual([]);

    void first.sendMessage({ text: fixture.userText });
    await waitUntil(
      () => requests() === 1 && view.latest().status === 'ready' && view.latest().pendingApprovals.length === 1,
      () => `the approval is shown (requests ${requests()}, status ${view.latest().status})`,
    );
    const waiting = view.latest();
    expect(waiting.pendingApprovals).toEqual([
      expect.objectContaining({ toolName: 'process_payment', toolCallId: call.toolCallId, approvalId: call.approvalId }),
    ]);
    expect(waiting.explain).toMatchObject({ send: false, rule: 'approval-pending' });
    expect(waiting.explain.detail).toMatch(/process_payment|approval/);
    expect(view.container.textContent).toBe('2 message(s)');

    await waiting.approve(call.approvalId);
    await waitUntil(
      () => requests() === 2 && view.latest().status === 'ready' && view.latest().pendingApprovals.length === 0,
      () => `the second response is shown (requests ${requests()}, status ${view.latest().status})`,
    );
    await sleep(QUIET_MS);
    expect(requests(), 'requests within 300 ms of a ready chat').toBe(2);

    const done = view.latest();
    expect(done.status).toBe('ready');
    expect(done.pendingApprovals).toEqual([]);
    expect(done.explain.send).toBe(false);
    expect(findToolPart(backend.requests[1].body.messages, call.toolCallId)).toMatchObject({
      state: 'approval-responded',
      approval: { id: call.approvalId, approved: true },
    });
    const last = done.messages[done.messages.length - 1];
    expect(last.parts.filter((p: any) => p.type === 'text').map((p: any) => p.text)).toEqual([streamedText(fixture.turns[1])]);
  });

  it("the SSE-only entry refuses mode 'bidi' by name, pointing at adk-stream-wasm/react", async () => {
    let thrown: any = null;
    function App() {
      try {
        useSseOnlyChat({ mode: 'bidi' as any, url: 'ws://127.0.0.1:9/unused' } as any);
      } catch (error) {
        thrown = error;
      }
      return null;
    }
    const container = document.createElement('div');
    const root: Root = createRoot(container);
    root.render(createElement(App));
    cleanups.push(() => root.unmount());
    await waitUntil(() => thrown !== null, 'the hook threw');
    expect(thrown.name).toBe('AdkInvalidArgumentError');
    expect(thrown.message).toMatch(/mode 'bidi'.*adk-stream-wasm\/react/);
  });

  it('changing mode creates a new chat with a new engine: nothing of the first chat is remembered', async () => {
    // The backend holds the second response, so the first chat's engine still has the answer it
    // sent in its memory (an engine forgets a sent answer once the message moves past it).
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const backend = await SseBackend.start((_body, n) => (n === 1 ? gate.then(() => fixture.turns[1]) : fixture.turns[n]));
    cleanups.push(() => backend.close());
    cleanups.push(() => release());
    const options = { mode: 'sse', api: backend.url };
    const view = await renderHook(options);

    void view.latest().sendMessage({ text: fixture.userText });
    await waitUntil(() => view.latest().pendingApprovals.length === 1 && view.latest().status === 'ready', 'the approval is shown');
    await view.latest().approve(call.approvalId);
    await waitUntil(() => backend.requests.length === 2, 'the answer was sent');
    const answered = structuredClone(view.latest().messages);
    expect(findToolPart(answered, call.toolCallId).state).toBe('approval-responded');
    const firstAdk = view.latest().adk;
    expect(firstAdk.explain(answered)).toMatchObject({ send: false, rule: 'already-known' });

    const ws = await WsBackend.start({ message: (_frame, turn) => turn.send(textReply(`bidi reply ${turn.n}`)) });
    cleanups.push(() => ws.close());
    view.render({ mode: 'bidi', url: ws.url, transportOptions: { pingIntervalMs: 0 } });
    await waitUntil(() => view.latest().adk !== firstAdk, 'the hook rendered a new chat');
    const bidi = view.latest();
    expect(bidi.messages).toEqual([]);
    expect(bidi.pendingApprovals).toEqual([]);
    // The BIDI transport (its module loads behind the first send, so SSE apps never download it).
    expect(bidi.transport).not.toBeInstanceOf(DefaultChatTransport);
    expect(typeof (bidi.transport as any).sendToolResult).toBe('function');
    expect(bidi.adk.autoSend.mode).toBe('bidi');
    expect(bidi.adk.explain(answered)).toMatchObject({ send: true, rule: 'unsent-user-action' });

    void bidi.sendMessage({ text: 'hello over BIDI' });
    await waitUntil(() => view.latest().status === 'ready' && view.latest().messages.length === 2, () => `the BIDI reply is shown (${view.latest().status})`);
    expect(ws.messageFrames).toHaveLength(1);
    expect(ws.messageFrames[0].messages).toHaveLength(1);
    expect(backend.requests).toHaveLength(2);

    // Back to SSE on the same endpoint: again a new chat, and again a fresh engine.
    view.render(options);
    await waitUntil(() => view.latest().adk !== bidi.adk, 'the hook rendered a third chat');
    const again = view.latest();
    expect(again.adk).not.toBe(firstAdk);
    expect(again.messages).toEqual([]);
    expect(again.adk.autoSend.mode).toBe('sse');
    expect(again.adk.explain(answered)).toMatchObject({ send: true, rule: 'unsent-user-action' });
    await sleep(QUIET_MS);
    expect(backend.requests).toHaveLength(2);
    expect(ws.messageFrames).toHaveLength(1);
  });
});
