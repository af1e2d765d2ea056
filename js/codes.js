// The glue's own codes and names, which every build carries (the words that render them are in
// words.js, loaded in development builds, and explain-words.js): what `writeRecords` could not read,
// and the stable names of `explain().rule`.
import { RULE } from './contract.js';

/** The glue's malformation codes (what `writeRecords` could not read); RECORD is Rust's own. */
export const MALFORMED = Object.freeze({
  ARGUMENT: 1,
  MESSAGES: 2,
  EMPTY: 3,
  LAST_MESSAGE: 4,
  THREW: 5,
  PARTS: 6,
  PART: 7,
  TYPE: 8,
  TOOL_NAME: 9,
  STATE: 10,
  TOOL_CALL_ID: 11,
  APPROVAL: 12,
  APPROVAL_ID: 13,
  APPROVED: 14,
  RECORD: 255,
});

/** @typedef {'malformed-input' | 'not-assistant' | 'no-parts' | 'approval-pending' | 'still-streaming' | 'awaiting-browser-output' | 'no-user-action' | 'already-known' | 'unsent-user-action'} RuleName */

/**
 * The stable names of `explain().rule`, indexed by the core's rule codes (`RULE`, generated from
 * src/engine/decision.rs).
 * @type {ReadonlyArray<RuleName>}
 */
export const RULES = /* @__PURE__ */ (() => {
  /** @type {RuleName[]} */
  const names = [];
  names[RULE.MALFORMED_INPUT] = 'malformed-input';
  names[RULE.NOT_ASSISTANT] = 'not-assistant';
  names[RULE.NO_PARTS] = 'no-parts';
  names[RULE.APPROVAL_PENDING] = 'approval-pending';
  names[RULE.STILL_STREAMING] = 'still-streaming';
  names[RULE.AWAITING_BROWSER_OUTPUT] = 'awaiting-browser-output';
  names[RULE.NO_USER_ACTION] = 'no-user-action';
  names[RULE.ALREADY_KNOWN] = 'already-known';
  names[RULE.UNSENT_USER_ACTION] = 'unsent-user-action';
  return Object.freeze(names);
})();
