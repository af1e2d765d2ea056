// The whole words of a development build (the `development` export condition, which Vite, webpack and
// Next set in development; the entries under dev/ load this file first): explain()'s details
// (explain-words.js) and the helpers' errors in full, handed to words.js. A production build
// leaves this file out and keeps words.js's short sentences.
import { AdkIncompleteBatchError, AdkUnknownApprovalError, shown } from './errors.js';
import { describeMalformed, explainDetail } from './explain-words.js';
import { useWords } from './words.js';

/** Ids as messages list them: each cut short, at most 20 of them. */
function shownList(ids) {
  const listed = ids.slice(0, 20).map(shown);
  if (ids.length > 20) listed.push(`and ${ids.length - 20} more`);
  return listed.join(', ');
}

/**
 * `AdkUnknownApprovalError` for `id`: `pending` lists `{approvalId, toolName, toolCallId}`;
 * `toolCallOf` is the pending approval whose toolCallId `id` is, if any.
 */
function unknownApproval(id, pending, toolCallOf) {
  let text = `'${shown(id)}' is not a pending approval id of this chat. `;
  if (toolCallOf) text += `It is the toolCallId of a pending call; its approval id is ${toolCallOf.approvalId}. `;
  text +=
    pending.length === 0
      ? 'No approval is pending in the last assistant message.'
      : `Pending approval ids: ${pending
          .map((p) => `${shown(p.approvalId)} (${shown(p.toolName)}, toolCallId ${shown(p.toolCallId)})`)
          .join(', ')}. Pass part.approval.id, not part.toolCallId.`;
  return new AdkUnknownApprovalError(text);
}

/** `AdkIncompleteBatchError` naming the missing, unknown and repeated ids. */
function incompleteBatch(missing, unknown, duplicated) {
  const problems = [];
  if (missing.length > 0) problems.push(`missing: ${shownList(missing)}`);
  if (unknown.length > 0) problems.push(`unknown: ${shownList(unknown)}`);
  if (duplicated.length > 0) problems.push(`answered more than once: ${shownList(duplicated)}`);
  return new AdkIncompleteBatchError(
    `answerApprovals(): the handler must decide every pending approval exactly once; nothing was applied (${problems.join('; ')}).`,
  );
}

useWords({ explainDetail, describeMalformed, unknownApproval, incompleteBatch });
