// The BidiTransport's WebSocket (SPEC §5): opening it within `connectTimeoutMs`, its pings, and the
// liveness watch that closes a socket gone silent without a close. One socket at a time; an event
// of a socket let go never reaches the transport, which hears of the current one through `events`.
import { messageOf } from '../../errors/arguments.js';
import { fault, sendFailed, suffix } from './options.js';
import { frame } from '../../wire/frames.js';

/** WebSocket.OPEN: a socket past it is closing or closed. */
const OPEN = 1;

/** @import { AdkTransportError } from '../../errors/errors.js' */

/**
 * @typedef {{id: number, ws: WebSocket, open: boolean, listeners: Record<string, (event: any) => void>,
 *   connectTimer: any, pingTimer?: any, livenessTimer?: any}} Socket
 * @typedef {{opened: () => void, message: (data: any) => void, gone: (error: AdkTransportError) => void,
 *   connectTimedOut: (error: AdkTransportError) => void, responding: () => boolean, settled: () => void}} SocketEvents
 */

export class BidiSocket {
  /** @type {import('./options.js').Config} */
  #config;
  /** @type {SocketEvents} */
  #events;
  /** Ids of sockets, so a late event of an old one is recognised and ignored. */
  #nextId = 0;
  /** @type {Socket | null} */
  #socket = null;
  /** When a frame last arrived, or when the liveness watch began. */
  #lastHeard = 0;
  #pingUnanswered = false;
  /** How a socket is made: the browser's WebSocket, or the stand-in for one in a worker
   *  (`socket: 'worker'`, transport/bidi/worker/main-thread.js), which has what this file uses of a WebSocket.
   *  @type {(url: string) => any} */
  create = (url) => new WebSocket(url);

  /** @param {import('./options.js').Config} config @param {SocketEvents} events */
  constructor(config, events) {
    this.#config = config;
    this.#events = events;
  }

  /** Whether a socket is open now. */
  get open() {
    return this.#socket !== null && this.#socket.open;
  }

  /** Whether a socket is still opening. */
  get opening() {
    return this.#socket !== null && !this.#socket.open;
  }

  /** Whether the backend is closing the socket (its close event not handled yet). */
  get closing() {
    return this.#socket !== null && this.#socket.ws.readyState > OPEN;
  }

  /** Opens a new socket; returns the `cannot-open` fault when the browser refuses at once. */
  connect() {
    const { url, connectTimeoutMs } = this.#config;
    let ws;
    try {
      ws = this.create(url);
      ws.binaryType = 'arraybuffer';
    } catch (error) {
      return fault('cannot-open', `cannot open a WebSocket to ${url}: ${messageOf(error)}`);
    }
    const id = ++this.#nextId;
    /** @type {(handle: (event: any, socket: Socket) => void) => (event?: any) => void} */
    const on = (handle) => (event) => {
      const socket = this.#socket;
      if (socket === null || socket.id !== id) return;
      handle(event, socket);
      this.#events.settled();
    };
    const listeners = {
      open: on((_event, socket) => this.#onOpen(socket)),
      message: on((event) => {
        this.#heard();
        this.#events.message(event.data);
      }),
      close: on((event, socket) => this.#onGone(socket, event.code, event.reason)),
      // While connecting, an error is the failure itself: some WebSockets (Node 22's) fire no
      // close after a refused connection. Once open, the close that follows says what happened.
      error: on((_event, socket) => {
        if (!socket.open) this.#onGone(socket, 1006, 'the connection failed');
      }),
    };
    for (const [type, listener] of Object.entries(listeners)) ws.addEventListener(type, listener);
    const connectTimer = setTimeout(
      on((_event, socket) => {
        if (socket.open) return;
        this.drop();
        const error = `the WebSocket to ${url} did not open within ${connectTimeoutMs} ms (connectTimeoutMs)`;
        this.#events.connectTimedOut(fault('connect-timeout', error, 'the backend is unreachable or did not answer the handshake'));
      }),
      connectTimeoutMs,
    );
    this.#socket = { id, ws, open: false, listeners, connectTimer };
    return null;
  }

  /** Sends a frame if the socket is open; false when it is not; throws `send-failed`. @param {string} text */
  send(text) {
    const socket = this.#socket;
    if (socket === null || !socket.open) return false;
    try {
      socket.ws.send(text);
    } catch (error) {
      throw sendFailed(error);
    }
    return true;
  }

  /** The open socket, for the voice's audio path; null when none is open. */
  get current() {
    const socket = this.#socket;
    return socket !== null && socket.open ? socket.ws : null;
  }

  /** Lets the socket go: no event of it reaches the transport again; its timers stop. */
  drop() {
    const socket = this.#socket;
    if (socket === null) return;
    this.#socket = null;
    for (const [type, listener] of Object.entries(socket.listeners)) socket.ws.removeEventListener(type, listener);
    clearTimeout(socket.connectTimer);
    clearInterval(socket.pingTimer);
    clearTimeout(socket.livenessTimer);
    // Closing a socket that is still connecting makes some implementations (the `ws` package)
    // emit an `error` event, which crashes Node when nothing listens to it.
    socket.ws.onerror = () => {};
    if (socket.ws.readyState <= OPEN) {
      try {
        socket.ws.close(1000);
      } catch {
        // Already closing.
      }
    }
  }

  /** The backend's session is gone: an unanswered ping no longer counts. */
  forgetPing() {
    this.#pingUnanswered = false;
  }

  /** @param {Socket} socket */
  #onOpen(socket) {
    socket.open = true;
    clearTimeout(socket.connectTimer);
    if (this.#config.pingIntervalMs > 0) socket.pingTimer = setInterval(() => this.#ping(), this.#config.pingIntervalMs);
    this.#events.opened();
  }

  #ping() {
    try {
      if (!this.send(frame('ping'))) return;
    } catch {
      // Not worth a report: the close event follows.
      return;
    }
    this.#pingUnanswered = true;
    this.#watchLiveness();
  }

  /** @param {Socket} socket @param {number} code @param {string} reason */
  #onGone(socket, code, reason) {
    const error = socket.open
      ? fault('closed-mid-response', `the WebSocket closed before the response ended (close code ${code}${suffix(reason)})`, 'the next request reconnects')
      : fault(
          'connect-failed',
          `the WebSocket to ${this.#config.url} closed before it opened (close code ${code}${suffix(reason)})`,
          'the server refused the connection, is not running, or rejected the handshake; check the URL and that the backend is up',
        );
    this.#events.gone(error);
  }

  // ---- liveness: a network gone silent without a close ----

  #heard() {
    if (this.#config.livenessTimeoutMs > 0) this.#lastHeard = Date.now();
    this.#pingUnanswered = false;
  }

  /** A response starts: its silence counts from now, and the watch runs. */
  watchResponse() {
    if (this.#config.livenessTimeoutMs > 0) this.#lastHeard = Date.now();
    this.#watchLiveness();
  }

  /** Starts the watch if it is on and not running; it stops by itself once nothing is awaited. */
  #watchLiveness() {
    const ms = this.#config.livenessTimeoutMs;
    const socket = this.#socket;
    if (socket === null || !socket.open || ms === 0 || socket.livenessTimer !== undefined) return;
    this.#lastHeard = Date.now();
    this.#armLiveness(socket, ms);
  }

  /** Checks for silence after `delay`; re-arms for the rest when something arrived meanwhile.
   *  @param {Socket} socket @param {number} delay */
  #armLiveness(socket, delay) {
    socket.livenessTimer = setTimeout(() => {
      if (this.#socket !== socket) return;
      socket.livenessTimer = undefined;
      const ms = this.#config.livenessTimeoutMs;
      if (!this.#events.responding() && !this.#pingUnanswered) return;
      const silent = Math.max(0, Date.now() - this.#lastHeard);
      if (silent < ms) return this.#armLiveness(socket, Math.max(1, Math.ceil(ms - silent)));
      this.#events.gone(
        fault(
          'liveness',
          `nothing arrived on the WebSocket for ${Math.floor(silent)} ms (livenessTimeoutMs is ${ms})`,
          'no chunk and no pong: the network or the backend is gone without closing the socket. The socket was closed; the next request reconnects',
        ),
      );
      this.#events.settled();
    }, delay);
  }
}
