// The turn machine of the BIDI transport (the package's agent-turn.js, SPEC §5 W5, W6, W8, W9): each
// transition, and what it makes of a `start`. Internal (no export of the package): loaded from the
// installed package's files, as the transport loads it.
import { describe, expect, it } from 'vitest';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';

const dir = dirname(createRequire(import.meta.url).resolve('adk-stream-wasm/package.json'));
const { AgentTurn, NO_TURN, REQUEST_OPEN, AWAITING_ANSWER, AGENT_TURN, newMessageId } = await import(pathToFileURL(join(dir, 'wire/agent-turn.js')).href);
// The W9 rule lives with what applies it (resume-buffered.js, loaded on demand).
const { isUserSpeech } = await import(pathToFileURL(join(dir, 'chat/resume-buffered.js')).href);

const TEXT = { type: 'text-delta', id: 't', delta: 'x' };
const NAMES = new Map([[NO_TURN, 'NO_TURN'], [REQUEST_OPEN, 'REQUEST_OPEN'], [AWAITING_ANSWER, 'AWAITING_ANSWER'], [AGENT_TURN, 'AGENT_TURN']]);
/** The states for it.each, each with its name first (for the test's title). */
const named = (...states: number[]) => states.map((state) => [NAMES.get(state), state] as [string, number]);

/** A machine brought to `state` by its own transitions (`id`: the message a request continues). */
function machineIn(state: number, id?: string) {
  const turn = new AgentTurn();
  if (state === REQUEST_OPEN || state === AWAITING_ANSWER) turn.request(id);
  if (state === AWAITING_ANSWER) turn.paused();
  if (state === AGENT_TURN) turn.begins({ type: 'start', messageId: id ?? 'agent' });
  expect(turn.state).toBe(state);
  return turn;
}

describe('AgentTurn: the transitions', () => {
  it('starts with no turn', () => {
    const turn = new AgentTurn();
    expect([turn.state, turn.messageId]).toEqual([NO_TURN, undefined]);
  });

  it.each(named(NO_TURN, REQUEST_OPEN, AWAITING_ANSWER, AGENT_TURN))('request(id) from %s: request open, its message the one it continues', (_name, state) => {
    const turn = machineIn(state, 'old');
    turn.request('m');
    expect([turn.state, turn.messageId]).toEqual([REQUEST_OPEN, 'm']);
    turn.request(undefined);
    expect([turn.state, turn.messageId]).toEqual([REQUEST_OPEN, undefined]);
  });

  it('paused() from request open: awaiting the answer, the same message (W6)', () => {
    const turn = machineIn(REQUEST_OPEN, 'm');
    turn.paused();
    expect([turn.state, turn.messageId]).toEqual([AWAITING_ANSWER, 'm']);
  });

  it.each(named(NO_TURN, AWAITING_ANSWER, AGENT_TURN))('paused() from %s changes nothing', (_name, state) => {
    const turn = machineIn(state, 'm');
    const before = [turn.state, turn.messageId];
    turn.paused();
    expect([turn.state, turn.messageId]).toEqual(before);
  });

  it.each(named(NO_TURN, REQUEST_OPEN, AWAITING_ANSWER, AGENT_TURN))('ended() from %s: no turn, no message (W8: the next turn is a message of its own)', (_name, state) => {
    const turn = machineIn(state, 'm');
    turn.ended();
    expect([turn.state, turn.messageId]).toEqual([NO_TURN, undefined]);
  });

  it('begins() with no turn and a chunk that is no start: a turn of the backend, its start with an id of the package\'s own (W8)', () => {
    const turn = new AgentTurn();
    const start = turn.begins(TEXT);
    expect(turn.state).toBe(AGENT_TURN);
    expect(start).toEqual({ type: 'start', messageId: turn.messageId });
    expect(typeof turn.messageId).toBe('string');
  });

  it("begins() with no turn and the backend's start: that start, its messageId the turn's (W8)", () => {
    const turn = new AgentTurn();
    const chunk = { type: 'start', messageId: 'voice-1' };
    expect(turn.begins(chunk)).toBe(chunk);
    expect([turn.state, turn.messageId]).toEqual([AGENT_TURN, 'voice-1']);
  });

  it('begins() with no turn and a start without a messageId: the start, named with an id of the package\'s own', () => {
    const turn = new AgentTurn();
    const start = turn.begins({ type: 'start', messageMetadata: { a: 1 } });
    expect(start).toEqual({ type: 'start', messageMetadata: { a: 1 }, messageId: turn.messageId });
  });

  it.each(named(REQUEST_OPEN, AWAITING_ANSWER, AGENT_TURN))('begins() in %s: null, the turn goes on', (_name, state) => {
    const turn = machineIn(state, 'm');
    expect(turn.begins(TEXT)).toBeNull();
    expect([turn.state, turn.messageId]).toEqual([state, 'm']);
  });
});

describe('AgentTurn.chunk: a start names the turn\'s one message (W5)', () => {
  it('other chunks go on as they are', () => {
    const turn = machineIn(AWAITING_ANSWER, 'm');
    expect(turn.chunk(TEXT)).toBe(TEXT);
  });

  it('a request that begins a turn: its response\'s first start names the turn, a later one is renamed to it', () => {
    const turn = machineIn(REQUEST_OPEN);
    const first = { type: 'start', messageId: 'backend-1' };
    expect(turn.chunk(first)).toBe(first);
    expect(turn.messageId).toBe('backend-1');
    expect(turn.chunk({ type: 'start', messageId: 'backend-2' })).toEqual({ type: 'start', messageId: 'backend-1' });
  });

  it.each(named(REQUEST_OPEN, AWAITING_ANSWER, AGENT_TURN))('in %s with the message known: a start naming another is renamed to it', (_name, state) => {
    const turn = machineIn(state, 'm');
    expect(turn.chunk({ type: 'start', messageId: 'other' })).toEqual({ type: 'start', messageId: 'm' });
  });

  it('awaiting the answer with the message not known (the chat named it): a start names none, so it goes on in the chat\'s message', () => {
    const turn = machineIn(AWAITING_ANSWER);
    expect(turn.chunk({ type: 'start', messageId: 'other', messageMetadata: { a: 1 } })).toEqual({ type: 'start', messageMetadata: { a: 1 } });
    expect(turn.messageId).toBeUndefined();
  });
});

describe('AgentTurn.pass: what the transport (and the testing kit) hands on, in order', () => {
  const passed = (turn: any, chunk: any) => {
    const out: Array<[any, boolean]> = [];
    turn.pass(chunk, (c: any, begins: boolean) => out.push([c, begins]));
    return out;
  };

  it('no turn, a chunk that is no start: the turn\'s start (begins), then the chunk', () => {
    const turn = new AgentTurn();
    expect(passed(turn, TEXT)).toEqual([
      [{ type: 'start', messageId: turn.messageId }, true],
      [TEXT, false],
    ]);
  });

  it("no turn, the backend's start: that start once (begins)", () => {
    const start = { type: 'start', messageId: 'voice-1' };
    expect(passed(new AgentTurn(), start)).toEqual([[start, true]]);
  });

  it('a turn in progress: the chunk alone, a start named for the turn', () => {
    const turn = machineIn(AWAITING_ANSWER, 'm');
    expect(passed(turn, TEXT)).toEqual([[TEXT, false]]);
    expect(passed(turn, { type: 'start', messageId: 'x' })).toEqual([[{ type: 'start', messageId: 'm' }, false]]);
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

  it('ids of the package\'s own differ', () => {
    const ids = new Set(Array.from({ length: 100 }, () => newMessageId()));
    expect(ids.size).toBe(100);
  });
});
