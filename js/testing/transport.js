// The testing kit's transport (adk-stream-wasm/testing, testing.js): AdkTestTransport, AI SDK's
// ChatTransport over scripted responses, as the transport it stands in for answers (SPEC §5).
import { AdkTestingError, DONE, checkedDelay, describeValue, parseRecording } from './recordings.js';
import { AdkInvalidArgumentError } from '../errors/errors.js';
import { continuedMessageId } from '../wire/adk-wire.js';
// The BIDI transport's own chunk owner, buffer and resume error, none loading WebAssembly.
import { AWAITING_ANSWER, ChunkOwner, ENDS, KEEP } from '../wire/chunk-owner.js';
import { ChunkBuffer } from '../wire/chunk-buffer.js';
import { abortError, resumeWouldSplit } from '../transport/bidi/options.js';
import { TestVoiceSide } from './audio.js';
import { copyJson } from '../core/json-copy.js';

/** @typedef {import('./ai-types.js').TestChunk} TestChunk */
/** @typedef {import('./ai-types.js').AiUIMessage} AiUIMessage */
/** @typedef {import('./audio.js').TestAudio} TestAudio */

/**
 * One request the transport received, as AI SDK sent it (`messages` deep-copied).
 * @template [UI_MESSAGE=AiUIMessage]
 * @typedef {object} RecordedRequest
 * @property {string} chatId
 * @property {'submit-message' | 'regenerate-message'} trigger
 * @property {string | undefined} messageId
 * @property {UI_MESSAGE[]} messages
 * @property {object | undefined} body
 * @property {Record<string, string> | Headers | undefined} headers
 * @property {unknown} metadata
 */

/**
 * @typedef {object} AdkTestTransportOptions
 * @property {ReadonlyArray<ReadonlyArray<TestChunk>>} responses One array of chunks per request, in order.
 * @property {number} [chunkDelayMs] The pause before each chunk in milliseconds (default 0: one chunk per task).
 * @property {(audio: TestAudio) => void} [onAudio] Where `playAudio()` sends the agent's `data-pcm` chunks (a voice's `onAudio`).
 * @property {() => void} [onBufferedChunks] Chunks `agentTurn()` sent arrived while no response stream was open: called once per batch,
 *   as BidiTransport's option. Give it `() => adk.resumeBuffered()` (or `resumeBuffered(chat,
 *   transport)` from `adk-stream-wasm/chat`) to bring them into the chat.
 */

/** A deep copy of JSON data, framework proxies included (json-copy.js). */
export const copy = copyJson;

/** What an aborted request rejects with: the signal's reason, as BidiTransport rejects. */
const abortedBy = (/** @type {AbortSignal} */ signal) => (signal.reason === undefined ? abortError() : signal.reason);

const wait = (/** @type {number} */ ms) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * AI SDK's `ChatTransport` over scripted responses: request N gets response N. Every request is
 * recorded; a request past the script rejects with `AdkTestingError` (the chat's `error`), never
 * a stream that hangs. An aborted request (`chat.stop()`) ends its stream with the abort error.
 * It answers as the package's transports do: a response that continues an assistant message goes
 * on in that message, whatever `messageId` its `start` carries (one message per agent turn).
 * @template {AiUIMessage} [UI_MESSAGE=AiUIMessage]
 */
export class AdkTestTransport extends TestVoiceSide {
  /** @type {TestChunk[][]} */
  #responses;
  /** @type {number} */
  #chunkDelayMs;
  #open = 0;
  #lastActivity = Date.now();
  /** whenMessageSent() calls waiting for a request. @type {Set<{count: number, settle: (sent: boolean) => void}>} */
  #waiters = new Set();
  /** Which response owns each chunk, as BidiTransport decides it (SPEC §5 W5, W8, W11–W13). */
  #turn = new ChunkOwner();
  /** Requests held while a turn the backend started streams (W11), released when it ends. @type {(() => void)[]} */
  #held = [];
  /** Chunks the backend sent while no response stream was open (agentTurn), as BidiTransport keeps them. */
  #buffer = new ChunkBuffer();
  /** A resumed stream whose response has not ended: later agentTurn chunks go on in it. @type {ReadableStreamDefaultController<TestChunk> | null} */
  #live = null;

  /**
   * Throws `AdkTestingError` when `responses` is not an array of chunk arrays.
   * @param {AdkTestTransportOptions} options responses: one array of chunks per request;
   *   chunkDelayMs: the pause before each chunk (default 0: one chunk per task, as chunks arrive
   *   from a network).
   */
  constructor(options) {
    const delay = checkedDelay(options);
    super(options.onAudio);
    this.#responses = options.responses.map((response) => /** @type {TestChunk[]} */ (copy(response)));
    this.#chunkDelayMs = delay;
    /** Every request received, in order: `{chatId, trigger, messageId, messages, body, headers, metadata}`
     *  (messages deep-copied as they were sent).
     *  @readonly @type {RecordedRequest<UI_MESSAGE>[]} */
    this.requests = [];
    /** Pattern B's `tool_result` frames, in order: `{toolCallId, result, afterRequest}` (how many
     *  requests had been made when it was sent). @readonly @type {Array<{toolCallId: string, result: object, afterRequest: number}>} */
    this.toolResults = [];
    /** Called once per batch of chunks kept by `agentTurn()` while no response stream was open, as
     *  BidiTransport's option. @type {(() => void) | null} */
    this.onBufferedChunks = options.onBufferedChunks ?? null;
  }

  /** BIDI Pattern B: records the `tool_result` frame the BIDI transport would send; a toolCallId
   *  that is no non-empty string, or a result that is no object, is an `AdkInvalidArgumentError`,
   *  as with BidiTransport. @param {string} toolCallId @param {object} result */
  sendToolResult(toolCallId, result) {
    const fn = 'AdkTestTransport.sendToolResult()';
    if (typeof toolCallId !== 'string' || toolCallId === '') {
      throw new AdkInvalidArgumentError(`${fn}: the toolCallId is ${describeValue(toolCallId)}; expected the tool part's toolCallId, a non-empty string.`);
    }
    if (result === null || typeof result !== 'object' || Array.isArray(result)) {
      throw new AdkInvalidArgumentError(`${fn}: the result is ${describeValue(result)}; expected an object, such as {latitude, longitude, accuracy, timestamp}.`);
    }
    this.toolResults.push({ toolCallId, result: copy(result), afterRequest: this.requests.length });
  }

  /** How many requests (the BIDI transport's `message` frames) this transport has taken. */
  get messagesSent() {
    return this.requests.length;
  }

  /**
   * Resolves true once more than `count` requests were made, or false after `timeoutMs` (default
   * 60000), as BidiTransport's does: Pattern B sends a tool_result only after its approval's message.
   * @param {number} count @param {number} [timeoutMs] @returns {Promise<boolean>}
   */
  whenMessageSent(count, timeoutMs = 60000) {
    if (this.requests.length > count) return Promise.resolve(true);
    return new Promise((resolve) => {
      const waiter = {
        count,
        settle: (/** @type {boolean} */ sent) => {
          clearTimeout(timer);
          this.#waiters.delete(waiter);
          resolve(sent);
        },
      };
      const timer = setTimeout(() => waiter.settle(false), timeoutMs);
      this.#waiters.add(waiter);
    });
  }

  /**
   * A transport that plays a recording in the shared fixtures' format (SSE: a response per
   * `[DONE]`; BIDI: split where BidiTransport ends a response).
   * @template {AiUIMessage} [M=AiUIMessage]
   * @param {import('./recordings.js').AdkRecording} recording
   * @param {Omit<AdkTestTransportOptions, 'responses'>} [options]
   * @returns {AdkTestTransport<M>}
   */
  static fromRecording(recording, options = {}) {
    return new AdkTestTransport({ ...options, responses: parseRecording(recording).responses });
  }

  /** How many requests the chat made. */
  get requestCount() {
    return this.requests.length;
  }

  /** How many scripted responses no request has taken yet. */
  get remainingResponses() {
    return Math.max(0, this.#responses.length - this.requests.length);
  }

  /** Response streams not yet ended. */
  get openStreams() {
    return this.#open;
  }

  /**
   * Records the request and streams its scripted response.
   * @param {{trigger: 'submit-message' | 'regenerate-message', chatId: string, messageId: string | undefined,
   *   messages: UI_MESSAGE[], abortSignal: AbortSignal | undefined, headers?: Record<string, string> | Headers,
   *   body?: object, metadata?: unknown}} options
   * @returns {Promise<ReadableStream<TestChunk>>}
   */
  async sendMessages(options) {
    const { chatId, trigger, messageId, messages, abortSignal, body, headers, metadata } = options ?? {};
    this.#lastActivity = Date.now();
    const continues = Array.isArray(messages) ? continuedMessageId(messages) : undefined;
    // W11: as BidiTransport, a request that comes while a turn the backend started still streams
    // goes out once that turn has ended (agentTurn() sends its `[DONE]`).
    while (!this.#turn.canSend) await new Promise((resolve) => this.#held.push(() => resolve(undefined)));
    // SPEC §4a W6, as BidiTransport#answerFromBuffer: a second approval of the turn is buffered, so
    // the backend waits for both answers in one message: nothing is sent (nor recorded), and the
    // request's stream is the buffered response.
    if (continues !== undefined && this.#open === 0 && this.#buffer.has((c) => c.type === 'tool-approval-request')) return this.#fromBuffer();
    this.requests.push({ chatId, trigger, messageId, messages: copy(messages), body, headers, metadata });
    const index = this.requests.length - 1;
    for (const waiter of [...this.#waiters]) if (index >= waiter.count) waiter.settle(true);
    if (index >= this.#responses.length) {
      throw new AdkTestingError(
        `request ${index + 1} (trigger ${trigger}) came after the script's end: it has ${this.#responses.length} response(s). ` +
          'Either the chat sent once too often, or the script needs another response.',
      );
    }
    if (abortSignal && abortSignal.aborted) throw abortedBy(abortSignal);
    // As BidiTransport#beginResponse: an open resumed response ends; the request opens the turn it
    // continues; buffered chunks that continue the turn lead its stream (a turn of the backend's
    // own stays buffered, for reconnectToStream).
    this.#endLive();
    this.#turn.sent(continues);
    const lead = this.#buffer.holdsTurn ? [] : /** @type {TestChunk[]} */ (this.#buffer.drain().chunks);
    return this.#play(lead, this.#responses[index], abortSignal);
  }

  /**
   * The chunks kept while no response stream was open (see `agentTurn`), as BidiTransport gives
   * them: null when there are none; chunks that continue the turn's message only with
   * `continueMessage: true` (resumeBuffered says so), else an AdkTransportError of kind
   * 'resume-would-split' (AI SDK's resumeStream would read them into a new message).
   * @param {{chatId: string, continueMessage?: boolean}} options
   * @returns {Promise<ReadableStream<TestChunk> | null>}
   */
  async reconnectToStream(options) {
    if (this.#open > 0 || !this.#buffer.has()) return null;
    const continues = options !== null && typeof options === 'object' && options.continueMessage === true;
    if (!this.#buffer.holdsTurn && !continues) throw resumeWouldSplit(this.#turn.messageId);
    return this.#fromBuffer();
  }

  /** A stream of the buffered chunks; it stays open (#live) while their response has not ended.
   *  @returns {ReadableStream<TestChunk>} */
  #fromBuffer() {
    const { chunks, ended } = this.#buffer.drain();
    this.#open++;
    this.#lastActivity = Date.now();
    return new ReadableStream({
      start: (controller) => {
        for (const chunk of chunks) controller.enqueue(/** @type {TestChunk} */ (chunk));
        this.#live = controller;
        if (ended) this.#endLive();
      },
    });
  }

  /**
   * The scripted backend sends `chunks` with no request open (SPEC §5 W8): a turn it starts by
   * itself, such as a spoken turn (`spokenTurn()`), or the rest of a paused turn (W6). They go as
   * through BidiTransport: `'[DONE]'` ends the turn, a `finish-step` after an approval request ends
   * the response, `data-pcm` goes to `onAudio`; the rest into the turn's message, or a message of
   * its own when no turn is in progress, kept until `reconnectToStream` takes them
   * (`onBufferedChunks` is called once for the batch). Throws AdkTestingError while a request's
   * response streams (a backend answers that first) or for chunks that are not an array.
   * @param {ReadonlyArray<TestChunk | '[DONE]'>} chunks
   */
  agentTurn(chunks) {
    const fn = 'AdkTestTransport.agentTurn()';
    if (!Array.isArray(chunks) || !chunks.every((c) => c === DONE || (c !== null && typeof c === 'object' && typeof c.type === 'string'))) {
      throw new AdkTestingError(`${fn}: the chunks are ${describeValue(chunks)}; expected an array of UI message chunks and '[DONE]', such as spokenTurn(heard, answer).`);
    }
    if (this.#open > 0 && this.#live === null) {
      throw new AdkTestingError(`${fn}: a response stream is still open; a turn the backend starts comes with no request open. Await transport.settled() first.`);
    }
    const wasEmpty = !this.#buffer.has();
    for (const chunk of chunks) this.#fromBackend(copy(chunk));
    this.#lastActivity = Date.now();
    if (wasEmpty && this.#buffer.has() && typeof this.onBufferedChunks === 'function') this.onBufferedChunks();
  }

  /** One event of agentTurn, as BidiTransport's response side takes it. @param {any} chunk */
  #fromBackend(chunk) {
    if (chunk === DONE) {
      if (this.#turn.done() & ENDS) this.#endResponse();
      return;
    }
    if (chunk.type === 'data-pcm') {
      if (typeof this.onAudio === 'function') this.playAudio(chunk.data);
      return;
    }
    const word = this.#turn.chunk(chunk.type);
    if (word & KEEP) this.#turn.pass(chunk, word, (c, begins) => (this.#live !== null ? this.#live.enqueue(/** @type {TestChunk} */ (c)) : this.#buffer.push(c, begins)));
    if (word & ENDS) this.#endResponse();
  }

  /** The response with no request ended: its resumed stream closes, or the buffer marks the end;
   *  requests held for the turn go out once it is over. */
  #endResponse() {
    if (this.#live !== null) this.#endLive();
    else this.#buffer.end();
    if (this.#turn.canSend) for (const release of this.#held.splice(0)) release();
  }

  /** The request's stream was stopped, or its script ended: as BidiTransport, the turn becomes an
   *  aborted tail, which a script does not send, so it is over at once (nothing when it is already). */
  #stopped() {
    this.#turn.abort();
    this.#turn.quiet();
  }

  #endLive() {
    if (this.#live === null) return;
    this.#live.close();
    this.#live = null;
    this.#open--;
    this.#lastActivity = Date.now();
  }

  /** One request's stream: `lead` (buffered chunks of the turn) as they are, then `chunks` as the
   *  turn machine hands them on; at its end the turn pauses (cut at a finish-step) or ends.
   *  @param {TestChunk[]} lead @param {TestChunk[]} chunks @param {AbortSignal | undefined} signal
   *  @returns {ReadableStream<TestChunk>} */
  #play(lead, chunks, signal) {
    const queue = lead.slice();
    const deliver = (/** @type {any} */ c) => queue.push(c);
    let next = 0;
    let ended = false;
    this.#open++;
    const end = () => {
      if (ended) return;
      ended = true;
      this.#open--;
      this.#lastActivity = Date.now();
    };
    return new ReadableStream({
      start: (controller) => {
        if (!signal) return;
        signal.addEventListener(
          'abort',
          () => {
            if (ended) return;
            // BidiTransport interrupts the backend and drops the turn's tail; a script has none: the turn is over.
            this.#stopped();
            end();
            try {
              controller.error(abortedBy(signal));
            } catch {
              // the stream is already closed
            }
          },
          { once: true },
        );
      },
      pull: async (controller) => {
        await wait(this.#chunkDelayMs);
        if (ended) return;
        if (queue.length === 0 && next < chunks.length) {
          const chunk = copy(chunks[next++]);
          const word = this.#turn.chunk(chunk.type);
          if (word & KEEP) this.#turn.pass(chunk, word, deliver);
        }
        if (queue.length > 0) {
          controller.enqueue(queue.shift());
          this.#lastActivity = Date.now();
        } else {
          // BIDI cuts a response at the finish-step after an approval request: the turn goes on (W6);
          // any other scripted response ends as with its `[DONE]`.
          if (this.#turn.state !== AWAITING_ANSWER) {
            this.#turn.done();
            this.#stopped();
          }
          end();
          controller.close();
        }
      },
      cancel: () => {
        if (!ended) this.#stopped();
        end();
      },
    });
  }

  /**
   * Resolves with the request count once every stream has ended and no request came for
   * `quietMs` (default 100): AI SDK decides after each stream ends, so a follow-up request comes
   * within a few tasks or not at all. With `onBufferedChunks`, it waits for the buffered chunks to
   * be taken too. Rejects with `AdkTestingError` after `timeoutMs` (default 5000).
   * @param {{quietMs?: number, timeoutMs?: number}} [options]
   * @returns {Promise<number>}
   */
  async settled({ quietMs = 100, timeoutMs = 5000 } = {}) {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const untaken = typeof this.onBufferedChunks === 'function' && this.#buffer.has();
      if (this.#open === 0 && !untaken && Date.now() - this.#lastActivity >= quietMs) return this.requests.length;
      if (Date.now() > deadline) {
        const open = `${this.#open} response stream(s) are still open (${this.requests.length} request(s) so far); expected every stream to end. Is a stream waiting on a chat that was never read?`;
        throw new AdkTestingError(`settled(): after ${timeoutMs} ms ${untaken ? 'the chunks agentTurn() buffered were not taken; expected onBufferedChunks to resume them (() => resumeBuffered(chat, transport), or adk.resumeBuffered()).' : open}`);
      }
      await wait(Math.min(10, quietMs));
    }
  }

  /** Resolves once `count` requests were made and their streams ended; rejects with
   *  `AdkTestingError` after `timeoutMs` (default 5000).
   *  @param {number} count @param {{timeoutMs?: number}} [options] @returns {Promise<number>} */
  async waitForRequests(count, { timeoutMs = 5000 } = {}) {
    const deadline = Date.now() + timeoutMs;
    while (this.requests.length < count || this.#open > 0) {
      if (Date.now() > deadline) {
        throw new AdkTestingError(
          `waitForRequests(${count}): after ${timeoutMs} ms the chat made ${this.requests.length} request(s) and ${this.#open} stream(s) are open; ` +
            `expected ${count} request(s), all played. ${this.requests.length < count ? 'Is an answer still missing (approve, deny, a browser tool output)?' : ''}`.trim(),
        );
      }
      await wait(5);
    }
    return this.requests.length;
  }
}

