// Issue 35 over SSE (SPEC §5 F-d): what AdkSseTransport's faults look like to an app's code. The
// `kind` checks failed to type-check before AdkTransportError's declared kinds took the SSE ones.
// Checked by tsc (vitest typecheck and scripts/test-js.sh), never run.
import { describe, expectTypeOf, it } from 'vitest';
import { AdkTransportError } from 'adk-stream-wasm';
import { AdkSseTransport, type AdkSseTransportErrorKind, type AdkSseTransportOptions } from 'adk-stream-wasm/chat';

describe('sse-transport.d.ts', () => {
  it('F-d: idleTimeoutMs is an option of AdkSseTransport', () => {
    expectTypeOf<AdkSseTransportOptions['idleTimeoutMs']>().toEqualTypeOf<number | undefined>();
    new AdkSseTransport({ api: '/api/chat', idleTimeoutMs: 120_000 });
  });

  it("F-d: an app tells the SSE faults apart by AdkTransportError's kind", () => {
    const error = new AdkTransportError('idle-timeout', 'no chunk for 60000 ms');
    expectTypeOf<AdkSseTransportErrorKind>().toMatchTypeOf<AdkTransportError['kind']>();
    const what: string = error.kind === 'idle-timeout' ? 'send again' : error.kind === 'request-failed' ? 'ask the user' : 'show it';
    expectTypeOf(what).toBeString();
  });
});
