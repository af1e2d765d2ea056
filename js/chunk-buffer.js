// The chunks a BidiTransport keeps while no response stream is open (SPEC §5: nothing is lost), in
// order, with the mark of where their response ended.

/** Marks where a buffered response ended. */
const END = Symbol('end');

export class ChunkBuffer {
  #entries = [];

  /**
   * Whether a buffered chunk passes `test`; without one, whether any chunk is buffered.
   * @param {(chunk: any) => boolean} [test]
   */
  has(test = () => true) {
    return this.#entries.some((entry) => entry !== END && test(entry));
  }

  /** Keeps a chunk; true when it is the first one kept. */
  push(chunk) {
    const first = !this.has();
    this.#entries.push(chunk);
    return first;
  }

  /** The buffered response is complete (an empty buffer has nothing to mark). */
  end() {
    const entries = this.#entries;
    if (entries.length > 0 && entries[entries.length - 1] !== END) entries.push(END);
  }

  /** Takes the buffered chunks, in order, and whether the last buffered response had ended. */
  drain() {
    const ended = this.#entries[this.#entries.length - 1] === END;
    const chunks = this.#entries.filter((entry) => entry !== END);
    this.#entries = [];
    return { chunks, ended };
  }
}
