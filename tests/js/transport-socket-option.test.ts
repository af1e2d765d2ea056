// BidiTransport's `socket` option under Node: its values are checked with a named error; `'main'`
// (the default) opens the socket at once; `'worker'` where no Worker exists (Node, jsdom, a CSP that
// refuses it) keeps the socket on the main thread, says so once on the console, and works as
// without the option, the voice's audio path included. The worker itself runs in Chromium
// (tests/browser, scripts/test-transport.sh and test-voice.sh).
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AdkInvalidArgumentError } from 'adk-stream-wasm';
import { BidiTransport } from 'adk-stream-wasm/transport';
import { FakeSocket, drain } from './helpers/fake-socket.js';

const URL = 'ws://127.0.0.1:1/live';
const AUDIO_PATH = Symbol.for('adk-stream-wasm.audioPath');
const thrown = (f: () => unknown) => {
  try {
    f();
  } catch (error) {
    return error as Error;
  }
  throw new Error('did not throw');
};

let restore: () => void;
let warn: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  restore = FakeSocket.install();
  warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
});
afterEach(() => {
  restore();
  warn.mockRestore();
});

describe('the socket option', () => {
  it.each([['thread'], ['Worker'], [true], [null], [1]])('%j is refused with a named error', (socket) => {
    const error = thrown(() => new BidiTransport({ url: URL, socket } as any));
    expect(error).toBeInstanceOf(AdkInvalidArgumentError);
    expect(error.message).toContain('new BidiTransport(): `socket` is');
    expect(error.message).toContain("expected 'worker'");
    expect(error.message).toContain("'main' (the default)");
  });

  it.each([[undefined], ['main']])('%j: the socket is on the main thread, opened at once, and nothing is said', async (socket) => {
    const transport = new BidiTransport({ url: URL, pingIntervalMs: 0, socket });
    const opening = transport.connect();
    expect(FakeSocket.all.length, 'opened in the same call').toBe(1);
    FakeSocket.all[0].open();
    await opening;
    expect(transport.socket).toBe('main');
    expect(warn).not.toHaveBeenCalled();
    transport.close();
  });

  it("'worker' without a Worker: the socket stays on the main thread, one warning says why and what CSP needs, and all works", async () => {
    expect(typeof (globalThis as any).Worker).toBe('undefined');
    const transport = new BidiTransport({ url: URL, pingIntervalMs: 0, socket: 'worker' });
    expect(FakeSocket.all.length, 'nothing starts before it is used').toBe(0);
    const opening = transport.connect();
    await vi.waitFor(() => expect(FakeSocket.all.length).toBe(1));
    FakeSocket.all[0].open();
    await opening;
    expect(transport.socket).toBe('main');
    expect(warn).toHaveBeenCalledTimes(1);
    const message = String(warn.mock.calls[0][0]);
    expect(message).toContain("BidiTransport {socket: 'worker'}: the WebSocket stays on the main thread");
    expect(message).toContain("worker-src 'self'");
    // The voice's audio path is the main thread's: no port to a worker.
    const path = (transport as any)[AUDIO_PATH]({ sampleRate: 16000, channels: 1, bitDepth: 16 });
    expect(path.port).toBeUndefined();
    path.send(path.parts[0] + Date.now() + path.parts[1] + 'AAECAw==' + path.parts[2]);
    transport.sendAudioControl('stop');
    expect(FakeSocket.all[0].sent.map((f) => f.type)).toEqual(['audio_chunk', 'audio_control']);
    // Closed and reopened: still on the main thread, and no second warning.
    transport.close();
    const again = transport.connect();
    await drain();
    expect(FakeSocket.all.length).toBe(2);
    FakeSocket.all[1].open();
    await again;
    expect(warn).toHaveBeenCalledTimes(1);
    transport.close();
  });

  it("'worker' whose Worker refuses to start (a CSP): the same fallback; a request waits for it and goes out", async () => {
    (globalThis as any).Worker = class {
      constructor() {
        throw new Error("Refused by the Content-Security-Policy directive: worker-src 'none'");
      }
    };
    try {
      const transport = new BidiTransport({ url: URL, pingIntervalMs: 0, socket: 'worker' });
      const streaming = transport.sendMessages({ chatId: 'c', messages: [{ id: 'u', role: 'user', parts: [{ type: 'text', text: 'hi' }] }] as any, trigger: 'submit-message', messageId: undefined, abortSignal: undefined });
      await vi.waitFor(() => expect(FakeSocket.all.length).toBe(1));
      FakeSocket.all[0].open();
      await streaming;
      expect(FakeSocket.all[0].sent.map((f) => f.type)).toEqual(['message']);
      expect(transport.socket).toBe('main');
      expect(String(warn.mock.calls[0][0])).toContain("worker-src 'none'");
      transport.close();
    } finally {
      delete (globalThis as any).Worker;
    }
  });

  it("'worker': close() while the worker starts rejects the waiting connect() with kind closed", async () => {
    const transport = new BidiTransport({ url: URL, pingIntervalMs: 0, socket: 'worker' });
    const opening = transport.connect().then(() => 'resolved', (error) => error);
    transport.close();
    const error = await opening;
    expect(error.kind).toBe('closed');
    expect(FakeSocket.all.length).toBe(0);
  });
});
