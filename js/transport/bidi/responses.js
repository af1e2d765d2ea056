// The response side of a BidiTransport (SPEC §5): the chunks and `[DONE]`s the backend sends, the
// response stream AI SDK reads, the chunks kept while none is open, the requests held while a turn
// streams, the time bounds on a response, and what losing the socket means for an answer (F-a).
// The request side (requests, the socket's life, abort) is bidi-transport.js; which response owns a
// chunk is the one state machine of wire/chunk-owner.js (W13).
import { answerInDoubt, approvalTimeout, connectionLost, noResponse, resumeWouldSplit, unhandledBufferedApproval } from './options.js';
import { interruptFrame } from '../../wire/frames.js';
import { responseStream } from './response-stream.js';
import { ChunkBuffer } from '../../wire/chunk-buffer.js';
import { ABORTED_TAIL, ASKS, ChunkOwner, ENDS, KEEP } from '../../wire/chunk-owner.js';

/** @import { Chunk } from '../../wire/chunk-owner.js' */

/**
 * A sendMessages call: its `message` frame (`text`), the message it continues, and its promise's ends.
 * @typedef {{id: number, resolve: (stream: ReadableStream<Chunk>) => void, reject: (error: unknown) => void, text: string,
 *   signal: AbortSignal | null, unwatch: (() => void) | null, continues: string | undefined, what: string}} Request
 * @typedef {{id: number, stream: ReturnType<typeof responseStream>, unwatch: (() => void) | null,
 *   timer?: ReturnType<typeof setTimeout>, answer?: boolean}} Response
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
  /** Which response owns each chunk (W13). */
  #owner = new ChunkOwner();
  /** The response streaming now: always the owner's turn's. @type {Response | null} */
  #response = null;
  /** Requests that came while a turn streamed, in order: each goes out when the turn before it
   *  has ended (W11, W12). @type {Request[]} */
  #held = [];
  /** Chunks of the turn that came while no response stream was open (nothing is lost). */
  #buffer = new ChunkBuffer();
  /** The bound on an aborted tail's silence (W12). @type {ReturnType<typeof setTimeout> | undefined} */
  #tailTimer = undefined;
  /** Approval ids the backend asked for since the last `message` frame (F-a). @type {string[]} */
  #asked = [];
  /** F-a: the socket was lost with approvals pending; answers to them are refused until a new turn
   *  starts (a new connection may not know them). @type {Error | null} */
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
   * buffered chunks of the turn first, and resolve the request with it. While a turn streams, the
   * request is held until that turn ends (W11, W12): every chunk after the frame is then its own.
   * @param {Request} request
   */
  start(request) {
    // SPEC §4a W6: the backend asked for another approval of the same turn after the response the
    // chat answers had ended (two tool calls at once: the second request comes after the first
    // one's finish-step). The backend waits for both answers in one message, so this message is not
    // sent: the request gets the buffered response instead, the second approval joins the same
    // assistant message, and the chat sends again once the user has answered it, with both answers.
    if (request.continues !== undefined && this.#response === null && this.#buffer.has((chunk) => chunk.type === 'tool-approval-request')) {
      return request.resolve(this.buffered(request.id, request.unwatch));
    }
    if (!this.#owner.canSend) {
      // A user who types twice while the answer streams gets both answered, in order.
      this.#held.push(request);
      return;
    }
    try {
      this.#socket.send(request.text);
    } catch (error) {
      return rejectRequest(request, error);
    }
    this.#sent.add();
    this.#owner.sent(request.continues);
    // An answer settles the approvals asked so far; a new message leaves them waiting on this
    // socket, where only it can answer them (F-a).
    if (request.continues !== undefined) this.#asked = [];
    const stream = responseStream(() => this.cancel(request.id));
    // Chunks that came while no stream was open and continue the turn's message go first; their
    // response ends merged into this one, which stays open for the answer to this message. A turn
    // the backend started stays buffered: it is a message of its own (W8), for reconnectToStream.
    if (!this.#buffer.holdsTurn) for (const chunk of this.#buffer.drain().chunks) stream.enqueue(chunk);
    this.#response = { id: request.id, stream, unwatch: request.unwatch, answer: request.continues !== undefined };
    this.#socket.watchResponse();
    // F-b: a message frame is answered within responseTimeoutMs, or its stream ends.
    this.#armWait(this.#config.responseTimeoutMs, (ms) => noResponse(ms, request.what));
    request.resolve(stream.readable);
  }

  /** The first held request goes out once the turn before it has ended. */
  #release() {
    if (this.#held.length > 0 && this.#owner.canSend) this.start(/** @type {Request} */ (this.#held.shift()));
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
    if (!this.#buffer.holdsTurn && !continues) throw resumeWouldSplit(this.#owner.messageId);
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
      this.#response = { id, stream, unwatch };
      this.#socket.watchResponse();
    }
    return stream.readable;
  }

  /** Request `id` was aborted, or its reader cancelled the stream (AI SDK does on `stop()`): a held
   *  request is dropped unsent; a streaming one closes and the backend is told (`interrupt`, reason
   *  `user_abort`). @param {number} id @param {unknown} [reason] */
  cancel(id, reason) {
    const at = this.#held.findIndex((request) => request.id === id);
    if (at !== -1) {
      const [held] = this.#held.splice(at, 1);
      return this.#app.queue((r) => rejectRequest(held, r), reason);
    }
    const response = this.#take(id);
    if (response === null) return;
    response.stream.close();
    this.#interrupt('user_abort');
  }

  /** Tells the backend to stop the turn streaming now; the rest of it is dropped (W12), up to its
   *  `[DONE]` or until the backend has been silent for abortTailTimeoutMs.
   *  @param {'user_abort' | 'timeout'} reason */
  #interrupt(reason) {
    try {
      if (!this.#socket.send(interruptFrame(reason))) return;
    } catch {
      // The close event follows.
      return;
    }
    this.#owner.abort();
    this.#quietTail();
  }

  /** (Re)arms the tail's silence bound while a tail is dropped; at the bound the tail is over. */
  #quietTail() {
    clearTimeout(this.#tailTimer);
    const ms = this.#config.abortTailTimeoutMs;
    this.#tailTimer = this.#owner.state === ABORTED_TAIL && ms > 0 ? setTimeout(() => {
      this.#owner.quiet();
      this.#release();
      this.#app.flush();
    }, ms) : undefined;
  }

  /** The socket is gone with `error`: the response streaming fails, a held request with it; what was
   *  buffered stays deliverable; the backend's session is gone with its socket, and its turn with it.
   *  @param {import('../../errors/errors.js').AdkTransportError} error */
  gone(error) {
    const lost = error.kind === 'closed' ? null : this.#lostAnswer(error);
    const response = this.#take();
    if (response !== null) response.stream.fail(lost ?? error);
    else if (lost !== null) this.#app.report(lost);
    for (const held of this.#held.splice(0)) this.#app.queue((e) => rejectRequest(held, e), held.continues !== undefined && lost !== null ? lost : error);
    this.#owner.lost(this.#lost !== null);
    clearTimeout(this.#tailTimer);
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
    clearTimeout(response.timer);
    if (response.unwatch) response.unwatch();
    return response;
  }

  // ---- chunks and [DONE] ----

  /** A chunk from the backend, `type` its type. @param {Chunk} chunk @param {string} type */
  chunk(chunk, type) {
    const word = this.#owner.chunk(type);
    if (!(word & KEEP)) {
      // An aborted turn's tail: the backend's activity, but no answer to a waiting request (F-e).
      this.#quietTail();
      return this.#release();
    }
    this.#heard();
    if (word & ASKS) this.#asked.push(String(chunk.approvalId));
    // SPEC §5 W8: chunks with no turn in progress are a turn the backend started, a message of its
    // own, named by its `start`; W5: every `start` of a turn names the turn's one message.
    this.#owner.pass(chunk, word, this.#deliver);
    if (word & ENDS) {
      // The turn waits for the user: a request held behind it goes now (an answer, or a new turn).
      this.#end();
      this.#release();
    } else if (word & ASKS) this.#armWait(this.#config.approvalTimeoutMs, approvalTimeout);
  }

  /** A `[DONE]` from the backend. */
  done() {
    const word = this.#owner.done();
    if (word & KEEP) {
      this.#heard();
      this.#end();
      this.#asked = [];
    }
    clearTimeout(this.#tailTimer);
    this.#release();
  }

  /** Any chunk of the turn is the backend's reaction: the response's wait is over. */
  #heard() {
    const response = this.#response;
    if (response !== null) {
      clearTimeout(response.timer);
      response.timer = undefined;
    }
  }

  /** A chunk to the response, or to the buffer when none is open; an arrow, bound once: the owner
   *  hands every kept chunk to it. @type {(chunk: any, begins: boolean) => void} */
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

  /** The response fails with `error(ms)` unless a chunk of its turn comes within `ms` (0: no
   *  bound); the next such chunk, or the response's end, clears the timer. At the bound the backend
   *  is told to stop the turn (`interrupt`, reason `timeout`), and the rest of it is dropped.
   *  @param {number} ms @param {(ms: number) => Error} error */
  #armWait(ms, error) {
    const response = this.#response;
    if (response === null || ms === 0) return;
    response.timer = setTimeout(() => {
      const expired = this.#take(response.id);
      if (expired === null) return;
      expired.stream.fail(error(ms));
      this.#interrupt('timeout');
      this.#app.flush();
    }, ms);
  }
}
