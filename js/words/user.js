// The words an app's users read when a chat ends in an error (issue 41 item 4): one short sentence
// per error `kind` (an AdkTransportError's, SSE and BIDI), or per error `name`, that says what
// happened to what the user sent and what the user can do. The developer's words stay in the
// error's `message` and `cause`. They ship in production (unlike words/development.js), so they are
// short, and only an app that imports `userMessage` or `USER_WORDS` carries them. One table: an app
// in another language passes its own, of the same keys (`UserWords`: a kind added to the transports
// is a type error here until it has its sentence).
/** @import { AdkSseTransportErrorKind } from '../errors/errors.js' */
/** @import { BidiTransportErrorKind } from '../transport/bidi/options.js' */

/**
 * What a sentence is chosen by: an AdkTransportError's `kind`, the `name` of another error of the
 * package's, or `'other'` for every other error (AI SDK's, an app's, a value that is no error, and
 * the kinds that are faults of the app's wiring, not of the connection, where the user can only
 * try again).
 * @typedef {Exclude<BidiTransportErrorKind, 'superseded' | 'resume-would-split' | 'unhandled-buffered-approval' | 'malformed-frame'>
 *   | AdkSseTransportErrorKind | 'AdkLoadError' | 'other'} UserWordKey
 */
/** One sentence for each `UserWordKey`: the English `USER_WORDS`, or an app's own language.
 *  @typedef {Readonly<Record<UserWordKey, string>>} UserWords */

// Sentences that several kinds share, written once.
const UNREACHABLE = 'The assistant could not be reached; nothing was sent. Try again.';
const CUT = 'The connection was lost during the reply. Send your message again.';
const SILENT = 'The assistant did not answer in time. Send your message again.';
const UNSENT = 'Your message could not be sent. Try again.';
const OTHER = 'Something went wrong. Try again.';

/** The English sentences (`userMessage`'s default), frozen: an app passes a table of its own. @type {UserWords} */
export const USER_WORDS = Object.freeze({
  // SPEC §5 F-c, F-f: nothing reached the backend; what was sent waits to be sent again.
  'connect-failed': UNREACHABLE,
  'cannot-open': UNREACHABLE,
  'connect-timeout': UNREACHABLE,
  // F-c, F-g: ambiguous; the package repeats nothing, and neither should the user without checking.
  'request-failed': 'The connection failed after sending; it may have arrived. Check before sending again.',
  // F-a: the backend forgot the approval with its connection.
  'connection-lost': 'The connection was lost and your answer was not sent. Ask again.',
  // F-g: a proxy or the backend answered with an error status; the reply never came.
  'http-error': 'The assistant is unavailable; your last message may not have arrived. Try again shortly.',
  'closed-mid-response': CUT,
  liveness: CUT,
  'no-response': SILENT,
  'approval-timeout': SILENT,
  'idle-timeout': SILENT,
  'send-failed': UNSENT,
  'not-connected': UNSENT,
  closed: 'This chat was closed. Reload the page to start again.',
  AdkLoadError: 'Part of the page did not load. Check your connection and reload.',
  other: OTHER,
});

/**
 * The sentence for a user about `error` (a chat's `error`, or anything caught): `words[error.kind]`,
 * else `words[error.name]`, else `words.other`. `words`: `USER_WORDS` (English), or an app's table
 * of the same keys.
 * @param {unknown} error @param {UserWords} [words] @returns {string}
 */
export function userMessage(error, words = USER_WORDS) {
  const { kind, name } = /** @type {{kind?: unknown, name?: unknown}} */ (Object(error));
  const table = /** @type {Record<string, string | undefined>} */ (words);
  const own = (/** @type {unknown} */ key) => (typeof key === 'string' && Object.hasOwn(table, key) ? table[key] : undefined);
  return own(kind) ?? own(name) ?? own('other') ?? OTHER;
}
