// @vitest-environment jsdom
// SPEC §5 F-h (issue 41 item 3): Vue's useAdkChat and Svelte's AdkChat show an approval that died
// with its socket as dead at once: their reactive pendingApprovals drop it, explain stops saying
// 'approval-pending', and their error is the transport's `connection-lost`, with no onError wired;
// an app's own transportOptions.onError still hears it. AI SDK's real Vue and Svelte `Chat`, the
// real BidiTransport, a real WebSocket backend on loopback that is killed while the user decides.
// In jsdom, with Svelte's browser build: its server build runs no effect.
import { afterEach, describe, expect, it } from 'vitest';
import { effectScope, watch } from 'vue';
import { useAdkChat } from 'adk-stream-wasm/vue';
import { AdkChat } from 'adk-stream-wasm/svelte';
import { aiSdk } from './helpers/frameworks.js';
import { waitUntil } from './helpers/chat.js';
import { watchShown } from './helpers/derived.svelte.js';
import { backendKilledWhileTheUserDecides as killableBackend } from '../integration/helpers/ws-backend.js';

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

describe(`F-h: an approval lost with its socket (AI SDK ${aiSdk})`, () => {
  it("F-h: Vue's useAdkChat: the computed pendingApprovals, explain and error follow at once; the app's onError still hears it", async () => {
    const { backend, kill } = await backendKilledWhileTheUserDecides();
    const heard: any[] = [];
    const scope = effectScope();
    cleanups.push(() => scope.stop());
    const chat = scope.run(() => useAdkChat({ mode: 'bidi', url: backend.url, transportOptions: { pingIntervalMs: 0, onError: (e) => heard.push(e) } }))!;
    const seen: string[] = [];
    const stop = watch([chat.pendingApprovals, chat.explain, chat.error], ([pending, explain, error]) =>
      seen.push(`${pending.map((p) => p.toolName).join(',') || 'none'}: ${explain.rule}: ${(error as any)?.kind ?? 'no error'}`),
    );
    cleanups.push(stop);
    await chat.sendMessage({ text: 'pay 1' });
    await waitUntil(() => chat.status.value === 'ready' && chat.pendingApprovals.value.length === 1, () => `approval-1 pending (${chat.status.value})`);
    expect(seen.at(-1)).toBe('process_payment: approval-pending: no error');

    kill();
    await waitUntil(() => seen.at(-1) === 'none: no-user-action: connection-lost', () => `the computed state showed the loss (${JSON.stringify(seen)})`, AT_ONCE_MS);
    expect(chat.status.value).toBe('error');
    expect(chat.error.value).toMatchObject({ name: 'AdkTransportError', kind: 'connection-lost' });
    expect(heard).toHaveLength(1);
    expect(heard[0]).toBe(chat.error.value);
    expect(backend.messageFrames).toHaveLength(1);
  });

  it("F-h: Svelte's AdkChat: a $derived over pendingApprovals, explain and error follows at once (no onError wired)", async () => {
    const { backend, kill } = await backendKilledWhileTheUserDecides();
    const chat = new AdkChat({ mode: 'bidi', url: backend.url, transportOptions: { pingIntervalMs: 0 } });
    cleanups.push(() => chat.close());
    const seen = watchShown(chat);
    cleanups.push(seen.stop);
    await chat.sendMessage({ text: 'pay 1' });
    await waitUntil(() => seen.values.at(-1) === 'process_payment: approval-pending: no error', () => `the derived value showed the approval (${JSON.stringify(seen.values)})`);

    kill();
    await waitUntil(() => seen.values.at(-1) === 'none: no-user-action: connection-lost', () => `the derived value showed the loss (${JSON.stringify(seen.values)})`, AT_ONCE_MS);
    expect(chat.status).toBe('error');
    expect(chat.error).toMatchObject({ name: 'AdkTransportError', kind: 'connection-lost' });
    expect(backend.messageFrames).toHaveLength(1);
  });
});
