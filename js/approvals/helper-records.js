// What the approval helpers share (approvals.js, and answer-batch.js, which approvals.js loads on
// demand): the records of a helper call, and the pending approvals the core found in them.
import { answerWords, core } from '../core/loader.js';
import { InternTable, lastParts, writeRecords } from '../core/records.js';
import { describeMalformed } from '../words/words.js';
import { invalidArgument } from '../errors/arguments.js';
import { toolNameOf } from '../tools/tool-name.js';

/**
 * Writes the records of `messages` with a fresh intern table (a helper's handles need only agree
 * within one call); returns `[count, table]`, or throws `fn`'s error for malformed messages.
 * `answerIds` are a batch's approval ids, written after the records.
 * @param {unknown} messages @param {string} fn @param {string} what @param {string | number} expected
 * @param {readonly string[]} [answerIds]
 * @returns {[number, InternTable]}
 */
export function records(messages, fn, what, expected, answerIds = undefined) {
  const table = new InternTable();
  const written = writeRecords({ messages }, table, undefined, answerIds);
  if (typeof written !== 'number') throw invalidArgument(fn, `${what}${describeMalformed(written)}`, expected);
  return [written, table];
}

/**
 * The pending approvals of the records just written, as the helpers hand them out.
 * @param {number} count @param {unknown} messages
 * @returns {Array<{approvalId: string, toolCallId: string, toolName: string, input: any, part: any}>}
 */
export function pendingOf(count, messages) {
  const found = core.adk_pending(count);
  const indices = Array.from(answerWords(found));
  const parts = lastParts(messages);
  return indices.map((index) => {
    const part = parts[index];
    return { approvalId: part.approval.id, toolCallId: part.toolCallId, toolName: toolNameOf(part), input: part.input, part };
  });
}
