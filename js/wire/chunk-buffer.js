// The chunks a BidiTransport keeps while no response stream is open (SPEC §5: nothing is lost), in
// order, with the mark of where their response ended, and whether a turn the backend started is
// among them (SPEC §5 W8: its `start` names a message of its own).

/** Marks where a buffered response ended. */
const END = Symbol('end');

/** A UI message chunk as the backend sent it (parsed JSON, its `type` a string). @typedef {import('./chunk-owner.js').Chunk} Chunk */

export class ChunkBuffer {
  /** @type {(Chunk | typeof END)[]} */
  #entries = [];
  /** How many turns the backend started among the entries (chunk-owner.js). */
  #turns = 0;

  /**
   * Whether a buffered chunk passes `test`; without one, whether any chunk is buffered.
   * @param {(chunk: Chunk) => boolean} [test]
   */
  has(test = () => true) {
    return this.#entries.some((entry) => entry !== END && test(entry));
  }

  /**
   * Keeps a chunk (`begins`: it is the `start` of a turn the backend started); true when it is the first one kept.
   * @param {Chunk} chunk @param {boolean} [begins]
   */
  push(chunk, begins = false) {
    const first = !this.has();
    if (begins) this.#turns++;
    this.#entries.push(chunk);
    return first;
  }

  /** Whether a turn the backend started is among the buffered chunks (a message of its own, W8);
   *  else they all continue the turn's message. */
  get holdsTurn() {
    return this.#turns > 0;
  }

  /** The buffered response is complete (an empty buffer has nothing to mark). */
  end() {
    const entries = this.#entries;
    if (entries.length > 0 && entries[entries.length - 1] !== END) entries.push(END);
  }

  /**
   * Takes the buffered chunks, in order, and whether the last buffered response had ended.
   * @returns {{chunks: Chunk[], ended: boolean}}
   */
  drain() {
    const ended = this.#entries[this.#entries.length - 1] === END;
    const chunks = /** @type {Chunk[]} */ (this.#entries.filter((entry) => entry !== END));
    this.#entries = [];
    this.#turns = 0;
    return { chunks, ended };
  }
}
