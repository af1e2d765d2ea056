// The library's addToolOutput (createAdk, createAutoSend) awaited inside AI SDK's `onToolCall`, with
// the real `Chat` (AI SDK 6 and 7). AI SDK runs `onToolCall` inside the stream's job and queues an
// output behind that job, so waiting for the commit there can never end; the library's helper
// resolves once the output is queued while the chat streams, and once it is committed otherwise.
import { describe, expect, it } from 'vitest';
import { createAutoSend } from 'adk-stream-wasm';
import { createAdk } from 'adk-stream-wasm/chat';
import { Chat } from './helpers/ai.js';
import { settle, sleep, toolPart, lastMessage, texts, sentToolPart } from './helpers/chat.js';
import { text, toolCall } from './helpers/script.js';
import { ScriptedTransport } from './helpers/transport.js';

const CALL = 'call-time';
const script = () => [
  [{ type: 'start', messageId: 'm-1' }, ...toolCall(CALL, 'get_time', {}), { type: 'finish', finishReason: 'tool-calls' }],
  [{ type: 'start', messageId: 'm-2' }, ...text('t', 'It is noon.'), { type: 'finish', finishReason: 'stop' }],
];

/** Whether `promise` settles within `ms`. */
async function settlesWithin(promise: Promise<unknown>, ms: number): Promise<boolean> {
  let settled = false;
  void promise.then(
    () => (settled = true),
    () => (settled = true),
  );
  await sleep(ms);
  return settled;
}

describe('addToolOutput awaited inside onToolCall (a client tool without execute)', () => {
  it('createAdk: the await resolves while the chat streams (the output is queued), then exactly one request carries it', async () => {
    const transport = new ScriptedTransport(script());
    const adk = createAdk({ mode: 'sse' });
    const seen: Array<{ status: string; state: string }> = [];
    const chat = new Chat({
      id: 'add-tool-output-adk',
      transport,
      sendAutomaticallyWhen: adk.sendAutomaticallyWhen,
      onToolCall: async ({ toolCall }: any) => {
        await adk.addToolOutput({ tool: toolCall.toolName, toolCallId: toolCall.toolCallId, output: { time: '12:00' } });
        // Still inside the stream's job: resolved on the queued output, before AI SDK applied it.
        seen.push({ status: chat.status, state: toolPart(lastMessage(chat.messages), CALL).state });
      },
    });
    adk.attach(chat);
    await chat.sendMessage({ text: 'What time is it?' });
    await settle({ chat, transport, autoSend: adk.autoSend }, 2);
    expect(seen).toEqual([{ status: 'streaming', state: 'input-available' }]);
    expect(sentToolPart(transport.requests[1], CALL)).toMatchObject({ state: 'output-available', output: { time: '12:00' } });
    expect(texts(lastMessage(chat.messages))).toEqual(['It is noon.']);
  });

  it('createAutoSend: the same with autoSend.addToolOutput(chat, …)', async () => {
    const transport = new ScriptedTransport(script());
    const autoSend = createAutoSend({ mode: 'sse' });
    let resolved = 0;
    const chat: any = new Chat({
      id: 'add-tool-output-autosend',
      transport,
      sendAutomaticallyWhen: autoSend.sendAutomaticallyWhen,
      onToolCall: async ({ toolCall }: any) => {
        await autoSend.addToolOutput(chat, { tool: toolCall.toolName, toolCallId: toolCall.toolCallId, output: { time: '12:00' } });
        resolved += 1;
      },
    });
    await chat.sendMessage({ text: 'What time is it?' });
    await settle({ chat, transport, autoSend }, 2);
    expect(resolved).toBe(1);
    expect(sentToolPart(transport.requests[1], CALL)).toMatchObject({ state: 'output-available' });
    expect(texts(lastMessage(chat.messages))).toEqual(['It is noon.']);
  });

  // Why the library's helper differs: AI SDK's own addToolOutput, awaited at the same place, waits for
  // the stream that waits for onToolCall (AI SDK's docs say not to await it there).
  it("AI SDK's own `await chat.addToolOutput` there never resolves, and the chat stays streaming", async () => {
    const transport = new ScriptedTransport(script());
    const autoSend = createAutoSend({ mode: 'sse' });
    let awaited!: Promise<unknown>;
    const chat: any = new Chat({
      id: 'add-tool-output-plain',
      transport,
      sendAutomaticallyWhen: autoSend.sendAutomaticallyWhen,
      onToolCall: ({ toolCall }: any) => {
        awaited = chat.addToolOutput({ tool: toolCall.toolName, toolCallId: toolCall.toolCallId, output: { time: '12:00' } });
        return awaited;
      },
    });
    void chat.sendMessage({ text: 'What time is it?' });
    await sleep(50);
    expect(await settlesWithin(awaited, 300)).toBe(false);
    expect(chat.status).toBe('streaming');
    expect(transport.calls).toBe(1);
  });
});

describe('addToolOutput outside a stream', () => {
  it('resolves once the output is committed in chat.messages, and one request carries it', async () => {
    const transport = new ScriptedTransport(script());
    const adk = createAdk({ mode: 'sse' });
    const chat = new Chat({ id: 'add-tool-output-idle', transport, sendAutomaticallyWhen: adk.sendAutomaticallyWhen });
    adk.attach(chat);
    await chat.sendMessage({ text: 'What time is it?' });
    await settle({ chat, transport, autoSend: adk.autoSend }, 1);
    expect(chat.status).toBe('ready');
    await adk.addToolOutput({ tool: 'get_time', toolCallId: CALL, output: { time: '12:00' } });
    // Committed when the promise resolved, not merely queued.
    expect(toolPart(lastMessage(chat.messages), CALL)).toMatchObject({ state: 'output-available', output: { time: '12:00' } });
    await settle({ chat, transport, autoSend: adk.autoSend }, 2);
    expect(texts(lastMessage(chat.messages))).toEqual(['It is noon.']);
  });

  it('an unknown toolCallId still rejects with AdkInvalidArgumentError, mid-stream or not', async () => {
    const transport = new ScriptedTransport(script());
    const adk = createAdk({ mode: 'sse' });
    const errors: unknown[] = [];
    const chat = new Chat({
      id: 'add-tool-output-unknown',
      transport,
      sendAutomaticallyWhen: adk.sendAutomaticallyWhen,
      onToolCall: async () => {
        await adk.addToolOutput({ tool: 'get_time', toolCallId: 'call-nope', output: 1 }).catch((error: unknown) => errors.push(error));
      },
    });
    adk.attach(chat);
    await chat.sendMessage({ text: 'What time is it?' });
    await settle({ chat, transport, autoSend: adk.autoSend }, 1);
    await expect(adk.addToolOutput({ tool: 'get_time', toolCallId: 'call-nope', output: 1 })).rejects.toMatchObject({ name: 'AdkInvalidArgumentError' });
    expect(errors).toEqual([expect.objectContaining({ name: 'AdkInvalidArgumentError' })]);
  });
});
