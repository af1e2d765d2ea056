// useAdkChat under jsdom (renderHook): the `addToolOutput` it returns is the library's, so an app may
// await it inside `onToolCall` for a client tool the backend calls without an approval, as apps
// write it. SSE through AI SDK's DefaultChatTransport with a mocked `fetch`.
import { describe, expect, it } from 'vitest';
import { act, renderHook, waitFor } from '@testing-library/react';
import { useAdkChat } from 'adk-stream-wasm/react';
import { text, toolCall } from '../helpers/script.js';
import { partOf, scriptedFetch } from './backend.js';

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));
const CALL = 'call-time';

describe('useAdkChat: addToolOutput awaited inside onToolCall', () => {
  it('resolves while the chat streams; exactly one more request carries the output; then the final text', async () => {
    const backend = scriptedFetch([
      [{ type: 'start', messageId: 'm-1' }, ...toolCall(CALL, 'get_time', {}), { type: 'finish', finishReason: 'tool-calls' }],
      [{ type: 'start', messageId: 'm-2' }, ...text('t', 'It is noon.'), { type: 'finish', finishReason: 'stop' }],
    ]);
    const resolvedWhile: string[] = [];
    const { result } = renderHook(() =>
      useAdkChat({
        mode: 'sse',
        api: '/api/chat',
        id: 'use-adk-chat-tool-output',
        transportOptions: { fetch: backend.fetch },
        onToolCall: async ({ toolCall: call }: any) => {
          await result.current.addToolOutput({ tool: call.toolName, toolCallId: call.toolCallId, output: { time: '12:00' } });
          resolvedWhile.push(result.current.status);
        },
      }),
    );
    expect(result.current.addToolOutput).toBe(result.current.adk.addToolOutput);
    await act(async () => {
      await result.current.sendMessage({ text: 'What time is it?' });
    });
    await waitFor(() => expect(backend.requests).toHaveLength(2), { timeout: 5_000 });
    await waitFor(() => expect(result.current.status).toBe('ready'), { timeout: 5_000 });
    await sleep(300); // no third request
    expect(backend.requests).toHaveLength(2);
    expect(resolvedWhile).toEqual(['streaming']);
    expect(partOf(backend.requests[1].body.messages, CALL)).toMatchObject({ state: 'output-available', output: { time: '12:00' } });
    const last = result.current.messages[result.current.messages.length - 1];
    expect(last.parts.filter((p: any) => p.type === 'text').map((p: any) => p.text)).toEqual(['It is noon.']);
  });
});
