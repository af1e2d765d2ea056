// What the real ADK backend reads of a request (SPEC §4a, measured against its server and
// stream-protocol converter): the one model of it that the demo backend and the test servers share,
// so that they reject what the real one rejects.
//
// - It continues an assistant message only when that message has a part in state
//   `approval-responded` (row A: AI SDK's own shape of an approved browser tool, a part in
//   `output-available`, gets an empty SSE response, and over BIDI never releases the approval wait).
// - An approved browser tool's result is a `{type: 'tool-result', toolCallId, result}` part of the
//   same message (row C, W1); without one, SSE waits 10 s for a result that has no way in (row B)
//   and BIDI waits for a `tool_result` frame (Pattern B).
import { isToolPart } from './protocol.mjs';

/** Whether the backend continues this (last) message: an assistant message with an answered approval. */
export function continuesTurn(message) {
  return (
    message !== null &&
    typeof message === 'object' &&
    message.role === 'assistant' &&
    Array.isArray(message.parts) &&
    message.parts.some((part) => isToolPart(part) && part.state === 'approval-responded')
  );
}

/**
 * The answers the backend reads in a message: toolCallId → {approved, reason, result}, for each
 * tool part in state `approval-responded`; `result` is the `tool-result` part that directly
 * follows it (W1), or undefined.
 */
export function answersIn(message) {
  const answers = new Map();
  const parts = message && Array.isArray(message.parts) ? message.parts : [];
  parts.forEach((part, i) => {
    if (!isToolPart(part) || part.state !== 'approval-responded') return;
    const next = parts[i + 1];
    const result = next && next.type === 'tool-result' && next.toolCallId === part.toolCallId ? next.result : undefined;
    answers.set(part.toolCallId, {
      approved: part.approval ? part.approval.approved === true : false,
      reason: part.approval ? part.approval.reason : undefined,
      result,
    });
  });
  return answers;
}

/** Why a continuation is not read as one, in words for the test log, or null when it is. */
export function ignoredBecause(message) {
  if (continuesTurn(message)) return null;
  const parts = message && Array.isArray(message.parts) ? message.parts : [];
  const answered = parts.filter((p) => isToolPart(p) && p.approval && p.approval.approved !== undefined);
  return answered.length > 0
    ? `the last assistant message has answered tool parts (${answered.map((p) => p.state).join(', ')}) but none in state approval-responded: the real ADK backend ignores it (SPEC §4a row A)`
    : 'the last assistant message has no approval-responded part: the real ADK backend ignores it (SPEC §4a)';
}

/** The error text of the real backend when an approved browser tool's result never came over SSE. */
export const FRONTEND_RESULT_TIMEOUT = 'Timeout waiting for frontend tool result';
/** The error text of the real backend when an approval's wait ends unanswered. */
export const APPROVAL_TIMEOUT = 'Approval request timed out';
