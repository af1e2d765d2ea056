// Where a BIDI response ends (SPEC §5): at `[DONE]`, and at the first `finish-step` after a
// `tool-approval-request` of the same response, whatever came between. The rule itself is the
// core's (src/transport/stream_rules.rs, exports `adk_bidi_*`); this module is the one place the
// JS side speaks to it (codes and bits: contract.js, generated from Rust): `StreamRules`, a
// transport's slot of the rules with the time limit of an aborted response's tail, and
// `splitConversation`, which the testing kit (`splitResponses`, `splitRawEvents`), the demo
// backend's replay and the test servers use to cut a recorded conversation exactly where
// `BidiTransport` ends its streams.
import { core, loadError } from './loader.js';
import { chunkKind, STEP_DELIVER_THEN_END, STEP_IGNORE, STEP_MASK, STEP_TAIL_ACTIVE } from './contract.js';

/**
 * Splits a conversation into response streams by the transport's own rules. `eventOf(item)` says
 * what an item is: `'[DONE]'`, a chunk `type` string, or null for an item that is no event of the
 * message stream (a pong, an audio chunk, a frame that is not JSON): those stay with the response
 * they came in and never end one. Returns the responses, each a non-empty array of items in order;
 * a `[DONE]` the rules ignore (a repeat of an end) stays with the response it repeats.
 */
export function splitConversation(items, eventOf) {
  if (loadError !== null) throw loadError;
  const rules = core.adk_bidi_new();
  try {
    return cut(items, eventOf, rules);
  } finally {
    core.adk_bidi_free(rules);
  }
}

function cut(items, eventOf, rules) {
  /** @type {any[][]} */
  const responses = [];
  /** @type {any[]} */
  let current = [];
  let hasEvent = false;
  // Items that are no response of their own go with the response before them.
  const toPrevious = () => {
    if (responses.length > 0) responses[responses.length - 1].push(...current);
    current = [];
  };
  // A response stream is open from its request on; the next request goes out once one ends.
  core.adk_bidi_start(rules);
  const end = () => {
    responses.push(current);
    current = [];
    hasEvent = false;
    core.adk_bidi_start(rules);
  };
  for (const item of items) {
    const event = eventOf(item);
    current.push(item);
    if (event === null) continue;
    if (event === '[DONE]') {
      const step = core.adk_bidi_done(rules, 1) & STEP_MASK;
      if (step !== STEP_IGNORE) end();
      else if (!hasEvent) toPrevious();
      continue;
    }
    hasEvent = true;
    if ((core.adk_bidi_chunk(rules, chunkKind(event), 1, 1) & STEP_MASK) === STEP_DELIVER_THEN_END) end();
  }
  if (hasEvent) responses.push(current);
  else toPrevious();
  return responses;
}

// Each transport's rules live in a core slot, freed when they are collected with the transport.
const slots = /* @__PURE__ */ new FinalizationRegistry((id) => core.adk_bidi_free(id));

export class StreamRules {
  #id = core.adk_bidi_new();
  /** @type {any} */
  #tailTimer = undefined;

  constructor() {
    slots.register(this, this.#id);
  }

  /** A `message` frame went out: a new response starts. */
  start() {
    core.adk_bidi_start(this.#id);
  }

  /** A chunk of `type`: the answer word (`STEP`). */
  chunk(type, open, started) {
    return core.adk_bidi_chunk(this.#id, chunkKind(type), open ? 1 : 0, started ? 1 : 0);
  }

  /** A `[DONE]`: the answer word (`STEP`). */
  done(open) {
    return core.adk_bidi_done(this.#id, open ? 1 : 0);
  }

  /** After an event's answer `word`: the tail's time limit goes once the discard has ended by itself. */
  settle(word) {
    if (!(word & STEP_TAIL_ACTIVE) && this.#tailTimer !== undefined) {
      clearTimeout(this.#tailTimer);
      this.#tailTimer = undefined;
    }
  }

  /** An `interrupt` went out: what the backend still sends of the turn is dropped, for `ms` at most. */
  abort(ms) {
    core.adk_bidi_abort(this.#id);
    clearTimeout(this.#tailTimer);
    this.#tailTimer = ms > 0 ? setTimeout(() => {
      this.#tailTimer = undefined;
      core.adk_bidi_expire(this.#id);
    }, ms) : undefined;
  }

  /** The socket is gone, and the backend's session with it: the rules start over. */
  reset() {
    core.adk_bidi_reset(this.#id);
    clearTimeout(this.#tailTimer);
    this.#tailTimer = undefined;
  }
}
