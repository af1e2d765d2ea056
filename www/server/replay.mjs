// Replay mode: plays a recorded backend conversation (../shared/fixtures/*.json) turn by turn,
// frames verbatim. SSE: one HTTP response per `[DONE]`. BIDI: the socket conversation split where a
// client's response stream ends (SPEC §5): at `[DONE]` and at the first `finish-step` after a
// `tool-approval-request`; between turns the backend waits for the client's next message.
import fs from 'node:fs';
import path from 'node:path';
import { splitRawEvents } from 'adk-stream-wasm/testing';
import { answersIn, continuesTurn, ignoredBecause } from './adk-reading.mjs';
import { isToolPart, toolNameOf } from './protocol.mjs';

export function loadFixture(nameOrPath, fixturesDir) {
  const candidates = [nameOrPath, path.join(fixturesDir, nameOrPath), path.join(fixturesDir, `${nameOrPath}.json`)];
  const file = candidates.find((f) => fs.existsSync(f) && fs.statSync(f).isFile());
  if (!file) throw new Error(`fixture not found: ${nameOrPath} (looked in ${fixturesDir})`);
  const recording = JSON.parse(fs.readFileSync(file, 'utf8'));
  const rawEvents = recording && recording.output && recording.output.rawEvents;
  if (!Array.isArray(rawEvents)) throw new Error(`${file}: no output.rawEvents`);
  const mode = recording.mode === 'bidi' ? 'bidi' : 'sse';
  return {
    name: path.basename(file, '.json'),
    file,
    mode,
    recording,
    segments: splitTurns(rawEvents, mode),
  };
}

const payloadOf = (raw) => String(raw).replace(/^data:\s?/, '').trim();

/** The response streams of a recording, each a list of raw frames: the package's own split (the
 *  testing kit's, from the core's rules that BidiTransport applies), so the replay ends a turn
 *  exactly where the client's stream ends. */
export function splitTurns(rawEvents, mode) {
  return splitRawEvents(rawEvents, mode);
}

/** The chunks of a list of raw frames, in order: `[DONE]` and what is not a JSON object are no chunk. */
function* chunksIn(rawEvents) {
  for (const raw of rawEvents) {
    const payload = payloadOf(raw);
    if (payload === '[DONE]') continue;
    let chunk;
    try {
      chunk = JSON.parse(payload);
    } catch {
      continue; // not a chunk
    }
    if (chunk !== null && typeof chunk === 'object') yield chunk;
  }
}

/** How many approvals a response stream asks for: its `tool-approval-request` chunks. */
export function approvalsIn(segment) {
  let count = 0;
  for (const chunk of chunksIn(segment)) if (chunk.type === 'tool-approval-request') count++;
  return count;
}

/** The final text of a recording: the text deltas of the last text part, as a user sees them. */
export function finalTextOf(rawEvents) {
  const texts = new Map();
  let lastId = null;
  for (const chunk of chunksIn(rawEvents)) {
    if (chunk.type === 'text-start') {
      lastId = chunk.id;
      texts.set(chunk.id, '');
    } else if (chunk.type === 'text-delta') {
      texts.set(chunk.id, (texts.get(chunk.id) ?? '') + chunk.delta);
    }
  }
  return lastId === null ? '' : texts.get(lastId);
}

/** The text of the recording's first user message (its prompt). */
export function promptOf(recording) {
  const first = recording && recording.input && Array.isArray(recording.input.messages) ? recording.input.messages[0] : null;
  if (!first) return '';
  if (typeof first.content === 'string') return first.content;
  return Array.isArray(first.parts) ? first.parts.filter((p) => p.type === 'text').map((p) => p.text).join('\n') : '';
}

/** The browser tools of the recordings: an approved one needs its tool-result part (W1). */
const BROWSER_TOOLS = new Set(['get_location']);

/**
 * Why the real backend would not read a continuation as the recording's next turn (SPEC §4a), or
 * null: no approval-responded part (row A), or an approved browser tool without its tool-result
 * part (row B, which over SSE only times out).
 */
export function replayIgnores(message) {
  const ignored = ignoredBecause(message);
  if (ignored !== null) return ignored;
  const answers = answersIn(message);
  for (const part of message.parts) {
    if (!isToolPart(part) || !BROWSER_TOOLS.has(toolNameOf(part))) continue;
    const answer = answers.get(part.toolCallId);
    if (answer && answer.approved && answer.result === undefined) {
      return `${toolNameOf(part)} was approved without a tool-result part after it (SPEC §4a row B)`;
    }
  }
  return null;
}

/** SSE replay: each chat id walks through the recording; a new user message starts it again. */
export class SseReplay {
  constructor(fixture) {
    this.fixture = fixture;
    this.cursors = new Map();
  }
  next(chatId, lastRole) {
    const cursor = lastRole === 'user' ? 0 : (this.cursors.get(chatId) ?? 0);
    this.cursors.set(chatId, cursor + 1);
    return this.fixture.segments[cursor] ?? null;
  }
}

/** BIDI replay of one turn: `io` as in agent.mjs's bidiTurn, plus emitRaw(frame). */
export async function replayBidiTurn(io, messages, fixture) {
  const last = Array.isArray(messages) ? messages[messages.length - 1] : null;
  if (!last || last.role !== 'user') {
    io.violation('replay: a message came after the recording ended');
    return;
  }
  const segments = fixture.segments;
  for (let i = 0; i < segments.length; i++) {
    if (i > 0) {
      // As the real backend (SPEC §4a): only a message that answers in approval-responded parts
      // releases the wait; anything else is taken and the wait goes on until the timeout.
      const deadline = Date.now() + io.approvalTimeoutMs;
      for (;;) {
        const next = await io.waitForMessage(deadline - Date.now());
        if (next === null) {
          io.violation('BIDI replay: no message answered the approval before the timeout');
          return;
        }
        if (continuesTurn(next[next.length - 1])) break;
        io.violation(`BIDI replay: ${ignoredBecause(next[next.length - 1])}; the approval wait goes on`);
      }
    }
    for (const raw of segments[i]) await io.emitRaw(raw);
  }
}
