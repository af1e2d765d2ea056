// The npm README's `useChat` path for browser tools, as its example runs them: AI SDK's real Chat
// with `createAutoSend` and `AdkSseTransport`, and `autoSend.claimToolCalls(messages)` asked
// whenever the chat is ready (the README does it in an effect over messages and status). Against a
// backend that reads requests as the real ADK backend does. A backend that calls `get_location`
// WITHOUT asking for approval (an AI SDK server that declares it that way) must not stall the chat:
// the call is claimed as `refused`, answered with an output-error, and the backend answers that.
import { afterEach, describe, expect, it } from 'vitest';
import { Chat } from '@ai-sdk/react';
import { AdkSseTransport } from 'adk-stream-wasm/chat';
import { approve, createAutoSend, type ToolCallClaim } from 'adk-stream-wasm';
import { expectQuiet, lastMessage, texts, waitUntil } from './helpers/chat.js';
import { DONE, POSITION, data, findToolPart } from './helpers/fixtures.js';
import { SseBackend, readAsAdk, type SseScript } from './helpers/sse-backend.js';

const cleanups: Array<() => unknown> = [];
afterEach(async () => {
  while (cleanups.length > 0) await cleanups.pop()!();
});

const CALL = 'call-location';
const reply = (chunks: object[], text: string) => [
  ...[{ type: 'start', messageId: `m-${Math.random()}` }, ...chunks, { type: 'text-start', id: 't' }, { type: 'text-delta', id: 't', delta: text }, { type: 'text-end', id: 't' }, { type: 'finish' }].map(data),
  DONE,
];

/** First response: get_location called, with or without an approval request; then the answer. */
function script(withApproval: boolean): SseScript {
  return (body, n) => {
    if (n === 0) {
      return [
        ...[
          { type: 'start', messageId: 'turn' },
          { type: 'tool-input-start', toolCallId: CALL, toolName: 'get_location' },
          { type: 'tool-input-available', toolCallId: CALL, toolName: 'get_location', input: {} },
          ...(withApproval ? [{ type: 'tool-approval-request', toolCallId: CALL, approvalId: 'approval-location' }] : []),
          { type: 'finish' },
        ].map(data),
        DONE,
      ];
    }
    const last = body.messages.at(-1);
    const result = last.parts.find((p: any) => p.type === 'tool-result' && p.toolCallId === CALL);
    const part = findToolPart(body.messages, CALL);
    if (result) return reply([{ type: 'tool-output-available', toolCallId: CALL, output: result.result }], `You are at ${result.result.latitude}.`);
    if (part?.state === 'output-error') return reply([], `No location: ${part.errorText}`);
    return reply([], 'unexpected request');
  };
}

/** The README's component, without React: the claims run each time the chat is ready. */
function readmeChat(url: string, geolocation: () => Promise<unknown>) {
  const autoSend = createAutoSend({ mode: 'sse' });
  const transport = new AdkSseTransport({ api: url, frontendTools: autoSend.isFrontendTool });
  const chat: any = new Chat({ transport, sendAutomaticallyWhen: autoSend.sendAutomaticallyWhen });
  const runs: ToolCallClaim[] = [];
  async function runBrowserTool(call: ToolCallClaim) {
    runs.push(call);
    const { toolCallId, toolName, run } = call;
    if (run === 'refused' || toolName !== 'get_location') {
      const errorText = run === 'refused' ? `${toolName} needs the user's approval, which was not asked for` : `${toolName} is not available here`;
      return autoSend.addToolOutput(chat, { tool: toolName, toolCallId, state: 'output-error', errorText });
    }
    await autoSend.addToolOutput(chat, { tool: toolName, toolCallId, output: await geolocation() });
  }
  // What the README's effect does on every render with new messages or status.
  const timer = setInterval(() => {
    if (chat.status !== 'ready') return;
    for (const call of autoSend.claimToolCalls(chat.messages)) void runBrowserTool(call);
  }, 5);
  cleanups.push(() => clearInterval(timer));
  return { chat, runs };
}

describe("the README's useChat path runs browser tools through claimToolCalls", () => {
  it('get_location approved: claimed once as approved, the position goes with the approval (W1), 2 requests', async () => {
    const ignored: string[] = [];
    const backend = await SseBackend.start(readAsAdk(script(true), ignored));
    cleanups.push(() => backend.close());
    let located = 0;
    const { chat, runs } = readmeChat(backend.url, async () => (located++, POSITION));
    await chat.sendMessage({ text: 'Where am I?' });
    await waitUntil(() => chat.status === 'ready', 'the first response ended');
    expect(runs, 'nothing runs before the approval').toEqual([]);
    await approve(chat, 'approval-location');
    await waitUntil(() => texts(lastMessage(chat)).length > 0, () => `the answer came (requests ${backend.requests.length})`);
    await expectQuiet({ chat, adk: null as any }, () => backend.requests.length);
    expect(backend.requests).toHaveLength(2);
    expect(ignored).toEqual([]);
    expect(runs.map((r) => [r.toolName, r.run])).toEqual([['get_location', 'approved']]);
    expect(located).toBe(1);
    expect(texts(lastMessage(chat))).toEqual([`You are at ${POSITION.latitude}.`]);
  });

  // The case of an AI SDK backend that declares get_location without `needsApproval` (an ADK
  // backend cannot take such an output over SSE at all, SPEC §4a W7): it reads the output-error.
  it('get_location called WITHOUT an approval request: claimed as refused, answered with an output-error, no stall, never located', async () => {
    const backend = await SseBackend.start(script(false));
    cleanups.push(() => backend.close());
    let located = 0;
    const { chat, runs } = readmeChat(backend.url, async () => (located++, POSITION));
    await chat.sendMessage({ text: 'Where am I?' });
    await waitUntil(() => texts(lastMessage(chat)).length > 0, () => `the chat went on (requests ${backend.requests.length}, status ${chat.status})`);
    await expectQuiet({ chat, adk: null as any }, () => backend.requests.length);
    expect(runs.map((r) => [r.toolName, r.run])).toEqual([['get_location', 'refused']]);
    expect(located).toBe(0);
    expect(backend.requests).toHaveLength(2);
    expect(findToolPart(backend.requests[1].body.messages, CALL)).toMatchObject({ state: 'output-error' });
    expect(texts(lastMessage(chat))[0]).toMatch(/No location: get_location needs the user's approval/);
  });
});
