// The words of explain(): what the decision saw, and what happens or what to do. The core returns
// codes and part indices (src/exports/); this is the one table that renders them, so the
// WebAssembly module carries no text. Development builds load it (words.js, the `development`
// condition); a production build loads it when the app imports `adk-stream-wasm/explain`.
import { ACTION_ANSWER, RECORD_NO_MESSAGES, RULE_ARRIVAL_UNKNOWN, RULE_NO_MESSAGES, RULE_WAITS_TO_BE_SENT, RULE_ALREADY_KNOWN, RULE_APPROVAL_PENDING, RULE_AWAITING_BROWSER_OUTPUT, RULE_MALFORMED_INPUT, RULE_NO_PARTS, RULE_NO_USER_ACTION, RULE_NOT_ASSISTANT, RULE_STILL_STREAMING } from '../core/contract.js';
import { MALFORMED_APPROVAL, MALFORMED_APPROVAL_ID, MALFORMED_APPROVED, MALFORMED_ARGUMENT, MALFORMED_LAST_MESSAGE, MALFORMED_MESSAGES, MALFORMED_PART, MALFORMED_PARTS, MALFORMED_STATE, MALFORMED_THREW, MALFORMED_TOOL_CALL_ID, MALFORMED_TOOL_NAME, MALFORMED_TYPE } from '../core/codes.js';
import { messageOf, shown } from '../errors/arguments.js';
import { toolNameOf } from '../tools/tool-name.js';
/** @import { Malformed } from '../core/records.js' */

/** A value's kind for a malformation: `null`, `an array`, `an object`, `a number`… (the kind, not
 *  the value: a malformed input may be large or hostile). */
function kindOf(/** @type {unknown} */ value) {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (value === undefined) return 'undefined';
  return typeof value === 'object' ? 'an object' : `a ${typeof value}`;
}

const STATE_LIST =
  'input-streaming, input-available, approval-requested, approval-responded, output-available, output-error, output-denied';

/**
 * Why the input is not a well-formed message list, from what `writeRecords` returned for it.
 * @param {Malformed} malformed @returns {string}
 */
export function describeMalformed({ code, index, value }) {
  const at = `parts[${index}]`;
  switch (code) {
    case MALFORMED_ARGUMENT:
      return `the argument is ${kindOf(value)}; expected {messages}`;
    case MALFORMED_MESSAGES:
      return shown(`\`messages\` is ${kindOf(value)}; expected an array of UI messages`);
    case RECORD_NO_MESSAGES:
      return '`messages` is empty';
    case MALFORMED_LAST_MESSAGE:
      return `the last message is ${kindOf(value)}; expected {id, role, parts}`;
    case MALFORMED_THREW:
      return shown(`reading the messages threw: ${messageOf(value)}`);
    case MALFORMED_PARTS:
      return "the last message's `parts` is neither an array nor missing";
    case MALFORMED_PART:
      return `${at} is not an object`;
    case MALFORMED_TYPE:
      return `${at}.type is not a string`;
    case MALFORMED_TOOL_NAME:
      return `${at} is a \`dynamic-tool\` part without a \`toolName\` string`;
    case MALFORMED_STATE:
      return `${at}.state is ${typeof value === 'string' ? `'${shown(value)}'` : 'not a string'}, expected one of ${STATE_LIST}`;
    case MALFORMED_TOOL_CALL_ID:
      return `${at}.toolCallId is missing or not a string`;
    case MALFORMED_APPROVAL:
      return `${at}.approval is not an object`;
    case MALFORMED_APPROVAL_ID:
      return `${at}.approval.id is missing or not a string`;
    case MALFORMED_APPROVED:
      return `${at}.approval.approved is neither a boolean nor undefined`;
    default:
      return 'the message records are not in the expected format';
  }
}

const ROLE_WORDS = ['missing', 'user', 'assistant', 'system', 'not one AI SDK defines'];

/**
 * The decision in words: what was seen, and what happens or what to do. `rule` and `value` are the
 * core's answer; `parts` the last message's; `actions` the `(index, 0 answer | 1 output)` pairs of
 * a send; `malformed` what `writeRecords` returned for a malformed input (null otherwise) (SPEC §2 holds the rules behind each).
 * @type {typeof import('./words.js').explainDetail}
 */
export function explainDetail(rule, value, parts, actions, malformed) {
  const part = () => parts[value];
  const tool = () => `${shown(toolNameOf(part()))} (parts[${value}]`;
  switch (rule) {
    case RULE_MALFORMED_INPUT:
      return `Nothing is sent: ${describeMalformed(/** @type {Malformed} */ (malformed))}. Pass AI SDK's {messages} as it is.`;
    case RULE_NOT_ASSISTANT:
      return `Nothing is sent: the last message's role is ${ROLE_WORDS[value]}, not assistant, so there is no answer to send back.`;
    case RULE_NO_PARTS:
      return 'Nothing is sent: the last assistant message has no parts.';
    case RULE_APPROVAL_PENDING: {
      const approval = part().approval;
      return `Nothing is sent yet: ${tool()}) waits for the user's answer to approval ${shown(approval ? approval.id : '?')}; answer it with approve() or deny().`;
    }
    case RULE_STILL_STREAMING:
      return `Nothing is sent yet: ${tool()}) is still streaming its input; the response is not complete.`;
    case RULE_AWAITING_BROWSER_OUTPUT:
      return part().approval != null
        ? `Nothing is sent yet: ${tool()}, toolCallId ${shown(part().toolCallId)}) runs in the browser and was approved; the approval goes to the backend together with the tool's output, which does not exist yet. Add it with addToolOutput() (attachAdk and useAdkChat run the tool and add it for you).`
        : `Nothing is sent yet: ${tool()}, toolCallId ${shown(part().toolCallId)}) runs in the browser and the backend waits for its output, which does not exist yet. Add it with addToolOutput().`;
    case RULE_NO_USER_ACTION:
      return 'Nothing is sent: the last message holds no approval answer and no tool output added by the browser.';
    case RULE_ALREADY_KNOWN:
      // No count: the core counts a denied browser tool's backend-written output as an output
      // too, so one denied part read "all 2 answer(s)" (issue 32).
      return 'Nothing is sent: the backend already knows every answer and browser output in the last message (this chat sent them, a later part shows the backend moved on, or the backend reported the tool failed).';
    case RULE_WAITS_TO_BE_SENT:
      return "Nothing is sent automatically: the request that carried the last message (the user's message, or its answers) never reached the backend (connect-failed, connect-timeout or cannot-open), so the backend does not know it. It waits to be sent: call resend() (createAdk's, useAdkChat's adk.resend()) once the backend is back; it sends it once.";
    case RULE_ARRIVAL_UNKNOWN:
      return value === 1
        ? "Nothing is sent automatically: the request that carried the last message (the user's message, or its answers) failed after it went out (a proxy's 502 or 503), so whether the backend received it is unknown. That request is over, and an ADK backend drops an answer it already holds: if the user asks, resend({ mayHaveArrived: true }) sends it again, once."
        : "Nothing is sent automatically: the request that carried the last message (the user's message, or its answers) failed after it went out (request-failed, no-response, or an HTTP error such as a proxy's 504), so whether the backend received it is unknown, and it may still be working on it. Sending it again could run it twice (a payment): show the error and let the user decide.";
    case RULE_NO_MESSAGES:
      return 'Nothing is sent: the chat has no messages yet, so there is nothing to decide.';
    default:
      return `Send: every approval is answered, and the backend does not know ${actionNames(parts, actions)} yet.`;
  }
}

/** The user actions of `actions` (`(index, 0 answer | 1 output)` pairs), named. */
function actionNames(/** @type {readonly any[]} */ parts, /** @type {ArrayLike<number>} */ actions) {
  const names = [];
  for (let i = 0; i < actions.length; i += 2) {
    const at = parts[actions[i]];
    names.push(
      actions[i + 1] === ACTION_ANSWER
        ? `the answer to approval ${shown(at.approval.id)} (parts[${actions[i]}])`
        : `the browser's output for ${shown(at.toolCallId)} (parts[${actions[i]}])`,
    );
  }
  return names.join(', ');
}
