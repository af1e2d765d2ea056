// Type declarations of the `adk-stream-wasm` entry point.
// `ai` is an optional peer dependency: this entry point runs without it. With `ai` installed,
// `UIMessage` is AI SDK's own; without it the import resolves to nothing and `UIMessage` is `any`,
// so these declarations still compile under `skipLibCheck: false` (tools/check-types.mjs checks both).
// @ts-ignore -- resolves only when the optional peer `ai` is installed (see above).
import type { UIMessage } from 'ai';
// Generated from the Rust rule codes (src/contract.rs), with the list the code reads.
import type { RuleName } from './core/rule-names.js';

/** The AI SDK UI message shape this library reads (structurally compatible with `UIMessage`). */
export interface UIMessageLike {
  id?: string;
  role: 'user' | 'assistant' | 'system' | string;
  parts?: ReadonlyArray<unknown> | null;
  metadata?: unknown;
}

/** The minimal part of AI SDK's `Chat` the helpers use. */
export interface ChatLike {
  readonly messages: UIMessageLike[];
  /** AI SDK's chat status: while 'streaming' or 'submitted', `addToolOutput` only queues the output. */
  readonly status?: string;
  // AI SDK declares both as `void | PromiseLike<void>`; the helpers await either.
  addToolApprovalResponse(args: { id: string; approved: boolean; reason?: string }): void | PromiseLike<void>;
  addToolOutput(args: AddToolOutputArgs): void | PromiseLike<void>;
}

export type AddToolOutputArgs =
  | { tool: string; toolCallId: string; output: unknown; state?: 'output-available' }
  | { tool: string; toolCallId: string; state: 'output-error'; errorText: string };

export type Mode = 'sse' | 'bidi';
export type BidiPattern = 'A' | 'B';

/** A browser tool call to run now (`AutoSend.claimToolCalls`). */
export interface ToolCallClaim {
  toolCallId: string;
  toolName: string;
  /** The part's index in the last message's `parts`. */
  partIndex: number;
  run: 'approved' | 'called' | 'refused';
}

export interface AutoSendOptions {
  mode: Mode;
  /** BIDI only. 'A' (default): an approved browser tool's approval is sent with its output.
   *  'B': the approval is sent at once and the output follows as a `tool_result` frame. */
  bidiPattern?: BidiPattern;
  /** The tools that run in the browser: names or `{name, requiresApproval?}` (`[]` for none), or a
   *  test `(toolName) => boolean` such as another engine's `isFrontendTool`; default: the module's
   *  registry. The same forms as every API takes. */
  frontendTools?: FrontendToolSet;
  /** Whether the module's registry counts too; default: only when `frontendTools` is absent. */
  useRegistry?: boolean;
  /** Called once if the WebAssembly core traps during a decision (`AdkInternalError`); that engine
   *  then answers false for good, and `explain()` says so (rule `internal-error`). Without it the
   *  error goes to `reportError` (browsers), else to the console. */
  onError?: (error: AdkInternalError) => void;
}

export interface Explanation {
  send: boolean;
  /** A stable name of the rule that decided, e.g. 'approval-pending', 'unsent-user-action'. */
  rule: RuleName;
  /** The decision in words: what was seen in which part, and what happens or what to do. */
  detail: string;
}

export interface AutoSend {
  /** Pass to `useChat({sendAutomaticallyWhen})` / `new Chat({...})` as is. Synchronous: the core
   *  compiles when the package is imported (where it cannot, `createAutoSend` throws `AdkLoadError`).
   *  Never throws. */
  sendAutomaticallyWhen(options: { messages: ReadonlyArray<UIMessageLike> }): boolean;
  /** What the decision would be now, without remembering anything. */
  explain(options: { messages: ReadonlyArray<UIMessageLike> }): Explanation;
  /** Forgets what this chat sent and which outputs were the browser's. */
  reset(): void;
  /** Says the output of `toolCallId` was added by the browser, so it is sent to the backend as the user's. */
  markBrowserOutput(toolCallId: string): void;
  /** `chat.addToolOutput` that also tells the engine the output is the browser's. When the chat is
   *  not streaming it resolves once the output is committed in `chat.messages` (else
   *  `AdkNotCommittedError`). While `chat.status` is `'streaming'` or `'submitted'` (inside AI SDK's
   *  `onToolCall`, for one) it resolves once the output is queued: AI SDK applies it when the
   *  stream's job ends, and awaiting that commit inside `onToolCall` would never resolve. */
  addToolOutput(chat: ChatLike, args: AddToolOutputArgs): Promise<void>;
  /** Calls `observer` (in a microtask) after every decision; returns the unsubscribe function. */
  onDecision(observer: () => void): () => void;
  /** Whether `name` runs in the browser for this engine. */
  isFrontendTool(name: string): boolean;
  /**
   * The browser tool calls of the last assistant message to run now, each returned once:
   * `approved` (its approval is committed), `called` (a browser tool that needs no approval, called
   * by the backend) or `refused` (a browser tool that needs approval, called without an approval
   * request: answer it with an `output-error`, or the chat waits for it). Ask when the chat is not
   * streaming (status `'ready'`); `createAdk` and `useAdkChat` do it themselves.
   */
  claimToolCalls(messages: ReadonlyArray<UIMessageLike>): ToolCallClaim[];
  readonly mode: Mode;
  readonly bidiPattern: BidiPattern;
}

/** A new engine for one chat. Throws `AdkInvalidArgumentError` on bad options (once loaded). */
export function createAutoSend(options: AutoSendOptions): AutoSend;

/** Resolved at once: the core compiles at import. Rejects with `AdkLoadError` where it cannot. */
export const ready: Promise<void>;
/** Whether the core WebAssembly module loaded (false where a Content Security Policy refuses it). */
export function isReady(): boolean;
/** Why the core could not load, or null: check it without a `try`. */
export const loadError: AdkLoadError | null;

export {
  AdkError,
  AdkInvalidArgumentError,
  AdkUnknownApprovalError,
  AdkIncompleteBatchError,
  AdkInvalidToolError,
  AdkNotCommittedError,
  AdkGeolocationError,
  AdkTransportError,
  AdkMalformedFrameError,
  AdkLoadError,
  AdkCallbackError,
  AdkInternalError,
} from './errors/errors.js';
import type { AdkLoadError, AdkInternalError } from './errors/errors.js';
import type { FrontendToolSet } from './transport.js';

/** The tool parts of message type `M` (AI SDK's `UIMessage` by default) waiting for an approval. */
type ApprovalPartOf<M> = M extends { parts?: ReadonlyArray<infer P> | null }
  ? Extract<P, { toolCallId: string; state: 'approval-requested' }>
  : never;
/** Their inputs, from the app's own tools (`UIMessage<…, MyTools>`) when it declares them. */
type ApprovalInputOf<P> = P extends { input: infer I } ? I : unknown;
type StaticApprovalPartOf<M> = Exclude<ApprovalPartOf<M>, { type: 'dynamic-tool' }>;

export interface PendingApproval<M extends UIMessageLike = UIMessage> {
  approvalId: string;
  toolCallId: string;
  toolName: string;
  /** The tool call's input, typed from the message type's tools (`UIMessage<…, MyTools>`), so
   *  `p.input.amount` needs no cast; `unknown` for messages that declare no tools. */
  input: [StaticApprovalPartOf<M>] extends [never] ? unknown : ApprovalInputOf<StaticApprovalPartOf<M>>;
  /** The tool part itself (state `approval-requested`), as the message type types it. */
  part: [ApprovalPartOf<M>] extends [never] ? unknown : ApprovalPartOf<M>;
}

/** Approvals of the last assistant message still waiting for the user. */
export function pendingApprovals<M extends UIMessageLike = UIMessage>(messages: ReadonlyArray<M>): PendingApproval<M>[];

/** Approves a pending approval by its APPROVAL id. Rejects with `AdkUnknownApprovalError`
 *  (listing the valid ids) when the id is not pending; resolves once committed. */
export function approve(chat: ChatLike, approvalId: string, options?: { reason?: string }): Promise<void>;
/** Denies a pending approval by its APPROVAL id; as `approve`. */
export function deny(chat: ChatLike, approvalId: string, options?: { reason?: string }): Promise<void>;

export type ApprovalDecision = { approved: boolean; reason?: string };
export type BatchDecisions =
  | ReadonlyArray<{ approvalId: string; approved: boolean; reason?: string } | { id: string; approved: boolean; reason?: string }>
  | Record<string, boolean | ApprovalDecision>
  | Map<string, boolean | ApprovalDecision>;

/** Calls `handler` once with every pending approval; applies all decisions or none
 *  (`AdkIncompleteBatchError` names missing, unknown and repeated ids). */
export function answerApprovals(
  chat: ChatLike,
  handler: (pending: PendingApproval[]) => BatchDecisions | Promise<BatchDecisions>,
): Promise<Array<{ approvalId: string; approved: boolean; reason?: string }>>;

// Drop-in names of the TypeScript helpers this package replaces -------------------------------------------------------------------

export { getLocation, executeGetLocation } from './geolocation.js';
export type { UserLocation, GetLocationOptions, GeolocationErrorCode, ExecuteGetLocationResult } from './geolocation.js';

export type FrontendToolCategory = 'geolocation' | 'camera' | 'microphone' | 'notification' | 'clipboard' | 'other';
export interface FrontendExecuteTool {
  name: string;
  category: FrontendToolCategory;
  description?: string;
  /** Default true: the browser never runs the tool without an approving answer. */
  requiresApproval?: boolean;
}
/** The old helpers' names for the two types above. */
export type FrontendExecuteCategory = FrontendToolCategory;
export type FrontendExecuteToolDefinition = FrontendExecuteTool;
export const TOOL_CATEGORIES: ReadonlyArray<FrontendToolCategory>;

/** The drop-in decision's argument: AI SDK's `{messages}`, and for
 *  `sendAutomaticallyWhenCore` optionally the mode. `M` defaults to AI SDK's `UIMessage`. */
export interface SendAutomaticallyWhenOptions<M extends UIMessageLike = UIMessage> {
  messages: M[];
  mode?: 'sse' | 'bidi' | 'unknown';
}

// The drop-in decisions are declared as methods so that their parameter is compared both ways
// (bivariantly): the old helpers took AI SDK's `UIMessage[]`, these take any message list (of ai 6
// or 7), and code typed against either signature compiles against the other.
interface DropInDecisions {
  sendAutomaticallyWhen(options: { messages: ReadonlyArray<UIMessageLike>; mode?: SendAutomaticallyWhenOptions['mode'] }): boolean;
  sendAutomaticallyWhenCore(
    options: { messages: ReadonlyArray<UIMessageLike>; mode?: SendAutomaticallyWhenOptions['mode'] },
    log?: (message: string) => void,
  ): boolean;
  extractToolName(part: unknown, fallback?: string): string;
}
/** @internal the signature of `sendAutomaticallyWhen` in `adk-stream-wasm/sse` and `/bidi`. */
export type DropInSendAutomaticallyWhen = DropInDecisions['sendAutomaticallyWhen'];

/** Decides with the module's default engine of `mode`; without a mode (or `'unknown'`) it still
 *  decides, as the old helper did. `log` receives the decision in words. Synchronous. */
export const sendAutomaticallyWhenCore: DropInDecisions['sendAutomaticallyWhenCore'];
export function clearSentApprovalStates(): void;
/** `part.toolName` when set, else the name in `part.type` (`tool-<name>`), else `fallback` (""). */
export const extractToolName: DropInDecisions['extractToolName'];
/** `"tool-x"` gives `"x"`; any other type is returned unchanged (`"text"` gives `"text"`). */
export function extractToolNameFromType(type: string): string;
/** Whether `type` starts with `tool-` (`dynamic-tool` does not). */
export function isToolType(type: string): type is `tool-${string}`;
export function registerFrontendExecuteTool(tool: FrontendExecuteTool): void;
export function isFrontendExecuteTool(name: string): boolean;
export function getFrontendExecuteTool(name: string): FrontendExecuteTool | undefined;
export function getFrontendExecuteTools(): FrontendExecuteTool[];
export function getFrontendExecuteToolsByCategory(category: FrontendToolCategory): FrontendExecuteTool[];
export function resetFrontendExecuteTools(): void;
export {
  registerToolExecutor,
  getToolExecutor,
  hasToolExecutor,
  resetToolExecutors,
  executeChangeBgm,
} from './drop-in/executors.js';
export type { ToolExecutor, ToolExecutorResult, ToolExecutorDependencies } from './drop-in/executors.js';

