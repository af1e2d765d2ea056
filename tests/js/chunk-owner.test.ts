// Which BIDI response owns a chunk (SPEC §5 W5, W6, W8, W11–W13, F-a): the package's one state machine,
// chunk-owner.js, which the transport and the testing kit drive. Every transition from every state,
// whether a request may go out in each, what a `start` becomes. Internal (no export of the package):
// loaded from the installed package's files, as the transport loads it.
import { describe, expect, it } from 'vitest';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';

const dir = dirname(createRequire(import.meta.url).resolve('adk-stream-wasm/package.json'));
const owner = await import(pathToFileURL(join(dir, 'wire/chunk-owner.js')).href);
const { ChunkOwner, NO_TURN, REQUEST_OPEN, AWAITING_ANSWER, AGENT_TURN, ABORTED_TAIL, SOCKET_LOST, KEEP, BEGINS, ASKS, ENDS, newMessageId } = owner;
// The W9 rule lives with what applies it (resume-buffered.js, loaded on demand).
const { isUserSpeech } = await import(pathToFileURL(join(dir, 'chat/resume-buffered.js')).href);

const TEXT = { type: 'text-delta', id: 't', delta: 'x' };
const NAMES: Record<number, string> = {
  [NO_TURN]: 'NO_TURN',
  [REQUEST_OPEN]: 'REQUEST_OPEN',
  [AWAITING_ANSWER]: 'AWAITING_ANSWER',
  [AGENT_TURN]: 'AGENT_TURN',
  [ABORTED_TAIL]: 'ABORTED_TAIL',
  [SOCKET_LOST]: 'SOCKET_LOST',
};
const ALL = [NO_TURN, REQUEST_OPEN, AWAITING_ANSWER, AGENT_TURN, ABORTED_TAIL, SOCKET_LOST];
/** The states for it.each, each with its name first (for the test's title). */
const named = (...states: number[]) => states.map((state) => [NAMES[state], state] as [string, number]);

/** A machine brought to `state` by its own transitions (`id`: the message a request continues). */
function machineIn(state: number, id?: string) {
  const turn = new ChunkOwner();
  if (state === REQUEST_OPEN || state === AWAITING_ANSWER || state === ABORTED_TAIL) turn.sent(id);
  if (state === ABORTED_TAIL) turn.chunk('text-delta');
  if (state === AWAITING_ANSWER) {
    turn.chunk('tool-approval-request');
    turn.chunk('finish-step');
  }
  if (state === AGENT_TURN) turn.pass({ type: 'start', messageId: id ?? 'agent' }, turn.chunk('start'), () => {});
  if (state === ABORTED_TAIL) turn.abort();
  if (state === SOCKET_LOST) turn.lost(true);
  expect(NAMES[turn.state]).toBe(NAMES[state]);
  return turn;
}

describe('ChunkOwner: the states and whether a request may go out (W11, W12)', () => {
  it('starts with no turn, a request may go out', () => {
    const turn = new ChunkOwner();
    expect([turn.state, turn.messageId, turn.canSend]).toEqual([NO_TURN, undefined, true]);
  });

  it.each([
    ['NO_TURN', NO_TURN, true],
    ['REQUEST_OPEN', REQUEST_OPEN, false],
    ['AWAITING_ANSWER', AWAITING_ANSWER, true],
    ['AGENT_TURN', AGENT_TURN, false],
    ['ABORTED_TAIL', ABORTED_TAIL, false],
    ['SOCKET_LOST', SOCKET_LOST, true],
  ])('in %s a request may go out: %s (else it is held until the turn ends)', (_name, state, canSend) => {
    expect(machineIn(state as number, 'm').canSend).toBe(canSend);
  });

  it('awaiting the answer while the paused turn streams again (W6: a second approval): held until its finish-step', () => {
    const turn = machineIn(AWAITING_ANSWER, 'm');
    expect(turn.chunk('tool-approval-request')).toBe(KEEP | ASKS);
    expect(turn.canSend).toBe(false);
    expect(turn.chunk('finish-step')).toBe(KEEP | ENDS);
    expect([turn.state, turn.canSend]).toEqual([AWAITING_ANSWER, true]);
  });
});

describe('ChunkOwner: every transition', () => {
  it.each(named(...ALL))('sent(id) from %s: request open, its message the one it continues', (_name, state) => {
    const turn = machineIn(state, 'old');
    turn.sent('m');
    expect([turn.state, turn.messageId]).toEqual([REQUEST_OPEN, 'm']);
    turn.sent(undefined);
    expect([turn.state, turn.messageId]).toEqual([REQUEST_OPEN, undefined]);
  });

  it.each(named(NO_TURN, SOCKET_LOST))('a chunk in %s begins a turn the backend started (W8): kept, BEGINS', (_name, state) => {
    const turn = machineIn(state);
    expect(turn.chunk('text-delta')).toBe(KEEP | BEGINS);
    expect(turn.state).toBe(AGENT_TURN);
  });

  it.each(named(REQUEST_OPEN, AWAITING_ANSWER, AGENT_TURN))('a chunk in %s: kept for the turn, the state as it was', (_name, state) => {
    const turn = machineIn(state, 'm');
    expect(turn.chunk('text-delta')).toBe(KEEP);
    expect([turn.state, turn.messageId]).toEqual([state, 'm']);
  });

  it.each(named(REQUEST_OPEN, AGENT_TURN))('an approval request then its finish-step in %s: ASKS, then ENDS, awaiting the answer (W6)', (_name, state) => {
    const turn = machineIn(state, 'm');
    expect(turn.chunk('tool-approval-request')).toBe(KEEP | ASKS);
    expect(turn.chunk('text-delta')).toBe(KEEP);
    expect(turn.chunk('finish-step')).toBe(KEEP | ENDS);
    expect([turn.state, turn.messageId]).toEqual([AWAITING_ANSWER, 'm']);
  });

  it('a finish-step with no approval request before it ends nothing', () => {
    const turn = machineIn(REQUEST_OPEN, 'm');
    expect(turn.chunk('finish-step')).toBe(KEEP);
    expect(turn.state).toBe(REQUEST_OPEN);
  });

  it.each(named(REQUEST_OPEN, AGENT_TURN))('[DONE] after a chunk in %s: kept, ENDS, no turn (W8: the next one is a message of its own)', (_name, state) => {
    const turn = machineIn(state, 'm');
    turn.chunk('text-delta');
    expect(turn.done()).toBe(KEEP | ENDS);
    expect([turn.state, turn.messageId, turn.canSend]).toEqual([NO_TURN, undefined, true]);
  });

  it.each(named(NO_TURN, AWAITING_ANSWER, SOCKET_LOST))('[DONE] in %s with no chunk since the last end: a repeat, it ends nothing', (_name, state) => {
    const turn = machineIn(state, 'm');
    const before = [turn.state, turn.messageId];
    expect(turn.done()).toBe(0);
    expect([turn.state, turn.messageId]).toEqual(before);
  });

  it("a repeat [DONE] of the paused response after the answer went out ends nothing of the answer's response", () => {
    const turn = machineIn(AWAITING_ANSWER, 'm');
    turn.sent('m');
    expect(turn.done()).toBe(0);
    expect(turn.state).toBe(REQUEST_OPEN);
  });

  it.each(named(REQUEST_OPEN, AGENT_TURN))('abort() in %s: an aborted tail; its chunks are dropped (W12)', (_name, state) => {
    const turn = machineIn(state, 'm');
    turn.abort();
    expect(turn.state).toBe(ABORTED_TAIL);
    expect(turn.chunk('text-delta')).toBe(0);
    expect(turn.chunk('start')).toBe(0);
    expect(turn.state).toBe(ABORTED_TAIL);
  });

  it.each(named(NO_TURN, AWAITING_ANSWER, ABORTED_TAIL, SOCKET_LOST))('abort() in %s changes nothing (no response streams)', (_name, state) => {
    const turn = machineIn(state, 'm');
    const before = [turn.state, turn.messageId];
    turn.abort();
    expect([turn.state, turn.messageId]).toEqual(before);
  });

  it("the aborted tail's [DONE]: dropped, no turn (W12)", () => {
    const turn = machineIn(ABORTED_TAIL, 'm');
    expect(turn.done()).toBe(0);
    expect([turn.state, turn.canSend]).toEqual([NO_TURN, true]);
    // The next chunk is the backend's next turn, never the tail.
    expect(turn.chunk('text-delta')).toBe(KEEP | BEGINS);
  });

  it("the aborted tail's finish-step after its approval request: dropped, no turn", () => {
    const turn = machineIn(REQUEST_OPEN, 'm');
    turn.chunk('tool-approval-request');
    turn.abort();
    expect(turn.chunk('finish-step')).toBe(0);
    expect(turn.state).toBe(NO_TURN);
  });

  it('quiet() in ABORTED_TAIL: the backend ended the stopped turn without [DONE] (W12), no turn; a later [DONE] is no end', () => {
    const turn = machineIn(ABORTED_TAIL, 'm');
    turn.quiet();
    expect([turn.state, turn.canSend]).toEqual([NO_TURN, true]);
    expect(turn.done()).toBe(0);
  });

  it.each(named(NO_TURN, REQUEST_OPEN, AWAITING_ANSWER, AGENT_TURN, SOCKET_LOST))('quiet() in %s changes nothing (only a tail ends by silence)', (_name, state) => {
    const turn = machineIn(state, 'm');
    const before = [turn.state, turn.messageId, turn.canSend];
    turn.quiet();
    expect([turn.state, turn.messageId, turn.canSend]).toEqual(before);
  });

  it.each(named(...ALL))('lost(true) from %s: SOCKET_LOST (F-a), lost(false): NO_TURN; either way the response rule starts over', (_name, state) => {
    for (const [answersLost, expected] of [[true, SOCKET_LOST], [false, NO_TURN]] as const) {
      const turn = machineIn(state, 'm');
      turn.chunk('tool-approval-request');
      turn.lost(answersLost);
      expect([turn.state, turn.messageId, turn.canSend]).toEqual([expected, undefined, true]);
      // The approval request of the old socket no longer holds: a finish-step ends nothing.
      turn.chunk('text-delta');
      expect(turn.chunk('finish-step') & ENDS).toBe(0);
    }
  });
});

describe('ChunkOwner.pass: what the transport (and the testing kit) hands on, in order (W5, W8)', () => {
  const passed = (turn: any, chunk: any) => {
    const out: Array<[any, boolean]> = [];
    turn.pass(chunk, turn.chunk(chunk.type), (c: any, begins: boolean) => out.push([c, begins]));
    return out;
  };

  it("no turn, a chunk that is no start: the turn's start with an id of the package's own (begins), then the chunk", () => {
    const turn = new ChunkOwner();
    expect(passed(turn, TEXT)).toEqual([
      [{ type: 'start', messageId: turn.messageId }, true],
      [TEXT, false],
    ]);
    expect(turn.messageId).toMatch(/^adk-/);
  });

  it("no turn, the backend's start: that start once (begins), its messageId the turn's", () => {
    const turn = new ChunkOwner();
    const start = { type: 'start', messageId: 'voice-1' };
    expect(passed(turn, start)).toEqual([[start, true]]);
    expect([turn.state, turn.messageId]).toEqual([AGENT_TURN, 'voice-1']);
  });

  it('no turn, a start without a messageId: the start, named with an id of the package\'s own', () => {
    const turn = new ChunkOwner();
    expect(passed(turn, { type: 'start', messageMetadata: { a: 1 } })).toEqual([[{ type: 'start', messageMetadata: { a: 1 }, messageId: turn.messageId }, true]]);
  });

  it("a request that begins a turn: its response's first start names the turn, a later one is renamed to it (W5)", () => {
    const turn = machineIn(REQUEST_OPEN);
    const first = { type: 'start', messageId: 'backend-1' };
    expect(passed(turn, first)).toEqual([[first, false]]);
    expect(passed(turn, { type: 'start', messageId: 'backend-2' })).toEqual([[{ type: 'start', messageId: 'backend-1' }, false]]);
  });

  it.each(named(REQUEST_OPEN, AWAITING_ANSWER, AGENT_TURN))('in %s with the message known: the chunk alone, a start naming another renamed to it', (_name, state) => {
    const turn = machineIn(state, 'm');
    expect(passed(turn, TEXT)).toEqual([[TEXT, false]]);
    expect(passed(turn, { type: 'start', messageId: 'other' })).toEqual([[{ type: 'start', messageId: 'm' }, false]]);
  });

  it("awaiting the answer with the message not known (the chat named it): a start names none, so it goes on in the chat's message", () => {
    const turn = machineIn(AWAITING_ANSWER);
    expect(passed(turn, { type: 'start', messageId: 'other', messageMetadata: { a: 1 } })).toEqual([[{ type: 'start', messageMetadata: { a: 1 } }, false]]);
    expect(turn.messageId).toBeUndefined();
  });
});

describe('isUserSpeech (W9) and newMessageId', () => {
  it.each([
    [{ type: 'text-start', id: 'm_input_text' }, true],
    [{ type: 'text-delta', id: 'm_input_text', delta: 'hi' }, true],
    [{ type: 'text-end', id: 'm_input_text' }, true],
    [{ type: 'text-delta', id: 'm_output_text', delta: 'hi' }, false],
    [{ type: 'reasoning-delta', id: 'm_input_text', delta: 'hi' }, false],
    [{ type: 'text-delta', id: 7 }, false],
  ])('%j: %s', (chunk, expected) => {
    expect(isUserSpeech(chunk)).toBe(expected);
  });

  it("ids of the package's own differ", () => {
    const ids = new Set(Array.from({ length: 100 }, () => newMessageId()));
    expect(ids.size).toBe(100);
  });
});
