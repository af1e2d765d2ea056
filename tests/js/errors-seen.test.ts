// Issue 23 defect 6 and "the package as users get it": errors an app can see and test for.
//  - explain() reads `messages` once (a getter that throws on its second read cannot make it throw);
//  - a WebAssembly trap during a decision is reported once (the engine's onError, else
//    reportError, else the console) and explain() names it, while sendAutomaticallyWhen answers
//    false (SPEC §2 principle 5);
//  - every error the package throws is an instance of an exported class, with the same `name`.
import { afterEach, describe, expect, it, vi } from 'vitest';
import * as adk from 'adk-stream-wasm';
import { AdkError, AdkInternalError, AdkInvalidArgumentError, AdkLoadError, AdkUnknownApprovalError, approve, createAutoSend } from 'adk-stream-wasm';
import { createAdk } from 'adk-stream-wasm/chat';
import { BidiTransport } from 'adk-stream-wasm/transport';

const answered = (approved: boolean) => ({
  messages: [
    {
      id: 'm1',
      role: 'assistant',
      parts: [{ type: 'tool-process_payment', toolCallId: 'c1', state: 'approval-responded', input: { amount: 50 }, approval: { id: 'a1', approved } }],
    },
  ],
});

/** A last message whose record buffer cannot be allocated: the core traps (capacity overflow). */
const tooLarge = () => ({ messages: [{ id: 'big', role: 'assistant', parts: new Array(2 ** 30) }] });

afterEach(() => {
  vi.restoreAllMocks();
  delete (globalThis as any).reportError;
});

describe('explain() reads `messages` once', () => {
  it('a getter that answers once and throws after: explain answers, no exception', () => {
    const autoSend = createAutoSend({ mode: 'sse' });
    const good = answered(true).messages;
    let reads = 0;
    const arg = {
      get messages() {
        reads++;
        if (reads > 1) throw new Error('read twice');
        return good;
      },
    };
    const explanation = autoSend.explain(arg as any);
    expect(reads).toBe(1);
    expect(explanation).toMatchObject({ send: true, rule: 'unsent-user-action' });
  });
});

describe('a WebAssembly trap during a decision is reported once, and nothing is sent', () => {
  it('onError gets one AdkInternalError (cause: the RuntimeError); explain says internal-error; the engine answers false from then on', () => {
    const errors: unknown[] = [];
    const autoSend = createAutoSend({ mode: 'sse', onError: (error) => errors.push(error) });
    expect(autoSend.sendAutomaticallyWhen(tooLarge())).toBe(false);
    expect(errors).toHaveLength(1);
    const [error] = errors as any[];
    expect(error).toBeInstanceOf(AdkInternalError);
    expect(error.name).toBe('AdkInternalError');
    expect(error.cause).toBeInstanceOf(WebAssembly.RuntimeError);
    expect(error.message).toMatch(/trapped during a decision/);
    const explanation = autoSend.explain(answered(true));
    expect(explanation.send).toBe(false);
    expect(explanation.rule).toBe('internal-error');
    expect(explanation.detail).toContain('trapped');
    // Never send on doubt, and never report twice.
    expect(autoSend.sendAutomaticallyWhen(answered(true))).toBe(false);
    expect(autoSend.sendAutomaticallyWhen(tooLarge())).toBe(false);
    expect(errors).toHaveLength(1);
    // Other engines are untouched.
    expect(createAutoSend({ mode: 'sse' }).sendAutomaticallyWhen(answered(true))).toBe(true);
  });

  it('without onError: reportError when the platform has it, else console.error, once', () => {
    const reported: unknown[] = [];
    (globalThis as any).reportError = (error: unknown) => reported.push(error);
    const first = createAutoSend({ mode: 'bidi' });
    first.sendAutomaticallyWhen(tooLarge());
    first.sendAutomaticallyWhen(tooLarge());
    expect(reported).toHaveLength(1);
    expect(reported[0]).toBeInstanceOf(AdkInternalError);
    delete (globalThis as any).reportError;
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
    const second = createAutoSend({ mode: 'bidi' });
    second.explain(tooLarge());
    second.sendAutomaticallyWhen(tooLarge());
    expect(consoleError).toHaveBeenCalledTimes(1);
    expect(consoleError.mock.calls[0][0]).toBeInstanceOf(AdkInternalError);
  });

  it('onError that is not a function is refused', () => {
    expect(() => createAutoSend({ mode: 'sse', onError: 'log' as any })).toThrow(AdkInvalidArgumentError);
  });
});

describe('the error classes are exported, and every throw site uses them', () => {
  const names = [
    'AdkError',
    'AdkInvalidArgumentError',
    'AdkUnknownApprovalError',
    'AdkIncompleteBatchError',
    'AdkInvalidToolError',
    'AdkNotCommittedError',
    'AdkGeolocationError',
    'AdkTransportError',
    'AdkMalformedFrameError',
    'AdkLoadError',
    'AdkCallbackError',
    'AdkInternalError',
    'AdkDisposedError',
  ];

  it.each(names)('%s is exported: a class of its own name, extending AdkError and Error', (name) => {
    const Class = (adk as any)[name];
    expect(typeof Class).toBe('function');
    const error = name === 'AdkTransportError' || name === 'AdkMalformedFrameError' ? new Class('closed', 'x') : new Class('x');
    expect(error.name).toBe(name);
    expect(error).toBeInstanceOf(Class);
    expect(error).toBeInstanceOf(AdkError);
    expect(error).toBeInstanceOf(Error);
  });

  it('the errors the helpers throw are instances: an unknown approval id, bad options, a bad transport URL, a bad chat', async () => {
    const chat = { messages: [{ id: 'm', role: 'assistant', parts: [] }], addToolApprovalResponse() {}, addToolOutput() {} };
    await expect(approve(chat as any, 'nope')).rejects.toBeInstanceOf(AdkUnknownApprovalError);
    expect(() => createAutoSend({ mode: 'http' as any })).toThrow(AdkInvalidArgumentError);
    expect(() => new BidiTransport({ url: 'http://x' })).toThrow(AdkInvalidArgumentError);
    expect(() => createAdk({ mode: 'sse' }).attach(null as any)).toThrow(AdkInvalidArgumentError);
    expect(() => adk.registerToolExecutor('' as any, (async () => ({ success: true })) as any)).toThrow(AdkInvalidArgumentError);
  });

  it('instanceof answers by name for an error of the same name made elsewhere (the geolocation module, another copy of the package)', () => {
    const made = Object.assign(new Error('No position within 10 ms'), { name: 'AdkGeolocationError', code: 'timeout' });
    expect(made).toBeInstanceOf(adk.AdkGeolocationError);
    expect(made).toBeInstanceOf(AdkError);
    expect(made).not.toBeInstanceOf(AdkLoadError);
    expect(new Error('plain')).not.toBeInstanceOf(AdkError);
  });

  it('isReady() and loadError are exported and agree', () => {
    expect(adk.isReady()).toBe(true);
    expect(adk.loadError).toBeNull();
  });
});
