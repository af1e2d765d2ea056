// BidiTransport over a hand-driven socket (helpers/fake-socket.ts): the faults issue 23 found by
// reading the code, each made to happen exactly, with no network and no timing.
//  - a failed send loses no buffered chunk (SPEC §5 "nothing is lost");
//  - no timer past setTimeout's limit (2^31 - 1 ms), whatever pingIntervalMs is;
//  - an exception thrown by one of the app's callbacks is reported, not discarded.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AdkCallbackError, AdkInvalidArgumentError, AdkTransportError } from 'adk-stream-wasm';
import { BidiTransport } from 'adk-stream-wasm/transport';
import { FakeSocket, drain } from './helpers/fake-socket.js';

const URL = 'ws://127.0.0.1:1/live';
const USER = [{ id: 'u', role: 'user', parts: [{ type: 'text', text: 'hi' }] }];
const request = () => ({ chatId: 'c', messages: USER as any, trigger: 'submit-message' as const, messageId: undefined, abortSignal: undefined });
const MAX_DELAY = 2 ** 31 - 1;

async function readAll(stream: ReadableStream<any>): Promise<string[]> {
  const types: string[] = [];
  const reader = stream.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return types;
    types.push(value.type);
  }
}

/** A transport with its first request answered: the stream and the socket. */
async function connected(options: Record<string, unknown> = {}) {
  const transport = new BidiTransport({ url: URL, pingIntervalMs: 0, approvalTimeoutMs: 0, ...options });
  const first = transport.sendMessages(request());
  const socket = FakeSocket.all[FakeSocket.all.length - 1];
  socket.open();
  return { transport, socket, stream: await first };
}

let restore: () => void;
beforeEach(() => {
  restore = FakeSocket.install();
});
afterEach(() => {
  restore();
  vi.restoreAllMocks();
  delete (globalThis as any).reportError;
});

describe('issue 23 defect 4: a send that throws loses no buffered chunk', () => {
  it('chunks that came while no stream was open stay deliverable through reconnectToStream after the next send fails', async () => {
    const buffered: number[] = [];
    const { transport, socket, stream } = await connected({ onBufferedChunks: () => buffered.push(1) });
    // The first response ends at the finish-step after the approval request.
    socket.chunk({ type: 'start', messageId: 'm' });
    socket.chunk({ type: 'tool-input-available', toolCallId: 'c1', toolName: 'process_payment', input: {} });
    socket.chunk({ type: 'tool-approval-request', toolCallId: 'c1', approvalId: 'a1' });
    socket.chunk({ type: 'finish-step' });
    expect(await readAll(stream)).toEqual(['start', 'tool-input-available', 'tool-approval-request', 'finish-step']);
    // The backend's timeout result comes after the stream ended: buffered.
    socket.chunk({ type: 'tool-output-error', toolCallId: 'c1', errorText: 'Approval request timed out' });
    socket.chunk({ type: 'finish' });
    socket.chunk('[DONE]');
    expect(buffered).toEqual([1]);

    socket.failSend = new Error('the socket is closing');
    const failed = await transport.sendMessages(request()).then(
      () => null,
      (error) => error,
    );
    expect(failed).toBeInstanceOf(AdkTransportError);
    expect(failed.kind).toBe('send-failed');

    // They continue message m: resumeBuffered takes them with continueMessage (SPEC §4a W5, W6).
    const resumed = await transport.reconnectToStream({ chatId: 'c', continueMessage: true } as any);
    expect(resumed, 'the buffered chunks are still there').not.toBeNull();
    expect(await readAll(resumed!)).toEqual(['tool-output-error', 'finish']);
    transport.close();
  });
});

describe('issue 23 defect 5: no timer past setTimeout\'s limit', () => {
  it('pingIntervalMs 2^31 - 1 (so a default liveness timeout of three pings would be 2^32.6 ms): every delay the transport asks for is at most 2^31 - 1', async () => {
    const delays: number[] = [];
    const setTimeoutSpy = vi.spyOn(globalThis, 'setTimeout');
    const setIntervalSpy = vi.spyOn(globalThis, 'setInterval');
    const { transport, socket, stream } = await connected({ pingIntervalMs: MAX_DELAY });
    socket.chunk({ type: 'start', messageId: 'm' });
    socket.chunk({ type: 'finish' });
    socket.chunk('[DONE]');
    await readAll(stream);
    for (const call of [...setTimeoutSpy.mock.calls, ...setIntervalSpy.mock.calls]) delays.push(Number(call[1] ?? 0));
    expect(delays.length).toBeGreaterThan(0);
    expect(delays.filter((ms) => ms > MAX_DELAY)).toEqual([]);
    transport.close();
  }, 15_000);

  it.each([2 ** 31, 2 ** 40, Number.POSITIVE_INFINITY])('pingIntervalMs %d is refused with AdkInvalidArgumentError naming the limit', (ms) => {
    let error: any;
    try {
      new BidiTransport({ url: URL, pingIntervalMs: ms });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(AdkInvalidArgumentError);
    expect(error.message).toContain('2147483647');
  });
});

describe('issue 23 defect 6: an exception thrown by the app\'s own callback is reported', () => {
  it('with reportError (browsers): a throwing onLatency goes to reportError, and the transport goes on', async () => {
    const reported: unknown[] = [];
    (globalThis as any).reportError = (error: unknown) => reported.push(error);
    const thrown = new Error('the app failed in onLatency');
    const { transport, socket, stream } = await connected({
      onLatency: () => {
        throw thrown;
      },
    });
    socket.receive(JSON.stringify({ type: 'pong', timestamp: Date.now() }));
    expect(reported).toEqual([thrown]);
    socket.chunk({ type: 'start', messageId: 'm' });
    socket.chunk({ type: 'finish' });
    socket.chunk('[DONE]');
    expect(await readAll(stream)).toEqual(['start', 'finish']);
    transport.close();
  });

  it('without reportError: a throwing onAudio goes to onError as an AdkCallbackError whose cause is what it threw', async () => {
    const errors: any[] = [];
    const thrown = new Error('the app failed in onAudio');
    const { transport, socket } = await connected({
      onAudio: () => {
        throw thrown;
      },
      onError: (error: unknown) => errors.push(error),
    });
    socket.chunk({ type: 'data-pcm', data: { content: 'AAEC' } });
    expect(errors).toHaveLength(1);
    expect(errors[0]).toBeInstanceOf(AdkCallbackError);
    expect(errors[0].name).toBe('AdkCallbackError');
    expect(errors[0].cause).toBe(thrown);
    expect(errors[0].message).toContain('the app failed in onAudio');
    transport.close();
  });

  it('a throwing onError itself (no reportError): the console gets it, once', async () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
    const thrown = new Error('the app failed in onError');
    const { transport, socket } = await connected({
      onError: () => {
        throw thrown;
      },
    });
    socket.receive('not a frame');
    await drain();
    expect(consoleError).toHaveBeenCalledTimes(1);
    expect(consoleError.mock.calls[0]).toContain(thrown);
    transport.close();
  });
});
