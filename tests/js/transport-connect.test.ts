// BidiTransport.connect() and the voice's audio path over a hand-driven socket (helpers/fake-socket.ts):
// the socket opens without a message (voice before the first text message), and the frames the
// voice's worklet joins from the transport's parts go out as they are; no network, no timing.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AdkInvalidArgumentError, AdkTransportError } from 'adk-stream-wasm';
import { BidiTransport } from 'adk-stream-wasm/transport';
import { FakeSocket, drain } from './helpers/fake-socket.js';

const URL = 'ws://127.0.0.1:1/live';
const USER = [{ id: 'u', role: 'user', parts: [{ type: 'text', text: 'hi' }] }];
const request = () => ({ chatId: 'c', messages: USER as any, trigger: 'submit-message' as const, messageId: undefined, abortSignal: undefined });
const AUDIO_PATH = Symbol.for('adk-stream-wasm.audioPath');
const settled = (promise: Promise<unknown>) => promise.then(() => 'resolved', (error) => error);

let restore: () => void;
beforeEach(() => {
  restore = FakeSocket.install();
});
afterEach(() => restore());

describe('connect(): the socket opens without a message', () => {
  it('resolves once the socket opens; nothing is sent; audio frames may follow at once', async () => {
    const transport = new BidiTransport({ url: URL, pingIntervalMs: 0 });
    const opening = transport.connect();
    expect(FakeSocket.all.length).toBe(1);
    let done = false;
    void opening.then(() => (done = true));
    await drain();
    expect(done, 'not before the socket opens').toBe(false);
    FakeSocket.all[0].open();
    await opening;
    expect(transport.connected).toBe(true);
    expect(FakeSocket.all[0].sent).toEqual([]);
    transport.sendAudioControl('start');
    expect(FakeSocket.all[0].sent.map((f) => f.type)).toEqual(['audio_control']);
    transport.close();
  });

  it('a connect() and a sendMessages() while the socket opens share it; on an open socket connect() resolves at once', async () => {
    const transport = new BidiTransport({ url: URL, pingIntervalMs: 0 });
    const opening = transport.connect();
    const streaming = transport.sendMessages(request());
    const again = transport.connect();
    FakeSocket.all[0].open();
    await Promise.all([opening, again]);
    const stream = await streaming;
    expect(FakeSocket.all.length).toBe(1);
    expect(FakeSocket.all[0].sent.map((f) => f.type)).toEqual(['message']);
    await transport.connect();
    expect(FakeSocket.all.length, 'no second socket').toBe(1);
    FakeSocket.all[0].chunk({ type: 'start', messageId: 'm' });
    FakeSocket.all[0].chunk('[DONE]');
    const reader = stream.getReader();
    expect((await reader.read()).value.type).toBe('start');
    expect((await reader.read()).done).toBe(true);
    transport.close();
  });

  it('close() while it opens rejects it with kind closed; the next connect() opens a new socket', async () => {
    const transport = new BidiTransport({ url: URL, pingIntervalMs: 0 });
    const opening = settled(transport.connect());
    transport.close();
    const error = await opening;
    expect(error).toBeInstanceOf(AdkTransportError);
    expect((error as AdkTransportError).kind).toBe('closed');
    const next = transport.connect();
    expect(FakeSocket.all.length).toBe(2);
    FakeSocket.all[1].open();
    await next;
    expect(transport.connected).toBe(true);
    transport.close();
  });
});

describe('issue 32 §3: a request aborted while the socket opens', () => {
  it('a connect() waiting for the same socket still settles: the socket is kept for it and opens (it was dropped under the waiter, which never heard)', async () => {
    const transport = new BidiTransport({ url: URL, pingIntervalMs: 0 });
    const abort = new AbortController();
    const streaming = settled(transport.sendMessages({ ...request(), abortSignal: abort.signal }));
    const opening = transport.connect();
    let outcome: unknown = 'pending';
    void settled(opening).then((r) => (outcome = r));
    abort.abort();
    expect(await streaming).toMatchObject({ name: 'AbortError' });
    await drain();
    expect(outcome, 'not before the socket opens').toBe('pending');
    expect(FakeSocket.all.length).toBe(1);
    FakeSocket.all[0].open();
    await drain();
    expect(outcome).toBe('resolved');
    expect(transport.connected).toBe(true);
    expect(FakeSocket.all[0].sent, 'the aborted message was not sent').toEqual([]);
    transport.close();
  });

  it('with no connect() waiting, the half-open socket of the aborted request is still let go', async () => {
    const transport = new BidiTransport({ url: URL, pingIntervalMs: 0 });
    const abort = new AbortController();
    const streaming = settled(transport.sendMessages({ ...request(), abortSignal: abort.signal }));
    abort.abort();
    await streaming;
    expect(FakeSocket.all[0].readyState).toBe(3);
    expect(transport.connected).toBe(false);
  });
});

describe('the agent answering the voice before any message', () => {
  it('its buffered response resumes into a message of its own (AI SDK\'s resumeStream: no continueMessage), and the next text message is a turn of its own', async () => {
    const buffered: number[] = [];
    const transport = new BidiTransport({ url: URL, pingIntervalMs: 0, onBufferedChunks: () => buffered.push(1) });
    const opening = transport.connect();
    const socket = FakeSocket.all[0];
    socket.open();
    await opening;
    socket.chunk({ type: 'start', messageId: 'voice-1' });
    socket.chunk({ type: 'text-start', id: 'in' });
    socket.chunk({ type: 'text-delta', id: 'in', delta: 'Input transcription' });
    await drain();
    expect(buffered).toEqual([1]);
    const resumed = await transport.reconnectToStream({ chatId: 'c' } as any);
    expect(resumed, 'the chunks are there, and resuming them splits no message').not.toBeNull();
    socket.chunk({ type: 'text-end', id: 'in' });
    socket.chunk({ type: 'finish' });
    socket.chunk('[DONE]');
    const reader = resumed!.getReader();
    const chunks: any[] = [];
    for (let r = await reader.read(); !r.done; r = await reader.read()) chunks.push(r.value);
    expect(chunks.map((c) => c.type)).toEqual(['start', 'text-start', 'text-delta', 'text-end', 'finish']);
    expect(chunks[0].messageId).toBe('voice-1');
    // Then a text message: its response's start is its own.
    const streaming = transport.sendMessages(request());
    await drain();
    socket.chunk({ type: 'start', messageId: 'text-1' });
    socket.chunk('[DONE]');
    const next = (await streaming).getReader();
    expect((await next.read()).value).toEqual({ type: 'start', messageId: 'text-1' });
    transport.close();
  });
});

describe('the audio path: frames the worklet built, sent as they are', () => {
  it('the parts make the frame sendAudioChunk makes; the frame goes out unchanged; other text is refused', async () => {
    const transport = new BidiTransport({ url: URL, pingIntervalMs: 0 });
    const opening = transport.connect();
    FakeSocket.all[0].open();
    await opening;
    const path = (transport as any)[AUDIO_PATH]({ sampleRate: 16000, channels: 1, bitDepth: 16 });
    const frame = `${path.parts[0]}1234${path.parts[1]}AAECAw==${path.parts[2]}`;
    path.send(frame);
    transport.sendAudioChunk({ chunk: 'AAECAw==' });
    const [joined, public_] = FakeSocket.all[0].sent;
    expect(joined).toEqual({ type: 'audio_chunk', version: '1.0', timestamp: 1234, chunk: 'AAECAw==', sampleRate: 16000, channels: 1, bitDepth: 16 });
    expect({ ...public_, timestamp: 1234 }, 'one writer of the frame').toEqual(joined);
    for (const bad of ['{"type":"message","version":"1.0"}', 42, undefined]) {
      expect(() => path.send(bad)).toThrow(AdkInvalidArgumentError);
    }
    expect(FakeSocket.all[0].sent.length).toBe(2);
    expect(() => (transport as any)[AUDIO_PATH]({ sampleRate: -1 })).toThrow(AdkInvalidArgumentError);
    transport.close();
    expect(() => path.send(frame)).toThrow(AdkTransportError);
  });
});
