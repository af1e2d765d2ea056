// BidiTransport: AI SDK's ChatTransport over one WebSocket per chat (SPEC §5).
//
// Plain JavaScript over the browser's objects (a second WebAssembly runtime to drive them cost a
// BIDI app ~45 KB). This file is the request side: requests, the socket's life, abort. One concern a
// module beside it: the response side (responses.js: chunks, the response stream, the chunks kept
// while none is open, the requests held while a turn streams), which drives the one machine that
// says which response owns a chunk (wire/chunk-owner.js, SPEC §5 W13), options and
// faults (options.js), frames (wire/frames.js), the socket and its liveness (socket.js), calls into
// the app (app-callbacks.js), the count of sent messages (sent-messages.js) and the
// `socket: 'worker'` option (worker/starts-worker.js).
import { loadError } from '../../core/loader.js';
import { abortError, closed, fault, notConnected, optionalSignal, readOptions } from './options.js';
import { audioChunkFrame, audioChunkSender, audioControlFrame, checkedInterruptFrame, frameEvents, messageRequest, toolResultFrame } from '../../wire/frames.js';
import { BidiSocket } from './socket.js';
import { SocketInWorker } from './worker/starts-worker.js';
import { AUDIO_PATH } from './audio-path.js';
import { WATCH_FAULTS } from './watch-faults.js';
import { AppCallbacks } from './app-callbacks.js';
import { SentMessages } from './sent-messages.js';
import { continuedMessageId } from '../../wire/adk-wire.js';
import { Responses, rejectRequest } from './responses.js';

/** @import { ChatRequestOptions, UIMessage, UIMessageChunk } from '../ai-types.js' */
/** @import { BidiTransportOptions } from './options.js' */
/** @import { InterruptReason } from './interrupt-reason.js' */
/** @import { AudioFormat, BidiAudioChunk } from '../../wire/frames.js' */
/** @import { Request } from './responses.js' */

/** What an aborted request fails with: the signal's reason, as `fetch` rejects. @param {AbortSignal} signal */
const abortReason = (signal) => (signal.reason === undefined ? abortError() : signal.reason);

/**
 * One socket per transport, reused across requests and reopened when closed. Each `sendMessages`
 * sends a `message` frame with the whole history and resolves with that response's stream, which
 * ends at `data: [DONE]` or at a `finish-step` that follows a `tool-approval-request`. Aborting the
 * request closes its stream and sends `interrupt` (`'user_abort'`).
 * AI SDK's `ChatTransport` (transport/ai-types.d.ts checks it).
 * @template {UIMessage} [UI_MESSAGE=UIMessage]
 */
export class BidiTransport {
  /** @type {import('./options.js').Config} */
  #config;
  /** @type {BidiSocket} */ #socket;
  /** @type {AppCallbacks} */ #app;
  /** Ids for requests, so a late event of an old one is recognised and ignored. */
  #nextId = 0;
  /** sendMessages calls waiting for the socket, in order (a user may send twice while it opens). @type {Request[]} */
  #pending = [];
  /** The response side. @type {Responses} */
  #responses;
  /** @type {number | undefined} */
  #latencyMs = undefined;
  /** connect() calls waiting for the socket to open. @type {[() => void, (error: Error) => void][]} */
  #opening = [];
  #sent = new SentMessages();
  /** `socket: 'worker'` (transport/bidi/worker/starts-worker.js), else null. @type {SocketInWorker | null} */
  #inWorker = null;

  /**
   * Throws `AdkInvalidArgumentError` for bad options, naming the option and what was expected.
   * @param {BidiTransportOptions} options
   */
  constructor(options) {
    // A core that could not load, or bad options, throw here, at once.
    if (loadError !== null) throw loadError;
    this.#config = readOptions(options);
    this.#app = new AppCallbacks(this.#config.onError);
    this.#socket = new BidiSocket(this.#config, {
      opened: () => {
        this.#settleOpening(null);
        // The first goes out; the response side holds the others until its turn ends (W11).
        for (const pending of this.#pending.splice(0)) this.#responses.start(pending);
      },
      message: (data) => {
        for (const event of frameEvents(data)) this.#onEvent(event);
      },
      gone: (error) => this.#dropSocket(error),
      connectTimedOut: (error) => {
        this.#settleOpening(error);
        for (const pending of this.#pending.splice(0)) rejectRequest(pending, error);
      },
      responding: () => this.#responses.open,
      settled: () => this.#app.flush(),
    });
    this.#responses = new Responses(this.#config, this.#socket, this.#app, this.#sent);
    if (this.#config.inWorker) this.#inWorker = new SocketInWorker(this.#socket, this.#config.connectTimeoutMs);
  }

  /**
   * @param {{trigger: 'submit-message' | 'regenerate-message', chatId: string, messageId: string | undefined,
   *   messages: UI_MESSAGE[], abortSignal: AbortSignal | undefined} & ChatRequestOptions} options
   * @returns {Promise<ReadableStream<UIMessageChunk>>}
   */
  async sendMessages(options) {
    // With `socket: 'worker'`, the worker starts before the first socket opens.
    const starting = this.#inWorker && this.#inWorker.start();
    if (starting) await starting;
    // The `message` frame is on the socket once the promise resolves (#sent counted it), or
    // was not needed (responses.js answers from the buffer).
    return /** @type {Promise<ReadableStream<UIMessageChunk>>} */ (this.#send(options));
  }

  /** Where the socket is: `'worker'` once the `socket: 'worker'` option started its worker, else `'main'`.
   *  @returns {'main' | 'worker'} */
  get socket() {
    return this.#inWorker ? this.#inWorker.place : 'main';
  }

  /** How many `message` frames this transport has sent. */
  get messagesSent() {
    return this.#sent.count;
  }

  /**
   * Resolves true once more than `count` message frames have been sent, false after `timeoutMs`
   * (default 60000). Pattern B sends a tool_result only after its approval's message (the backend
   * must see the approval first).
   * @param {number} count @param {number} [timeoutMs]
   */
  whenMessageSent(count, timeoutMs = 60000) {
    return this.#sent.whenMoreThan(count, timeoutMs);
  }

  /** @param {Parameters<BidiTransport<UI_MESSAGE>['sendMessages']>[0]} options @returns {Promise<ReadableStream<import('../../wire/chunk-owner.js').Chunk>>} */
  #send(options) {
    const { text, signal, messages } = messageRequest(options, this.#config);
    if (signal !== null && signal.aborted) return Promise.reject(abortReason(signal));
    const continues = continuedMessageId(messages);
    // F-f: a socket whose close frame came (its close event not handled yet) is lost already, for
    // the approvals it carried as after its close event: an answer to them is never sent on a new one.
    if (this.#socket.closing) this.#closingNow();
    // F-a: an answer to an approval whose connection was lost is not sent (the error says so); a
    // new turn is.
    const lost = this.#responses.refusal(continues);
    if (lost !== null) return Promise.reject(lost);
    return new Promise((resolve, reject) => {
      const what = `chat ${options.chatId} (${options.trigger})`;
      /** @type {Request} */
      const request = { id: ++this.#nextId, resolve, reject, text, signal, unwatch: null, continues, what };
      request.unwatch = this.#watchAbort(signal, request.id);
      if (this.#socket.open) this.#responses.start(request);
      else if (this.#socket.opening) this.#pending.push(request);
      else {
        const error = this.#socket.connect();
        if (error) rejectRequest(request, error);
        else this.#pending.push(request);
      }
      this.#app.flush();
    });
  }

  /**
   * A stream of the buffered chunks (see `onBufferedChunks`), or `null` when there are none. Chunks
   * that continue the turn's assistant message are given only with `continueMessage: true` (the
   * caller applies them to that message, as `resumeBuffered` does); otherwise it rejects with kind
   * `'resume-would-split'`. Each turn the backend started begins with a `start` naming its message.
   * The stream stays open for the rest of that response unless it already ended.
   * @param {{chatId: string, abortSignal?: AbortSignal, continueMessage?: boolean} & ChatRequestOptions} options
   * @returns {Promise<ReadableStream<UIMessageChunk> | null>}
   */
  async reconnectToStream(options) {
    const signal = options === undefined || options === null ? null : optionalSignal('BidiTransport.reconnectToStream', options);
    const continues = options !== null && typeof options === 'object' && options.continueMessage === true;
    if (!this.#responses.resumable(continues)) return null;
    const id = ++this.#nextId;
    return /** @type {ReadableStream<UIMessageChunk>} */ (this.#responses.buffered(id, this.#watchAbort(signal, id)));
  }

  /** BIDI Pattern B: a browser tool's output as a `tool_result` frame. Throws if the socket is not open.
   *  @param {string} toolCallId @param {object} result @returns {void} */
  sendToolResult(toolCallId, result) {
    this.#sendOrThrow('sendToolResult', toolResultFrame(toolCallId, result));
  }

  /** Sends `interrupt`; `false` when no socket is open (nothing to interrupt). @param {InterruptReason} [reason] @returns {boolean} */
  interrupt(reason) {
    return this.#socket.send(checkedInterruptFrame(reason));
  }

  /** Throws if the socket is not open (send a message, or `await connect()`, first).
   *  @param {'start' | 'stop'} action @returns {void} */
  sendAudioControl(action) {
    this.#sendOrThrow('sendAudioControl', audioControlFrame(action));
  }

  /** Throws if the socket is not open (send a message, or `await connect()`, first). `{chunk,
   *  sampleRate?, channels?, bitDepth?}`: base64 PCM, or its bytes (encoded here).
   *  @param {BidiAudioChunk} audio @returns {void} */
  sendAudioChunk(audio) {
    this.#sendOrThrow('sendAudioChunk', audioChunkFrame(audio));
  }

  /** The voice's audio path (not public API): frames.js's audioChunkSender onto this socket, and
   *  with the socket in a worker a port to it for the worklet (SocketInWorker.addAudioPort).
   *  @param {AudioFormat} [format] */
  [AUDIO_PATH](format) {
    const path = audioChunkSender(format, (text) => this.#sendOrThrow('sendAudioChunk', text));
    if (this.#inWorker) this.#inWorker.addAudioPort(path, this.#socket.current);
    return path;
  }

  // SPEC §5 F-h.
  /** createAdk's watch on the faults reported to onError, one per transport as the chat is (not
   *  public API). @param {(error: Error) => void} watcher */
  [WATCH_FAULTS](watcher) {
    this.#app.watcher = watcher;
  }

  /**
   * Opens the socket without sending a message, for audio before the first text message (the voice's
   * `start()` calls it). Resolves once the socket is open, at once if it is; rejects with the
   * `AdkTransportError` a request would get (`'connect-failed'`, `'connect-timeout'`, `'cannot-open'`,
   * or `'closed'` when `close()` is called meanwhile).
   * @returns {Promise<void>}
   */
  connect() {
    const starting = this.#inWorker && this.#inWorker.start();
    if (starting) return starting.then(() => this.connect());
    if (this.#socket.closing) this.#closingNow();
    if (this.#socket.open) return Promise.resolve();
    return new Promise((resolve, reject) => {
      this.#opening.push([resolve, reject]);
      if (this.#socket.opening) return;
      const error = this.#socket.connect();
      if (error) this.#settleOpening(error);
    });
  }

  /** Closes the socket (a request in flight fails with kind `'closed'`; buffered chunks stay); the next request reopens it.
   *  @returns {void} */
  close() {
    this.#dropSocket(closed());
    this.#app.flush();
    if (this.#inWorker) this.#inWorker.end();
  }

  /** Whether the socket is open now. @returns {boolean} */
  get connected() {
    return this.#socket.open;
  }

  /** The last ping round-trip time in milliseconds; undefined before the first pong. @returns {number | undefined} */
  get latencyMs() {
    return this.#latencyMs;
  }

  // ---- the state's helpers ----

  /** The socket opened (`error` null) or failed to: the connect() calls waiting hear of it. @param {Error | null} error */
  #settleOpening(error) {
    for (const [resolve, reject] of this.#opening.splice(0)) error ? reject(error) : resolve();
  }

  /** @param {string} method @param {string} text */
  #sendOrThrow(method, text) {
    if (!this.#socket.send(text)) throw notConnected(method);
  }

  /** An `abort` listener for request `id`; returns its remover. @param {AbortSignal | null} signal @param {number} id */
  #watchAbort(signal, id) {
    if (signal === null) return null;
    const listener = () => {
      this.#onAbort(id, signal);
      this.#app.flush();
    };
    signal.addEventListener('abort', listener);
    return () => signal.removeEventListener('abort', listener);
  }

  /** The backend is closing the socket (its close frame came; the close event has not fired): it is
   *  gone now, as its close event would say, so nothing more goes on it (SPEC §5 F-f). */
  #closingNow() {
    this.#dropSocket(fault('closed-mid-response', 'the backend closed the WebSocket (its close frame came)', 'the next request reconnects'));
    this.#app.flush();
  }

  /** The socket is gone (closed, failed, silent, or closed by the app): the request in flight
   *  fails with `error`; what was buffered stays deliverable.
   *  @param {import('../../errors/errors.js').AdkTransportError} error */
  #dropSocket(error) {
    this.#socket.drop();
    this.#responses.gone(error);
    for (const pending of this.#pending.splice(0)) this.#app.queue((e) => rejectRequest(pending, e), error);
    this.#settleOpening(error);
    this.#socket.forgetPing();
  }

  /** Frames that are no chunk: `[DONE]`, a pong, audio, or a malformation. */
  /** @param {import('../../wire/frames.js').FrameEvent} event */
  #onEvent(event) {
    const type = event.type;
    if (typeof type === 'string') return this.#responses.chunk(/** @type {import('../../wire/chunk-owner.js').Chunk} */ (event), type);
    if (event.done) return this.#responses.done();
    if (event.pong !== undefined) {
      const latency = Math.max(0, Date.now() - event.pong);
      this.#latencyMs = latency;
      this.#app.queue(this.#config.onLatency, latency);
    } else if (event.audio) {
      this.#app.queue(this.#config.onAudio, event.audio);
    } else {
      this.#app.report(fault('malformed-frame', /** @type {string} */ (event.malformed)));
    }
  }

  /** A waiting request fails as `fetch` does (with the signal's reason); a streaming one closes
   *  and the backend is told (`interrupt`, reason `user_abort`).
   *  @param {number} id @param {AbortSignal} signal */
  #onAbort(id, signal) {
    const at = this.#pending.findIndex((request) => request.id === id);
    if (at === -1) return this.#responses.cancel(id, abortReason(signal));
    const [pending] = this.#pending.splice(at, 1);
    this.#app.queue((r) => rejectRequest(pending, r), abortReason(signal));
    // Nothing was sent; a half-open attempt is not kept for requests that are gone, unless a
    // connect() waits for it (the voice's): dropped, it would never settle (issue 32 §3).
    if (this.#socket.opening && this.#opening.length === 0 && this.#pending.length === 0) this.#socket.drop();
  }
}
