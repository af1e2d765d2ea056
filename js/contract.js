// Generated from the Rust definitions by src/contract.rs: do not edit. The numbers both sides of
// the core module's boundary read; `cargo test` fails when this file and the Rust disagree, and
// `ADK_WRITE_CONTRACT=1 cargo test contract` writes it anew.

/** A record buffer: a header, then one record per part (src/model/records.rs). */
export const RECORD = Object.freeze({
  HEADER_WORDS: 4,
  PART_WORDS: 3,
  ROLE: 0,
  PARTS_MISSING: 1,
  MALFORMED_CODE: 2,
  MALFORMED_INDEX: 3,
  WORD: 0,
  TOOL_CALL_ID: 1,
  APPROVAL_ID: 2,
  STATE_SHIFT: 4,
  FLAGS_SHIFT: 8,
  MALFORMED_RECORD: 255,
});

/** A part record's kind (its first word's low bits). */
export const KIND = Object.freeze({
  OTHER: 0,
  TEXT: 1,
  REASONING: 2,
  STEP_START: 3,
  TOOL: 4,
});

/** A tool part record's flags. */
export const FLAG = Object.freeze({
  APPROVAL: 1,
  APPROVED: 2,
  DENIED: 4,
  AUTOMATIC: 8,
  FRONTEND: 16,
  REQUIRES_APPROVAL: 32,
  FAILED: 64,
});

/** The role code of a message's `role` string; a string AI SDK does not define is ROLE.OTHER. */
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
export const ROLE = Object.freeze({
  MISSING: 0,
  OTHER: 4,
});

/** The code of a tool part's `state` (SPEC §1), or -1 for any other value. */
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
export const ANSWER = Object.freeze({
  SEND: 1,
  RULE_SHIFT: 1,
  RULE_MASK: 15,
  VALUE_SHIFT: 5,
});

/** The rule codes of SPEC §2 (src/engine/decision.rs `rule`). */
export const RULE = Object.freeze({
  MALFORMED_INPUT: 0,
  NOT_ASSISTANT: 1,
  NO_PARTS: 2,
  APPROVAL_PENDING: 3,
  STILL_STREAMING: 4,
  AWAITING_BROWSER_OUTPUT: 5,
  NO_USER_ACTION: 6,
  ALREADY_KNOWN: 7,
  UNSENT_USER_ACTION: 8,
});

/** What a user action of a send is (`adk_explain`'s answer buffer). */
export const ACTION = Object.freeze({
  ANSWER: 0,
  BROWSER_OUTPUT: 1,
});

/** How a claimed browser tool call runs (src/runner.rs `Run`). */
export const RUN = Object.freeze({
  APPROVED: 0,
  CALLED_WITHOUT_APPROVAL: 1,
  REFUSED_WITHOUT_APPROVAL: 2,
});

/** `adk_engine_new(mode, pattern)`. */
export const ENGINE_OPTION = Object.freeze({
  MODE_SSE: 0,
  MODE_BIDI: 1,
  PATTERN_A: 0,
  PATTERN_B: 1,
});

/** The helpers' answers (src/contract.rs `helper`); NOT_A_MESSAGE as a u32 read back. */
export const HELPER = Object.freeze({
  NOT_A_MESSAGE: 4294967295,
  ANSWERABLE_NOT_A_MESSAGE: -2147483648,
  ANSWERABLE_UNKNOWN: -1,
  ANSWERABLE_TOOL_CALL_ID_OF: -2,
  BATCH_COMPLETE: 0,
  BATCH_COUNTS: 3,
});

/** The BIDI rules' answer word: the step in the STEP_MASK bits, then DROP and TAIL_ACTIVE (src/transport). */
export const STEP = Object.freeze({
  MASK: 7,
  DELIVER: 0,
  DELIVER_AWAITING_ANSWER: 1,
  DELIVER_THEN_END: 2,
  END: 3,
  IGNORE: 4,
  DROP: 8,
  TAIL_ACTIVE: 16,
});

/** The kind code of a chunk `type` the BIDI rules tell apart (src/transport `CHUNK_TYPES`). */
export function chunkKind(value) {
  switch (value) {
    case 'start':
      return 1;
    case 'tool-approval-request':
      return 2;
    case 'finish-step':
      return 3;
    default:
      return 0;
  }
}
