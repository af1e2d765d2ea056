// One chat for a component and the components under it, through Vue's provide/inject (as
// @ai-sdk/vue's Chat is shared).
import { inject, provide, type InjectionKey } from 'vue';
import { useAdkChat, type AdkChatMode, type AdkChatOptions, type UseAdkChatResult } from 'adk-stream-wasm/vue';
import type { ChatTransport, UIMessage } from 'ai';

// The type of a chat built from options of either mode, whose transport may be given.
type SharedChat = UseAdkChatResult<UIMessage, AdkChatMode, ChatTransport<UIMessage>>;
const key: InjectionKey<SharedChat> = Symbol('adk-chat');

/** In the setup of the component that owns the chat: the chat closes when it unmounts. */
export function provideAdkChat(options: AdkChatOptions<UIMessage, AdkChatMode>): SharedChat {
  const chat = useAdkChat(options);
  provide(key, chat);
  return chat;
}

/** In the setup of a component under it: the same chat. */
export function useSharedAdkChat(): SharedChat {
  const chat = inject(key);
  if (!chat) throw new Error('useSharedAdkChat(): no component above this one called provideAdkChat()');
  return chat;
}
