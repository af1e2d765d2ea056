// @vitest-environment jsdom
// SPEC §5 F-h (issue 41 item 3): a pending approval that died with its socket (F-a) is shown as dead
// at once: createAdk's pendingApprovals and React's useAdkChat drop it, explain() no longer says
// 'approval-pending', and the chat's error state holds the transport's `connection-lost`, with no
// onError wired by the app; an app's own onError still hears it. AI SDK's real Chat (@ai-sdk/react),
// the real BidiTransport, a real WebSocket backend on loopback that is killed while the user decides.
import { afterEach, describe, expect, it } from 'vitest';
import { createElement } from 'react';
import { createRoot } from 'react-dom/client';
import { BidiTransport } from 'adk-stream-wasm/transport';
import { useAdkChat } from 'adk-stream-wasm/react';
import { createAppChat, describeChat, lastMessage, texts, waitUntil, type AppChat } from './helpers/chat.js';
import { backendKilledWhileTheUserDecides as killableBackend } from './helpers/ws-backend.js';

const cleanups: Array<() => unknown> = [];
afterEach(async () => {
  while (cleanups.length > 0) await cleanups.pop()!();
});

/** How soon after the kill the chat must show it: the transport hears the close at once (F-a). */
const AT_ONCE_MS = 1_000;

/** The killable backend (helpers), stopped after the test. */
async function backendKilledWhileTheUserDecides() {
  const killable = await killableBackend();
  cleanups.push(() => killable.backend.close());
  return killable;
}

function expectLost(error: any, when: string) {
  expect(error, `the chat's error ${when}`).toBeDefined();
  expect(error.name).toBe('AdkTransportError');
  expect(error.kind).toBe('connection-lost');
  expect(error.message).toContain('approval-1');
}

describe('F-h: createAdk, an approval lost with its socket', () => {
  async function start(onError?: (error: any) => void) {
    const b = await backendKilledWhileTheUserDecides();
    const transport = new BidiTransport({ url: b.backend.url, pingIntervalMs: 0, ...(onError ? { onError } : {}) });
    cleanups.push(() => transport.close());
    const t: AppChat = createAppChat(transport, { mode: 'bidi', transport });
    await t.chat.sendMessage({ text: 'pay 1' });
    await waitUntil(() => t.chat.status === 'ready' && t.adk.pendingApprovals().length === 1, () => `approval-1 pending (${describeChat(t)})`);
    expect(t.adk.explain().rule).toBe('approval-pending');
    return { ...b, t };
  }

  it('F-h: without onError, pendingApprovals drops it at once, explain() stops waiting, and chat.error is connection-lost; a new message works', async () => {
    const { backend, kill, t } = await start();
    const killed = kill();
    await waitUntil(() => t.adk.pendingApprovals().length === 0, () => `approval-1 left pendingApprovals (${describeChat(t)})`, AT_ONCE_MS);
    expect(Date.now() - killed).toBeLessThan(AT_ONCE_MS);
    expect(t.chat.status, describeChat(t)).toBe('error');
    expectLost(t.chat.error, 'after the kill');
    expect(t.adk.explain()).toMatchObject({ send: false, rule: 'no-user-action' });
    // The part itself is untouched (SPEC §4a W3): the chat's messages are the backend's.
    expect(lastMessage(t.chat).parts.find((p: any) => p.toolCallId === 'call-1').state).toBe('approval-requested');
    expect(backend.messageFrames).toHaveLength(1);

    await t.chat.sendMessage({ text: 'and now?' });
    await waitUntil(() => t.chat.status === 'ready', () => `the new message is answered (${describeChat(t)})`, 3_000);
    expect(texts(lastMessage(t.chat))).toEqual(['reply 1']);
    expect(t.chat.error).toBeUndefined();
  });

  it("F-h: an app's own onError still hears connection-lost, once, and by then the chat already shows it", async () => {
    const heard: Array<{ error: any; status: string; pending: number }> = [];
    let t: AppChat | null = null;
    const s = await start((error) => heard.push({ error, status: t!.chat.status, pending: t!.adk.pendingApprovals().length }));
    t = s.t;
    s.kill();
    await waitUntil(() => heard.length > 0, 'onError heard the lost socket', AT_ONCE_MS);
    expect(heard).toHaveLength(1);
    expectLost(heard[0].error, 'given to onError');
    expect(heard[0]).toMatchObject({ status: 'error', pending: 0 });
    expect(t.chat.error).toBe(heard[0].error);
  });
});

describe('F-h: React useAdkChat, an approval lost with its socket', () => {
  it('F-h: the hook re-renders at once with no pending approval, explain() not waiting, and error connection-lost (no onError wired)', async () => {
    const { backend, kill } = await backendKilledWhileTheUserDecides();
    const container = document.body.appendChild(document.createElement('div'));
    const root = createRoot(container);
    let latest: ReturnType<typeof useAdkChat> | null = null;
    function App() {
      latest = useAdkChat({ mode: 'bidi', url: backend.url, transportOptions: { pingIntervalMs: 0 } });
      return createElement('p', null, latest.pendingApprovals.map((p) => `${p.toolName}: Approve`).join(''));
    }
    root.render(createElement(App));
    cleanups.push(() => {
      root.unmount();
      container.remove();
    });
    const view = () => latest!;
    await waitUntil(() => latest !== null, 'the hook rendered');
    await view().sendMessage({ text: 'pay 1' });
    await waitUntil(() => view().status === 'ready' && view().pendingApprovals.length === 1, () => `approval-1 pending (${view().status})`);
    expect(container.textContent).toBe('process_payment: Approve');
    expect(view().explain.rule).toBe('approval-pending');

    kill();
    await waitUntil(() => view().pendingApprovals.length === 0, () => `the hook re-rendered without approval-1 (${view().status})`, AT_ONCE_MS);
    expect(container.textContent).toBe('');
    expect(view().status).toBe('error');
    expectLost(view().error, 'in the hook');
    expect(view().explain.rule).toBe('no-user-action');
    expect(backend.messageFrames).toHaveLength(1);
  });
});
