// The words users see: every explain() rule and every error kind of the core's helpers, walked and
// checked against the texts rule of issue 18: plain words that say what was seen and what to do,
// never a pointer to documents that do not ship with the package ("Principle N", "SPEC §", "ADR",
// "row D"). The words are rendered in JS (js/words/words.js) from the core's codes, so this walks them all.
import { describe, expect, it } from 'vitest';
import {
  answerApprovals,
  approve,
  createAutoSend,
  getFrontendExecuteToolsByCategory,
  pendingApprovals,
  registerFrontendExecuteTool,
  resetFrontendExecuteTools,
} from 'adk-stream-wasm';
import { conversation, requested, responded, textPart, tool } from './helpers/messages.js';

const POINTERS = /Principle \d|principle \d|SPEC|§|ADR|\brow D\d/;

function expectPlain(text: string, where: string) {
  expect(text, where).not.toMatch(POINTERS);
  expect(text.length, where).toBeGreaterThan(20);
}

/** The message of what `fn` throws (or rejects with), with its name. */
async function thrown(fn: () => unknown): Promise<{ name: string; message: string }> {
  try {
    await fn();
  } catch (error: any) {
    return { name: error.name, message: error.message };
  }
  throw new Error('expected an error');
}

describe('explain() words every rule plainly', () => {
  const cases: Array<[string, 'sse' | 'bidi', unknown]> = [
    ['malformed-input', 'sse', null],
    ['malformed-input', 'sse', { messages: 'x' }],
    ['malformed-input', 'sse', { messages: [42] }],
    ['malformed-input', 'sse', conversation({ type: 'tool-x', toolCallId: 'c', state: 'done' })],
    ['malformed-input', 'sse', conversation({ type: 'dynamic-tool', toolCallId: 'c', state: 'input-available' })],
    ['malformed-input', 'sse', conversation({ type: 'tool-x', state: 'input-available' })],
    ['malformed-input', 'sse', conversation(tool('x', 'approval-responded', { approval: 'yes' }))],
    ['malformed-input', 'sse', conversation(tool('x', 'approval-responded', { approval: {} }))],
    ['malformed-input', 'sse', conversation(tool('x', 'approval-responded', { approval: { id: 'a', approved: 'yes' } }))],
    ['malformed-input', 'sse', conversation(42 as any)],
    ['malformed-input', 'sse', conversation({ type: 7 })],
    ['malformed-input', 'sse', { messages: [{ role: 'assistant', parts: 'x' }] }],
    ['not-assistant', 'sse', { messages: [{ role: 'user', parts: [] }] }],
    ['no-parts', 'sse', conversation()],
    ['approval-pending', 'sse', conversation(requested('process_payment'))],
    ['still-streaming', 'sse', conversation(tool('search', 'input-streaming'))],
    ['awaiting-browser-output', 'sse', conversation(responded('get_location', true))],
    ['awaiting-browser-output', 'sse', conversation(tool('get_location', 'input-available'))],
    ['no-user-action', 'sse', conversation(textPart('hello'))],
    ['already-known', 'sse', conversation(responded('process_payment', true), textPart('Paid'))],
    ['already-known', 'sse', conversation(responded('process_payment', true, { error: 'card declined' }))],
    ['unsent-user-action', 'bidi', conversation(responded('a', true), responded('b', false))],
    ['no-messages', 'sse', { messages: [] }],
  ];
  it.each(cases)('%s (%#)', (rule, mode, arg) => {
    const { rule: got, detail } = createAutoSend({ mode }).explain(arg as any);
    expect(got).toBe(rule);
    expectPlain(detail, `${rule}: ${detail}`);
  });

  it('every rule is walked', () => {
    // waits-to-be-sent and arrival-unknown follow a failed send: walked below.
    expect(new Set(cases.map(([rule]) => rule)).size).toBe(10);
  });

  it('waits-to-be-sent (SPEC §5 F-c): a send that failed definitely is worded, never sent automatically, and resent once by the explicit call', () => {
    const autoSend = createAutoSend({ mode: 'sse' });
    const arg = conversation(responded('process_payment', true));
    expect(autoSend.sendAutomaticallyWhen(arg)).toBe(true);
    const HOLD_WAITS = 1;
    (autoSend as any).sendFailed(HOLD_WAITS);
    const { send, rule, detail } = autoSend.explain(arg);
    expect({ send, rule }).toEqual({ send: false, rule: 'waits-to-be-sent' });
    expectPlain(detail, detail);
    expect(detail).toMatch(/resend\(\)/);
    expect(autoSend.sendAutomaticallyWhen(arg), 'never automatically').toBe(false);
    expect(autoSend.resend()).toBe(true);
    expect(autoSend.resend(), 'once').toBe(false);
    expect(autoSend.explain(arg).rule).toBe('already-known');
  });

  it('arrival-unknown (SPEC §5 F-g): an ambiguous failure is worded, never resent; a repeat only where it is offered, with mayHaveArrived, once', () => {
    const HOLD_UNKNOWN = 2;
    const HOLD_REPEATABLE = 3;
    const autoSend = createAutoSend({ mode: 'sse' }) as any;
    const arg = conversation(responded('process_payment', true));
    expect(autoSend.sendAutomaticallyWhen(arg)).toBe(true);
    autoSend.sendFailed(HOLD_UNKNOWN);
    const unknown = autoSend.explain(arg);
    expect({ send: unknown.send, rule: unknown.rule }).toEqual({ send: false, rule: 'arrival-unknown' });
    expectPlain(unknown.detail, unknown.detail);
    expect(unknown.detail).toMatch(/unknown/);
    expect(unknown.detail).not.toMatch(/mayHaveArrived/);
    expect(autoSend.sendAutomaticallyWhen(arg), 'never automatically').toBe(false);
    expect(autoSend.resend()).toBe(false);
    expect(autoSend.resend(true), 'no repeat where none is offered').toBe(false);
    expect(autoSend.explain(arg).rule, 'still unknown').toBe('arrival-unknown');

    autoSend.sendFailed(HOLD_REPEATABLE);
    expect(autoSend.explain(arg).detail).toMatch(/resend\(\{ mayHaveArrived: true \}\)/);
    expect(autoSend.resend(), 'not without mayHaveArrived').toBe(false);
    expect(autoSend.resend(true)).toBe(true);
    expect(autoSend.resend(true), 'once').toBe(false);
    expect(autoSend.explain(arg).rule).toBe('already-known');
  });
});

describe('issue 42 item 5: explain() on a new chat', () => {
  it('explain({messages: []}) is no-messages, false: an empty list is well formed, with nothing to decide', () => {
    for (const mode of ['sse', 'bidi'] as const) {
      const autoSend = createAutoSend({ mode });
      const explanation = autoSend.explain({ messages: [] });
      expect(explanation).toMatchObject({ send: false, rule: 'no-messages' });
      expect(explanation.detail).not.toMatch(/malformed|empty/);
      expect(explanation.detail).toMatch(/no messages/);
      expect(autoSend.sendAutomaticallyWhen({ messages: [] })).toBe(false);
    }
  });
});

describe('the helpers\' errors are worded plainly', () => {
  const chatOf = (messages: unknown[]) => ({ messages, addToolApprovalResponse() {}, addToolOutput() {} }) as any;
  const pending = conversation(requested('process_payment'), requested('get_location')).messages;

  it.each([
    ['createAutoSend without options', () => createAutoSend(undefined as any)],
    ['createAutoSend with an unknown mode', () => createAutoSend({ mode: 'http' as any })],
    ['createAutoSend with Pattern B over SSE', () => createAutoSend({ mode: 'sse', bidiPattern: 'B' })],
    ['createAutoSend with bad frontendTools', () => createAutoSend({ mode: 'sse', frontendTools: [42 as any] })],
    ['pendingApprovals of malformed messages', () => pendingApprovals([{ role: 'assistant', parts: [42] }] as any)],
    ['approve with a toolCallId', () => approve(chatOf(pending), 'call-process_payment')],
    ['approve on a chat with nothing pending', () => approve(chatOf([]), 'approval-1')],
    ['approve with a number', () => approve(chatOf(pending), 42 as any)],
    ['answerApprovals with a missing decision', () => answerApprovals(chatOf(pending), () => [{ approvalId: 'approval-process_payment', approved: true }])],
    ['answerApprovals with a bad handler result', () => answerApprovals(chatOf(pending), () => 42 as any)],
    ['registerFrontendExecuteTool with an unknown category', () => registerFrontendExecuteTool({ name: 'x', category: 'gps' as any })],
    ['registerFrontendExecuteTool without a name', () => registerFrontendExecuteTool({ category: 'other' } as any)],
    ['getFrontendExecuteToolsByCategory with a number', () => getFrontendExecuteToolsByCategory(7 as any)],
  ])('%s', async (what, fn) => {
    const { name, message } = await thrown(fn);
    resetFrontendExecuteTools();
    expect(name, what).toMatch(/^Adk[A-Za-z]+Error$/);
    expectPlain(message, `${what}: ${message}`);
  });

  it('approve on a chat with nothing pending is AdkUnknownApprovalError listing no ids', async () => {
    const { name, message } = await thrown(() => approve(chatOf([]), 'approval-1'));
    expect(name).toBe('AdkUnknownApprovalError');
    expect(message).toContain('No approval is pending');
  });
});

describe('the shipped documentation speaks for itself', () => {
  it('no .d.ts comment or README of the package points at documents it does not ship', async () => {
    const { readdirSync, readFileSync } = await import('node:fs');
    const { dirname, join } = await import('node:path');
    const { createRequire } = await import('node:module');
    const dir = dirname(createRequire(import.meta.url).resolve('adk-stream-wasm/package.json'));
    const files = (readdirSync(dir, { recursive: true }) as string[]).filter((f) => !f.startsWith('node_modules') && (f.endsWith('.d.ts') || f === 'README.md'));
    expect(files.length).toBeGreaterThan(5);
    for (const file of files) {
      const lines = readFileSync(join(dir, file), 'utf8').split('\n');
      lines.forEach((line, i) => expect(line, `${file}:${i + 1}`).not.toMatch(/Principle \d|principle \d|SPEC|ADR \d|\brow D\d/));
    }
  });
});

describe('argument errors in a development build say what was expected', () => {
  // The package build takes each argument error's "expected" words out of the production modules
  // and puts a number in their place (scripts/lib/production-words.mjs); this suite runs under the
  // `development` condition, whose entries load the words back.
  it('createAutoSend with an unknown mode names the modes it knows', async () => {
    const { name, message } = await thrown(() => createAutoSend({ mode: 'http' as any }));
    expect(name).toBe('AdkInvalidArgumentError');
    expect(message).toBe("createAutoSend(): mode 'http' is not known; expected 'sse' or 'bidi'.");
  });

  it('every word the build took out is the source\'s, word for word, and every production number has its words', async () => {
    const { readdirSync, readFileSync } = await import('node:fs');
    const { dirname, join } = await import('node:path');
    const { createRequire } = await import('node:module');
    const dir = dirname(createRequire(import.meta.url).resolve('adk-stream-wasm/package.json'));
    const source = join(dirname(new URL(import.meta.url).pathname), '..', '..', 'js');
    const sourceText = (readdirSync(source, { recursive: true }) as string[])
      .filter((f) => f.endsWith('.js'))
      .map((f) => readFileSync(join(source, f), 'utf8'))
      .join('\n');
    const { EXPECTED_WORDS } = await import(join(dir, 'words', 'expected.js'));
    expect(EXPECTED_WORDS.length).toBeGreaterThan(30);
    for (const words of EXPECTED_WORDS) expect(sourceText, words).toContain(words);
    const shipped = (readdirSync(dir, { recursive: true }) as string[])
      .filter((f) => f.endsWith('.js') && !f.startsWith('node_modules'))
      .map((f) => readFileSync(join(dir, f), 'utf8'))
      .join('\n');
    // A number in place of the words follows the `what` string's closing quote.
    const numbers = [...shipped.matchAll(/invalidArgument\([^;]*?[`'"], (\d+)\)/g)].map((m) => Number(m[1]));
    expect(numbers.length).toBeGreaterThan(30);
    for (const n of numbers) expect(EXPECTED_WORDS[n], `number ${n}`).toBeTypeOf('string');
  });
});
