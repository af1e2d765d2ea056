// @vitest-environment jsdom
// useAdkChat as a new user writes it (issue: "Correct where real use looks"): callbacks that read
// React state which changes between turns, the testing kit's transport passed as `transport`, and
// options the hook would silently ignore. AI SDK's own useChat is the reference for callbacks.
import { afterEach, describe, expect, it } from 'vitest';
import { createElement, useState } from 'react';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { useChat } from '@ai-sdk/react';
import { useAdkChat } from 'adk-stream-wasm/react';
import { adkScript } from 'adk-stream-wasm/testing';
import { waitUntil } from './helpers/chat.js';

(globalThis as any).IS_REACT_ACT_ENVIRONMENT = false;

const cleanups: Array<() => unknown> = [];
afterEach(async () => {
  while (cleanups.length > 0) await cleanups.pop()!();
});

function mount(element: ReturnType<typeof createElement>) {
  const container = document.createElement('div');
  document.body.appendChild(container);
  const root: Root = createRoot(container);
  root.render(element);
  cleanups.push(() => {
    root.unmount();
    container.remove();
  });
  return root;
}

/** Two text turns from the testing kit. */
const twoTurns = () => adkScript({ mode: 'sse' }).text('one').done().text('two').done().transport();

type Controls = { send(text: string): Promise<void>; setName(name: string): void; status(): string };

/** A chat whose onFinish logs the CURRENT `name` state; `hook` is useAdkChat or AI SDK's useChat. */
function NameLogger({ hook, transport, log, controls }: { hook: 'useAdkChat' | 'useChat'; transport: any; log: string[]; controls: Controls[] }) {
  const [name, setName] = useState('Alice');
  const options = {
    transport,
    onFinish: () => log.push(`finish:${name}`),
    onData: () => log.push(`data:${name}`),
  };
  const chat = hook === 'useAdkChat' ? useAdkChat({ mode: 'sse', ...options }) : useChat(options);
  controls[0] = {
    send: (text) => chat.sendMessage({ text }),
    setName,
    status: () => chat.status,
  };
  return createElement('p', null, name);
}

describe('useAdkChat: callbacks see the latest render (as AI SDK useChat)', () => {
  for (const hook of ['useChat', 'useAdkChat'] as const) {
    it(`${hook}: onFinish after the state changed from Alice to Bob logs Bob`, async () => {
      const log: string[] = [];
      const controls: Controls[] = [];
      const transport = twoTurns();
      mount(createElement(NameLogger, { hook, transport, log, controls }));
      await waitUntil(() => controls.length === 1, 'the component rendered');
      await controls[0].send('first');
      await waitUntil(() => log.includes('finish:Alice'), () => `the first turn finished (${log.join(', ')})`);
      await act(async () => controls[0].setName('Bob'));
      await waitUntil(() => document.body.textContent?.includes('Bob') === true, 'the new state rendered');
      await controls[0].send('second');
      await waitUntil(() => log.filter((l) => l.startsWith('finish:')).length === 2, () => `the second turn finished (${log.join(', ')})`);
      expect(log.filter((l) => l.startsWith('finish:'))).toEqual(['finish:Alice', 'finish:Bob']);
    });
  }
});

describe('useAdkChat: transport and options', () => {
  it('the testing kit transport given as `transport` gets the requests (not /api/chat)', async () => {
    const transport = twoTurns();
    const controls: Controls[] = [];
    function App() {
      const chat = useAdkChat({ mode: 'sse', transport });
      controls[0] = { send: (text) => chat.sendMessage({ text }), setName: () => {}, status: () => chat.status };
      return createElement('p', null, chat.messages.map((m) => m.parts.map((p: any) => p.text ?? '').join('')).join('|'));
    }
    mount(createElement(App));
    await waitUntil(() => controls.length === 1, 'the component rendered');
    await controls[0].send('hello');
    expect(await transport.settled()).toBe(1);
    expect(transport.requests[0].messages.at(-1)?.parts).toEqual([{ type: 'text', text: 'hello' }]);
    await waitUntil(() => document.body.textContent?.includes('one') === true, 'the reply rendered');
  });

  it.each([
    [{ mode: 'sse', tranport: {} }, /the option `tranport` is not one useAdkChat knows/],
    [{ mode: 'sse', sendAutomaticallyWhen: () => true }, /sendAutomaticallyWhen/],
    [{ mode: 'sse', transport: twoTurns(), api: '/stream' }, /`api` is given with `transport`/],
    [{ mode: 'bidi', transport: twoTurns(), url: 'ws://127.0.0.1:1/live' }, /`url` is given with `transport`/],
    [{ mode: 'sse', transport: { send: () => {} } }, /`transport` is not a ChatTransport/],
  ])('%o is an AdkInvalidArgumentError, not silence', async (options, message) => {
    const errors: unknown[] = [];
    function App() {
      try {
        useAdkChat(options as any);
      } catch (error) {
        errors.push(error);
      }
      return null;
    }
    mount(createElement(App));
    await waitUntil(() => errors.length > 0, 'the hook threw');
    expect((errors[0] as Error).name).toBe('AdkInvalidArgumentError');
    expect((errors[0] as Error).message).toMatch(message);
  });
});
