// adk-stream-wasm: the decision engine, the approval helpers and the frontend-tool registry.
// Every rule lives in Rust (src/), in the core WebAssembly module. One concern per file:
//   auto-send.js  the per-chat engine, createAutoSend (SPEC §2)
//   approvals.js  pendingApprovals, approve, deny, answerApprovals (SPEC §4)
//   drop-in/decide.js    the drop-in names of the helpers this library replaces (SPEC §7)
//   records.js    the records the core reads; words.js the words of its answers; contract.js the
//                 numbers both sides read (generated from src/contract.rs); errors.js the errors.
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
} from './errors/errors.js';
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
