// Where a BIDI response ends (SPEC §5): at `[DONE]`, and at the first `finish-step` after a
// `tool-approval-request` of the same response, whatever came between. The rule itself is the
// core's (src/bidi_rules/stream_rules.rs, exports `adk_bidi_*`); this module is the one place the
// JS side speaks to it (codes and bits: contract.js, generated from Rust): `StreamRules`, a
// transport's slot of the rules with the time limit of an aborted response's tail. What cuts a
// recorded conversation (the testing kit, the demo backend, the test servers) reads the same rule
// in plain JS, response-ends.js, held to this one by tests/js/response-boundaries.test.ts.
import { core } from '../../core/loader.js';
import { chunkKind, STEP_TAIL_ACTIVE } from '../../core/contract.js';

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

  /** A chunk of `type`: the answer word (`STEP`). @param {string} type @param {boolean} open @param {boolean} started @returns {number} */
  chunk(type, open, started) {
    return core.adk_bidi_chunk(this.#id, chunkKind(type), open ? 1 : 0, started ? 1 : 0);
  }

  /** A `[DONE]`: the answer word (`STEP`). @param {boolean} open @returns {number} */
  done(open) {
    return core.adk_bidi_done(this.#id, open ? 1 : 0);
  }

  /** After an event's answer `word`: the tail's time limit goes once the discard has ended by itself. */
  /** @param {number} word */
  settle(word) {
    if (!(word & STEP_TAIL_ACTIVE) && this.#tailTimer !== undefined) {
      clearTimeout(this.#tailTimer);
      this.#tailTimer = undefined;
    }
  }

  /** An `interrupt` went out: what the backend still sends of the turn is dropped, for `ms` at most. */
  /** @param {number} ms */
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
