// @vitest-environment jsdom
// SPEC §4a W6 on the npm README's "BIDI with `useChat`" path, with the README's code as written: its
// tsx block is taken from js/README.md (only the backend's URL replaced), rendered by React 19 with
// AI SDK's real useChat, and clicked as a user clicks it, against a local backend that streams as
// the ADK backend does (helpers/ws-backend.ts): the model calls two payments at once, the second
// approval request comes after the first one's finish-step, and the backend waits for ONE message
// that answers both.
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { createElement } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { useChat } from '@ai-sdk/react';
import { BidiTransport } from 'adk-stream-wasm/transport';
import { resumeBuffered } from 'adk-stream-wasm/chat';
import { AdkInvalidArgumentError } from 'adk-stream-wasm';
import { sleep, waitUntil } from './helpers/chat.js';
import { DONE, data } from './helpers/fixtures.js';
import { WsBackend, type Script } from './helpers/ws-backend.js';
// @ts-ignore -- plain JS, shared with the demo backend: what the real ADK backend reads (SPEC §4a).
import { answersIn } from '../../www/server/adk-reading.mjs';
// @ts-ignore -- the README checker's own block reader (tools/check-readme.mjs).
import { extractBlocks } from '../../tools/readme-blocks.mjs';

(globalThis as any).IS_REACT_ACT_ENVIRONMENT = false;

const here = dirname(fileURLToPath(import.meta.url));
const README = resolve(here, '../../js/README.md');
const README_URL = 'ws://127.0.0.1:8000/live';
const blocksDir = join(here, '.readme-blocks');
afterAll(() => rmSync(blocksDir, { recursive: true, force: true }));

const cleanups: Array<() => unknown> = [];
afterEach(async () => {
  while (cleanups.length > 0) await cleanups.pop()!();
});

/** The README's component of "BIDI with `useChat`", as a module that talks to `url`. */
async function readmeComponent(url: string): Promise<() => any> {
  const text = readFileSync(README, 'utf8');
  const at = text.indexOf('**BIDI with `useChat`.**');
  expect(at, 'the README has a "BIDI with `useChat`" section').toBeGreaterThan(-1);
  const line = text.slice(0, at).split('\n').length;
  const block = extractBlocks(README, text).find((b: any) => b.lang === 'tsx' && b.line > line);
  expect(block, 'the section has a tsx block').toBeDefined();
  expect(block.code).toContain(README_URL);
  mkdirSync(blocksDir, { recursive: true });
  const file = join(blocksDir, `bidi-use-chat-${Date.now()}.tsx`);
  writeFileSync(file, block.code.replace(README_URL, url));
  const module = await import(/* @vite-ignore */ file);
  const component = Object.values(module).find((v) => typeof v === 'function');
  return component as () => any;
}

const CALLS = [
  { toolCallId: 'call-alice', approvalId: 'approval-alice', input: { recipient: 'Alice', amount: 30 } },
  { toolCallId: 'call-bob', approvalId: 'approval-bob', input: { recipient: 'Bob', amount: 40 } },
];

/** Two payments at once, as the ADK backend streams them over BIDI (SPEC §4a W6). */
function parallelPayments(violations: string[]): Script {
  return {
    async message(frame, turn) {
      if (turn.n === 0) {
        turn.send(
          [
            { type: 'start', messageId: 'turn-1' },
            ...CALLS.flatMap(({ toolCallId, input }) => [
              { type: 'tool-input-start', toolCallId, toolName: 'process_payment' },
              { type: 'tool-input-available', toolCallId, toolName: 'process_payment', input },
            ]),
            { type: 'start-step' },
            { type: 'tool-approval-request', toolCallId: CALLS[0].toolCallId, approvalId: CALLS[0].approvalId },
            { type: 'finish-step' },
          ].map(data),
        );
        await sleep(15);
        turn.send(
          [
            { type: 'start-step' },
            { type: 'tool-approval-request', toolCallId: CALLS[1].toolCallId, approvalId: CALLS[1].approvalId },
            { type: 'finish-step' },
          ].map(data),
        );
        return;
      }
      const answers = answersIn(frame.messages.at(-1));
      const missing = CALLS.filter((c) => !answers.has(c.toolCallId)).map((c) => c.toolCallId);
      if (missing.length > 0) {
        violations.push(`message ${turn.n + 1} does not answer ${missing.join(', ')}`);
        return; // the real backend's wait goes on (30 s)
      }
      const id = `${turn.firstMessageId()}_output_text`;
      turn.send(
        [
          ...CALLS.map(({ toolCallId, input }) => ({ type: 'tool-output-available', toolCallId, output: { paid: input.amount } })),
          { type: 'text-start', id },
          { type: 'text-delta', id, delta: 'Both paid.' },
          { type: 'text-end', id },
          { type: 'finish' },
        ]
          .map(data)
          .concat(DONE),
      );
    },
  };
}

describe("SPEC §4a W6: the npm README's \"BIDI with useChat\" code as written", () => {
  it('W6 with useChat: both approvals shown together, no chat error, both answers in one frame, one assistant message', async () => {
    const violations: string[] = [];
    const backend = await WsBackend.start(parallelPayments(violations));
    cleanups.push(() => backend.close());
    const BidiChat = await readmeComponent(backend.url);
    const container = document.createElement('div');
    document.body.appendChild(container);
    const root: Root = createRoot(container);
    root.render(createElement(BidiChat));
    cleanups.push(() => {
      root.unmount();
      container.remove();
    });
    const button = (label: string) => [...container.querySelectorAll('button')].filter((b) => b.textContent === label);
    const alert = () => container.querySelector('[role="alert"]')?.textContent ?? null;
    await waitUntil(() => button('Send').length === 1, 'the README component rendered');

    // As a user does: the payment typed into the text box, then Send.
    const box = container.querySelector<HTMLInputElement>('input[name="text"]');
    expect(box, 'the component has a text box').not.toBeNull();
    box!.value = 'Pay $30 to Alice and $40 to Bob at once';
    button('Send')[0].click();
    await waitUntil(
      () => button('Approve').length === 2 || alert() !== null,
      () => `both approvals are shown (${button('Approve').length} shown; ${container.textContent})`,
    );
    expect(alert(), 'the chat shows no error').toBeNull();
    expect(button('Approve')).toHaveLength(2);

    button('Approve')[0].click();
    await waitUntil(() => button('Approve').length === 1, 'the first answer is given');
    button('Approve')[0].click();
    await waitUntil(
      () => (container.textContent ?? '').includes('Both paid.') || alert() !== null,
      () => `the final text is shown (${container.textContent}; violations: ${violations.join('; ')})`,
    );
    expect(alert(), 'the chat shows no error').toBeNull();
    expect(violations).toEqual([]);
    expect(backend.messageFrames).toHaveLength(2);
    const answered = backend.messageFrames[1].messages.at(-1).parts.filter((p: any) => p.state === 'approval-responded');
    expect(answered.map((p: any) => p.toolCallId)).toEqual(CALLS.map((c) => c.toolCallId));
    expect([...container.querySelectorAll('li')].map((li) => li.textContent?.split(':')[0])).toEqual(['user', 'assistant']);
  });
});

describe('resumeBuffered is given the Chat, not what useChat returns', () => {
  it("what useChat returns (one render's snapshot) is refused with AdkInvalidArgumentError naming the Chat to pass", async () => {
    const transport = new BidiTransport({ url: 'ws://127.0.0.1:9/live' });
    cleanups.push(() => transport.close());
    let returned: any = null;
    function Holder() {
      returned = useChat({ transport });
      return null;
    }
    const container = document.createElement('div');
    const root: Root = createRoot(container);
    root.render(createElement(Holder));
    cleanups.push(() => root.unmount());
    await waitUntil(() => returned !== null, 'useChat rendered');
    const error = await resumeBuffered(returned, transport).then(() => null, (e) => e);
    expect(error).toBeInstanceOf(AdkInvalidArgumentError);
    expect(error.message).toMatch(/useChat/);
    expect(error.message).toMatch(/useChat\(\{chat\}\)/);
  });
});
