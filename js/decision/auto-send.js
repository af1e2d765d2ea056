// The per-chat engine (SPEC §2): createAutoSend({mode, bidiPattern?, frontendTools?}). Every rule
// lives in Rust (src/engine), in the core WebAssembly module; this glue reads the options
// (options.js), writes the last message as integer records (records.js), calls the core, and words
// its answers (words.js). Strings and JS objects never cross into the module.
import { answerWords, core, requireReady } from '../core/loader.js';
import { ENGINE_OPTION_MODE_BIDI, ENGINE_OPTION_MODE_SSE, ENGINE_OPTION_PATTERN_A, ENGINE_OPTION_PATTERN_B, FLAG_FRONTEND, HOLD_REPEAT, HOLD_RESEND, RULE_MALFORMED_INPUT, RULE_UNSENT_USER_ACTION, RUN_APPROVED, RUN_CALLED_WITHOUT_APPROVAL, RUN_REFUSED_WITHOUT_APPROVAL } from '../core/contract.js';
import { InternTable, answerRule, answerSends, answerValue, lastParts, messagesOf, writeRecords } from '../core/records.js';
import { RULES } from '../core/codes.js';
import { explainDetail } from '../words/words.js';
import { registryVersion } from '../drop-in/registry.js';
import { readToolSet } from '../tools/frontend-tools.js';
import { AdkError } from '../errors/errors.js';
import { invalidArgument, messageOf } from '../errors/arguments.js';
import { disposedCalls, trapWatch } from './engine-end.js';
import { loadOnDemand } from '../core/load-on-demand.js';
import { toolNameOf } from '../tools/tool-name.js';
import { cachedToolFlags, readOptions, toolFlagsByName } from './options.js';

/** @import { RuleName } from '../core/rule-names.js' */
/** @import { FrontendToolSet } from '../tools/frontend-tools.js' */
/** @import { AdkInternalError } from '../errors/errors.js' */
/** @import { TrapWatch } from './engine-end.js' */

const CREATE = 'createAutoSend';

/**
 * AI SDK's `UIMessage`, the default message type (core/ai-sdk.d.ts: `UIMessageLike` where the
 * optional peer `ai` is not installed).
 * @typedef {import('../core/ai-sdk.js').UIMessage} UIMessage
 */

/**
 * The AI SDK UI message shape this library reads (structurally compatible with `UIMessage`).
 * @typedef {object} UIMessageLike
 * @property {string} [id]
 * @property {'user' | 'assistant' | 'system' | string} role
 * @property {ReadonlyArray<unknown> | null} [parts]
 * @property {unknown} [metadata]
 */

/**
 * The minimal part of AI SDK's `Chat` the helpers use.
 * @typedef {Readonly<ChatState> & ChatCalls} ChatLike
 */

/**
 * What the helpers read of a chat (`ChatLike`).
 * @typedef {object} ChatState
 * @property {UIMessageLike[]} messages
 * @property {string} [status] AI SDK's chat status: while 'streaming' or 'submitted', `addToolOutput` only queues the output.
 */

/**
 * What the helpers call on a chat (`ChatLike`). AI SDK declares both as `void | PromiseLike<void>`;
 * the helpers await either.
 * @typedef {object} ChatCalls
 * @property {(args: {id: string, approved: boolean, reason?: string}) => void | PromiseLike<void>} addToolApprovalResponse
 * @property {(args: AddToolOutputArgs) => void | PromiseLike<void>} addToolOutput
 */

/**
 * A browser tool's output, or its failure, as AI SDK's `addToolOutput` takes it.
 * @typedef {{tool: string, toolCallId: string, output: unknown, state?: 'output-available'}
 *   | {tool: string, toolCallId: string, state: 'output-error', errorText: string}} AddToolOutputArgs
 */

/** @typedef {'sse' | 'bidi'} Mode */
/** @typedef {'A' | 'B'} BidiPattern */

/**
 * A browser tool call to run now (`AutoSend.claimToolCalls`).
 * @typedef {object} ToolCallClaim
 * @property {string} toolCallId
 * @property {string} toolName
 * @property {number} partIndex The part's index in the last message's `parts`.
 * @property {'approved' | 'called' | 'refused'} run
 */

/**
 * @typedef {object} AutoSendOptions
 * @property {Mode} mode
 * @property {BidiPattern} [bidiPattern] BIDI only. 'A' (default): an approved browser tool's approval is sent with its output.
 *   'B': the approval is sent at once and the output follows as a `tool_result` frame.
 * @property {FrontendToolSet} [frontendTools] The tools that run in the browser: names or `{name, requiresApproval?}` (`[]` for none), or a
 *   test `(toolName) => boolean` such as another engine's `isFrontendTool`; default: the module's
 *   registry. The same forms as every API takes.
 * @property {boolean} [useRegistry] Whether the module's registry counts too; default: only when `frontendTools` is absent.
 * @property {(error: AdkInternalError) => void} [onError] Called once if the WebAssembly core traps during a decision (`AdkInternalError`); that engine
 *   then answers false for good, and `explain()` says so (rule `internal-error`). Without it the
 *   error goes to `reportError` (browsers), else to the console.
 */

/**
 * @typedef {object} Explanation
 * @property {boolean} send
 * @property {RuleName} rule A stable name of the rule that decided, e.g. 'approval-pending', 'unsent-user-action'.
 * @property {string} detail The decision in words: what was seen in which part, and what happens or what to do.
 */

/**
 * One chat's auto-send decision (`createAutoSend`).
 * @typedef {AutoSendCalls & Readonly<{mode: Mode, bidiPattern: BidiPattern}>} AutoSend
 */

/**
 * What an `AutoSend` does.
 * @typedef {object} AutoSendCalls
 * @property {(options: {messages: ReadonlyArray<UIMessageLike>}) => boolean} sendAutomaticallyWhen
 *   Pass to `useChat({sendAutomaticallyWhen})` / `new Chat({...})` as is. Synchronous: the core
 *   compiles when the package is imported (where it cannot, `createAutoSend` throws `AdkLoadError`).
 *   Never throws.
 * @property {(options: {messages: ReadonlyArray<UIMessageLike>}) => Explanation} explain
 *   What the decision would be now, without remembering anything.
 * @property {() => void} reset Forgets what this chat sent and which outputs were the browser's.
 * @property {(toolCallId: string) => void} markBrowserOutput
 *   Says the output of `toolCallId` was added by the browser, so it is sent to the backend as the user's.
 * @property {(chat: ChatLike, args: AddToolOutputArgs) => Promise<void>} addToolOutput
 *   `chat.addToolOutput` that also tells the engine the output is the browser's. When the chat is
 *   not streaming it resolves once the output is committed in `chat.messages` (else
 *   `AdkNotCommittedError`). While `chat.status` is `'streaming'` or `'submitted'` (inside AI SDK's
 *   `onToolCall`, for one) it resolves once the output is queued: AI SDK applies it when the
 *   stream's job ends, and awaiting that commit inside `onToolCall` would never resolve.
 * @property {(observer: () => void) => () => void} onDecision
 *   Calls `observer` (in a microtask) after every decision; returns the unsubscribe function.
 * @property {(name: string) => boolean} isFrontendTool Whether `name` runs in the browser for this engine.
 * @property {(messages: ReadonlyArray<UIMessageLike>) => ToolCallClaim[]} claimToolCalls
 *   The browser tool calls of the last assistant message to run now, each returned once:
 *   `approved` (its approval is committed), `called` (a browser tool that needs no approval, called
 *   by the backend) or `refused` (a browser tool that needs approval, called without an approval
 *   request: answer it with an `output-error`, or the chat waits for it). Ask when the chat is not
 *   streaming (status `'ready'`); `createAdk` and `useAdkChat` do it themselves.
 * @property {() => void} dispose
 *   Frees the engine's memory in the core now, rather than when the object is garbage collected
 *   (also `[Symbol.dispose]` where the runtime has it, for `using`). Afterwards
 *   `sendAutomaticallyWhen` answers false, `explain` gives the rule `engine-disposed`, and `reset`,
 *   `markBrowserOutput`, `claimToolCalls` throw (`addToolOutput` rejects with) `AdkDisposedError`;
 *   a second `dispose()` does nothing.
 */

/**
 * An engine as createAdk holds it: the public `AutoSend`, and what createAdk's `resend()` reads.
 * @typedef {AutoSend & {sendFailed: (hold: number) => void, resend: (mayHaveArrived?: boolean) => boolean}} Engine
 */

/**
 * One chat's auto-send decision. Pass `sendAutomaticallyWhen` to `useChat`/`new Chat` as is.
 * Its memory of what it sent belongs to this object only, so create one per chat. Throws
 * `AdkInvalidArgumentError` on bad options (once loaded).
 * @param {AutoSendOptions} options @returns {AutoSend}
 */
export function createAutoSend(options) {
  return createAutoSendAs(options, CREATE, []);
}

/**
 * createAutoSend for `fn` (its errors name `fn`), with the chat's own browser tools `own`
 * (`{name, requiresApproval?}`, createAdk's `tools`), which come before `frontendTools`.
 * @param {unknown} options @param {string} fn @param {Array<{name: string, requiresApproval?: unknown}>} own
 * @returns {Engine}
 */
export function createAutoSendAs(options, fn, own) {
  requireReady();
  let settings;
  try {
    settings = readOptions(options, fn);
  } catch (error) {
    throw namedArgumentError(error, fn);
  }
  const { mode, patternB, set, useRegistry, onError } = settings;
  const id = core.adk_engine_new(
    mode === 'bidi' ? ENGINE_OPTION_MODE_BIDI : ENGINE_OPTION_MODE_SSE,
    patternB ? ENGINE_OPTION_PATTERN_B : ENGINE_OPTION_PATTERN_A,
  );
  const flagsOf = toolFlagsByName(/** @type {(name: string) => boolean | undefined} */ (readToolSet(fn, own)), set, useRegistry);
  const autoSend = engineOf(id, cachedToolFlags(flagsOf), flagsOf, onError, mode, patternB);
  engines.register(autoSend, id, autoSend);
  return autoSend;
}

// An engine's slot in the core is freed by dispose(), or when its object is collected.
const engines = /* @__PURE__ */ new FinalizationRegistry((/** @type {number} */ id) => core.adk_engine_free(id));

/** The intern table is cut back to the handles the core still holds beyond this many strings. */
const INTERNED_KEPT = 4096;

/** How each claimed tool call runs, by `RUN` code. */
const RUN_NAMES = /* @__PURE__ */ (() => {
  /** @type {Array<ToolCallClaim['run']>} */
  const names = [];
  names[RUN_APPROVED] = 'approved';
  names[RUN_CALLED_WITHOUT_APPROVAL] = 'called';
  names[RUN_REFUSED_WITHOUT_APPROVAL] = 'refused';
  return names;
})();

/**
 * Keeps the intern table of engine `id` bounded: the strings of handles the core forgot are
 * forgotten too.
 * @param {number} id @param {InternTable} table
 */
function trim(id, table) {
  if (table.ids.size <= INTERNED_KEPT) return;
  const count = core.adk_live_handles(id);
  table.keepOnly(new Set(answerWords(count)));
}

/**
 * `write(arg)`: writes `arg`'s last message into the core's records (`writeRecords`' answer).
 * @typedef {(arg: unknown) => number | import('../core/records.js').Malformed} Write
 */

/**
 * The engine object of core engine `id`: its decisions, explanations and claims write the last
 * message with `toolFlags` (`flagsOf` gives a tool name's flags); `onError` hears of a trap of the
 * core. Arrow functions where AI SDK calls a method detached (`sendAutomaticallyWhen`, `explain`).
 * @param {number} id @param {import('../core/records.js').ToolFlags} toolFlags @param {(name: string) => number} flagsOf
 * @param {((error: AdkInternalError) => void) | null} onError @param {Mode} mode @param {boolean} patternB
 * @returns {Engine}
 */
function engineOf(id, toolFlags, flagsOf, onError, mode, patternB) {
  const table = new InternTable();
  /** Writes `arg`'s last message (the table forgets its tool flags when the registry changed). @type {Write} */
  const write = (arg) => {
    table.flagsFrom(registryVersion);
    return writeRecords(arg, table, toolFlags);
  };
  const trap = trapWatch(onError);
  /** @type {Set<() => void>} */
  const observers = new Set();
  /** The decision alone: whether to send now. */
  const decide = (/** @type {unknown} */ arg) => decideWith(id, write, table, trap, arg);
  /** @type {Engine} */
  const autoSend = {
    /** AI SDK's `sendAutomaticallyWhen`: whether to send the conversation back now. */
    sendAutomaticallyWhen: (arg) => {
      const send = decide(arg);
      // AI SDK asks right after it commits an answer or a tool output and after each stream ends:
      // the moment the tool runner (attachAdk) looks for approved browser tools (SPEC §4).
      if (observers.size > 0) for (const observer of observers) queueMicrotask(observer);
      return send;
    },
    /** `{send, rule, detail}`: what the decision would be now, which rule decides it, in words. */
    explain: (arg) => explainWith(id, write, trap, arg),
    /** How the last send failed (SPEC §5 F-c, F-g: contract.js `HOLD_*`). */
    sendFailed: (hold) => void core.adk_hold(id, hold),
    /** F-c, F-g: whether what waits may go now, in one explicit send (once); after an ambiguous failure only `mayHaveArrived`, where a repeat is offered. */
    resend: (mayHaveArrived) => core.adk_hold(id, mayHaveArrived ? HOLD_REPEAT : HOLD_RESEND) === 1,
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
    /** Adds a browser tool's output (or `{state: 'output-error', errorText}`) to the chat and tells
     *  the engine it is the browser's; resolves once it is committed or queued (see `AutoSend`). */
    addToolOutput(chat, args) {
      // Its body loads on demand: an app whose chats run no browser tool never calls it.
      return loadOnDemand(() => import('./add-tool-output.js'), 'add-tool-output.js').then((m) => m.addBrowserOutput(autoSend, chat, args));
    },
    /** Calls `observer()` (in a microtask) after each decision; returns the unsubscribe function. */
    onDecision(observer) {
      if (typeof observer !== 'function') throw invalidArgument('onDecision', `observer is ${typeof observer}`, 'a function');
      observers.add(observer);
      return () => observers.delete(observer);
    },
    /** The browser tool calls to start now, each returned once (rules in Rust, src/runner.rs). */
    claimToolCalls(messages) {
      return claimToolCalls(id, write, messages);
    },
    /** Frees the engine in the core now (see `AutoSend`); the calls after it say so. */
    dispose() {
      engines.unregister(autoSend);
      core.adk_engine_free(id);
      // Id 0 is no engine: a call AI SDK still holds (sendAutomaticallyWhen) answers false, and
      // never reaches the engine of another chat that took the freed slot.
      id = 0;
      Object.assign(autoSend, disposedCalls());
    },
    get mode() {
      return mode;
    },
    get bidiPattern() {
      return /** @type {BidiPattern} */ (patternB ? 'B' : 'A');
    },
    /** Whether `name` is a browser tool for this engine (its `frontendTools`, or the registry). */
    isFrontendTool(name) {
      return typeof name === 'string' && (flagsOf(name) & FLAG_FRONTEND) !== 0;
    },
  };
  const symbol = /** @type {any} */ (Symbol).dispose;
  if (typeof symbol === 'symbol') /** @type {any} */ (autoSend)[symbol] = () => autoSend.dispose();
  return autoSend;
}

/**
 * The decision alone: whether to send now. After a trap, never (rather than send twice); after
 * dispose() (id 0), the core answers false.
 * @param {number} id @param {Write} write @param {InternTable} table @param {TrapWatch} trap @param {unknown} arg
 */
function decideWith(id, write, table, trap, arg) {
  if (trap.error !== null) return false;
  try {
    const written = write(arg);
    const send = answerSends(core.adk_decide(id, typeof written === 'number' ? written : 0));
    trim(id, table);
    return send;
  } catch (error) {
    trap.note(error);
    return false;
  }
}

/**
 * `explain()`: the decision without remembering anything, and its words.
 * @param {number} id @param {Write} write @param {TrapWatch} trap @param {unknown} arg @returns {Explanation}
 */
function explainWith(id, write, trap, arg) {
  // `messages` is read once: a getter may answer differently (or throw) the second time.
  const messages = messagesOf(arg);
  const once = arg === null || typeof arg !== 'object' ? arg : { messages };
  let word = 0;
  /** @type {import('../core/records.js').Malformed | null} */
  let malformed = null;
  if (trap.error === null) {
    try {
      const written = write(once);
      if (typeof written !== 'number') malformed = written;
      word = core.adk_explain(id, typeof written === 'number' ? written : 0);
    } catch (error) {
      trap.note(error);
    }
  }
  if (trap.error !== null) {
    return { send: false, rule: /** @type {const} */ ('internal-error'), detail: `Nothing is sent: ${trap.error.message}` };
  }
  const rule = answerRule(word);
  const value = answerValue(word);
  const actions = rule === RULE_UNSENT_USER_ACTION ? Array.from(answerWords(value * 2)) : [];
  const parts = rule === RULE_MALFORMED_INPUT ? [] : lastParts(messages);
  // A malformation only the core saw (records it could not read) has its code in the answer.
  const why = malformed ?? { code: value, index: 0, value: undefined };
  return { send: answerSends(word), rule: RULES[rule], detail: explainDetail(rule, value, parts, actions, why) };
}

/**
 * `claimToolCalls`: the browser tool calls to start now, as the tool runner (chat.js) takes them.
 * @param {number} id @param {Write} write @param {unknown} messages @returns {ToolCallClaim[]}
 */
function claimToolCalls(id, write, messages) {
  const written = write({ messages });
  const count = core.adk_claim(id, typeof written === 'number' ? written : 0);
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
      run: RUN_NAMES[claimed[i + 1]],
    });
  }
  return calls;
}

/**
 * The library's own errors pass through; anything else that a hostile argument made JS throw (a
 * revoked proxy, a null-prototype object) becomes a named error saying which call it was.
 * @param {unknown} error @param {string} fn @returns {AdkError}
 */
export function namedArgumentError(error, fn) {
  if (error instanceof AdkError) return error;
  return invalidArgument(fn, `reading an argument threw (${messageOf(error).slice(0, 200)})`, 'plain values and objects');
}
