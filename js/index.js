// adk-stream-wasm: the decision engine, the approval helpers and the frontend-tool registry.
// This glue only wires JS to the WebAssembly module: every rule lives in Rust (src/).
import * as wasm from './wasm/adk_stream_wasm.js';
import { ready, isReady, loadError, requireReady, wasmMemory } from './loader.js';
// Imported here too, though loader.js uses it: an unbundled page then fetches the module's bytes
// together with loader.js instead of after it (one round trip less at start-up).
import './wasm/adk_stream_wasm_bytes.js';
import { clean, summarize } from './summary.js';

export { ready, isReady, loadError, summarize };
// The built-in get_location tool; `executeGetLocation` is one of the drop-in names (SPEC §7).
export { getLocation, executeGetLocation } from './geolocation.js';

// ---------------------------------------------------------------------------------------------
// The per-chat engine (SPEC §2): createAutoSend({mode, bidiPattern?, frontendTools?})

/**
 * One chat's auto-send decision. Pass `sendAutomaticallyWhen` to `useChat`/`new Chat` as is.
 * Its memory of what it sent belongs to this object only, so create one per chat.
 */
export function createAutoSend(options) {
  requireReady();
  let engine;
  try {
    engine = new wasm.AutoSendEngine(options);
  } catch (error) {
    throw named(error, 'createAutoSend');
  }

  const observers = new Set();
  const autoSend = {
    /** AI SDK's `sendAutomaticallyWhen`: whether to send the conversation back now. */
    sendAutomaticallyWhen(arg) {
      let send = false;
      try {
        send = engine.decideBuffered(writeSummary(summarize(arg)));
      } catch {
        send = false;
      }
      // AI SDK asks right after it commits an answer or a tool output and after each stream ends:
      // the moment the tool runner (attachAdk) looks for approved browser tools (SPEC §4).
      for (const observer of observers) queueMicrotask(observer);
      return send;
    },
    /** `{send, rule, detail}`: what the decision would be now, and which principle decides it. */
    explain(arg) {
      return engine.explain(summarize(arg));
    },
    /** Forgets what this chat sent and which outputs were the browser's. */
    reset() {
      engine.reset();
    },
    /** Tells the engine that the output of `toolCallId` was added by the browser (principle 6). */
    markBrowserOutput(toolCallId) {
      // Checked here, before Rust: an exception thrown while Rust holds the engine would leave it
      // unusable.
      if (typeof toolCallId !== 'string' || toolCallId === '') {
        throw invalidArgument('markBrowserOutput', `toolCallId is ${toolCallId === null ? 'null' : typeof toolCallId}`, 'a non-empty string');
      }
      engine.markBrowserOutput(toolCallId);
    },
    /**
     * Adds a browser tool's output (or `{state: 'output-error', errorText}`) to the chat and tells
     * the engine it is the browser's. Resolves once the part holds the output in `chat.messages`,
     * or, while the chat is streaming, once the output is queued (see index.d.ts).
     */
    async addToolOutput(chat, args) {
      requireChat(chat, 'addToolOutput');
      if (args === null || typeof args !== 'object') {
        throw invalidArgument('addToolOutput', `the arguments are ${typeof args}`, '{tool, toolCallId, output} or {tool, toolCallId, state: "output-error", errorText}');
      }
      const { toolCallId } = args;
      if (typeof toolCallId !== 'string' || toolCallId === '') {
        throw invalidArgument('addToolOutput', `toolCallId is ${typeof toolCallId}`, 'the tool call id string (part.toolCallId)');
      }
      if (findToolPart(chat.messages, toolCallId) === null) {
        const shown = toolCallId.length > 80 ? `${toolCallId.slice(0, 80)}…` : toolCallId;
        throw invalidArgument('addToolOutput', `no tool part of this chat has toolCallId '${shown}'`, 'the toolCallId of a tool part in chat.messages');
      }
      autoSend.markBrowserOutput(toolCallId);
      // Mid-stream, AI SDK queues the output behind the stream's own job, and `onToolCall` runs
      // inside that job: awaiting the commit there would wait for a stream that waits for us.
      // So the output is only queued; AI SDK applies it when the stream's job ends.
      if (chat.status === 'streaming' || chat.status === 'submitted') {
        Promise.resolve(chat.addToolOutput(args)).catch(() => {}); // nothing awaits it to hear of a failure
        return;
      }
      const before = chat.messages;
      await chat.addToolOutput(args);
      // As in approve(): useChat's result keeps its render's array; only a live Chat is checked.
      const after = chat.messages;
      const part = findToolPart(after, toolCallId);
      const expected = args.state === 'output-error' ? 'output-error' : 'output-available';
      if (after !== before && (part === null || part.state !== expected)) {
        const error = new Error(`addToolOutput(): the output of ${toolCallId} was not committed; the part is ${part ? part.state : 'gone'}, expected ${expected}.`);
        error.name = 'AdkNotCommittedError';
        throw error;
      }
    },
    /** Calls `observer()` (in a microtask) after each decision; returns the unsubscribe function. */
    onDecision(observer) {
      if (typeof observer !== 'function') throw invalidArgument('onDecision', `observer is ${typeof observer}`, 'a function');
      observers.add(observer);
      return () => observers.delete(observer);
    },
    /** @internal the browser tool calls to start now, each returned once (rules in Rust). */
    claimToolCalls(messages) {
      return engine.claimToolCalls(summarize({ messages }));
    },
    get mode() {
      return /** @type {'sse' | 'bidi'} */ (engine.mode);
    },
    get bidiPattern() {
      return /** @type {'A' | 'B'} */ (engine.bidiPattern);
    },
    /** Whether `name` is a browser tool for this engine (its `frontendTools`, or the registry). */
    isFrontendTool(name) {
      return typeof name === 'string' && engine.isFrontendTool(name);
    },
  };
  autoSend.sendAutomaticallyWhen = autoSend.sendAutomaticallyWhen.bind(autoSend);
  autoSend.explain = autoSend.explain.bind(autoSend);
  return autoSend;
}

// The decision's summary goes straight into a buffer in WebAssembly memory with the native
// TextEncoder.encodeInto, rather than through wasm-bindgen's per-character string copy: the copy
// was a third of the cost of a decision.
const encoder = new TextEncoder();
let memoryBytes = null;

/** Writes `summary` into the module's summary buffer; returns its length in bytes. */
function writeSummary(summary) {
  const capacity = summary.length * 3; // UTF-8 needs at most 3 bytes per UTF-16 unit
  const address = wasm.summaryBuffer(capacity);
  const buffer = wasmMemory().buffer;
  if (memoryBytes === null || memoryBytes.buffer !== buffer) memoryBytes = new Uint8Array(buffer);
  return encoder.encodeInto(summary, memoryBytes.subarray(address, address + capacity)).written;
}

// ---------------------------------------------------------------------------------------------
// Approval helpers (SPEC §4)

function invalidArgument(fn, what, expected) {
  const error = new Error(`${fn}(): ${what}; expected ${expected}.`);
  error.name = 'AdkInvalidArgumentError';
  return error;
}

function requireChat(chat, fn) {
  if (chat === null || typeof chat !== 'object' || typeof chat.addToolApprovalResponse !== 'function') {
    throw invalidArgument(fn, `chat is ${chat === null ? 'null' : typeof chat}`, 'an AI SDK Chat instance');
  }
}

function lastMessageParts(messages) {
  const last = Array.isArray(messages) ? messages[messages.length - 1] : undefined;
  return last && Array.isArray(last.parts) ? last.parts : [];
}

function findToolPart(messages, toolCallId) {
  if (!Array.isArray(messages)) return null;
  for (let m = messages.length - 1; m >= 0; m--) {
    const parts = messages[m] && messages[m].parts;
    if (!Array.isArray(parts)) continue;
    for (const part of parts) if (part && part.toolCallId === toolCallId) return part;
  }
  return null;
}

/**
 * The approvals of the last assistant message still waiting for the user:
 * `[{approvalId, toolCallId, toolName, input, part}]`.
 */
export function pendingApprovals(messages) {
  requireReady();
  // A new chat has no messages yet, and nothing is pending in it.
  if (Array.isArray(messages) && messages.length === 0) return [];
  const list = wasm.pendingApprovalsOf(summarize({ messages }));
  const parts = lastMessageParts(messages);
  // The ids come from the parts themselves: the summary writes a separator inside an id as U+001A.
  return list.map(({ toolName, partIndex }) => ({
    approvalId: parts[partIndex].approval.id,
    toolCallId: parts[partIndex].toolCallId,
    toolName,
    input: parts[partIndex].input,
    part: parts[partIndex],
  }));
}

async function answer(chat, approvalId, approved, options, fn) {
  requireReady();
  requireChat(chat, fn);
  if (options != null && (typeof options !== 'object' || (options.reason != null && typeof options.reason !== 'string'))) {
    throw invalidArgument(fn, 'the options are not {reason?: string}', '{reason?: string}');
  }
  const before = chat.messages;
  wasm.checkAnswerable(summarize({ messages: before }), typeof approvalId === 'string' ? clean(approvalId) : approvalId, fn);
  await chat.addToolApprovalResponse({ id: approvalId, approved, reason: options ? options.reason : undefined });
  // A `Chat` replaces its messages array on every change; useChat's result holds the array of its
  // render, which cannot show the answer, so only a changed array is checked.
  const after = chat.messages;
  if (after !== before && wasm.isPending(summarize({ messages: after }), clean(approvalId))) {
    const error = new Error(`${fn}(): the answer to ${approvalId} was not committed to chat.messages.`);
    error.name = 'AdkNotCommittedError';
    throw error;
  }
}

/** Approves the pending approval `approvalId` (part.approval.id, not the toolCallId). */
export function approve(chat, approvalId, options) {
  return answer(chat, approvalId, true, options, 'approve');
}

/** Denies the pending approval `approvalId` (part.approval.id, not the toolCallId). */
export function deny(chat, approvalId, options) {
  return answer(chat, approvalId, false, options, 'deny');
}

/**
 * Calls `handler` once with every pending approval and applies its decisions all together, or
 * none of them when one is missing or unknown (no partial handling). One request follows.
 */
export async function answerApprovals(chat, handler) {
  requireReady();
  requireChat(chat, 'answerApprovals');
  if (typeof handler !== 'function') {
    throw invalidArgument('answerApprovals', `handler is ${typeof handler}`, 'a function (pending) => decisions');
  }
  const pending = pendingApprovals(chat.messages);
  if (pending.length === 0) return [];
  const decisions = await handler(pending.map((p) => ({ ...p })));
  // Checked against the chat as it is now: the handler may have taken a while.
  let answers;
  try {
    answers = wasm.normalizeBatch(summarize({ messages: chat.messages }), decisions);
  } catch (error) {
    throw named(error, 'answerApprovals');
  }
  // Back from the summary's ids to the parts' own (see `clean`).
  const realId = new Map(pending.map((p) => [clean(p.approvalId), p.approvalId]));
  answers = answers.map((a) => ({ ...a, id: realId.get(a.id) ?? a.id }));
  for (const { id, approved, reason } of answers) {
    await chat.addToolApprovalResponse({ id, approved, reason: reason == null ? undefined : reason });
  }
  return answers.map(({ id, approved, reason }) => ({ approvalId: id, approved, reason: reason == null ? undefined : reason }));
}

// ---------------------------------------------------------------------------------------------
// Drop-in names of the TypeScript helpers this library replaces (SPEC §7)

// The one documented module-global instance behind the drop-in `sendAutomaticallyWhen` and
// `sendAutomaticallyWhenCore`: one engine per mode and chat, so two chats never share what was
// sent even when their approval ids collide (SPEC D26). A chat's engine is found by the ids of its
// first and last messages, as the old helper keyed by message id. When a response's `start`
// carries a new messageId, AI SDK pushes the continued assistant message again under that id: the
// engine of the message before it then carries on (else it would send the same answer again).
// Least recently used first out; per-chat code uses createAutoSend.
const DEFAULT_ENGINES_KEPT = 64;
const defaultEngines = new Map();

function idOf(message) {
  return message !== null && typeof message === 'object' && typeof message.id === 'string' ? message.id : '';
}

/** The default engine of `mode` for the chat whose messages `arg` holds. */
export function defaultAutoSend(mode, arg) {
  let first = '';
  let previous = null;
  let last = '';
  try {
    const messages = arg.messages;
    const count = messages.length;
    first = idOf(messages[0]);
    last = idOf(messages[count - 1]);
    if (count > 1) previous = idOf(messages[count - 2]);
  } catch {
    // Not a message list: any engine answers false for it.
  }
  const key = `${mode}\u0001${first}\u0001${last}`;
  let autoSend = defaultEngines.get(key);
  if (autoSend) {
    defaultEngines.delete(key);
  } else {
    const continued = previous === null ? undefined : `${mode}\u0001${first}\u0001${previous}`;
    autoSend = continued === undefined ? undefined : defaultEngines.get(continued);
    if (autoSend) {
      defaultEngines.delete(continued);
    } else {
      autoSend = createAutoSend({ mode });
      if (defaultEngines.size >= DEFAULT_ENGINES_KEPT) defaultEngines.delete(defaultEngines.keys().next().value);
    }
  }
  defaultEngines.set(key, autoSend);
  return autoSend;
}

/**
 * `sendAutomaticallyWhenCore({messages, mode?}, log?)`: a default engine decides. Without a mode
 * (or with `'unknown'`) it decides by Pattern A, which SSE and BIDI share by default.
 */
export function sendAutomaticallyWhenCore(arg, log) {
  let mode;
  try {
    mode = arg && arg.mode;
  } catch {
    mode = undefined;
  }
  const known = mode === 'sse' || mode === 'bidi';
  const autoSend = defaultAutoSend(known ? mode : 'sse', arg);
  if (typeof log !== 'function') return autoSend.sendAutomaticallyWhen(arg);
  const { rule, detail } = autoSend.explain(arg);
  const send = autoSend.sendAutomaticallyWhen(arg);
  const shownMode = known ? mode : `${String(mode)} (decided by Pattern A)`;
  log(`[adk-stream-wasm] ${send ? 'send' : 'no send'} (mode ${shownMode}, ${rule}): ${detail}`);
  return send;
}

/** Forgets what the default engines sent. */
export function clearSentApprovalStates() {
  defaultEngines.clear();
}

function readyCall(name, fn) {
  return (...args) => {
    requireReady();
    try {
      return fn(...args);
    } catch (error) {
      throw named(error, name);
    }
  };
}

// The library's own errors pass through; anything else that a hostile argument made JS throw
// (a revoked proxy, a null-prototype object) becomes a named error saying which call it was.
function named(error, fn) {
  if (error instanceof Error && typeof error.name === 'string' && error.name.startsWith('Adk')) return error;
  let detail;
  try {
    detail = String(error && error.message);
  } catch {
    detail = 'an exception';
  }
  return invalidArgument(fn, `reading an argument threw (${detail.slice(0, 200)})`, 'plain values and objects');
}

export const extractToolName = readyCall('extractToolName', (part, fallback = '') => wasm.extractToolName(part, typeof fallback === 'string' ? fallback : ''));
export const extractToolNameFromType = readyCall('extractToolNameFromType', (type) => wasm.extractToolNameFromType(type));
export const isToolType = /** @type {(type: string) => type is `tool-${string}`} */ (
  readyCall('isToolType', (type) => wasm.isToolType(type))
);
export const registerFrontendExecuteTool = readyCall('registerFrontendExecuteTool', (tool) => wasm.registerFrontendExecuteTool(tool));
export const isFrontendExecuteTool = readyCall('isFrontendExecuteTool', (name) => wasm.isFrontendExecuteTool(name));
export const getFrontendExecuteTools = readyCall('getFrontendExecuteTools', () => wasm.getFrontendExecuteTools());
export const getFrontendExecuteToolsByCategory = readyCall('getFrontendExecuteToolsByCategory', (category) => wasm.getFrontendExecuteToolsByCategory(category));
export const getFrontendExecuteTool = readyCall('getFrontendExecuteTool', (name) => (typeof name === 'string' ? wasm.getFrontendExecuteTool(name) : undefined));
export const resetFrontendExecuteTools = readyCall('resetFrontendExecuteTools', () => wasm.resetFrontendExecuteTools());
// The tool executor registry is plain JS (js/executors.js) and answers before the module loads.
export { registerToolExecutor, getToolExecutor, hasToolExecutor, resetToolExecutors, executeChangeBgm } from './executors.js';

/** The frontend-tool categories of SPEC §7. */
export const TOOL_CATEGORIES = Object.freeze(/** @type {const} */ (['geolocation', 'camera', 'microphone', 'notification', 'clipboard', 'other']));
