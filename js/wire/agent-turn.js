// Turn identity over BIDI (SPEC §5 W5, W6, W8, W9): which assistant message a chunk from the backend
// goes into. One machine, with its states named, that the BIDI transport drives (and the testing kit
// may, to stand in for it); it imports nothing, so either may load it.
//
//   NO_TURN ── request(id) ──▶ REQUEST_OPEN ── paused() ──▶ AWAITING_ANSWER ── request(id) ──▶ REQUEST_OPEN
//      ▲  └── begins(chunk) ──▶ AGENT_TURN (a turn the backend starts: a message of its own, W8)
//      └──────── ended() ([DONE], or the socket gone) from every state
//
// An ADK backend's converter sends `start` only as a socket's first event; later turns, typed or
// spoken, come without one and reuse the first turn's text part ids. So a turn is known by where its
// chunks arrive, not by a `start`: before the turn's `[DONE]` they continue its message (W6: the
// second approval request after the first one's finish-step), after it, with no request open, they
// begin a new one.

// The states are small numbers: the transport ships in every BIDI app (a string each would be bytes).
/** No turn: none yet, or the last one ended with its `[DONE]`. */
export const NO_TURN = 0;
/** A `message` frame went out; its response streams into the message it continues (or a new one). */
export const REQUEST_OPEN = 1;
/** The response ended at the finish-step after an approval request; the turn goes on (W6). */
export const AWAITING_ANSWER = 2;
/** A turn the backend started with no request open (a voice answer, a late result): W8. */
export const AGENT_TURN = 3;

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

export class AgentTurn {
  /** @type {number} */
  state = NO_TURN;
  /** The assistant message of the turn, once known. @type {string | undefined} */
  messageId = undefined;

  /** A `message` frame went out; `continues`: the assistant message it continues, or undefined.
   *  @param {string | undefined} continues */
  request(continues) {
    this.state = REQUEST_OPEN;
    this.messageId = continues;
  }

  /** The response stream ended at a finish-step after an approval request: the turn goes on. */
  paused() {
    if (this.state === REQUEST_OPEN) this.state = AWAITING_ANSWER;
  }

  /** `[DONE]` ended the turn, or the socket (and the backend's session with it) is gone. */
  ended() {
    this.state = NO_TURN;
    this.messageId = undefined;
  }

  /**
   * Hands a chunk from the backend on as the turn has it, to `deliver(chunk, begins)`: first, when
   * it begins a turn the backend starts (W8), that turn's `start` (`begins` true); then the chunk
   * with a `start` named for the turn (W5), unless the chunk was that `start`. The one sequence the
   * BIDI transport and the testing kit both use.
   * @param {Chunk} chunk @param {(chunk: Chunk, begins: boolean) => void} deliver
   */
  pass(chunk, deliver) {
    const start = this.begins(chunk);
    if (start !== null) deliver(start, true);
    if (start === null || chunk.type !== 'start') deliver(this.chunk(chunk), false);
  }

  /**
   * For a chunk that arrives with no turn (W8): the turn the backend starts, a message of its own, and
   * the `start` that names it: the chunk itself when it is a `start` with a `messageId`, else one with
   * an id of the package's own (to deliver before the chunk when the chunk is no `start`). Null when a
   * turn is in progress.
   * @param {Chunk} chunk @returns {Chunk | null}
   */
  begins(chunk) {
    if (this.state !== NO_TURN) return null;
    this.state = AGENT_TURN;
    const named = chunk.type === 'start' && typeof chunk.messageId === 'string';
    this.messageId = named ? chunk.messageId : newMessageId();
    if (named) return chunk;
    return chunk.type === 'start' ? { ...chunk, messageId: this.messageId } : { type: 'start', messageId: this.messageId };
  }

  /**
   * A chunk of the turn in progress, as it goes on: a `start` names the turn's message (W5: an ADK
   * backend may name a new one per response), or none while the turn's message is not known (the
   * chat's own id). The first `start` of a request that begins a turn names it.
   * @param {Chunk} chunk @returns {Chunk}
   */
  chunk(chunk) {
    if (chunk.type !== 'start' || chunk.messageId === this.messageId) return chunk;
    if (this.messageId === undefined && this.state === REQUEST_OPEN) {
      if (typeof chunk.messageId === 'string') this.messageId = chunk.messageId;
      return chunk;
    }
    const { messageId: _named, ...rest } = chunk;
    return this.messageId === undefined ? rest : { ...rest, messageId: this.messageId };
  }
}
