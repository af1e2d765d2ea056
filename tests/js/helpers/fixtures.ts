// Recorded backend streams (the shared fixtures beside the repository: `../shared/fixtures` from
// the repository root) turned into the response streams a ChatTransport returns, as SPEC
// "Fixtures" says: SSE fixtures hold one HTTP response per `[DONE]`; a BIDI fixture is one socket
// conversation, split into responses at `[DONE]` and at each `finish-step` that directly follows a
// `tool-approval-request` (the backend now blocks on the user's answer).
import { existsSync, readFileSync } from 'node:fs';
import { parseRawEvents, splitResponses } from 'adk-stream-wasm/testing';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** An AI SDK UI message chunk as the backend writes it. */
export type Chunk = { type: string; [key: string]: unknown };

export interface Fixture {
  name: string;
  mode: 'sse' | 'bidi';
  /** The user's prompt that started the recorded conversation. */
  userText: string;
  /** Every chunk in order, `[DONE]` left out. */
  chunks: Chunk[];
  /** One array of chunks per response stream. */
  responses: Chunk[][];
  doneCount: number;
  expectedChunks: Chunk[];
  expectedDoneCount: number;
}

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');

/** The fixtures folder: ADK_FIXTURES_DIR, or `../shared/fixtures` from the repository root. */
export const fixturesDir = process.env.ADK_FIXTURES_DIR
  ? resolve(process.env.ADK_FIXTURES_DIR)
  : resolve(repoRoot, '../shared/fixtures');

// How a recording splits into response streams is written once, in the package's testing kit
// (adk-stream-wasm/testing), which apps use too; the suite reads the fixtures through it.
export function loadFixture(name: string): Fixture {
  const file = resolve(fixturesDir, name.endsWith('.json') ? name : `${name}.json`);
  if (!existsSync(file)) {
    throw new Error(
      `fixture ${name} not found in ${fixturesDir}: the shared fixtures must lie beside the repository ` +
        `(../shared/fixtures), or set ADK_FIXTURES_DIR`,
    );
  }
  const json = JSON.parse(readFileSync(file, 'utf8'));
  const mode = json.mode as 'sse' | 'bidi';
  const events = parseRawEvents(json.output.rawEvents) as Array<Chunk | '[DONE]'>;
  const first = json.input.messages[0];
  return {
    name,
    mode,
    userText: typeof first.content === 'string' ? first.content : String(first.parts?.[0]?.text ?? ''),
    chunks: events.filter((e): e is Chunk => e !== '[DONE]'),
    responses: splitResponses(events as any, mode) as Chunk[][],
    doneCount: events.filter((e) => e === '[DONE]').length,
    expectedChunks: json.output.expectedChunks,
    expectedDoneCount: json.output.expectedDoneCount,
  };
}

/** A deep copy of the responses in which the backend answers `toolCallId` with an error instead of
 *  its output (what a backend sends for a denied call; the fixtures recorded only approvals). */
export function withOutputError(responses: Chunk[][], toolCallId: string, errorText: string): Chunk[][] {
  let replaced = 0;
  const copy = responses.map((chunks) =>
    chunks.map((chunk) => {
      if (chunk.type === 'tool-output-available' && chunk.toolCallId === toolCallId) {
        replaced++;
        return { type: 'tool-output-error', toolCallId, errorText };
      }
      return structuredClone(chunk);
    }),
  );
  if (replaced !== 1) throw new Error(`expected one tool-output-available for ${toolCallId}, found ${replaced}`);
  return copy;
}

/** The `tool-approval-request` chunks of a response, in order. */
export function approvalRequests(chunks: Chunk[]): Array<{ toolCallId: string; approvalId: string }> {
  return chunks
    .filter((c) => c.type === 'tool-approval-request')
    .map((c) => ({ toolCallId: c.toolCallId as string, approvalId: c.approvalId as string }));
}

/** The text the backend streams in a response (text-delta chunks joined). */
export function streamedText(chunks: Chunk[]): string {
  return chunks
    .filter((c) => c.type === 'text-delta')
    .map((c) => c.delta as string)
    .join('');
}
