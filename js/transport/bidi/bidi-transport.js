// BidiTransport: AI SDK's ChatTransport over one WebSocket per chat (SPEC §5).
//
// Plain JavaScript over the browser's objects (a second WebAssembly runtime to drive them cost a
// BIDI app ~45 KB); the rules that decide stay in the core module (stream-rules.js). This file is the
// requests and responses; one concern a module beside it: options and faults (transport/bidi/options.js),
// frames (frames.js), the socket and its liveness (transport/bidi/socket.js), the chunks kept while no response
// is open (chunk-buffer.js), the response stream (response-stream.js), calls into the app
// (app-callbacks.js), the count of sent messages (sent-messages.js), which message a chunk goes
// into (agent-turn.js) and the `socket: 'worker'` option (transport/bidi/worker/starts-worker.js).
import { loadError } from '../../core/loader.js';
import { abortError, answerInDoubt, approvalTimeout, closed, connectionLost, fault, noResponse, notConnected, optionalSignal, readOptions, resumeWouldSplit, unhandledBufferedApproval } from './options.js';
import { audioChunkFrame, audioChunkSender, audioControlFrame, checkedInterruptFrame, frameEvents, interruptFrame, messageRequest, toolResultFrame } from '../../wire/frames.js';
import { responseStream } from './response-stream.js';
import { BidiSocket } from './socket.js';
import { SocketInWorker } from './worker/starts-worker.js';
import { ChunkBuffer } from '../../wire/chunk-buffer.js';
import { AUDIO_PATH } from './audio-path.js';
import { StreamRules } from './stream-rules.js';
import { AppCallbacks } from './app-callbacks.js';
import { SentMessages } from './sent-messages.js';
import { STEP_DELIVER_AWAITING_ANSWER, STEP_DELIVER_THEN_END, STEP_DROP, STEP_IGNORE, STEP_MASK } from '../../core/contract.js';
import { continuedMessageId } from '../../wire/adk-wire.js';
import { AgentTurn } from '../../wire/agent-turn.js';

/**
 * @typedef {{id: number, resolve: (stream: any) => void, reject: (error: any) => void, text: string,
 *   signal: any, unwatch: (() => void) | null, continues: string | undefined, what: string}} Request
 * @typedef {{id: number, stream: ReturnType<typeof import('./response-stream.js').responseStream>, unwatch: (() => void) | null,
 *   approvalTimer: any, started: boolean, answer?: boolean}} Response
 */

export class BidiTransport {
  #config;
  /** @type {StreamRules} */ #rules;
  /** @type {BidiSocket} */ #socket;
  /** @type {AppCallbacks} */ #app;
  /** Ids for requests, so a late event of an old one is recognised and ignored. */
  #nextId = 0;
  /** A sendMessages waiting for the socket. @type {Request | null} */
  #pending = null;
  /** The response streaming now. @type {Response | null} */
  #response = null;
  /** Chunks that came while no response stream was open (nothing is lost). */
  #buffer = new ChunkBuffer();
  /** @type {number | undefined} */
  #latencyMs = undefined;
  /** connect() calls waiting for the socket to open. @type {[() => void, (error: any) => void][]} */
  #opening = [];
  #sent = new SentMessages();
  /** The agent turn in progress and its assistant message (SPEC §4a W5, §5 W8). */
  #turn = new AgentTurn();
  /** `socket: 'worker'` (transport/bidi/worker/starts-worker.js), else null. @type {SocketInWorker | null} */
  #inWorker = null;
  /** Approval ids the backend asked for since the last `message` frame (F-a). @type {string[]} */
  #asked = [];
  /** F-a: the socket was lost with approvals pending; answers to them are refused until a new
   *  turn starts (a new connection may not know them). @type {Error | null} */
  #lost = null;

  constructor(options) {
    // A core that could not load, or bad options, throw here, at once.
    if (loadError !== null) throw loadError;
    this.#config = readOptions(options);
    this.#rules = new StreamRules();
    this.#app = new AppCallbacks(this.#config.onError);
    this.#socket = new BidiSocket(this.#config, {
      opened: () => {
        this.#settleOpening(null);
        const pending = this.#pending;
        this.#pending = null;
        if (pending !== null) this.#beginResponse(pending);
      },
      message: (data) => {
        for (const event of frameEvents(data)) this.#onEvent(event);
      },
      gone: (error) => this.#dropSocket(error),
      connectTimedOut: (error) => {
        this.#settleOpening(error);
        const pending = this.#pending;
        this.#pending = null;
        if (pending !== null) this.#reject(pending, error);
      },
      responding: () => this.#response !== null,
      settled: () => this.#app.flush(),
    });
    if (this.#config.inWorker) this.#inWorker = new SocketInWorker(this.#socket, this.#config.connectTimeoutMs);
  }

  async sendMessages(options) {
    // With `socket: 'worker'`, the worker starts before the first socket opens.
    const starting = this.#inWorker && this.#inWorker.start();
    if (starting) await starting;
    // The `message` frame is on the socket once the promise resolves (#sent counted it), or
    // was not needed (#answerFromBuffer).
    return this.#send(options);
  }

  /** Where the socket is: 'worker' once `socket: 'worker'` started its worker, else 'main'. */
  get socket() {
    return this.#inWorker ? this.#inWorker.place : 'main';
  }

  /** How many `message` frames this transport has sent. */
  get messagesSent() {
    return this.#sent.count;
  }

  /**
   * Resolves true once more than `count` message frames have been sent, or false after
   * `timeoutMs`. Pattern B uses it to send a tool_result only after the message that carries the
   * tool's approval (the backend must see the approval first).
   */
  whenMessageSent(count, timeoutMs = 60000) {
    return this.#sent.whenMoreThan(count, timeoutMs);
  }

  #send(options) {
    const { text, signal, messages } = messageRequest(options, this.#config);
    if (signal !== null && signal.aborted) return Promise.reject(signal.reason === undefined ? abortError() : signal.reason);
    const continues = continuedMessageId(messages);
    // F-a: an answer to an approval whose connection was lost is not sent (the error says so); a
    // new turn is.
    if (this.#lost !== null && continues !== undefined) return Promise.reject(this.#lost);
    this.#lost = null;
    return new Promise((resolve, reject) => {
      const what = `chat ${options.chatId} (${options.trigger})`;
      /** @type {Request} */
      const request = { id: ++this.#nextId, resolve, reject, text, signal, unwatch: null, continues, what };
      request.unwatch = this.#watchAbort(signal, request.id);
      const older = this.#pending;
      this.#pending = null;
      if (older !== null) this.#reject(older, fault('superseded', 'a newer sendMessages() call replaced this one before the WebSocket opened'));
      // A socket the backend is closing (its close event not handled yet) takes no request: a new
      // one is opened instead, so the request does not die with the old socket.
      if (this.#socket.closing) this.#socket.drop();
      if (this.#socket.open) this.#beginResponse(request);
      else if (this.#socket.opening) this.#pending = request;
      else {
        const error = this.#socket.connect();
        if (error) this.#reject(request, error);
        else this.#pending = request;
      }
      this.#app.flush();
    });
  }

  /**
   * A stream of the chunks that came while no response stream was open (it stays open for the
   * rest of that response unless it already ended), or null when there are none.
   */
  async reconnectToStream(options) {
    const signal = options === undefined || options === null ? null : optionalSignal('BidiTransport.reconnectToStream', options);
    if (this.#response !== null || !this.#buffer.has()) return null;
    // AI SDK's `chat.resumeStream()` reads a resumed stream into a NEW assistant message; chunks
    // that continue the turn's message (a second approval, a late result) would land there, apart
    // from their tool calls (SPEC §4a W5, W6). Only a caller that applies them to the message they
    // continue (`resumeBuffered`, which says so with `continueMessage: true`) gets them. A turn the
    // backend started begins with the `start` of a message of its own (W8): AI SDK may read that.
    const continues = options !== null && typeof options === 'object' && options.continueMessage === true;
    if (!this.#buffer.holdsTurn && !continues) throw resumeWouldSplit(this.#turn.messageId);
    const id = ++this.#nextId;
    return this.#streamFromBuffer(id, this.#watchAbort(signal, id));
  }

  /** A stream of the buffered chunks; it stays the open response unless their response had ended. */
  #streamFromBuffer(id, unwatch) {
    const stream = responseStream(() => this.#onCancel(id));
    const { chunks, ended } = this.#buffer.drain();
    for (const chunk of chunks) stream.enqueue(chunk);
    if (ended) {
      stream.close();
      if (unwatch) unwatch();
    } else {
      this.#response = { id, stream, unwatch, approvalTimer: undefined, started: true };
      this.#socket.watchResponse();
    }
    return stream.readable;
  }


  /** BIDI Pattern B: sends a browser tool's output as a `tool_result` frame. */
  sendToolResult(toolCallId, result) {
    this.#sendOrThrow('sendToolResult', toolResultFrame(toolCallId, result));
  }

  /** Sends `interrupt`; false when no socket is open (there is nothing to interrupt). */
  interrupt(reason) {
    return this.#socket.send(checkedInterruptFrame(reason));
  }

  sendAudioControl(action) {
    this.#sendOrThrow('sendAudioControl', audioControlFrame(action));
  }

  /** `{chunk, sampleRate?, channels?, bitDepth?}`: base64 PCM, or its bytes (encoded here). */
  sendAudioChunk(audio) {
    this.#sendOrThrow('sendAudioChunk', audioChunkFrame(audio));
  }

  /** The voice's audio path (not public API): frames.js's audioChunkSender onto this socket, and
   *  with the socket in a worker a port to it for the worklet (SocketInWorker.addAudioPort). */
  [AUDIO_PATH](format) {
    const path = audioChunkSender(format, (text) => this.#sendOrThrow('sendAudioChunk', text));
    if (this.#inWorker) this.#inWorker.addAudioPort(path, this.#socket.current);
    return path;
  }

  /**
   * Opens the socket without sending a message (voice before the first text message); resolves
   * once it is open, at once if it is; rejects with the failure's AdkTransportError.
   * @returns {Promise<void>}
   */
  connect() {
    const starting = this.#inWorker && this.#inWorker.start();
    if (starting) return starting.then(() => this.connect());
    if (this.#socket.open && !this.#socket.closing) return Promise.resolve();
    return new Promise((resolve, reject) => {
      this.#opening.push([resolve, reject]);
      if (this.#socket.closing) this.#socket.drop();
      if (this.#socket.opening) return;
      const error = this.#socket.connect();
      if (error) this.#settleOpening(error);
    });
  }

  /** Closes the socket; a request in flight fails; buffered chunks stay; the next send reopens. */
  close() {
    this.#dropSocket(closed());
    this.#app.flush();
    if (this.#inWorker) this.#inWorker.end();
  }

  /** Whether the socket is open now. */
  get connected() {
    return this.#socket.open;
  }

  /** The last ping round-trip in milliseconds, or undefined before the first pong. */
  get latencyMs() {
    return this.#latencyMs;
  }

  // ---- the state's helpers ----

  #reject(request, error) {
    if (request.unwatch) request.unwatch();
    request.reject(error);
  }

  /** The socket opened (`error` null) or failed to: the connect() calls waiting hear of it. */
  #settleOpening(error) {
    for (const [resolve, reject] of this.#opening.splice(0)) error ? reject(error) : resolve();
  }

  #sendOrThrow(method, text) {
    if (!this.#socket.send(text)) throw notConnected(method);
  }

  /** An `abort` listener for request `id`; returns its remover. */
  #watchAbort(signal, id) {
    if (signal === null) return null;
    const listener = () => {
      this.#onAbort(id);
      this.#app.flush();
    };
    signal.addEventListener('abort', listener);
    return () => signal.removeEventListener('abort', listener);
  }

  /** Takes the response in progress (if it is `id`, when given), its timer and listener gone. */
  #takeResponse(id) {
    const response = this.#response;
    if (response === null || (id !== undefined && response.id !== id)) return null;
    this.#response = null;
    clearTimeout(response.approvalTimer);
    if (response.unwatch) response.unwatch();
    return response;
  }

  /** The socket is gone (closed, failed, silent, or closed by the app): the request in flight
   *  fails with `error`; what was buffered stays deliverable. */
  #dropSocket(error) {
    this.#socket.drop();
    const lost = error.kind === 'closed' ? null : this.#lostAnswer(error);
    const response = this.#takeResponse();
    if (response !== null) response.stream.fail(lost ?? error);
    else if (lost !== null) this.#app.report(lost);
    const pending = this.#pending;
    this.#pending = null;
    if (pending !== null) this.#app.queue((e) => this.#reject(pending, e), error);
    this.#settleOpening(error);
    // The backend's session is gone with its socket, and its turn with it.
    this.#rules.reset();
    this.#turn.ended();
    this.#asked = [];
    this.#socket.forgetPing();
  }

  /** SPEC §5 F-a: what losing the socket (`cause`) means for the user's answer, or null when no
   *  answer is at stake. Pending approvals are remembered: answers to them are refused. */
  #lostAnswer(cause) {
    if (this.#asked.length > 0) return (this.#lost = connectionLost(this.#asked, cause));
    const response = this.#response;
    return response !== null && response.answer ? answerInDoubt(cause) : null;
  }

  // ---- frames ----

  #onEvent(event) {
    const type = event.type;
    if (typeof type === 'string') return this.#onChunk(event, type);
    if (event.done) return this.#onDone();
    if (event.pong !== undefined) {
      const latency = Math.max(0, Date.now() - event.pong);
      this.#latencyMs = latency;
      this.#app.queue(this.#config.onLatency, latency);
    } else if (event.audio) {
      this.#app.queue(this.#config.onAudio, event.audio);
    } else {
      this.#app.report(fault('malformed-frame', event.malformed));
    }
  }

  #onChunk(chunk, type) {
    const response = this.#response;
    const word = this.#rules.chunk(type, response !== null, response !== null && response.started);
    this.#chunkArrived();
    this.#rules.settle(word);
    if (word & STEP_DROP) return;
    if (type === 'start' && response !== null) response.started = true;
    if (type === 'tool-approval-request') this.#asked.push(String(chunk.approvalId));
    // SPEC §5 W8: chunks with no turn in progress are a turn the backend started, a message of its
    // own, named by its `start`; W5: every `start` of a turn names the turn's one message.
    this.#turn.pass(chunk, this.#deliverChunk);
    if ((word & STEP_MASK) === STEP_DELIVER_AWAITING_ANSWER) this.#armApprovalTimer();
    else if ((word & STEP_MASK) === STEP_DELIVER_THEN_END) {
      this.#turn.paused();
      this.#endResponse();
    }
  }

  #onDone() {
    const word = this.#rules.done(this.#response !== null);
    if ((word & STEP_MASK) === STEP_IGNORE) return;
    this.#chunkArrived();
    this.#rules.settle(word);
    // The turn is over: what comes next with no request open is a turn of its own (W8). The end of
    // an aborted turn's dropped tail ends no newer request's turn.
    if (!(word & STEP_DROP)) this.#endResponse();
    else if (this.#response !== null) return;
    this.#turn.ended();
    this.#asked = [];
  }

  /** Any frame of the response is the backend's reaction: the approval wait is over. */
  #chunkArrived() {
    const response = this.#response;
    if (response !== null && response.approvalTimer !== undefined) {
      clearTimeout(response.approvalTimer);
      response.approvalTimer = undefined;
    }
  }

  /** `#deliver`, bound once: the turn machine hands every chunk to it. */
  #deliverChunk = (chunk, begins) => this.#deliver(chunk, begins);

  #deliver(chunk, begins) {
    if (this.#response !== null) return this.#response.stream.enqueue(chunk);
    const first = this.#buffer.push(chunk, begins);
    if (first && this.#config.onBufferedChunks) this.#app.queue(this.#config.onBufferedChunks, undefined);
    else if (chunk.type === 'tool-approval-request' && !this.#config.onBufferedChunks) {
      // SPEC §4a W6: nothing would bring this approval into the chat before the user answers the
      // first one, and the chat waits for it: say so, once per approval, where the app can see it.
      this.#app.reportUnhandled(unhandledBufferedApproval(chunk.approvalId));
    }
  }

  /** The current response is complete: close its stream, or mark the end in the buffer. */
  #endResponse() {
    const response = this.#takeResponse();
    if (response !== null) response.stream.close();
    else this.#buffer.end();
  }

  #armApprovalTimer() {
    this.#armWait(this.#config.approvalTimeoutMs, approvalTimeout);
  }

  /** The response fails with `error(ms)` unless a chunk comes within `ms` (0: no bound); the
   *  next chunk, or the response's end, clears the timer. */
  #armWait(ms, error) {
    const response = this.#response;
    if (response === null || ms === 0) return;
    response.approvalTimer = setTimeout(() => {
      const expired = this.#takeResponse(response.id);
      if (expired === null) return;
      expired.stream.fail(error(ms));
      try {
        this.#socket.send(interruptFrame('timeout'));
      } catch {
        // The close event follows.
      }
    }, ms);
  }

  // ---- abort and cancel ----

  /** A waiting request fails as `fetch` does (with the signal's reason); a streaming one closes
   *  and the backend is told (`interrupt`, reason `user_abort`). */
  #onAbort(id) {
    const pending = this.#pending;
    if (pending !== null && pending.id === id) {
      this.#pending = null;
      const reason = pending.signal.reason;
      this.#app.queue((r) => this.#reject(pending, r), reason === undefined ? abortError() : reason);
      // Nothing was sent; a half-open attempt is not kept for a request that is gone, unless a
      // connect() waits for it (the voice's): dropped, it would never settle (issue 32 §3).
      if (this.#socket.opening && this.#opening.length === 0) this.#socket.drop();
      return;
    }
    const response = this.#takeResponse(id);
    if (response !== null) {
      response.stream.close();
      this.#stopBackend();
    }
  }

  /** The reader cancelled the stream (AI SDK does on `stop()`): as an abort. */
  #onCancel(id) {
    if (this.#takeResponse(id) !== null) this.#stopBackend();
  }

  #stopBackend() {
    try {
      if (!this.#socket.send(interruptFrame('user_abort'))) return;
    } catch {
      return;
    }
    // What the backend still sends of the aborted turn is dropped, within a time bound.
    this.#rules.abort(this.#config.abortTailTimeoutMs);
  }

  /**
   * The socket is open: send the message, then start the response stream with the buffered chunks
   * first (sent first, so a failed send loses none of them), and resolve the request with it.
   * @param {Request} request
   */
  #beginResponse(request) {
    // Chat never overlaps requests; if an app does, the older stream ends here.
    const older = this.#takeResponse();
    if (older !== null) older.stream.close();
    if (request.continues !== undefined && this.#buffer.has((chunk) => chunk.type === 'tool-approval-request')) return this.#answerFromBuffer(request);
    try {
      this.#socket.send(request.text);
    } catch (error) {
      return this.#reject(request, error);
    }
    this.#sent.add();
    this.#turn.request(request.continues);
    this.#rules.start();
    this.#asked = [];
    const stream = responseStream(() => this.#onCancel(request.id));
    // Chunks that came while no stream was open and continue the turn's message go first; their
    // response ends merged into this one, which stays open for the answer to this message. A turn
    // the backend started stays buffered: it is a message of its own (W8), for reconnectToStream.
    if (!this.#buffer.holdsTurn) for (const chunk of this.#buffer.drain().chunks) stream.enqueue(chunk);
    this.#response = { id: request.id, stream, unwatch: request.unwatch, approvalTimer: undefined, started: false, answer: request.continues !== undefined };
    this.#socket.watchResponse();
    // F-b: a message frame is answered within responseTimeoutMs, or its stream ends.
    this.#armWait(this.#config.responseTimeoutMs, (ms) => noResponse(ms, request.what));
    request.resolve(stream.readable);
  }

  /**
   * SPEC §4a W6: the backend asked for another approval of the same turn after the response the
   * chat answers had ended (two tool calls at once: the second request comes after the first one's
   * finish-step). The backend waits for both answers in one message, so this message is not sent:
   * the request gets the buffered response instead, the second approval joins the same assistant
   * message, and the chat sends again once the user has answered it, with both answers.
   * @param {Request} request
   */
  #answerFromBuffer(request) {
    request.resolve(this.#streamFromBuffer(request.id, request.unwatch));
  }
}
