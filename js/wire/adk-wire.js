// What an ADK backend reads (SPEC §4a): the request's history as the package's transports put it on
// the wire, and the one rule that keeps an agent turn in one assistant message (W5). The messages in
// `Chat` are never changed (W3): everything here returns new objects.
import { describeValue, invalidArgument } from '../errors/arguments.js';
import { toolNameOf } from '../tools/tool-name.js';
import { isFrontendExecuteTool } from '../drop-in/registry.js';
import { readToolSet } from '../tools/frontend-tools.js';

/** Which kind of backend a transport talks to. @typedef {'adk' | 'ai-sdk'} AdkBackendKind */
/**
 * Which tools run in the browser, in the same forms for every API (createAutoSend, createAdk,
 * useAdkChat, the transports): names or `{name, requiresApproval?}` (`[]` for none), a test such as
 * `autoSend.isFrontendTool`, or the registry's when undefined. A bare name, and a name the test
 * accepts, needs the user's approval.
 * @typedef {ReadonlyArray<string | { name: string; requiresApproval?: boolean }> | ((toolName: string) => boolean)} FrontendToolSet
 */

/**
 * A message or a part of one as it comes from the app (`Chat`'s, not checked here), read
 * defensively: every field may be missing.
 * @typedef {Record<string, any>} Loose
 */

/** The kinds of backend a transport talks to (W4): ADK's converter, or one that reads AI SDK's shape. @type {unknown[]} */
const BACKENDS = ['adk', 'ai-sdk'];

/** `backend` of a transport's options: 'adk' (the default) or 'ai-sdk'.
 *  @param {string} fn @param {unknown} value @returns {AdkBackendKind} */
export function readBackend(fn, value) {
  if (value === undefined) return 'adk';
  if (BACKENDS.includes(value)) return /** @type {AdkBackendKind} */ (value);
  throw invalidArgument(
    fn,
    `\`backend\` is ${describeValue(value)}`,
    "'adk' (an ADK backend, the default: an approved browser tool goes as an approval-responded part and a tool-result part) or 'ai-sdk' (AI SDK's own server, Pydantic AI: messages as AI SDK holds them)",
  );
}

/**
 * `frontendTools` of a transport's options, as a test `(toolName) => boolean`: the forms every API
 * takes (frontend-tools.js), undefined for the module's frontend-tool registry (`get_location` built in).
 * @param {string} fn @param {unknown} value @returns {(toolName: string) => boolean}
 */
export function readFrontendTools(fn, value) {
  const set = readToolSet(fn, value);
  return set === null ? isFrontendExecuteTool : (/** @type {string} */ name) => set(name) !== undefined;
}

/** The `result` of W1: the output when it is an object, `{value}` otherwise, `{error}` for a failure.
 *  @param {Loose} part @returns {object} */
function resultOf(part) {
  if (part.state === 'output-error') return { error: typeof part.errorText === 'string' ? part.errorText : String(part.errorText) };
  const output = part.output;
  return output !== null && typeof output === 'object' && !Array.isArray(output) ? output : { value: output };
}

/** Whether `part` is an approved browser tool that holds its output: the shape W1 rewrites.
 *  @param {Loose | null} part @param {(toolName: string) => boolean} isBrowserTool @returns {part is Loose} */
function answeredInBrowser(part, isBrowserTool) {
  if (part === null || typeof part !== 'object') return false;
  if (part.state !== 'output-available' && part.state !== 'output-error') return false;
  const approval = part.approval;
  if (approval === null || typeof approval !== 'object' || approval.approved !== true) return false;
  const name = toolNameOf(part);
  return name !== '' && isBrowserTool(name);
}

/** The part as an ADK backend reads an approval: `approval-responded`, without its output.
 *  @param {Loose} part @returns {Loose} */
function approvalOnly(part) {
  const { output: _output, errorText: _errorText, ...rest } = part;
  return { ...rest, state: 'approval-responded' };
}

/**
 * The history as an ADK backend reads it (SPEC §4a W1, W2): each approved browser tool that holds
 * its output (or its failure) goes as its part in state `approval-responded`, directly followed by
 * `{type: 'tool-result', toolCallId, result}`; every other part as AI SDK holds it. A message with
 * nothing to rewrite is passed as the same object, and so is the array when nothing changed.
 * @template {unknown} M
 * @param {M[]} messages @param {(toolName: string) => boolean} isBrowserTool @returns {M[]}
 */
export function toAdkWire(messages, isBrowserTool) {
  let out = messages;
  for (let m = 0; m < messages.length; m++) {
    const message = /** @type {Loose | null} */ (messages[m]);
    const parts = message !== null && typeof message === 'object' ? message.parts : undefined;
    if (!Array.isArray(parts) || !parts.some((part) => answeredInBrowser(part, isBrowserTool))) continue;
    /** @type {Loose[]} */
    const wireParts = [];
    for (const part of parts) {
      if (!answeredInBrowser(part, isBrowserTool)) {
        wireParts.push(part);
        continue;
      }
      wireParts.push(approvalOnly(part), { type: 'tool-result', toolCallId: part.toolCallId, result: resultOf(part) });
    }
    if (out === messages) out = messages.slice();
    out[m] = /** @type {M} */ ({ ...message, parts: wireParts });
  }
  return out;
}

/**
 * The id of the assistant message a request continues (its last message, when that is the
 * assistant's), or undefined for a request that starts a turn.
 * @param {readonly unknown[]} messages @returns {string | undefined}
 */
export function continuedMessageId(messages) {
  const last = /** @type {Loose | null | undefined} */ (messages.length > 0 ? messages[messages.length - 1] : undefined);
  return last !== null && typeof last === 'object' && last.role === 'assistant' && typeof last.id === 'string' ? last.id : undefined;
}

/**
 * A `start` chunk of a response that continues message `id` (W5): ADK backends give every response a
 * new `messageId`, and AI SDK would then append a second assistant message with a copy of the tool
 * parts. With the continued message's id, the response goes on in that message. Other chunks, and a
 * `start` that already names `id`, are returned as they are.
 * @template {{type: string, messageId?: string}} C
 * @param {C} chunk @param {string | undefined} id @returns {C}
 */
export function continuing(chunk, id) {
  if (id === undefined || chunk.type !== 'start' || chunk.messageId === undefined || chunk.messageId === id) return chunk;
  return { ...chunk, messageId: id };
}
