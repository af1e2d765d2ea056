// `adk-stream-wasm/react` imports `react`, `@ai-sdk/react` and `ai` when it runs, so its types use
// theirs directly: an app that imports this entry point has all three installed.
import type { UseChatHelpers } from '@ai-sdk/react';
import type { UIMessage, ChatInit, DefaultChatTransport } from 'ai';
import type { Adk, AdkOptions } from './chat.js';
import type { Explanation, PendingApproval, BidiPattern } from './index.js';
import type { BidiTransport, BidiTransportOptions } from './transport.js';
import type { ToolExecutorDependencies, ToolExecutorResult } from './executors.js';

export type AdkChatMode = 'sse' | 'bidi';

export interface UseAdkChatOptions<M extends UIMessage = UIMessage, MODE extends AdkChatMode = AdkChatMode>
  extends Omit<ChatInit<M>, 'transport' | 'sendAutomaticallyWhen'> {
  /** Default 'sse'. */
  mode?: MODE;
  /** SSE endpoint for DefaultChatTransport (default '/api/chat'). */
  api?: string;
  /** BIDI WebSocket URL (ws:// or wss://). */
  url?: string;
  bidiPattern?: BidiPattern;
  tools?: AdkOptions['tools'];
  /** Passed to DefaultChatTransport (SSE) or BidiTransport (BIDI). */
  transportOptions?: Record<string, unknown> & Partial<BidiTransportOptions>;
  onToolError?: AdkOptions['onToolError'];
}

/** The chat's transport, by mode: the BIDI WebSocket transport (`latencyMs`, `interrupt()`, …) or
 *  AI SDK's `DefaultChatTransport` for SSE; both when the mode is only known at run time. */
export type AdkChatTransport<M extends UIMessage = UIMessage, MODE extends AdkChatMode = AdkChatMode> =
  | (MODE extends 'bidi' ? BidiTransport<M> : never)
  | (MODE extends 'sse' ? DefaultChatTransport<M> : never);

export type UseAdkChatResult<M extends UIMessage = UIMessage, MODE extends AdkChatMode = AdkChatMode> = Omit<UseChatHelpers<M>, 'addToolOutput'> & {
  /** The library's `adk.addToolOutput` (not useChat's): it tells the engine the output is the
   *  browser's, and may be awaited inside `onToolCall` (while the chat streams it resolves once the
   *  output is queued; otherwise once it is committed). */
  addToolOutput: Adk['addToolOutput'];
  adk: Adk;
  transport: AdkChatTransport<M, MODE>;
  approve: Adk['approve'];
  deny: Adk['deny'];
  answerApprovals: Adk['answerApprovals'];
  pendingApprovals: PendingApproval[];
  explain: Explanation;
};

/** `mode` decides the transport's type: `useAdkChat({mode: 'bidi', url})` gives a `BidiTransport`;
 *  no mode (the default, SSE) or `mode: 'sse'` gives a `DefaultChatTransport`. */
export function useAdkChat<M extends UIMessage = UIMessage, MODE extends AdkChatMode = 'sse'>(
  options?: UseAdkChatOptions<M, MODE>,
): UseAdkChatResult<M, MODE>;

export interface UseToolExecutorsResult {
  /** Runs the registered executor of `toolName`; `{success: false, error}` when there is none or
   *  it fails. Never rejects. */
  execute: (toolName: string, input: Record<string, unknown>) => Promise<ToolExecutorResult>;
  isExecutorAvailable: (toolName: string) => boolean;
}

/** The drop-in hook over the module's tool executor registry; `deps` reach every executor
 *  (`change_bgm` needs `bgmChannel`). Stable identities across renders. */
export function useToolExecutors(deps?: ToolExecutorDependencies): UseToolExecutorsResult;
