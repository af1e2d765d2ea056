// Reads the few fields the decision needs from the LAST message and joins them into one string
// for Rust (the grammar is documented in src/model/summary.rs). One string crosses the boundary
// instead of one call per field; outputs, inputs and earlier messages are never touched.
// This function never throws: anything it cannot read becomes an "E" summary that Rust reports.

const US = '\x1f';
const RS = '\x1e';
const NS = '\x15';
const RESERVED = /[\x15\x1e\x1f]/;
const RESERVED_ALL = /[\x15\x1e\x1f]/g;

function text(value) {
  if (typeof value === 'string') {
    return RESERVED.test(value) ? value.replace(RESERVED_ALL, '\x1a') : value;
  }
  return value === undefined || value === null ? '' : NS;
}

function describe(value) {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  return typeof value === 'object' ? 'an object' : `a ${typeof value}`;
}

function thrown(error) {
  try {
    return String((error && error.message) || error).replace(RESERVED_ALL, ' ');
  } catch {
    return 'an exception';
  }
}

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
    const last = messages[messages.length - 1];
    if (last === null || typeof last !== 'object') {
      return `E${US}the last message is ${describe(last)}; expected {id, role, parts}`;
    }
    const role = last.role;
    const parts = last.parts;
    const isArray = Array.isArray(parts);
    let out = `M${US}${typeof role === 'string' ? text(role) : NS}${US}${isArray ? 'A' : parts == null ? 'N' : 'X'}`;
    if (!isArray) return out;
    for (let i = 0; i < parts.length; i++) {
      const part = parts[i];
      if (part === null || typeof part !== 'object') {
        out += RS + NS;
        continue;
      }
      const type = part.type;
      const approval = part.approval;
      let tag = '';
      let id = '';
      let approved = '';
      if (approval != null) {
        if (typeof approval === 'object') {
          tag = 'O';
          id = text(approval.id);
          const answer = approval.approved;
          approved = answer === true ? '1' : answer === false ? '0' : answer === undefined ? '' : NS;
        } else {
          tag = NS;
        }
      }
      out +=
        RS +
        (typeof type === 'string' ? text(type) : NS) + US +
        text(part.toolName) + US +
        text(part.state) + US +
        text(part.toolCallId) + US +
        tag + US + id + US + approved;
    }
    return out;
  } catch (error) {
    return `E${US}reading the messages threw: ${thrown(error)}`;
  }
}
