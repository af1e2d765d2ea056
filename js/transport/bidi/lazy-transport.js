// The BIDI transport as useAdkChat creates it: the same ChatTransport, whose code (./transport.js)
// is imported only when a chat in BIDI mode is created, so an SSE app never downloads it. Every ChatTransport method is async, so the module loads behind the first call; bad
// options reject that call with the same error `new BidiTransport(options)` would throw.

import { AdkTransportError } from '../../errors/errors.js';
import { loadOnDemand } from '../../core/load-on-demand.js';
import { AUDIO_PATH } from './audio-path.js';
import { interruptReason } from './interrupt-reason.js';

export class LazyBidiTransport {
  /** @type {import('./bidi-transport.js').BidiTransport | null} */
  #inner = null;
  /** @type {Promise<import('./bidi-transport.js').BidiTransport> | null} */
  #loading = null;
  #options;
  #closed = false;

  constructor(options) {
    this.#options = options;
    // A failure reaches the caller of the first method; it is not an unhandled rejection.
    this.#load().catch(() => {});
  }

  /** The transport, loading its module if need be; a failed download is tried again on the next call. */
  #load() {
    this.#loading ??= loadOnDemand(() => import('./bidi-transport.js'), 'bidi-transport.js').then(
      ({ BidiTransport }) => {
        const inner = new BidiTransport(this.#options);
        this.#inner = inner;
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

  #loaded(name) {
    if (this.#inner === null) {
      throw new AdkTransportError('not-connected', `BidiTransport.${name}(): the transport has not connected yet; call connect() or send a message first.`);
    }
    return this.#inner;
  }

  async sendMessages(options) {
    return (await this.#load()).sendMessages(options);
  }

  async reconnectToStream(options) {
    return (await this.#load()).reconnectToStream(options);
  }

  async whenMessageSent(count, timeoutMs) {
    return (await this.#load()).whenMessageSent(count, timeoutMs);
  }

  sendToolResult(toolCallId, result) {
    return this.#loaded('sendToolResult').sendToolResult(toolCallId, result);
  }

  /** As BidiTransport's: false when no socket is open (there is nothing to interrupt), loaded or not. */
  interrupt(reason) {
    if (this.#inner !== null) return this.#inner.interrupt(reason);
    interruptReason(reason);
    return false;
  }

  sendAudioControl(action) {
    return this.#loaded('sendAudioControl').sendAudioControl(action);
  }

  sendAudioChunk(chunk) {
    return this.#loaded('sendAudioChunk').sendAudioChunk(chunk);
  }

  /** The voice's audio path (BidiTransport's, not public API). */
  [AUDIO_PATH](format) {
    return this.#loaded('sendAudioChunk')[AUDIO_PATH](format);
  }

  /** Opens the socket without a message (BidiTransport.connect). */
  async connect() {
    return (await this.#load()).connect();
  }

  close() {
    this.#closed = true;
    if (this.#inner !== null) this.#inner.close();
  }

  get messagesSent() {
    return this.#inner === null ? 0 : this.#inner.messagesSent;
  }


  get connected() {
    return this.#inner !== null && this.#inner.connected;
  }

  get socket() {
    return this.#inner === null ? 'main' : this.#inner.socket;
  }

  get latencyMs() {
    return this.#inner === null ? undefined : this.#inner.latencyMs;
  }
}
