// Which response owns a chunk over BIDI (SPEC §5 W5, W6, W8, W11–W13, F-a, F-e): the one state
// machine that answers it, for every frame event, request and fault. The BIDI transport drives it
// (transport/bidi/responses.js), and so does the testing kit, which stands in for that transport
// (testing/transport.js). It imports only the rule of where a response ends (response-ends.js), and
// nothing loads WebAssembly: the testing kit promises to need none (docs/decisions/0008).
//
//   NO_TURN ── sent ──▶ REQUEST_OPEN ── [DONE] ─────────────────────────────────▶ NO_TURN
//      │                  │  └─ finish-step after an approval request ─▶ AWAITING_ANSWER ── sent ──▶ REQUEST_OPEN
//      └─ a chunk (W8) ─▶ AGENT_TURN ── [DONE] ──▶ NO_TURN           (its chunks: the turn's, W6)
//   REQUEST_OPEN, AGENT_TURN ── abort ──▶ ABORTED_TAIL ── [DONE], its finish-step, or silence ──▶ NO_TURN
//   every state ── socket gone ──▶ NO_TURN, or SOCKET_LOST when approvals waited (F-a)
//
// Every chunk has one owner: the turn's response stream (or, with none open, the buffer that keeps
// the turn's chunks for reconnectToStream: a message of its own when the backend started the turn),
// or the aborted tail, which drops it. A request that comes while a turn still streams is held until
// that turn ends (W11, W12): an ADK backend queues a `message` sent mid-turn and answers it after the
// turn's `[DONE]`, and sends `start` once per socket, so chunks carry nothing that says which request
// they answer. Holding the frame makes every chunk after it the new request's, and the turn before
// it keeps its own.

import { ResponseEnds } from './response-ends.js';

// The states are small numbers: the transport ships in every BIDI app (a string each would be bytes).
/** No turn: none yet, or the last one ended with its `[DONE]`. */
export const NO_TURN = 0;
/** A `message` frame went out; its response streams into the message it continues (or a new one). */
export const REQUEST_OPEN = 1;
/** The response ended at the finish-step after an approval request; the turn goes on (W6). */
export const AWAITING_ANSWER = 2;
/** A turn the backend started with no request open (a voice answer, a late result): W8. */
export const AGENT_TURN = 3;
/** The user stopped the turn; what the backend still sends of it is dropped (W12). */
export const ABORTED_TAIL = 4;
/** The socket was lost while approvals waited: answers to them are refused until a new turn (F-a). */
export const SOCKET_LOST = 5;

// What `chunk()` and `done()` answer: bits of one word (no object per chunk).
/** The event belongs to the turn: its chunk goes to the turn's open stream, or the buffer. */
export const KEEP = 1;
/** The chunk begins a turn the backend started (W8): `pass` hands a `start` naming it first. */
export const BEGINS = 2;
/** An approval request: the backend now waits for the user (the approval bound starts). */
export const ASKS = 4;
/** The response ends after this event (`[DONE]`, or the finish-step after an approval request). */
export const ENDS = 8;

/**
 * A UI message chunk as the backend sent it: parsed JSON with a string `type` (AI SDK's
 * UIMessageChunk, not checked further here).
 * @typedef {{type: string, messageId?: string, [field: string]: any}} Chunk
 */

let ids = 0;
/** An id of the package's own for a turn's message that the backend named none for (W8). */
export function newMessageId() {
  return `adk-${Date.now().toString(36)}-${(++ids).toString(36)}`;
}

export class ChunkOwner {
  /** @type {number} */
  state = NO_TURN;
  /** The assistant message of the turn, once known. @type {string | undefined} */
  messageId = undefined;
  /** Where the current response ends (SPEC §5's one rule). */
  #ends = new ResponseEnds();

  /**
   * Whether a request may go out now. While a turn streams (a response, a turn the backend started,
   * an aborted tail), or a paused turn streams again (W6), it is held until that turn ends (W11, W12).
   */
  get canSend() {
    const state = this.state;
    return (state === NO_TURN || state === AWAITING_ANSWER || state === SOCKET_LOST) && this.#ends.state === 'ended';
  }

  /** A `message` frame went out; `continues`: the assistant message it continues, or undefined.
   *  @param {string | undefined} continues */
  sent(continues) {
    this.state = REQUEST_OPEN;
    this.messageId = continues;
    this.#ends.start();
  }

  /**
   * A chunk of `type` from the backend: the answer word (KEEP, BEGINS, ASKS, ENDS); 0 for a chunk
   * of an aborted tail, dropped.
   * @param {string} type
   */
  chunk(type) {
    const ends = this.#ends.chunk(type);
    if (this.state === ABORTED_TAIL) {
      if (ends) this.#over();
      return 0;
    }
    let word = KEEP;
    if (this.state === NO_TURN || this.state === SOCKET_LOST) {
      this.state = AGENT_TURN;
      word |= BEGINS;
    }
    if (type === 'tool-approval-request') word |= ASKS;
    if (ends) {
      // The backend waits for the answer: the turn goes on in the same message when it comes (W6).
      this.state = AWAITING_ANSWER;
      word |= ENDS;
    }
    return word;
  }

  /** A `[DONE]`: the answer word, KEEP and ENDS; 0 for a repeat of an end, which ends nothing, and
   *  for the end of an aborted tail, dropped. */
  done() {
    const ended = this.#ends.done();
    const tail = this.state === ABORTED_TAIL;
    if (tail || ended) this.#over();
    return ended && !tail ? KEEP | ENDS : 0;
  }

  /** The response streaming now was stopped (`interrupt` went out): the rest of its turn is dropped. */
  abort() {
    if (this.state === REQUEST_OPEN || this.state === AGENT_TURN) this.state = ABORTED_TAIL;
  }

  /** The backend was silent past the tail's bound: it ended the stopped turn without `[DONE]` (W12). */
  quiet() {
    if (this.state !== ABORTED_TAIL) return;
    this.#ends = new ResponseEnds();
    this.#over();
  }

  /** The socket is gone, and the backend's session with it; `answersLost`: approvals waited (F-a). */
  /** @param {boolean} answersLost */
  lost(answersLost) {
    this.state = answersLost ? SOCKET_LOST : NO_TURN;
    this.messageId = undefined;
    this.#ends = new ResponseEnds();
  }

  /** The turn ended: a held request may go out. */
  #over() {
    this.state = NO_TURN;
    this.messageId = undefined;
  }

  /**
   * Hands a kept chunk on as the turn has it, to `deliver(chunk, begins)`: first, when it begins a
   * turn the backend started (`word` has BEGINS), that turn's `start` (`begins` true); then the chunk
   * with a `start` named for the turn (W5), unless the chunk was that `start`. The one sequence the
   * BIDI transport and the testing kit both use.
   * @param {Chunk} chunk @param {number} word @param {(chunk: Chunk, begins: boolean) => void} deliver
   */
  pass(chunk, word, deliver) {
    if (word & BEGINS) {
      // W8: the `start` names the turn's message, or one of the package's own is named.
      const named = chunk.type === 'start' && typeof chunk.messageId === 'string';
      this.messageId = named ? chunk.messageId : newMessageId();
      if (named) return deliver(chunk, true);
      deliver(chunk.type === 'start' ? { ...chunk, messageId: this.messageId } : { type: 'start', messageId: this.messageId }, true);
      if (chunk.type === 'start') return;
    }
    deliver(this.#named(chunk), false);
  }

  /**
   * A chunk of the turn in progress, as it goes on: a `start` names the turn's message (W5: an ADK
   * backend may name a new one per response), or none while the turn's message is not known (the
   * chat's own id). The first `start` of a request that begins a turn names it.
   * @param {Chunk} chunk @returns {Chunk}
   */
  #named(chunk) {
    if (chunk.type !== 'start' || chunk.messageId === this.messageId) return chunk;
    if (this.messageId === undefined && this.state === REQUEST_OPEN) {
      if (typeof chunk.messageId === 'string') this.messageId = chunk.messageId;
      return chunk;
    }
    const { messageId: _named, ...rest } = chunk;
    return this.messageId === undefined ? rest : { ...rest, messageId: this.messageId };
  }
}
