// `adk-stream-wasm/svelte` imports `@ai-sdk/svelte` (and so `svelte` and `ai`) when it runs, so its
// types use theirs directly: an app that imports this entry point has them installed.
import type { Chat } from '@ai-sdk/svelte';
import type { UIMessage, ChatStatus, ChatTransport } from 'ai';
import type { Adk } from './chat.js';
import type { Explanation, PendingApproval } from './index.js';
import type { AdkChatMode, AdkChatOptions, AdkChatTransport } from './chat/framework-chat.js';

export type { AdkChatMode, AdkChatOptions, AdkChatTransport, AdkChatBidiTransport } from './chat/framework-chat.js';

/** AI SDK's Svelte `Chat` with the package's engine, approval helpers, browser tools and transport.
 *  Its getters read the chat's reactive state: templates and `$derived` update with them. */
export declare class AdkChat<
  M extends UIMessage = UIMessage,
  MODE extends AdkChatMode = 'sse',
  OWN extends ChatTransport<M> | undefined = undefined,
> {
  /** `mode` decides the transport's type, as in React's useAdkChat. */
  constructor(options?: AdkChatOptions<M, MODE> & { transport?: OWN });
  /** AI SDK's Svelte `Chat` itself. */
  readonly chat: Chat<M>;
  readonly adk: Adk;
  /** The transport given as `transport`, else the one the chat built. */
  readonly transport: OWN extends ChatTransport<M> ? OWN : AdkChatTransport<M, MODE>;
  readonly messages: M[];
  readonly status: ChatStatus;
  readonly error: Error | undefined;
  /** The pending approvals of the last assistant message. */
  readonly pendingApprovals: PendingApproval[];
  /** Why the engine sends or waits (`rule` is stable; render from it). */
  readonly explain: Explanation;
  sendMessage: Chat<M>['sendMessage'];
  regenerate: Chat<M>['regenerate'];
  stop: Chat<M>['stop'];
  approve: Adk['approve'];
  deny: Adk['deny'];
  answerApprovals: Adk['answerApprovals'];
  /** The library's `adk.addToolOutput`: it tells the engine the output is the browser's. */
  addToolOutput: Adk['addToolOutput'];
  /** Detaches the engine and closes the transport it built (call it in `onDestroy`). */
  close(): void;
}
