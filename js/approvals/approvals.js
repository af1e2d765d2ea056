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

/**
 * The approvals of the last assistant message still waiting for the user:
 * `[{approvalId, toolCallId, toolName, input, part}]`.
 */
export function pendingApprovals(messages) {
  requireReady();
  // A new chat has no messages yet, and nothing is pending in it.
  if (Array.isArray(messages) && messages.length === 0) return [];
  const [count] = records(messages, 'pendingApprovals', 'the messages are not well-formed: ', 'an array of AI SDK UI messages');
  return pendingOf(count, messages);
}

/** `approve`/`deny`: checks that `approvalId` is a pending approval of `messages`. */
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

/** Whether `approvalId` still waits for an answer in `messages` (to confirm an answer was committed). */
function isPending(messages, approvalId) {
  const table = new InternTable();
  const written = writeRecords({ messages }, table);
  return typeof written === 'number' && core.adk_answerable(written, table.handle(approvalId)) >= 0;
}

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

/** Approves the pending approval `approvalId` (part.approval.id, not the toolCallId). */
export function approve(chat, approvalId, options) {
  return answer(chat, approvalId, true, options, 'approve');
}

/** Denies the pending approval `approvalId` (part.approval.id, not the toolCallId). */
export function deny(chat, approvalId, options) {
  return answer(chat, approvalId, false, options, 'deny');
}

const BATCH = 'answerApprovals';

/**
 * Calls `handler` once with every pending approval and applies its decisions all together, or
 * none of them when one is missing or unknown (no partial handling). One request follows.
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
  const decisions = await handler(pending.map((p) => ({ ...p })));
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

