// The response side of a BidiTransport (SPEC §5): the chunks and `[DONE]`s the backend sends, the
// response stream AI SDK reads, the chunks kept while none is open, the time bounds on a response,
// and what losing the socket means for an answer (F-a). The request side (requests, the socket's
// life, abort) is bidi-transport.js; the rules that decide where a response ends are the core's
// (stream-rules.js), and which message a chunk goes into is agent-turn.js's.
import { answerInDoubt, approvalTimeout, connectionLost, noResponse, resumeWouldSplit, unhandledBufferedApproval } from './options.js';
import { interruptFrame } from '../../wire/frames.js';
import { responseStream } from './response-stream.js';
import { ChunkBuffer } from '../../wire/chunk-buffer.js';
import { StreamRules } from './stream-rules.js';
import { STEP_DELIVER_AWAITING_ANSWER, STEP_DELIVER_THEN_END, STEP_DROP, STEP_IGNORE, STEP_MASK } from '../../core/contract.js';
import { AgentTurn } from '../../wire/agent-turn.js';

/** @import { Chunk } from '../../wire/agent-turn.js' */

/**
 * A sendMessages call: its `message` frame (`text`), the message it continues, and its promise's ends.
 * @typedef {{id: number, resolve: (stream: ReadableStream<Chunk>) => void, reject: (error: unknown) => void, text: string,
 *   signal: AbortSignal | null, unwatch: (() => void) | null, continues: string | undefined, what: string}} Request
 * @typedef {{id: number, stream: ReturnType<typeof responseStream>, unwatch: (() => void) | null,
 *   approvalTimer?: ReturnType<typeof setTimeout>, started: boolean, answer?: boolean}} Response
 */

/** A request fails with `error`; its abort listener goes. @param {Request} request @param {unknown} error */
export function rejectRequest(request, error) {
  if (request.unwatch) request.unwatch();
  request.reject(error);
}

export class Responses {
  /** @type {import('./options.js').Config} */
  #config;
  /** @type {import('./socket.js').BidiSocket} */ #socket;
  /** @type {import('./app-callbacks.js').AppCallbacks} */ #app;
  /** @type {import('./sent-messages.js').SentMessages} */ #sent;
  #rules = new StreamRules();
  /** The response streaming now. @type {Response | null} */
  #response = null;
  /** Chunks that came while no response stream was open (nothing is lost). */
  #buffer = new ChunkBuffer();
  /** The agent turn in progress and its assistant message (SPEC §4a W5, §5 W8). */
  #turn = new AgentTurn();
  /** Approval ids the backend asked for since the last `message` frame (F-a). @type {string[]} */
  #asked = [];
  /** F-a: the socket was lost with approvals pending; answers to them are refused until a new
   *  turn starts (a new connection may not know them). @type {Error | null} */
  #lost = null;

  /**
   * @param {import('./options.js').Config} config @param {import('./socket.js').BidiSocket} socket
   * @param {import('./app-callbacks.js').AppCallbacks} app @param {import('./sent-messages.js').SentMessages} sent
   */
  constructor(config, socket, app, sent) {
    this.#config = config;
    this.#socket = socket;
    this.#app = app;
    this.#sent = sent;
  }

  /** Whether a response is streaming now. */
  get open() {
    return this.#response !== null;
  }

  /**
   * What a request that continues message `continues` (undefined: a new turn) is refused with:
   * the connection-lost error of the approvals it would answer, or null. A new turn forgets it
   * (SPEC §5 F-a).
   * @param {string | undefined} continues
   */
  refusal(continues) {
    if (continues === undefined) this.#lost = null;
    return this.#lost;
  }

  /**
   * The socket is open: send the request's message, then start the response stream with the
   * buffered chunks first (sent first, so a failed send loses none of them), and resolve the
   * request with it.
   * @param {Request} request
   */
  start(request) {
    // Chat never overlaps requests; if an app does, the older stream ends here.
    const older = this.#take();
    if (older !== null) older.stream.close();
    // SPEC §4a W6: the backend asked for another approval of the same turn after the response the
    // chat answers had ended (two tool calls at once: the second request comes after the first
    // one's finish-step). The backend waits for both answers in one message, so this message is not
    // sent: the request gets the buffered response instead, the second approval joins the same
    // assistant message, and the chat sends again once the user has answered it, with both answers.
    if (request.continues !== undefined && this.#buffer.has((chunk) => chunk.type === 'tool-approval-request')) {
      return request.resolve(this.buffered(request.id, request.unwatch));
    }
    try {
      this.#socket.send(request.text);
    } catch (error) {
      return rejectRequest(request, error);
    }
    this.#sent.add();
    this.#turn.request(request.continues);
    this.#rules.start();
    this.#asked = [];
    const stream = responseStream(() => this.cancel(request.id));
    // Chunks that came while no stream was open and continue the turn's message go first; their
    // response ends merged into this one, which stays open for the answer to this message. A turn
    // the backend started stays buffered: it is a message of its own (W8), for reconnectToStream.
    if (!this.#buffer.holdsTurn) for (const chunk of this.#buffer.drain().chunks) stream.enqueue(chunk);
    this.#response = { id: request.id, stream, unwatch: request.unwatch, started: false, answer: request.continues !== undefined };
    this.#socket.watchResponse();
    // F-b: a message frame is answered within responseTimeoutMs, or its stream ends.
    this.#armWait(this.#config.responseTimeoutMs, (ms) => noResponse(ms, request.what));
    request.resolve(stream.readable);
  }

  /**
   * Whether reconnectToStream has buffered chunks to give (none while a response streams). AI SDK's
   * `chat.resumeStream()` reads a resumed stream into a NEW assistant message; chunks that continue
   * the turn's message (a second approval, a late result) would land there, apart from their tool
   * calls (SPEC §4a W5, W6). Only a caller that applies them to the message they continue
   * (`resumeBuffered`, which says so with `continues`) gets them. A turn the backend started begins
   * with the `start` of a message of its own (W8): AI SDK may read that.
   * @param {boolean} continues
   */
  resumable(continues) {
    if (this.#response !== null || !this.#buffer.has()) return false;
    if (!this.#buffer.holdsTurn && !continues) throw resumeWouldSplit(this.#turn.messageId);
    return true;
  }

  /** A stream of the buffered chunks; it stays the open response unless their response had ended.
   *  @param {number} id @param {(() => void) | null} unwatch */
  buffered(id, unwatch) {
    const stream = responseStream(() => this.cancel(id));
    const { chunks, ended } = this.#buffer.drain();
    for (const chunk of chunks) stream.enqueue(chunk);
    if (ended) {
      stream.close();
      if (unwatch) unwatch();
    } else {
      this.#response = { id, stream, unwatch, started: true };
      this.#socket.watchResponse();
    }
    return stream.readable;
  }

  /** Request `id` was aborted while streaming, or its reader cancelled the stream (AI SDK does on
   *  `stop()`): the stream closes and the backend is told (`interrupt`, reason `user_abort`).
   *  @param {number} id */
  cancel(id) {
    const response = this.#take(id);
    if (response === null) return;
    response.stream.close();
    try {
      if (!this.#socket.send(interruptFrame('user_abort'))) return;
    } catch {
      return;
    }
    // What the backend still sends of the aborted turn is dropped, within a time bound.
    this.#rules.abort(this.#config.abortTailTimeoutMs);
  }

  /** The socket is gone with `error`: the response streaming fails; what was buffered stays
   *  deliverable; the backend's session is gone with its socket, and its turn with it.
   *  @param {import('../../errors/errors.js').AdkTransportError} error */
  gone(error) {
    const lost = error.kind === 'closed' ? null : this.#lostAnswer(error);
    const response = this.#take();
    if (response !== null) response.stream.fail(lost ?? error);
    else if (lost !== null) this.#app.report(lost);
    this.#rules.reset();
    this.#turn.ended();
    this.#asked = [];
  }

  /** SPEC §5 F-a: what losing the socket (`cause`) means for the user's answer, or null when no
   *  answer is at stake. Pending approvals are remembered: answers to them are refused.
   *  @param {Error} cause */
  #lostAnswer(cause) {
    if (this.#asked.length > 0) return (this.#lost = connectionLost(this.#asked, cause));
    const response = this.#response;
    return response !== null && response.answer ? answerInDoubt(cause) : null;
  }

  /** Takes the response in progress (if it is `id`, when given), its timer and listener gone.
   *  @param {number} [id] @returns {Response | null} */
  #take(id) {
    const response = this.#response;
    if (response === null || (id !== undefined && response.id !== id)) return null;
    this.#response = null;
    clearTimeout(response.approvalTimer);
    if (response.unwatch) response.unwatch();
    return response;
  }

  // ---- chunks and [DONE] ----

  /** A chunk from the backend, `type` its type. @param {Chunk} chunk @param {string} type */
  chunk(chunk, type) {
    const response = this.#response;
    const word = this.#rules.chunk(type, response !== null, response !== null && response.started);
    this.#chunkArrived();
    this.#rules.settle(word);
    if (word & STEP_DROP) return;
    if (type === 'start' && response !== null) response.started = true;
    if (type === 'tool-approval-request') this.#asked.push(String(chunk.approvalId));
    // SPEC §5 W8: chunks with no turn in progress are a turn the backend started, a message of its
    // own, named by its `start`; W5: every `start` of a turn names the turn's one message.
    this.#turn.pass(chunk, this.#deliver);
    if ((word & STEP_MASK) === STEP_DELIVER_AWAITING_ANSWER) this.#armWait(this.#config.approvalTimeoutMs, approvalTimeout);
    else if ((word & STEP_MASK) === STEP_DELIVER_THEN_END) {
      this.#turn.paused();
      this.#end();
    }
  }

  /** A `[DONE]` from the backend. */
  done() {
    const word = this.#rules.done(this.#response !== null);
    if ((word & STEP_MASK) === STEP_IGNORE) return;
    this.#chunkArrived();
    this.#rules.settle(word);
    // The turn is over: what comes next with no request open is a turn of its own (W8). The end of
    // an aborted turn's dropped tail ends no newer request's turn.
    if (!(word & STEP_DROP)) this.#end();
    else if (this.#response !== null) return;
    this.#turn.ended();
    this.#asked = [];
  }

  /** Any frame of the response is the backend's reaction: the approval wait is over. */
  #chunkArrived() {
    const response = this.#response;
    if (response !== null) {
      clearTimeout(response.approvalTimer);
      response.approvalTimer = undefined;
    }
  }

  /** A chunk to the response, or to the buffer when none is open; an arrow, bound once: the turn
   *  machine hands every chunk to it. @type {(chunk: any, begins: boolean) => void} */
  #deliver = (chunk, begins) => {
    if (this.#response !== null) return this.#response.stream.enqueue(chunk);
    const first = this.#buffer.push(chunk, begins);
    if (first && this.#config.onBufferedChunks) this.#app.queue(this.#config.onBufferedChunks, undefined);
    else if (chunk.type === 'tool-approval-request' && !this.#config.onBufferedChunks) {
      // SPEC §4a W6: nothing would bring this approval into the chat before the user answers the
      // first one, and the chat waits for it: say so, once per approval, where the app can see it.
      this.#app.reportUnhandled(unhandledBufferedApproval(chunk.approvalId));
    }
  };

  /** The current response is complete: close its stream, or mark the end in the buffer. */
  #end() {
    const response = this.#take();
    if (response !== null) response.stream.close();
    else this.#buffer.end();
  }

  /** The response fails with `error(ms)` unless a chunk comes within `ms` (0: no bound); the
   *  next chunk, or the response's end, clears the timer.
   *  @param {number} ms @param {(ms: number) => Error} error */
  #armWait(ms, error) {
    const response = this.#response;
    if (response === null || ms === 0) return;
    response.approvalTimer = setTimeout(() => {
      const expired = this.#take(response.id);
      if (expired === null) return;
      expired.stream.fail(error(ms));
      try {
        this.#socket.send(interruptFrame('timeout'));
      } catch {
        // The close event follows.
      }
    }, ms);
  }
}
