// Writes the last message of `{messages}` as integer records into the core's buffer (the layout
// is documented in src/model/records.rs, the one reader; this is the one writer). Strings never
// cross: each id a rule compares becomes a handle of an intern table, a tool's name becomes the
// flags the rules need, and what cannot be read becomes a malformation code that the decision
// reports (SPEC §2 principle 5). Outputs, inputs and earlier messages are never touched. The
// writer never throws.
import { memoryWords, recordBuffer } from './loader.js';

/** Malformation codes; words.js words them. 255 is Rust's own (unreadable records). */
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

const HEADER_WORDS = 4;
const PART_WORDS = 3;
const KIND_OTHER = 0;
const KIND_TEXT = 1;
const KIND_REASONING = 2;
const KIND_STEP_START = 3;
const KIND_TOOL = 4;
const APPROVAL = 1;
const APPROVED = 2;
const DENIED = 4;
const AUTOMATIC = 8;
/** Tool flags (`toolFlags` returns them). */
export const FRONTEND = 16;
export const REQUIRES_APPROVAL = 32;
const FAILED = 64;

// Record words whose strings an intern table remembers by place (1,024 parts' ids).
const SLOTS = 2048;

/** ToolState's code of a state string (src/model/mod.rs), or -1 for any other value. */
function stateCode(state) {
  // A switch, not a Map: AI SDK's states are literals, compared by reference before content.
  switch (state) {
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
  }

  handle(text) {
    let handle = this.ids.get(text);
    if (handle === undefined) {
      handle = this.next++;
      this.ids.set(text, handle);
    }
    return handle;
  }

  /** `handle(text)` for the string written at record word `slot`. */
  handleAt(text, slot) {
    if (this.slotText[slot] === text) return this.slotHandle[slot];
    const handle = this.handle(text);
    if (slot < SLOTS) {
      this.slotText[slot] = text;
      this.slotHandle[slot] = handle;
    }
    return handle;
  }

  /** Forgets every string whose handle is not in `live` (handles are never reused). */
  keepOnly(live) {
    for (const [text, handle] of this.ids) if (!live.has(handle)) this.ids.delete(text);
    // A forgotten string must get a new handle everywhere, not its old one from a slot.
    this.slotText = [];
    this.slotHandle = [];
  }
}

/** A tool's name: `toolName` when set, else `type` without `tool-` (SPEC §1). */
export function toolNameOf(part) {
  const { toolName } = part;
  return typeof toolName === 'string' && toolName !== '' ? toolName : String(part.type).slice(5);
}

/** What the last write found malformed: `{code, index, value}`, the value its words show. */
export const malformed = { code: 0, index: 0, value: /** @type {unknown} */ (undefined) };

/** Where the last write's records start in `memoryWords()`. */
export let written = 0;

/** @type {(type: string, toolName: string | undefined, partIndex: number) => number} */
const NO_FLAGS = () => 0;

function fail(code, index, value) {
  malformed.code = code;
  malformed.index = index;
  malformed.value = value;
  const start = (written = recordBuffer(HEADER_WORDS));
  const view = memoryWords();
  view[start] = 0;
  view[start + 1] = 0;
  view[start + 2] = code;
  view[start + 3] = index;
  return 0;
}

/**
 * Writes the records of `arg`'s last message; returns the part count to pass to the core.
 * `toolFlags(type, toolName, partIndex)` gives a tool's FRONTEND | REQUIRES_APPROVAL (`toolName` is
 * the part's non-empty `toolName`, else undefined: the name is then `type` without `tool-`); `extra` words are reserved
 * after the records (a batch's answers).
 */
export function writeRecords(arg, table, toolFlags = NO_FLAGS, extra = 0) {
  try {
    if (arg === null || typeof arg !== 'object') return fail(MALFORMED.ARGUMENT, 0, arg);
    const messages = arg.messages;
    if (!Array.isArray(messages)) return fail(MALFORMED.MESSAGES, 0, messages);
    if (messages.length === 0) return fail(MALFORMED.EMPTY, 0);
    const message = messages[messages.length - 1];
    if (message === null || typeof message !== 'object') return fail(MALFORMED.LAST_MESSAGE, 0, message);
    const role = message.role;
    const parts = message.parts;
    const roleCode =
      typeof role !== 'string' ? 0 : role === 'user' ? 1 : role === 'assistant' ? 2 : role === 'system' ? 3 : 4;
    const isArray = Array.isArray(parts);
    if (!isArray && parts != null) return fail(MALFORMED.PARTS, 0);
    const count = isArray ? parts.length : 0;
    const start = (written = recordBuffer(HEADER_WORDS + count * PART_WORDS + extra));
    const view = memoryWords();
    view[start] = roleCode;
    view[start + 1] = isArray ? 0 : 1;
    view[start + 2] = 0;
    view[start + 3] = 0;
    let at = start + HEADER_WORDS;
    for (let i = 0; i < count; i++, at += PART_WORDS) {
      const part = parts[i];
      if (part === null || typeof part !== 'object') return fail(MALFORMED.PART, i);
      const type = part.type;
      if (typeof type !== 'string') return fail(MALFORMED.TYPE, i);
      let kind = KIND_OTHER;
      if (type === 'text') kind = KIND_TEXT;
      else if (type === 'reasoning') kind = KIND_REASONING;
      else if (type === 'step-start') kind = KIND_STEP_START;
      else if (type === 'dynamic-tool' || (type.length > 5 && type.startsWith('tool-'))) kind = KIND_TOOL;
      if (kind !== KIND_TOOL) {
        view[at] = kind;
        view[at + 1] = 0;
        view[at + 2] = 0;
        continue;
      }
      const state = part.state;
      const code = stateCode(state);
      if (code < 0) return fail(MALFORMED.STATE, i, state == null ? '' : state);
      const toolName = part.toolName;
      const named = typeof toolName === 'string' && toolName !== '';
      if (type === 'dynamic-tool' && !named) return fail(MALFORMED.TOOL_NAME, i);
      const toolCallId = part.toolCallId;
      if (typeof toolCallId !== 'string' || toolCallId === '') return fail(MALFORMED.TOOL_CALL_ID, i);
      let flags = toolFlags(type, named ? toolName : undefined, i);
      let approvalId = 0;
      const approval = part.approval;
      if (approval != null) {
        if (typeof approval !== 'object') return fail(MALFORMED.APPROVAL, i);
        const id = approval.id;
        if (typeof id !== 'string' || id === '') return fail(MALFORMED.APPROVAL_ID, i);
        const approved = approval.approved;
        if (approved === true) flags |= APPROVED;
        else if (approved === false) flags |= DENIED;
        else if (approved !== undefined) return fail(MALFORMED.APPROVED, i);
        flags |= APPROVAL;
        if (approval.isAutomatic === true) flags |= AUTOMATIC;
        approvalId = table.handleAt(id, 2 * i + 1);
      }
      // The old helpers' failure marker (SPEC D29): the backend reported the tool failed.
      const error = part.error;
      if (error !== undefined && error !== null && error !== '' && error !== false) flags |= FAILED;
      view[at] = KIND_TOOL | (code << 4) | (flags << 8);
      view[at + 1] = table.handleAt(toolCallId, 2 * i);
      view[at + 2] = approvalId;
    }
    return count;
  } catch (error) {
    // A trap of the core is no fault of the input: the engine reports it (index.js).
    if (error instanceof WebAssembly.RuntimeError) throw error;
    return fail(MALFORMED.THREW, 0, error);
  }
}

/** `arg.messages`, read once (a getter may answer differently, or throw, the second time); undefined
 *  when `arg` is no object or the read throws. */
export function messagesOf(arg) {
  if (arg === null || typeof arg !== 'object') return undefined;
  try {
    return arg.messages;
  } catch {
    return undefined;
  }
}

/** The last message's parts, or an empty list (for the helpers, after a successful write). */
export function lastParts(messages) {
  const last = Array.isArray(messages) ? messages[messages.length - 1] : undefined;
  return last && Array.isArray(last.parts) ? last.parts : [];
}

