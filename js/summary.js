// Reads the few fields the decision needs from the LAST message and joins them into one string
// for Rust (the grammar is documented in src/model/summary.rs, its one reader; this is its one
// writer). One string crosses the boundary instead of one call per field; outputs, inputs and
// earlier messages are never touched. This function never throws: anything it cannot read becomes
// an "E" summary that Rust reports.

const US = '\x1f';
const RS = '\x1e';
const NS = '\x15';

// A separator inside a string (a backend's id holding U+001E or U+001F, finding K2) becomes
// U+001A, so it can never split a record; the helpers map such ids back to the real ones.
const SEPARATORS = /[\x1e\x1f]/g;

/** A string as the summary writes it. */
export function clean(value) {
  return value.includes('\x1e') || value.includes('\x1f') ? value.replace(SEPARATORS, '\x1a') : value;
}

function text(value) {
  if (typeof value === 'string') return clean(value);
  return value === undefined || value === null ? '' : NS;
}

function answerOf(approved) {
  return approved === true ? '1' : approved === false ? '0' : approved === undefined ? '' : NS;
}

function record(part) {
  const type = part.type;
  const toolCallId = part.toolCallId;
  const approval = part.approval;
  if (toolCallId === undefined && approval === undefined && part.state === undefined) {
    return typeof type === 'string' ? clean(type) : NS;
  }
  let tag = '';
  let id = '';
  let approved = '';
  let automatic = '';
  if (approval != null) {
    if (typeof approval === 'object') {
      tag = 'O';
      id = text(approval.id);
      approved = answerOf(approval.approved);
      automatic = approval.isAutomatic === true ? '1' : '';
    } else {
      tag = NS;
    }
  }
  return (typeof type === 'string' ? clean(type) : NS) + US + text(part.toolName) + US + text(part.state) + US +
    text(toolCallId) + US + tag + US + id + US + approved + US + automatic;
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

/** The summary of `{messages}` for Rust. */
export function summarize(arg) {
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
    const head = `${typeof role === 'string' ? clean(role) : NS}${US}`;
    if (!Array.isArray(parts)) return `${head}${parts == null ? 'N' : 'X'}${US}`;
    let out = `${head}A${US}${parts.length}`;
    for (let i = 0; i < parts.length; i++) {
      const part = parts[i];
      out += RS + (part === null || typeof part !== 'object' ? NS : record(part));
    }
    return out;
  } catch (error) {
    return `E${US}reading the messages threw: ${thrown(error)}`;
  }
}
