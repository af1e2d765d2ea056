// adk-stream-wasm: the decision engine, the approval helpers and the frontend-tool registry.
// Every rule lives in Rust (src/), in the core WebAssembly module. One concern per file:
//   auto-send.js  the per-chat engine, createAutoSend (SPEC §2); options.js reads its options
//   approvals.js  pendingApprovals, approve, deny, answerApprovals (SPEC §4)
//   drop-in/decide.js    the drop-in names of the helpers this library replaces (SPEC §7)
//   records.js    the records the core reads; words.js the words of its answers; contract.js the
//                 numbers both sides read (generated from src/contract.rs); errors.js the errors.
// The types are declared in JSDoc beside the code that implements them; this file names the public
// ones again, so the emitted index.d.ts exports them (`export type X = ...`).
import { ready, isReady, loadError } from './core/loader.js';
// Imported here too, though loader.js uses it: an unbundled page then fetches the module's bytes
// together with loader.js instead of after it (one round trip less at start-up).
import './wasm/adk_stream_wasm_bytes.js';

export { ready, isReady, loadError };
export { createAutoSend } from './decision/auto-send.js';
export { pendingApprovals, approve, deny, answerApprovals } from './approvals/approvals.js';
export { sendAutomaticallyWhenCore, clearSentApprovalStates, extractToolName, extractToolNameFromType, isToolType } from './drop-in/decide.js';
// Every error the package throws is one of these classes (`instanceof` works; `name` says the same).
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
  AdkDisposedError,
} from './errors/errors.js';
// One sentence for the user per error (issue 41): the English table, or an app's own language.
export { userMessage, USER_WORDS } from './words/user.js';
// The built-in get_location tool; `executeGetLocation` is one of the drop-in names (SPEC §7).
export { getLocation, executeGetLocation } from './geolocation.js';
export {
  registerFrontendExecuteTool,
  isFrontendExecuteTool,
  getFrontendExecuteTools,
  getFrontendExecuteToolsByCategory,
  getFrontendExecuteTool,
  resetFrontendExecuteTools,
  TOOL_CATEGORIES,
} from './drop-in/registry.js';
// The tool executor registry is plain JS (js/drop-in/executors.js) and answers before the module loads.
export { registerToolExecutor, getToolExecutor, hasToolExecutor, resetToolExecutors, executeChangeBgm } from './drop-in/executors.js';

// The public types (the hover docs are on the members, in the modules named).

/** @typedef {import('./decision/auto-send.js').UIMessageLike} UIMessageLike The AI SDK UI message shape this library reads (structurally compatible with `UIMessage`). */
/** @typedef {import('./decision/auto-send.js').ChatLike} ChatLike The minimal part of AI SDK's `Chat` the helpers use. */
/** @typedef {import('./decision/auto-send.js').AddToolOutputArgs} AddToolOutputArgs */
/** @typedef {import('./decision/auto-send.js').Mode} Mode */
/** @typedef {import('./decision/auto-send.js').BidiPattern} BidiPattern */
/** @typedef {import('./decision/auto-send.js').ToolCallClaim} ToolCallClaim A browser tool call to run now (`AutoSend.claimToolCalls`). */
/** @typedef {import('./decision/auto-send.js').AutoSendOptions} AutoSendOptions */
/** @typedef {import('./decision/auto-send.js').Explanation} Explanation */
/** @typedef {import('./decision/auto-send.js').AutoSend} AutoSend One chat's auto-send decision (`createAutoSend`). */
/**
 * An approval of the last assistant message still waiting for the user; `M` is the message type
 * (AI SDK's `UIMessage` by default), which types `input` and `part`.
 * @template {UIMessageLike} [M=import('./decision/auto-send.js').UIMessage]
 * @typedef {import('./approvals/approvals.js').PendingApproval<M>} PendingApproval
 */
/** @typedef {import('./approvals/approvals.js').ApprovalDecision} ApprovalDecision */
/** @typedef {import('./approvals/approvals.js').BatchDecisions} BatchDecisions */
/** @typedef {import('./geolocation.js').UserLocation} UserLocation */
/** @typedef {import('./geolocation.js').GetLocationOptions} GetLocationOptions */
/** @typedef {import('./geolocation.js').GeolocationErrorCode} GeolocationErrorCode */
/** @typedef {import('./geolocation.js').ExecuteGetLocationResult} ExecuteGetLocationResult */
/** @typedef {import('./drop-in/registry.js').FrontendToolCategory} FrontendToolCategory */
/** @typedef {import('./drop-in/registry.js').FrontendExecuteTool} FrontendExecuteTool */
/** @typedef {FrontendToolCategory} FrontendExecuteCategory The old helpers' name for `FrontendToolCategory`. */
/** @typedef {FrontendExecuteTool} FrontendExecuteToolDefinition The old helpers' name for `FrontendExecuteTool`. */
/**
 * The drop-in decision's argument: AI SDK's `{messages}`, and for `sendAutomaticallyWhenCore`
 * optionally the mode. `M` defaults to AI SDK's `UIMessage`.
 * @template {UIMessageLike} [M=import('./decision/auto-send.js').UIMessage]
 * @typedef {import('./drop-in/decide.js').SendAutomaticallyWhenOptions<M>} SendAutomaticallyWhenOptions
 */
/**
 * @internal the signature of `sendAutomaticallyWhen` in `adk-stream-wasm/sse` and `/bidi`.
 * @typedef {import('./drop-in/decide.js').DropInDecisions['sendAutomaticallyWhen']} DropInSendAutomaticallyWhen
 */
/** @typedef {import('./drop-in/executors.js').ToolExecutor} ToolExecutor */
/** @typedef {import('./drop-in/executors.js').ToolExecutorResult} ToolExecutorResult */
/** @typedef {import('./drop-in/executors.js').ToolExecutorDependencies} ToolExecutorDependencies */
/** @typedef {import('./words/user.js').UserWordKey} UserWordKey */
/** @typedef {import('./words/user.js').UserWords} UserWords */
