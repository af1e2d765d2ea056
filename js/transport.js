// BidiTransport: AI SDK's ChatTransport over one WebSocket (SPEC §5), implemented in Rust. The
// transport has a WebAssembly module of its own (an SSE app never loads it), compiled from its
// embedded bytes when this module is imported.
import * as wasm from './wasm/adk_stream_transport.js';
import transportBase64 from './wasm/adk_stream_transport_bytes.js';
import { instantiate } from './loader.js';

const loaded = instantiate(wasm.initSync, transportBase64, 'transport');

function isReady() {
  return loaded.error === undefined;
}

const ready = isReady() ? Promise.resolve() : Promise.reject(loaded.error);
ready.catch(() => {});

export class BidiTransport {
  #options;
  #inner = null;
  #messagesSent = 0;
  #sentWaiters = [];

  constructor(options) {
    this.#options = options;
    // Bad options, or a module that could not load, throw here, at once.
    if (!isReady()) throw loaded.error;
    this.#inner = new wasm.BidiTransport(options);
  }

  #transport() {
    if (this.#inner === null) this.#inner = new wasm.BidiTransport(this.#options);
    return this.#inner;
  }

  async sendMessages(options) {
    await ready;
    const stream = await this.#transport().sendMessages(options);
    // The `message` frame is on the socket once the Rust promise resolves.
    this.#messagesSent += 1;
    for (const waiter of this.#sentWaiters.splice(0)) waiter();
    return stream;
  }

  /** How many `message` frames this transport has sent. */
  get messagesSent() {
    return this.#messagesSent;
  }

  /**
   * Resolves true once more than `count` message frames have been sent, or false after
   * `timeoutMs`. Pattern B uses it to send a tool_result only after the message that carries the
   * tool's approval (the backend must see the approval first).
   */
  whenMessageSent(count, timeoutMs = 60000) {
    if (this.#messagesSent > count) return Promise.resolve(true);
    return new Promise((resolve) => {
      const timer = setTimeout(() => resolve(false), timeoutMs);
      const check = () => {
        if (this.#messagesSent > count) {
          clearTimeout(timer);
          resolve(true);
        } else {
          this.#sentWaiters.push(check);
        }
      };
      this.#sentWaiters.push(check);
    });
  }

  async reconnectToStream(options) {
    await ready;
    return this.#transport().reconnectToStream(options);
  }

  /** BIDI Pattern B: sends a browser tool's output as a `tool_result` frame. */
  sendToolResult(toolCallId, result) {
    return this.#transport().sendToolResult(toolCallId, result);
  }

  interrupt(reason) {
    return this.#transport().interrupt(reason);
  }

  sendAudioControl(action) {
    return this.#transport().sendAudioControl(action);
  }

  sendAudioChunk(chunk) {
    return this.#transport().sendAudioChunk(chunk);
  }

  /** Closes the socket; the next send opens a new one. */
  close() {
    if (this.#inner !== null) this.#inner.close();
  }

  /** Whether a resumed stream replays the response from its start (never: it carries only what
   *  arrived while no stream was open). AI SDK reads this. */
  get resumeStreamIsReplay() {
    return false;
  }

  /** Whether the socket is open now. */
  get connected() {
    return this.#inner !== null && this.#inner.connected;
  }

  /** The last ping round-trip in milliseconds, or undefined before the first pong. */
  get latencyMs() {
    return this.#inner === null ? undefined : this.#inner.latencyMs;
  }
}
