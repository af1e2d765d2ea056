// Stand-ins for the backend as the old helpers' apps mocked it in their own tests: `fetch` for SSE
// (AI SDK's DefaultChatTransport reads the text/event-stream body) and a global `WebSocket` for
// BIDI (the package's BidiTransport creates sockets with it). Each plays one scripted response per
// request and records what the client sent.
import type { Chunk } from '../helpers/fixtures.js';

const frame = (chunk: Chunk | '[DONE]') => `data: ${chunk === '[DONE]' ? chunk : JSON.stringify(chunk)}\n\n`;

/** A `fetch` answering each POST with the next scripted response as an SSE body. */
export function scriptedFetch(script: Chunk[][]) {
  const requests: Array<{ url: string; body: any }> = [];
  const fetch = async (url: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    requests.push({ url: String(url), body: JSON.parse(String(init?.body)) });
    const chunks = script[requests.length - 1];
    if (!chunks) {
      return new Response(`test backend: no response scripted for request ${requests.length}`, { status: 500 });
    }
    const encoder = new TextEncoder();
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        for (const chunk of [...chunks, '[DONE]' as const]) controller.enqueue(encoder.encode(frame(chunk)));
        controller.close();
      },
    });
    return new Response(body, { status: 200, headers: { 'content-type': 'text/event-stream' } });
  };
  return { fetch, requests };
}

type Handler = (socket: MockWebSocket, frame: any) => void;

/**
 * A WebSocket with the browser's shape (an EventTarget with readyState, on* handlers, send, close)
 * and no network: `MockWebSocket.backend` answers the frames the client sends. Events are
 * dispatched to listeners and to the on* handler, as a browser does.
 */
export class MockWebSocket extends EventTarget {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSING = 2;
  static readonly CLOSED = 3;
  static instances: MockWebSocket[] = [];
  static backend: Handler = () => {};

  readonly url: string;
  readyState = MockWebSocket.CONNECTING;
  binaryType = 'blob';
  onopen: ((event: Event) => void) | null = null;
  onmessage: ((event: MessageEvent) => void) | null = null;
  onclose: ((event: CloseEvent) => void) | null = null;
  onerror: ((event: Event) => void) | null = null;
  readonly sent: any[] = [];
  private outbox: Promise<void> = Promise.resolve();

  constructor(url: string) {
    super();
    this.url = url;
    MockWebSocket.instances.push(this);
    setTimeout(() => {
      this.readyState = MockWebSocket.OPEN;
      this.emit(new Event('open'), this.onopen);
    }, 0);
  }

  private emit<E extends Event>(event: E, handler: ((event: E) => void) | null): void {
    this.dispatchEvent(event);
    handler?.call(this, event);
  }

  send(data: string): void {
    if (this.readyState !== MockWebSocket.OPEN) throw new Error(`send() on a socket in state ${this.readyState}`);
    const parsed = JSON.parse(data);
    this.sent.push(parsed);
    if (parsed.type !== 'ping') MockWebSocket.backend(this, parsed);
  }

  close(code = 1000, reason = ''): void {
    if (this.readyState >= MockWebSocket.CLOSING) return;
    this.readyState = MockWebSocket.CLOSED;
    setTimeout(() => this.emit(new CloseEvent('close', { code, reason, wasClean: true }), this.onclose), 0);
  }

  /** Sends the chunks to the client, one text frame each, in order, each in its own task. */
  push(chunks: Array<Chunk | '[DONE]'>): void {
    for (const chunk of chunks) {
      this.outbox = this.outbox.then(
        () =>
          new Promise<void>((resolve) =>
            setTimeout(() => {
              if (this.readyState === MockWebSocket.OPEN) this.emit(new MessageEvent('message', { data: frame(chunk) }), this.onmessage);
              resolve();
            }, 0),
          ),
      );
    }
  }

  /** The `message` frames (requests) this socket carried. */
  get messageFrames(): any[] {
    return this.sent.filter((f) => f.type === 'message');
  }
}

/** The tool part with `toolCallId` in the last message of `messages`. */
export function partOf(messages: any[], toolCallId: string): any {
  const last = messages[messages.length - 1];
  return last?.parts?.find((p: any) => p.toolCallId === toolCallId);
}
