import type { UseChatHelpers } from '@ai-sdk/react';
import type { UIMessage, ChatInit } from 'ai';
import type { Adk, AdkOptions } from './chat.js';
import type { Explanation, PendingApproval, BidiPattern } from './index.js';
import type { BidiTransport, BidiTransportOptions } from './transport.js';
import type { ToolExecutorDependencies, ToolExecutorResult } from './executors.js';

export interface UseAdkChatOptions<M extends UIMessage = UIMessage> extends Omit<ChatInit<M>, 'transport' | 'sendAutomaticallyWhen'> {
  mode?: 'sse' | 'bidi';
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

export type UseAdkChatResult<M extends UIMessage = UIMessage> = Omit<UseChatHelpers<M>, 'addToolOutput'> & {
  /** The library's `adk.addToolOutput` (not useChat's): it tells the engine the output is the
   *  browser's, and may be awaited inside `onToolCall` (while the chat streams it resolves once the
   *  output is queued; otherwise once it is committed). */
  addToolOutput: Adk['addToolOutput'];
  adk: Adk;
  transport: unknown | BidiTransport;
  approve: Adk['approve'];
  deny: Adk['deny'];
  answerApprovals: Adk['answerApprovals'];
  pendingApprovals: PendingApproval[];
  explain: Explanation;
};

export function useAdkChat<M extends UIMessage = UIMessage>(options?: UseAdkChatOptions<M>): UseAdkChatResult<M>;

export interface UseToolExecutorsResult {
  /** Runs the registered executor of `toolName`; `{success: false, error}` when there is none or
   *  it fails. Never rejects. */
  execute: (toolName: string, input: Record<string, unknown>) => Promise<ToolExecutorResult>;
  isExecutorAvailable: (toolName: string) => boolean;
}

/** The drop-in hook over the module's tool executor registry (SPEC §7); `deps` reach every executor
 *  (`change_bgm` needs `bgmChannel`). Stable identities across renders. */
export function useToolExecutors(deps?: ToolExecutorDependencies): UseToolExecutorsResult;
