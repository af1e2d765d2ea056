// Writes the last message of `{messages}` as integer records into the core's buffer (the layout
// is documented in src/model/records.rs, the one reader; this is the one writer). Strings never
// cross: each id a rule compares becomes a handle of an intern table, a tool's name becomes the
// flags the rules need, and what cannot be read becomes a malformation code that the decision
// reports (SPEC §2 principle 5). Outputs, inputs and earlier messages are never touched. The
// writer never throws, and keeps nothing between writes: each call returns what it found.
import { memoryWords, recordBuffer } from './loader.js';
import { ANSWER_RULE_MASK, ANSWER_RULE_SHIFT, ANSWER_SEND, ANSWER_VALUE_SHIFT, FLAG_APPROVAL, FLAG_APPROVED, FLAG_AUTOMATIC, FLAG_DENIED, FLAG_FAILED, KIND_OTHER, KIND_REASONING, KIND_STEP_START, KIND_TEXT, KIND_TOOL, RECORD_APPROVAL_ID, RECORD_FLAGS_SHIFT, RECORD_HEADER_WORDS, RECORD_MALFORMED_CODE, RECORD_MALFORMED_INDEX, RECORD_NO_MESSAGES, RECORD_PART_WORDS, RECORD_PARTS_MISSING, RECORD_ROLE, RECORD_STATE_SHIFT, RECORD_TOOL_CALL_ID, RECORD_WORD, ROLE_MISSING, roleCode, toolStateCode } from './contract.js';
import { MALFORMED_APPROVAL, MALFORMED_APPROVAL_ID, MALFORMED_APPROVED, MALFORMED_ARGUMENT, MALFORMED_LAST_MESSAGE, MALFORMED_MESSAGES, MALFORMED_PART, MALFORMED_PARTS, MALFORMED_STATE, MALFORMED_THREW, MALFORMED_TOOL_CALL_ID, MALFORMED_TOOL_NAME, MALFORMED_TYPE } from './codes.js';

/** The kind's bits of a record's first word (below the state). */
const KIND_MASK = (1 << RECORD_STATE_SHIFT) - 1;

// Record words whose strings an intern table remembers by place (1,024 parts' ids).
const SLOTS = 2048;

/** Strings to handles, for one engine (or one helper call): equal strings get equal handles. */
export class InternTable {
  constructor() {
    /** @type {Map<string, number>} */
    this.ids = new Map();
    this.next = 1;
    // The string and handle last written at each record word (the first SLOTS): an engine asked
    // again on the same message compares strings (often the very same string) instead of hashing
    // them into the Map.
    /** @type {unknown[]} */
    this.slotText = [];
    /** @type {number[]} */
    this.slotHandle = [];
    // The part type last written at each part index (the first SLOTS), its word (`typeWordAt`),
    // and the epoch they were written at (`flagsFrom`).
    /** @type {unknown[]} */
    this.typeText = [];
    /** @type {number[]} */
    this.typeWord = [];
    // A number from the start (the registry's versions are): a field that changes its kind of
    // value changes the shape of every table, and the glue's loads from tables slow down.
    this.typesEpoch = -1;
  }

  /** @param {string} text @returns {number} */
  handle(text) {
    let handle = this.ids.get(text);
    if (handle === undefined) {
      handle = this.next++;
      this.ids.set(text, handle);
    }
    return handle;
  }

  /** `handle(text)` for the string written at record word `slot`, remembered there; the writer
   *  asks it when `slotText[slot]` is not `text` (else `slotHandle[slot]` is the handle). */
  /** @param {string} text @param {number} slot @returns {number} */
  handleAt(text, slot) {
    const handle = this.handle(text);
    if (slot < SLOTS) {
      this.slotText[slot] = text;
      this.slotHandle[slot] = handle;
    }
    return handle;
  }

  /**
   * The first record word of a part whose `type` is `type`, written at part index `index`, as far
   * as the type decides it: its kind (`KIND`), and for a tool its `toolFlags(type, undefined)`;
   * remembered there. The writer asks it when `typeText[index]` is not `type` (else
   * `typeWord[index]` is the word): asked again on a new snapshot of a message, the type at an
   * index is the same string, and one comparison replaces `startsWith` and a call of `toolFlags`
   * (docs/decisions/0004).
   * @param {string} type @param {number} index @param {ToolFlags} toolFlags @returns {number}
   */
  typeWordAt(type, index, toolFlags) {
    let word = /** @type {number} */ (KIND_OTHER);
    if (type === 'text') word = KIND_TEXT;
    else if (type === 'reasoning') word = KIND_REASONING;
    else if (type === 'step-start') word = KIND_STEP_START;
    else if (type === 'dynamic-tool' || (type.length > 5 && type.startsWith('tool-'))) {
      word = KIND_TOOL | (toolFlags(type, undefined) << RECORD_FLAGS_SHIFT);
    }
    if (index < SLOTS) {
      this.typeText[index] = type;
      this.typeWord[index] = word;
    }
    return word;
  }

  /** Forgets the type words when the tool flags they hold may have changed: when `epoch` (the
   *  registry's version, for an engine) is not the one they were written at. */
  flagsFrom(/** @type {number} */ epoch) {
    if (this.typesEpoch === epoch) return;
    this.typeText = [];
    this.typeWord = [];
    this.typesEpoch = epoch;
  }

  /** Forgets every string whose handle is not in `live` (handles are never reused). */
  keepOnly(/** @type {ReadonlySet<number>} */ live) {
    for (const [text, handle] of this.ids) if (!live.has(handle)) this.ids.delete(text);
    // A forgotten string must get a new handle everywhere, not its old one from a slot.
    this.slotText = [];
    this.slotHandle = [];
  }
}

/**
 * What `writeRecords` found malformed: its code (codes.js `MALFORMED`), the part index, and the
 * value its words show. The records then hold the code too, so the core answers "malformed".
 * @typedef {{code: number, index: number, value: unknown}} Malformed
 */

/**
 * Writes a header that carries the malformation; returns it for the caller's words.
 * @param {number} code @param {number} index @param {unknown} [value] @returns {Malformed}
 */
function fail(code, index, value) {
  const start = recordBuffer(RECORD_HEADER_WORDS);
  const view = memoryWords();
  view[start + RECORD_ROLE] = ROLE_MISSING;
  view[start + RECORD_PARTS_MISSING] = 0;
  view[start + RECORD_MALFORMED_CODE] = code;
  view[start + RECORD_MALFORMED_INDEX] = index;
  return { code, index, value };
}

/** @type {ToolFlags} */
const NO_FLAGS = () => 0;

/** @type {readonly string[]} */
const NO_ANSWERS = [];

/**
 * A tool's FRONTEND | REQUIRES_APPROVAL for `writeRecords`: `toolFlags(type, toolName)`, with
 * `toolName` the part's non-empty `toolName`, else undefined (the name is then `type` without
 * `tool-`). The same arguments give the same flags until the table's `flagsFrom` is told otherwise.
 * @typedef {(type: string, toolName: string | undefined) => number} ToolFlags
 */

/**
 * Writes the records of `arg`'s last message into the core's record buffer. Returns the part count
 * to pass to the core, or, when the input is not a well-formed message list, what was malformed
 * (the count to pass is then 0). `toolFlags` gives a tool's flags (`ToolFlags`); `table` keeps
 * those of each part index's type until its `flagsFrom` forgets them. `answerIds` (a batch's approval
 * ids) are written after the records as handles of `table`, where `adk_check_batch` reads them.
 * @returns {number | Malformed}
 */
export function writeRecords(/** @type {any} */ arg, /** @type {InternTable} */ table, toolFlags = NO_FLAGS, answerIds = NO_ANSWERS) {
  try {
    if (arg === null || typeof arg !== 'object') return fail(MALFORMED_ARGUMENT, 0, arg);
    const messages = arg.messages;
    if (!Array.isArray(messages)) return fail(MALFORMED_MESSAGES, 0, messages);
    // Not malformed: a new chat (the core's rule no-messages).
    if (messages.length === 0) return fail(RECORD_NO_MESSAGES, 0);
    const message = messages[messages.length - 1];
    if (message === null || typeof message !== 'object') return fail(MALFORMED_LAST_MESSAGE, 0, message);
    const role = message.role;
    const parts = message.parts;
    const isArray = Array.isArray(parts);
    if (!isArray && parts != null) return fail(MALFORMED_PARTS, 0);
    const count = isArray ? parts.length : 0;
    const start = recordBuffer(RECORD_HEADER_WORDS + count * RECORD_PART_WORDS + answerIds.length);
    const view = memoryWords();
    view[start + RECORD_ROLE] = typeof role === 'string' ? roleCode(role) : ROLE_MISSING;
    view[start + RECORD_PARTS_MISSING] = isArray ? 0 : 1;
    view[start + RECORD_MALFORMED_CODE] = 0;
    view[start + RECORD_MALFORMED_INDEX] = 0;
    let at = start + RECORD_HEADER_WORDS;
    // The table's caches by place, read here first: a method call per lookup costs a tenth of a
    // 20-part write in Chromium. A miss goes through the methods, which fill the same arrays.
    const { typeText, typeWord: typeWords, slotText, slotHandle } = table;
    for (let i = 0; i < count; i++, at += RECORD_PART_WORDS) {
      const part = parts[i];
      if (part === null || typeof part !== 'object') return fail(MALFORMED_PART, i);
      const type = part.type;
      if (typeof type !== 'string') return fail(MALFORMED_TYPE, i);
      const typeWord = typeText[i] === type ? typeWords[i] : table.typeWordAt(type, i, toolFlags);
      if ((typeWord & KIND_MASK) !== KIND_TOOL) {
        view[at + RECORD_WORD] = typeWord;
        view[at + RECORD_TOOL_CALL_ID] = 0;
        view[at + RECORD_APPROVAL_ID] = 0;
        continue;
      }
      const state = part.state;
      const code = toolStateCode(state);
      if (code < 0) return fail(MALFORMED_STATE, i, state == null ? '' : state);
      const toolName = part.toolName;
      const named = typeof toolName === 'string' && toolName !== '';
      if (type === 'dynamic-tool' && !named) return fail(MALFORMED_TOOL_NAME, i);
      const toolCallId = part.toolCallId;
      if (typeof toolCallId !== 'string' || toolCallId === '') return fail(MALFORMED_TOOL_CALL_ID, i);
      let flags = named ? toolFlags(type, toolName) : typeWord >>> RECORD_FLAGS_SHIFT;
      let approvalId = 0;
      const approval = part.approval;
      if (approval != null) {
        if (typeof approval !== 'object') return fail(MALFORMED_APPROVAL, i);
        const id = approval.id;
        if (typeof id !== 'string' || id === '') return fail(MALFORMED_APPROVAL_ID, i);
        const approved = approval.approved;
        if (approved === true) flags |= FLAG_APPROVED;
        else if (approved === false) flags |= FLAG_DENIED;
        else if (approved !== undefined) return fail(MALFORMED_APPROVED, i);
        flags |= FLAG_APPROVAL;
        if (approval.isAutomatic === true) flags |= FLAG_AUTOMATIC;
        approvalId = slotText[2 * i + 1] === id ? slotHandle[2 * i + 1] : table.handleAt(id, 2 * i + 1);
      }
      // The old helpers' failure marker (SPEC D29): the backend reported the tool failed.
      const error = part.error;
      if (error !== undefined && error !== null && error !== '' && error !== false) flags |= FLAG_FAILED;
      view[at + RECORD_WORD] = KIND_TOOL | (code << RECORD_STATE_SHIFT) | (flags << RECORD_FLAGS_SHIFT);
      view[at + RECORD_TOOL_CALL_ID] = slotText[2 * i] === toolCallId ? slotHandle[2 * i] : table.handleAt(toolCallId, 2 * i);
      view[at + RECORD_APPROVAL_ID] = approvalId;
    }
    for (let i = 0; i < answerIds.length; i++, at++) view[at] = table.handle(answerIds[i]);
    return count;
  } catch (error) {
    // A trap of the core is no fault of the input: the engine reports it (index.js).
    if (error instanceof WebAssembly.RuntimeError) throw error;
    return fail(MALFORMED_THREW, 0, error);
  }
}

/** `arg.messages`, read once (a getter may answer differently, or throw, the second time); undefined
 *  when `arg` is no object or the read throws. */
export function messagesOf(/** @type {any} */ arg) {
  if (arg === null || typeof arg !== 'object') return undefined;
  try {
    return arg.messages;
  } catch {
    return undefined;
  }
}

/** The last message's parts, or an empty list (for the helpers, after a successful write). */
export function lastParts(/** @type {any} */ messages) {
  const last = Array.isArray(messages) ? messages[messages.length - 1] : undefined;
  return last && Array.isArray(last.parts) ? last.parts : [];
}


// A decision's answer word (`ANSWER`, generated from src/contract.rs), read by name.

/** Whether the answer says to send. */
export const answerSends = (/** @type {number} */ word) => (word & ANSWER_SEND) !== 0;
/** The rule code of an answer (`RULE`). */
export const answerRule = (/** @type {number} */ word) => (word >>> ANSWER_RULE_SHIFT) & ANSWER_RULE_MASK;
/** The number that goes with the rule: a part index, a count, a role or a malformation code. */
export const answerValue = (/** @type {number} */ word) => word >>> ANSWER_VALUE_SHIFT;
