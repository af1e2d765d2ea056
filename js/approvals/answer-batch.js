// answerApprovals' checks of the handler's answers (SPEC §4): every pending approval answered
// exactly once, in any of the shapes a handler may return, or nothing is applied. Whether a batch is
// complete is the core's rule (src/approvals.rs). approvals.js loads this module when a batch is
// asked for, while the handler runs, so an app that answers one approval at a time never downloads it.
import { answerWords, core } from '../core/loader.js';
import { HELPER_BATCH_COMPLETE, HELPER_BATCH_COUNTS } from '../core/contract.js';
import { lastParts } from '../core/records.js';
import { list, whole } from '../words/words.js';
import { AdkIncompleteBatchError } from '../errors/errors.js';
import { describeValue, field, invalidArgument, isArray, optionalString } from '../errors/arguments.js';
import { pendingOf, records } from './helper-records.js';

const BATCH = 'answerApprovals';

/** @typedef {[id: string, approved: boolean, reason: string | null | undefined]} Answer */

/**
 * One decision's answer: `[approved, reason]`.
 * @param {string} id @param {unknown} value @returns {[boolean, string | null | undefined]}
 */
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
 * @param {unknown} decisions @returns {Answer[]}
 */
export function readDecisions(decisions) {
  /** @type {Answer[]} */
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
 * Checks the answers against the chat as it is now (the handler may have taken a while): every
 * pending approval answered exactly once; returns them in the order of the pending approvals.
 * @param {unknown} messages @param {Answer[]} answers
 * @returns {Array<{id: string, approved: boolean, reason: string | null | undefined}>}
 */
export function checkBatch(messages, answers) {
  const ids = answers.map(([id]) => id);
  const [count] = records(messages, BATCH, "the chat's messages are not well-formed: ", 'AI SDK UI messages', ids);
  if (core.adk_check_batch(count, answers.length) !== HELPER_BATCH_COMPLETE) {
    const counts = HELPER_BATCH_COUNTS;
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
    const [id, approved, reason] = /** @type {Answer} */ (answers.find(([answered]) => answered === approvalId));
    return { id, approved, reason };
  });
}

/**
 * `AdkIncompleteBatchError` naming the missing, unknown and repeated ids (here, not in words.js:
 * only this file, which loads on demand, makes one).
 * @param {string[]} missing @param {string[]} unknown @param {string[]} duplicated
 */
function incompleteBatch(missing, unknown, duplicated) {
  if (whole.incompleteBatch) return whole.incompleteBatch(missing, unknown, duplicated);
  return new AdkIncompleteBatchError(`answerApprovals(): nothing was applied (missing: ${list(missing)}; unknown: ${list(unknown)}; repeated: ${list(duplicated)}).`);
}
