// Drop-in names of the TypeScript helpers this library replaces (SPEC §7): the default engines
// behind `sendAutomaticallyWhen` / `sendAutomaticallyWhenCore`, and the tool-name helpers.
import { createAutoSend } from '../decision/auto-send.js';
import { toolNameFromType } from '../tools/tool-name.js';
/** @import { AutoSend, UIMessageLike } from '../index.js' */

/**
 * The drop-in decision's argument: AI SDK's `{messages}`, and for `sendAutomaticallyWhenCore`
 * optionally the mode. `M` defaults to AI SDK's `UIMessage`.
 * @template {UIMessageLike} [M=import('../decision/auto-send.js').UIMessage]
 * @typedef {object} SendAutomaticallyWhenOptions
 * @property {M[]} messages
 * @property {'sse' | 'bidi' | 'unknown'} [mode]
 */

/**
 * The drop-in decisions' argument, `{messages, mode?}`: any message list (of ai 6 or 7).
 * @typedef {{messages: ReadonlyArray<UIMessageLike>, mode?: SendAutomaticallyWhenOptions['mode']}} DropInArgument
 */

// The drop-in decisions are typed as methods so that their parameter is compared both ways
// (bivariantly): the old helpers took AI SDK's `UIMessage[]`, these take any message list (of ai 6
// or 7), and code typed against either signature compiles against the other. So they are constants
// typed by these methods: a function declaration's type would be compared one way only.
/**
 * @typedef {{
 *   sendAutomaticallyWhen(options: DropInArgument): boolean;
 *   sendAutomaticallyWhenCore(options: DropInArgument, log?: (message: string) => void): boolean;
 *   extractToolName(part: unknown, fallback?: string): string;
 * }} DropInDecisions
 */

// The one documented module-global instance behind the drop-in `sendAutomaticallyWhen` and
// `sendAutomaticallyWhenCore`: one engine per mode and chat, so two chats never share what was
// sent even when their approval ids collide (SPEC D26). A chat's engine is found by the ids of its
// first and last messages, as the old helper keyed by message id. When a response's `start`
// carries a new messageId, AI SDK pushes the continued assistant message again under that id: the
// engine of the message before it then carries on (else it would send the same answer again).
// Least recently used first out; per-chat code uses createAutoSend.
const DEFAULT_ENGINES_KEPT = 64;
/** @type {Map<string, AutoSend>} */
const defaultEngines = /* @__PURE__ */ new Map();

/** @param {any} message @returns {string} */
function idOf(message) {
  return message !== null && typeof message === 'object' && typeof message.id === 'string' ? message.id : '';
}

/** The default engine of `mode` for the chat whose messages `arg` holds (internal: the drop-in
 *  names in ./sse.js and ./bidi.js reach it through `sendAutomaticallyWhenCore`).
 * @param {'sse' | 'bidi'} mode @param {any} arg @returns {AutoSend}
 */
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
      defaultEngines.delete(/** @type {string} */ (continued));
    } else {
      autoSend = createAutoSend({ mode });
      if (defaultEngines.size >= DEFAULT_ENGINES_KEPT) defaultEngines.delete(/** @type {string} */ (defaultEngines.keys().next().value));
    }
  }
  defaultEngines.set(key, autoSend);
  return autoSend;
}

/**
 * `sendAutomaticallyWhenCore({messages, mode?}, log?)`: a default engine decides. Without a mode
 * (or with `'unknown'`) it decides by Pattern A, which SSE and BIDI share by default. `log`
 * receives the decision in words. Synchronous.
 * @type {DropInDecisions['sendAutomaticallyWhenCore']}
 */
export const sendAutomaticallyWhenCore = (arg, log) => {
  /** @type {unknown} */
  let mode;
  try {
    mode = arg && arg.mode;
  } catch {
    mode = undefined;
  }
  const known = mode === 'sse' || mode === 'bidi';
  const autoSend = defaultAutoSend(known ? /** @type {'sse' | 'bidi'} */ (mode) : 'sse', arg);
  if (typeof log !== 'function') return autoSend.sendAutomaticallyWhen(arg);
  const { rule, detail } = autoSend.explain(arg);
  const send = autoSend.sendAutomaticallyWhen(arg);
  const shownMode = known ? mode : `${String(mode)} (decided by Pattern A)`;
  log(`[adk-stream-wasm] ${send ? 'send' : 'no send'} (mode ${shownMode}, ${rule}): ${detail}`);
  return send;
};

/** Forgets what the default engines sent. */
export function clearSentApprovalStates() {
  defaultEngines.clear();
}

/** @param {object} object @param {string} key @returns {string | undefined} */
function stringField(object, key) {
  try {
    const value = /** @type {any} */ (object)[key];
    return typeof value === 'string' ? value : undefined;
  } catch {
    return undefined;
  }
}

// The three below are plain JS over strings and need no WebAssembly: they answer where the module
// cannot load (a Content Security Policy without 'wasm-unsafe-eval') too.

/**
 * Drop-in `extractToolName(part, fallback = "")`: `part.toolName` when set, else the name in
 * `part.type` (`tool-<name>`), else `fallback` ("").
 * @type {DropInDecisions['extractToolName']}
 */
export const extractToolName = (part, fallback = '') => {
  const otherwise = typeof fallback === 'string' ? fallback : '';
  if (part === null || typeof part !== 'object') return otherwise;
  const toolName = stringField(part, 'toolName');
  if (toolName !== undefined && toolName !== '') return toolName;
  return toolNameFromType(stringField(part, 'type')) ?? otherwise;
};
/**
 * Drop-in `extractToolNameFromType(type)`: `"tool-x"` gives `"x"`; any other type is returned
 * unchanged (`"text"` gives `"text"`).
 * @param {string} type @returns {string}
 */
export function extractToolNameFromType(type) {
  // The old helper's answer for the bare `tool-` too: the empty name.
  return typeof type !== 'string' ? '' : type === 'tool-' ? '' : (toolNameFromType(type) ?? type);
}
/**
 * Drop-in `isToolType(type)`: whether `type` starts with `tool-` (`dynamic-tool` does not).
 * @param {string} type @returns {type is `tool-${string}`}
 */
export function isToolType(type) {
  return typeof type === 'string' && type.startsWith('tool-');
}
