// BidiTransport's `socket: 'worker'`, the part that loads with the transport (the rest, and the
// worker, load on first use): it starts the worker before the first socket opens (./main-thread.js,
// imported then), has BidiSocket open its sockets there, gives the voice a port to the worker, and
// ends the worker on close(). Where the worker cannot start, the socket stays on the main thread,
// and a console warning says so once, in the same words whether the worker could not start or
// main-thread.js could not be downloaded.
import { closed, notConnected, sendFailed } from '../options.js';
import { withAdvice } from '../../../errors/arguments.js';
import { audioControlFrame } from '../../../wire/frames.js';

/** The socket stays on the main thread: said once per transport, with why and what a CSP needs.
 *  @param {string} reason @returns {null} */
function stayOnMainThread(reason) {
  console.warn(
    withAdvice(
      `adk-stream-wasm: BidiTransport {socket: 'worker'}: the WebSocket stays on the main thread, as without the option (${reason}). Under a Content-Security-Policy the worker needs worker-src 'self'`,
      'the chat and the voice work; the voice costs the main thread more',
    ),
  );
  return null;
}

export class SocketInWorker {
  /** The worker, null when it could not start (the socket is on the main thread), undefined before
   *  it started. @type {import('./main-thread.js').SocketWorker | null | undefined} */
  #worker = undefined;
  /** Its start, while it runs. @type {Promise<void> | null} */
  #starting = null;
  /** end() counts up: a start it overtook ends its worker, and who waited for it hears `closed`. */
  #run = 0;
  /** @type {number} */
  #timeoutMs;

  /** @param {import('../socket.js').BidiSocket} socket @param {number} timeoutMs */
  constructor(socket, timeoutMs) {
    this.#timeoutMs = timeoutMs;
    const browser = socket.create;
    socket.create = (url) => (this.#worker ? this.#worker.open(url) : browser(url));
  }

  /** Where the socket is: 'worker' once the worker started, else 'main'. */
  get place() {
    return this.#worker ? 'worker' : 'main';
  }

  /**
   * Until the worker ran: its start, to await before a socket is opened, which rejects with kind
   * `closed` if end() came meanwhile; then null.
   * @returns {Promise<void> | null}
   */
  start() {
    if (this.#worker !== undefined) return null;
    const run = this.#run;
    this.#starting ??= import('./main-thread.js')
      .then(({ startSocketWorker }) => startSocketWorker(this.#timeoutMs), (error) => `its main-thread.js could not be downloaded: ${error}`)
      .then((started) => {
        const worker = typeof started === 'string' ? stayOnMainThread(started) : started;
        if (run !== this.#run) return void (worker && worker.end());
        this.#starting = null;
        this.#worker = worker;
      });
    return this.#starting.then(() => {
      if (run !== this.#run) throw closed();
    });
  }

  /**
   * The voice's audio path onto the open socket `ws` (BidiSocket's `current`), when it is in the
   * worker: `port(lost)`, a port the worklet posts its frames to, which the worker sends in order,
   * and `control`, the audio_control frames the worklet posts on the same port (so stop never
   * overtakes the last chunk); `lost(error)` if a frame could not go.
   * @param {import('../../../wire/frames.js').AudioPath} path @param {unknown} ws
   */
  addAudioPort(path, ws) {
    const worker = this.#worker;
    if (!worker || ws === null) return;
    path.port = (lost) => worker.audioPort(/** @type {Parameters<import('./main-thread.js').SocketWorker['audioPort']>[0]} */ (ws), (reason) => lost(reason === null ? notConnected('sendAudioChunk') : sendFailed(reason)));
    path.control = audioControlFrame;
  }

  /** close(): the worker goes with the socket (the next request starts another). After a fallback
   *  the socket stays on the main thread: no second warning. */
  end() {
    if (this.#worker) this.#worker.end();
    if (this.#worker || this.#starting !== null) {
      this.#worker = undefined;
      this.#starting = null;
      this.#run++;
    }
  }
}
