// BidiTransport's `socket: 'worker'`, the main thread's side: the dedicated worker that holds the
// WebSocket (./bidi-socket-worker.js), and in BidiSocket's hands a stand-in for a WebSocket whose
// events the worker relays, so BidiSocket's rules (connect timeout, pings, liveness) and the
// transport's receive path are the same code either way. Loaded (import()) only by a transport
// with that option; the worker file is emitted by bundlers as an asset (the `new URL` below). It
// imports nothing, so the transport's chunk exports nothing for it.

const CONNECTING = 0, OPEN = 1, CLOSING = 2, CLOSED = 3;

/**
 * Starts the worker; resolves with a SocketWorker once it runs, or with the reason it cannot (no
 * Worker: Node, jsdom; a Content-Security-Policy without `worker-src 'self'`; the file not served;
 * no answer within `timeoutMs`), which transport/bidi/worker/starts-worker.js's console warning then says, once.
 * @param {number} timeoutMs
 * @returns {Promise<SocketWorker | string>}
 */
export function startSocketWorker(timeoutMs) {
  /** @type {Worker} */
  let worker;
  try {
    worker = new Worker(new URL('./worker.js', import.meta.url), { type: 'module' });
  } catch (error) {
    return Promise.resolve(error instanceof Error ? error.message : String(error));
  }
  return new Promise((resolve) => {
    const give = (/** @type {SocketWorker | string} */ value) => {
      clearTimeout(timer);
      worker.onerror = null;
      if (typeof value === 'string') {
        worker.terminate();
        return resolve(value);
      }
      resolve(value);
    };
    const timer = setTimeout(give, timeoutMs, `the worker did not start within ${timeoutMs} ms`);
    worker.onmessage = ({ data }) => data.ready && give(new SocketWorker(worker));
    worker.onerror = (event) => {
      event.preventDefault();
      give(`the worker's script did not load${event.message ? ` (${event.message})` : ''}`);
    };
  });
}

/** A message from the worker (worker.js says which). @typedef {{ready?: boolean, channel?: number, done?: boolean, lost?: string | null, id?: number, type?: string, data?: unknown, code?: number, reason?: string}} FromWorker */

export class SocketWorker {
  /** @type {Worker} */
  #worker;
  #nextId = 0;
  /** @type {Map<number, WorkerWebSocket>} */
  #sockets = new Map();
  /** The audio ports the worker sends from, until they end: their `lost` callbacks.
   *  @type {Map<number, (reason: string | null) => void>} */
  #channels = new Map();
  #nextChannel = 0;

  /** @param {Worker} worker */
  constructor(worker) {
    this.#worker = worker;
    worker.onmessage = (/** @type {MessageEvent<FromWorker>} */ { data }) => {
      if (data.channel !== undefined) {
        const lost = this.#channels.get(data.channel);
        this.#channels.delete(data.channel);
        if (lost && !data.done) lost(/** @type {string | null} */ (data.lost));
        return;
      }
      const socket = this.#sockets.get(/** @type {number} */ (data.id));
      if (socket === undefined) return;
      // The worker's last word on a socket, also on one the main thread gave up on (close()):
      // the stand-in goes with it (issue 40 item 5).
      if (data.type === 'close') this.#sockets.delete(/** @type {number} */ (data.id));
      socket.relay(data);
    };
  }

  /** A WebSocket to `url` in the worker (BidiSocket's `create`). @param {string} url */
  open(url) {
    // A URL the browser's WebSocket would refuse at once is refused here too (BidiSocket: `cannot-open`).
    new URL(url);
    const id = ++this.#nextId;
    const socket = new WorkerWebSocket(id, (message) => this.#post(message));
    this.#sockets.set(id, socket);
    this.#post({ id, url });
    return socket;
  }

  /**
   * A port whose strings the worker sends on `socket`, in order (null ends it), and which the
   * voice's worklet takes; `lost(reason)` is called once if a frame could not be sent.
   * @param {WorkerWebSocket} socket @param {(reason: string | null) => void} lost @returns {MessagePort}
   */
  audioPort(socket, lost) {
    const { port1, port2 } = new MessageChannel();
    const channel = ++this.#nextChannel;
    this.#channels.set(channel, lost);
    this.#worker.postMessage({ id: socket.id, audio: port2, channel }, [port2]);
    return port1;
  }

  /** Closes the worker's sockets, then the worker. */
  end() {
    this.#post({ end: true });
    this.#sockets.clear();
    this.#channels.clear();
  }

  /** @param {unknown} message */
  #post(message) {
    this.#worker.postMessage(message);
  }
}

/** What BidiSocket uses of a WebSocket, over the worker's socket `id`. */
class WorkerWebSocket {
  readyState = CONNECTING;
  binaryType = 'arraybuffer';
  /** @type {((event: any) => void) | null} */
  onerror = null;
  /** @type {Map<string, Set<(event: any) => void>>} */
  #listeners = new Map();
  /** @type {(message: unknown) => void} */
  #post;

  /** @param {number} id @param {(message: unknown) => void} post */
  constructor(id, post) {
    this.id = id;
    this.#post = post;
  }

  /** @param {string} type @param {(event: any) => void} listener */
  addEventListener(type, listener) {
    const listeners = this.#listeners.get(type) || new Set();
    this.#listeners.set(type, listeners.add(listener));
  }

  /** @param {string} type @param {(event: any) => void} listener */
  removeEventListener(type, listener) {
    this.#listeners.get(type)?.delete(listener);
  }

  /** @param {string} text */
  send(text) {
    // As a browser's WebSocket: an error while connecting; dropped once closing.
    if (this.readyState === CONNECTING) throw new DOMException('the WebSocket is still connecting', 'InvalidStateError');
    if (this.readyState === OPEN) this.#post({ id: this.id, send: text });
  }

  /** @param {number} code */
  close(code) {
    if (this.readyState >= CLOSING) return;
    this.readyState = CLOSING;
    this.#post({ id: this.id, close: code });
  }

  /** An event of the worker's socket, as its own WebSocket would fire it. @param {FromWorker} data */
  relay(data) {
    if (data.type === 'open') this.readyState = OPEN;
    else if (data.type === 'close') this.readyState = CLOSED;
    // The worker's socket got its close frame; its close event follows (a WebSocket fires none).
    else if (data.type === 'closing') return void (this.readyState = Math.max(this.readyState, CLOSING));
    const event = data.type === 'message' ? { data: data.data } : data.type === 'close' ? { code: data.code, reason: data.reason } : {};
    if (data.type === 'error' && this.onerror) this.onerror(event);
    for (const listener of this.#listeners.get(/** @type {string} */ (data.type)) || []) listener(event);
  }
}
