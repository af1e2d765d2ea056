// Drop-in names of the TypeScript helpers this library replaces (SPEC §7): the default engines
// behind `sendAutomaticallyWhen` / `sendAutomaticallyWhenCore`, and the tool-name helpers.
import { createAutoSend } from '../decision/auto-send.js';
import { toolNameFromType } from '../tools/tool-name.js';

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
  return toolNameFromType(stringField(part, 'type')) ?? otherwise;
}
/** Drop-in `extractToolNameFromType(type)`: `"tool-x"` gives `"x"`; any other type is itself. */
export function extractToolNameFromType(type) {
  // The old helper's answer for the bare `tool-` too: the empty name.
  return typeof type !== 'string' ? '' : type === 'tool-' ? '' : (toolNameFromType(type) ?? type);
}
/**
 * Drop-in `isToolType(type)`: whether `type` starts with `tool-` (`dynamic-tool` does not).
 * @param {unknown} type @returns {type is `tool-${string}`}
 */
export function isToolType(type) {
  return typeof type === 'string' && type.startsWith('tool-');
}
