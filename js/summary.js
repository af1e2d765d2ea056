// Reads the few fields the decision needs from the LAST message and joins them into one string
// for Rust (the grammar is documented in src/model/summary.rs). One string crosses the boundary
// instead of one call per field; outputs, inputs and earlier messages are never touched.
// This function never throws: anything it cannot read becomes an "E" summary that Rust reports.

const US = '\x1f';
const RS = '\x1e';
const NS = '\x15';

// Strings are written as they are: Rust counts parts and fields, so a string holding a separator
// is reported as malformed instead of being misread (see src/model/summary.rs).
function text(value) {
  if (typeof value === 'string') return value;
  return value === undefined || value === null ? '' : NS;
}

function answerOf(approved) {
  return approved === true ? '1' : approved === false ? '0' : approved === undefined ? '' : NS;
}

// The one-letter code of a tool part's state (the grammar in src/model/summary.rs).
function stateLetter(state) {
  switch (state) {
    case 'input-streaming': return 'A';
    case 'input-available': return 'B';
    case 'approval-requested': return 'C';
    case 'approval-responded': return 'D';
    case 'output-available': return 'E';
    case 'output-error': return 'F';
    case 'output-denied': return 'G';
    default: return '?';
  }
}

// A part before the last one: principle 2 makes its actions known, so only its kind, state and
// answer cross.
function code(part) {
  const type = part.type;
  if (typeof type !== 'string') return NS;
  if (type === 'step-start') return 's';
  const isDynamic = type === 'dynamic-tool';
  if (!(isDynamic || (type.length > 5 && type.startsWith('tool-')))) return 'o';
  const approval = part.approval;
  const code = stateLetter(part.state) + (approval !== null && typeof approval === 'object' ? answerOf(approval.approved) : '');
  // An approved part still waiting in approval-responded also names its tool: principle 3 needs
  // to know whether it runs in the browser.
  if (code !== 'D1') return code;
  // SPEC §1: `toolName` when set, else the type without `tool-`.
  const toolName = part.toolName;
  const name = typeof toolName === 'string' && toolName !== '' ? toolName : isDynamic ? '' : type.slice(5);
  return `D1${US}${clean(name)}`;
}

// In the detailed form, a separator inside an earlier part's string is replaced: the compact form
// does not carry those strings, and both forms must decide alike.
const SEPARATORS = /[\x1e\x1f]/g;

function clean(value) {
  return value.replace(SEPARATORS, '\x1a');
}

function record(part, sanitize = (value) => value) {
  const type = part.type;
  const toolCallId = part.toolCallId;
  if (toolCallId === undefined && part.approval === undefined && part.state === undefined) {
    return typeof type === 'string' ? sanitize(type) : NS;
  }
  const approval = part.approval;
  let tag = '';
  let id = '';
  let approved = '';
  if (approval != null) {
    if (typeof approval === 'object') {
      tag = 'O';
      id = text(approval.id);
      approved = answerOf(approval.approved);
    } else {
      tag = NS;
    }
  }
  return sanitize(typeof type === 'string' ? type : NS) + US + sanitize(text(part.toolName)) + US +
    sanitize(text(part.state)) + US + sanitize(text(toolCallId)) + US + tag + US + sanitize(id) + US + approved;
}

function cleanRecord(part) {
  return record(part, clean);
}

function describe(value) {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  return typeof value === 'object' ? 'an object' : `a ${typeof value}`;
}

function thrown(error) {
  try {
    return String((error && error.message) || error);
  } catch {
    return 'an exception';
  }
}

/**
 * The summary of `{messages}` for Rust. `detailed` writes every part whole (for `explain` and the
 * helpers, which name parts); the default compact form is for the decision itself.
 */
export function summarize(arg, detailed = false) {
  try {
    if (arg === null || typeof arg !== 'object') {
      return `E${US}the argument is ${describe(arg)}; expected {messages}`;
    }
    const messages = arg.messages;
    if (!Array.isArray(messages)) {
      return `E${US}\`messages\` is ${describe(messages)}; expected an array of UI messages`;
    }
    if (messages.length === 0) return `E${US}\`messages\` is empty`;
    const message = messages[messages.length - 1];
    if (message === null || typeof message !== 'object') {
      return `E${US}the last message is ${describe(message)}; expected {id, role, parts}`;
    }
    const role = message.role;
    const parts = message.parts;
    const head = `${detailed ? 'D' : 'M'}${US}${typeof role === 'string' ? role : NS}${US}`;
    if (!Array.isArray(parts)) return `${head}${parts == null ? 'N' : 'X'}${US}${US}`;
    const count = parts.length;
    let last = count - 1;
    while (last >= 0 && parts[last] !== null && typeof parts[last] === 'object' && parts[last].type === 'step-start') last--;
    let out = `${head}A${US}${count}${US}${last}`;
    for (let i = 0; i < count; i++) {
      const part = parts[i];
      if (part === null || typeof part !== 'object') out += RS + NS;
      else if (i >= last) out += RS + record(part);
      else out += RS + (detailed ? cleanRecord(part) : code(part));
    }
    return out;
  } catch (error) {
    return `E${US}reading the messages threw: ${thrown(error)}`;
  }
}
