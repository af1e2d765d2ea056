// BidiTransport: AI SDK's ChatTransport over one WebSocket per chat (SPEC §5).
//
// The socket, its frames, timers and response streams are plain JavaScript: they are the browser's
// objects, and a second WebAssembly runtime only to drive them cost a BIDI app ~45 KB. The rules
// that decide (where a response ends, what an abort leaves behind) stay in the core module, which
// the app loads anyway: each frame event crosses once, as numbers (src/exports.rs `adk_bidi_*`),
// and one answer word comes back. The options and faults (transport-options.js), the frames
// (frames.js) and the response stream (response-stream.js) are modules of their own; this file is
// the socket and the requests.
import { core, loadError } from './loader.js';
import { AdkCallbackError, describeValue, field, invalidArgument, isArray, messageOf, optionalString } from './errors.js';
import { F_SEND, MAX_DELAY_MS, abortError, fault, notConnected, optionalCount, optionalSignal, readOptions, sendFailed, suffix } from './transport-options.js';
import { base64, classify, frame, interruptFrame } from './frames.js';
import { responseStream } from './response-stream.js';
// The chunk-kind codes and answer bits of the core's stream rules, shared with the testing kit.
import { STEP, chunkKind } from './contract.js';
import { continuedMessageId, continuing, toAdkWire } from './adk-wire.js';

/** WebSocket.OPEN: a socket past it is closing or closed. */
const OPEN = 1;
/** Marks where a buffered response ended. */
const END = Symbol('end');
// Each transport's rules live in a core slot, freed when the transport is collected.
const slots = /* @__PURE__ */ new FinalizationRegistry((id) => core.adk_bidi_free(id));

/**
 * @typedef {{id: number, ws: WebSocket, open: boolean, listeners: Record<string, (event: any) => void>,
 *   connectTimer: any, pingTimer: any, livenessTimer: any}} Socket
 * @typedef {{id: number, resolve: (stream: any) => void, reject: (error: any) => void, text: string,
 *   signal: any, unwatch: (() => void) | null}} Request
 * @typedef {{id: number, stream: ReturnType<typeof import('./response-stream.js').responseStream>, unwatch: (() => void) | null,
 *   approvalTimer: any, started: boolean}} Response
 */

export class BidiTransport {
  #config;
  #rules;
  /** Ids for sockets and requests, so a late event of an old one is recognised and ignored. */
  #nextId = 0;
  /** @type {Socket | null} */
  #socket = null;
  /** A sendMessages waiting for the socket. @type {Request | null} */
  #pending = null;
  /** The response streaming now. @type {Response | null} */
  #response = null;
  /** Chunks that came while no response stream was open (nothing is lost), and END marks. */
  #buffer = [];
  /** @type {any} */
  #tailTimer = undefined;
  /** When a frame last arrived, or when the liveness watch began. */
  #lastHeard = 0;
  #pingUnanswered = false;
  /** @type {number | undefined} */
  #latencyMs = undefined;
  /** The app's callbacks, called once the transport's state is consistent again. */
  #effects = [];
  #messagesSent = 0;
  #sentWaiters = [];
  /** The assistant message of the agent turn in progress (SPEC §4a W5), once known. */
  #turnMessageId = undefined;

  constructor(options) {
    // A core that could not load, or bad options, throw here, at once.
    if (loadError !== null) throw loadError;
    this.#config = readOptions(options);
    this.#rules = core.adk_bidi_new();
    slots.register(this, this.#rules);
  }

  async sendMessages(options) {
    // The `message` frame is on the socket once the promise resolves (#messageSent counted it), or
    // was not needed (#answerFromBuffer).
    return this.#send(options);
  }

  #messageSent() {
    this.#messagesSent += 1;
    for (const waiter of this.#sentWaiters.splice(0)) waiter();
  }

  /** How many `message` frames this transport has sent. */
  get messagesSent() {
    return this.#messagesSent;
  }

  /**
   * Resolves true once more than `count` message frames have been sent, or false after
   * `timeoutMs`. Pattern B uses it to send a tool_result only after the message that carries the
   * tool's approval (the backend must see the approval first).
   */
  whenMessageSent(count, timeoutMs = 60000) {
    if (this.#messagesSent > count) return Promise.resolve(true);
    return new Promise((resolve) => {
      const timer = setTimeout(() => resolve(false), Math.min(Math.max(0, Number(timeoutMs) || 0), MAX_DELAY_MS));
      const check = () => {
        if (this.#messagesSent > count) {
          clearTimeout(timer);
          resolve(true);
        } else {
          this.#sentWaiters.push(check);
        }
      };
      this.#sentWaiters.push(check);
    });
  }

  #send(options) {
    if (options === null || typeof options !== 'object') {
      throw invalidArgument(F_SEND, `the options are ${describeValue(options)}`, '{chatId, messages, trigger, messageId?, abortSignal?}');
    }
    const chatId = field(F_SEND, options, 'chatId');
    if (typeof chatId !== 'string') throw invalidArgument(F_SEND, `\`chatId\` is ${describeValue(chatId)}`, 'a string');
    const messages = field(F_SEND, options, 'messages');
    if (!isArray(messages)) throw invalidArgument(F_SEND, `\`messages\` is ${describeValue(messages)}`, 'the array of UI messages');
    const trigger = field(F_SEND, options, 'trigger');
    if (trigger !== 'submit-message' && trigger !== 'regenerate-message') {
      throw invalidArgument(F_SEND, `\`trigger\` is ${describeValue(trigger)}`, "'submit-message' or 'regenerate-message'");
    }
    const messageId = optionalString(F_SEND, options, 'messageId', 'a string or undefined');
    const signal = optionalSignal(F_SEND, options);
    let history;
    try {
      history = JSON.stringify(this.#config.adk ? toAdkWire(messages, this.#config.isBrowserTool) : messages);
    } catch (error) {
      throw invalidArgument(F_SEND, `JSON.stringify(messages) threw: ${messageOf(error)}`, 'messages that JSON can carry (no cycles, no BigInt)');
    }
    const id = `,"messageId":${JSON.stringify(messageId)}`;
    const text = frame('message', `,"id":${JSON.stringify(chatId)},"messages":${history},"trigger":"${trigger}"${messageId === undefined ? '' : id}`);
    if (signal !== null && signal.aborted) return Promise.reject(signal.reason === undefined ? abortError() : signal.reason);
    return new Promise((resolve, reject) => {
      /** @type {Request} */
      const request = { id: ++this.#nextId, resolve, reject, text, signal, unwatch: null, continues: continuedMessageId(messages) };
      request.unwatch = this.#watchAbort(signal, request.id);
      const older = this.#pending;
      this.#pending = null;
      if (older !== null) this.#reject(older, fault('superseded', 'a newer sendMessages() call replaced this one before the WebSocket opened'));
      // A socket the backend is closing (its close event not handled yet) takes no request: a new
      // one is opened instead, so the request does not die with the old socket.
      if (this.#socket !== null && this.#socket.ws.readyState > OPEN) this.#dropSocketOnly();
      if (this.#socket !== null && this.#socket.open) this.#beginResponse(this.#socket, request);
      else if (this.#socket !== null) this.#pending = request;
      else {
        const error = this.#connect();
        if (error) this.#reject(request, error);
        else this.#pending = request;
      }
      this.#flush();
    });
  }

  /**
   * A stream of the chunks that came while no response stream was open (it stays open for the
   * rest of that response unless it already ended), or null when there are none.
   */
  async reconnectToStream(options) {
    const signal = options === undefined || options === null ? null : optionalSignal('BidiTransport.reconnectToStream', options);
    if (this.#response !== null || !this.#buffer.some((b) => b !== END)) return null;
    // AI SDK's `chat.resumeStream()` reads a resumed stream into a NEW assistant message; chunks
    // that continue the turn's message (a second approval, a late result) would land there, apart
    // from their tool calls (SPEC §4a W5, W6). Only a caller that applies them to the message they
    // continue (`resumeBuffered`, which says so with `continueMessage: true`) gets them.
    const continues = options !== null && typeof options === 'object' && options.continueMessage === true;
    // A late text is its own message; a chunk of a tool call belongs to the turn's message.
    const ofTool = this.#buffer.some((b) => b !== END && typeof b.toolCallId === 'string');
    if (this.#turnMessageId !== undefined && ofTool && !continues) {
      throw fault(
        'resume-would-split',
        `BidiTransport.reconnectToStream(): the buffered chunks continue the assistant message ${this.#turnMessageId}, and chat.resumeStream() would put them in a new one; resume them with resumeBuffered(chat, transport) from 'adk-stream-wasm/chat' (createAdk and useAdkChat do), or leave onBufferedChunks unset for the next request to take them`,
      );
    }
    const id = ++this.#nextId;
    return this.#streamFromBuffer(id, this.#watchAbort(signal, id));
  }

  /** A stream of the buffered chunks; it stays the open response unless their response had ended. */
  #streamFromBuffer(id, unwatch) {
    const stream = responseStream(() => this.#onCancel(id));
    const { chunks, ended } = this.#drainBuffer();
    for (const chunk of chunks) stream.enqueue(chunk);
    if (ended) {
      stream.close();
      if (unwatch) unwatch();
    } else {
      this.#response = { id, stream, unwatch, approvalTimer: undefined, started: true };
      this.#watchResponseLiveness();
    }
    return stream.readable;
  }

  /** Resumed streams continue where the closed one stopped; they do not replay the response. */
  get resumeStreamIsReplay() {
    return false;
  }

  /** BIDI Pattern B: sends a browser tool's output as a `tool_result` frame. */
  sendToolResult(toolCallId, result) {
    const fn = 'BidiTransport.sendToolResult';
    if (typeof toolCallId !== 'string' || toolCallId === '') {
      throw invalidArgument(fn, `the toolCallId is ${describeValue(toolCallId)}`, "the tool part's toolCallId, a non-empty string");
    }
    if (result === null || typeof result !== 'object' || isArray(result)) {
      throw invalidArgument(fn, `the result is ${describeValue(result)}`, 'an object, such as {latitude, longitude, accuracy, timestamp}');
    }
    let json;
    try {
      json = JSON.stringify(result);
    } catch (error) {
      throw invalidArgument(fn, `JSON.stringify(result) threw: ${messageOf(error)}`, 'a result that JSON can carry');
    }
    this.#sendOrThrow('sendToolResult', frame('tool_result', `,"toolCallId":${JSON.stringify(toolCallId)},"result":${json}`));
  }

  /** Sends `interrupt`; false when no socket is open (there is nothing to interrupt). */
  interrupt(reason) {
    if (reason !== undefined && reason !== null && reason !== 'user_abort' && reason !== 'timeout' && reason !== 'error') {
      throw invalidArgument('BidiTransport.interrupt', `the reason is ${describeValue(reason)}`, "'user_abort', 'timeout', 'error' or undefined");
    }
    return this.#sendFrame(interruptFrame(reason ?? undefined));
  }

  sendAudioControl(action) {
    if (action !== 'start' && action !== 'stop') {
      throw invalidArgument('BidiTransport.sendAudioControl', `the action is ${describeValue(action)}`, "'start' or 'stop'");
    }
    this.#sendOrThrow('sendAudioControl', frame('audio_control', `,"action":"${action}"`));
  }

  /** `{chunk, sampleRate?, channels?, bitDepth?}`: base64 PCM, or its bytes (encoded here). */
  sendAudioChunk(audio) {
    const fn = 'BidiTransport.sendAudioChunk';
    if (audio === null || typeof audio !== 'object') {
      throw invalidArgument(fn, `the argument is ${describeValue(audio)}`, '{chunk, sampleRate?, channels?, bitDepth?}');
    }
    let chunk = field(fn, audio, 'chunk');
    if (typeof chunk === 'string') {
      // It goes into the frame as is, so it must be standard padded base64.
      if (chunk.length % 4 !== 0 || !/^[A-Za-z0-9+/]*={0,2}$/.test(chunk)) {
        throw invalidArgument(fn, '`chunk` is a string that is not base64', 'base64 PCM or the PCM bytes');
      }
    } else if (chunk instanceof ArrayBuffer) {
      chunk = base64(new Uint8Array(chunk));
    } else if (ArrayBuffer.isView(chunk)) {
      chunk = base64(new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength));
    } else {
      throw invalidArgument(fn, `\`chunk\` is ${describeValue(chunk)}`, 'base64 PCM (a string), an ArrayBuffer or a typed array');
    }
    // What ADK's Live API takes in: 16 kHz, mono, 16-bit.
    const sampleRate = optionalCount(fn, audio, 'sampleRate', 16000);
    const channels = optionalCount(fn, audio, 'channels', 1);
    const bitDepth = optionalCount(fn, audio, 'bitDepth', 16);
    this.#sendOrThrow(
      'sendAudioChunk',
      frame('audio_chunk', `,"chunk":"${chunk}","sampleRate":${sampleRate},"channels":${channels},"bitDepth":${bitDepth}`),
    );
  }

  /** Closes the socket; a request in flight fails; buffered chunks stay; the next send reopens. */
  close() {
    this.#dropSocket(fault('closed', 'the transport was closed with close() while this request was in flight'));
    this.#flush();
  }

  /** Whether the socket is open now. */
  get connected() {
    return this.#socket !== null && this.#socket.open;
  }

  /** The last ping round-trip in milliseconds, or undefined before the first pong. */
  get latencyMs() {
    return this.#latencyMs;
  }

  // ---- the state's helpers ----

  /** Runs the app's callbacks asked for while the state changed; one that throws disturbs nothing
   *  here, and is reported (`reportError`, else `onError`, else the console). */
  #flush() {
    if (this.#effects.length === 0) return;
    for (const [callback, arg] of this.#effects.splice(0)) {
      try {
        callback(arg);
      } catch (error) {
        this.#callbackFailed(callback, error);
      }
    }
  }

  /** An app callback threw: the app's error is its own, so it goes where the app sees errors. */
  #callbackFailed(callback, error) {
    const report = /** @type {any} */ (globalThis).reportError;
    if (typeof report === 'function') return void report.call(globalThis, error);
    const onError = this.#config.onError;
    if (onError !== null && callback !== onError) {
      const wrapped = new AdkCallbackError(`a BidiTransport callback threw: ${messageOf(error)}`, { cause: error });
      try {
        return void onError(wrapped);
      } catch {
        // onError itself threw: the console below.
      }
    }
    console.error('adk-stream-wasm: a BidiTransport callback threw', error);
  }

  #report(error) {
    if (this.#config.onError) this.#effects.push([this.#config.onError, error]);
  }

  #reject(request, error) {
    if (request.unwatch) request.unwatch();
    request.reject(error);
  }

  /** Sends a small frame if the socket is open; false when it is not; throws `send-failed`. */
  #sendFrame(text) {
    const socket = this.#socket;
    if (socket === null || !socket.open) return false;
    try {
      socket.ws.send(text);
    } catch (error) {
      throw sendFailed(error);
    }
    return true;
  }

  #sendOrThrow(method, text) {
    if (!this.#sendFrame(text)) throw notConnected(method);
  }

  /** An `abort` listener for request `id`; returns its remover. */
  #watchAbort(signal, id) {
    if (signal === null) return null;
    const listener = () => {
      this.#onAbort(id);
      this.#flush();
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

  // ---- the socket ----

  /** Opens a new socket; returns the `cannot-open` fault when the browser refuses at once. */
  #connect() {
    const { url, connectTimeoutMs } = this.#config;
    let ws;
    try {
      ws = new WebSocket(url);
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
      this.#flush();
    };
    const listeners = {
      open: on((_event, socket) => this.#onOpen(socket)),
      message: on((event) => this.#onMessage(event.data)),
      close: on((event, socket) => this.#onSocketGone(socket, event.code, event.reason)),
      // While connecting, an error is the failure itself: some WebSockets (Node 22's) fire no
      // close after a refused connection. Once open, the close that follows says what happened.
      error: on((_event, socket) => {
        if (!socket.open) this.#onSocketGone(socket, 1006, 'the connection failed');
      }),
    };
    for (const [type, listener] of Object.entries(listeners)) ws.addEventListener(type, listener);
    const connectTimer = setTimeout(
      on((_event, socket) => {
        if (socket.open) return;
        this.#dropSocketOnly();
        const pending = this.#pending;
        this.#pending = null;
        if (pending !== null) {
          const error = `the WebSocket to ${url} did not open within ${connectTimeoutMs} ms (connectTimeoutMs); the backend is unreachable or did not answer the handshake`;
          this.#reject(pending, fault('connect-timeout', error));
        }
      }),
      connectTimeoutMs,
    );
    this.#socket = { id, ws, open: false, listeners, connectTimer, pingTimer: undefined, livenessTimer: undefined };
    return null;
  }

  /** @param {Socket} socket */
  #onOpen(socket) {
    socket.open = true;
    clearTimeout(socket.connectTimer);
    if (this.#config.pingIntervalMs > 0) socket.pingTimer = setInterval(() => this.#ping(), this.#config.pingIntervalMs);
    const pending = this.#pending;
    this.#pending = null;
    if (pending !== null) this.#beginResponse(socket, pending);
  }

  #ping() {
    try {
      if (!this.#sendFrame(frame('ping'))) return;
    } catch {
      // Not worth a report: the close event follows.
      return;
    }
    this.#pingUnanswered = true;
    this.#watchLiveness();
  }

  /** @param {Socket} socket */
  #onSocketGone(socket, code, reason) {
    const error = socket.open
      ? fault('closed-mid-response', `the WebSocket closed before the response ended (close code ${code}${suffix(reason)}); the next request reconnects`)
      : fault(
          'connect-failed',
          `the WebSocket to ${this.#config.url} closed before it opened (close code ${code}${suffix(reason)}): the server refused the connection, is not running, or rejected the handshake; check the URL and that the backend is up`,
        );
    this.#dropSocket(error);
  }

  /** Lets the socket go: no event of it reaches the state again; its timers stop. */
  #dropSocketOnly() {
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

  /** The socket is gone (closed, failed, silent, or closed by the app): the request in flight
   *  fails with `error`; what was buffered stays deliverable. */
  #dropSocket(error) {
    this.#dropSocketOnly();
    const response = this.#takeResponse();
    if (response !== null) response.stream.fail(error);
    const pending = this.#pending;
    this.#pending = null;
    if (pending !== null) this.#effects.push([(e) => this.#reject(pending, e), error]);
    // The backend's session is gone with its socket.
    core.adk_bidi_reset(this.#rules);
    clearTimeout(this.#tailTimer);
    this.#tailTimer = undefined;
    this.#pingUnanswered = false;
  }

  // ---- liveness: a network gone silent without a close ----

  #heard() {
    if (this.#config.livenessTimeoutMs > 0) this.#lastHeard = Date.now();
    this.#pingUnanswered = false;
  }

  /** A response starts: its silence counts from now, and the watch runs. */
  #watchResponseLiveness() {
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

  /** Checks for silence after `delay`; re-arms for the rest when something arrived meanwhile. */
  #armLiveness(socket, delay) {
    socket.livenessTimer = setTimeout(() => {
      if (this.#socket !== socket) return;
      socket.livenessTimer = undefined;
      const ms = this.#config.livenessTimeoutMs;
      if (this.#response === null && !this.#pingUnanswered) return;
      const silent = Math.max(0, Date.now() - this.#lastHeard);
      if (silent < ms) return this.#armLiveness(socket, Math.max(1, Math.ceil(ms - silent)));
      this.#dropSocket(
        fault(
          'liveness',
          `nothing arrived on the WebSocket for ${Math.floor(silent)} ms (livenessTimeoutMs is ${ms}): no chunk and no pong, so the network or the backend is gone without closing the socket. The socket was closed; the next request reconnects`,
        ),
      );
      this.#flush();
    }, delay);
  }

  // ---- frames ----

  #onMessage(data) {
    this.#heard();
    if (typeof data !== 'string') {
      const bytes = data instanceof ArrayBuffer ? data.byteLength : 0;
      return this.#report(fault('malformed-frame', `a binary frame of ${bytes} bytes; the server sends text frames only`));
    }
    // A frame holds events separated by blank lines.
    let any = false;
    for (let from = 0; from < data.length; ) {
      let end = data.indexOf('\n\n', from);
      if (end < 0) end = data.length;
      const event = data.slice(from, end).trim();
      from = end + 2;
      if (event === '') continue;
      any = true;
      this.#onEvent(classify(event));
    }
    if (!any) this.#report(fault('malformed-frame', 'an empty text frame'));
  }

  #onEvent(event) {
    const type = event.type;
    if (typeof type === 'string') return this.#onChunk(event, type);
    if (event.done) return this.#onDone();
    if (event.pong !== undefined) {
      const latency = Math.max(0, Date.now() - event.pong);
      this.#latencyMs = latency;
      if (this.#config.onLatency) this.#effects.push([this.#config.onLatency, latency]);
    } else if (event.audio) {
      if (this.#config.onAudio) this.#effects.push([this.#config.onAudio, event.audio]);
    } else {
      this.#report(fault('malformed-frame', event.malformed));
    }
  }

  #onChunk(chunk, type) {
    const response = this.#response;
    const word = core.adk_bidi_chunk(this.#rules, chunkKind(type), response ? 1 : 0, response && response.started ? 1 : 0);
    this.#chunkArrived();
    this.#settleTail(word);
    if (word & STEP.DROP) return;
    if (type === 'start') {
      if (response !== null) response.started = true;
      // SPEC §4a W5: every later response of the turn goes on in the turn's one assistant message.
      if (this.#turnMessageId === undefined) this.#turnMessageId = typeof chunk.messageId === 'string' ? chunk.messageId : undefined;
      else chunk = continuing(chunk, this.#turnMessageId);
    }
    this.#deliver(chunk);
    if ((word & STEP.MASK) === STEP.DELIVER_AWAITING_ANSWER) this.#armApprovalTimer();
    else if ((word & STEP.MASK) === STEP.DELIVER_THEN_END) this.#endResponse();
  }

  #onDone() {
    const word = core.adk_bidi_done(this.#rules, this.#response ? 1 : 0);
    if ((word & STEP.MASK) === STEP.IGNORE) return;
    this.#chunkArrived();
    this.#settleTail(word);
    if (!(word & STEP.DROP)) this.#endResponse();
  }

  /** Any frame of the response is the backend's reaction: the approval wait is over. */
  #chunkArrived() {
    const response = this.#response;
    if (response !== null && response.approvalTimer !== undefined) {
      clearTimeout(response.approvalTimer);
      response.approvalTimer = undefined;
    }
  }

  /** The tail's time limit goes once the discard has ended by itself. */
  #settleTail(word) {
    if (!(word & STEP.TAIL_ACTIVE) && this.#tailTimer !== undefined) {
      clearTimeout(this.#tailTimer);
      this.#tailTimer = undefined;
    }
  }

  #deliver(chunk) {
    if (this.#response !== null) return this.#response.stream.enqueue(chunk);
    const first = !this.#buffer.some((b) => b !== END);
    this.#buffer.push(chunk);
    if (first && this.#config.onBufferedChunks) this.#effects.push([this.#config.onBufferedChunks, undefined]);
    else if (chunk.type === 'tool-approval-request' && !this.#config.onBufferedChunks) {
      // SPEC §4a W6: nothing would bring this approval into the chat before the user answers the
      // first one, and the chat waits for it: say so, once per approval, where the app can see it.
      this.#reportUnhandled(
        fault(
          'unhandled-buffered-approval',
          `the backend asked for approval ${String(chunk.approvalId)} while no response stream was open (a second tool call of the same turn), and the transport has no onBufferedChunks handler, so the chat cannot show it; pass onBufferedChunks: () => resumeBuffered(chat, transport) (from 'adk-stream-wasm/chat'), or use createAdk / useAdkChat, which do`,
        ),
      );
    }
  }

  /** A fault the app must hear of: to onError, else to the platform's error report. */
  #reportUnhandled(error) {
    if (this.#config.onError) return this.#report(error);
    const report = /** @type {any} */ (globalThis).reportError;
    this.#effects.push([typeof report === 'function' ? (e) => report.call(globalThis, e) : (e) => console.error(e), error]);
  }

  /** The current response is complete: close its stream, or mark the end in the buffer. */
  #endResponse() {
    const response = this.#takeResponse();
    if (response !== null) response.stream.close();
    else if (this.#buffer.length > 0 && this.#buffer[this.#buffer.length - 1] !== END) this.#buffer.push(END);
  }

  /** Buffered chunks, in order, and whether the last buffered response had ended. */
  #drainBuffer() {
    const ended = this.#buffer[this.#buffer.length - 1] === END;
    const chunks = this.#buffer.filter((b) => b !== END);
    this.#buffer = [];
    return { chunks, ended };
  }

  #armApprovalTimer() {
    const ms = this.#config.approvalTimeoutMs;
    const response = this.#response;
    if (response === null || ms === 0) return;
    response.approvalTimer = setTimeout(() => {
      const expired = this.#takeResponse(response.id);
      if (expired === null) return;
      const text = `the backend sent a tool-approval-request and then nothing within ${ms} ms (approvalTimeoutMs); expected a finish-step or further chunks. An interrupt with reason 'timeout' was sent`;
      expired.stream.fail(fault('approval-timeout', text));
      try {
        this.#sendFrame(interruptFrame('timeout'));
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
      this.#effects.push([(r) => this.#reject(pending, r), reason === undefined ? abortError() : reason]);
      // Nothing was sent; a half-open attempt is not kept for a request that is gone.
      if (this.#socket !== null && !this.#socket.open) this.#dropSocketOnly();
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
      if (!this.#sendFrame(interruptFrame('user_abort'))) return;
    } catch {
      return;
    }
    // What the backend still sends of the aborted turn is dropped, within a time bound.
    core.adk_bidi_abort(this.#rules);
    clearTimeout(this.#tailTimer);
    const ms = this.#config.abortTailTimeoutMs;
    this.#tailTimer = ms > 0 ? setTimeout(() => {
      this.#tailTimer = undefined;
      core.adk_bidi_expire(this.#rules);
    }, ms) : undefined;
  }

  /**
   * The socket is open: send the message, then start the response stream with the buffered chunks
   * first (sent first, so a failed send loses none of them), and resolve the request with it.
   * @param {Socket} socket @param {Request} request
   */
  #beginResponse(socket, request) {
    // Chat never overlaps requests; if an app does, the older stream ends here.
    const older = this.#takeResponse();
    if (older !== null) older.stream.close();
    if (request.continues !== undefined && this.#buffer.some(isApprovalRequest)) return this.#answerFromBuffer(request);
    try {
      socket.ws.send(request.text);
    } catch (error) {
      return this.#reject(request, sendFailed(error));
    }
    this.#messageSent();
    this.#turnMessageId = request.continues;
    core.adk_bidi_start(this.#rules);
    const stream = responseStream(() => this.#onCancel(request.id));
    // Chunks that came while no stream was open go first; their response ends merged into this
    // one, which stays open for the answer to this message.
    for (const chunk of this.#drainBuffer().chunks) stream.enqueue(chunk);
    this.#response = { id: request.id, stream, unwatch: request.unwatch, approvalTimer: undefined, started: false };
    this.#watchResponseLiveness();
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

/** Whether a buffered entry is a chunk that asks the user for an approval. */
const isApprovalRequest = (entry) => entry !== END && entry.type === 'tool-approval-request';
