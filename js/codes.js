// The glue's own codes and names, which every build carries (the words that render them are in
// words.js, loaded in development builds, and explain-words.js): what `writeRecords` could not read,
// and the stable names of `explain().rule`.
import { RECORD_MALFORMED_RECORD, RULE_ALREADY_KNOWN, RULE_APPROVAL_PENDING, RULE_AWAITING_BROWSER_OUTPUT, RULE_MALFORMED_INPUT, RULE_NO_PARTS, RULE_NO_USER_ACTION, RULE_NOT_ASSISTANT, RULE_STILL_STREAMING, RULE_UNSENT_USER_ACTION, RULE_WAITS_TO_BE_SENT } from './contract.js';

/** The glue's malformation codes (what `writeRecords` could not read); RECORD_MALFORMED_RECORD is Rust's own. */
export const MALFORMED_ARGUMENT = 1;
export const MALFORMED_MESSAGES = 2;
export const MALFORMED_EMPTY = 3;
export const MALFORMED_LAST_MESSAGE = 4;
export const MALFORMED_THREW = 5;
export const MALFORMED_PARTS = 6;
export const MALFORMED_PART = 7;
export const MALFORMED_TYPE = 8;
export const MALFORMED_TOOL_NAME = 9;
export const MALFORMED_STATE = 10;
export const MALFORMED_TOOL_CALL_ID = 11;
export const MALFORMED_APPROVAL = 12;
export const MALFORMED_APPROVAL_ID = 13;
export const MALFORMED_APPROVED = 14;
export const MALFORMED_RECORD = 255;

/** @typedef {'malformed-input' | 'not-assistant' | 'no-parts' | 'approval-pending' | 'still-streaming' | 'awaiting-browser-output' | 'no-user-action' | 'already-known' | 'unsent-user-action' | 'waits-to-be-sent'} RuleName */

/**
 * The stable names of `explain().rule`, indexed by the core's rule codes (`RULE`, generated from
 * src/engine/decision.rs).
 * @type {ReadonlyArray<RuleName>}
 */
export const RULES = /* @__PURE__ */ (() => {
  /** @type {RuleName[]} */
  const names = [];
  names[RULE_MALFORMED_INPUT] = 'malformed-input';
  names[RULE_NOT_ASSISTANT] = 'not-assistant';
  names[RULE_NO_PARTS] = 'no-parts';
  names[RULE_APPROVAL_PENDING] = 'approval-pending';
  names[RULE_STILL_STREAMING] = 'still-streaming';
  names[RULE_AWAITING_BROWSER_OUTPUT] = 'awaiting-browser-output';
  names[RULE_NO_USER_ACTION] = 'no-user-action';
  names[RULE_ALREADY_KNOWN] = 'already-known';
  names[RULE_UNSENT_USER_ACTION] = 'unsent-user-action';
  names[RULE_WAITS_TO_BE_SENT] = 'waits-to-be-sent';
  return Object.freeze(names);
})();
