// Issue 32 §4, "One API" and Pattern B: the package's ways in (createAutoSend, createAdk, the
// transports) take the same options the same way, name themselves in their errors, and a Pattern B
// output that cannot reach the backend is shown, never left without an output.
import { describe, expect, it } from 'vitest';
import { AdkError, AdkInternalError, AdkInvalidArgumentError, AdkTransportError, createAutoSend } from 'adk-stream-wasm';
import { AdkSseTransport, createAdk } from 'adk-stream-wasm/chat';
import { AdkVoiceError } from 'adk-stream-wasm/voice';
import { approvedByPatternB, partOf } from './helpers/pattern-b.js';

const POSITION = { latitude: 35.6762, longitude: 139.6503, accuracy: 20, timestamp: 1_767_225_600_000 };

describe('issue 32 §4 One API: createAdk names itself in its errors', () => {
  it("createAdk({mode: 'http'}) is createAdk's error, not createAutoSend's", () => {
    expect(() => createAdk({ mode: 'http' } as any)).toThrow(AdkInvalidArgumentError);
    expect(() => createAdk({ mode: 'http' } as any)).toThrow(/^createAdk\(\): mode 'http' is not known/);
    expect(() => createAdk({ mode: 'sse', bidiPattern: 'B' } as any)).toThrow(/^createAdk\(\): bidiPattern 'B' was given with mode 'sse'/);
  });
});

describe('issue 32 §4 One API: frontendTools takes the same forms everywhere (names, {name} objects, a function, [] for none)', () => {
  const isMine = (name: string) => name === 'pick_file';

  it('createAutoSend takes a function', () => {
    const autoSend = createAutoSend({ mode: 'sse', frontendTools: isMine });
    expect(autoSend.isFrontendTool('pick_file')).toBe(true);
    expect(autoSend.isFrontendTool('get_location')).toBe(false);
  });

  it("createAdk takes a function, beside the chat's own tools", () => {
    const adk = createAdk({ mode: 'bidi', frontendTools: isMine, tools: { take_note: { execute: () => 'ok', requiresApproval: false } } });
    expect(adk.autoSend.isFrontendTool('pick_file')).toBe(true);
    expect(adk.autoSend.isFrontendTool('take_note')).toBe(true);
    expect(adk.autoSend.isFrontendTool('get_location')).toBe(false);
  });

  it('one engine hands its set to another as autoSend.isFrontendTool', () => {
    const first = createAutoSend({ mode: 'sse', frontendTools: ['pick_file'] });
    const second = createAutoSend({ mode: 'sse', frontendTools: first.isFrontendTool });
    expect(['pick_file', 'get_location'].map(second.isFrontendTool)).toEqual([true, false]);
  });

  it('a value that is no set is refused in the same words by createAutoSend, createAdk and AdkSseTransport', () => {
    const expected = (fn: () => unknown) => {
      try {
        fn();
      } catch (error) {
        expect(error).toBeInstanceOf(AdkInvalidArgumentError);
        return (error as Error).message.replace(/^[^(]*\(\): /, '');
      }
      throw new Error('no error');
    };
    const words = [
      expected(() => createAutoSend({ mode: 'sse', frontendTools: 5 as any })),
      expected(() => createAdk({ mode: 'sse', frontendTools: 5 as any })),
      expected(() => new AdkSseTransport({ frontendTools: 5 as any })),
    ];
    expect(words[0]).toMatch(/frontendTools. is the number 5; expected .*a function/);
    expect(new Set(words).size).toBe(1);
  });
});

describe("issue 32 §4 One API: the engine's onError through createAdk", () => {
  it('createAdk({onError}) hears the engine trap (AdkInternalError), once', () => {
    const errors: unknown[] = [];
    const adk = createAdk({ mode: 'sse', onError: (error: unknown) => errors.push(error) });
    const tooLarge = { messages: [{ id: 'big', role: 'assistant', parts: new Array(2 ** 30) }] };
    expect(adk.sendAutomaticallyWhen(tooLarge as any)).toBe(false);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toBeInstanceOf(AdkInternalError);
  });
});

describe('issue 32 §4 One API: every error extends AdkError, and describing a value never throws', () => {
  it('new AdkInvalidArgumentError(Symbol()) is an AdkInvalidArgumentError, not a TypeError', () => {
    const error = new AdkInvalidArgumentError(Symbol('odd') as any);
    expect(error).toBeInstanceOf(AdkError);
    expect(error.message).toBe('Symbol(odd)');
    const hostile = { toString: () => { throw new Error('no'); } };
    expect(new AdkError(hostile as any).message).toBe('object');
  });

  it('AdkVoiceError extends AdkError (its prototype chain), with its code', () => {
    expect(Object.getPrototypeOf(AdkVoiceError.prototype)).toBe(AdkError.prototype);
    const error = new AdkVoiceError('unsupported', 'No Web Audio here.');
    expect(error).toBeInstanceOf(AdkError);
    expect([error.name, error.code, error.message]).toEqual(['AdkVoiceError', 'unsupported', 'No Web Audio here.']);
  });

  it('an option given as a symbol is named, not a TypeError', () => {
    expect(() => createAutoSend({ mode: Symbol('sse') as any })).toThrow(AdkInvalidArgumentError);
    expect(() => createAdk({ mode: 'sse', frontendTools: [Symbol('x')] as any })).toThrow(/frontendTools\[0\] is a symbol/);
  });
});

describe('issue 32 §4 Pattern B: a tool_result that cannot be sent is shown, and the chat does not wait for it', () => {
  it('a closed socket: the part gets an output-error that says the output did not reach the backend, and onToolError the transport error', async () => {
    const closed = new AdkTransportError('not-connected', 'BidiTransport.sendToolResult(): the WebSocket is not open.');
    const { chat, errors } = await approvedByPatternB('get_location', async () => POSITION, {
      sendToolResult: () => {
        throw closed;
      },
    });
    const part = partOf(chat, 'call-1');
    expect(part.state).toBe('output-error');
    expect(part.errorText).toMatch(/^get_location ran, but its result could not be sent to the backend: /);
    expect(part.errorText).toContain('the WebSocket is not open');
    expect(errors).toHaveLength(1);
    expect(errors[0][0]).toBe(closed);
    expect(errors[0][1]).toMatchObject({ toolCallId: 'call-1', toolName: 'get_location' });
    expect(chat.status).toBe('ready');
  });

  it('Pattern B with a transport that cannot send a tool_result (or none) is refused when the chat is created', () => {
    const noToolResult = { sendMessages: async () => new ReadableStream(), reconnectToStream: async () => null };
    expect(() => createAdk({ mode: 'bidi', bidiPattern: 'B', transport: noToolResult as any })).toThrow(
      /^createAdk\(\): bidiPattern 'B' without a `transport` that has sendToolResult\(\); expected the chat's BidiTransport/,
    );
    expect(() => createAdk({ mode: 'bidi', bidiPattern: 'B' })).toThrow(/^createAdk\(\): bidiPattern 'B' without a `transport` that has sendToolResult\(\)/);
    // Pattern A needs no tool_result: any transport, or none.
    expect(() => createAdk({ mode: 'bidi', transport: noToolResult as any })).not.toThrow();
  });
});

describe('issue 32 §4 what the new user stumbled on: explain() counts what it names', () => {
  it("one denied get_location part (the backend's output-error, then its text): no 'all 2 answer(s)'", () => {
    const autoSend = createAutoSend({ mode: 'sse' });
    const messages = [
      { id: 'u', role: 'user', parts: [{ type: 'text', text: 'Where am I?' }] },
      {
        id: 'm',
        role: 'assistant',
        parts: [
          { type: 'tool-get_location', toolCallId: 'loc-1', input: {}, state: 'output-error', errorText: 'User denied', approval: { id: 'a1', approved: false } },
          { type: 'text', text: 'OK, I will not use your location.' },
        ],
      },
    ];
    const { send, rule, detail } = autoSend.explain({ messages: messages as any });
    expect([send, rule]).toEqual([false, 'already-known']);
    expect(detail).not.toMatch(/\b2\b/);
    expect(detail).toMatch(/the backend already knows every answer and browser output in the last message/);
  });
});
