// The drop-in names used the way the old helpers' apps used them, under jsdom: `useChat` from
// `@ai-sdk/react` with `sendAutomaticallyWhen` imported from `adk-stream-wasm/sse` or
// `adk-stream-wasm/bidi`, the raw `addToolApprovalResponse` / `addToolOutput` of useChat, and the
// browser tool run by the app through `useToolExecutors` against a mocked `navigator.geolocation`.
// SSE goes through AI SDK's DefaultChatTransport with a mocked `fetch`; BIDI through the package's
// BidiTransport with a mocked global `WebSocket`. Requests are counted at the mock.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import { useChat } from '@ai-sdk/react';
import { useChat as useChatOfReact4 } from 'ai7-react';
import { DefaultChatTransport } from 'ai';
import { clearSentApprovalStates } from 'adk-stream-wasm';
import { sendAutomaticallyWhen as sseSendAutomaticallyWhen } from 'adk-stream-wasm/sse';
import { sendAutomaticallyWhen as bidiSendAutomaticallyWhen } from 'adk-stream-wasm/bidi';
import { useToolExecutors } from 'adk-stream-wasm/react';
import { BidiTransport } from 'adk-stream-wasm/transport';
import { askingResponse, finalResponse, text, toolCall, type Mode } from '../helpers/script.js';
import type { Chunk } from '../helpers/fixtures.js';
import { aiSdk, aiVersion } from '../helpers/ai.js';
import { MockWebSocket, partOf, scriptedFetch } from './backend.js';

/** How long "no further request" is watched for once the chat is idle. */
const QUIET_MS = 300;
const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

const POSITION = { coords: { latitude: 35.6762, longitude: 139.6503, accuracy: 20 }, timestamp: 1_767_225_600_000 };
const LOCATION = { latitude: 35.6762, longitude: 139.6503, accuracy: 20, timestamp: 1_767_225_600_000 };

let chatNumber = 0;

beforeEach(() => {
  MockWebSocket.instances = [];
  Object.defineProperty(navigator, 'geolocation', {
    configurable: true,
    value: { getCurrentPosition: (ok: (p: unknown) => void) => setTimeout(() => ok(POSITION), 0) },
  });
  vi.stubGlobal('WebSocket', MockWebSocket);
});

afterEach(() => {
  for (const socket of MockWebSocket.instances) socket.close();
  vi.unstubAllGlobals();
  delete (navigator as any).geolocation;
  clearSentApprovalStates();
});

/**
 * useChat (and, as the old apps had it, useToolExecutors) in one hook, talking to `script` over
 * `mode`. `requests()` counts what reached the backend.
 */
function renderChat(mode: Mode, script: Chunk[][]) {
  const id = `drop-in-chat-${++chatNumber}`;
  let transport: unknown;
  let requests: () => any[];
  if (mode === 'sse') {
    const backend = scriptedFetch(script);
    transport = new DefaultChatTransport({ api: '/api/chat', fetch: backend.fetch as typeof fetch });
    requests = () => backend.requests.map((r) => r.body);
  } else {
    let answered = 0;
    MockWebSocket.backend = (socket, frame) => {
      if (frame.type !== 'message') return;
      const chunks = script[answered++];
      if (!chunks) return;
      // A response that asks for an approval ends at its finish-step (the transport closes the
      // stream there); any other ends with [DONE].
      socket.push(chunks[chunks.length - 1]?.type === 'finish-step' ? chunks : [...chunks, '[DONE]']);
    };
    transport = new BidiTransport({ url: 'ws://backend.test/live', pingIntervalMs: 0 });
    requests = () => MockWebSocket.instances.flatMap((s) => s.messageFrames);
  }
  const sendAutomaticallyWhen = mode === 'sse' ? sseSendAutomaticallyWhen : bidiSendAutomaticallyWhen;
  const view = renderHook(() => {
    const chat = useChat({ id, transport: transport as any, sendAutomaticallyWhen });
    const executors = useToolExecutors();
    return { chat, executors };
  });
  const chat = () => view.result.current.chat;
  const idle = () => chat().status === 'ready' || chat().status === 'error';
  /** Waits until `count` requests were made and the chat is idle again. */
  const settle = async (count: number, what: string) => {
    const deadline = Date.now() + 5_000;
    while (!(requests().length === count && idle())) {
      if (chat().status === 'error') throw new Error(`${what}: the chat failed: ${String(chat().error)}`);
      if (Date.now() > deadline) {
        throw new Error(`${what}: after 5 s, ${requests().length} request(s) (expected ${count}), status ${chat().status}`);
      }
      await act(() => sleep(10));
    }
    expect(requests(), what).toHaveLength(count);
  };
  /** Nothing more is sent while the chat stays idle. */
  const expectQuiet = async (count: number) => {
    await sleep(QUIET_MS);
    expect(requests(), 'no further request').toHaveLength(count);
    expect(chat().status).toBe('ready');
  };
  return { view, chat, requests, settle, expectQuiet };
}

const lastMessage = (messages: any[]) => messages[messages.length - 1];

describe.each(['sse', 'bidi'] as const)(`useChat + the drop-in sendAutomaticallyWhen (%s), AI SDK ${aiSdk}`, (mode) => {
  it('the run uses the AI SDK it says it does (`@ai-sdk/react` is @ai-sdk/react@4 in the AI SDK 7 run)', () => {
    expect(Number(aiVersion.split('.')[0])).toBe(aiSdk);
    expect(useChat === useChatOfReact4).toBe(aiSdk === 7);
  });

  it('process_payment approved with the raw addToolApprovalResponse: 2 requests, then nothing', async () => {
    const pay = { toolCallId: 'call-pay', approvalId: 'approval-pay' };
    const t = renderChat(mode, [
      askingResponse(mode, 0, toolCall(pay.toolCallId, 'process_payment', { amount: 50, recipient: 'Alice' }), [pay]),
      finalResponse(mode, 1, [{ type: 'tool-output-available', toolCallId: pay.toolCallId, output: { ok: true } }, ...text('t1', 'Paid Alice.')]),
    ]);
    await act(async () => {
      await t.chat().sendMessage({ text: 'Pay Alice 50' });
    });
    await t.settle(1, 'the approval request arrived');
    expect(partOf(t.chat().messages, pay.toolCallId)).toMatchObject({ state: 'approval-requested', approval: { id: pay.approvalId } });

    await act(async () => {
      await t.chat().addToolApprovalResponse({ id: pay.approvalId, approved: true });
    });
    await t.settle(2, 'the answer was sent');
    expect(partOf(t.requests()[1].messages, pay.toolCallId)).toMatchObject({ state: 'approval-responded', approval: { approved: true } });
    await t.expectQuiet(2);
    expect(lastMessage(t.chat().messages).parts.filter((p: any) => p.type === 'text').map((p: any) => p.text)).toEqual(['Paid Alice.']);
  });

  // ADR 0005's shape (SPEC D23, D24): the frontend tool call get_location (no approval of its own)
  // and a separate confirmation part asking for approval, in ONE response. The user approves the
  // confirmation (one request); then the app runs get_location and adds its output to the EARLIER
  // part with useChat's plain addToolOutput (exactly one more request); then nothing.
  it('ADR 0005: approve the confirmation → 1 request; get_location output via plain addToolOutput → exactly 1 more; then nothing', async () => {
    const location = 'call-location';
    const confirmation = { toolCallId: 'call-confirm', approvalId: 'approval-confirm' };
    const t = renderChat(mode, [
      askingResponse(
        mode,
        0,
        [
          ...toolCall(location, 'get_location', {}),
          ...toolCall(confirmation.toolCallId, 'adk_request_confirmation', {
            originalFunctionCall: { id: location, name: 'get_location', args: {} },
            toolConfirmation: { hint: 'Share your location?', confirmed: false },
          }),
        ],
        [confirmation],
      ),
      // The backend takes the answer and waits for get_location's result: an empty turn. In SSE
      // without a new messageId: with one, AI SDK pushes a copy of the message, and useChat's
      // addToolOutput then updates the earlier copy, which no sendAutomaticallyWhen can see.
      mode === 'sse' ? [{ type: 'start' }, { type: 'finish', finishReason: 'stop' }] : finalResponse(mode, 1, []),
      finalResponse(mode, 2, text('t1', 'You are in Tokyo.')),
    ]);
    await act(async () => {
      await t.chat().sendMessage({ text: 'Where am I?' });
    });
    await t.settle(1, 'the confirmation request arrived');
    const shown = lastMessage(t.chat().messages).parts.filter((p: any) => p.toolCallId);
    expect(shown.map((p: any) => [p.toolCallId, p.state])).toEqual([
      [location, 'input-available'],
      [confirmation.toolCallId, 'approval-requested'],
    ]);

    await act(async () => {
      await t.chat().addToolApprovalResponse({ id: confirmation.approvalId, approved: true });
    });
    await t.settle(2, 'the confirmation answer was sent');
    expect(partOf(t.requests()[1].messages, confirmation.toolCallId)).toMatchObject({
      state: 'approval-responded',
      approval: { id: confirmation.approvalId, approved: true },
    });
    expect(partOf(t.requests()[1].messages, location).state).toBe('input-available');

    // The app runs the browser tool as the old apps did, and adds its output with plain addToolOutput.
    const result = await t.view.result.current.executors.execute('get_location', {});
    expect(result).toEqual({ success: true, output: LOCATION });
    await act(async () => {
      await t.chat().addToolOutput({ tool: 'get_location', toolCallId: location, output: result.output } as any);
    });
    await t.settle(3, "get_location's output was sent");
    expect(partOf(t.requests()[2].messages, location)).toMatchObject({ state: 'output-available', output: LOCATION });

    await t.expectQuiet(3);
    const texts = lastMessage(t.chat().messages).parts.filter((p: any) => p.type === 'text').map((p: any) => p.text);
    expect(texts).toEqual(['You are in Tokyo.']);
  });
});
