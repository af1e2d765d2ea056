// Issue 40 item 5: no leaks, flat cost. An engine (createAutoSend) can be freed at once, by
// `dispose()` or `[Symbol.dispose]`, as well as by the garbage collector; a disposed engine never
// sends and says so (explain's rule `engine-disposed`, AdkDisposedError), and never reaches the
// engine of another chat that took its slot. That creating one costs the same with 10^5 alive is
// measured by the bench (bench/node/engines.mjs; no timing is asserted in the tests), and the free
// list it comes from is tested in tests/common/boundary_cases.rs.
import { describe, expect, it } from 'vitest';
import { Chat } from './helpers/ai.js';
import { AdkDisposedError, AdkError, createAutoSend } from 'adk-stream-wasm';
import { createAdk } from 'adk-stream-wasm/chat';

const answered = {
  messages: [
    {
      id: 'm1',
      role: 'assistant',
      parts: [{ type: 'tool-process_payment', toolCallId: 'c1', state: 'approval-responded', input: { amount: 50 }, approval: { id: 'a1', approved: true } }],
    },
  ],
};

describe('issue 40 item 5: dispose() frees an engine at once', () => {
  it('after dispose: sendAutomaticallyWhen answers false, explain says engine-disposed, the other calls throw AdkDisposedError', async () => {
    const autoSend = createAutoSend({ mode: 'sse' });
    expect(autoSend.explain(answered).send).toBe(true);
    autoSend.dispose();
    expect(autoSend.sendAutomaticallyWhen(answered)).toBe(false);
    expect(autoSend.explain(answered)).toMatchObject({ send: false, rule: 'engine-disposed' });
    expect(autoSend.explain(answered).detail).toMatch(/disposed/);
    for (const call of [() => autoSend.reset(), () => autoSend.markBrowserOutput('c1'), () => autoSend.claimToolCalls(answered.messages)]) {
      expect(call).toThrow(AdkDisposedError);
    }
    try {
      autoSend.reset();
    } catch (error) {
      expect(error).toBeInstanceOf(AdkError);
      expect((error as Error).name).toBe('AdkDisposedError');
      expect((error as Error).message).toBe('reset(): this engine is disposed (dispose())');
    }
    // A chat that is never sent: the output is refused before it is added.
    const chat = new Chat({ transport: { sendMessages: async () => new ReadableStream(), reconnectToStream: async () => null } });
    await expect(autoSend.addToolOutput(chat, { tool: 'get_location', toolCallId: 'c1', output: {} })).rejects.toThrow(AdkDisposedError);
    // A second dispose does nothing.
    expect(() => autoSend.dispose()).not.toThrow();
  });

  it("a disposed engine never touches the engine that takes its slot in the core (another chat's memory)", () => {
    const old = createAutoSend({ mode: 'sse' });
    // What AI SDK holds: the function given to useChat / new Chat, called after the dispose too.
    const held = old.sendAutomaticallyWhen;
    old.dispose();
    // The core gives the freed slot to the next engine created.
    const next = createAutoSend({ mode: 'sse' });
    expect(next.explain(answered).rule).toBe('unsent-user-action');
    expect(held(answered)).toBe(false);
    expect(next.explain(answered).rule).toBe('unsent-user-action');
    expect(next.sendAutomaticallyWhen(answered)).toBe(true);
    expect(next.explain(answered).rule).toBe('already-known');
    old.dispose();
    expect(held(answered)).toBe(false);
    expect(old.sendAutomaticallyWhen(answered)).toBe(false);
    expect(next.explain(answered).rule).toBe('already-known');
    const fresh = createAutoSend({ mode: 'sse' });
    expect(fresh.explain(answered).rule).toBe('unsent-user-action');
    next.dispose();
    fresh.dispose();
  });

  it('[Symbol.dispose] is dispose where the runtime has Symbol.dispose (`using`)', () => {
    const symbol = (Symbol as any).dispose;
    const autoSend = createAutoSend({ mode: 'bidi', bidiPattern: 'B' }) as any;
    if (typeof symbol !== 'symbol') {
      expect(Object.getOwnPropertySymbols(autoSend)).toEqual([]);
      return;
    }
    autoSend[symbol]();
    expect(autoSend.explain(answered).rule).toBe('engine-disposed');
  });

  it("createAdk's engine is disposed through adk.autoSend", () => {
    const adk = createAdk({ mode: 'sse' });
    adk.autoSend.dispose();
    expect(adk.autoSend.explain(answered).rule).toBe('engine-disposed');
  });
});
