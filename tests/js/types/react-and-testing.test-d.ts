// useAdkChat's transport typed by mode, and the testing kit's transport accepted by AI SDK's Chat.
// Checked by tsc (vitest typecheck), never run.
import { describe, expectTypeOf, it } from 'vitest';
import { Chat as Chat6 } from '@ai-sdk/react';
import type { DefaultChatTransport, UIMessage } from 'ai';
import { useAdkChat, type UseAdkChatBidiTransport } from 'adk-stream-wasm/react';
import { useAdkChat as useSseOnlyChat } from 'adk-stream-wasm/react/sse';
import type { AdkSseTransport } from 'adk-stream-wasm/chat';
import { AdkTestTransport, AdkTestingError, adkScript, spokenTurn, type RecordedRequest, type TestChunk } from 'adk-stream-wasm/testing';
import { createAdk } from 'adk-stream-wasm/chat';

describe('useAdkChat(...).transport is typed by mode', () => {
  it("mode 'bidi': the BIDI transport the hook builds, so latencyMs and interrupt() type-check", () => {
    const { transport } = useAdkChat({ mode: 'bidi', url: 'ws://backend/live' });
    expectTypeOf(transport).toEqualTypeOf<UseAdkChatBidiTransport<UIMessage>>();
    expectTypeOf(transport.latencyMs).toEqualTypeOf<number | undefined>();
    expectTypeOf(transport.interrupt).toBeFunction();
  });

  it("mode 'sse', or no mode (the default, SSE): the package's AdkSseTransport, an AI SDK DefaultChatTransport", () => {
    expectTypeOf(useAdkChat({ mode: 'sse', api: '/stream' }).transport).toEqualTypeOf<AdkSseTransport<UIMessage>>();
    expectTypeOf(useAdkChat().transport).toEqualTypeOf<AdkSseTransport<UIMessage>>();
    expectTypeOf(useAdkChat().transport).toMatchTypeOf<DefaultChatTransport<UIMessage>>();
  });

  it("the SSE-only entry (adk-stream-wasm/react/sse): the AdkSseTransport; mode 'bidi' and url do not type-check", () => {
    expectTypeOf(useSseOnlyChat().transport).toEqualTypeOf<AdkSseTransport<UIMessage>>();
    expectTypeOf(useSseOnlyChat({ mode: 'sse', api: '/stream' }).approve).toBeFunction();
    // @ts-expect-error BIDI is adk-stream-wasm/react's
    useSseOnlyChat({ mode: 'bidi' });
    // @ts-expect-error a WebSocket URL is for BIDI
    useSseOnlyChat({ url: 'ws://backend/live' });
  });

  it('a mode known only at run time: either', () => {
    const mode = Math.random() > 0.5 ? ('sse' as const) : ('bidi' as const);
    expectTypeOf(useAdkChat({ mode }).transport).toEqualTypeOf<UseAdkChatBidiTransport<UIMessage> | AdkSseTransport<UIMessage>>();
  });
});

describe('adk-stream-wasm/testing', () => {
  it("the kit's transport is a ChatTransport of AI SDK's Chat", () => {
    new Chat6({ transport: adkScript({ mode: 'sse' }).text('Hello.').done().transport() });
    new Chat6({ transport: AdkTestTransport.fromRecording({ mode: 'bidi', output: { rawEvents: [] } }) });
  });

  it('requests are typed as AI SDK sent them; the error is an Error', () => {
    const transport = adkScript({ mode: 'bidi' }).transport();
    expectTypeOf(transport.requests).toEqualTypeOf<RecordedRequest<UIMessage>[]>();
    expectTypeOf(transport.requests[0].messages).toEqualTypeOf<UIMessage[]>();
    expectTypeOf(transport.settled()).toEqualTypeOf<Promise<number>>();
    expectTypeOf<AdkTestingError>().toMatchTypeOf<Error>();
  });

  it('SPEC §5 W8: a turn the scripted backend starts (agentTurn, spokenTurn), resumed as BidiTransport\'s chunks are', () => {
    const transport = adkScript({ mode: 'bidi' }).text('Hi.').done().transport({ onBufferedChunks: () => {} });
    const adk = createAdk({ mode: 'bidi', transport });
    transport.onBufferedChunks = () => void adk.resumeBuffered();
    expectTypeOf(spokenTurn('What time is it?', 'It is noon.', { audio: ['AAEC'] })).toEqualTypeOf<Array<TestChunk | '[DONE]'>>();
    expectTypeOf(transport.agentTurn(spokenTurn('Hi?', 'Hello.'))).toEqualTypeOf<void>();
    transport.agentTurn([{ type: 'text-start', id: 't' }, '[DONE]']);
    expectTypeOf(transport.reconnectToStream({ chatId: 'c', continueMessage: true })).toEqualTypeOf<Promise<ReadableStream<TestChunk> | null>>();
    // @ts-expect-error -- the chunks are an array
    transport.agentTurn('[DONE]');
  });
});

describe('useAdkChat({transport}) gives back the transport it was given', () => {
  it("the testing kit's transport, in SSE and BIDI mode", () => {
    const kit = adkScript({ mode: 'sse' }).transport();
    expectTypeOf(useAdkChat({ mode: 'sse', transport: kit }).transport).toEqualTypeOf(kit);
    const bidiKit = adkScript({ mode: 'bidi' }).transport();
    expectTypeOf(useAdkChat({ mode: 'bidi', transport: bidiKit }).transport).toEqualTypeOf(bidiKit);
  });
});
