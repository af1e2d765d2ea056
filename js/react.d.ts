import type { UseChatHelpers } from '@ai-sdk/react';
import type { UIMessage, ChatInit } from 'ai';
import type { Adk, AdkOptions } from './chat.js';
import type { Explanation, PendingApproval, BidiPattern } from './index.js';
import type { BidiTransport, BidiTransportOptions } from './transport.js';

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

export type UseAdkChatResult<M extends UIMessage = UIMessage> = UseChatHelpers<M> & {
  adk: Adk;
  transport: unknown | BidiTransport;
  approve: Adk['approve'];
  deny: Adk['deny'];
  answerApprovals: Adk['answerApprovals'];
  pendingApprovals: PendingApproval[];
  explain: Explanation;
};

export function useAdkChat<M extends UIMessage = UIMessage>(options?: UseAdkChatOptions<M>): UseAdkChatResult<M>;
