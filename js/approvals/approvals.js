// The approval helpers (SPEC §4): pendingApprovals, approve / deny by approval id, and
// answerApprovals for all-or-nothing batches. Which approvals are pending and whether a batch is
// complete are the core's rules (src/approvals.rs); this glue writes the records, calls the core and
// turns its part indices back into the parts and ids the app knows.
import { core, requireReady } from '../core/loader.js';
import { HELPER_ANSWERABLE_TOOL_CALL_ID_OF } from '../core/contract.js';
import { InternTable, lastParts, writeRecords } from '../core/records.js';
import { pendingOf, records } from './helper-records.js';
import { notCommitted, unknownApproval } from '../words/words.js';
import { describeValue, invalidArgument, requireChat } from '../errors/arguments.js';
import { loadOnDemand } from '../core/load-on-demand.js';
import { namedArgumentError } from '../decision/auto-send.js';
/** @import { ChatLike, UIMessage, UIMessageLike } from '../decision/auto-send.js' */

/**
 * The tool parts of message type `M` (AI SDK's `UIMessage` by default) waiting for an approval.
 * @template M
 * @typedef {M extends { parts?: ReadonlyArray<infer P> | null } ? Extract<P, { toolCallId: string; state: 'approval-requested' }> : never} ApprovalPartOf
 */
/**
 * Their inputs, from the app's own tools (`UIMessage<…, MyTools>`) when it declares them.
 * @template P
 * @typedef {P extends { input: infer I } ? I : unknown} ApprovalInputOf
 */
/**
 * @template M
 * @typedef {Exclude<ApprovalPartOf<M>, { type: 'dynamic-tool' }>} StaticApprovalPartOf
 */

/**
 * An approval of the last assistant message still waiting for the user (`pendingApprovals`).
 * @template {UIMessageLike} [M=UIMessage]
 * @typedef {object} PendingApproval
 * @property {string} approvalId
 * @property {string} toolCallId
 * @property {string} toolName
 * @property {[StaticApprovalPartOf<M>] extends [never] ? unknown : ApprovalInputOf<StaticApprovalPartOf<M>>} input
 *   The tool call's input, typed from the message type's tools (`UIMessage<…, MyTools>`), so
 *   `p.input.amount` needs no cast; `unknown` for messages that declare no tools.
 * @property {[ApprovalPartOf<M>] extends [never] ? unknown : ApprovalPartOf<M>} part
 *   The tool part itself (state `approval-requested`), as the message type types it.
 */

/** @typedef {{approved: boolean, reason?: string}} ApprovalDecision */
/**
 * A batch handler's decisions: a list of `{approvalId | id, approved, reason?}`, or a record or
 * `Map` keyed by approval id whose values are a boolean or `{approved, reason?}`.
 * @typedef {ReadonlyArray<{approvalId: string, approved: boolean, reason?: string} | {id: string, approved: boolean, reason?: string}>
 *   | Record<string, boolean | ApprovalDecision>
 *   | Map<string, boolean | ApprovalDecision>} BatchDecisions
 */

/**
 * Approvals of the last assistant message still waiting for the user:
 * `[{approvalId, toolCallId, toolName, input, part}]`.
 * @template {UIMessageLike} [M=UIMessage]
 * @param {ReadonlyArray<M>} messages @returns {PendingApproval<M>[]}
 */
export function pendingApprovals(messages) {
  requireReady();
  // A new chat has no messages yet, and nothing is pending in it.
  if (Array.isArray(messages) && messages.length === 0) return [];
  const [count] = records(messages, 'pendingApprovals', 'the messages are not well-formed: ', 'an array of AI SDK UI messages');
  return pendingOf(count, messages);
}

/**
 * `approve`/`deny`: checks that `approvalId` is a pending approval of `messages`.
 * @param {unknown} messages @param {string} approvalId @param {string} fn
 */
function checkAnswerable(messages, approvalId, fn) {
  if (typeof approvalId !== 'string' || approvalId === '') {
    throw invalidArgument(fn, `approvalId is ${describeValue(approvalId)}`, 'the approval id string (part.approval.id)');
  }
  // A chat with no messages has nothing pending: the id is unknown, whatever it is.
  if (Array.isArray(messages) && messages.length === 0) throw unknownApproval(approvalId, [], null);
  const [count, table] = records(messages, fn, "the chat's messages are not well-formed: ", 'AI SDK UI messages');
  const found = core.adk_answerable(count, table.handle(approvalId));
  if (found >= 0) return;
  const pending = pendingOf(count, messages);
  const toolCallOf =
    found <= HELPER_ANSWERABLE_TOOL_CALL_ID_OF
      ? pending.find((p) => p.part === lastParts(messages)[HELPER_ANSWERABLE_TOOL_CALL_ID_OF - found])
      : null;
  throw unknownApproval(approvalId, pending, toolCallOf);
}

/**
 * Whether `approvalId` still waits for an answer in `messages` (to confirm an answer was committed).
 * @param {unknown} messages @param {string} approvalId
 */
function isPending(messages, approvalId) {
  const table = new InternTable();
  const written = writeRecords({ messages }, table);
  return typeof written === 'number' && core.adk_answerable(written, table.handle(approvalId)) >= 0;
}

/**
 * @param {ChatLike} chat @param {string} approvalId @param {boolean} approved
 * @param {{reason?: string} | undefined} options @param {string} fn
 */
async function answer(chat, approvalId, approved, options, fn) {
  requireReady();
  requireChat(chat, fn);
  if (options != null && (typeof options !== 'object' || (options.reason != null && typeof options.reason !== 'string'))) {
    throw invalidArgument(fn, 'the options are not {reason?: string}', '{reason?: string}');
  }
  const before = chat.messages;
  checkAnswerable(before, approvalId, fn);
  await chat.addToolApprovalResponse({ id: approvalId, approved, reason: options ? options.reason : undefined });
  // A `Chat` replaces its messages array on every change; useChat's result holds the array of its
  // render, which cannot show the answer, so only a changed array is checked.
  const after = chat.messages;
  if (after !== before && isPending(after, approvalId)) {
    throw notCommitted(`${fn}(): the answer to ${approvalId} was not committed to chat.messages.`);
  }
}

/**
 * Approves a pending approval by its APPROVAL id (part.approval.id, not the toolCallId). Rejects
 * with `AdkUnknownApprovalError` (listing the valid ids) when the id is not pending; resolves once
 * committed.
 * @param {ChatLike} chat @param {string} approvalId @param {{reason?: string}} [options] @returns {Promise<void>}
 */
export function approve(chat, approvalId, options) {
  return answer(chat, approvalId, true, options, 'approve');
}

/**
 * Denies a pending approval by its APPROVAL id (part.approval.id, not the toolCallId); as `approve`.
 * @param {ChatLike} chat @param {string} approvalId @param {{reason?: string}} [options] @returns {Promise<void>}
 */
export function deny(chat, approvalId, options) {
  return answer(chat, approvalId, false, options, 'deny');
}

const BATCH = 'answerApprovals';

/**
 * Calls `handler` once with every pending approval and applies its decisions all together, or
 * none of them when one is missing or unknown (no partial handling; `AdkIncompleteBatchError`
 * names missing, unknown and repeated ids). One request follows.
 * @param {ChatLike} chat
 * @param {(pending: PendingApproval[]) => BatchDecisions | Promise<BatchDecisions>} handler
 * @returns {Promise<Array<{approvalId: string, approved: boolean, reason?: string}>>}
 */
export async function answerApprovals(chat, handler) {
  requireReady();
  requireChat(chat, BATCH);
  if (typeof handler !== 'function') {
    throw invalidArgument(BATCH, `handler is ${typeof handler}`, 'a function (pending) => decisions');
  }
  const pending = pendingApprovals(chat.messages);
  if (pending.length === 0) return [];
  // The checks of the handler's answers load while the user decides: an app that never answers a
  // batch never downloads them. A failed load rejects this call with an AdkLoadError, after the
  // handler has run and before anything is applied; the next call loads again.
  const checks = loadOnDemand(() => import('./answer-batch.js'), 'answer-batch.js');
  checks.catch(() => {});
  // The chat's messages are AI SDK's `UIMessage`s: the handler is typed for them.
  const decisions = await handler(/** @type {PendingApproval[]} */ (pending.map((p) => ({ ...p }))));
  const { checkBatch, readDecisions } = await checks;
  let ordered;
  try {
    ordered = checkBatch(chat.messages, readDecisions(decisions));
  } catch (error) {
    throw namedArgumentError(error, BATCH);
  }
  for (const { id, approved, reason } of ordered) {
    await chat.addToolApprovalResponse({ id, approved, reason: reason == null ? undefined : reason });
  }
  return ordered.map(({ id, approved, reason }) => ({ approvalId: id, approved, reason: reason == null ? undefined : reason }));
}

