// attachAdk(chat, adk) checks its arguments as every other export does: anything but what
// createAdk returned is an AdkInvalidArgumentError naming what was passed and what was expected
// (it was a raw TypeError from reading `attach` of undefined).
import { describe, expect, it } from 'vitest';
import { attachAdk, createAdk } from 'adk-stream-wasm/chat';
import { Chat } from './helpers/ai.js';

describe('attachAdk(chat, adk)', () => {
  const wrong: Array<[string, unknown, RegExp]> = [
    ['undefined', undefined, /adk is undefined/],
    ['null', null, /adk is null/],
    ['a number', 42, /adk is the number 42/],
    ['a string', 'sse', /adk is the string 'sse'/],
    ['an array', [], /adk is an array/],
    ['an object without attach()', { mode: 'sse' }, /adk is an object without an attach\(\) method/],
    ['the chat itself (arguments swapped)', new Chat({}), /adk is an object without an attach\(\) method/],
  ];

  it.each(wrong)('with %s as adk: AdkInvalidArgumentError saying what was passed and what was expected', (_, adk, what) => {
    let thrown: unknown;
    try {
      attachAdk(new Chat({}), adk as any);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(Error);
    expect((thrown as Error).name).toBe('AdkInvalidArgumentError');
    expect((thrown as Error).message).toMatch(what);
    expect((thrown as Error).message).toMatch(/expected what createAdk\(\{mode\}\) returned/);
  });

  it('with an Adk: binds the chat and returns the Adk', () => {
    const adk = createAdk({ mode: 'sse' });
    const chat = new Chat({ sendAutomaticallyWhen: adk.sendAutomaticallyWhen });
    expect(attachAdk(chat, adk)).toBe(adk);
    expect(adk.chat).toBe(chat);
    adk.detach();
  });

  it('a wrong chat is still the Adk’s own AdkInvalidArgumentError', () => {
    const adk = createAdk({ mode: 'sse' });
    expect(() => attachAdk(null as any, adk)).toThrow(expect.objectContaining({ name: 'AdkInvalidArgumentError' }));
  });
});
