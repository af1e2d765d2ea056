// The per-chat engine (SPEC §2): createAutoSend({mode, bidiPattern?, frontendTools?}). Every rule
// lives in Rust (src/engine), in the core WebAssembly module; this glue reads the options, writes
// the last message as integer records (records.js), calls the core, and words its answers
// (words.js). Strings and JS objects never cross into the module.
import { answerWords, core, requireReady } from '../core/loader.js';
import { ENGINE_OPTION_MODE_BIDI, ENGINE_OPTION_MODE_SSE, ENGINE_OPTION_PATTERN_A, ENGINE_OPTION_PATTERN_B, FLAG_FRONTEND, FLAG_REQUIRES_APPROVAL, RULE_MALFORMED_INPUT, RULE_UNSENT_USER_ACTION, RUN_APPROVED, RUN_CALLED_WITHOUT_APPROVAL, RUN_REFUSED_WITHOUT_APPROVAL } from '../core/contract.js';
import { InternTable, answerRule, answerSends, answerValue, lastParts, messagesOf, writeRecords } from '../core/records.js';
import { RULES } from '../core/codes.js';
import { explainDetail } from '../words/words.js';
import { registryEntry, registryVersion } from '../drop-in/registry.js';
import { readToolSet } from '../tools/frontend-tools.js';
import { AdkError, AdkInternalError } from '../errors/errors.js';
import { describeValue, field, invalidArgument, isArray, messageOf, optionalString, shown, withAdvice } from '../errors/arguments.js';
import { loadOnDemand } from '../core/load-on-demand.js';
import { toolNameFromType, toolNameOf } from '../tools/tool-name.js';

const CREATE = 'createAutoSend';

/**
 * `createAutoSend`'s options, checked, errors named after `fn` (createAdk's are createAdk's):
 * `{mode, patternB, set, useRegistry, onError}`; `set` is the app's `frontendTools` (frontend-tools.js).
 */
function readOptions(options, fn) {
  if (options === null || typeof options !== 'object') {
    throw invalidArgument(fn, `the options are ${describeValue(options)}`, "{mode: 'sse' | 'bidi'}");
  }
  const mode = optionalString(fn, options, 'mode', "'sse' or 'bidi'");
  if (mode === undefined) throw invalidArgument(fn, '`mode` is missing', "'sse' or 'bidi'");
  if (mode !== 'sse' && mode !== 'bidi') throw invalidArgument(fn, `mode '${shown(mode)}' is not known`, "'sse' or 'bidi'");
  const pattern = optionalString(fn, options, 'bidiPattern', "'A' or 'B'") ?? 'A';
  if (!['A', 'a', 'B', 'b'].includes(pattern)) {
    throw invalidArgument(fn, `bidiPattern '${shown(pattern)}' is not known`, "'A' or 'B'");
  }
  const patternB = pattern === 'B' || pattern === 'b';
  if (mode === 'sse' && patternB) {
    throw invalidArgument(
      fn,
      "bidiPattern 'B' was given with mode 'sse'",
      "bidiPattern 'A' (or none) with SSE: an HTTP request cannot carry a tool result that comes later",
    );
  }
  const set = readToolSet(fn, field(fn, options, 'frontendTools'));
  let useRegistry = field(fn, options, 'useRegistry');
  if (useRegistry === undefined) useRegistry = set === null;
  else if (typeof useRegistry !== 'boolean') throw invalidArgument(fn, `useRegistry is ${describeValue(useRegistry)}`, 'true or false');
  const onError = field(fn, options, 'onError') ?? null;
  if (onError !== null && typeof onError !== 'function') throw invalidArgument(fn, `onError is ${describeValue(onError)}`, 'a function or undefined');
  return { mode, patternB: mode === 'bidi' && patternB, set, useRegistry, onError };
}

/**
 * FRONTEND | REQUIRES_APPROVAL of a tool name for an engine: the chat's own tools (`own`, createAdk's
 * `tools`) first, then the app's `frontendTools` (`set`), then the registry's (unknown tools
 * require approval).
 * @param {(name: string) => boolean | undefined} own @param {((name: string) => boolean | undefined) | null} set @param {boolean} useRegistry
 */
function toolFlagsByName(own, set, useRegistry) {
  return (/** @type {string} */ name) => {
    const requires = own(name) ?? (set === null ? undefined : set(name));
    if (requires !== undefined) return requires ? FLAG_FRONTEND | FLAG_REQUIRES_APPROVAL : FLAG_FRONTEND;
    const entry = registryEntry(name);
    if (entry === undefined) return FLAG_REQUIRES_APPROVAL;
    return (useRegistry ? FLAG_FRONTEND : 0) | (entry.requiresApproval ? FLAG_REQUIRES_APPROVAL : 0);
  };
}

/** Cached entries per part type or tool name, at most this many each. */
const CACHED = 1024;

/**
 * `writeRecords`' `toolFlags` for an engine, cached until the registry changes: a decision looks
 * up the part's own `type` string instead of cutting a name out of it.
 */
function cachedToolFlags(flagsOf) {
  const byType = new Map();
  const byName = new Map();
  let version = registryVersion;
  return (/** @type {string} */ type, /** @type {string | undefined} */ toolName) => {
    if (version !== registryVersion) {
      byType.clear();
      byName.clear();
      version = registryVersion;
    }
    const cache = toolName === undefined ? byType : byName;
    const key = toolName === undefined ? type : toolName;
    let flags = cache.get(key);
    if (flags === undefined) {
      flags = flagsOf(toolName ?? toolNameFromType(type) ?? '');
      if (cache.size < CACHED) cache.set(key, flags);
    }
    return flags;
  };
}

// An engine's slot in the core is freed when its object is collected.
const engines = /* @__PURE__ */ new FinalizationRegistry((id) => core.adk_engine_free(id));

/** The intern table is cut back to the handles the core still holds beyond this many strings. */
const INTERNED_KEPT = 4096;

/** How each claimed tool call runs, by `RUN` code. */
const RUN_NAMES = /* @__PURE__ */ (() => {
  const names = [];
  names[RUN_APPROVED] = 'approved';
  names[RUN_CALLED_WITHOUT_APPROVAL] = 'called';
  names[RUN_REFUSED_WITHOUT_APPROVAL] = 'refused';
  return names;
})();

/**
 * One chat's auto-send decision. Pass `sendAutomaticallyWhen` to `useChat`/`new Chat` as is.
 * Its memory of what it sent belongs to this object only, so create one per chat.
 */
export function createAutoSend(options) {
  return createAutoSendAs(options, CREATE, []);
}

/**
 * createAutoSend for `fn` (its errors name `fn`), with the chat's own browser tools `own`
 * (`{name, requiresApproval?}`, createAdk's `tools`), which come before `frontendTools`.
 * @param {unknown} options @param {string} fn @param {Array<{name: string, requiresApproval?: unknown}>} own
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
  const table = new InternTable();
  const flagsOf = toolFlagsByName(/** @type {(name: string) => boolean | undefined} */ (readToolSet(fn, own)), set, useRegistry);
  const toolFlags = cachedToolFlags(flagsOf);
  /** Writes `arg`'s last message into the records; the table forgets the tool flags it keeps
   *  per part index when the registry changed. */
  const write = (arg) => {
    table.flagsFrom(registryVersion);
    return writeRecords(arg, table, toolFlags);
  };
  const trap = trapWatch(onError);
  const observers = new Set();

  /** Keeps the intern table bounded: the strings of handles the core forgot are forgotten too. */
  const trim = () => {
    if (table.ids.size <= INTERNED_KEPT) return;
    const count = core.adk_live_handles(id);
    table.keepOnly(new Set(answerWords(count)));
  };

  /** The decision alone: whether to send now. After a trap, never (rather than send twice). */
  const decide = (arg) => {
    if (trap.error !== null) return false;
    try {
      const written = write(arg);
      const send = answerSends(core.adk_decide(id, typeof written === 'number' ? written : 0));
      trim();
      return send;
    } catch (error) {
      trap.note(error);
      return false;
    }
  };

  const autoSend = {
    /** AI SDK's `sendAutomaticallyWhen`: whether to send the conversation back now. */
    sendAutomaticallyWhen(arg) {
      const send = decide(arg);
      // AI SDK asks right after it commits an answer or a tool output and after each stream ends:
      // the moment the tool runner (attachAdk) looks for approved browser tools (SPEC §4).
      if (observers.size > 0) for (const observer of observers) queueMicrotask(observer);
      return send;
    },
    /** `{send, rule, detail}`: what the decision would be now, which rule decides it, in words. */
    explain(arg) {
      return explainWith(id, write, trap, arg);
    },
    /** The last send failed definitely (nothing reached the backend): its answers wait for
     *  `resend()` (explain(): 'waits-to-be-sent'). True when any do (SPEC §5 F-c). */
    sendFailed: () => void core.adk_hold(id, 1),
    /** F-c: takes the waiting answers for one explicit send; true when there were any (once). */
    resend: () => core.adk_hold(id, 0) === 1,
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
    get mode() {
      return /** @type {'sse' | 'bidi'} */ (mode);
    },
    get bidiPattern() {
      return /** @type {'A' | 'B'} */ (patternB ? 'B' : 'A');
    },
    /** Whether `name` is a browser tool for this engine (its `frontendTools`, or the registry). */
    isFrontendTool(name) {
      return typeof name === 'string' && (flagsOf(name) & FLAG_FRONTEND) !== 0;
    },
  };
  autoSend.sendAutomaticallyWhen = autoSend.sendAutomaticallyWhen.bind(autoSend);
  autoSend.explain = autoSend.explain.bind(autoSend);
  engines.register(autoSend, id);
  return autoSend;
}

/**
 * An engine's watch for a WebAssembly trap: `error` is the first trap of a decision (an
 * `AdkInternalError`) or null; `note(error)` records a trap and reports it once.
 */
function trapWatch(onError) {
  const watch = {
    /** @type {AdkInternalError | null} */
    error: null,
    note(/** @type {unknown} */ error) {
      // Anything but a trap is malformed input, which writeRecords reports as such.
      if (watch.error !== null || !(error instanceof WebAssembly.RuntimeError)) return;
      watch.error = new AdkInternalError(
        withAdvice(
          `the WebAssembly core trapped during a decision (${messageOf(error).slice(0, 200)}); this engine answers false from now on (never send on doubt)`,
          'create a new engine (createAutoSend) or reload the page, and report the messages that caused it.',
        ),
        { cause: error },
      );
      reportOnce(watch.error, onError);
    },
  };
  return watch;
}

/** `explain()`: the decision without remembering anything, and its words. */
function explainWith(id, write, trap, arg) {
  // `messages` is read once: a getter may answer differently (or throw) the second time.
  const messages = messagesOf(arg);
  const once = arg === null || typeof arg !== 'object' ? arg : { messages };
  let word = 0;
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

/** `claimToolCalls`: the browser tool calls to start now, as the tool runner (chat.js) takes them. */
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
      run: /** @type {'approved' | 'called' | 'refused'} */ (RUN_NAMES[claimed[i + 1]]),
    });
  }
  return calls;
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

/**
 * The library's own errors pass through; anything else that a hostile argument made JS throw (a
 * revoked proxy, a null-prototype object) becomes a named error saying which call it was.
 */
export function namedArgumentError(error, fn) {
  if (error instanceof AdkError) return error;
  return invalidArgument(fn, `reading an argument threw (${messageOf(error).slice(0, 200)})`, 'plain values and objects');
}
