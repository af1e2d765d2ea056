// The response stream AI SDK reads from a BidiTransport, and the transport's end of it.

/** @typedef {import('../../wire/chunk-owner.js').Chunk} Chunk */

/**
 * A stream AI SDK reads, and the transport's end of it. An error is held back until the reader
 * has taken every chunk already queued: a chunk that arrived is never lost to a later error.
 * @param {() => void} onCancel
 * @returns {{readable: ReadableStream<Chunk>, enqueue: (chunk: Chunk) => void, close: () => void, fail: (error: unknown) => void}}
 */
export function responseStream(onCancel) {
  /** @type {ReadableStreamDefaultController<Chunk>} */
  let controller;
  /** @type {unknown} */
  let held = null;
  const readable = new ReadableStream({
    start: (c) => void (controller = c),
    pull: (c) => {
      if (held !== null) c.error(held);
    },
    cancel: onCancel,
  });
  // A stream the reader cancelled throws on every call; the transport has let it go by then.
  const quietly = (/** @type {() => void} */ f) => {
    try {
      f();
    } catch {
      // cancelled
    }
  };
  return {
    readable,
    // Every chunk comes through here: a try of its own, not a closure per chunk.
    enqueue(chunk) {
      try {
        controller.enqueue(chunk);
      } catch {
        // cancelled
      }
    },
    close: () => quietly(() => controller.close()),
    fail(error) {
      // The queue is empty when the stream wants a whole chunk (its high-water mark is 1).
      if (controller.desiredSize !== null && controller.desiredSize >= 1) quietly(() => controller.error(error));
      else held = error;
    },
  };
}
