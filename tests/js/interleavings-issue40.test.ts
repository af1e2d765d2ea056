// Issue 40 items 1–4 as named interleavings: the shrunk counterexamples the model-based test
// (interleavings.test.ts) found on the package before the chunk owner (SPEC §5 W13), replayed as
// they are, on the packed package with AI SDK's real Chat. Item 4 (F-f, F-c) is createAdk's
// explain()/resend() after a socket that never opened, driven by hand below.
import { describe, expect, it, vi } from 'vitest';
import { CASES } from './interleavings/cases.js';
import { runInterleaving } from './interleavings/commands.js';
import { useInterleavingHooks } from './interleavings/backend.js';
import { BOUNDS, Harness } from './interleavings/harness.js';

useInterleavingHooks();

describe('issue 40: the shrunk interleavings, replayed', () => {
  it.each(CASES.map((c) => [c.name, c] as const))('%s', async (_name, c) => {
    await runInterleaving(c.variant, c.commands(), c.transport);
  });
});

/** A payment's approval shown in the chat, asked on socket 1; then the app closes the transport. */
async function approvalAfterTheAppClosedTheSocket() {
  const h = new Harness('adk');
  void h.chat.sendMessage({ text: h.model.send(true, false) }).catch(() => {});
  await h.settle();
  h.backend.open();
  await h.settle();
  while (h.backend.canStep) {
    h.backend.step();
    await h.settle();
  }
  expect(h.model.pending).toEqual(['appr-1']);
  // The app let the socket go (a hidden page, a sign-out): the answer needs a new one.
  h.transport.close();
  await h.settle();
  return h;
}

describe('issue 40 item 4 (F-f, F-c): an answer whose socket never opened waits to be sent, and resend() sends it once', () => {
  it.each([
    ['connect-timeout', 'hang'],
    ['cannot-open', 'refuse'],
  ] as const)('%s', async (kind, network) => {
    const h = await approvalAfterTheAppClosedTheSocket();
    try {
      h.backend.network = network;
      void h.adk.approve('appr-1').catch(() => {});
      await h.settle();
      await vi.advanceTimersByTimeAsync(BOUNDS.connectTimeoutMs + 1);
      await h.settle();
      expect(h.chat.error?.kind).toBe(kind);
      expect(h.backend.frames).toHaveLength(1);
      expect(h.adk.explain().rule, 'the answer never left: it waits to be sent').toBe('waits-to-be-sent');
      h.backend.network = 'ok';
      // resend() resolves once the response to what it sent has ended: the backend answers meanwhile.
      const resent = h.adk.resend();
      await h.settle();
      if (h.backend.connecting) h.backend.open();
      await h.settle();
      expect(h.backend.frames.map((f) => f.frame.messages.at(-1).role), 'the answer went out').toEqual(['user', 'assistant']);
      while (h.backend.canStep) {
        h.backend.step();
        await h.settle();
      }
      expect(await resent, 'resend() sent it').toBe(true);
      expect(await h.adk.resend(), 'once: nothing waits any more').toBe(false);
      await h.settle();
      expect(h.backend.frames).toHaveLength(2);
    } finally {
      h.dispose();
    }
  });
});
