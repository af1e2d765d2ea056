// `adk-stream-wasm/react` imports `react`, `@ai-sdk/react` and `ai` when it runs, so its types use
// theirs directly: an app that imports this entry point has all three installed.
import type { UseChatHelpers } from '@ai-sdk/react';
import type { UIMessage, ChatInit, ChatTransport } from 'ai';
import type { AdkSseTransport } from './transport/sse/sse-transport.js';
import type { Adk, AdkOptions } from './chat.js';
import type { Explanation, PendingApproval, BidiPattern } from './index.js';
import type { AdkBackendKind, BidiTransport, BidiTransportOptions } from './transport.js';
import type { ToolExecutorDependencies, ToolExecutorResult } from './drop-in/executors.js';

export type AdkChatMode = 'sse' | 'bidi';

/** A transport of the app's own (the testing kit's `AdkTestTransport`, a custom one): any AI SDK
 *  `ChatTransport`; in BIDI Pattern B its `sendToolResult` carries approved browser tools' outputs
 *  (without one, Pattern B is refused when the chat is created). */
export type AdkOwnTransport<M extends UIMessage = UIMessage, MODE extends AdkChatMode = AdkChatMode> = ChatTransport<M> &
  (MODE extends 'bidi' ? { sendToolResult?(toolCallId: string, result: object): void } : unknown);

export interface UseAdkChatOptions<M extends UIMessage = UIMessage, MODE extends AdkChatMode = AdkChatMode>
  extends Omit<ChatInit<M>, 'transport' | 'sendAutomaticallyWhen'> {
  /** Default 'sse'. */
  mode?: MODE;
  /** SSE endpoint (default '/api/chat'). Not with `transport`. */
  api?: string;
  /** BIDI WebSocket URL (ws:// or wss://). Not with `transport`. */
  url?: string;
  bidiPattern?: BidiPattern;
  tools?: AdkOptions['tools'];
  /** The tools that run in the browser besides `tools` (`[]` for none), in the forms every API
   *  takes; a function is asked through the latest render's. Default: the module's frontend-tool
   *  registry (`get_location`, `take_photo`, `get_camera`). */
  frontendTools?: AdkOptions['frontendTools'];
  /** `'adk'` (default) or `'ai-sdk'` (AI SDK's server, Pydantic AI): how the request is encoded. Not with `transport`. */
  backend?: AdkBackendKind;
  /** Use this transport instead of building one (for tests: `AdkTestTransport`). The app closes it. */
  transport?: AdkOwnTransport<M, MODE>;
  /** Passed to AdkSseTransport (SSE; AI SDK's `DefaultChatTransport` options) or BidiTransport (BIDI). Not with `transport`. */
  transportOptions?: Record<string, unknown> & Partial<BidiTransportOptions>;
  onToolError?: AdkOptions['onToolError'];
  /** AI SDK's `onError` (the chat's errors), which also hears the engine's: an `AdkInternalError`
   *  when the WebAssembly core traps during a decision (`createAutoSend`'s `onError`). */
  onError?: ChatInit<M>['onError'];
  /** useChat's options. */
  experimental_throttle?: number;
  resume?: boolean;
}

/**
 * The BIDI transport useAdkChat builds: `BidiTransport`'s members, over its module, which loads
 * when the chat is created (an SSE app never downloads it). It is not an instance of the class
 * (`instanceof BidiTransport` is false). Before the module has loaded it answers as a
 * `BidiTransport` with no socket open: `connected` false, `interrupt()` false, the senders an
 * `AdkTransportError` `'not-connected'`; a failed download rejects the next async call.
 */
export type UseAdkChatBidiTransport<M extends UIMessage = UIMessage> = Pick<
  BidiTransport<M>,
  | 'sendMessages'
  | 'reconnectToStream'
  | 'sendToolResult'
  | 'interrupt'
  | 'sendAudioControl'
  | 'sendAudioChunk'
  | 'connect'
  | 'close'
  | 'latencyMs'
  | 'connected'
  | 'socket'
  | 'messagesSent'
  | 'whenMessageSent'
>;

/** The chat's transport, by mode: the BIDI WebSocket transport (`latencyMs`, `interrupt()`, …) or
 *  the package's `AdkSseTransport` (AI SDK's `DefaultChatTransport` with the ADK encoding) for SSE;
 *  either when the mode is only known at run time. */
export type AdkChatTransport<M extends UIMessage = UIMessage, MODE extends AdkChatMode = AdkChatMode> =
  | (MODE extends 'bidi' ? UseAdkChatBidiTransport<M> : never)
  | (MODE extends 'sse' ? AdkSseTransport<M> : never);

export type UseAdkChatResult<
  M extends UIMessage = UIMessage,
  MODE extends AdkChatMode = AdkChatMode,
  OWN extends ChatTransport<M> | undefined = undefined,
> = Omit<UseChatHelpers<M>, 'addToolOutput'> & {
  /** The library's `adk.addToolOutput` (not useChat's): it tells the engine the output is the
   *  browser's, and may be awaited inside `onToolCall` (while the chat streams it resolves once the
   *  output is queued; otherwise once it is committed). */
  addToolOutput: Adk['addToolOutput'];
  adk: Adk;
  /** The transport given as `transport`, else the one the hook built. */
  transport: OWN extends ChatTransport<M> ? OWN : AdkChatTransport<M, MODE>;
  approve: Adk['approve'];
  deny: Adk['deny'];
  answerApprovals: Adk['answerApprovals'];
  pendingApprovals: PendingApproval[];
  explain: Explanation;
};

/** `mode` decides the transport's type: `useAdkChat({mode: 'bidi', url})` gives the BIDI transport
 *  (`UseAdkChatBidiTransport`); no mode (the default, SSE) or `mode: 'sse'` gives the package's
 *  `AdkSseTransport`. */
export function useAdkChat<
  M extends UIMessage = UIMessage,
  MODE extends AdkChatMode = 'sse',
  OWN extends AdkOwnTransport<M, MODE> | undefined = undefined,
>(options?: UseAdkChatOptions<M, MODE> & { transport?: OWN }): UseAdkChatResult<M, MODE, OWN>;

export interface UseToolExecutorsResult {
  /** Runs the registered executor of `toolName`; `{success: false, error}` when there is none or
   *  it fails. Never rejects. */
  execute: (toolName: string, input: Record<string, unknown>) => Promise<ToolExecutorResult>;
  isExecutorAvailable: (toolName: string) => boolean;
}

/** The drop-in hook over the module's tool executor registry; `deps` reach every executor
 *  (`change_bgm` needs `bgmChannel`). Stable identities across renders. */
export function useToolExecutors(deps?: ToolExecutorDependencies): UseToolExecutorsResult;
