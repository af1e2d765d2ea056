// The words the package's answers and errors are shown in, as every build has them: each error keeps
// its class, its name and a short sentence with the ids it is about, as React's production errors
// do; explain() keeps `send` and `rule`, and its `detail` names the rule. The whole words come in
// development builds (the `development` export condition: the entries under dev/ load
// words/development.js), or in production for explain() when the app imports
// `adk-stream-wasm/explain`: each hands its words to `useWords`. No WebAssembly here.
import { RULE_UNSENT_USER_ACTION } from '../core/contract.js';
import { RULES } from '../core/codes.js';
import { AdkInvalidToolError, AdkNotCommittedError, AdkUnknownApprovalError } from '../errors/errors.js';
import { shown } from '../errors/arguments.js';
/** @import { Malformed } from '../core/records.js' */

/**
 * An approval as the errors about it list it.
 * @typedef {{approvalId: string, toolName: string, toolCallId: string}} ListedApproval
 */

/**
 * The whole words a development build (or `adk-stream-wasm/explain`) installs, by function name.
 * @typedef {object} WholeWords
 * @property {typeof explainDetail} [explainDetail]
 * @property {typeof describeMalformed} [describeMalformed]
 * @property {typeof unknownApproval} [unknownApproval]
 * @property {(missing: string[], unknown: string[], duplicated: string[]) => Error} [incompleteBatch]
 */

/**
 * The whole words installed so far, by function name (answer-batch.js reads its own there).
 * @type {WholeWords}
 */
export const whole = {};

/** Installs whole words (words/development.js, explain.js). */
export function useWords(/** @type {WholeWords} */ words) {
  Object.assign(whole, words);
}

/**
 * explain()'s detail: the whole words when installed, else the rule. `rule` and `value` are the
 * core's answer; `parts` the last message's; `actions` the `(index, 0 answer | 1 output)` pairs of
 * a send; `malformed` what `writeRecords` returned for a malformed input (null otherwise).
 * @param {number} rule @param {number} value @param {readonly any[]} parts @param {ArrayLike<number>} actions
 * @param {Malformed | null} malformed @returns {string}
 */
export function explainDetail(rule, value, parts, actions, malformed) {
  if (whole.explainDetail) return whole.explainDetail(rule, value, parts, actions, malformed);
  return `${rule === RULE_UNSENT_USER_ACTION ? 'Send' : 'Nothing is sent'}: ${RULES[rule]}. (The words: import 'adk-stream-wasm/explain'.)`;
}

/**
 * What `writeRecords` found malformed (its `{code, index, value}`), for an error message.
 * @param {Malformed} malformed @returns {string}
 */
export function describeMalformed(malformed) {
  if (whole.describeMalformed) return whole.describeMalformed(malformed);
  return `malformed input (code ${malformed.code}, parts[${malformed.index}])`;
}

/** Ids as an error lists them: the first 20, each shown whole or cut. */
export const list = (/** @type {unknown[]} */ ids) => ids.slice(0, 20).map(shown).join(', ') || 'none';

/**
 * `AdkUnknownApprovalError` for `id`: `pending` lists `{approvalId, toolName, toolCallId}`;
 * `toolCallOf` is the pending approval whose toolCallId `id` is, if any.
 * @param {string} id @param {readonly ListedApproval[]} pending @param {ListedApproval | null | undefined} toolCallOf
 * @returns {AdkUnknownApprovalError}
 */
export function unknownApproval(id, pending, toolCallOf) {
  if (whole.unknownApproval) return whole.unknownApproval(id, pending, toolCallOf);
  return new AdkUnknownApprovalError(`'${shown(id)}' is not a pending approval id; pending: ${list(pending.map((p) => p.approvalId))}.`);
}

/** `AdkInvalidToolError` with its whole message. */
export function invalidTool(/** @type {string} */ message) {
  return new AdkInvalidToolError(message);
}

/** `AdkNotCommittedError`. */
export function notCommitted(/** @type {string} */ message) {
  return new AdkNotCommittedError(message);
}
