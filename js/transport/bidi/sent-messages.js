// How many `message` frames a BidiTransport has sent, and promises that wait for the next one.
import { MAX_DELAY_MS } from '../../errors/arguments.js';

export class SentMessages {
  #count = 0;
  /** @type {(() => void)[]} */
  #waiters = [];

  get count() {
    return this.#count;
  }

  /** One more `message` frame is on the socket. */
  add() {
    this.#count += 1;
    for (const waiter of this.#waiters.splice(0)) waiter();
  }

  /**
   * Resolves true once more than `count` have been sent, or false after `timeoutMs`.
   * @param {number} count @param {number} timeoutMs
   * @returns {Promise<boolean>}
   */
  whenMoreThan(count, timeoutMs) {
    if (this.#count > count) return Promise.resolve(true);
    return new Promise((resolve) => {
      const timer = setTimeout(() => resolve(false), Math.min(Math.max(0, Number(timeoutMs) || 0), MAX_DELAY_MS));
      const check = () => {
        if (this.#count > count) {
          clearTimeout(timer);
          resolve(true);
        } else {
          this.#waiters.push(check);
        }
      };
      this.#waiters.push(check);
    });
  }
}
