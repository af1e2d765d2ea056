// A WebSocket the test drives by hand, installed as the global `WebSocket` for BidiTransport: the
// test opens it, pushes the server's frames one at a time and sees every frame the client sent.
// No network and no timers of its own, so a test decides exactly when each frame arrives.
type Listener = (event: any) => void;

export class FakeSocket {
  static CONNECTING = 0;
  static OPEN = 1;
  static CLOSING = 2;
  static CLOSED = 3;
  /** Every socket created, newest last. */
  static all: FakeSocket[] = [];

  readyState = 0;
  binaryType = 'blob';
  onerror: Listener | null = null;
  /** The frames the client sent, parsed. */
  sent: any[] = [];
  /** When set, `send` throws it (a socket the browser refuses to write to). */
  failSend: Error | null = null;
  #listeners = new Map<string, Set<Listener>>();

  constructor(readonly url: string) {
    FakeSocket.all.push(this);
  }

  addEventListener(type: string, listener: Listener) {
    if (!this.#listeners.has(type)) this.#listeners.set(type, new Set());
    this.#listeners.get(type)!.add(listener);
  }

  removeEventListener(type: string, listener: Listener) {
    this.#listeners.get(type)?.delete(listener);
  }

  send(text: string) {
    if (this.failSend) throw this.failSend;
    this.sent.push(JSON.parse(text));
  }

  close() {
    this.readyState = 3;
  }

  #emit(type: string, event: any) {
    for (const listener of [...(this.#listeners.get(type) ?? [])]) listener(event);
  }

  /** The server accepts the connection. */
  open() {
    this.readyState = 1;
    this.#emit('open', {});
  }

  /** The server sends one text frame. */
  receive(frame: string) {
    this.#emit('message', { data: frame });
  }

  /** The server sends a chunk (`data: <JSON>`) or `[DONE]`. */
  chunk(chunk: object | '[DONE]') {
    this.receive(chunk === '[DONE]' ? 'data: [DONE]\n\n' : `data: ${JSON.stringify(chunk)}\n\n`);
  }

  /** Installs FakeSocket as the global WebSocket; returns the function that puts the old one back. */
  static install(): () => void {
    const old = (globalThis as any).WebSocket;
    FakeSocket.all = [];
    (globalThis as any).WebSocket = FakeSocket;
    return () => {
      (globalThis as any).WebSocket = old;
    };
  }
}

/** Lets queued promise jobs and stream reads run (no timer involved). */
export async function drain(rounds = 5) {
  for (let i = 0; i < rounds; i++) await Promise.resolve();
}
