// The argument checks every entry point's functions make, and the words their errors use: what a
// value is, what was given and what was expected. Free of WebAssembly, like errors.js, so every
// file may import it, the ones that must load without the core module too (the transports, the
// testing kit, the drop-in executors).
import { AdkInvalidArgumentError } from './errors.js';

/**
 * `Array.isArray`, false for a revoked proxy (for which it throws).
 * @param {unknown} value @returns {value is any[]}
 */
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

/**
 * A value as messages show it: whole when short, else its first 80 characters and an ellipsis.
 * @param {any} text @returns {string}
 */
export function shown(text) {
  text = String(text);
  if (text.length <= 80) return text;
  const chars = Array.from(text);
  return chars.length <= 80 ? text : `${chars.slice(0, 80).join('')}…`;
}

/**
 * What each argument error expected, by number: the package build puts a number in place of the
 * words in the production modules (scripts/lib/production-words.mjs), and a development build
 * fills this list (words/development.js), as React keeps its whole messages for development.
 * @type {string[]}
 */
export const expectedWords = [];

/** Words given as such, or by their number in `expectedWords` (undefined where not loaded). */
const developmentWords = (/** @type {string | number | undefined} */ words) => (typeof words === 'number' ? expectedWords[words] : words);

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

/**
 * `object[key]` for an argument of `fn`; a throwing getter or proxy trap is a named error.
 * @param {string} fn @param {unknown} object @param {string} key @returns {any}
 */
export function field(fn, object, key) {
  if (object === null || typeof object !== 'object') return undefined;
  try {
    return /** @type {any} */ (object)[key];
  } catch {
    throw invalidArgument(fn, `reading \`${key}\` threw`, 'a plain object whose fields can be read');
  }
}

/**
 * An optional string field of an argument of `fn`: undefined when absent, an error when not a string.
 * @param {string} fn @param {unknown} object @param {string} key @param {string | number} expected
 * @returns {string | undefined}
 */
export function optionalString(fn, object, key, expected) {
  const value = field(fn, object, key);
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'string') throw invalidArgument(fn, `\`${key}\` is ${describeValue(value)}`, expected);
  return value;
}

/**
 * Checks that `chat` is an AI SDK `Chat` for the helper `fn`.
 * @param {any} chat @param {string} fn
 */
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
 * @param {string} fn @param {unknown} options @param {string} key @param {number} fallback @param {number} min
 * @param {string | number} expected
 * @returns {number}
 */
export function optionalMs(fn, options, key, fallback, min, expected) {
  const value = field(fn, options, key);
  if (value === undefined) return fallback;
  if (typeof value === 'number' && Number.isFinite(value) && value >= min && value <= MAX_DELAY_MS) return Math.trunc(value);
  throw invalidArgument(fn, `\`${key}\` is ${describeValue(value)}`, expected);
}
