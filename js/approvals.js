// The approval helpers (SPEC §4): pendingApprovals, approve / deny by approval id, and
// answerApprovals for all-or-nothing batches. Which approvals are pending and whether a batch is
// complete are the core's rules (src/approvals.rs); this glue writes the records, calls the core and
// turns its part indices back into the parts and ids the app knows.
import { answerWords, core, requireReady } from './loader.js';
import { HELPER } from './contract.js';
import { InternTable, lastParts, writeRecords } from './records.js';
import { describeMalformed, incompleteBatch, notCommitted, unknownApproval } from './words.js';
import { describeValue, field, invalidArgument, isArray, optionalString, toolNameOf } from './errors.js';
import { namedArgumentError, requireChat } from './auto-send.js';

/**
 * Writes the records of `messages` with a fresh intern table (a helper's handles need only agree
 * within one call); returns `[count, table]`, or throws `fn`'s error for malformed messages.
 * `answerIds` are a batch's approval ids, written after the records.
 * @returns {[number, InternTable]}
 */
function records(messages, fn, what, expected, answerIds = undefined) {
  const table = new InternTable();
  const written = writeRecords({ messages }, table, undefined, answerIds);
  if (typeof written !== 'number') throw invalidArgument(fn, `${what}${describeMalformed(written)}`, expected);
  return [written, table];
}

/** The pending approvals of the records just written, as the helpers hand them out. */
function pendingOf(count, messages) {
  const found = core.adk_pending(count);
  const indices = Array.from(answerWords(found));
  const parts = lastParts(messages);
  return indices.map((index) => {
    const part = parts[index];
    return { approvalId: part.approval.id, toolCallId: part.toolCallId, toolName: toolNameOf(part), input: part.input, part };
  });
}

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
    found <= HELPER.ANSWERABLE_TOOL_CALL_ID_OF
      ? pending.find((p) => p.part === lastParts(messages)[HELPER.ANSWERABLE_TOOL_CALL_ID_OF - found])
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

/** One decision's answer: `[approved, reason]`. */
function readAnswer(id, value) {
  if (typeof value === 'boolean') return [value, undefined];
  const approved = field(BATCH, value, 'approved');
  if (typeof approved !== 'boolean') {
    throw invalidArgument(BATCH, `the decision for ${id} has \`approved\` ${describeValue(approved)}`, 'true or false');
  }
  const reason = field(BATCH, value, 'reason');
  if (!(reason === undefined || reason === null || typeof reason === 'string')) {
    throw invalidArgument(BATCH, `the decision for ${id} has \`reason\` ${describeValue(reason)}`, 'a string or undefined');
  }
  return [approved, reason];
}

/**
 * The handler's decisions — an array of `{approvalId | id, approved, reason?}`, a `Map`, or an
 * object keyed by approval id whose values are a boolean or `{approved, reason?}` — as
 * `[id, approved, reason]` triples in the order given.
 */
function readDecisions(decisions) {
  const answers = [];
  if (isArray(decisions)) {
    for (let i = 0; i < decisions.length; i++) {
      const decision = decisions[i];
      if (decision === null || typeof decision !== 'object') {
        throw invalidArgument(BATCH, `decision [${i}] is ${describeValue(decision)}`, '{approvalId, approved, reason?}');
      }
      const id =
        optionalString(BATCH, decision, 'approvalId', 'the approval id string') ?? optionalString(BATCH, decision, 'id', 'the approval id string');
      if (id === undefined) throw invalidArgument(BATCH, `decision [${i}] names no approval`, '{approvalId, approved, reason?}');
      answers.push([id, ...readAnswer(id, decision)]);
    }
  } else if (decisions instanceof Map) {
    for (const [key, value] of decisions) {
      if (typeof key !== 'string') throw invalidArgument(BATCH, `a Map key is ${describeValue(key)}`, 'approval id strings as keys');
      answers.push([key, ...readAnswer(key, value)]);
    }
  } else if (decisions !== null && typeof decisions === 'object') {
    for (const key of Object.keys(decisions)) answers.push([key, ...readAnswer(key, field(BATCH, decisions, key))]);
  } else {
    throw invalidArgument(
      BATCH,
      `the handler returned ${describeValue(decisions)}`,
      'an array of {approvalId, approved, reason?} or an object keyed by approval id',
    );
  }
  return answers;
}

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
  const decisions = await handler(pending.map((p) => ({ ...p })));
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

/**
 * Checks the answers against the chat as it is now (the handler may have taken a while): every
 * pending approval answered exactly once; returns them in the order of the pending approvals.
 */
function checkBatch(messages, answers) {
  const ids = answers.map(([id]) => id);
  const [count] = records(messages, BATCH, "the chat's messages are not well-formed: ", 'AI SDK UI messages', ids);
  if (core.adk_check_batch(count, answers.length) !== HELPER.BATCH_COMPLETE) {
    const counts = HELPER.BATCH_COUNTS;
    const [missingCount, unknownCount, duplicatedCount] = answerWords(counts);
    const words = Array.from(answerWords(counts + missingCount + unknownCount + duplicatedCount)).slice(counts);
    const parts = lastParts(messages);
    throw incompleteBatch(
      words.slice(0, missingCount).map((index) => parts[index].approval.id),
      words.slice(missingCount, missingCount + unknownCount).map((at) => ids[at]),
      words.slice(missingCount + unknownCount).map((at) => ids[at]),
    );
  }
  // The check leaves the records in the buffer when it passes.
  return pendingOf(count, messages).map(({ approvalId }) => {
    const [id, approved, reason] = /** @type {any[]} */ (answers.find(([answered]) => answered === approvalId));
    return { id, approved, reason };
  });
}
