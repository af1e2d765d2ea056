// The glue's own codes and names, which every build carries (the words that render them are in
// words.js, loaded in development builds, and words/explain.js): what `writeRecords` could not read,
// and the stable names of `explain().rule`.
import { RULE_NAMES } from './rule-names.js';

/** The glue's malformation codes (what `writeRecords` could not read); Rust's own is RECORD_MALFORMED_RECORD
 *  of contract.js. */
export const MALFORMED_ARGUMENT = 1;
export const MALFORMED_MESSAGES = 2;
// 3, an empty list, is no malformation: contract.js `RECORD_NO_MESSAGES` (rule no-messages).
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

/** @typedef {typeof RULE_NAMES[number]} RuleName */

/** The stable names of `explain().rule`, indexed by the core's rule codes (generated with them). */
export { RULE_NAMES as RULES };
