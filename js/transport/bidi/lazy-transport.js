// The BIDI transport as useAdkChat creates it: the same ChatTransport, whose code (./transport.js)
// is imported only when a chat in BIDI mode is created, so an SSE app never downloads it. Every ChatTransport method is async, so the module loads behind the first call; bad
// options reject that call with the same error `new BidiTransport(options)` would throw.

import { AdkTransportError } from '../../errors/errors.js';
import { withAdvice } from '../../errors/arguments.js';
import { loadOnDemand } from '../../core/load-on-demand.js';
import { AUDIO_PATH } from './audio-path.js';
import { WATCH_FAULTS } from './watch-faults.js';
import { interruptReason } from './interrupt-reason.js';

/** @import { BidiTransport } from './bidi-transport.js' */
/** @import { BidiAudioChunk, BidiTransportOptions, InterruptReason } from '../../transport.js' */

export class LazyBidiTransport {
  /** @type {BidiTransport | null} */
  #inner = null;
  /** @type {Promise<BidiTransport> | null} */
  #loading = null;
  /** @type {BidiTransportOptions} */
  #options;
  #closed = false;
  /** The watch on the faults (createAdk's, SPEC §5 F-h), given before the module loaded. @type {((error: Error) => void) | null} */
  #watcher = null;

  /** @param {BidiTransportOptions} options */
  constructor(options) {
    this.#options = options;
    // A failure reaches the caller of the first method; it is not an unhandled rejection.
    this.#load().catch(() => {});
  }

  /** The transport, loading its module if need be; a failed download is tried again on the next call.
   *  @returns {Promise<BidiTransport>} */
  #load() {
    this.#loading ??= loadOnDemand(() => import('./bidi-transport.js'), 'bidi-transport.js').then(
      ({ BidiTransport }) => {
        const inner = new BidiTransport(this.#options);
        this.#inner = inner;
        if (this.#watcher) inner[WATCH_FAULTS](this.#watcher);
        if (this.#closed) inner.close();
        return inner;
      },
      (error) => {
        this.#loading = null;
        throw error;
      },
    );
    return this.#loading;
  }

  /** @param {string} name */
  #loaded(name) {
    if (this.#inner === null) {
      throw new AdkTransportError('not-connected', withAdvice(`BidiTransport.${name}(): the transport has not connected yet`, 'call connect() or send a message first'));
    }
    return this.#inner;
  }

  /** @param {Parameters<BidiTransport['sendMessages']>[0]} options @returns {ReturnType<BidiTransport['sendMessages']>} */
  async sendMessages(options) {
    return (await this.#load()).sendMessages(options);
  }

  /** @param {Parameters<BidiTransport['reconnectToStream']>[0]} options @returns {ReturnType<BidiTransport['reconnectToStream']>} */
  async reconnectToStream(options) {
    return (await this.#load()).reconnectToStream(options);
  }

  /** @param {number} count @param {number} [timeoutMs] */
  async whenMessageSent(count, timeoutMs) {
    return (await this.#load()).whenMessageSent(count, timeoutMs);
  }

  /** @param {string} toolCallId @param {object} result */
  sendToolResult(toolCallId, result) {
    return this.#loaded('sendToolResult').sendToolResult(toolCallId, result);
  }

  /** As BidiTransport's: false when no socket is open (there is nothing to interrupt), loaded or not.
   *  @param {InterruptReason} [reason] */
  interrupt(reason) {
    return this.#inner?.interrupt(reason) ?? (interruptReason(reason), false);
  }

  /** @param {'start' | 'stop'} action */
  sendAudioControl(action) {
    return this.#loaded('sendAudioControl').sendAudioControl(action);
  }

  /** @param {BidiAudioChunk} chunk */
  sendAudioChunk(chunk) {
    return this.#loaded('sendAudioChunk').sendAudioChunk(chunk);
  }

  /** The voice's audio path (BidiTransport's, not public API). @param {import('../../wire/frames.js').AudioFormat} [format] */
  [AUDIO_PATH](format) {
    return this.#loaded('sendAudioChunk')[AUDIO_PATH](format);
  }

  /** As BidiTransport's (not public API), before its module loaded too. @param {(error: Error) => void} watcher */
  [WATCH_FAULTS](watcher) {
    this.#watcher = watcher;
    this.#inner?.[WATCH_FAULTS](watcher);
  }

  /** Opens the socket without a message (BidiTransport.connect). */
  async connect() {
    return (await this.#load()).connect();
  }

  close() {
    this.#closed = true;
    this.#inner?.close();
  }

  get messagesSent() {
    return this.#inner?.messagesSent ?? 0;
  }


  get connected() {
    return this.#inner?.connected === true;
  }

  get socket() {
    return this.#inner?.socket ?? 'main';
  }

  get latencyMs() {
    return this.#inner?.latencyMs;
  }
}
