// Where a BIDI response ends (SPEC §5: at `[DONE]`, and at the first `finish-step` after a
// `tool-approval-request` of the same response), written once: the chunk owner (chunk-owner.js),
// which the BIDI transport and the testing kit drive, applies it, and so does what cuts a recorded
// conversation into the responses a transport returns (the testing kit's `splitResponses`,
// `splitRawEvents`, the demo backend's replay and the test servers). A `[DONE]` with no chunk
// since the last end is a repeat and ends nothing: an app sends its next request as soon as a
// stream ends, before the socket delivers the repeat. tests/js/response-boundaries.test.ts holds
// the split to the transport: every recorded BIDI conversation and 300 seeded random ones end here
// exactly where the transport ends its streams. This file imports nothing.

/** No chunk since the last end (a `[DONE]` now is a repeat, and ends nothing). */
const ENDED = 'ended';
/** A response is streaming. */
const STREAMING = 'streaming';
/** A `tool-approval-request` came in this response: its next `finish-step` ends it. */
const AWAITING_ANSWER = 'awaiting-answer';

/** One conversation's position in the rule. */
export class ResponseEnds {
  /** @type {'ended' | 'streaming' | 'awaiting-answer'} */
  state = ENDED;

  /** A request went out: an approval request of an earlier response no longer holds. */
  start() {
    if (this.state === AWAITING_ANSWER) this.state = STREAMING;
  }

  /** A chunk of `type` arrived; true when the response ends after it. @param {string} type */
  chunk(type) {
    if (type === 'tool-approval-request') {
      this.state = AWAITING_ANSWER;
      return false;
    }
    if (type === 'finish-step' && this.state === AWAITING_ANSWER) {
      this.state = ENDED;
      return true;
    }
    if (this.state === ENDED) this.state = STREAMING;
    return false;
  }

  /** A `[DONE]` arrived; true when it ends the response, false for a repeat. */
  done() {
    if (this.state === ENDED) return false;
    this.state = ENDED;
    return true;
  }
}

/**
 * Splits a conversation into response streams by the transport's rule. `eventOf(item, index)` says
 * what an item is: `'[DONE]'`, a chunk `type` string, or null for an item that is no event of the
 * message stream (a pong, an audio chunk, a frame that is not JSON): those stay with the response
 * they came in and never end one. Returns the responses, each a non-empty array of items in order;
 * a `[DONE]` the rule ignores (a repeat of an end) stays with the response it repeats.
 * @template T @param {T[]} items @param {(item: T, index: number) => string | null} eventOf @returns {T[][]}
 */
export function splitConversation(items, eventOf) {
  const rule = new ResponseEnds();
  /** @type {T[][]} */
  const responses = [];
  /** @type {T[]} */
  let current = [];
  let hasEvent = false;
  // Items that are no response of their own go with the response before them.
  const toPrevious = () => {
    if (responses.length > 0) responses[responses.length - 1].push(...current);
    current = [];
  };
  // A response stream is open from its request on; the next request goes out once one ends.
  const end = () => {
    responses.push(current);
    current = [];
    hasEvent = false;
    rule.start();
  };
  items.forEach((item, index) => {
    const event = eventOf(item, index);
    current.push(item);
    if (event === null) return;
    if (event === '[DONE]') {
      if (rule.done()) end();
      else if (!hasEvent) toPrevious();
      return;
    }
    hasEvent = true;
    if (rule.chunk(event)) end();
  });
  if (hasEvent) responses.push(current);
  else toPrevious();
  return responses;
}
