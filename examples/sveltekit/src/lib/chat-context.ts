// One chat for a component and the components under it, through Svelte's context (as
// @ai-sdk/svelte's createAIContext shares its chats).
import { createContext } from 'svelte';
import { AdkChat, type AdkChatMode, type AdkChatOptions } from 'adk-stream-wasm/svelte';
import type { ChatTransport, UIMessage } from 'ai';

// The type of a chat built from options of either mode, whose transport may be given.
type SharedChat = AdkChat<UIMessage, AdkChatMode, ChatTransport<UIMessage>>;
const [getChat, setChat] = createContext<SharedChat>();

/** In the component that owns the chat, while it initialises: the chat closes when it is destroyed. */
export function provideAdkChat(options: AdkChatOptions<UIMessage, AdkChatMode>): SharedChat {
  return setChat(new AdkChat(options));
}

/** In a component under it, while it initialises: the same chat. */
export const useSharedAdkChat: () => SharedChat = getChat;
