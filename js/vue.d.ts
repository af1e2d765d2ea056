// `adk-stream-wasm/vue` imports `vue`, `@ai-sdk/vue` and `ai` when it runs, so its types use theirs
// directly: an app that imports this entry point has all three installed.
import type { ComputedRef } from 'vue';
import type { Chat } from '@ai-sdk/vue';
import type { UIMessage, ChatStatus, ChatTransport } from 'ai';
import type { Adk } from './chat.js';
import type { Explanation, PendingApproval } from './index.js';
import type { AdkChatMode, AdkChatOptions, AdkChatTransport } from './chat/framework-chat.js';

export type { AdkChatMode, AdkChatOptions, AdkChatTransport, AdkChatBidiTransport } from './chat/framework-chat.js';

export interface UseAdkChatResult<
  M extends UIMessage = UIMessage,
  MODE extends AdkChatMode = AdkChatMode,
  OWN extends ChatTransport<M> | undefined = undefined,
> {
  /** AI SDK's Vue `Chat` itself (its messages are reactive). */
  chat: Chat<M>;
  messages: ComputedRef<M[]>;
  status: ComputedRef<ChatStatus>;
  error: ComputedRef<Error | undefined>;
  /** The pending approvals of the last assistant message, recomputed as the messages change. */
  pendingApprovals: ComputedRef<PendingApproval[]>;
  /** Why the engine sends or waits (`rule` is stable; render from it). */
  explain: ComputedRef<Explanation>;
  sendMessage: Chat<M>['sendMessage'];
  regenerate: Chat<M>['regenerate'];
  stop: Chat<M>['stop'];
  approve: Adk['approve'];
  deny: Adk['deny'];
  answerApprovals: Adk['answerApprovals'];
  /** The library's `adk.addToolOutput`: it tells the engine the output is the browser's. */
  addToolOutput: Adk['addToolOutput'];
  adk: Adk;
  /** The transport given as `transport`, else the one the chat built. */
  transport: OWN extends ChatTransport<M> ? OWN : AdkChatTransport<M, MODE>;
  /** Detaches the engine and closes the transport it built; done by itself when the component unmounts. */
  close(): void;
}

/** Call in `setup()`: `mode` decides the transport's type, as in React's useAdkChat. */
export function useAdkChat<
  M extends UIMessage = UIMessage,
  MODE extends AdkChatMode = 'sse',
  OWN extends ChatTransport<M> | undefined = undefined,
>(options?: AdkChatOptions<M, MODE> & { transport?: OWN }): UseAdkChatResult<M, MODE, OWN>;
