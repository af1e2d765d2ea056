// Every word the core's answers are shown in: explain() details, and the errors of the helpers.
// The core returns codes and part indices (src/exports.rs); this is the one table that renders
// them, so the WebAssembly module carries no text.
import { MALFORMED, toolNameOf } from './records.js';
import * as errors from './errors.js';

/** A value as messages show it: whole when short, else its first 80 characters and an ellipsis. */
export function shown(text) {
  text = String(text);
  if (text.length <= 80) return text;
  const chars = Array.from(text);
  return chars.length <= 80 ? text : `${chars.slice(0, 80).join('')}…`;
}

/** Ids as messages list them: each cut short, at most 20 of them. */
function shownList(ids) {
  const listed = ids.slice(0, 20).map(shown);
  if (ids.length > 20) listed.push(`and ${ids.length - 20} more`);
  return listed.join(', ');
}

/** A value's kind for a malformation: `null`, `an array`, `an object`, `a number`… */
function kindOf(value) {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  return typeof value === 'object' ? 'an object' : `a ${typeof value}`;
}

/** `Array.isArray`, false for a revoked proxy (for which it throws). */
export function isArray(value) {
  try {
    return Array.isArray(value);
  } catch {
    return false;
  }
}

/** A short description of a value's type, for error messages: `the string 'x'`, `a number`… */
export function typeName(value) {
  if (value === null) return 'null';
  if (isArray(value)) return 'an array';
  if (typeof value === 'string') {
    const chars = Array.from(value);
    return chars.length > 40 ? `the string '${chars.slice(0, 40).join('')}…'` : `the string '${value}'`;
  }
  const type = typeof value;
  return type === 'object' || type === 'undefined' ? type : `a ${type}`;
}

function thrown(error) {
  try {
    return String((error && error.message) || error);
  } catch {
    return 'an exception';
  }
}

const STATE_LIST =
  'input-streaming, input-available, approval-requested, approval-responded, output-available, output-error, output-denied';

/** Why the input is not a well-formed message list, from the writer's `malformed`. */
export function describeMalformed({ code, index, value }) {
  const at = `parts[${index}]`;
  switch (code) {
    case MALFORMED.ARGUMENT:
      return `the argument is ${kindOf(value)}; expected {messages}`;
    case MALFORMED.MESSAGES:
      return shown(`\`messages\` is ${kindOf(value)}; expected an array of UI messages`);
    case MALFORMED.EMPTY:
      return '`messages` is empty';
    case MALFORMED.LAST_MESSAGE:
      return `the last message is ${kindOf(value)}; expected {id, role, parts}`;
    case MALFORMED.THREW:
      return shown(`reading the messages threw: ${thrown(value)}`);
    case MALFORMED.PARTS:
      return "the last message's `parts` is neither an array nor missing";
    case MALFORMED.PART:
      return `${at} is not an object`;
    case MALFORMED.TYPE:
      return `${at}.type is not a string`;
    case MALFORMED.TOOL_NAME:
      return `${at} is a \`dynamic-tool\` part without a \`toolName\` string`;
    case MALFORMED.STATE:
      return `${at}.state is ${typeof value === 'string' ? `'${shown(value)}'` : 'not a string'}, expected one of ${STATE_LIST}`;
    case MALFORMED.TOOL_CALL_ID:
      return `${at}.toolCallId is missing or not a string`;
    case MALFORMED.APPROVAL:
      return `${at}.approval is not an object`;
    case MALFORMED.APPROVAL_ID:
      return `${at}.approval.id is missing or not a string`;
    case MALFORMED.APPROVED:
      return `${at}.approval.approved is neither a boolean nor undefined`;
    default:
      return 'the message records are not in the expected format';
  }
}

/**
 * The stable names of `explain().rule`, by the core's rule codes (src/engine/decision.rs).
 * @type {ReadonlyArray<'malformed-input' | 'not-assistant' | 'no-parts' | 'approval-pending' | 'still-streaming' | 'awaiting-browser-output' | 'no-user-action' | 'already-known' | 'unsent-user-action'>}
 */
export const RULES = /* @__PURE__ */ Object.freeze([
  'malformed-input',
  'not-assistant',
  'no-parts',
  'approval-pending',
  'still-streaming',
  'awaiting-browser-output',
  'no-user-action',
  'already-known',
  'unsent-user-action',
]);

const ROLE_WORDS = ['missing', 'user', 'assistant', 'system', 'not one AI SDK defines'];

/**
 * The decision in words: what was seen, and what happens or what to do. `rule` and `value` are the
 * core's answer; `parts` the last message's; `actions` the `(index, 0 answer | 1 output)` pairs of
 * a send; `malformed` the writer's. (The rules behind each: SPEC §2, in the repository.)
 */
export function explainDetail(rule, value, parts, actions, malformed) {
  const part = () => parts[value];
  const tool = () => `${shown(toolNameOf(part()))} (parts[${value}]`;
  switch (rule) {
    case 0:
      return `Nothing is sent: ${describeMalformed(malformed)}. Pass AI SDK's {messages} as it is.`;
    case 1:
      return `Nothing is sent: the last message's role is ${ROLE_WORDS[value]}, not assistant, so there is no answer to send back.`;
    case 2:
      return 'Nothing is sent: the last assistant message has no parts.';
    case 3: {
      const approval = part().approval;
      return `Nothing is sent yet: ${tool()}) waits for the user's answer to approval ${shown(approval ? approval.id : '?')}; answer it with approve() or deny().`;
    }
    case 4:
      return `Nothing is sent yet: ${tool()}) is still streaming its input; the response is not complete.`;
    case 5:
      return part().approval != null
        ? `Nothing is sent yet: ${tool()}, toolCallId ${shown(part().toolCallId)}) runs in the browser and was approved; the approval goes to the backend together with the tool's output, which does not exist yet. Add it with addToolOutput() (attachAdk and useAdkChat run the tool and add it for you).`
        : `Nothing is sent yet: ${tool()}, toolCallId ${shown(part().toolCallId)}) runs in the browser and the backend waits for its output, which does not exist yet. Add it with addToolOutput().`;
    case 6:
      return 'Nothing is sent: the last message holds no approval answer and no tool output added by the browser.';
    case 7:
      return `Nothing is sent: the backend already knows all ${value} answer(s) and browser output(s) in the last message (this chat sent them, a later part shows the backend moved on, or the backend reported the tool failed).`;
    default: {
      const names = [];
      for (let i = 0; i < actions.length; i += 2) {
        const at = parts[actions[i]];
        names.push(
          actions[i + 1] === 0
            ? `the answer to approval ${shown(at.approval.id)} (parts[${actions[i]}])`
            : `the browser's output for ${shown(at.toolCallId)} (parts[${actions[i]}])`,
        );
      }
      return `Send: every approval is answered, and the backend does not know ${names.join(', ')} yet.`;
    }
  }
}

/** @param {'AdkInvalidArgumentError' | 'AdkInvalidToolError' | 'AdkUnknownApprovalError' | 'AdkIncompleteBatchError' | 'AdkNotCommittedError'} name @param {string} message */
function named(name, message) {
  return new errors[name](message);
}

/** `AdkInvalidArgumentError`: `fn(): what; expected expected.` */
export function invalidArgument(fn, what, expected) {
  return named('AdkInvalidArgumentError', `${fn}(): ${what}; expected ${expected}.`);
}

/** `AdkInvalidToolError` with its whole message. */
export function invalidTool(message) {
  return named('AdkInvalidToolError', message);
}

/**
 * `AdkUnknownApprovalError` for `id`: `pending` lists `{approvalId, toolName, toolCallId}`;
 * `toolCallOf` is the pending approval whose toolCallId `id` is, if any.
 */
export function unknownApproval(id, pending, toolCallOf) {
  let text = `'${shown(id)}' is not a pending approval id of this chat. `;
  if (toolCallOf) text += `It is the toolCallId of a pending call; its approval id is ${toolCallOf.approvalId}. `;
  text +=
    pending.length === 0
      ? 'No approval is pending in the last assistant message.'
      : `Pending approval ids: ${pending
          .map((p) => `${shown(p.approvalId)} (${shown(p.toolName)}, toolCallId ${shown(p.toolCallId)})`)
          .join(', ')}. Pass part.approval.id, not part.toolCallId.`;
  return named('AdkUnknownApprovalError', text);
}

/** `AdkIncompleteBatchError` naming the missing, unknown and repeated ids. */
export function incompleteBatch(missing, unknown, duplicated) {
  const problems = [];
  if (missing.length > 0) problems.push(`missing: ${shownList(missing)}`);
  if (unknown.length > 0) problems.push(`unknown: ${shownList(unknown)}`);
  if (duplicated.length > 0) problems.push(`answered more than once: ${shownList(duplicated)}`);
  return named(
    'AdkIncompleteBatchError',
    `answerApprovals(): the handler must decide every pending approval exactly once; nothing was applied (${problems.join('; ')}).`,
  );
}

/** `AdkNotCommittedError`. */
export function notCommitted(message) {
  return named('AdkNotCommittedError', message);
}

/** `object[key]` for an argument of `fn`; a throwing getter or proxy trap is a named error. */
export function field(fn, object, key) {
  if (object === null || typeof object !== 'object') return undefined;
  try {
    return object[key];
  } catch {
    throw invalidArgument(fn, `reading \`${key}\` threw`, 'a plain object whose fields can be read');
  }
}

/** An optional string field of an argument of `fn`: undefined when absent, an error when not a string. */
export function optionalString(fn, object, key, expected) {
  const value = field(fn, object, key);
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'string') throw invalidArgument(fn, `\`${key}\` is ${typeName(value)}`, expected);
  return value;
}
