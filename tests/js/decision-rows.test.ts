// A few decision rows of SPEC §2 as JS sees them through the installed package: the per-chat
// engine (createAutoSend), fresh for each row unless the row says otherwise. The Rust tests cover
// every row; these check the values survive the boundary, including hostile ones.
import { describe, expect, it } from 'vitest';
import { createAutoSend, type Mode } from 'adk-stream-wasm';
import { conversation, reasoningPart, requested, responded, textPart, tool } from './helpers/messages.js';

const RULES = [
  'malformed-input',
  'not-assistant',
  'no-parts',
  'approval-pending',
  'still-streaming',
  'awaiting-browser-output',
  'no-user-action',
  'already-known',
  'unsent-user-action',
  'waits-to-be-sent',
  'arrival-unknown',
  'no-messages',
];

/** The decision and its explanation; both must come back without throwing. */
function decideAndExplain(mode: Mode, arg: unknown) {
  const autoSend = createAutoSend({ mode });
  let explanation: any;
  expect(() => {
    explanation = autoSend.explain(arg as any);
  }, 'explain() throws').not.toThrow();
  let send: unknown;
  expect(() => {
    send = autoSend.sendAutomaticallyWhen(arg as any);
  }, 'sendAutomaticallyWhen() throws').not.toThrow();
  return { send, explanation };
}

function hostileValues(): Array<[string, unknown]> {
  const cyclic: any = { role: 'assistant' };
  cyclic.parts = [cyclic];
  cyclic.self = cyclic;
  const cyclicArgument: any = {};
  cyclicArgument.messages = [cyclicArgument];
  const throwing = (what: string) => () => {
    throw new Error(`${what} getter throws`);
  };
  const trapAll = new Proxy(
    {},
    {
      get: throwing('proxy get'),
      has: throwing('proxy has'),
      ownKeys: throwing('proxy ownKeys'),
      getPrototypeOf: throwing('proxy getPrototypeOf'),
      getOwnPropertyDescriptor: throwing('proxy getOwnPropertyDescriptor'),
    },
  );
  const revoked = Proxy.revocable({}, {});
  revoked.revoke();
  return [
    ['null', null],
    ['undefined', undefined],
    ['a number', 42],
    ['a string', 'messages'],
    ['an empty object', {}],
    ['{messages: []}', { messages: [] }],
    ['{messages: null}', { messages: null }],
    ['{messages: 7}', { messages: 7 }],
    ['{messages: [undefined]}', { messages: [undefined] }],
    ['{messages: [null]}', { messages: [null] }],
    ['{messages: [42]}', { messages: [42] }],
    ['a cyclic argument', cyclicArgument],
    ['a cyclic message (a part that is the message itself)', { messages: [cyclic] }],
    ['a throwing `messages` getter', { get messages() { return throwing('messages')(); } }],
    ['a message whose `role` getter throws', { messages: [{ get role() { return throwing('role')(); }, parts: [] }] }],
    ['a message whose `parts` getter throws', { messages: [{ role: 'assistant', get parts() { return throwing('parts')(); } }] }],
    [
      'a tool part whose `state` getter throws',
      { messages: [{ role: 'assistant', parts: [{ type: 'tool-pay', toolCallId: 'c', get state() { return throwing('state')(); } }] }] },
    ],
    [
      'an approval whose `approved` getter throws',
      { messages: [{ role: 'assistant', parts: [{ type: 'tool-pay', toolCallId: 'c', state: 'approval-responded', approval: { id: 'a', get approved() { return throwing('approved')(); } } }] }] },
    ],
    ['a Proxy whose every trap throws, as the argument', trapAll],
    ['a Proxy whose every trap throws, as the messages', { messages: trapAll }],
    ['a Proxy whose every trap throws, as the last message', { messages: [trapAll] }],
    ['a Proxy whose every trap throws, as a part', { messages: [{ role: 'assistant', parts: [trapAll] }] }],
    ['a revoked Proxy', revoked.proxy],
    ['a frozen malformed argument', Object.freeze({ messages: Object.freeze([Object.freeze({ role: 'assistant', parts: 'oops' })]) })],
  ];
}

describe.each(['sse', 'bidi'] as const)('SPEC §2 decision rows through the package (%s)', (mode) => {
  it.each(hostileValues())(`D1 ${mode}: %s gives false, no exception, and an explanation`, (_label, value) => {
    const { send, explanation } = decideAndExplain(mode, value);
    expect(send).toBe(false);
    expect(explanation.send).toBe(false);
    expect(RULES).toContain(explanation.rule);
    expect(typeof explanation.detail).toBe('string');
    expect(explanation.detail.length).toBeGreaterThan(0);
  });

  it(`D1 ${mode}: a deep-frozen well-formed message is read, not written (D6 on frozen objects is true)`, () => {
    const deepFreeze = (value: any): any => {
      if (value && typeof value === 'object') {
        for (const key of Object.keys(value)) deepFreeze(value[key]);
        Object.freeze(value);
      }
      return value;
    };
    const { send } = decideAndExplain(mode, deepFreeze(conversation(responded('process_payment', true))));
    expect(send).toBe(true);
  });

  it.each([
    ['user', { messages: [{ id: 'u', role: 'user', parts: [textPart('hi')] }] }],
    ['system', { messages: [{ id: 's', role: 'system', parts: [textPart('be nice')] }] }],
    ['missing', { messages: [{ id: 'x', parts: [responded('process_payment', true)] }] }],
  ])(`D2 ${mode}: last role %s gives false`, (_role, arg) => {
    const { send, explanation } = decideAndExplain(mode, arg);
    expect(send).toBe(false);
    expect(explanation.rule).toBe('not-assistant');
  });

  it.each([
    ['missing', { messages: [{ id: 'a', role: 'assistant' }] }],
    ['null', { messages: [{ id: 'a', role: 'assistant', parts: null }] }],
    ['[]', { messages: [{ id: 'a', role: 'assistant', parts: [] }] }],
  ])(`D3 ${mode}: assistant with parts %s gives false`, (_what, arg) => {
    const { send, explanation } = decideAndExplain(mode, arg);
    expect(send).toBe(false);
    expect(explanation.rule).toBe('no-parts');
  });

  it(`D4 ${mode}: [text] gives false`, () => {
    expect(decideAndExplain(mode, conversation(textPart('Hello'))).send).toBe(false);
  });

  it(`D5 ${mode}: an approval still requested gives false (approval-pending)`, () => {
    const { send, explanation } = decideAndExplain(mode, conversation(requested('process_payment')));
    expect(send).toBe(false);
    expect(explanation.rule).toBe('approval-pending');
    expect(explanation.detail).toContain('approval-process_payment');
  });

  it.each([true, false])(`D6/D7 ${mode}: process_payment answered (approved %s) gives true`, (approved) => {
    const { send, explanation } = decideAndExplain(mode, conversation(responded('process_payment', approved)));
    expect(send).toBe(true);
    expect(explanation).toMatchObject({ send: true, rule: 'unsent-user-action' });
  });

  it(`D8 ${mode}: one answered, one still requested gives false`, () => {
    expect(decideAndExplain(mode, conversation(responded('a', true), requested('b'))).send).toBe(false);
  });

  it(`D9 ${mode}: two answers give true once (one request carries both)`, () => {
    const autoSend = createAutoSend({ mode });
    const arg = conversation(responded('a', true), responded('b', false));
    expect(autoSend.sendAutomaticallyWhen(arg)).toBe(true);
    expect(autoSend.sendAutomaticallyWhen(arg)).toBe(false);
  });

  it(`D10 ${mode}: reasoning and text before the answer do not block it`, () => {
    const arg = conversation(reasoningPart('thinking'), textPart('I will pay'), responded('process_payment', true));
    expect(decideAndExplain(mode, arg).send).toBe(true);
  });

  it(`D11 ${mode}: an earlier answer, text, then a new request: false, then true once b is answered`, () => {
    const autoSend = createAutoSend({ mode });
    expect(autoSend.sendAutomaticallyWhen(conversation(responded('a', true), textPart('Found 10 users'), requested('b')))).toBe(false);
    expect(autoSend.sendAutomaticallyWhen(conversation(responded('a', true), textPart('Found 10 users'), responded('b', true)))).toBe(true);
  });

  it(`D12 ${mode}: a backend tool result followed by text gives false`, () => {
    const arg = conversation(tool('search', 'output-available', { output: { hits: 3 } }), textPart('Here are the results'));
    expect(decideAndExplain(mode, arg).send).toBe(false);
  });

  it(`D13 ${mode}: a backend error after the answer gives false`, () => {
    const arg = conversation(responded('adk_request_confirmation', true), tool('search', 'output-error', { errorText: 'backend failed' }));
    expect(decideAndExplain(mode, arg).send).toBe(false);
  });

  it(`D14 ${mode}: an output the browser added after the answer gives true`, () => {
    const autoSend = createAutoSend({ mode });
    autoSend.markBrowserOutput('call-search');
    const arg = conversation(responded('adk_request_confirmation', true), tool('search', 'output-available', { output: { hits: 3 } }));
    expect(autoSend.sendAutomaticallyWhen(arg)).toBe(true);
  });

  it(`D16 ${mode}: the same answer asked twice gives true, then false (already-known)`, () => {
    const autoSend = createAutoSend({ mode });
    const arg = conversation(responded('process_payment', true));
    expect(autoSend.sendAutomaticallyWhen(arg)).toBe(true);
    expect(autoSend.sendAutomaticallyWhen(arg)).toBe(false);
    expect(autoSend.explain(arg)).toMatchObject({ send: false, rule: 'already-known' });
  });

  it(`D21 ${mode}: get_location output-error added by the browser gives true`, () => {
    const autoSend = createAutoSend({ mode });
    autoSend.markBrowserOutput('call-get_location');
    const arg = conversation(tool('get_location', 'output-error', { errorText: 'User denied Geolocation' }));
    expect(autoSend.sendAutomaticallyWhen(arg)).toBe(true);
  });
});

describe('SPEC §2 mode-specific rows through the package', () => {
  it('D15 bidi: Alice denied earlier (output-error), reasoning, then Bob answered gives true', () => {
    for (const approved of [true, false]) {
      const arg = conversation(
        tool('alice_payment', 'output-error', { errorText: 'User denied', approval: { id: 'approval-alice', approved: false } }),
        reasoningPart('Now Bob'),
        responded('bob_payment', approved),
      );
      expect(decideAndExplain('bidi', arg).send, `Bob approved ${approved}`).toBe(true);
    }
  });

  it('D17 sse: get_location approved without output gives false (awaiting-browser-output)', () => {
    const { send, explanation } = decideAndExplain('sse', conversation(responded('get_location', true)));
    expect(send).toBe(false);
    expect(explanation.rule).toBe('awaiting-browser-output');
  });

  it('D18 sse: get_location denied gives true', () => {
    expect(decideAndExplain('sse', conversation(responded('get_location', false))).send).toBe(true);
  });

  it('D19 sse: get_location output after approval, added through the engine, gives true', () => {
    const autoSend = createAutoSend({ mode: 'sse' });
    autoSend.markBrowserOutput('call-get_location');
    const arg = conversation(
      tool('get_location', 'output-available', { output: { latitude: 1, longitude: 2 }, approval: { id: 'approval-get_location', approved: true } }),
    );
    expect(autoSend.sendAutomaticallyWhen(arg)).toBe(true);
  });

  it('D20 bidi Pattern B: get_location approved without output gives true', () => {
    const autoSend = createAutoSend({ mode: 'bidi', bidiPattern: 'B' });
    expect(autoSend.bidiPattern).toBe('B');
    expect(autoSend.sendAutomaticallyWhen(conversation(responded('get_location', true)))).toBe(true);
  });

  it('D20 bidi Pattern A (default): get_location approved without output gives false', () => {
    const autoSend = createAutoSend({ mode: 'bidi' });
    expect(autoSend.bidiPattern).toBe('A');
    expect(autoSend.sendAutomaticallyWhen(conversation(responded('get_location', true)))).toBe(false);
  });

  it('D22 sse: dynamic-tool named get_location behaves as tool-get_location (D17–D19)', () => {
    const dynamic = (state: string, extra: Record<string, unknown>) => ({
      type: 'dynamic-tool',
      toolName: 'get_location',
      toolCallId: 'call-dyn',
      state,
      input: {},
      ...extra,
    });
    const approval = (approved: boolean) => ({ approval: { id: 'approval-dyn', approved } });
    expect(decideAndExplain('sse', conversation(dynamic('approval-responded', approval(true)))).send).toBe(false);
    expect(decideAndExplain('sse', conversation(dynamic('approval-responded', approval(false)))).send).toBe(true);
    const autoSend = createAutoSend({ mode: 'sse' });
    autoSend.markBrowserOutput('call-dyn');
    expect(autoSend.sendAutomaticallyWhen(conversation(dynamic('output-available', { ...approval(true), output: { latitude: 1 } })))).toBe(true);
  });

  it('bad options are an AdkInvalidArgumentError at once', () => {
    expect(() => createAutoSend({ mode: 'websocket' as any })).toThrowError(expect.objectContaining({ name: 'AdkInvalidArgumentError' }));
  });
});

describe('SPEC §2 amended rows through the package (D23–D25, D27), both modes', () => {
  const location = (state: string, extra = {}) => tool('get_location', state, extra);
  const adr0005 = (locationState: string, confirmation: 'requested' | boolean) => ({
    messages: [
      { id: 'user-1', role: 'user', parts: [textPart('Where am I?')] },
      {
        id: 'assistant-1',
        role: 'assistant',
        parts: [
          location(locationState, locationState === 'output-available' ? { output: { latitude: 1 } } : {}),
          confirmation === 'requested' ? requested('adk_request_confirmation') : responded('adk_request_confirmation', confirmation),
        ],
      },
    ],
  });

  it.each(['sse', 'bidi'] as const)('D23/D24 %s: answer at once, then the output once (marked or not), then nothing', (mode) => {
    for (const mark of [true, false]) {
      const autoSend = createAutoSend({ mode });
      expect(autoSend.sendAutomaticallyWhen(adr0005('input-available', 'requested'))).toBe(false);
      expect(autoSend.sendAutomaticallyWhen(adr0005('input-available', true))).toBe(true);
      expect(autoSend.sendAutomaticallyWhen(adr0005('input-available', true))).toBe(false);
      if (mark) autoSend.markBrowserOutput('call-get_location');
      expect(autoSend.explain(adr0005('output-available', true))).toMatchObject({ send: true, rule: 'unsent-user-action' });
      expect(autoSend.sendAutomaticallyWhen(adr0005('output-available', true))).toBe(true);
      expect(autoSend.sendAutomaticallyWhen(adr0005('output-available', true))).toBe(false);
    }
  });

  it.each(['sse', 'bidi'] as const)('D24b %s: the backend answer after the browser output is false, same and fresh engine', (mode) => {
    const autoSend = createAutoSend({ mode });
    expect(autoSend.sendAutomaticallyWhen(conversation(responded('get_location', true)))).toBe(false);
    expect(autoSend.sendAutomaticallyWhen(conversation(responded('get_location', true, { state: 'output-available', output: {} })))).toBe(true);
    const answered = conversation(responded('get_location', true, { state: 'output-available', output: {} }), textPart('You are in Tokyo'));
    expect(autoSend.sendAutomaticallyWhen(answered)).toBe(false);
    expect(createAutoSend({ mode }).sendAutomaticallyWhen(answered)).toBe(false);
  });

  it.each(['sse', 'bidi'] as const)('D25 %s: output-denied and a backend output-error after the answer are false on a fresh engine', (mode) => {
    expect(createAutoSend({ mode }).sendAutomaticallyWhen(conversation(responded('process_payment', false, { state: 'output-denied' })))).toBe(false);
    expect(
      createAutoSend({ mode }).sendAutomaticallyWhen(conversation(responded('process_payment', true, { state: 'output-error', errorText: 'card declined' }))),
    ).toBe(false);
  });

  it.each(['sse', 'bidi'] as const)('D27 %s: an automatic approval (isAutomatic) is not a user action', (mode) => {
    const automatic = responded('get_weather', true, { approval: { id: 'approval-get_weather', approved: true, isAutomatic: true } });
    const alone = createAutoSend({ mode });
    expect(alone.sendAutomaticallyWhen(conversation(automatic))).toBe(false);
    expect(alone.explain(conversation(automatic)).rule).toBe('no-user-action');
    const beside = createAutoSend({ mode });
    const both = conversation(automatic, responded('process_payment', true));
    expect(beside.sendAutomaticallyWhen(both)).toBe(true);
    expect(beside.sendAutomaticallyWhen(both)).toBe(false);
  });
});
