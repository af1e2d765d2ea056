// Issue 32 §4, "declarations that disagree with the code": each case here failed to type-check
// against the declarations before they were made to say what the code does. Checked by tsc
// (vitest typecheck and scripts/test-js.sh), never run.
import { describe, expectTypeOf, it } from 'vitest';
import type { UIMessage } from 'ai';
import { createAutoSend, type AdkCallbackError, type AdkInternalError } from 'adk-stream-wasm';
import { AdkSseTransport, createAdk } from 'adk-stream-wasm/chat';
import { useAdkChat, type UseAdkChatBidiTransport } from 'adk-stream-wasm/react';
import type { BidiTransportError, BidiTransportErrorKind, BidiTransportOptions } from 'adk-stream-wasm/transport';
import { adkScript } from 'adk-stream-wasm/testing';

describe('index.d.ts', () => {
  it('sendAutomaticallyWhen answers a boolean (the core compiles at import: never a promise)', () => {
    expectTypeOf(createAutoSend({ mode: 'sse' }).sendAutomaticallyWhen({ messages: [] })).toEqualTypeOf<boolean>();
  });

  it('frontendTools takes a function, as the transports do', () => {
    const first = createAutoSend({ mode: 'sse', frontendTools: ['pick_file'] });
    createAutoSend({ mode: 'sse', frontendTools: first.isFrontendTool });
    createAdk({ mode: 'bidi', frontendTools: (name: string) => name === 'pick_file' });
  });
});

describe('transport.d.ts', () => {
  it("onError also receives an AdkCallbackError (a callback threw, no reportError); the kind 'freed' is never produced", () => {
    type OnErrorArgument = Parameters<NonNullable<BidiTransportOptions['onError']>>[0];
    expectTypeOf<OnErrorArgument>().toEqualTypeOf<BidiTransportError | AdkCallbackError>();
    expectTypeOf<'freed'>().not.toMatchTypeOf<BidiTransportErrorKind>();
  });
});

describe('chat.d.ts', () => {
  it('AdkOptions.transport takes the SSE transport, as useAdkChat passes it (sendToolResult is for Pattern B)', () => {
    createAdk({ mode: 'sse', transport: new AdkSseTransport({ api: '/stream' }) });
    createAdk({ mode: 'bidi', bidiPattern: 'B', transport: adkScript({ mode: 'bidi' }).transport() });
  });

  it("createAdk takes the engine's onError, which receives an AdkInternalError", () => {
    createAdk({ mode: 'sse', onError: (error) => expectTypeOf(error).toEqualTypeOf<AdkInternalError>() });
  });
});

describe('react.d.ts', () => {
  it("mode 'bidi': the transport the hook builds is typed as what it is, BidiTransport's members over a lazily loaded module", () => {
    const { transport } = useAdkChat({ mode: 'bidi', url: 'ws://backend/live' });
    expectTypeOf(transport).toEqualTypeOf<UseAdkChatBidiTransport<UIMessage>>();
    expectTypeOf(transport.interrupt()).toEqualTypeOf<boolean>();
  });
});

describe('testing.d.ts', () => {
  it("the kit has BidiTransport's Pattern B members", () => {
    const kit = adkScript({ mode: 'bidi' }).transport();
    expectTypeOf(kit.sendToolResult('call-1', { ok: true })).toEqualTypeOf<void>();
    expectTypeOf(kit.whenMessageSent(0)).toEqualTypeOf<Promise<boolean>>();
    expectTypeOf(kit.messagesSent).toEqualTypeOf<number>();
    expectTypeOf(kit.toolResults[0].afterRequest).toEqualTypeOf<number>();
  });
});
