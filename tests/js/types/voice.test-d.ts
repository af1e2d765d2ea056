// useAdkVoice and createVoice take what a user passes them (issue 32 §4): the chat's transport
// from useAdkChat, also when the component takes a `transport` of its own for its tests (the chat's
// transport is then the union), the testing kit's, or a function returning one. Checked by tsc
// (vitest typecheck), never run.
import { describe, expectTypeOf, it } from 'vitest';
import type { ChatTransport, UIMessage } from 'ai';
import { useAdkChat } from 'adk-stream-wasm/react';
import { useAdkVoice } from 'adk-stream-wasm/voice/react';
import { createVoice } from 'adk-stream-wasm/voice';
import { AdkTestTransport } from 'adk-stream-wasm/testing';

describe('useAdkVoice(() => chat.transport) type-checks as the README writes it', () => {
  it('the chat built by the hook (the README\'s VoiceChat)', () => {
    const voice = useAdkVoice(() => chat.transport);
    const chat = useAdkChat({ mode: 'bidi', url: 'ws://backend/live', transportOptions: { onAudio: voice.onAudio } });
    expectTypeOf(voice.start).toBeFunction();
  });

  it('a component that takes a transport for its tests: the chat\'s transport is its own or the BidiTransport', () => {
    function VoiceChat({ transport }: { transport?: ChatTransport<UIMessage> }) {
      const voice = useAdkVoice(() => chat.transport);
      const chat = useAdkChat({ mode: 'bidi', url: 'ws://backend/live', transport, transportOptions: { onAudio: voice.onAudio } });
      return voice.state;
    }
    expectTypeOf(VoiceChat).returns.toEqualTypeOf<'idle' | 'requesting' | 'recording' | 'playing' | 'error'>();
  });

  it('the testing kit\'s transport, directly or from a function; createVoice the same', () => {
    const kit = new AdkTestTransport({ responses: [] });
    expectTypeOf(useAdkVoice(kit).voice).toEqualTypeOf(createVoice(() => kit));
    const own: ChatTransport<UIMessage> = kit;
    createVoice(own);
  });

  it('what is no transport does not type-check', () => {
    // @ts-expect-error a URL is not a transport
    useAdkVoice('ws://backend/live');
    // @ts-expect-error an object with neither the audio methods nor sendMessages
    createVoice({ send() {} });
  });
});
