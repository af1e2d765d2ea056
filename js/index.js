// adk-stream-wasm: the decision engine, the approval helpers and the frontend-tool registry.
// This glue only wires JS to the WebAssembly module: every rule lives in Rust (src/).
import * as wasm from './wasm/adk_stream_wasm.js';
import { ready, isReady, requireReady, wasmMemory } from './loader.js';
import { summarize } from './summary.js';

export { ready, summarize };
// The built-in get_location tool; `executeGetLocation` is one of the drop-in names (SPEC §7).
export { getLocation, executeGetLocation } from './geolocation.js';

// ---------------------------------------------------------------------------------------------
// The per-chat engine (SPEC §2): createAutoSend({mode, bidiPattern?, frontendTools?})

/**
 * One chat's auto-send decision. Pass `sendAutomaticallyWhen` to `useChat`/`new Chat` as is.
 * Its memory of what it sent belongs to this object only, so create one per chat.
 */
export function createAutoSend(options) {
  let engine = null;
  let failure = null;
  const pendingMarks = [];
  const build = () => {
    // Before the module has loaded there is nothing to build yet; trying would fail for good.
    if (engine === null && failure === null && isReady()) {
      try {
        engine = new wasm.AutoSendEngine(options);
      } catch (error) {
        failure = named(error, 'createAutoSend');
      }
      if (engine !== null) {
        for (const id of pendingMarks.splice(0)) engine.markBrowserOutput(id);
      }
    }
    return engine;
  };
  // With the module loaded (always the case in Node), bad options throw here, at once.
  if (isReady()) {
    build();
    if (failure) throw failure;
  }

  const observers = new Set();
  const decide = (arg) => {
    const current = build();
    let send = false;
    if (current !== null) {
      try {
        send = current.decideBuffered(writeSummary(summarize(arg)));
      } catch {
        send = false;
      }
    }
    // AI SDK asks right after it commits an answer or a tool output and after each stream ends:
    // the moment the tool runner (attachAdk) looks for approved browser tools (SPEC §4).
    for (const observer of observers) queueMicrotask(observer);
    return send;
  };

  const autoSend = {
    /** AI SDK's `sendAutomaticallyWhen`: a boolean, or a promise of one before the module loads. */
    sendAutomaticallyWhen(arg) {
      return isReady() ? decide(arg) : ready.then(() => decide(arg), () => false);
    },
    /** `{send, rule, detail}`: what the decision would be now, and which principle decides it. */
    explain(arg) {
      requireReady('explain');
      const current = build();
      if (current === null) {
        return { send: false, rule: 'invalid-options', detail: String(failure && failure.message) };
      }
      return current.explain(summarize(arg, true));
    },
    /** Forgets what this chat sent and which outputs were the browser's. */
    reset() {
      const current = build();
      if (current) current.reset();
    },
    /** Tells the engine that the output of `toolCallId` was added by the browser (principle 6). */
    markBrowserOutput(toolCallId) {
      // Checked here, before Rust: an exception thrown while Rust holds the engine would leave it
      // unusable.
      if (typeof toolCallId !== 'string' || toolCallId === '') {
        throw invalidArgument('markBrowserOutput', `toolCallId is ${toolCallId === null ? 'null' : typeof toolCallId}`, 'a non-empty string');
      }
      const current = isReady() ? build() : null;
      if (current) current.markBrowserOutput(toolCallId);
      else pendingMarks.push(toolCallId);
    },
    /**
     * Adds a browser tool's output (or `{state: 'output-error', errorText}`) to the chat and tells
     * the engine it is the browser's. Resolves once the part holds the output in `chat.messages`.
     */
    async addToolOutput(chat, args) {
      await ready;
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
      const current = isReady() ? build() : null;
      return current ? current.claimToolCalls(summarize({ messages }, true)) : [];
    },
    get mode() {
      const current = build();
      return current ? current.mode : options && options.mode;
    },
    get bidiPattern() {
      const current = build();
      return current ? current.bidiPattern : (options && options.bidiPattern) || 'A';
    },
    /** Whether `name` is a browser tool for this engine (its `frontendTools`, or the registry). */
    isFrontendTool(name) {
      requireReady('isFrontendTool');
      const current = build();
      return current !== null && typeof name === 'string' && current.isFrontendTool(name);
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
  requireReady('pendingApprovals');
  // A new chat has no messages yet, and nothing is pending in it.
  if (Array.isArray(messages) && messages.length === 0) return [];
  const list = wasm.pendingApprovalsOf(summarize({ messages }, true));
  const parts = lastMessageParts(messages);
  return list.map(({ approvalId, toolCallId, toolName, partIndex }) => ({
    approvalId,
    toolCallId,
    toolName,
    input: parts[partIndex].input,
    part: parts[partIndex],
  }));
}

async function answer(chat, approvalId, approved, options, fn) {
  await ready;
  requireChat(chat, fn);
  if (options != null && (typeof options !== 'object' || (options.reason != null && typeof options.reason !== 'string'))) {
    throw invalidArgument(fn, 'the options are not {reason?: string}', '{reason?: string}');
  }
  const before = chat.messages;
  wasm.checkAnswerable(summarize({ messages: before }, true), approvalId, fn);
  await chat.addToolApprovalResponse({ id: approvalId, approved, reason: options ? options.reason : undefined });
  // A `Chat` replaces its messages array on every change; useChat's result holds the array of its
  // render, which cannot show the answer, so only a changed array is checked.
  const after = chat.messages;
  if (after !== before && wasm.isPending(summarize({ messages: after }, true), approvalId)) {
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
  await ready;
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
    answers = wasm.normalizeBatch(summarize({ messages: chat.messages }, true), decisions);
  } catch (error) {
    throw named(error, 'answerApprovals');
  }
  for (const { id, approved, reason } of answers) {
    await chat.addToolApprovalResponse({ id, approved, reason: reason == null ? undefined : reason });
  }
  return answers.map(({ id, approved, reason }) => ({ approvalId: id, approved, reason: reason == null ? undefined : reason }));
}

// ---------------------------------------------------------------------------------------------
// Drop-in names of the TypeScript helpers this library replaces (SPEC §7)

// The one documented module-global instance: the default engines behind the drop-in
// `sendAutomaticallyWhen` and `sendAutomaticallyWhenCore`. Per-chat code uses createAutoSend.
const defaultEngines = new Map();

export function defaultAutoSend(mode) {
  let autoSend = defaultEngines.get(mode);
  if (!autoSend) {
    autoSend = createAutoSend({ mode });
    defaultEngines.set(mode, autoSend);
  }
  return autoSend;
}

/** `sendAutomaticallyWhenCore({messages, mode}, log?)`: the default engine of `mode` decides. */
export function sendAutomaticallyWhenCore(arg, log) {
  requireReady('sendAutomaticallyWhenCore');
  let mode;
  try {
    mode = arg && arg.mode;
  } catch {
    mode = undefined;
  }
  if (mode !== 'sse' && mode !== 'bidi') {
    if (typeof log === 'function') log(`[adk-stream-wasm] no send: mode is ${String(mode)}, expected 'sse' or 'bidi'`);
    return false;
  }
  const autoSend = defaultAutoSend(mode);
  if (typeof log === 'function') {
    const { rule, detail } = autoSend.explain(arg);
    const send = autoSend.sendAutomaticallyWhen(arg);
    log(`[adk-stream-wasm] ${send ? 'send' : 'no send'} (${rule}): ${detail}`);
    return send;
  }
  return autoSend.sendAutomaticallyWhen(arg);
}

/** Forgets what the default engines sent. */
export function clearSentApprovalStates() {
  for (const autoSend of defaultEngines.values()) autoSend.reset();
}

function readyCall(name, fn) {
  return (...args) => {
    requireReady(name);
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
export const isToolType = readyCall('isToolType', (type) => wasm.isToolType(type));
export const registerFrontendExecuteTool = readyCall('registerFrontendExecuteTool', (tool) => wasm.registerFrontendExecuteTool(tool));
export const isFrontendExecuteTool = readyCall('isFrontendExecuteTool', (name) => wasm.isFrontendExecuteTool(name));
export const getFrontendExecuteTools = readyCall('getFrontendExecuteTools', () => wasm.getFrontendExecuteTools());
export const getFrontendExecuteToolsByCategory = readyCall('getFrontendExecuteToolsByCategory', (category) => wasm.getFrontendExecuteToolsByCategory(category));
export const getFrontendExecuteTool = readyCall('getFrontendExecuteTool', (name) => (typeof name === 'string' ? wasm.getFrontendExecuteTool(name) : undefined));
export const resetFrontendExecuteTools = readyCall('resetFrontendExecuteTools', () => wasm.resetFrontendExecuteTools());
// The tool executor registry is plain JS (js/executors.js) and answers before the module loads.
export { registerToolExecutor, getToolExecutor, hasToolExecutor, resetToolExecutors, executeChangeBgm } from './executors.js';

/** The frontend-tool categories of SPEC §7. */
export const TOOL_CATEGORIES = Object.freeze(['geolocation', 'camera', 'microphone', 'notification', 'clipboard', 'other']);
