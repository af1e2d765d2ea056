// Generated from the Rust definitions by src/contract.rs: do not edit. The numbers both sides of
// the core module's boundary read; `cargo test` fails when this file and the Rust disagree, and
// `ADK_WRITE_CONTRACT=1 cargo test contract` writes it anew.

/** A record buffer: a header, then one record per part (src/model/records.rs). */
export const RECORD_HEADER_WORDS = 4;
export const RECORD_PART_WORDS = 3;
export const RECORD_ROLE = 0;
export const RECORD_PARTS_MISSING = 1;
export const RECORD_MALFORMED_CODE = 2;
export const RECORD_MALFORMED_INDEX = 3;
export const RECORD_WORD = 0;
export const RECORD_TOOL_CALL_ID = 1;
export const RECORD_APPROVAL_ID = 2;
export const RECORD_STATE_SHIFT = 4;
export const RECORD_FLAGS_SHIFT = 8;
export const RECORD_MALFORMED_RECORD = 255;
export const RECORD_NO_MESSAGES = 254;

/** A part record's kind (its first word's low bits). */
export const KIND_OTHER = 0;
export const KIND_TEXT = 1;
export const KIND_REASONING = 2;
export const KIND_STEP_START = 3;
export const KIND_TOOL = 4;

/** A tool part record's flags. */
export const FLAG_APPROVAL = 1;
export const FLAG_APPROVED = 2;
export const FLAG_DENIED = 4;
export const FLAG_AUTOMATIC = 8;
export const FLAG_FRONTEND = 16;
export const FLAG_REQUIRES_APPROVAL = 32;
export const FLAG_FAILED = 64;

/**
 * The role code of a message's `role` string; a string AI SDK does not define is ROLE_OTHER.
 * @param {unknown} value @returns {number}
 */
export function roleCode(value) {
  switch (value) {
    case 'user':
      return 1;
    case 'assistant':
      return 2;
    case 'system':
      return 3;
    default:
      return 4;
  }
}

/** The role codes that are no AI SDK role. */
export const ROLE_MISSING = 0;
export const ROLE_OTHER = 4;

/**
 * The code of a tool part's `state` (SPEC §1), or -1 for any other value.
 * @param {unknown} value @returns {number}
 */
export function toolStateCode(value) {
  switch (value) {
    case 'input-streaming':
      return 0;
    case 'input-available':
      return 1;
    case 'approval-requested':
      return 2;
    case 'approval-responded':
      return 3;
    case 'output-available':
      return 4;
    case 'output-error':
      return 5;
    case 'output-denied':
      return 6;
    default:
      return -1;
  }
}

/** A decision's answer word (src/contract.rs `answer`). */
export const ANSWER_SEND = 1;
export const ANSWER_RULE_SHIFT = 1;
export const ANSWER_RULE_MASK = 15;
export const ANSWER_VALUE_SHIFT = 5;

/** The rule codes (SPEC §2; src/engine/verdict.rs `rule`). */
export const RULE_MALFORMED_INPUT = 0;
export const RULE_NOT_ASSISTANT = 1;
export const RULE_NO_PARTS = 2;
export const RULE_APPROVAL_PENDING = 3;
export const RULE_STILL_STREAMING = 4;
export const RULE_AWAITING_BROWSER_OUTPUT = 5;
export const RULE_NO_USER_ACTION = 6;
export const RULE_ALREADY_KNOWN = 7;
export const RULE_UNSENT_USER_ACTION = 8;
export const RULE_WAITS_TO_BE_SENT = 9;
export const RULE_ARRIVAL_UNKNOWN = 10;
export const RULE_NO_MESSAGES = 11;

/** What a user action of a send is (`adk_explain`'s answer buffer). */
export const ACTION_ANSWER = 0;
export const ACTION_BROWSER_OUTPUT = 1;

/** How the last send failed (`adk_hold`; src/engine/verdict.rs `hold`). */
export const HOLD_NONE = 0;
export const HOLD_WAITS = 1;
export const HOLD_UNKNOWN = 2;
export const HOLD_REPEATABLE = 3;
export const HOLD_RESEND = 4;
export const HOLD_REPEAT = 5;

/** How a claimed browser tool call runs (src/runner.rs `Run`). */
export const RUN_APPROVED = 0;
export const RUN_CALLED_WITHOUT_APPROVAL = 1;
export const RUN_REFUSED_WITHOUT_APPROVAL = 2;

/** `adk_engine_new(mode, pattern)`. */
export const ENGINE_OPTION_MODE_SSE = 0;
export const ENGINE_OPTION_MODE_BIDI = 1;
export const ENGINE_OPTION_PATTERN_A = 0;
export const ENGINE_OPTION_PATTERN_B = 1;

/** The helpers' answers (src/contract.rs `helper`); NOT_A_MESSAGE as a u32 read back. */
export const HELPER_NOT_A_MESSAGE = 4294967295;
export const HELPER_ANSWERABLE_NOT_A_MESSAGE = -2147483648;
export const HELPER_ANSWERABLE_UNKNOWN = -1;
export const HELPER_ANSWERABLE_TOOL_CALL_ID_OF = -2;
export const HELPER_BATCH_COMPLETE = 0;
export const HELPER_BATCH_COUNTS = 3;
