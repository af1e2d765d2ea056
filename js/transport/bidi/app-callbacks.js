// A BidiTransport's calls into the app (onError, onLatency, onAudio, onBufferedChunks, a request's
// reject): queued while the transport's state changes and made once it is consistent again.
import { AdkCallbackError } from '../../errors/errors.js';
import { messageOf } from '../../errors/arguments.js';

/** @typedef {(error: Error) => void} OnError */

export class AppCallbacks {
  /** @type {OnError | null} */
  #onError;
  /** @type {Array<[(arg: any) => void, any]>} */
  #queue = [];
  // SPEC §5 F-h.
  /** The package's own listener of every report (createAdk's), heard before onError. @type {OnError | null} */
  watcher = null;

  /** @param {OnError | null} onError */
  constructor(onError) {
    this.#onError = onError;
  }

  /**
   * Calls `callback(arg)` at the next flush; nothing when there is no callback.
   * @template T
   * @param {((arg: T) => void) | null | undefined} callback @param {T} arg
   */
  queue(callback, arg) {
    if (callback) this.#queue.push([callback, arg]);
  }

  /** A fault for the watcher and onError, when the app gave one. @param {Error} error */
  report(error) {
    this.queue(this.watcher, error);
    this.queue(this.#onError, error);
  }

  /** A fault the app must hear of: to onError, else to the platform's error report. @param {Error} error */
  reportUnhandled(error) {
    if (this.#onError) return this.report(error);
    const report = /** @type {any} */ (globalThis).reportError;
    this.queue(typeof report === 'function' ? (/** @type {Error} */ e) => report.call(globalThis, e) : (/** @type {Error} */ e) => console.error(e), error);
  }

  /** Makes the queued calls; one that throws disturbs nothing here, and is reported
   *  (`reportError`, else `onError`, else the console). */
  flush() {
    if (this.#queue.length === 0) return;
    for (const [callback, arg] of this.#queue.splice(0)) {
      try {
        callback(arg);
      } catch (error) {
        this.#failed(callback, error);
      }
    }
  }

  /**
   * An app callback threw: the app's error is its own, so it goes where the app sees errors.
   * @param {(arg: any) => void} callback @param {unknown} error
   */
  #failed(callback, error) {
    const report = /** @type {any} */ (globalThis).reportError;
    if (typeof report === 'function') return void report.call(globalThis, error);
    const onError = this.#onError;
    if (onError !== null && callback !== onError) {
      const wrapped = new AdkCallbackError(`a BidiTransport callback threw: ${messageOf(error)}`, { cause: error });
      try {
        return void onError(wrapped);
      } catch {
        // onError itself threw: the console below.
      }
    }
    console.error('adk-stream-wasm: a BidiTransport callback threw', error);
  }
}
