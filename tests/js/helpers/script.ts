// Hand-written backend responses for the flows no recorded fixture covers, in the fixtures' format
// and shape: an SSE response is one HTTP response (`start` … `finish`, a new messageId each time,
// as the recorded ADK backend does); a BIDI response is a slice of one socket conversation (only
// the first has `start`; a response that asks for an approval ends with `start-step`,
// `tool-approval-request`, `finish-step`, where the BIDI transport closes the stream).
import type { Chunk } from './fixtures.js';

export type Mode = 'sse' | 'bidi';

export const toolCall = (toolCallId: string, toolName: string, input: unknown): Chunk[] => [
  { type: 'tool-input-start', toolCallId, toolName },
  { type: 'tool-input-available', toolCallId, toolName, input },
];

export const text = (id: string, value: string): Chunk[] => [
  { type: 'text-start', id },
  { type: 'text-delta', id, delta: value },
  { type: 'text-end', id },
];

export const reasoning = (id: string, value: string): Chunk[] => [
  { type: 'reasoning-start', id },
  { type: 'reasoning-delta', id, delta: value },
  { type: 'reasoning-end', id },
];

export const output = (toolCallId: string, value: unknown): Chunk => ({ type: 'tool-output-available', toolCallId, output: value });
export const outputError = (toolCallId: string, errorText: string): Chunk => ({ type: 'tool-output-error', toolCallId, errorText });

/** A response that ends by asking for approvals. */
export function askingResponse(
  mode: Mode,
  index: number,
  before: Chunk[],
  approvals: Array<{ toolCallId: string; approvalId: string }>,
): Chunk[] {
  const requests: Chunk[] = approvals.map((a) => ({ type: 'tool-approval-request', ...a }));
  if (mode === 'sse') {
    return [{ type: 'start', messageId: `sse-message-${index}` }, ...before, ...requests, { type: 'finish', finishReason: 'stop' }];
  }
  return [
    ...(index === 0 ? [{ type: 'start', messageId: 'bidi-message' }] : []),
    ...before,
    { type: 'start-step' },
    ...requests,
    { type: 'finish-step' },
  ];
}

/** A response that ends the turn (`finish`). */
export function finalResponse(mode: Mode, index: number, body: Chunk[]): Chunk[] {
  const start: Chunk[] =
    mode === 'sse' ? [{ type: 'start', messageId: `sse-message-${index}` }] : index === 0 ? [{ type: 'start', messageId: 'bidi-message' }] : [];
  return [...start, ...body, { type: 'finish', finishReason: 'stop' }];
}
