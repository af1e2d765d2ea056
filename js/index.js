// adk-stream-wasm: the decision engine, the approval helpers and the frontend-tool registry.
// Every rule lives in Rust (src/), in the core WebAssembly module; this glue reads JS values, writes
// the last message as integer records (records.js), calls the core, and words its answers
// (words.js). Strings and JS objects never cross into the module.
import { answerWords, core, memoryWords, ready, isReady, loadError, requireReady } from './loader.js';
// Imported here too, though loader.js uses it: an unbundled page then fetches the module's bytes
// together with loader.js instead of after it (one round trip less at start-up).
import './wasm/adk_stream_wasm_bytes.js';
import { FRONTEND, InternTable, REQUIRES_APPROVAL, lastParts, malformed, messagesOf, toolNameOf, writeRecords, written } from './records.js';
import { RULES, explainDetail, describeMalformed, field, incompleteBatch, invalidArgument, isArray, notCommitted, optionalString, shown, typeName, unknownApproval } from './words.js';
import { registryEntry, registryVersion } from './registry.js';
import { AdkError, AdkInternalError } from './errors.js';

export { ready, isReady, loadError };
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
} from './errors.js';
// The built-in get_location tool; `executeGetLocation` is one of the drop-in names (SPEC §7).
export { getLocation, executeGetLocation } from './geolocation.js';

// ---------------------------------------------------------------------------------------------
// The per-chat engine (SPEC §2): createAutoSend({mode, bidiPattern?, frontendTools?})

const F = 'createAutoSend';

/** `createAutoSend`'s options, checked: `{mode, pattern, own: Map<name, requiresApproval>, useRegistry}`. */
function readOptions(options) {
  if (options === null || typeof options !== 'object') {
    throw invalidArgument(F, `the options are ${typeName(options)}`, "{mode: 'sse' | 'bidi'}");
  }
  const mode = optionalString(F, options, 'mode', "'sse' or 'bidi'");
  if (mode === undefined) throw invalidArgument(F, '`mode` is missing', "'sse' or 'bidi'");
  if (mode !== 'sse' && mode !== 'bidi') throw invalidArgument(F, `mode '${shown(mode)}' is not known`, "'sse' or 'bidi'");
  const pattern = optionalString(F, options, 'bidiPattern', "'A' or 'B'") ?? 'A';
  if (!['A', 'a', 'B', 'b'].includes(pattern)) {
    throw invalidArgument(F, `bidiPattern '${shown(pattern)}' is not known`, "'A' or 'B'");
  }
  const patternB = pattern === 'B' || pattern === 'b';
  if (mode === 'sse' && patternB) {
    throw invalidArgument(
      F,
      "bidiPattern 'B' was given with mode 'sse'",
      "bidiPattern 'A' (or none) with SSE: an HTTP request cannot carry a tool result that comes later",
    );
  }
  const tools = field(F, options, 'frontendTools');
  /** @type {Map<string, boolean> | null} */
  let own = null;
  if (tools !== undefined && tools !== null) {
    if (!isArray(tools)) throw invalidArgument(F, `frontendTools is ${typeName(tools)}`, 'an array of tool names');
    own = new Map();
    for (let i = 0; i < tools.length; i++) {
      const tool = tools[i];
      let name = tool;
      // A bare name is the safe default: the tool needs the user's approval.
      let requiresApproval = true;
      if (tool !== null && typeof tool === 'object') {
        const requires = field(F, tool, 'requiresApproval');
        if (requires !== undefined) {
          if (typeof requires !== 'boolean') {
            throw invalidArgument(F, `frontendTools[${i}].requiresApproval is ${typeName(requires)}`, 'true or false');
          }
          requiresApproval = requires;
        }
        name = field(F, tool, 'name');
      }
      if (typeof name !== 'string' || name === '') {
        throw invalidArgument(F, `frontendTools[${i}] is ${typeName(name)}`, 'a tool name or an object with a `name` string');
      }
      // The first entry of a name decides, as a lookup in the list did.
      if (!own.has(name)) own.set(name, requiresApproval);
    }
  }
  let useRegistry = field(F, options, 'useRegistry');
  if (useRegistry === undefined) useRegistry = own === null;
  else if (typeof useRegistry !== 'boolean') throw invalidArgument(F, `useRegistry is ${typeName(useRegistry)}`, 'true or false');
  const onError = field(F, options, 'onError') ?? null;
  if (onError !== null && typeof onError !== 'function') throw invalidArgument(F, `onError is ${typeName(onError)}`, 'a function or undefined');
  return { mode, patternB: mode === 'bidi' && patternB, own: own ?? new Map(), useRegistry, onError };
}

// An engine's slot in the core is freed when its object is collected.
const engines = /* @__PURE__ */ new FinalizationRegistry((id) => core.adk_engine_free(id));

/** The intern table is cut back to the handles the core still holds beyond this many strings. */
const INTERNED_KEPT = 4096;

/**
 * One chat's auto-send decision. Pass `sendAutomaticallyWhen` to `useChat`/`new Chat` as is.
 * Its memory of what it sent belongs to this object only, so create one per chat.
 */
export function createAutoSend(options) {
  requireReady();
  let settings;
  try {
    settings = readOptions(options);
  } catch (error) {
    throw named(error, F);
  }
  const { mode, patternB, own, useRegistry, onError } = settings;
  const id = core.adk_engine_new(mode === 'bidi' ? 1 : 0, patternB ? 1 : 0);
  const table = new InternTable();

  /** FRONTEND | REQUIRES_APPROVAL of a tool for this engine (unknown tools require approval). */
  const flagsOf = (name) => {
    const requires = own.get(name);
    if (requires !== undefined) return requires ? FRONTEND | REQUIRES_APPROVAL : FRONTEND;
    const entry = registryEntry(name);
    if (entry === undefined) return REQUIRES_APPROVAL;
    return (useRegistry ? FRONTEND : 0) | (entry.requiresApproval ? REQUIRES_APPROVAL : 0);
  };
  // The flags of each part type (and dynamic tool name) met, until the registry changes: a
  // decision then looks up the part's own `type` string instead of cutting a name out of it.
  const byType = new Map();
  const byName = new Map();
  // The type met at each part index and its flags: asked again on the same message, the part's
  // own `type` string compares equal by reference, before any hashing.
  /** @type {unknown[]} */
  let typeAt = [];
  /** @type {number[]} */
  let flagsAt = [];
  let version = registryVersion;
  const toolFlags = (/** @type {string} */ type, /** @type {string | undefined} */ toolName, /** @type {number} */ index) => {
    if (version !== registryVersion) {
      byType.clear();
      byName.clear();
      typeAt = [];
      flagsAt = [];
      version = registryVersion;
    }
    if (toolName === undefined && typeAt[index] === type) return flagsAt[index];
    const cache = toolName === undefined ? byType : byName;
    const key = toolName === undefined ? type : toolName;
    let flags = cache.get(key);
    if (flags === undefined) {
      flags = flagsOf(toolName === undefined ? type.slice(5) : toolName);
      if (cache.size < 1024) cache.set(key, flags);
    }
    if (toolName === undefined && index < 1024) {
      typeAt[index] = type;
      flagsAt[index] = flags;
    }
    return flags;
  };

  /** Keeps the intern table bounded: the strings of handles the core forgot are forgotten too. */
  const trim = () => {
    if (table.ids.size <= INTERNED_KEPT) return;
    const count = core.adk_live_handles(id);
    table.keepOnly(new Set(answerWords(count)));
  };

  /** The first WebAssembly trap of a decision (an `AdkInternalError`), or null. */
  let trapped = null;
  const noteTrap = (/** @type {unknown} */ error) => {
    // Anything but a trap is malformed input, which writeRecords reports as such.
    if (trapped !== null || !(error instanceof WebAssembly.RuntimeError)) return;
    trapped = new AdkInternalError(
      `the WebAssembly core trapped during a decision (${describeTrap(error)}); this engine answers false from now on (never send on doubt). ` +
        'Create a new engine (createAutoSend) or reload the page, and report the messages that caused it.',
      { cause: error },
    );
    reportOnce(trapped, onError);
  };

  const observers = new Set();
  const autoSend = {
    /** AI SDK's `sendAutomaticallyWhen`: whether to send the conversation back now. */
    sendAutomaticallyWhen(arg) {
      let send = false;
      // After a trap the core's state is not to be trusted: never send, rather than send twice.
      if (trapped === null) {
        try {
          send = (core.adk_decide(id, writeRecords(arg, table, toolFlags)) & 1) === 1;
          trim();
        } catch (error) {
          send = false;
          noteTrap(error);
        }
      }
      // AI SDK asks right after it commits an answer or a tool output and after each stream ends:
      // the moment the tool runner (attachAdk) looks for approved browser tools (SPEC §4).
      if (observers.size > 0) for (const observer of observers) queueMicrotask(observer);
      return send;
    },
    /** `{send, rule, detail}`: what the decision would be now, which rule decides it, in words. */
    explain(arg) {
      // `messages` is read once: a getter may answer differently (or throw) the second time.
      const messages = messagesOf(arg);
      const once = arg === null || typeof arg !== 'object' ? arg : { messages };
      let answer = 0;
      if (trapped === null) {
        try {
          answer = core.adk_explain(id, writeRecords(once, table, toolFlags));
        } catch (error) {
          noteTrap(error);
        }
      }
      if (trapped !== null) return { send: false, rule: /** @type {const} */ ('internal-error'), detail: internalErrorDetail(trapped) };
      const rule = (answer >>> 1) & 15;
      const value = answer >>> 5;
      const actions = rule === 8 ? Array.from(answerWords(value * 2)) : [];
      let parts = [];
      if (rule !== 0) parts = lastParts(messages);
      return { send: (answer & 1) === 1, rule: RULES[rule], detail: explainDetail(rule, value, parts, actions, malformed) };
    },
    /** Forgets what this chat sent and which outputs were the browser's. */
    reset() {
      core.adk_reset(id);
    },
    /** Tells the engine that the output of `toolCallId` was added by the browser (principle 6). */
    markBrowserOutput(toolCallId) {
      if (typeof toolCallId !== 'string' || toolCallId === '') {
        throw invalidArgument('markBrowserOutput', `toolCallId is ${toolCallId === null ? 'null' : typeof toolCallId}`, 'a non-empty string');
      }
      core.adk_mark_browser_output(id, table.handle(toolCallId));
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
        const shownId = toolCallId.length > 80 ? `${toolCallId.slice(0, 80)}…` : toolCallId;
        throw invalidArgument('addToolOutput', `no tool part of this chat has toolCallId '${shownId}'`, 'the toolCallId of a tool part in chat.messages');
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
        throw notCommitted(`addToolOutput(): the output of ${toolCallId} was not committed; the part is ${part ? part.state : 'gone'}, expected ${expected}.`);
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
      const count = core.adk_claim(id, writeRecords({ messages }, table, toolFlags));
      if (count === 0) return [];
      const claimed = Array.from(answerWords(count * 2));
      const parts = lastParts(messages);
      const calls = [];
      for (let i = 0; i < claimed.length; i += 2) {
        const part = parts[claimed[i]];
        calls.push({
          toolCallId: part.toolCallId,
          toolName: toolNameOf(part),
          partIndex: claimed[i],
          run: RUNS[claimed[i + 1]],
        });
      }
      return calls;
    },
    get mode() {
      return /** @type {'sse' | 'bidi'} */ (mode);
    },
    get bidiPattern() {
      return /** @type {'A' | 'B'} */ (patternB ? 'B' : 'A');
    },
    /** @internal how many sent actions the engine remembers. */
    get rememberedCount() {
      return core.adk_remembered(id);
    },
    /** Whether `name` is a browser tool for this engine (its `frontendTools`, or the registry). */
    isFrontendTool(name) {
      return typeof name === 'string' && (flagsOf(name) & FRONTEND) !== 0;
    },
  };
  autoSend.sendAutomaticallyWhen = autoSend.sendAutomaticallyWhen.bind(autoSend);
  autoSend.explain = autoSend.explain.bind(autoSend);
  engines.register(autoSend, id);
  return autoSend;
}

const RUNS = ['approved', 'called', 'refused'];

function describeTrap(error) {
  try {
    return String(/** @type {any} */ (error).message).slice(0, 200);
  } catch {
    return 'a RuntimeError';
  }
}

function internalErrorDetail(error) {
  return `Nothing is sent: ${error.message}`;
}

/** Tells the app of an engine's trap, once: its `onError`, else `reportError`, else the console. */
function reportOnce(error, onError) {
  if (onError !== null) {
    try {
      return void onError(error);
    } catch {
      // The app's callback failed too: the platform's report below.
    }
  }
  const report = /** @type {any} */ (globalThis).reportError;
  if (typeof report === 'function') report.call(globalThis, error);
  else console.error(error);
}

// ---------------------------------------------------------------------------------------------
// Approval helpers (SPEC §4)

function requireChat(chat, fn) {
  if (chat === null || typeof chat !== 'object' || typeof chat.addToolApprovalResponse !== 'function') {
    throw invalidArgument(fn, `chat is ${chat === null ? 'null' : typeof chat}`, 'an AI SDK Chat instance');
  }
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
 * Writes the records of `messages` with a fresh intern table (a helper's handles need only agree
 * within one call); returns `[count, table]`, or throws `fn`'s error for malformed messages.
 */
function records(messages, fn, what, expected, extra = 0) {
  const table = new InternTable();
  const count = writeRecords({ messages }, table, undefined, extra);
  if (malformedNow()) throw invalidArgument(fn, `${what}${describeMalformed(malformed)}`, expected);
  return /** @type {[number, InternTable]} */ ([count, table]);
}

/** Whether the last write found the input malformed. */
function malformedNow() {
  const view = memoryWords();
  const start = written;
  return view[start + 2] !== 0;
}

/** The pending approvals of the records just written, as the helpers hand them out. */
function pendingOf(count, messages) {
  const found = core.adk_pending(count);
  const indices = Array.from(answerWords(found));
  const parts = lastParts(messages);
  return indices.map((index) => {
    const part = parts[index];
    return { approvalId: part.approval.id, toolCallId: part.toolCallId, toolName: toolNameOf(part), input: part.input, part };
  });
}

/**
 * The approvals of the last assistant message still waiting for the user:
 * `[{approvalId, toolCallId, toolName, input, part}]`.
 */
export function pendingApprovals(messages) {
  requireReady();
  // A new chat has no messages yet, and nothing is pending in it.
  if (Array.isArray(messages) && messages.length === 0) return [];
  const [count] = records(messages, 'pendingApprovals', 'the messages are not well-formed: ', 'an array of AI SDK UI messages');
  return pendingOf(count, messages);
}

/** `approve`/`deny`: checks that `approvalId` is a pending approval of `messages`. */
function checkAnswerable(messages, approvalId, fn) {
  if (typeof approvalId !== 'string' || approvalId === '') {
    throw invalidArgument(fn, `approvalId is ${typeName(approvalId)}`, 'the approval id string (part.approval.id)');
  }
  // A chat with no messages has nothing pending: the id is unknown, whatever it is.
  if (Array.isArray(messages) && messages.length === 0) throw unknownApproval(approvalId, [], null);
  const [count, table] = records(messages, fn, "the chat's messages are not well-formed: ", 'AI SDK UI messages');
  const found = core.adk_answerable(count, table.handle(approvalId));
  if (found >= 0) return;
  const pending = pendingOf(count, messages);
  const toolCallOf = found <= -2 ? pending.find((p) => p.part === lastParts(messages)[-2 - found]) : null;
  throw unknownApproval(approvalId, pending, toolCallOf);
}

/** Whether `approvalId` still waits for an answer in `messages` (to confirm an answer was committed). */
function isPending(messages, approvalId) {
  const table = new InternTable();
  const count = writeRecords({ messages }, table);
  return !malformedNow() && core.adk_answerable(count, table.handle(approvalId)) >= 0;
}

async function answer(chat, approvalId, approved, options, fn) {
  requireReady();
  requireChat(chat, fn);
  if (options != null && (typeof options !== 'object' || (options.reason != null && typeof options.reason !== 'string'))) {
    throw invalidArgument(fn, 'the options are not {reason?: string}', '{reason?: string}');
  }
  const before = chat.messages;
  checkAnswerable(before, approvalId, fn);
  await chat.addToolApprovalResponse({ id: approvalId, approved, reason: options ? options.reason : undefined });
  // A `Chat` replaces its messages array on every change; useChat's result holds the array of its
  // render, which cannot show the answer, so only a changed array is checked.
  const after = chat.messages;
  if (after !== before && isPending(after, approvalId)) {
    throw notCommitted(`${fn}(): the answer to ${approvalId} was not committed to chat.messages.`);
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

const B = 'answerApprovals';

/** One decision's answer: `[approved, reason]`. */
function readAnswer(id, value) {
  if (typeof value === 'boolean') return [value, undefined];
  const approved = field(B, value, 'approved');
  if (typeof approved !== 'boolean') {
    throw invalidArgument(B, `the decision for ${id} has \`approved\` ${typeName(approved)}`, 'true or false');
  }
  const reason = field(B, value, 'reason');
  if (!(reason === undefined || reason === null || typeof reason === 'string')) {
    throw invalidArgument(B, `the decision for ${id} has \`reason\` ${typeName(reason)}`, 'a string or undefined');
  }
  return [approved, reason];
}

/**
 * The handler's decisions — an array of `{approvalId | id, approved, reason?}`, a `Map`, or an
 * object keyed by approval id whose values are a boolean or `{approved, reason?}` — as
 * `[id, approved, reason]` triples in the order given.
 */
function readDecisions(decisions) {
  const answers = [];
  if (isArray(decisions)) {
    for (let i = 0; i < decisions.length; i++) {
      const decision = decisions[i];
      if (decision === null || typeof decision !== 'object') {
        throw invalidArgument(B, `decision [${i}] is ${typeName(decision)}`, '{approvalId, approved, reason?}');
      }
      const id =
        optionalString(B, decision, 'approvalId', 'the approval id string') ?? optionalString(B, decision, 'id', 'the approval id string');
      if (id === undefined) throw invalidArgument(B, `decision [${i}] names no approval`, '{approvalId, approved, reason?}');
      answers.push([id, ...readAnswer(id, decision)]);
    }
  } else if (decisions instanceof Map) {
    for (const [key, value] of decisions) {
      if (typeof key !== 'string') throw invalidArgument(B, `a Map key is ${typeName(key)}`, 'approval id strings as keys');
      answers.push([key, ...readAnswer(key, value)]);
    }
  } else if (decisions !== null && typeof decisions === 'object') {
    for (const key of Object.keys(decisions)) answers.push([key, ...readAnswer(key, field(B, decisions, key))]);
  } else {
    throw invalidArgument(
      B,
      `the handler returned ${typeName(decisions)}`,
      'an array of {approvalId, approved, reason?} or an object keyed by approval id',
    );
  }
  return answers;
}

/**
 * Calls `handler` once with every pending approval and applies its decisions all together, or
 * none of them when one is missing or unknown (no partial handling). One request follows.
 */
export async function answerApprovals(chat, handler) {
  requireReady();
  requireChat(chat, B);
  if (typeof handler !== 'function') {
    throw invalidArgument(B, `handler is ${typeof handler}`, 'a function (pending) => decisions');
  }
  const pending = pendingApprovals(chat.messages);
  if (pending.length === 0) return [];
  const decisions = await handler(pending.map((p) => ({ ...p })));
  let ordered;
  try {
    ordered = checkBatch(chat.messages, readDecisions(decisions));
  } catch (error) {
    throw named(error, B);
  }
  for (const { id, approved, reason } of ordered) {
    await chat.addToolApprovalResponse({ id, approved, reason: reason == null ? undefined : reason });
  }
  return ordered.map(({ id, approved, reason }) => ({ approvalId: id, approved, reason: reason == null ? undefined : reason }));
}

/**
 * Checks the answers against the chat as it is now (the handler may have taken a while): every
 * pending approval answered exactly once; returns them in the order of the pending approvals.
 */
function checkBatch(messages, answers) {
  const [count, table] = records(messages, B, "the chat's messages are not well-formed: ", 'AI SDK UI messages', answers.length);
  const view = memoryWords();
  const start = written;
  const from = start + 4 + count * 3;
  for (let i = 0; i < answers.length; i++) view[from + i] = table.handle(answers[i][0]);
  if (core.adk_check_batch(count, answers.length) !== 0) {
    const [missingCount, unknownCount, duplicatedCount] = answerWords(3);
    const words = Array.from(answerWords(3 + missingCount + unknownCount + duplicatedCount)).slice(3);
    const parts = lastParts(messages);
    throw incompleteBatch(
      words.slice(0, missingCount).map((index) => parts[index].approval.id),
      words.slice(missingCount, missingCount + unknownCount).map((at) => answers[at][0]),
      words.slice(missingCount + unknownCount).map((at) => answers[at][0]),
    );
  }
  // The check leaves the records in the buffer when it passes.
  return pendingOf(count, messages).map(({ approvalId }) => {
    const [id, approved, reason] = /** @type {any[]} */ (answers.find(([answered]) => answered === approvalId));
    return { id, approved, reason };
  });
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
const defaultEngines = /* @__PURE__ */ new Map();

function idOf(message) {
  return message !== null && typeof message === 'object' && typeof message.id === 'string' ? message.id : '';
}

/** The default engine of `mode` for the chat whose messages `arg` holds (internal: the drop-in
 *  names in ./sse.js and ./bidi.js reach it through `sendAutomaticallyWhenCore`). */
function defaultAutoSend(mode, arg) {
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

// The library's own errors pass through; anything else that a hostile argument made JS throw
// (a revoked proxy, a null-prototype object) becomes a named error saying which call it was.
function named(error, fn) {
  if (error instanceof AdkError) return error;
  let detail;
  try {
    detail = String(error && error.message);
  } catch {
    detail = 'an exception';
  }
  return invalidArgument(fn, `reading an argument threw (${detail.slice(0, 200)})`, 'plain values and objects');
}

function stringField(object, key) {
  try {
    const value = object[key];
    return typeof value === 'string' ? value : undefined;
  } catch {
    return undefined;
  }
}

// The three below are plain JS over strings and need no WebAssembly: they answer where the module
// cannot load (a Content Security Policy without 'wasm-unsafe-eval') too.

/** Drop-in `extractToolName(part, fallback = "")`: `part.toolName`, else the name in `part.type`. */
export function extractToolName(part, fallback = '') {
  const otherwise = typeof fallback === 'string' ? fallback : '';
  if (part === null || typeof part !== 'object') return otherwise;
  const toolName = stringField(part, 'toolName');
  if (toolName !== undefined && toolName !== '') return toolName;
  const type = stringField(part, 'type') ?? '';
  return type.length > 5 && type.startsWith('tool-') ? type.slice(5) : otherwise;
}
/** Drop-in `extractToolNameFromType(type)`: `"tool-x"` gives `"x"`; any other type is itself. */
export function extractToolNameFromType(type) {
  return typeof type !== 'string' ? '' : type.startsWith('tool-') ? type.slice(5) : type;
}
/**
 * Drop-in `isToolType(type)`: whether `type` starts with `tool-` (`dynamic-tool` does not).
 * @param {unknown} type @returns {type is `tool-${string}`}
 */
export function isToolType(type) {
  return typeof type === 'string' && type.startsWith('tool-');
}
export {
  registerFrontendExecuteTool,
  isFrontendExecuteTool,
  getFrontendExecuteTools,
  getFrontendExecuteToolsByCategory,
  getFrontendExecuteTool,
  resetFrontendExecuteTools,
  TOOL_CATEGORIES,
} from './registry.js';
// The tool executor registry is plain JS (js/executors.js) and answers before the module loads.
export { registerToolExecutor, getToolExecutor, hasToolExecutor, resetToolExecutors, executeChangeBgm } from './executors.js';
