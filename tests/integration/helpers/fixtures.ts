// Recorded backend streams (the shared fixtures beside the repository: `../shared/fixtures` from the
// repository root, or ADK_FIXTURES_DIR), kept as the raw frames the backend sent, split into the
// turns a scripted backend replays: SSE at each `[DONE]` (one HTTP response each); BIDI at each
// `[DONE]` and at the first `finish-step` after a `tool-approval-request` (SPEC §5), by the
// package's own splitter (adk-stream-wasm/testing).
import { existsSync, readFileSync } from 'node:fs';
import { splitRawEvents } from 'adk-stream-wasm/testing';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export type Chunk = { type: string; [key: string]: any };

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');

export const fixturesDir = process.env.ADK_FIXTURES_DIR
  ? resolve(process.env.ADK_FIXTURES_DIR)
  : resolve(repoRoot, '../shared/fixtures');

export const DONE = 'data: [DONE]\n\n';

/** One server frame for a chunk, as the backends write it. */
export const data = (chunk: Chunk): string => `data: ${JSON.stringify(chunk)}\n\n`;

/** The chunk of a raw `data: …` frame, or 'DONE'. */
export function parseFrame(raw: string): Chunk | 'DONE' {
  const frame = raw.trim();
  if (!frame.startsWith('data: ')) throw new Error(`not a data frame: ${frame.slice(0, 60)}`);
  const payload = frame.slice('data: '.length);
  return payload === '[DONE]' ? 'DONE' : (JSON.parse(payload) as Chunk);
}

export interface Fixture {
  name: string;
  mode: 'sse' | 'bidi';
  userText: string;
  /** Raw frames per turn, `[DONE]` frames included where the backend sent them. */
  turns: string[][];
}

/** Splits raw frames into turns (see the file comment): the package's own split, from the core's
 *  rules that BidiTransport applies. */
export function splitTurns(rawEvents: string[], mode: 'sse' | 'bidi'): string[][] {
  return splitRawEvents(rawEvents, mode);
}

export function loadFixture(name: string): Fixture {
  const file = resolve(fixturesDir, `${name}.json`);
  if (!existsSync(file)) {
    throw new Error(
      `fixture ${name} not found in ${fixturesDir}: the shared fixtures must lie beside the repository ` +
        '(../shared/fixtures from its root), or set ADK_FIXTURES_DIR',
    );
  }
  const json = JSON.parse(readFileSync(file, 'utf8'));
  const first = json.input.messages[0];
  return {
    name,
    mode: json.mode,
    userText: typeof first.content === 'string' ? first.content : String(first.parts?.[0]?.text ?? ''),
    turns: splitTurns(json.output.rawEvents, json.mode),
  };
}

/** The chunks of a turn, `[DONE]` left out. */
export function chunksOf(turn: string[]): Chunk[] {
  return turn.map(parseFrame).filter((c): c is Chunk => c !== 'DONE');
}

/** The approval requests of a turn, in order. */
export function approvalRequests(turn: string[]): Array<{ toolCallId: string; approvalId: string }> {
  return chunksOf(turn)
    .filter((c) => c.type === 'tool-approval-request')
    .map((c) => ({ toolCallId: c.toolCallId, approvalId: c.approvalId }));
}

/** The text a turn streams (its text-deltas joined). */
export function streamedText(turn: string[]): string {
  return chunksOf(turn)
    .filter((c) => c.type === 'text-delta')
    .map((c) => c.delta)
    .join('');
}

/** The tool part with `toolCallId` in a list of UI messages as a client sent it (last one wins). */
export function findToolPart(messages: any[], toolCallId: string): any {
  let found: any;
  for (const message of Array.isArray(messages) ? messages : []) {
    for (const part of message?.parts ?? []) if (part?.toolCallId === toolCallId) found = part;
  }
  return found;
}

/** A fixed position the stub geolocation returns. */
export const POSITION = { latitude: 35.6762, longitude: 139.6503, accuracy: 20, timestamp: 1_767_225_600_000 };

/**
 * A stand-in for the browser's geolocation, registered through the public API: it returns
 * POSITION, or throws as the real `get_location` does when the user refuses the permission.
 * `delayMs` makes it take as long as a real position fix does; 0 answers at once (a cached fix).
 */
export function locationStub(behaviour: 'grant' | 'refuse' = 'grant', { delayMs = 0 } = {}) {
  const calls: Array<{ input: unknown; context: unknown }> = [];
  return {
    calls,
    execute: async (input: unknown, context: unknown) => {
      calls.push({ input, context });
      if (delayMs > 0) await new Promise((r) => setTimeout(r, delayMs));
      if (behaviour === 'refuse') {
        const error: any = new Error('Location permission was denied by the user');
        error.name = 'AdkGeolocationError';
        error.code = 'permission-denied';
        throw error;
      }
      return { ...POSITION };
    },
  };
}
