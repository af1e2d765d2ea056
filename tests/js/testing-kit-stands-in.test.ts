// Issue 32 §4, "the testing kit is the transport it stands in for" (SPEC §5): one assistant message
// per agent turn (W5) in both shapes, Pattern B's tool_result and whenMessageSent as BidiTransport
// has them, no WebAssembly, and a split error that names the event it is about.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { approve, createAutoSend } from 'adk-stream-wasm';
import { AdkError, AdkInvalidArgumentError } from 'adk-stream-wasm';
import { AdkTestTransport, AdkTestingError, adkScript, splitResponses } from 'adk-stream-wasm/testing';
import { Chat } from './helpers/ai.js';
import { approvedByPatternB, partOf } from './helpers/pattern-b.js';
import { fixturesDir } from './helpers/fixtures.js';

const POSITION = { latitude: 35.6762, longitude: 139.6503, accuracy: 20, timestamp: 1_767_225_600_000 };
const roles = (chat: any) => chat.messages.map((m: any) => m.role);

describe('issue 32 §4: W5 in the testing kit, one assistant message per agent turn', () => {
  // An approved payment over adkScript, each SSE response with its own messageId: one assistant
  // message in both shapes, for every Chat class (SPEC §5 W5 in tests/support/testing-kit-cases.ts).
  it('bidi: a continuing response that starts with a new messageId stays in the turn\'s message', async () => {
    const transport = new AdkTestTransport({
      responses: [
        [
          { type: 'start', messageId: 'turn-1' },
          { type: 'tool-input-available', toolCallId: 'call-1', toolName: 'process_payment', input: {} },
          { type: 'start-step' },
          { type: 'tool-approval-request', toolCallId: 'call-1', approvalId: 'approval-1' },
          { type: 'finish-step' },
        ],
        [
          { type: 'start', messageId: 'turn-1-again' },
          { type: 'tool-output-available', toolCallId: 'call-1', output: { ok: true } },
          { type: 'text-start', id: 't' },
          { type: 'text-delta', id: 't', delta: 'Paid.' },
          { type: 'text-end', id: 't' },
          { type: 'finish' },
        ],
      ] as any,
    });
    const autoSend = createAutoSend({ mode: 'bidi' });
    const chat = new Chat({ transport, sendAutomaticallyWhen: autoSend.sendAutomaticallyWhen });
    await chat.sendMessage({ text: 'Pay' });
    await transport.settled();
    await approve(chat, 'approval-1');
    expect(await transport.settled()).toBe(2);
    expect(roles(chat)).toEqual(['user', 'assistant']);
    expect(chat.messages[1].id).toBe('turn-1');
  });

  it('a new user message starts a new turn: its response keeps its own messageId', async () => {
    const transport = adkScript({ mode: 'sse' }).text('One.').done().text('Two.').done().transport();
    const chat = new Chat({ transport });
    await chat.sendMessage({ text: 'First' });
    await transport.settled();
    await chat.sendMessage({ text: 'Second' });
    await transport.settled();
    expect(roles(chat)).toEqual(['user', 'assistant', 'user', 'assistant']);
    expect(chat.messages[1].id).not.toBe(chat.messages[3].id);
  });
});

describe("issue 32 §4: Pattern B's tool_result and whenMessageSent in the testing kit", () => {
  it.each([
    ['the approved get_location goes as a tool_result after the approval, and the part holds it', 'get_location', async () => POSITION, POSITION, POSITION],
    ["a tool whose output is no object: the tool_result carries {value: output}, as W1's tool-result part does (SPEC §5: result is an object)", 'get_city', () => 'Tokyo', { value: 'Tokyo' }, 'Tokyo'],
  ])('createAdk Pattern B with the kit: %s', async (_, tool, execute, sent, output) => {
    const { chat, errors, transport } = await approvedByPatternB(tool, execute);
    expect(errors).toEqual([]);
    expect(transport.toolResults).toEqual([{ toolCallId: 'call-1', result: sent, afterRequest: 2 }]);
    expect(transport.requestCount).toBe(2);
    expect(partOf(chat, 'call-1')).toMatchObject({ state: 'output-available', output });
  });

  it('messagesSent counts the requests; whenMessageSent(n) resolves true once more than n were made, false after its timeout', async () => {
    const transport = adkScript({ mode: 'bidi' }).text('Hello.').done().transport();
    expect(transport.messagesSent).toBe(0);
    const first = transport.whenMessageSent(0, 5000);
    expect(await transport.whenMessageSent(0, 10)).toBe(false);
    const chat = new Chat({ transport });
    await chat.sendMessage({ text: 'Hi' });
    expect(await first).toBe(true);
    expect(transport.messagesSent).toBe(1);
    expect(await transport.whenMessageSent(0)).toBe(true);
    expect(await transport.whenMessageSent(1, 10)).toBe(false);
  });

  it('sendToolResult with a bad argument is an AdkInvalidArgumentError, as BidiTransport refuses one', () => {
    const transport = adkScript({ mode: 'bidi' }).transport();
    expect(() => transport.sendToolResult('' as any, {})).toThrow(AdkInvalidArgumentError);
    expect(() => transport.sendToolResult('call-1', 'text' as any)).toThrow(/result is the string 'text'; expected an object/);
  });
});

describe('issue 32 §4: the testing kit needs no WebAssembly', () => {
  it('with WebAssembly gone, the kit loads, splits a BIDI recording and scripts both shapes', () => {
    const recording = readdirBidi();
    const script = `
      delete globalThis.WebAssembly;
      const kit = await import('adk-stream-wasm/testing');
      const recording = JSON.parse(process.env.RECORDING);
      const t = kit.AdkTestTransport.fromRecording(recording);
      const bidi = kit.adkScript({ mode: 'bidi' }).approvalRequest('process_payment').done().text('ok').done().responses();
      const sse = kit.adkScript({ mode: 'sse' }).text('ok').done().responses();
      console.log(JSON.stringify([t.remainingResponses, bidi.length, sse.length]));
    `;
    const out = execFileSync(process.execPath, ['--input-type=module', '-e', script], {
      cwd: resolve(__dirname),
      env: { ...process.env, RECORDING: JSON.stringify(recording) },
      encoding: 'utf8',
    });
    const [responses, bidi, sse] = JSON.parse(out.trim().split('\n').at(-1)!);
    expect(responses).toBeGreaterThan(1);
    expect([bidi, sse]).toEqual([2, 1]);
  });
});

describe('issue 32 §4: errors of the testing kit', () => {
  it("BIDI splitResponses names the bad event's index (not events[undefined])", () => {
    expect(() => splitResponses([{ type: 'start' }, 5] as any, 'bidi')).toThrow(/splitResponses\(\): events\[1\] is the number 5/);
    expect(() => splitResponses([{ type: 'start' }, '[DONE]', null] as any, 'sse')).toThrow(/events\[2\] is null/);
  });

  it('AdkTestingError extends AdkError, as every error of the package does', () => {
    const error = new AdkTestingError('x');
    // The prototype chain, not only `instanceof` (which also answers by an Adk…Error name).
    expect(Object.getPrototypeOf(AdkTestingError.prototype)).toBe(AdkError.prototype);
    expect(error).toBeInstanceOf(AdkError);
    expect(error.name).toBe('AdkTestingError');
  });
});

function readdirBidi(): unknown {
  return JSON.parse(readFileSync(resolve(fixturesDir, 'process_payment-approved-bidi-baseline.json'), 'utf8'));
}
