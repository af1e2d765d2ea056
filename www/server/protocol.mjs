// What the local backend reads and writes: AI SDK UI message chunks framed as `data: …\n\n`, and
// the parts of the UI messages the client posts back (SPEC §1, §5).
import { randomUUID, randomBytes } from 'node:crypto';

export const DONE = 'data: [DONE]\n\n';
export const frame = (chunk) => `data: ${JSON.stringify(chunk)}\n\n`;

/** A tool call's part. `tool-result` is not one: it is the result of the part before it (SPEC §4a W1). */
export const isToolPart = (part) =>
  part !== null && typeof part === 'object' && typeof part.type === 'string' &&
  ((part.type.startsWith('tool-') && part.type !== 'tool-result') || part.type === 'dynamic-tool');

export const toolNameOf = (part) =>
  typeof part.toolName === 'string' && part.toolName !== '' ? part.toolName : part.type.replace(/^tool-/, '');

/** The text a user message carries: its text parts, or the legacy `content` string. */
export function textOf(message) {
  if (!message) return '';
  if (Array.isArray(message.parts)) {
    return message.parts.filter((p) => p && p.type === 'text').map((p) => p.text ?? '').join('\n');
  }
  return typeof message.content === 'string' ? message.content : '';
}

/** A compact description of a client request, kept in the test log (GET /__test/stats). */
export function summarizeMessages(messages) {
  const list = Array.isArray(messages) ? messages : [];
  const last = list[list.length - 1];
  return {
    messageCount: list.length,
    lastRole: last ? last.role : null,
    lastText: last && last.role === 'user' ? textOf(last).slice(0, 200) : undefined,
    // Each message's role and text, as the chat holds them (W8/W9: one message per turn, in order).
    history: list.map((m) => ({ role: m && m.role, text: textOf(m).slice(0, 200) })),
    toolParts: last && Array.isArray(last.parts)
      ? last.parts.filter(isToolPart).map((p) => ({
          tool: toolNameOf(p),
          toolCallId: p.toolCallId,
          state: p.state,
          approved: p.approval ? p.approval.approved : undefined,
          hasOutput: p.output !== undefined,
          output: p.output,
          errorText: p.errorText,
        }))
      : [],
    // The W1 results: `{type: 'tool-result', toolCallId, result}` parts.
    toolResultParts: last && Array.isArray(last.parts)
      ? last.parts.filter((p) => p && p.type === 'tool-result').map((p) => ({ toolCallId: p.toolCallId, result: p.result }))
      : [],
  };
}

/** Whether any part after index `i` is the backend's reaction (a `step-start` is only a marker). */
export const hasReactionAfter = (parts, i) =>
  parts.slice(i + 1).some((p) => p && p.type !== 'step-start');

export const sseIds = {
  message: () => randomUUID(),
  toolCall: () => `adk-${randomUUID()}`,
  approval: () => `adk-${randomUUID()}`,
};

export const bidiIds = {
  message: () => randomUUID(),
  toolCall: () => `function-call-${BigInt('0x' + randomBytes(8).toString('hex')).toString()}`,
  approval: () => `confirm-${randomUUID()}`,
};

export const transactionId = () => `txn_${randomBytes(6).toString('hex')}`;

/** Splits a text into a few deltas, the way a model streams it. */
export function deltas(text, size = 24) {
  const out = [];
  let rest = text;
  while (rest.length > size) {
    let cut = rest.lastIndexOf(' ', size);
    if (cut <= 0) cut = size;
    out.push(rest.slice(0, cut + 1));
    rest = rest.slice(cut + 1);
  }
  if (rest) out.push(rest);
  return out;
}

export const sleep = (ms) => (ms > 0 ? new Promise((resolve) => setTimeout(resolve, ms)) : Promise.resolve());
