// The package's error classes: every error it throws or rejects with is one of these, so an app can
// test `error instanceof AdkUnknownApprovalError` as well as `error.name`. Plain JS, no WebAssembly:
// they exist where the module cannot load (`AdkLoadError` is one of them).
//
// `instanceof` also answers by `name` for an error of the same name made elsewhere: by a second
// copy of the package in an app (two installs, or a bundler that duplicates the module).

/** The base of every adk-stream-wasm error. */
export class AdkError extends Error {
  /** @param {string} message @param {{cause?: unknown}} [options] */
  constructor(message, options) {
    // Error would turn a symbol (or an object whose toString throws) into a raw TypeError here.
    super(typeof message === 'string' || message === undefined ? message : textOf(message), options);
    // The name is written out: a minifier renames classes.
    this.name = /** @type {typeof AdkError} */ (new.target).errorName;
  }

  static errorName = 'AdkError';

  static [Symbol.hasInstance](value) {
    if (Function.prototype[Symbol.hasInstance].call(this, value)) return true;
    if (value === null || typeof value !== 'object') return false;
    let name;
    try {
      name = value.name;
    } catch {
      return false;
    }
    if (typeof name !== 'string') return false;
    return this === AdkError ? name.startsWith('Adk') && name.endsWith('Error') : name === this.errorName;
  }
}

/** A value as a message's text: `String(value)`, or its kind when even that throws. */
function textOf(value) {
  try {
    return String(value);
  } catch {
    return describeValue(value);
  }
}

/** An argument is not what the function expects; the message says what was given and what is expected. */
export class AdkInvalidArgumentError extends AdkError {
  static errorName = 'AdkInvalidArgumentError';
}
/** `approve` / `deny` with an id that is no pending approval of the chat; the message lists the valid ids. */
export class AdkUnknownApprovalError extends AdkError {
  static errorName = 'AdkUnknownApprovalError';
}
/** `answerApprovals`: the handler left approvals undecided, or named unknown ids; nothing was applied. */
export class AdkIncompleteBatchError extends AdkError {
  static errorName = 'AdkIncompleteBatchError';
}
/** A browser tool definition the package cannot run. */
export class AdkInvalidToolError extends AdkError {
  static errorName = 'AdkInvalidToolError';
}
/** An answer or output that `Chat` did not commit. */
export class AdkNotCommittedError extends AdkError {
  static errorName = 'AdkNotCommittedError';
}
/** `getLocation()` failed: `code` is 'permission-denied', 'position-unavailable', 'timeout' or 'unsupported'. */
export class AdkGeolocationError extends AdkError {
  /** @type {any} set by get-location.js on the errors it makes */
  code = undefined;

  static errorName = 'AdkGeolocationError';
}
/** The BIDI transport: `kind` says what happened (`connect-timeout`, `send-failed`, `liveness`, …). */
export class AdkTransportError extends AdkError {
  /** @param {string} kind @param {string} message @param {{cause?: unknown}} [options] */
  constructor(kind, message, options) {
    super(message, options);
    /** @type {any} one of BidiTransportErrorKind (transport.d.ts) */
    this.kind = kind;
  }

  static errorName = 'AdkTransportError';
}
/** A frame the BIDI transport skipped (bad JSON, binary, unknown shape); `kind` is `malformed-frame`. */
export class AdkMalformedFrameError extends AdkTransportError {
  static errorName = 'AdkMalformedFrameError';
}
/**
 * A WebAssembly module could not be compiled (a Content Security Policy without 'wasm-unsafe-eval'),
 * or a file the package loads on demand could not be downloaded (`loadOnDemand`).
 */
export class AdkLoadError extends AdkError {
  static errorName = 'AdkLoadError';
}
/** A callback of the app's (onLatency, onAudio, onBufferedChunks, …) threw; `cause` holds what it threw. */
export class AdkCallbackError extends AdkError {
  static errorName = 'AdkCallbackError';
}
/** A WebAssembly trap during a decision: the engine answers false from then on (`cause`: the trap). */
export class AdkInternalError extends AdkError {
  static errorName = 'AdkInternalError';
}

// ---------------------------------------------------------------------------------------------
// The words every module's errors use. This file imports nothing, so every file may import it, the
// ones that must stay free of WebAssembly too (executors.js, chat.js, testing.js, the transports).

/** `Array.isArray`, false for a revoked proxy (for which it throws). */
export function isArray(value) {
  try {
    return Array.isArray(value);
  } catch {
    return false;
  }
}

/**
 * A value as an error message names it: `null`, `an array`, `the string 'x'` (cut at 40
 * characters), `the number 5`, `a boolean`, `a function`, `object`, `undefined`.
 * @param {unknown} value
 */
export function describeValue(value) {
  if (value === null) return 'null';
  if (isArray(value)) return 'an array';
  if (typeof value === 'string') {
    const chars = Array.from(value);
    return chars.length > 40 ? `the string '${chars.slice(0, 40).join('')}…'` : `the string '${value}'`;
  }
  // The usual mistake with a number is its value, not its type.
  if (typeof value === 'number') return `the number ${value}`;
  const type = typeof value;
  return type === 'object' || type === 'undefined' ? type : `a ${type}`;
}

/**
 * The message of a thrown value: a string as it is, an error's non-empty `message`, else the value
 * as a string; `an exception` when even reading it throws (a hostile getter or proxy).
 * @param {unknown} thrown
 */
export function messageOf(thrown) {
  if (typeof thrown === 'string') return thrown;
  try {
    const message = thrown !== null && typeof thrown === 'object' ? /** @type {any} */ (thrown).message : undefined;
    return typeof message === 'string' && message !== '' ? message : String(thrown);
  } catch {
    return 'an exception';
  }
}

/** A value as messages show it: whole when short, else its first 80 characters and an ellipsis. */
export function shown(text) {
  text = String(text);
  if (text.length <= 80) return text;
  const chars = Array.from(text);
  return chars.length <= 80 ? text : `${chars.slice(0, 80).join('')}…`;
}

/**
 * What each argument error expected, by number: the package build puts a number in place of the
 * words in the production modules (scripts/lib/production-words.mjs), and a development build
 * fills this list (words-development.js), as React keeps its whole messages for development.
 * @type {string[]}
 */
export const expectedWords = [];

/** Words given as such, or by their number in `expectedWords` (undefined where not loaded). */
const developmentWords = (words) => (typeof words === 'number' ? expectedWords[words] : words);

/**
 * `AdkInvalidArgumentError`: `fn(): what; expected expected.` `expected` is the words, or their
 * number in `expectedWords` (production modules); when the words are not loaded, the message
 * says where they are.
 * @param {string} fn @param {string} what @param {string | number} expected
 */
export function invalidArgument(fn, what, expected) {
  const words = developmentWords(expected);
  return new AdkInvalidArgumentError(`${fn}(): ${what}${words === undefined ? ' (what is expected: in a development build)' : `; expected ${words}`}.`);
}

/**
 * `message`, then `; advice` where the words are loaded: the package build puts a number in place
 * of literal advice in the production modules (scripts/lib/production-words.mjs), as it does an
 * argument error's expected words, so a production build says what happened only.
 * @param {string} message @param {string | number} [advice]
 */
export function withAdvice(message, advice) {
  const words = developmentWords(advice);
  return words === undefined ? message : `${message}; ${words}`;
}

/** `object[key]` for an argument of `fn`; a throwing getter or proxy trap is a named error. */
export function field(fn, object, key) {
  if (object === null || typeof object !== 'object') return undefined;
  try {
    return object[key];
  } catch {
    throw invalidArgument(fn, `reading \`${key}\` threw`, 'a plain object whose fields can be read');
  }
}

/**
 * An optional string field of an argument of `fn`: undefined when absent, an error when not a string.
 * @param {string | number} expected
 */
export function optionalString(fn, object, key, expected) {
  const value = field(fn, object, key);
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'string') throw invalidArgument(fn, `\`${key}\` is ${describeValue(value)}`, expected);
  return value;
}

/** Checks that `chat` is an AI SDK `Chat` for the helper `fn`. */
export function requireChat(chat, fn) {
  if (chat === null || typeof chat !== 'object' || typeof chat.addToolApprovalResponse !== 'function') {
    throw invalidArgument(fn, `chat is ${chat === null ? 'null' : typeof chat}`, 'an AI SDK Chat instance');
  }
}

/** `setTimeout` takes a signed 32-bit delay. */
export const MAX_DELAY_MS = 2147483647;

/**
 * An optional whole number of milliseconds of `fn`'s options in `[min, 2^31 - 1]` (fractions are
 * cut); `expected` says the range and the default (literal words: production builds carry a number).
 * @param {string | number} expected
 */
export function optionalMs(fn, options, key, fallback, min, expected) {
  const value = field(fn, options, key);
  if (value === undefined) return fallback;
  if (typeof value === 'number' && Number.isFinite(value) && value >= min && value <= MAX_DELAY_MS) return Math.trunc(value);
  throw invalidArgument(fn, `\`${key}\` is ${describeValue(value)}`, expected);
}

/**
 * The tool name in a part `type` (SPEC §1): `tool-x` gives `x`; any other type (`dynamic-tool`,
 * `text`, a bare `tool-`) gives undefined.
 * @param {unknown} type @returns {string | undefined}
 */
export function toolNameFromType(type) {
  return typeof type === 'string' && type.length > 5 && type.startsWith('tool-') ? type.slice(5) : undefined;
}

/** A tool part's name (SPEC §1): `toolName` when it is a non-empty string, else the name in `type`. */
export function toolNameOf(part) {
  const { toolName } = part;
  return typeof toolName === 'string' && toolName !== '' ? toolName : (toolNameFromType(part.type) ?? '');
}

/**
 * `load()`, the `import()` of one of the package's files that load on demand (the batch checks,
 * the BIDI transport, get_location's rules, the buffered-chunk resume): a failed download (offline,
 * or a deploy that replaced the app's files) rejects with an `AdkLoadError` that names the file,
 * not with the bundler's own error. The caller tries again on its next call.
 * @template T @param {() => Promise<T>} load @param {string} file @returns {Promise<T>}
 */
export function loadOnDemand(load, file) {
  return load().catch((cause) => {
    throw new AdkLoadError(`adk-stream-wasm could not download its ${file} (${messageOf(cause).slice(0, 200)}); try again`, { cause });
  });
}
