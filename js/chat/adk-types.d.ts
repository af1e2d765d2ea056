// The shapes createAdk (create-adk.js) takes and returns, as interfaces: methods and readonly
// members, each with its hover docs, which a JSDoc @typedef cannot say. Types only; create-adk.js
// checks its code against them (`@type {Adk}`), and `adk-stream-wasm/chat` (chat.js) exports them.
import type { FrontendToolSet } from '../transport.js';
import type { AutoSendOptions, AutoSend, ChatLike, Explanation, Mode, BidiPattern, PendingApproval, BatchDecisions, AddToolOutputArgs, UIMessageLike, ToolCallClaim } from '../index.js';

/** A chat's own browser tool (`createAdk({tools})`, `useAdkChat({tools})`); not the registry's `ToolExecutor`. */
export interface BrowserTool {
  /** Runs the tool in the browser; its result becomes the part's output, a throw its errorText. */
  execute(input: unknown, context: { toolCallId: string; toolName: string }): unknown | Promise<unknown>;
  /** Default true: the tool never runs without the user's approving answer. */
  requiresApproval?: boolean;
}

export interface AdkOptions {
  mode: Mode;
  bidiPattern?: BidiPattern;
  /** The chat's own browser tools, in addition to the module registry's (get_location built in).
   *  Their `execute` returns the output itself (a throw is the failure); executors of the module's
   *  registry (`registerToolExecutor`) keep the old `ToolExecutor` contract, `{success, output?, error?}`. */
  tools?: Record<string, BrowserTool | BrowserTool['execute']>;
  /**
   * The tools that run in the browser besides `tools`, in the forms `createAutoSend` takes (names,
   * `{name, requiresApproval?}`, or a test `(toolName) => boolean`); `[]` for none. Default: the
   * module's frontend-tool registry (`get_location`, `take_photo`, `get_camera`). Say it when the
   * backend has a server tool of the same name, or the browser runs its own in its place.
   */
  frontendTools?: FrontendToolSet;
  /**
   * The chat's transport. BIDI Pattern B needs one with `sendToolResult` (the BidiTransport, or the
   * testing kit's): each approved browser tool's output goes on it as a `tool_result` frame, after
   * the message that carries the approval (`messagesSent`, `whenMessageSent`). `createAdk` refuses
   * Pattern B without it. Should the frame fail (the socket closed), the tool part gets an
   * `output-error` saying the backend did not get the result, and `onToolError` the error. Any
   * other transport (the SSE one `useAdkChat` builds) may be given and is used for nothing else.
   */
  transport?: {
    sendToolResult?(toolCallId: string, result: object): void;
    reconnectToStream?(options: { chatId: string }): Promise<ReadableStream<unknown> | null>;
    readonly messagesSent?: number;
    whenMessageSent?(count: number, timeoutMs?: number): Promise<boolean>;
  };
  /** A browser tool failed (its errorText is sent), its Pattern B `tool_result` could not be sent,
   *  or buffered chunks could not be applied (call null). */
  onToolError?(error: unknown, call: ToolCallClaim | null): void;
  /** The engine's error (`createAutoSend`'s `onError`): an `AdkInternalError` when the WebAssembly
   *  core traps during a decision; the engine then answers false for good. */
  onError?: AutoSendOptions['onError'];
}

export interface Adk {
  readonly autoSend: AutoSend;
  /** Pass to `new Chat({sendAutomaticallyWhen})`. */
  readonly sendAutomaticallyWhen: AutoSend['sendAutomaticallyWhen'];
  readonly chat: ChatLike | null;
  /** Binds the chat: from now on approved browser tools run by themselves (once each). */
  attach(chat: ChatLike): Adk;
  approve(approvalId: string, options?: { reason?: string }): Promise<void>;
  deny(approvalId: string, options?: { reason?: string }): Promise<void>;
  answerApprovals(handler: (pending: PendingApproval[]) => BatchDecisions | Promise<BatchDecisions>): Promise<Array<{ approvalId: string; approved: boolean; reason?: string }>>;
  /** The approvals waiting for the user's answer. None while the chat's `error` is a BIDI
   *  `connection-lost`: they died with their socket (the backend forgot them), and the chat shows
   *  that error at once, with no `onError` wired. */
  pendingApprovals(messages?: ReadonlyArray<UIMessageLike>): PendingApproval[];
  /** Why the engine sends or waits; `'no-user-action'`, not `'approval-pending'`, for approvals
   *  that died with their socket (see `pendingApprovals`). */
  explain(messages?: ReadonlyArray<UIMessageLike>): Explanation;
  /**
   * When the request that carried the user's message or answers never reached the backend (an
   * `AdkTransportError` of kind `'connect-failed'`, from either transport, or over BIDI
   * `'connect-timeout'` or `'cannot-open'`), they are not counted as sent: `explain()` says
   * `'waits-to-be-sent'`, nothing sends them by itself, and this call sends them once (AI SDK's
   * `chat.sendMessage()` with no message). After a failure that leaves their arrival unknown
   * (`request-failed`, `no-response`, `http-error`: `explain()` says `'arrival-unknown'`) it sends
   * nothing, except with `{mayHaveArrived: true}` where the error is `repeatable` (a proxy's 502 or
   * 503 in front of an ADK backend: the request is over, and the backend drops an answer it
   * already holds, so the repeat pays at most once). Resolves false when nothing is sent.
   */
  resend(options?: { mayHaveArrived?: boolean }): Promise<boolean>;
  /** Adds a browser tool's output to the attached chat (`AutoSend.addToolOutput`). Safe to await
   *  inside AI SDK's `onToolCall`: while the chat is streaming it resolves once the output is
   *  queued; otherwise once it is committed in `chat.messages`. */
  addToolOutput(args: AddToolOutputArgs): Promise<void>;
  /** Starts every browser tool call that may start now. */
  runTools(): Promise<void>;
  /** Resolves when every started browser tool has finished and its output is added. */
  whenToolsIdle(): Promise<void>;
  setTools(tools: AdkOptions['tools']): void;
  /** Applies chunks the BIDI transport kept while no stream was open to the chat, as the
   *  `resumeBuffered` export does (the message they continue, or a turn the backend started as a
   *  message of its own); pass it as the transport's `onBufferedChunks`. */
  resumeBuffered(): Promise<boolean>;
  detach(): void;
}
